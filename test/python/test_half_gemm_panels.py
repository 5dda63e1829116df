"""Host GEMMs of halves (f16, and bf16 where it takes the widened f32
tiles: CPUs without AVX512-BF16 or AMX, here forced with
``host_cpu="x86-64-v3"``) whose blocks pack the right operand's panels,
against the reference interpreter.

The panels are packed in f32 (plain right operands extended as they are
copied; transposed ones 16 x 16 elements at a time, extended, then
transposed), so the register tiles read f32: shapes with whole and partial
panels, a transposed right operand, batches, a depth that is no multiple of
the k block, and fewer rows than a panel needs (no panel).

Tolerance: both accumulate in f32 and round once to the half; the sums'
order differs, so a result may round to the neighbouring half: |got - want|
<= 2^-p |want| + 1e-5 (|x| @ |w|), p = 7 for bf16 and 10 for f16 (the
spacing of halves near |want|).
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt

import meld

SHAPES = [
    # batch, rows, k, columns, transposed
    (0, 64, 512, 64, False),
    (0, 70, 300, 90, False),
    (0, 97, 257, 130, True),
    (0, 128, 512, 96, True),
    (0, 33, 100, 48, True),
    (0, 16, 64, 32, False),
    (3, 64, 128, 80, True),
    (2, 100, 64, 128, False),
]


def _halves(rng, shape, dtype):
    x = rng.standard_normal(shape).astype(np.float32)
    if dtype == "f16":
        h = x.astype(np.float16)
        return h, h.astype(np.float64)
    bits = mt.f32_to_bf16_bits(x)
    return bits, mt.bf16_bits_to_f32(bits).astype(np.float64)


def _values(out, dtype):
    out = np.asarray(out)
    if dtype == "f16":
        return out.astype(np.float64)
    return mt.bf16_bits_to_f32(out.view(np.uint16)).astype(np.float64)


@pytest.mark.parametrize("dtype,cpu", [("f16", None), ("f16", "x86-64-v3"),
                                       ("bf16", "x86-64-v3")])
@pytest.mark.parametrize("batch,m,k,n,transposed", SHAPES)
def test_half_gemms_with_panels_match_the_interpreter(dtype, cpu, batch, m, k, n, transposed):
    rng = np.random.default_rng(m * 1000 + n)
    lead = (batch,) if batch else ()
    w_shape = lead + ((n, k) if transposed else (k, n))
    ty = lambda *s: "tensor<" + "x".join(map(str, s)) + f"x{dtype}>"  # noqa: E731
    op = "meld.batch_matmul" if batch else "meld.matmul"
    flag = " transpose_rhs" if transposed else ""
    text = f"""
func.func @main(%x: {ty(*lead, m, k)}, %w: {ty(*w_shape)}) -> {ty(*lead, m, n)} {{
  %h = {op} %x, %w{flag} : {ty(*lead, m, k)}, {ty(*w_shape)} -> {ty(*lead, m, n)}
  return %h : {ty(*lead, m, n)}
}}
"""
    x, xv = _halves(rng, lead + (m, k), dtype)
    w, wv = _halves(rng, w_shape, dtype)
    exe = meld.compile(text, host_cpu=cpu)
    (got,) = exe(x, w)
    (want,) = exe.interpret(x, w)
    got, want = _values(got, dtype), _values(want, dtype)
    wm = np.swapaxes(wv, -1, -2) if transposed else wv
    ulp = 2.0 ** -(7 if dtype == "bf16" else 10)
    bound = ulp * np.abs(want) + 1e-5 * np.matmul(np.abs(xv), np.abs(wm))
    excess = np.abs(got - want) - bound
    assert (excess <= 0).all(), f"max excess {excess.max()}"
    # and a sanity check against f64
    np.testing.assert_allclose(got, np.matmul(xv, wm), rtol=0,
                               atol=4 * ulp * np.abs(np.matmul(xv, wm)).max())


@pytest.mark.parametrize("m", [8, 40])
def test_bf16_products_of_a_streamed_weight_match_the_interpreter(m):
    """bf16 ``x @ W^T`` of few rows with W over 32 MiB (it streams from
    memory), on this CPU's own path: AMX tiles swapped, which prefetch W's
    next rows as they read it in place, AVX512-BF16 dots, or the widened
    f32 tiles. 22001 columns: a partial last tile of W's rows."""
    k, n = 768, 22001
    rng = np.random.default_rng(m)
    text = f"""
func.func @main(%x: tensor<{m}x{k}xbf16>, %w: tensor<{n}x{k}xbf16>) -> tensor<{m}x{n}xbf16> {{
  %h = meld.matmul %x, %w transpose_rhs : tensor<{m}x{k}xbf16>, tensor<{n}x{k}xbf16> -> tensor<{m}x{n}xbf16>
  return %h : tensor<{m}x{n}xbf16>
}}
"""
    x, xv = _halves(rng, (m, k), "bf16")
    w, wv = _halves(rng, (n, k), "bf16")
    exe = meld.compile(text)
    (got,) = exe(x, w)
    (want,) = exe.interpret(x, w)
    got, want = _values(got, "bf16"), _values(want, "bf16")
    bound = 2.0 ** -7 * np.abs(want) + 1e-5 * np.matmul(np.abs(xv), np.abs(wv).T)
    excess = np.abs(got - want) - bound
    assert (excess <= 0).all(), f"max excess {excess.max()}"
