"""Every cast between f64, f32, f16 and bf16 compiled by the Python JIT
(``meld.compile`` on the host device) against the reference interpreter and
a numpy reference, bit for bit.

``meld.cast`` rounds float to float once, to nearest even (MeldOps.td). The
inputs are the values where that is hard to get right: ties of each
narrower type and their nearest neighbours (a double just above an f16 or
bf16 tie rounds onto the tie in f32, so truncating through f32 rounds twice
and lands on the even neighbour), subnormals of every type, the overflow
thresholds, signed zeros, infinities and NaN. Casts from f64 to f16 and bf16
once compiled to calls of compiler-rt's ``__truncdfhf2`` / ``__truncdfbf2``,
which the JIT could not resolve in a Python process ("the host code has no
kernel"); f32 to bf16 flushed subnormals on AVX512-BF16 CPUs.

Tolerance: none. Every result must equal the correctly rounded value (NaN
where NaN, zeros with their sign).
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt

try:
    import meld
except ImportError as e:  # reported as a failure, never a skip
    pytest.fail(f"cannot import meld from {mt.build_dir() / 'python-bindings'}: {e}; "
                "build the _meld target (needs nanobind in .venv)", pytrace=False)


def probes() -> np.ndarray:
    values = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 1.0 / 3.0, 65504.0,
              65519.99, 65520.0, -65520.0, 1e300, -1e300, 1e-300, 5e-324,
              float.fromhex("0x1.fefp127"),       # bf16's largest + half an ulp
              float.fromhex("0x1.fffffep127"),    # f32's largest
              float.fromhex("0x1.ffffffp127"),    # rounds to inf in f32
              2.0 ** -25, 2.0 ** -134, 2.0 ** -150]
    for precision in (11, 8, 24):  # f16, bf16, f32
        for exponent in (-149, -140, -133, -126, -24, -20, -14, -1, 0, 7, 15, 127):
            for k in (0, 1, 5):
                tie = (1.0 + (2 * k + 1) * 2.0 ** -precision) * 2.0 ** exponent
                for nudge in (-(2.0 ** -40), 0.0, 2.0 ** -40):
                    values += [tie * (1 + nudge), -tie * (1 + nudge)]
    for k in (0, 1, 3, 1022):  # f16 subnormal ties (k + 1/2) 2^-24
        for nudge in (-(2.0 ** -40), 0.0, 2.0 ** -40):
            values.append((k + 0.5) * 2.0 ** -24 * (1 + nudge))
    rng = np.random.default_rng(5)
    random = rng.uniform(1, 2, 200) * np.exp2(rng.integers(-160, 130, 200))
    return np.concatenate([np.array(values), random * np.where(rng.random(200) < 0.5, -1, 1)])


PROBES = probes()
PAIRS = [(s, d) for s in mt.FLOAT_TYPES for d in mt.FLOAT_TYPES if s != d]


@pytest.mark.parametrize("src,dst", PAIRS, ids=[f"{s}-{d}" for s, d in PAIRS])
def test_cast_through_the_jit_matches_the_interpreter(src, dst):
    n = len(PROBES)
    ity, oty = mt.tensor_type((n,), src), mt.tensor_type((n,), dst)
    exe = meld.compile(f"func.func @main(%x: {ity}) -> {oty} {{\n"
                       f"  %y = meld.cast %x : {ity} to {oty}\n"
                       f"  return %y : {oty}\n}}\n")
    x = mt.encode(PROBES, src)
    (got,) = exe(x)
    (want,) = exe.interpret(x)
    # Exact (module docstring): the interpreter rounds once with APFloat.
    mt.assert_same_floats(mt.decode(got, dst), mt.decode(want, dst),
                          msg=f"cast {src}->{dst}, compiled vs interpreter")
    # And numpy's single rounding of the source values (meldtest.round_to).
    with np.errstate(all="ignore"):
        ref = mt.round_to(mt.decode(x, src), dst)
    mt.assert_same_floats(mt.decode(got, dst), ref, msg=f"cast {src}->{dst}, vs numpy")
