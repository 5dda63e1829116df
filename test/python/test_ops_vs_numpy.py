"""The reference interpreter (meld-run) checked against numpy, op by op.

Every test generates a small .mlir program, runs it on seeded random data
(plus special values: inf, -inf, nan, -0.0, integer extremes) and compares
the results with a numpy reference computed in float64 (floats) or with
exact Python integers (integers) and then rounded once to the result type,
which is what the op descriptions in MeldOps.td specify.

Tolerances, with the reason for each, sit next to the assertions; the
shared ones are defined once below:

* EXACT (bit-for-bit, signed zeros included): + - * / sqrt, min/max, neg, abs,
  relu, floor, ceil, round, rem (fmod is exact), casts, data movement
  (gather included).  The interpreter computes in double and rounds
  once; for + - * / sqrt double rounding through a 53-bit double is harmless
  for 24-bit (f32) and 11/8-bit (f16/bf16) results (53 >= 2p + 2), so the
  result is the correctly rounded IEEE result, which is also what the float64
  reference rounded once gives.  rsqrt = 1/sqrt(x) is the same double
  expression on both sides.
* TRANSCENDENTAL_TOL: exp log tanh sigmoid erf silu gelu pow sin cos.  Both sides call
  a double-precision libm-quality function and round once, but numpy's
  float64 kernels may differ from the C library's by an ulp; after rounding to
  f32/f16/bf16 that is at most one ulp of the result type.
* integers: exact, with two's complement wrapping, truncating division and
  remainder, bitwise ops, and shifts defined for every amount.
"""

import math
import zlib
from fractions import Fraction

import numpy as np
import pytest

import meldtest as mt
from meldtest import ALL_TYPES, FLOAT_TYPES, INT_TYPES, NUMERIC_TYPES

# ---------------------------------------------------------------------------
# Tolerances
# ---------------------------------------------------------------------------

# (rtol, atol) per float type for results of libm functions.
TRANSCENDENTAL_TOL = {
    # f64: an ulp or two of libm difference (rtol ~ 4.5 ulp); the atol covers
    # the cancellation in 1 + tanh(z) / 1 + erf(z) for very negative x
    # (absolute error ~ |x| * ulp(1)).
    "f64": (1e-15, 1e-15),
    # f32: the double results agree to ~1e-16, so rounding to f32 differs by
    # at most one f32 ulp (1.2e-7 relative): rtol 1e-6 leaves margin.  The
    # atol is the same cancellation allowance as for f64 (gelu_tanh(-6) is
    # ~1e-10 with an absolute double error ~1e-16).
    "f32": (1e-6, 1e-15),
    # f16: one f16 ulp is 2^-10 ~ 9.8e-4 relative.
    "f16": (1e-3, 1e-15),
    # bf16: one bf16 ulp is 2^-7 ~ 7.8e-3 relative.
    "bf16": (8e-3, 1e-15),
}

# Unit roundoff per float type (half an ulp relative).
EPS = {"f64": 2.0 ** -53, "f32": 2.0 ** -24, "f16": 2.0 ** -11, "bf16": 2.0 ** -8}

FLOAT_MAX = {"f64": float(np.finfo(np.float64).max), "f32": float(np.finfo(np.float32).max),
             "f16": 65504.0, "bf16": float(mt.bf16_bits_to_f32(np.uint16(0x7F7F)))}
FLOAT_TINY = {"f64": float(np.finfo(np.float64).tiny), "f32": float(np.finfo(np.float32).tiny),
              "f16": float(np.finfo(np.float16).tiny), "bf16": float(np.finfo(np.float32).tiny)}
# Smallest subnormal.
FLOAT_DENORM = {"f64": 5e-324, "f32": float(np.float32(1.4e-45)),
                "f16": float(np.float16(6e-8)), "bf16": float(mt.bf16_bits_to_f32(np.uint16(1)))}


def seed_of(*parts) -> int:
    return zlib.crc32(repr(parts).encode())


def rng_for(*parts) -> np.random.Generator:
    return np.random.default_rng(seed_of(*parts))


T = mt.tensor_type


# ---------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------

def float_specials(elem):
    return [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -2.5, 3.0,
            FLOAT_MAX[elem], FLOAT_DENORM[elem]]


def int_specials(elem):
    lo, hi = mt.int_range(elem)
    return [lo, hi, -1, 0, 1, 7, -7]


def random_values(elem, shape, rng, lo=-4.0, hi=4.0):
    """Random values exactly representable in `elem` (float64 / int64 / bool)."""
    if mt.is_float(elem):
        return mt.round_to(rng.uniform(lo, hi, shape), elem)
    if elem == "i1":
        return rng.integers(0, 2, shape).astype(bool)
    lo_i, hi_i = mt.int_range(elem)
    return rng.integers(lo_i, hi_i, shape, endpoint=True, dtype=np.int64)


def binary_operands(elem, rng, n=128):
    """Two flat arrays of n values: every pair of special values (cartesian
    product) followed by random values."""
    specials = float_specials(elem) if mt.is_float(elem) else int_specials(elem)
    specials = np.array(specials, dtype=np.float64 if mt.is_float(elem) else np.int64)
    if mt.is_float(elem):
        specials = mt.round_to(specials, elem)
    a = np.repeat(specials, len(specials))
    b = np.tile(specials, len(specials))
    rest = n - len(a)
    a = np.concatenate([a, random_values(elem, rest, rng)])
    b = np.concatenate([b, random_values(elem, rest, rng)])
    return a, b


def to_input(values, elem):
    return mt.encode(values, elem)


def result_values(array, elem):
    return mt.decode(array, elem)


# ---------------------------------------------------------------------------
# Exact integer helpers (Python ints: no overflow in the reference itself)
# ---------------------------------------------------------------------------

def int_elementwise(fn, *arrays):
    objs = [np.asarray(a, dtype=np.int64).astype(object) for a in arrays]
    out = np.frompyfunc(fn, len(objs), 1)(*objs)
    return np.asarray(out, dtype=object)


def wrap_obj(values, elem):
    """Python ints -> two's complement wrap to `elem`, as int64."""
    bits = 1 if elem == "i1" else mt.INT_BITS[elem]
    mask = (1 << bits) - 1

    def w(v):
        v = int(v) & mask
        if elem != "i1" and v >= 1 << (bits - 1):
            v -= 1 << bits
        return v

    return np.asarray(np.frompyfunc(w, 1, 1)(np.asarray(values, dtype=object)), dtype=np.int64)


def trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


# ---------------------------------------------------------------------------
# Comparison helpers
# ---------------------------------------------------------------------------

def check_exact(got, want, elem, msg=""):
    """Bit-exact for floats (NaN == NaN, signed zeros), exact for integers."""
    if mt.is_float(elem):
        mt.assert_same_floats(got, want, msg=msg)
    elif elem == "i1":
        np.testing.assert_array_equal(np.asarray(got, bool), np.asarray(want, bool), err_msg=msg)
    else:
        mt.assert_same_ints(got, want, msg=msg)


def check_transcendental(got, want, elem, msg=""):
    rtol, atol = TRANSCENDENTAL_TOL[elem]
    # Tolerance: see TRANSCENDENTAL_TOL (libm ulp differences, rounded once).
    mt.assert_close(got, want, rtol=rtol, atol=atol, msg=msg)


def assert_within(got, want, bound, msg=""):
    """|got - want| <= bound elementwise (NaN/inf positions must match)."""
    got = np.asarray(got, np.float64)
    want = np.asarray(want, np.float64)
    assert got.shape == want.shape, (got.shape, want.shape)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want), err_msg=msg)
    fin = np.isfinite(want)
    np.testing.assert_array_equal(got[~fin & ~np.isnan(want)], want[~fin & ~np.isnan(want)],
                                  err_msg=msg)
    err = np.abs(got[fin] - want[fin])
    b = np.broadcast_to(bound, want.shape)[fin]
    bad = ~(err <= b)
    if bad.any():
        i = np.argmax(bad)
        raise AssertionError(f"{int(bad.sum())} element(s) off by more than the bound {msg}; "
                             f"e.g. got {got[fin][i]!r}, want {want[fin][i]!r}, bound {b[i]!r}")


# ---------------------------------------------------------------------------
# Elementwise binary ops
# ---------------------------------------------------------------------------

def ref_max(a, b):
    # NaN if either is NaN; max(-0, +0) is +0 (IEEE 754-2019 maximum).
    with np.errstate(invalid="ignore"):
        pick_a = (a > b) | ((a == b) & ~np.signbit(a))
        r = np.where(pick_a, a, b)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, r)


def ref_min(a, b):
    with np.errstate(invalid="ignore"):
        pick_a = (a < b) | ((a == b) & np.signbit(a))
        r = np.where(pick_a, a, b)
    return np.where(np.isnan(a) | np.isnan(b), np.nan, r)


FLOAT_BINARY = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
    "max": ref_max, "min": ref_min, "pow": np.power,
}
INT_BINARY = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    # Truncates toward zero (numpy's // floors).
    "div": trunc_div,
    "max": max,
    "min": min,
}

BINARY_CASES = [(op, t) for op in ["add", "sub", "mul", "div", "max", "min"]
                for t in NUMERIC_TYPES] + [("pow", t) for t in FLOAT_TYPES]


def binary_program(op, elem, shape):
    ty = T(shape, elem)
    return mt.func([ty, ty], [ty], f"%0 = meld.{op} %arg0, %arg1 : {ty}\nreturn %0 : {ty}")


@pytest.mark.parametrize("op,elem", BINARY_CASES)
def test_binary(op, elem, tmp_path):
    rng = rng_for("binary", op, elem)
    a, b = binary_operands(elem, rng)
    if op == "div" and not mt.is_float(elem):
        b = np.where(b == 0, 3, b)  # division by zero is an error; tested apart
    if op == "pow":
        # Mostly positive bases, plus negative bases with integral exponents.
        a[100:] = mt.round_to(rng.uniform(0.0, 3.0, 28), elem)
        a[120:] = -a[120:]
        b[120:] = np.round(b[120:])
    shape = (8, 16)
    a, b = a.reshape(shape), b.reshape(shape)
    (out,) = mt.run(binary_program(op, elem, shape), [to_input(a, elem), to_input(b, elem)],
                    tmp_path)
    assert out.dtype == mt.NPY_DTYPE[elem] and out.shape == shape
    got = result_values(out, elem)
    if mt.is_float(elem):
        with np.errstate(all="ignore"):
            want = mt.round_to(FLOAT_BINARY[op](a, b), elem)
        if op == "pow":
            check_transcendental(got, want, elem, msg=f"{op} {elem}")
        else:
            # Tolerance: EXACT (correctly rounded IEEE result).
            check_exact(got, want, elem, msg=f"{op} {elem}")
    else:
        want = wrap_obj(int_elementwise(INT_BINARY[op], a, b), elem)
        # Exact: integer arithmetic wraps (two's complement).
        check_exact(got, want, elem, msg=f"{op} {elem}")


@pytest.mark.parametrize("elem", INT_TYPES)
def test_integer_division_truncates_and_wraps(elem, tmp_path):
    lo, hi = mt.int_range(elem)
    a = np.array([7, -7, 7, -7, 1, -1, 0, lo, lo, hi, hi, lo + 1], dtype=np.int64)
    b = np.array([2, 2, -2, -2, 3, 3, 5, -1, 1, -1, lo, -1], dtype=np.int64)
    want = np.array([3, -3, -3, 3, 0, 0, 0, lo, lo, -hi, 0, hi], dtype=np.int64)  # lo/-1 wraps
    (out,) = mt.run(binary_program("div", elem, (12,)), [to_input(a, elem), to_input(b, elem)],
                    tmp_path)
    # Exact: C-style truncation, unlike numpy's floor division (-7 // 2 == -4).
    check_exact(result_values(out, elem), want, elem)


@pytest.mark.parametrize("elem", INT_TYPES)
def test_integer_division_by_zero_is_an_error(elem, tmp_path):
    a = np.array([1, 2, 3], dtype=np.int64)
    b = np.array([1, 0, 1], dtype=np.int64)
    with pytest.raises(mt.MeldError) as err:
        mt.run(binary_program("div", elem, (3,)), [to_input(a, elem), to_input(b, elem)], tmp_path)
    assert "division by zero" in err.value.stderr


@pytest.mark.parametrize("elem", ["f32", "f16"])
def test_float_division_by_zero_is_ieee(elem, tmp_path):
    a = np.array([1.0, -1.0, 0.0, 1.0, -0.0], dtype=np.float64)
    b = np.array([0.0, 0.0, 0.0, -0.0, 5.0], dtype=np.float64)
    (out,) = mt.run(binary_program("div", elem, (5,)), [to_input(a, elem), to_input(b, elem)],
                    tmp_path)
    # Exact: IEEE division (inf, -inf, nan, -inf, -0).
    check_exact(result_values(out, elem), [np.inf, -np.inf, np.nan, -np.inf, -0.0], elem)


@pytest.mark.parametrize("elem", ["i64", "i32", "i8"])
def test_integer_overflow_wraps(elem, tmp_path):
    lo, hi = mt.int_range(elem)
    ty = T((4,), elem)
    prog = mt.func([ty, ty], [ty, ty, ty], f"""
%0 = meld.add %arg0, %arg1 : {ty}
%1 = meld.sub %arg0, %arg1 : {ty}
%2 = meld.mul %arg0, %arg1 : {ty}
return %0, %1, %2 : {ty}, {ty}, {ty}""")
    a = np.array([hi, lo, hi, lo], dtype=np.int64)
    b = np.array([1, -1, hi, lo], dtype=np.int64)
    add, sub, mul = mt.run(prog, [to_input(a, elem), to_input(b, elem)], tmp_path)
    # Exact: results wrap modulo 2^bits.
    check_exact(result_values(add, elem), [lo, hi, -2, 0], elem)
    check_exact(result_values(sub, elem), [hi - 1, lo + 1, 0, 0], elem)
    check_exact(result_values(mul, elem), wrap_obj(a.astype(object) * b.astype(object), elem),
                elem)


# ---------------------------------------------------------------------------
# Elementwise unary ops
# ---------------------------------------------------------------------------

SQRT2 = math.sqrt(2.0)
K_TANH = math.sqrt(2.0 / math.pi)
_erf = np.vectorize(math.erf, otypes=[np.float64])


def ref_sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


FLOAT_UNARY = {
    "neg": lambda x: -x,
    "abs": np.abs,
    "relu": lambda x: np.where(np.isnan(x), x, np.where(x > 0, x, 0.0)),
    "exp": np.exp,
    "log": np.log,
    "tanh": np.tanh,
    "sigmoid": ref_sigmoid,
    "erf": _erf,
    "silu": lambda x: x * ref_sigmoid(x),
    "sqrt": np.sqrt,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "gelu_erf": lambda x: 0.5 * x * (1.0 + _erf(x / SQRT2)),
    "gelu_tanh": lambda x: 0.5 * x * (1.0 + np.tanh(K_TANH * (x + 0.044715 * x * x * x))),
}
EXACT_UNARY = {"neg", "abs", "relu", "sqrt", "rsqrt"}
INT_UNARY = {
    "neg": lambda v: -v,
    "abs": abs,
    "relu": lambda v: max(v, 0),
}

UNARY_CASES = ([(op, t) for op in ["neg", "abs", "relu"] for t in NUMERIC_TYPES]
               + [(op, t) for op in ["exp", "log", "tanh", "sigmoid", "erf", "silu", "sqrt",
                                      "rsqrt", "gelu_erf", "gelu_tanh"] for t in FLOAT_TYPES])


def unary_line(op, ty):
    if op == "gelu_erf":
        return f"%0 = meld.gelu %arg0 : {ty}"
    if op == "gelu_tanh":
        return f"%0 = meld.gelu %arg0 approximate = tanh : {ty}"
    return f"%0 = meld.{op} %arg0 : {ty}"


@pytest.mark.parametrize("op,elem", UNARY_CASES)
def test_unary(op, elem, tmp_path):
    rng = rng_for("unary", op, elem)
    shape = (6, 16)
    n = shape[0] * shape[1]
    if mt.is_float(elem):
        specials = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.0, 0.5, -0.5, 10.0, -10.0,
                    FLOAT_MAX[elem], -FLOAT_MAX[elem], FLOAT_TINY[elem], -FLOAT_TINY[elem],
                    FLOAT_DENORM[elem]]
        lo, hi = (0.0, 8.0) if op in ("log", "sqrt", "rsqrt") else (-6.0, 6.0)
        x = np.concatenate([mt.round_to(specials, elem),
                            random_values(elem, n - len(specials), rng, lo, hi)])
    else:
        specials = int_specials(elem)
        x = np.concatenate([np.array(specials, np.int64),
                            random_values(elem, n - len(specials), rng)])
    x = x.reshape(shape)
    ty = T(shape, elem)
    prog = mt.func([ty], [ty], unary_line(op, ty) + f"\nreturn %0 : {ty}")
    (out,) = mt.run(prog, [to_input(x, elem)], tmp_path)
    assert out.dtype == mt.NPY_DTYPE[elem] and out.shape == shape
    got = result_values(out, elem)
    if mt.is_float(elem):
        with np.errstate(all="ignore"):
            want = mt.round_to(FLOAT_UNARY[op](x), elem)
        if op in EXACT_UNARY:
            # Tolerance: EXACT (sign changes, or sqrt: correctly rounded; rsqrt:
            # the same double expression 1/sqrt(x) rounded once).
            check_exact(got, want, elem, msg=f"{op} {elem}")
        else:
            check_transcendental(got, want, elem, msg=f"{op} {elem}")
    else:
        want = wrap_obj(int_elementwise(INT_UNARY[op], x), elem)
        # Exact: neg/abs of the minimum wrap to the minimum.
        check_exact(got, want, elem, msg=f"{op} {elem}")


# ---------------------------------------------------------------------------
# Frontend ops: sin, cos, floor, ceil, round, rem, bitwise ops, shifts
# ---------------------------------------------------------------------------

def ref_round_half_even(x):
    # numpy.round rounds half to even (as torch.round and ONNX Round do).
    return np.round(x)


ROUNDING_UNARY = {"floor": np.floor, "ceil": np.ceil, "round": ref_round_half_even}
TRIG_UNARY = {"sin": np.sin, "cos": np.cos}


@pytest.mark.parametrize("op", list(TRIG_UNARY) + list(ROUNDING_UNARY))
@pytest.mark.parametrize("elem", FLOAT_TYPES)
def test_trig_and_rounding(op, elem, tmp_path):
    rng = rng_for("frontend-unary", op, elem)
    specials = [np.nan, np.inf, -np.inf, -0.0, 0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5,
                3.5, 1e-30, -1e-30, FLOAT_MAX[elem], -FLOAT_MAX[elem], FLOAT_DENORM[elem],
                -FLOAT_DENORM[elem], 100.0, -100.0, math.pi, 1e6]
    # Exact halves (the ties of round), then values across [-100, 100].
    halves = np.arange(-20, 20) / 2.0
    n = 192
    x = np.concatenate([mt.round_to(specials, elem), mt.round_to(halves, elem),
                        random_values(elem, n - len(specials) - len(halves), rng,
                                      -100.0, 100.0)])
    ty = T((n,), elem)
    prog = mt.func([ty], [ty], f"%0 = meld.{op} %arg0 : {ty}\nreturn %0 : {ty}")
    (out,) = mt.run(prog, [to_input(x, elem)], tmp_path)
    got = result_values(out, elem)
    with np.errstate(all="ignore"):
        if op in TRIG_UNARY:
            want = mt.round_to(TRIG_UNARY[op](x), elem)
        else:
            want = mt.round_to(ROUNDING_UNARY[op](x), elem)
    if op in TRIG_UNARY:
        # sin(+-inf) and cos(+-inf) are NaN on both sides.
        check_transcendental(got, want, elem, msg=f"{op} {elem}")
    else:
        # Tolerance: EXACT (the result is an integer of the type, or x
        # itself: inf, NaN, and signed zeros, round(-0.5) = -0.0).
        check_exact(got, want, elem, msg=f"{op} {elem}")


def test_round_is_half_to_even(tmp_path):
    x = np.array([0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 2.4999998, 2.5000002, 1e7 + 0.5,
                  8388607.5, 8388608.0])
    ty = T((12,), "f32")
    prog = mt.func([ty], [ty], f"%0 = meld.round %arg0 : {ty}\nreturn %0 : {ty}")
    (out,) = mt.run(prog, [to_input(x, "f32")], tmp_path)
    want = [0.0, 2.0, 2.0, 4.0, -0.0, -2.0, -2.0, 2.0, 3.0, 1e7, 8388608.0, 8388608.0]
    # Exact: ties go to the even neighbour (not C's round, which goes away
    # from zero); 1e7 + 0.5 and 8388607.5 are ties in f32 as well.
    check_exact(result_values(out, "f32"), mt.round_to(want, "f32"), "f32")


REM_CASES = [("rem", t) for t in NUMERIC_TYPES]


def ref_trunc_rem(a, b):
    # C's % and fmod: the remainder of the division truncated toward zero,
    # with the sign of a (Python's % floors instead).
    return a - trunc_div(a, b) * b


@pytest.mark.parametrize("op,elem", REM_CASES)
def test_rem(op, elem, tmp_path):
    rng = rng_for("rem", elem)
    a, b = binary_operands(elem, rng)
    if not mt.is_float(elem):
        b = np.where(b == 0, 3, b)  # rem by zero is an error; tested apart
    shape = (8, 16)
    a, b = a.reshape(shape), b.reshape(shape)
    (out,) = mt.run(binary_program(op, elem, shape), [to_input(a, elem), to_input(b, elem)],
                    tmp_path)
    got = result_values(out, elem)
    if mt.is_float(elem):
        with np.errstate(all="ignore"):
            want = mt.round_to(np.fmod(a, b), elem)
        # Tolerance: EXACT. fmod is exact (the remainder is representable in
        # the operands' type), with NaN for x % 0 and inf % y, x for x % inf,
        # and the sign of the dividend on zeros.
        check_exact(got, want, elem, msg=f"rem {elem}")
    else:
        want = wrap_obj(int_elementwise(ref_trunc_rem, a, b), elem)
        # Exact: truncated remainder; MIN % -1 is 0.
        check_exact(got, want, elem, msg=f"rem {elem}")


@pytest.mark.parametrize("elem", INT_TYPES)
def test_integer_rem_signs_and_overflow(elem, tmp_path):
    lo, hi = mt.int_range(elem)
    a = np.array([7, -7, 7, -7, 0, lo, lo, hi, 5, -5], dtype=np.int64)
    b = np.array([3, 3, -3, -3, 4, -1, 1, lo, 5, 7], dtype=np.int64)
    want = np.array([1, -1, 1, -1, 0, 0, 0, hi, 0, -5], dtype=np.int64)
    (out,) = mt.run(binary_program("rem", elem, (10,)), [to_input(a, elem), to_input(b, elem)],
                    tmp_path)
    # Exact: torch.fmod / C semantics (-7 % 3 == -1, unlike Python's 2).
    check_exact(result_values(out, elem), want, elem)


@pytest.mark.parametrize("elem", INT_TYPES)
def test_integer_rem_by_zero_is_an_error(elem, tmp_path):
    a = np.array([1, 2, 3], dtype=np.int64)
    b = np.array([1, 0, 1], dtype=np.int64)
    with pytest.raises(mt.MeldError) as err:
        mt.run(binary_program("rem", elem, (3,)), [to_input(a, elem), to_input(b, elem)], tmp_path)
    assert "division by zero" in err.value.stderr


BITWISE_INT = {"and": lambda a, b: a & b, "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b}
BITWISE_BOOL = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}


@pytest.mark.parametrize("op", list(BITWISE_INT))
@pytest.mark.parametrize("elem", INT_TYPES + ["i1"])
def test_bitwise(op, elem, tmp_path):
    rng = rng_for("bitwise", op, elem)
    a, b = binary_operands(elem, rng) if elem != "i1" else (
        random_values("i1", 64, rng), random_values("i1", 64, rng))
    (out,) = mt.run(binary_program(op, elem, a.shape), [to_input(a, elem), to_input(b, elem)],
                    tmp_path)
    got = result_values(out, elem)
    if elem == "i1":
        want = BITWISE_BOOL[op](a, b)
    else:
        want = wrap_obj(int_elementwise(BITWISE_INT[op], a, b), elem)
    # Exact: two's complement bit operations; logical ones on i1.
    check_exact(got, want, elem, msg=f"{op} {elem}")


@pytest.mark.parametrize("elem", INT_TYPES + ["i1"])
def test_not(elem, tmp_path):
    rng = rng_for("not", elem)
    if elem == "i1":
        x = np.array([True, False] + list(random_values("i1", 30, rng)))
    else:
        x = np.concatenate([np.array(int_specials(elem), np.int64), random_values(elem, 25, rng)])
    ty = T(x.shape, elem)
    prog = mt.func([ty], [ty], f"%0 = meld.not %arg0 : {ty}\nreturn %0 : {ty}")
    (out,) = mt.run(prog, [to_input(x, elem)], tmp_path)
    want = np.logical_not(x) if elem == "i1" else wrap_obj(int_elementwise(lambda v: ~v, x), elem)
    # Exact: bitwise complement (~x == -x - 1); logical not on i1.
    check_exact(result_values(out, elem), want, elem)


def ref_shift(op, bits):
    # Like torch.bitwise_left_shift / bitwise_right_shift on the CPU: an
    # amount outside [0, bits) shifts everything out (0 to the left, the
    # sign fill to the right), negative amounts included.
    def f(a, n):
        if op == "shift_left":
            return 0 if n < 0 or n >= bits else a << n
        return a >> (bits - 1 if n < 0 or n >= bits else n)
    return f


@pytest.mark.parametrize("op", ["shift_left", "shift_right"])
@pytest.mark.parametrize("elem", INT_TYPES)
def test_shift(op, elem, tmp_path):
    rng = rng_for("shift", op, elem)
    bits = mt.INT_BITS[elem]
    lo, hi = mt.int_range(elem)
    values = np.concatenate([np.array([lo, hi, -1, 0, 1, 5, -5], np.int64),
                             random_values(elem, 57, rng)])
    # Every amount from -2 bits to 2 bits (past the width, negative), twice.
    amounts = np.arange(-2 * bits, 2 * bits + 1)
    a = np.resize(values, 2 * len(amounts))
    n = np.concatenate([amounts, rng.permutation(amounts)])
    (out,) = mt.run(binary_program(op, elem, a.shape), [to_input(a, elem), to_input(n, elem)],
                    tmp_path)
    want = wrap_obj(int_elementwise(ref_shift(op, bits), a, n), elem)
    # Exact: the shifted bits wrap to the width; out-of-range amounts as
    # in ref_shift.
    check_exact(result_values(out, elem), want, elem, msg=f"{op} {elem}")


# ---------------------------------------------------------------------------
# gather, and slices keeping a dynamic dimension whole
# ---------------------------------------------------------------------------

# (operand shape, indices shape, axis, index type, dynamic operand dims)
GATHER_CASES = [
    ((8, 5), (3,), 0, "i64", []),
    ((8, 5), (2, 3), 0, "i32", [0]),
    ((4, 9), (6,), 1, "i64", [0]),
    ((2, 10, 3), (4, 2), 1, "i32", [0, 2]),
    ((2, 3, 12), (5,), 2, "i64", [0, 1]),
    ((9,), (), 0, "i64", []),           # rank-0 index: the axis goes away
    ((6, 4), (0,), 0, "i64", [0]),      # no indices: an empty result
    ((1, 16), (2, 2, 2), 1, "i32", []),
]
GATHER_PARAMS = ([(i, "f32") for i in range(len(GATHER_CASES))]
                 + [(1, t) for t in ALL_TYPES if t != "f32"])


def gather_program(x_shape, idx_shape, axis, idx_elem, dyn, elem):
    xt = T(["?" if d in dyn else s for d, s in enumerate(x_shape)], elem)
    it = T(idx_shape, idx_elem)
    out = [("?" if d in dyn else s) for d, s in enumerate(x_shape[:axis])]
    out += list(idx_shape)
    out += [("?" if d in dyn else s) for d, s in enumerate(x_shape) if d > axis]
    ot = T(out, elem)
    return mt.func([xt, it], [ot], f"%0 = meld.gather %arg0, %arg1 axis = {axis} : "
                                   f"({xt}, {it}) -> {ot}\nreturn %0 : {ot}")


@pytest.mark.parametrize("case,elem", GATHER_PARAMS)
def test_gather(case, elem, tmp_path):
    x_shape, idx_shape, axis, idx_elem, dyn = GATHER_CASES[case]
    rng = rng_for("gather", case, elem)
    x = random_values(elem, x_shape, rng)
    size = x_shape[axis]
    # Every index in [-size, size), negative ones counting from the end.
    idx = rng.integers(-size, size, idx_shape, dtype=np.int64)
    prog = gather_program(x_shape, idx_shape, axis, idx_elem, dyn, elem)
    (out,) = mt.run(prog, [to_input(x, elem), to_input(idx, idx_elem)], tmp_path)
    want = np.take(np.asarray(x), idx, axis=axis)
    # Exact: numpy.take, which counts negative indices from the end too.
    assert out.shape == want.shape
    check_exact(result_values(out, elem), want, elem)


@pytest.mark.parametrize("bad", [8, -9, 100, -(2 ** 40)])
def test_gather_out_of_bounds_is_an_error(bad, tmp_path):
    x = np.arange(8 * 5, dtype=np.float64).reshape(8, 5)
    idx = np.array([0, -8, 7, bad], dtype=np.int64)
    prog = gather_program((8, 5), (4,), 0, "i64", [0], "f32")
    with pytest.raises(mt.MeldError) as err:
        mt.run(prog, [to_input(x, "f32"), to_input(idx, "i64")], tmp_path)
    assert f"index {bad} is out of bounds for axis 0 of size 8" in err.value.stderr


@pytest.mark.parametrize("batch", [1, 4])
def test_slice_keeps_dynamic_dims_whole(batch, tmp_path):
    # A convolution-like window on a batch of any size: the batch dim is
    # kept whole (start 0, limit -1, stride 1) and stays dynamic.
    x = random_values("f32", (batch, 3, 8, 8), rng_for("slice-whole", batch))
    ity, oty = "tensor<?x3x8x8xf32>", "tensor<?x3x4x4xf32>"
    prog = mt.func([ity], [oty], f"%0 = meld.slice %arg0 start = [0, 0, 1, 1] "
                                 f"limit = [-1, 3, 8, 8] strides = [1, 1, 2, 2] : "
                                 f"{ity} -> {oty}\nreturn %0 : {oty}")
    (out,) = mt.run(prog, [to_input(x, "f32")], tmp_path)
    # Exact: x[:, :, 1::2, 1::2].
    check_exact(result_values(out, "f32"), np.asarray(x)[:, :, 1:8:2, 1:8:2], "f32")


# ---------------------------------------------------------------------------
# cast
# ---------------------------------------------------------------------------

def round_int_to_float(v: int, elem: str) -> float:
    """Exact round-to-nearest-even of a Python int into a float type."""
    p = {"f64": 53, "f32": 24, "f16": 11, "bf16": 8}[elem]
    if v == 0:
        return 0.0
    a = abs(v)
    n = a.bit_length()
    if n > p:
        shift = n - p
        q, r = a >> shift, a & ((1 << shift) - 1)
        half = 1 << (shift - 1)
        if r > half or (r == half and q & 1):
            q += 1
        a = q << shift
    out = float(a) if v > 0 else -float(a)
    return float(mt.round_to(np.array([out]), elem)[0])  # exact, or overflows to inf


def ref_cast(values, src, dst):
    values = np.asarray(values)
    if dst == "i1":
        return values != 0  # NaN != 0 holds
    if src == "i1":
        ones = values.astype(np.int64)
        return ones.astype(np.float64) if mt.is_float(dst) else ones
    if mt.is_float(src) and mt.is_float(dst):
        return mt.round_to(values, dst)
    if mt.is_float(src):
        lo, hi = mt.int_range(dst)
        out = np.zeros(values.shape, dtype=object)
        for i, v in np.ndenumerate(values):
            if math.isnan(v):
                out[i] = 0
            elif math.isinf(v):
                out[i] = hi if v > 0 else lo
            else:
                out[i] = min(max(int(math.trunc(v)), lo), hi)
        return out.astype(np.int64)
    if mt.is_float(dst):
        return np.array([round_int_to_float(int(v), dst) for v in values.ravel()],
                        dtype=np.float64).reshape(values.shape)
    return wrap_obj(values.astype(object), dst)


CAST_FLOAT_VALUES = [
    np.nan, np.inf, -np.inf, -0.0, 0.0, 0.5, -0.5, 0.7, -0.7, 1.5, 2.5, -2.5, 1.0, -1.0,
    127.0, 127.9, 128.0, -128.0, -128.9, -129.0, 255.0, 256.0, -300.0, 1e3, -1e4,
    65504.0, 65519.0, 65520.0, -70000.0, 1e-8, -3e-8, 6e-5, 1e-30, 1e-40, 1e-46,
    2.0 ** 24 + 1, 2.0 ** 31 - 1, 2.0 ** 31, -(2.0 ** 31), -(2.0 ** 31) - 1, 3e9, -3e9,
    2.0 ** 53 + 2, 2.0 ** 62, 2.0 ** 63, -(2.0 ** 63), 1.5 * 2.0 ** 63, -1e19, 1e30, -1e30,
    3e38, 3.4e38, 1e39, -1e300, 1.0 + 2.0 ** -8, 1.0 + 3 * 2.0 ** -9, 1.0 + 2.0 ** -12,
    1.0 + 2.0 ** -24, 1.0 + 2.0 ** -30, 1.0 / 3.0, -2.0 / 3.0,
]

# Integers that are exactly representable in double (so i64 -> f32/bf16
# conversion through double rounds only once); see test_cast_i64_to_float_rounds_once
# for the values where rounding through double goes wrong.
CAST_INT_VALUES = [
    0, 1, -1, 2, 7, -8, 100, 127, 128, -128, -129, 255, 256, -256, 1000, 2047, 2049, 65504,
    65519, 65520, 65535, 70000, -70000, 2 ** 24 + 1, 2 ** 24 + 3, -(2 ** 24) - 1, 2 ** 31 - 1,
    -(2 ** 31), 2 ** 31, 2 ** 32 + 5, 2 ** 40 + 2 ** 16 + 2 ** 15, 2 ** 53, -(2 ** 53),
    2 ** 62, -(2 ** 63), 2 ** 63 - 2 ** 10, 1 + 2 ** 8, 3 * 2 ** 7 + 1,
]


def cast_source_values(src, rng):
    if src == "i1":
        return np.concatenate([[True, False], rng.integers(0, 2, 30).astype(bool)])
    if mt.is_float(src):
        rand = np.concatenate([rng.normal(0, 3, 20), rng.normal(0, 1e4, 10)])
        return mt.round_to(np.concatenate([CAST_FLOAT_VALUES, rand]), src)
    lo, hi = mt.int_range(src)
    special = np.array([lo, hi] + CAST_INT_VALUES, dtype=object)
    rand = rng.integers(lo, hi, 20, endpoint=True, dtype=np.int64).astype(object)
    return wrap_obj(np.concatenate([special, rand]), src)


@pytest.mark.parametrize("src", ALL_TYPES)
@pytest.mark.parametrize("dst", ALL_TYPES)
def test_cast(src, dst, tmp_path):
    x = cast_source_values(src, rng_for("cast", src))
    shape = (len(x),)
    prog = mt.func([T(shape, src)], [T(shape, dst)],
                   f"%0 = meld.cast %arg0 : {T(shape, src)} to {T(shape, dst)}\n"
                   f"return %0 : {T(shape, dst)}")
    (out,) = mt.run(prog, [to_input(x, src)], tmp_path)
    assert out.dtype == mt.NPY_DTYPE[dst] and out.shape == shape
    with np.errstate(all="ignore"):
        want = ref_cast(x, src, dst)
    # Exact: float->float rounds to nearest even once, int->float rounds to
    # nearest, float->int truncates and saturates (NaN -> 0), int->int wraps,
    # anything->i1 is x != 0.
    check_exact(result_values(out, dst), want, dst, msg=f"cast {src}->{dst}")


@pytest.mark.parametrize("dst", [
    "f32",
    pytest.param("bf16"),
])
def test_cast_i64_to_float_rounds_once(dst, tmp_path):
    # 2^60 + 2^36 + 1: the nearest f32 is 2^60 + 2^37 (just above the
    # midpoint 2^60 + 2^36); through double it becomes the exact midpoint,
    # which then rounds to even, 2^60.  Likewise for bf16 with 2^60 + 2^52 + 1.
    x = np.array([2 ** 60 + 2 ** 36 + 1, 2 ** 60 + 2 ** 52 + 1, -(2 ** 60 + 2 ** 36 + 1)],
                 dtype=np.int64)
    shape = (3,)
    prog = mt.func([T(shape, "i64")], [T(shape, dst)],
                   f"%0 = meld.cast %arg0 : {T(shape, 'i64')} to {T(shape, dst)}\n"
                   f"return %0 : {T(shape, dst)}")
    (out,) = mt.run(prog, [x], tmp_path)
    want = ref_cast(x, "i64", dst)
    # Exact: round to nearest from the exact integer value.
    check_exact(result_values(out, dst), want, dst)


def test_bf16_converter_self_check():
    # The helper the bf16 tests rely on: round-to-nearest-even, ties to even,
    # NaN stays NaN, overflow to inf; f64 -> bf16 is rounded once.
    x = np.array([1.0, 1.0 + 2 ** -8, 1.0 + 3 * 2 ** -8, 1.0 + 2 ** -8 + 2 ** -30,
                  np.nan, np.inf, -0.0, 3.4e38, 1e-45], dtype=np.float64)
    bits = mt.f64_to_bf16_bits(x)
    assert list(bits[:4]) == [0x3F80, 0x3F80, 0x3F82, 0x3F81]
    assert np.isnan(mt.bf16_bits_to_f32(bits[4]))
    assert bits[5] == 0x7F80 and bits[6] == 0x8000 and bits[7] == 0x7F80 and bits[8] == 0
    # float32 path: 1 + 2^-8 + 2^-30 is not a float32, so it uses f64.
    assert mt.f32_to_bf16_bits(np.float32(1.0 + 2 ** -8)) == 0x3F80
    assert mt.f32_to_bf16_bits(np.float32(1.0 + 2 ** -8 + 2 ** -20)) == 0x3F81


# ---------------------------------------------------------------------------
# compare and select
# ---------------------------------------------------------------------------

DIRECTIONS = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
              "gt": np.greater, "ge": np.greater_equal}


@pytest.mark.parametrize("direction", list(DIRECTIONS))
@pytest.mark.parametrize("elem", ALL_TYPES)
def test_compare(direction, elem, tmp_path):
    rng = rng_for("compare", direction, elem)
    if elem == "i1":
        a = np.array([False, False, True, True] * 8)
        b = np.array([False, True, False, True] * 8)
    else:
        a, b = binary_operands(elem, rng)
        # Many equal pairs, so that eq/le/ge see true cases beyond the specials.
        b[110:] = a[110:]
    shape = a.shape
    ty = T(shape, elem)
    bty = T(shape, "i1")
    prog = mt.func([ty, ty], [bty], f"%0 = meld.compare {direction}, %arg0, %arg1 : {ty}\n"
                                    f"return %0 : {bty}")
    (out,) = mt.run(prog, [to_input(a, elem), to_input(b, elem)], tmp_path)
    assert out.dtype == np.bool_ and out.shape == shape
    with np.errstate(invalid="ignore"):
        # Floats: ordered comparisons (false with NaN) except ne (true);
        # -0.0 == 0.0.  Integers: signed.  i1: false < true.
        want = DIRECTIONS[direction](a, b)
    # Exact: booleans.
    check_exact(out, want, "i1", msg=f"compare {direction} {elem}")


@pytest.mark.parametrize("elem", ALL_TYPES)
def test_select(elem, tmp_path):
    rng = rng_for("select", elem)
    shape = (4, 8)
    pred = rng.integers(0, 2, shape).astype(bool)
    if mt.is_float(elem):
        a, b = binary_operands(elem, rng, n=128)
        a, b = a[-32:].reshape(shape), b[-32:].reshape(shape)
        a[0, :4] = [np.nan, -0.0, np.inf, 0.0]
        b[0, :4] = [0.0, np.nan, -np.inf, -0.0]
    else:
        a = random_values(elem, shape, rng)
        b = random_values(elem, shape, rng)
    ty = T(shape, elem)
    pty = T(shape, "i1")
    prog = mt.func([pty, ty, ty], [ty], f"%0 = meld.select %arg0, %arg1, %arg2 : {pty}, {ty}\n"
                                       f"return %0 : {ty}")
    (out,) = mt.run(prog, [pred, to_input(a, elem), to_input(b, elem)], tmp_path)
    # Exact: a choice, values copied unchanged (NaN and -0.0 included).
    check_exact(result_values(out, elem), np.where(pred, a, b), elem)


# ---------------------------------------------------------------------------
# constant, iota
# ---------------------------------------------------------------------------

def constant_values(elem):
    if mt.is_float(elem):
        v = [[1.5, -0.0, np.nan, np.inf, -np.inf, 0.1],
             [1e-5, -3.25, 65504.0, 1.0 / 3.0, 1e-8, 2.0 ** -20]]
        return mt.round_to(np.array(v), elem), np.array(v)
    if elem == "i1":
        v = np.array([[True, False, True], [False, False, True]])
        return v, v
    lo, hi = mt.int_range(elem)
    v = np.array([[lo, hi, 0], [-1, 1, 42]], dtype=np.int64)
    return v, v


@pytest.mark.parametrize("splat", [False, True], ids=["dense", "splat"])
@pytest.mark.parametrize("elem", ALL_TYPES)
def test_constant(elem, splat, tmp_path):
    want, written = constant_values(elem)
    if splat:
        written = written.flat[0]
        want = np.full(want.shape, want.flat[0])
    ty = T(want.shape, elem)
    prog = mt.func([], [ty], f"%0 = meld.constant {mt.dense(written, elem)} : {ty}\n"
                             f"return %0 : {ty}")
    (out,) = mt.run(prog, [], tmp_path)
    assert out.dtype == mt.NPY_DTYPE[elem]
    # Exact: the decimal literals are rounded once to the element type.
    check_exact(result_values(out, elem), want, elem)


IOTA_CASES = [((5,), 0), ((3, 5), 0), ((3, 5), 1), ((2, 3, 4), 1), ((2, 3, 4), 2)]
IOTA_PARAMS = ([(elem, shape, dim) for elem in NUMERIC_TYPES for shape, dim in IOTA_CASES]
               + [(elem, (0, 3), 1) for elem in ("f32", "i64")])


@pytest.mark.parametrize("elem,shape,dim", IOTA_PARAMS)
def test_iota(elem, shape, dim, tmp_path):
    ty = T(shape, elem)
    prog = mt.func([], [ty], f"%0 = meld.iota dim = {dim} : {ty}\nreturn %0 : {ty}")
    (out,) = mt.run(prog, [], tmp_path)
    idx = np.indices(shape)[dim] if shape else np.zeros(())
    assert out.shape == shape and out.dtype == mt.NPY_DTYPE[elem]
    # Exact: small integers are exact in every type.
    check_exact(result_values(out, elem), idx, elem)


# ---------------------------------------------------------------------------
# Data movement: broadcast_in_dim, reshape, transpose, slice, concat
# ---------------------------------------------------------------------------

BROADCAST_CASES = {
    "scalar": ((), [], (3, 4)),
    "row": ((4,), [1], (3, 4)),
    "column": ((3,), [0], (3, 4)),
    "expand_size1": ((3, 1), [0, 1], (3, 4)),
    "expand_both": ((1, 1), [0, 1], (3, 4)),
    "new_leading": ((3, 4), [1, 2], (2, 3, 4)),
    "new_leading2": ((4,), [2], (2, 3, 4)),
    "new_middle": ((3, 4), [0, 2], (3, 2, 4)),
    "new_trailing": ((3,), [0], (3, 2, 2)),
    "mixed": ((1, 4, 1), [0, 2, 3], (2, 3, 4, 5)),
    "identity": ((3, 4), [0, 1], (3, 4)),
    "size1_kept": ((1, 4), [0, 1], (1, 4)),
    "scalar_to_scalar": ((), [], ()),
}


def ref_broadcast(x, dims, out_shape):
    expanded = [1] * len(out_shape)
    for i, d in enumerate(dims):
        expanded[d] = x.shape[i]
    return np.broadcast_to(x.reshape(expanded), out_shape)


BROADCAST_PARAMS = ([(name, "f32") for name in BROADCAST_CASES]
                    + [(name, t) for name in ("row", "expand_size1", "new_leading", "mixed")
                       for t in ALL_TYPES if t != "f32"])


@pytest.mark.parametrize("case,elem", BROADCAST_PARAMS)
def test_broadcast_in_dim(case, elem, tmp_path):
    in_shape, dims, out_shape = BROADCAST_CASES[case]
    x = random_values(elem, in_shape, rng_for("bcast", case, elem))
    if mt.is_float(elem) and x.size >= 3:
        x.flat[:3] = [np.nan, -0.0, np.inf]
    ity, oty = T(in_shape, elem), T(out_shape, elem)
    prog = mt.func([ity], [oty], f"%0 = meld.broadcast_in_dim %arg0, dims = {list(dims)} : "
                                 f"{ity} -> {oty}\nreturn %0 : {oty}")
    (out,) = mt.run(prog, [to_input(x, elem)], tmp_path)
    # Exact: data movement copies values.
    check_exact(result_values(out, elem), ref_broadcast(np.asarray(x), dims, out_shape), elem)


RESHAPE_CASES = [((3, 4), (12,)), ((2, 3, 4), (4, 6)), ((12,), (2, 2, 3)), ((3, 4), (4, 3)),
                 ((), (1, 1)), ((1,), ()), ((0, 3), (3, 0)), ((2, 3, 4), (24,)),
                 ((6, 4), (2, 3, 2, 2))]
RESHAPE_PARAMS = ([(i, "f32") for i in range(len(RESHAPE_CASES))]
                  + [(1, t) for t in ALL_TYPES if t != "f32"])


@pytest.mark.parametrize("case,elem", RESHAPE_PARAMS)
def test_reshape(case, elem, tmp_path):
    in_shape, out_shape = RESHAPE_CASES[case]
    x = random_values(elem, in_shape, rng_for("reshape", case, elem))
    ity, oty = T(in_shape, elem), T(out_shape, elem)
    prog = mt.func([ity], [oty], f"%0 = meld.reshape %arg0 : {ity} -> {oty}\nreturn %0 : {oty}")
    (out,) = mt.run(prog, [to_input(x, elem)], tmp_path)
    # Exact: row-major reinterpretation.
    check_exact(result_values(out, elem), np.asarray(x).reshape(out_shape), elem)


TRANSPOSE_CASES = [((3, 4), [1, 0]), ((3, 4), [0, 1]), ((2, 3, 4), [2, 0, 1]),
                   ((2, 3, 4), [0, 2, 1]), ((2, 3, 4), [1, 0, 2]), ((2, 3, 4), [2, 1, 0]),
                   ((2, 3, 4), [1, 2, 0]), ((2, 3, 4, 5), [3, 1, 0, 2]), ((1, 5), [1, 0])]
TRANSPOSE_PARAMS = ([(i, "f32") for i in range(len(TRANSPOSE_CASES))]
                    + [(2, t) for t in ALL_TYPES if t != "f32"])


@pytest.mark.parametrize("case,elem", TRANSPOSE_PARAMS)
def test_transpose(case, elem, tmp_path):
    in_shape, perm = TRANSPOSE_CASES[case]
    x = random_values(elem, in_shape, rng_for("transpose", case, elem))
    want = np.transpose(np.asarray(x), perm)
    ity, oty = T(in_shape, elem), T(want.shape, elem)
    prog = mt.func([ity], [oty], f"%0 = meld.transpose %arg0, perm = {perm} : {ity} -> {oty}\n"
                                 f"return %0 : {oty}")
    (out,) = mt.run(prog, [to_input(x, elem)], tmp_path)
    # Exact: result dim i is operand dim perm[i], as np.transpose.
    check_exact(result_values(out, elem), want, elem)


SLICE_CASES = [
    ((8,), [1], [7], [2]),
    ((8,), [0], [8], None),
    ((6, 8), [0, 2], [6, 8], [1, 2]),
    ((6, 8), [1, 1], [5, 7], [3, 2]),
    ((6, 8), [2, 0], [4, 8], None),
    ((5,), [2], [2], [1]),             # empty
    ((5,), [1], [3], [10]),            # stride larger than the range
    ((4, 5, 6), [0, 1, 1], [4, 5, 6], [2, 3, 4]),
    ((4, 5, 6), [3, 4, 5], [4, 5, 6], [1, 1, 1]),
    ((7, 7), [0, 0], [7, 7], [3, 3]),
]
SLICE_PARAMS = ([(i, "f32") for i in range(len(SLICE_CASES))]
                + [(3, t) for t in ALL_TYPES if t != "f32"])


@pytest.mark.parametrize("case,elem", SLICE_PARAMS)
def test_slice(case, elem, tmp_path):
    in_shape, start, limit, strides = SLICE_CASES[case]
    x = random_values(elem, in_shape, rng_for("slice", case, elem))
    steps = strides or [1] * len(start)
    want = np.asarray(x)[tuple(slice(s, l, st) for s, l, st in zip(start, limit, steps))]
    ity, oty = T(in_shape, elem), T(want.shape, elem)
    stride_text = f" strides = {strides}" if strides else ""
    prog = mt.func([ity], [oty], f"%0 = meld.slice %arg0 start = {start} limit = {limit}"
                                 f"{stride_text} : {ity} -> {oty}\nreturn %0 : {oty}")
    (out,) = mt.run(prog, [to_input(x, elem)], tmp_path)
    # Exact: x[start:limit:stride] per dimension.
    check_exact(result_values(out, elem), want, elem)


CONCAT_CASES = [
    ([(2, 3), (4, 3)], 0),
    ([(2, 3), (2, 1)], 1),
    ([(2, 3), (2, 1), (2, 4)], 1),
    ([(2, 3, 2), (2, 3, 5)], 2),
    ([(2, 3, 2), (1, 3, 2), (3, 3, 2)], 0),
    ([(0, 3), (2, 3)], 0),
    ([(3,)], 0),
    ([(2, 2, 2), (2, 1, 2)], 1),
]
CONCAT_PARAMS = ([(i, "f32") for i in range(len(CONCAT_CASES))]
                 + [(2, t) for t in ALL_TYPES if t != "f32"])


@pytest.mark.parametrize("case,elem", CONCAT_PARAMS)
def test_concat(case, elem, tmp_path):
    shapes, dim = CONCAT_CASES[case]
    rng = rng_for("concat", case, elem)
    xs = [random_values(elem, s, rng) for s in shapes]
    want = np.concatenate([np.asarray(x) for x in xs], axis=dim)
    tys = [T(s, elem) for s in shapes]
    oty = T(want.shape, elem)
    args = ", ".join(f"%arg{i}" for i in range(len(xs)))
    prog = mt.func(tys, [oty], f"%0 = meld.concat {args} dim = {dim} : "
                               f"({', '.join(tys)}) -> {oty}\nreturn %0 : {oty}")
    outs = mt.run(prog, [to_input(x, elem) for x in xs], tmp_path)
    # Exact: np.concatenate.
    check_exact(result_values(outs[0], elem), want, elem)


# ---------------------------------------------------------------------------
# reduce
# ---------------------------------------------------------------------------

REDUCE_DIMS = [[2], [0], [1, 2], [2, 0], [0, 1, 2]]


def ref_reduce(kind, x, dims, keep, elem):
    axis = tuple(dims)
    if kind in ("argmax", "argmin"):
        fn = np.argmax if kind == "argmax" else np.argmin
        # numpy returns the first maximum (minimum); a NaN counts as both.
        return fn(x, axis=dims[0], keepdims=keep).astype(np.int64)
    if mt.is_float(elem):
        with np.errstate(all="ignore"):
            if kind == "sum":
                r = np.sum(x, axis=axis, keepdims=keep)
            elif kind == "prod":
                r = np.prod(x, axis=axis, keepdims=keep)
            elif kind == "max":
                r = np.max(x, axis=axis, keepdims=keep)
            elif kind == "min":
                r = np.min(x, axis=axis, keepdims=keep)
            elif kind == "mean":
                r = np.sum(x, axis=axis, keepdims=keep) / math.prod(x.shape[d] for d in dims)
        return mt.round_to(r, elem)
    obj = np.asarray(x, dtype=np.int64).astype(object)
    if kind == "sum":
        r = np.sum(obj, axis=axis, keepdims=keep)
    elif kind == "prod":
        r = np.prod(obj, axis=axis, keepdims=keep)
    elif kind == "max":
        r = np.max(obj, axis=axis, keepdims=keep)
    else:
        r = np.min(obj, axis=axis, keepdims=keep)
    return wrap_obj(np.asarray(r, dtype=object), elem)


def reduce_program(kind, elem, in_shape, dims, keep):
    out_shape = []
    for d, s in enumerate(in_shape):
        if d not in dims:
            out_shape.append(s)
        elif keep:
            out_shape.append(1)
    relem = "i64" if kind in ("argmax", "argmin") else elem
    ity, oty = T(in_shape, elem), T(out_shape, relem)
    kd = " keep_dims" if keep else ""
    return mt.func([ity], [oty], f"%0 = meld.reduce {kind} %arg0 dims = {list(dims)}{kd} : "
                                 f"{ity} -> {oty}\nreturn %0 : {oty}"), relem


def reduce_input(kind, elem, shape, rng):
    if mt.is_float(elem):
        if kind == "prod":
            # Factors near 1 keep products of up to 60 terms finite.
            return mt.round_to(rng.uniform(0.5, 1.8, shape) * rng.choice([-1, 1], shape), elem)
        return random_values(elem, shape, rng, -4, 4)
    if kind in ("argmax", "argmin"):
        return rng.integers(-3, 4, shape).astype(np.int64)  # many ties
    return random_values(elem, shape, rng)  # full range: sums and products wrap


def check_reduce(got, want, kind, elem, msg):
    if kind in ("argmax", "argmin") or not mt.is_float(elem) or kind in ("max", "min"):
        # Exact: indices, integer arithmetic (wrapping), or a selected element.
        check_exact(got, want, "i64" if kind.startswith("arg") else elem, msg=msg)
    elif elem in ("f16", "bf16") and kind in ("sum", "mean"):
        # Exact: sums of up to 60 f16/bf16 values are exact in double, so both
        # sides round the same exact value once.
        check_exact(got, want, elem, msg=msg)
    else:
        # Tolerance: the interpreter accumulates in double sequentially, numpy
        # pairwise; the doubles differ by ~n ulp(double), which after the
        # single rounding to `elem` is at most one ulp of `elem` (f64: a few
        # ulp of double, rtol 1e-14).
        rtol = {"f64": 1e-14, "f32": 2.4e-7, "f16": 2e-3, "bf16": 1.6e-2}[elem]
        mt.assert_close(got, want, rtol=rtol, atol=0.0, msg=msg)


REDUCE_KIND_TYPES = ([(k, t) for k in ["sum", "prod", "max", "min"] for t in NUMERIC_TYPES]
                     + [("mean", t) for t in FLOAT_TYPES]
                     + [(k, t) for k in ["argmax", "argmin"] for t in NUMERIC_TYPES])


@pytest.mark.parametrize("kind,elem", REDUCE_KIND_TYPES)
def test_reduce_kinds(kind, elem, tmp_path):
    idx = REDUCE_KIND_TYPES.index((kind, elem))
    if kind.startswith("arg"):
        dims = [[2], [0], [1]][idx % 3]
    else:
        dims = REDUCE_DIMS[idx % len(REDUCE_DIMS)]
    keep = idx % 2 == 1
    shape = (3, 4, 5)
    x = reduce_input(kind, elem, shape, rng_for("reduce", kind, elem))
    prog, relem = reduce_program(kind, elem, shape, dims, keep)
    (out,) = mt.run(prog, [to_input(x, elem)], tmp_path)
    want = ref_reduce(kind, np.asarray(x), dims, keep, elem)
    got = result_values(out, relem)
    assert got.shape == want.shape and out.dtype == mt.NPY_DTYPE[relem]
    check_reduce(got, want, kind, elem, msg=f"{kind} {elem} dims={dims} keep={keep}")


@pytest.mark.parametrize("keep", [False, True], ids=["drop", "keep"])
@pytest.mark.parametrize("dims", REDUCE_DIMS + [[1], [0, 2]], ids=str)
@pytest.mark.parametrize("kind,elem", [("sum", "f32"), ("max", "i32"), ("mean", "f64"),
                                       ("min", "f16")])
def test_reduce_dims(kind, elem, dims, keep, tmp_path):
    shape = (3, 4, 5)
    x = reduce_input(kind, elem, shape, rng_for("reduce_dims", kind, elem, tuple(dims)))
    prog, relem = reduce_program(kind, elem, shape, dims, keep)
    (out,) = mt.run(prog, [to_input(x, elem)], tmp_path)
    want = ref_reduce(kind, np.asarray(x), dims, keep, elem)
    check_reduce(result_values(out, relem), want, kind, elem,
                 msg=f"{kind} {elem} dims={dims} keep={keep}")


@pytest.mark.parametrize("keep", [False, True], ids=["drop", "keep"])
@pytest.mark.parametrize("dim", [0, 1, 2])
@pytest.mark.parametrize("kind", ["argmax", "argmin"])
def test_reduce_arg_dims(kind, dim, keep, tmp_path):
    shape = (3, 4, 5)
    x = reduce_input("sum", "f32", shape, rng_for("argdims", kind, dim))
    x[0, 0, 0] = x[1, 1, 1] = 9.0 if kind == "argmax" else -9.0  # ties with other lines
    prog, relem = reduce_program(kind, "f32", shape, [dim], keep)
    (out,) = mt.run(prog, [to_input(x, "f32")], tmp_path)
    # Exact: indices.
    check_exact(out, ref_reduce(kind, x, [dim], keep, "f32"), "i64")


@pytest.mark.parametrize("elem", FLOAT_TYPES)
def test_reduce_nan_and_inf(elem, tmp_path):
    x = np.array([[1.0, np.nan, 3.0, np.nan],     # NaN in the middle, twice
                  [-np.inf, -np.inf, 2.0, 5.0],   # ties on -inf
                  [np.inf, -1.0, np.inf, 0.5],    # ties on +inf
                  [-0.0, 0.0, 0.0, -0.0],         # signed zeros
                  [2.0, 7.0, 7.0, -7.0]])         # ties
    x = mt.round_to(x, elem)
    ity = T(x.shape, elem)
    kinds = ["max", "min", "sum", "argmax", "argmin"]
    lines, types = [], []
    for i, k in enumerate(kinds):
        r = T((5,), "i64" if k.startswith("arg") else elem)
        lines.append(f"%{i} = meld.reduce {k} %arg0 dims = [1] : {ity} -> {r}")
        types.append(r)
    prog = mt.func([ity], types, "\n".join(lines) + "\nreturn "
                   + ", ".join(f"%{i}" for i in range(len(kinds))) + " : " + ", ".join(types))
    mx, mn, sm, amax, amin = mt.run(prog, [to_input(x, elem)], tmp_path)
    # Exact: max/min propagate NaN; argmax/argmin return the first NaN, else
    # the first extreme; max of {-0, +0} is +0 and min is -0 (the kernel's
    # IEEE-2019 maximum/minimum); sums of these values are exact.
    check_exact(result_values(mx, elem), [np.nan, 5.0, np.inf, 0.0, 7.0], elem)
    check_exact(result_values(mn, elem), [np.nan, -np.inf, -1.0, -0.0, -7.0], elem)
    check_exact(result_values(sm, elem), [np.nan, -np.inf, np.inf, 0.0, 9.0], elem)
    check_exact(amax, [1, 3, 0, np.argmax(x[3]), 1], "i64")
    check_exact(amin, [1, 0, 1, np.argmin(x[3]), 3], "i64")


@pytest.mark.parametrize("elem", ["f32", "f16", "i32", "i8"])
def test_reduce_empty_extent(elem, tmp_path):
    shape = (0, 4)
    ity = T(shape, elem)
    kinds = ["sum", "prod", "max", "min"] + (["mean"] if mt.is_float(elem) else [])
    r = T((4,), elem)
    lines = [f"%{i} = meld.reduce {k} %arg0 dims = [0] : {ity} -> {r}"
             for i, k in enumerate(kinds)]
    prog = mt.func([ity], [r] * len(kinds), "\n".join(lines) + "\nreturn "
                   + ", ".join(f"%{i}" for i in range(len(kinds))) + " : "
                   + ", ".join([r] * len(kinds)))
    outs = mt.run(prog, [to_input(np.zeros(shape), elem)], tmp_path)
    lo, hi = (-np.inf, np.inf) if mt.is_float(elem) else mt.int_range(elem)
    identities = [0, 1, lo, hi, np.nan][:len(kinds)]
    for k, out, ident in zip(kinds, outs, identities):
        # Exact: the identity of each kind (NaN for mean).
        check_exact(result_values(out, elem), np.full(4, ident), elem, msg=k)


def test_reduce_argmax_of_empty_is_an_error(tmp_path):
    prog, _ = reduce_program("argmax", "f32", (0, 4), [0], False)
    with pytest.raises(mt.MeldError) as err:
        mt.run(prog, [np.zeros((0, 4), np.float32)], tmp_path)
    assert "empty" in err.value.stderr


# ---------------------------------------------------------------------------
# matmul, batch_matmul
# ---------------------------------------------------------------------------

# (operand type, result type)
CONTRACTION_TYPES = [("f64", "f64"), ("f32", "f32"), ("f16", "f16"), ("f16", "f32"),
                     ("bf16", "bf16"), ("bf16", "f32"), ("i64", "i64"), ("i32", "i32"),
                     ("i8", "i8"), ("i8", "i32")]
TRANSPOSES = [(False, False), (True, False), (False, True), (True, True)]


def contraction_operands(elem, shape, rng):
    if mt.is_float(elem):
        return random_values(elem, shape, rng, -1, 1)
    return random_values(elem, shape, rng)  # full range: products and sums wrap


@pytest.mark.parametrize("tl,tr", TRANSPOSES, ids=["nn", "tn", "nt", "tt"])
@pytest.mark.parametrize("elem,relem", CONTRACTION_TYPES, ids=lambda v: v)
@pytest.mark.parametrize("batched", [False, True], ids=["matmul", "batch_matmul"])
def test_contraction(batched, elem, relem, tl, tr, tmp_path):
    rng = rng_for("matmul", batched, elem, relem, tl, tr)
    B, M, K, N = 2, 3, 7, 4
    lshape = (K, M) if tl else (M, K)
    rshape = (N, K) if tr else (K, N)
    oshape = (M, N)
    if batched:
        lshape, rshape, oshape = (B,) + lshape, (B,) + rshape, (B,) + oshape
    a = contraction_operands(elem, lshape, rng)
    b = contraction_operands(elem, rshape, rng)
    lt, rt, ot = T(lshape, elem), T(rshape, elem), T(oshape, relem)
    op = "batch_matmul" if batched else "matmul"
    flags = (" transpose_lhs" if tl else "") + (" transpose_rhs" if tr else "")
    prog = mt.func([lt, rt], [ot], f"%0 = meld.{op} %arg0, %arg1{flags} : {lt}, {rt} -> {ot}\n"
                                   f"return %0 : {ot}")
    (out,) = mt.run(prog, [to_input(a, elem), to_input(b, elem)], tmp_path)
    assert out.shape == oshape and out.dtype == mt.NPY_DTYPE[relem]
    got = result_values(out, relem)
    A = np.swapaxes(a, -1, -2) if tl else a
    Bm = np.swapaxes(b, -1, -2) if tr else b
    if mt.is_float(elem):
        exact = A.astype(np.float64) @ Bm.astype(np.float64)
        want = mt.round_to(exact, relem)
        # Tolerance: the interpreter accumulates in double (in k order), numpy
        # in another order; the doubles differ by at most ~K ulp of sum|a*b|,
        # and the single rounding to `relem` can then move by one ulp of the
        # result: bound = 2 * eps(relem) * |want| + K * 2^-52 * (|A| @ |B|).
        bound = (2 * EPS[relem] * np.abs(want)
                 + K * 2.0 ** -52 * (np.abs(A).astype(np.float64) @ np.abs(Bm).astype(np.float64)))
        assert_within(got, want, bound, msg=f"{op} {elem}->{relem} tl={tl} tr={tr}")
    else:
        want = wrap_obj(A.astype(np.int64).astype(object) @ Bm.astype(np.int64).astype(object),
                        relem)
        # Exact: integer products and sums wrap to the result width.
        check_exact(got, want, relem, msg=f"{op} {elem}->{relem} tl={tl} tr={tr}")


@pytest.mark.parametrize("elem", ["f16", "bf16"])
def test_low_precision_matmul_accumulates_in_f32(elem, tmp_path):
    # 1 + 2^-11 * 512 terms: each term is below half an ulp of the running sum
    # in f16/bf16, so an f16/bf16 accumulator would stay at 1; an f32 (or
    # wider) accumulator gets 1 + 512 * small.
    K = 513
    small = 2.0 ** -11 if elem == "f16" else 2.0 ** -9
    a = np.ones((1, K))
    b = np.full((K, 1), small)
    b[0, 0] = 1.0
    lt, rt, ot = T((1, K), elem), T((K, 1), elem), T((1, 1), "f32")
    prog = mt.func([lt, rt], [ot], f"%0 = meld.matmul %arg0, %arg1 : {lt}, {rt} -> {ot}\n"
                                   f"return %0 : {ot}")
    (out,) = mt.run(prog, [to_input(a, elem), to_input(b, elem)], tmp_path)
    # Exact: 1 + 512 * small is exact in f32.
    check_exact(out.astype(np.float64), [[1.0 + 512 * small]], "f32")


# ---------------------------------------------------------------------------
# Dynamic shapes
# ---------------------------------------------------------------------------

DYN = "tensor<?x?xf32>"

DYNAMIC_PROGRAMS = {
    "add": (f"""
%0 = meld.add %arg0, %arg0 : {DYN}
return %0 : {DYN}""", [DYN], lambda x: [2 * x]),
    "exp": (f"""
%0 = meld.exp %arg0 : {DYN}
return %0 : {DYN}""", [DYN], lambda x: [np.exp(x)]),
    "reduce_sum": (f"""
%0 = meld.reduce sum %arg0 dims = [1] : {DYN} -> tensor<?xf32>
return %0 : tensor<?xf32>""", ["tensor<?xf32>"], lambda x: [x.sum(1)]),
    "reduce_max_keep": (f"""
%0 = meld.reduce max %arg0 dims = [0] keep_dims : {DYN} -> tensor<1x?xf32>
return %0 : tensor<1x?xf32>""", ["tensor<1x?xf32>"], lambda x: [x.max(0, keepdims=True)]),
    "transpose": (f"""
%0 = meld.transpose %arg0, perm = [1, 0] : {DYN} -> {DYN}
return %0 : {DYN}""", [DYN], lambda x: [x.T]),
    "matmul": (f"""
%0 = meld.matmul %arg0, %arg0 transpose_rhs : {DYN}, {DYN} -> {DYN}
return %0 : {DYN}""", [DYN], lambda x: [x @ x.T]),
    "broadcast_sizes": (f"""
%c0 = meld.dim %arg0, 0 : {DYN}
%c1 = meld.dim %arg0, 1 : {DYN}
%s = meld.reduce sum %arg0 dims = [1] : {DYN} -> tensor<?xf32>
%b = meld.broadcast_in_dim %s, dims = [0] sizes(%c0, %c1) : tensor<?xf32> -> {DYN}
%r = meld.sub %arg0, %b : {DYN}
return %r : {DYN}""", [DYN], lambda x: [x - x.sum(1, keepdims=True)]),
    "broadcast_new_dim": (f"""
%c0 = meld.dim %arg0, 0 : {DYN}
%c1 = meld.dim %arg0, 1 : {DYN}
%c3 = arith.constant 3 : index
%b = meld.broadcast_in_dim %arg0, dims = [0, 2] sizes(%c0, %c3, %c1)
    : {DYN} -> tensor<?x?x?xf32>
return %b : tensor<?x?x?xf32>""", ["tensor<?x?x?xf32>"],
        lambda x: [np.broadcast_to(x[:, None, :], (x.shape[0], 3, x.shape[1]))]),
    "reshape_sizes": (f"""
%c0 = meld.dim %arg0, 0 : {DYN}
%c1 = meld.dim %arg0, 1 : {DYN}
%n = arith.muli %c0, %c1 : index
%r = meld.reshape %arg0 sizes(%n) : {DYN} -> tensor<?xf32>
return %r : tensor<?xf32>""", ["tensor<?xf32>"], lambda x: [x.reshape(-1)]),
    "iota_sizes": (f"""
%c1 = meld.dim %arg0, 1 : {DYN}
%i = meld.iota dim = 0 sizes(%c1) : tensor<?xi64>
return %i : tensor<?xi64>""", ["tensor<?xi64>"], lambda x: [np.arange(x.shape[1])]),
    "slice": (f"""
%s = meld.slice %arg0 start = [0, 1] limit = [2, 3] : {DYN} -> tensor<2x2xf32>
return %s : tensor<2x2xf32>""", ["tensor<2x2xf32>"], lambda x: [x[0:2, 1:3]]),
    "concat": (f"""
%c = meld.concat %arg0, %arg0 dim = 0 : ({DYN}, {DYN}) -> {DYN}
return %c : {DYN}""", [DYN], lambda x: [np.concatenate([x, x], 0)]),
    "cast_compare_select": (f"""
%z = meld.cast %arg0 : {DYN} to tensor<?x?xf16>
%h = meld.cast %z : tensor<?x?xf16> to {DYN}
%m = meld.compare gt, %arg0, %h : {DYN}
%r = meld.select %m, %arg0, %h : tensor<?x?xi1>, {DYN}
return %r : {DYN}""", [DYN], lambda x: [np.maximum(x, x.astype(np.float16).astype(np.float64))]),
}


DYNAMIC_PARAMS = [(name, shape) for name in DYNAMIC_PROGRAMS
                  for shape in [(3, 5), (2, 2), (4, 3)]
                  if not (name == "slice" and shape == (2, 2))]  # slice needs >= 2x3


@pytest.mark.parametrize("name,shape", DYNAMIC_PARAMS, ids=str)
def test_dynamic_shapes(name, shape, tmp_path):
    body, rtypes, ref = DYNAMIC_PROGRAMS[name]
    prog = mt.func([DYN], rtypes, body)
    x = random_values("f32", shape, rng_for("dyn", name, shape))
    outs = mt.run(prog, [x.astype(np.float32)], tmp_path)
    wants = ref(x)
    for out, want in zip(outs, wants):
        assert out.shape == np.shape(want)
        if name in ("exp", "matmul", "reduce_sum", "broadcast_sizes"):
            # Tolerance: f32 rounding of exp (libm) / of short double
            # accumulations: within an ulp or two; atol for sums near 0.
            mt.assert_close(out, want, rtol=1e-6, atol=1e-6)
        else:
            # Exact: the same IEEE operation or pure data movement.
            np.testing.assert_array_equal(out, np.asarray(want).astype(out.dtype))


@pytest.mark.parametrize("shape", [(3, 1), (1, 1), (1, 5)], ids=str)
def test_dynamic_broadcast_expands_runtime_size_one(shape, tmp_path):
    # The operand's dims are '?' statically and 1 at run time: they expand.
    prog = mt.func([DYN], ["tensor<3x5xf32>"], f"""
%b = meld.broadcast_in_dim %arg0, dims = [0, 1] : {DYN} -> tensor<3x5xf32>
return %b : tensor<3x5xf32>""")
    x = random_values("f32", shape, rng_for("dynbcast", shape)).astype(np.float32)
    (out,) = mt.run(prog, [x], tmp_path)
    # Exact: data movement.
    np.testing.assert_array_equal(out, np.broadcast_to(x, (3, 5)))


def test_dynamic_broadcast_bad_runtime_size_is_reported(tmp_path):
    prog = mt.func([DYN], ["tensor<3x5xf32>"], f"""
%b = meld.broadcast_in_dim %arg0, dims = [0, 1] : {DYN} -> tensor<3x5xf32>
return %b : tensor<3x5xf32>""")
    with pytest.raises(mt.MeldError) as err:
        mt.run(prog, [np.zeros((2, 5), np.float32)], tmp_path)
    assert "broadcast_in_dim" in err.value.stderr


def test_dynamic_shape_mismatch_is_reported(tmp_path):
    prog = mt.func([DYN, DYN], [DYN], f"%0 = meld.add %arg0, %arg1 : {DYN}\nreturn %0 : {DYN}")
    with pytest.raises(mt.MeldError) as err:
        mt.run(prog, [np.zeros((2, 3), np.float32), np.zeros((3, 2), np.float32)], tmp_path)
    assert "differ" in err.value.stderr


def test_dynamic_reshape_bad_count_is_reported(tmp_path):
    prog = mt.func([DYN], ["tensor<?xf32>"], f"""
%c0 = meld.dim %arg0, 0 : {DYN}
%r = meld.reshape %arg0 sizes(%c0) : {DYN} -> tensor<?xf32>
return %r : tensor<?xf32>""")
    with pytest.raises(mt.MeldError) as err:
        mt.run(prog, [np.zeros((2, 3), np.float32)], tmp_path)
    assert "reshape" in err.value.stderr


def test_dynamic_slice_out_of_bounds_is_reported(tmp_path):
    body, rtypes, _ = DYNAMIC_PROGRAMS["slice"]
    with pytest.raises(mt.MeldError) as err:
        mt.run(mt.func([DYN], rtypes, body), [np.zeros((1, 5), np.float32)], tmp_path)
    assert "slice" in err.value.stderr


def test_argument_type_mismatch_is_reported(tmp_path):
    prog = binary_program("add", "f32", (3,))
    with pytest.raises(mt.MeldError) as err:
        mt.run(prog, [np.zeros(3, np.float64), np.zeros(3, np.float32)], tmp_path)
    assert "argument #0" in err.value.stderr


# ---------------------------------------------------------------------------
# Control flow: if, while
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("pred", [True, False])
def test_if(pred, tmp_path):
    ty = "tensor<4xf32>"
    prog = mt.func(["tensor<i1>", ty], [ty, "tensor<i32>"], f"""
%r, %k = meld.if %arg0 -> ({ty}, tensor<i32>) {{
  %e = meld.exp %arg1 : {ty}
  %one = meld.constant dense<1> : tensor<i32>
  meld.yield %e, %one : {ty}, tensor<i32>
}} else {{
  %n = meld.neg %arg1 : {ty}
  %two = meld.constant dense<2> : tensor<i32>
  meld.yield %n, %two : {ty}, tensor<i32>
}}
return %r, %k : {ty}, tensor<i32>""")
    x = np.array([0.5, -1.0, 0.0, 2.0], np.float32)
    r, k = mt.run(prog, [np.array(pred), x], tmp_path)
    if pred:
        # Tolerance: f32 exp (libm), rtol 1e-6 as for TRANSCENDENTAL_TOL.
        mt.assert_close(r, np.exp(x.astype(np.float64)), rtol=1e-6)
        assert int(k) == 1
    else:
        # Exact: negation.
        mt.assert_same_floats(r, -x.astype(np.float64))
        assert int(k) == 2


@pytest.mark.parametrize("limit", [0, 1, 5, 37])
def test_while_counts(limit, tmp_path):
    prog = mt.func(["tensor<i64>", "tensor<3xf64>"], ["tensor<i64>", "tensor<3xf64>"], """
%zero = meld.constant dense<0> : tensor<i64>
%i, %v = meld.while (%zero, %arg1 : tensor<i64>, tensor<3xf64>) cond {
^bb0(%ic: tensor<i64>, %vc: tensor<3xf64>):
  %p = meld.compare lt, %ic, %arg0 : tensor<i64>
  meld.yield %p : tensor<i1>
} do {
^bb0(%ib: tensor<i64>, %vb: tensor<3xf64>):
  %one = meld.constant dense<1> : tensor<i64>
  %in = meld.add %ib, %one : tensor<i64>
  %w = meld.add %vb, %vb : tensor<3xf64>
  meld.yield %in, %w : tensor<i64>, tensor<3xf64>
}
return %i, %v : tensor<i64>, tensor<3xf64>""")
    v0 = np.array([1.0, -0.5, 3.0])
    i, v = mt.run(prog, [np.array(limit, np.int64), v0], tmp_path)
    # Exact: an integer count and doublings (exact in f64).
    assert int(i) == limit
    mt.assert_same_floats(v, v0 * 2.0 ** limit)


# ---------------------------------------------------------------------------
# Constant folding and canonicalization agree with the interpreter
# ---------------------------------------------------------------------------
#
# meld-opt --canonicalize folds ops on constant operands with the same
# reference kernels; these tests run one program per element type twice --
# with the operands as arguments (interpreted) and as constants (folded by
# meld-opt) -- and require bit-identical results.  The interpreter itself is
# checked against numpy above.

def _fold_suite(elem):
    """(arg values, arg types, result types, body) exercising every foldable op
    on two 4x8 operands of type `elem`."""
    shape = (4, 8)
    ty = T(shape, elem)
    rng = rng_for("fold", elem)
    if elem == "i1":
        a = rng.integers(0, 2, shape).astype(bool)
        b = rng.integers(0, 2, shape).astype(bool)
    else:
        a, b = binary_operands(elem, rng, n=128)
        a, b = a[-32:].reshape(shape), b[-32:].reshape(shape)
        if mt.is_float(elem):
            a[0, :6] = mt.round_to([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-30], elem)
            b[0, :6] = mt.round_to([1.0, -np.inf, np.nan, 0.0, -0.0, 2.0], elem)
        else:
            lo, hi = mt.int_range(elem)
            a[0, :4] = [lo, hi, lo, -1]
            b[0, :4] = [-1, 1, lo, lo]
            b = np.where(b == 0, 5, b)
    lines, rtypes = [], []

    def emit(text, rtype):
        name = f"%r{len(lines)}"
        lines.append(f"{name} = {text.format(ty=ty)}")
        rtypes.append(rtype)
        return name

    bty = T(shape, "i1")
    if elem != "i1":
        for op in ["add", "sub", "mul", "div", "max", "min"] + (["pow"] if mt.is_float(elem) else []):
            emit(f"meld.{op} %arg0, %arg1 : {{ty}}", ty)
        unary = ["neg", "abs", "relu"]
        if mt.is_float(elem):
            unary += ["exp", "log", "tanh", "sigmoid", "erf", "silu", "sqrt", "rsqrt",
                      "gelu_erf", "gelu_tanh"]
        for op in unary:
            emit(unary_line(op, ty).split(" = ", 1)[1], ty)
        for kind in ["sum", "prod", "max", "min"] + (["mean"] if mt.is_float(elem) else []):
            emit(f"meld.reduce {kind} %arg0 dims = [1] : {ty} -> {T((4,), elem)}", T((4,), elem))
            emit(f"meld.reduce {kind} %arg1 dims = [0, 1] keep_dims : {ty} -> {T((1, 1), elem)}",
                 T((1, 1), elem))
        for kind in ["argmax", "argmin"]:
            emit(f"meld.reduce {kind} %arg0 dims = [0] : {ty} -> {T((8,), 'i64')}", T((8,), "i64"))
    for d in DIRECTIONS:
        emit(f"meld.compare {d}, %arg0, %arg1 : {{ty}}", bty)
    lines.append(f"%p = meld.compare lt, %arg0, %arg1 : {ty}")
    emit(f"meld.select %p, %arg0, %arg1 : {bty}, {{ty}}", ty)
    for dst in ALL_TYPES:
        if dst != elem:
            emit(f"meld.cast %arg0 : {{ty}} to {T(shape, dst)}", T(shape, dst))
    emit(f"meld.transpose %arg0, perm = [1, 0] : {{ty}} -> {T((8, 4), elem)}", T((8, 4), elem))
    emit(f"meld.reshape %arg1 : {{ty}} -> {T((2, 16), elem)}", T((2, 16), elem))
    emit(f"meld.slice %arg0 start = [1, 0] limit = [4, 7] strides = [2, 3] : {{ty}} -> "
         f"{T((2, 3), elem)}", T((2, 3), elem))
    emit(f"meld.concat %arg0, %arg1 dim = 1 : ({{ty}}, {{ty}}) -> {T((4, 16), elem)}",
         T((4, 16), elem))
    emit(f"meld.broadcast_in_dim %arg0, dims = [1, 2] : {{ty}} -> {T((3, 4, 8), elem)}",
         T((3, 4, 8), elem))
    body = "\n".join(lines) + "\nreturn " + ", ".join(l.split(" = ")[0] for l in lines
                                                      if l.startswith("%r")) \
        + " : " + ", ".join(rtypes)
    return [a, b], [ty, ty], rtypes, body


def _result_elem(rtype):
    return rtype[rtype.rindex("x") + 1:-1] if "x" in rtype else rtype[7:-1]


def _compare_outputs(got, want, rtypes, what):
    assert len(got) == len(want) == len(rtypes)
    for i, (g, w, rt) in enumerate(zip(got, want, rtypes)):
        elem = _result_elem(rt)
        assert g.shape == w.shape and g.dtype == w.dtype, (i, rt)
        # Exact: folding runs the interpreter's kernels, so the results must be
        # bit-identical.
        check_exact(result_values(g, elem), result_values(w, elem), elem,
                    msg=f"{what}: result #{i} ({rt})")


@pytest.mark.parametrize("elem", ALL_TYPES)
def test_constant_folding_matches_interpreter(elem, tmp_path):
    values, atypes, rtypes, body = _fold_suite(elem)
    elems = [elem] * len(values)
    interpreted = mt.run(mt.func(atypes, rtypes, body),
                         [to_input(v, e) for v, e in zip(values, elems)], tmp_path)
    consts = "\n".join(f"%arg{i} = meld.constant {mt.dense(v, e)} : {t}"
                       for i, (v, e, t) in enumerate(zip(values, elems, atypes)))
    folded_text = mt.meld_opt(mt.func([], rtypes, consts + "\n" + body), tmp_path,
                              "--canonicalize", "--cse")
    leftovers = [line.strip() for line in folded_text.splitlines()
                 if "meld." in line and "meld.constant" not in line]
    # Every op in the suite has a folder: nothing but constants may remain.
    assert not leftovers, f"not folded: {leftovers[:5]}"
    folded = mt.run(folded_text, [], tmp_path)
    _compare_outputs(folded, interpreted, rtypes, f"folded vs interpreted ({elem})")


ALGEBRA_BODY = """
%nz = meld.constant dense<-0.0> : {ty}
%pz = meld.constant dense<0.0> : {ty}
%one = meld.constant dense<1.0> : {ty}
%t = meld.constant dense<true> : tensor<i1>
%r0 = meld.add %arg0, %nz : {ty}
%r1 = meld.add %nz, %arg0 : {ty}
%r2 = meld.add %arg0, %pz : {ty}
%r3 = meld.sub %arg0, %pz : {ty}
%r4 = meld.sub %arg0, %nz : {ty}
%r5 = meld.mul %arg0, %one : {ty}
%r6 = meld.div %arg0, %one : {ty}
%r7 = meld.pow %arg0, %one : {ty}
%r8 = meld.max %arg0, %arg0 : {ty}
%n1 = meld.neg %arg0 : {ty}
%r9 = meld.neg %n1 : {ty}
%a1 = meld.abs %arg0 : {ty}
%r10 = meld.abs %a1 : {ty}
%u1 = meld.relu %arg0 : {ty}
%r11 = meld.relu %u1 : {ty}
%p = meld.compare lt, %arg0, %arg1 : {ty}
%r12 = meld.select %p, %arg1, %arg1 : tensor<4x6xi1>, {ty}
%tp = meld.broadcast_in_dim %t, dims = [] : tensor<i1> -> tensor<4x6xi1>
%r13 = meld.select %tp, %arg0, %arg1 : tensor<4x6xi1>, {ty}
%t1 = meld.transpose %arg0, perm = [1, 0] : {ty} -> tensor<6x4xf32>
%r14 = meld.transpose %t1, perm = [1, 0] : tensor<6x4xf32> -> {ty}
%b1 = meld.broadcast_in_dim %arg2, dims = [0, 1] : tensor<4x1xf32> -> {ty}
%r15 = meld.broadcast_in_dim %b1, dims = [1, 2] : {ty} -> tensor<2x4x6xf32>
%s1 = meld.reshape %arg0 : {ty} -> tensor<24xf32>
%r16 = meld.reshape %s1 : tensor<24xf32> -> tensor<3x8xf32>
%r17 = meld.slice %arg0 start = [0, 0] limit = [4, 6] strides = [1, 1] : {ty} -> {ty}
%r18 = meld.concat %arg0 dim = 1 : ({ty}) -> {ty}
%r19 = meld.cast %arg0 : {ty} to {ty}
%r20 = meld.if %t -> ({ty}) {{
  %e = meld.exp %arg0 : {ty}
  meld.yield %e : {ty}
}} else {{
  meld.yield %arg1 : {ty}
}}
%c0 = meld.dim %arg0, 0 : {ty}
%r21 = meld.iota dim = 0 sizes(%c0) : tensor<?xi64>
%t3 = meld.transpose %arg3, perm = [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
%r22 = meld.transpose %t3, perm = [2, 0, 1] : tensor<3x4x2xf32> -> tensor<2x3x4xf32>
%r23 = meld.transpose %t3, perm = [1, 2, 0] : tensor<3x4x2xf32> -> tensor<4x2x3xf32>
return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14,
       %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23
    : {ty}, {ty}, {ty}, {ty}, {ty}, {ty}, {ty}, {ty}, {ty}, {ty}, {ty}, {ty}, {ty}, {ty},
      {ty}, tensor<2x4x6xf32>, tensor<3x8xf32>, {ty}, {ty}, {ty}, {ty}, tensor<?xi64>,
      tensor<2x3x4xf32>, tensor<4x2x3xf32>
"""


def test_canonicalization_identities_preserve_results(tmp_path):
    ty = "tensor<4x6xf32>"
    body = ALGEBRA_BODY.format(ty=ty)
    rtypes = [ty] * 15 + ["tensor<2x4x6xf32>", "tensor<3x8xf32>"] + [ty] * 4 + [
        "tensor<?xi64>", "tensor<2x3x4xf32>", "tensor<4x2x3xf32>"]
    prog = mt.func([ty, ty, "tensor<4x1xf32>", "tensor<2x3x4xf32>"], rtypes, body)
    rng = rng_for("algebra")
    x = random_values("f32", (4, 6), rng)
    x[0, :] = [np.nan, -0.0, 0.0, np.inf, -np.inf, -1.5]  # x + 0.0 must not fold
    args = [x.astype(np.float32), random_values("f32", (4, 6), rng).astype(np.float32),
            random_values("f32", (4, 1), rng).astype(np.float32),
            random_values("f32", (2, 3, 4), rng).astype(np.float32)]
    original = mt.run(prog, args, tmp_path)
    canon = mt.meld_opt(prog, tmp_path, "--canonicalize", "--cse")
    # The identities must actually have been simplified away...
    assert canon.count("meld.") < prog.count("meld.") - 20, canon
    assert "meld.if" not in canon and "meld.dim" not in canon
    # ...and x + (+0.0) must survive (it turns -0.0 into +0.0).
    assert "meld.add" in canon
    simplified = mt.run(canon, args, tmp_path)
    _compare_outputs(simplified, original, rtypes, "canonicalized vs original")
    # Spot-check the interpreter on the signed-zero cases against IEEE.
    mt.assert_same_floats(original[0], x)                    # x + -0.0 == x
    mt.assert_same_floats(original[2], x + 0.0)              # -0.0 + 0.0 == +0.0
    assert not np.signbit(original[2][0, 1])


# ---------------------------------------------------------------------------
# meld-run driver details
# ---------------------------------------------------------------------------

def test_func_call_and_entry(tmp_path):
    ty = "tensor<3xi32>"
    prog = f"""
func.func @double(%x: {ty}) -> {ty} {{
  %0 = meld.add %x, %x : {ty}
  return %0 : {ty}
}}
func.func @main(%x: {ty}) -> {ty} {{
  %0 = call @double(%x) : ({ty}) -> {ty}
  %1 = call @double(%0) : ({ty}) -> {ty}
  return %1 : {ty}
}}
"""
    x = np.array([1, -2, 3], np.int32)
    (r,) = mt.run(prog, [x], tmp_path)
    np.testing.assert_array_equal(r, 4 * x)  # exact integers
    (r,) = mt.run(prog, [x], tmp_path, entry="double")
    np.testing.assert_array_equal(r, 2 * x)  # exact integers


def test_random_inputs_are_deterministic(tmp_path):
    prog = tmp_path / "p.mlir"
    prog.write_text(binary_program("add", "f32", (4, 4)))

    def outputs(seed):
        out = tmp_path / f"o{seed}.npy"
        proc = mt.run_raw(["meld-run", prog, "--random-inputs", f"--seed={seed}",
                           "--print=false", "--output", out])
        assert proc.returncode == 0, proc.stderr
        return np.load(out)

    a, b, c = outputs(3), outputs(3), outputs(4)
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)
    assert np.all(np.abs(a) < 2.0)  # sums of two values in [-1, 1)


def test_summarized_printing(tmp_path):
    prog = tmp_path / "p.mlir"
    prog.write_text(mt.func([], ["tensor<10xi32>"],
                            "%0 = meld.iota dim = 0 : tensor<10xi32>\n"
                            "return %0 : tensor<10xi32>"))
    proc = mt.run_raw(["meld-run", prog, "--print-threshold=5"])
    assert proc.returncode == 0, proc.stderr
    assert "[0, 1, 2, ..., 7, 8, 9]" in proc.stdout, proc.stdout


def test_while_iteration_limit_is_reported(tmp_path):
    prog = tmp_path / "p.mlir"
    prog.write_text(mt.func(["tensor<i1>"], ["tensor<i1>"], """
%r = meld.while (%arg0 : tensor<i1>) cond {
^bb0(%c: tensor<i1>):
  meld.yield %c : tensor<i1>
} do {
^bb0(%b: tensor<i1>):
  meld.yield %b : tensor<i1>
}
return %r : tensor<i1>"""))
    x = tmp_path / "x.npy"
    np.save(x, np.array(True))
    proc = mt.run_raw(["meld-run", prog, "--input", x, "--max-while-iterations=50",
                       "--print=false"])
    assert proc.returncode == 1
    assert "50 iterations" in proc.stderr


# ---------------------------------------------------------------------------
# meld-run must report unsupported programs with an error, never crash
# ---------------------------------------------------------------------------

def _assert_no_crash(args):
    proc = mt.run_raw(args)
    crashed = proc.returncode < 0 or proc.returncode >= 128 or "Stack dump" in proc.stderr
    assert not crashed, f"meld-run crashed (exit code {proc.returncode}):\n{proc.stderr[:600]}"
    return proc


def _assert_clean_error(args, expect):
    proc = _assert_no_crash(args)
    assert proc.returncode == 1 and "error" in proc.stderr, (proc.returncode, proc.stderr)
    assert expect in proc.stderr, proc.stderr


def test_unsupported_element_type_argument_is_reported(tmp_path):
    prog = tmp_path / "p.mlir"
    prog.write_text(mt.func(["tensor<4xi16>"], ["tensor<4xi16>"], "return %arg0 : tensor<4xi16>"))
    _assert_clean_error(["meld-run", prog, "--random-inputs"], "cannot represent")


@pytest.mark.parametrize("argtype", [
    "f32",
    "tensor<*xf32>",
    "tensor<4xf32>",
])
def test_random_inputs_argument_types(argtype, tmp_path):
    prog = tmp_path / "p.mlir"
    prog.write_text(mt.func([argtype], [argtype], f"return %arg0 : {argtype}"))
    if argtype == "tensor<4xf32>":
        proc = mt.run_raw(["meld-run", prog, "--random-inputs", "--print=false"])
        assert proc.returncode == 0, proc.stderr
        return
    _assert_clean_error(["meld-run", prog, "--random-inputs"], "argument #0")


def test_entry_returning_index_is_reported(tmp_path):
    prog = tmp_path / "p.mlir"
    prog.write_text("""
func.func @main(%x: tensor<?xf32>) -> index {
  %n = meld.dim %x, 0 : tensor<?xf32>
  return %n : index
}
""")
    _assert_clean_error(["meld-run", prog, "--random-inputs"], "index")


def test_call_with_index_operand(tmp_path):
    # Index values pass through func.call like tensors do.
    prog = tmp_path / "p.mlir"
    prog.write_text("""
func.func @f(%n: index, %x: tensor<?xf32>) -> tensor<?xf32> {
  %r = meld.reshape %x sizes(%n) : tensor<?xf32> -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @main(%x: tensor<3xf32>) -> tensor<?xf32> {
  %c = arith.constant 3 : index
  %d = meld.reshape %x sizes(%c) : tensor<3xf32> -> tensor<?xf32>
  %r = call @f(%c, %d) : (index, tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
""")
    x = np.array([1.5, -2.0, 3.25], dtype=np.float32)
    (out,) = mt.run(prog.read_text(), [x], tmp_path)
    np.testing.assert_array_equal(out, x)  # exact: reshapes copy bits


@pytest.mark.parametrize("op", ["divsi", "remsi"])
def test_index_division_overflow_is_reported(op, tmp_path):
    prog = tmp_path / "p.mlir"
    prog.write_text(f"""
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {{
  %a = arith.constant -9223372036854775808 : index
  %b = arith.constant -1 : index
  %q = arith.{op} %a, %b : index
  return %x : tensor<4xf32>
}}
""")
    # Either a defined (wrapped) result or an error is fine; a signal is not.
    proc = _assert_no_crash(["meld-run", prog, "--random-inputs", "--print=false"])
    assert proc.returncode in (0, 1)
