"""The frontend's math ops compiled by the Python JIT (``meld.compile`` on the
host device) against the reference interpreter, in a Python process.

Host kernels are object code that the JIT links against the symbols of the
running process, and a Python extension cannot count on finding every
symbol a standalone tool finds (casts from f64 to halves once called
compiler-rt's ``__truncdfhf2``, which was not there; test_jit_casts.py).
f32 ``sin``/``cos`` are expanded into f64 polynomials (meld-approximate-math),
f64 ``sin``/``cos`` and float ``rem`` call the C math library's ``sin``,
``cos``, ``fmod`` and ``fmodf`` (which every Python process has: the
interpreter links libm, like log and exp of f64 need), and floor, ceil and
round are instructions. Every function must compile, load and run here.

Tolerances: f32 sin/cos within 1 ulp of the interpreter's (std::sin in
double, rounded once; the expansion is within an ulp of the correctly
rounded result) on [-100, 100] and beyond; f64 sin/cos equal (both sides
call the same libm); rem, floor, ceil and round bit for bit (exact
operations); f16 sin within one f16 ulp (computed in f32, rounded twice).
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

N = 4096

PROGRAM = f"""
func.func @main(%x: tensor<{N}xf32>, %y: tensor<{N}xf32>, %d: tensor<{N}xf64>,
                %e: tensor<{N}xf64>, %h: tensor<{N}xf16>)
    -> (tensor<{N}xf32>, tensor<{N}xf32>, tensor<{N}xf64>, tensor<{N}xf64>,
        tensor<{N}xf32>, tensor<{N}xf64>, tensor<{N}xf32>, tensor<{N}xf32>,
        tensor<{N}xf32>, tensor<{N}xf16>) {{
  %s = meld.sin %x : tensor<{N}xf32>
  %c = meld.cos %x : tensor<{N}xf32>
  %ds = meld.sin %d : tensor<{N}xf64>
  %dc = meld.cos %d : tensor<{N}xf64>
  %r = meld.rem %x, %y : tensor<{N}xf32>
  %dr = meld.rem %d, %e : tensor<{N}xf64>
  %f = meld.floor %x : tensor<{N}xf32>
  %u = meld.ceil %x : tensor<{N}xf32>
  %o = meld.round %x : tensor<{N}xf32>
  %hs = meld.sin %h : tensor<{N}xf16>
  return %s, %c, %ds, %dc, %r, %dr, %f, %u, %o, %hs
      : tensor<{N}xf32>, tensor<{N}xf32>, tensor<{N}xf64>, tensor<{N}xf64>,
        tensor<{N}xf32>, tensor<{N}xf64>, tensor<{N}xf32>, tensor<{N}xf32>,
        tensor<{N}xf32>, tensor<{N}xf16>
}}
"""


def inputs():
    rng = np.random.default_rng(11)
    specials = [0.0, -0.0, 0.5, -0.5, 1.5, -2.5, np.pi, 1e6, -3e7, 1e20, 3.4e38,
                np.inf, -np.inf, np.nan]
    x = np.concatenate([specials, rng.uniform(-100, 100, N - len(specials))])
    y = rng.uniform(-3, 3, N)
    y[:4] = [0.0, np.inf, -0.0, 1e-30]
    d = rng.uniform(-1e4, 1e4, N)
    e = rng.uniform(-7, 7, N)
    h = rng.uniform(-8, 8, N)
    return (x.astype(np.float32), y.astype(np.float32), d, e, h.astype(np.float16))


def f32_ulps(a, b):
    ia = np.asarray(a, np.float32).view(np.int32).astype(np.int64)
    ib = np.asarray(b, np.float32).view(np.int32).astype(np.int64)
    return np.abs(ia - ib)


def test_math_through_the_jit_matches_the_interpreter():
    exe = meld.compile(PROGRAM)
    args = inputs()
    with np.errstate(all="ignore"):
        got = exe(*args)
        want = exe.interpret(*args)
    names = ["sin f32", "cos f32", "sin f64", "cos f64", "rem f32", "rem f64", "floor",
             "ceil", "round", "sin f16"]
    for name, g, w in zip(names, got, want):
        if name in ("sin f32", "cos f32"):
            # Tolerance: 1 ulp (module docstring); NaN where NaN.
            np.testing.assert_array_equal(np.isnan(g), np.isnan(w), err_msg=name)
            fin = ~np.isnan(w)
            assert f32_ulps(g[fin], w[fin]).max() <= 1, name
        elif name == "sin f16":
            # Tolerance: one f16 ulp (2^-10 relative, 2^-24 absolute near 0).
            mt.assert_close(g, w, rtol=2.0 ** -10, atol=2.0 ** -24, msg=name)
        else:
            # Exact (module docstring).
            mt.assert_same_floats(g, w, msg=name)


def test_pow_by_small_integers_matches_the_interpreter():
    """meld.pow by a constant 2, 3 or 4 compiles to products of the base
    (meld-approximate-math), which must agree with the interpreter's pow on
    zeros (signed), infinities, NaN, overflow and subnormals, and be within
    2 ulp elsewhere (two roundings against pow's one)."""
    ops = "\n".join(
        f"  %c{n} = meld.constant dense<{n}.0> : tensor<{N}xf32>\n"
        f"  %p{n} = meld.pow %x, %c{n} : tensor<{N}xf32>" for n in (2, 3, 4))
    ty = f"tensor<{N}xf32>"
    exe = meld.compile(f"func.func @main(%x: {ty}) -> ({ty}, {ty}, {ty}) {{\n{ops}\n"
                       f"  return %p2, %p3, %p4 : {ty}, {ty}, {ty}\n}}\n")
    rng = np.random.default_rng(12)
    specials = [0.0, -0.0, 1.0, -1.0, 1e-20, -1e-20, 1e-40, 3e12, -3e12, 1e20, 3.4e38,
                np.inf, -np.inf, np.nan]
    x = np.concatenate([specials, rng.uniform(-50, 50, N - len(specials))]).astype(np.float32)
    with np.errstate(all="ignore"):
        got = exe(x)
        want = exe.interpret(x)
    for n, g, w in zip((2, 3, 4), got, want):
        np.testing.assert_array_equal(np.isnan(g), np.isnan(w), err_msg=f"pow {n}")
        fin = ~np.isnan(w)
        # Signs of zeros and infinities exactly.
        np.testing.assert_array_equal(np.signbit(g[fin]), np.signbit(w[fin]),
                                      err_msg=f"pow {n}")
        assert f32_ulps(g[fin], w[fin]).max() <= 2, f"pow {n}"
