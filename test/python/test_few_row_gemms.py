"""Host GEMMs of few rows (decode steps, small batches: 1 to 64 rows) on
real data, against the reference interpreter and numpy.

Rows up to 5 register tiles take dot products along the contiguous k when
the right operand is transposed (PyTorch's ``x @ W^T``): tiles of 4 rows by
6 columns on Intel's AVX-512 cores (4 elsewhere), the right operand
streamed once, k in chunks of 1024 steps (2064 = 2 x 1024 + 16 leaves a
partial chunk), and gemms of up to a block of rows split their columns
across threads. Every row count around the 4-row and 8-row steps, both operand
layouts, static and dynamic rows, a column count that leaves a partial
group, one that splits into whole column blocks and one whose last column
block is partial (1000 = 3 x 256 + 232: with x @ W^T its threads still
split the columns), with a bias and GELU epilogue fused.

Tolerance: float32 sums in another order than the interpreter's (which
accumulates in double): |got - want| <= 1e-5 * (|x| @ |w|) + 1e-6.
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt  # noqa: F401  (puts the build's bindings on sys.path)

import meld

ROWS = [1, 2, 3, 4, 5, 7, 8, 9, 13, 31, 32, 33, 63, 64]


def program(rows, k, n, transposed: bool) -> str:
    m = "?" if rows is None else str(rows)
    w = f"{n}x{k}" if transposed else f"{k}x{n}"
    flag = " transpose_rhs" if transposed else ""
    return f"""
func.func @main(%x: tensor<{m}x{k}xf32>, %w: tensor<{w}xf32>, %b: tensor<{n}xf32>)
    -> tensor<{m}x{n}xf32> {{
  %y = meld.matmul %x, %w{flag} : tensor<{m}x{k}xf32>, tensor<{w}xf32> -> tensor<{m}x{n}xf32>
  %c0 = meld.dim %x, 0 : tensor<{m}x{k}xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1]{" sizes(%c0)" if rows is None else ""} : tensor<{n}xf32> -> tensor<{m}x{n}xf32>
  %s = meld.add %y, %bb : tensor<{m}x{n}xf32>
  %g = meld.gelu %s : tensor<{m}x{n}xf32>
  return %g : tensor<{m}x{n}xf32>
}}
"""


def check(exe, x, w, b, transposed):
    (got,) = exe(x, w, b)
    (ref,) = exe.interpret(x, w, b)
    wm = w.T if transposed else w
    bound = 1e-5 * (np.abs(x) @ np.abs(wm)) + 1e-6
    assert got.shape == ref.shape
    excess = np.abs(got - ref) - bound
    assert (excess <= 0).all(), f"max excess {excess.max()} at {np.unravel_index(excess.argmax(), excess.shape)}"


@pytest.mark.parametrize("transposed", [True, False], ids=["x@W^T", "x@W"])
@pytest.mark.parametrize("k,n", [(64, 37), (48, 512), (48, 1000), (2064, 37), (1040, 520)])
def test_few_row_gemms_match_the_interpreter(transposed, k, n):
    rng = np.random.default_rng(k + n + transposed)
    w = rng.standard_normal((n, k) if transposed else (k, n)).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    dynamic = meld.compile(program(None, k, n, transposed))
    for rows in ROWS:
        x = rng.standard_normal((rows, k)).astype(np.float32)
        check(meld.compile(program(rows, k, n, transposed)), x, w, b, transposed)
        check(dynamic, x, w, b, transposed)


@pytest.mark.parametrize("transposed", [True, False], ids=["x@W^T", "x@W"])
@pytest.mark.parametrize("k,n", [(48, 512), (48, 1000), (40, 300)])
def test_dynamic_rows_shared_between_threads_match_the_interpreter(transposed, k, n):
    """Dynamic rows past the few-row versions: their blocks split whole
    column blocks (512), or share the rows out at run time, 64 to 256 per
    block (1000 and 300 columns: meld.min_rows_per_block); every count
    around the block boundaries, which the bundle's block count and the
    kernel compute alike."""
    rng = np.random.default_rng(k * n + transposed)
    w = rng.standard_normal((n, k) if transposed else (k, n)).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    dynamic = meld.compile(program(None, k, n, transposed))
    for rows in (65, 127, 128, 129, 130, 200, 255, 256, 257, 511, 512, 513, 700, 1025):
        x = rng.standard_normal((rows, k)).astype(np.float32)
        check(dynamic, x, w, b, transposed)


def test_dynamic_rows_of_a_language_model_head_match_numpy():
    """GPT-2's head with a dynamic count of rows (a prefill of any length):
    768 @ (50257 x 768)^T, whose columns are no whole blocks, so its rows
    are shared out at run time (64-256 per block) and its k blocks add into
    the output. Blocks that each computed to the last row added the later
    blocks' rows twice (relative error 1.0 at 100-256 rows)."""
    k, n = 768, 50257
    exe = meld.compile(f"""
func.func @main(%x: tensor<?x{k}xf32>, %w: tensor<{n}x{k}xf32>) -> tensor<?x{n}xf32> {{
  %y = meld.matmul %x, %w transpose_rhs : tensor<?x{k}xf32>, tensor<{n}x{k}xf32> -> tensor<?x{n}xf32>
  return %y : tensor<?x{n}xf32>
}}""")
    rng = np.random.default_rng(3)
    w = rng.standard_normal((n, k)).astype(np.float32)
    for rows in (100, 128, 256):
        x = rng.standard_normal((rows, k)).astype(np.float32)
        (got,) = exe(x, w)
        want = x @ w.T
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-4 * np.abs(want).max(),
                                   err_msg=f"{rows} rows")


def _bf16(rng, shape, scale=1.0):
    bits = mt.f32_to_bf16_bits((rng.standard_normal(shape) * scale).astype(np.float32))
    return bits, mt.bf16_bits_to_f32(bits)


def test_bf16_products_of_a_streamed_weight_match_numpy():
    """bf16 few-row products of a weight larger than an L3's share (more
    than 32 MiB, which streams from memory on every call) prefetch the
    weight's next rows ahead of them, with AVX512-BF16: 40 static rows of
    `x @ W^T` (swapped, once per 64-byte line of each row of W) and dynamic
    rows (dots along rows: 4 at a time, then one tile of the last 1 to 3),
    and a grouped matmul of 20 experts of 1024 x 1024 (40 MiB) with groups
    of 0 to 70 rows. (Elsewhere the same products take other paths, and
    the results must match all the same.) bf16 outputs: within 1e-2 of the
    largest output, their rounding."""
    k, n = 4100, 4096  # (32.03 MiB; 2050 pairs of k: 128 lines and 2 words)
    rng = np.random.default_rng(11)
    w_bits, w = _bf16(rng, (n, k), k ** -0.5)
    for rows in ("40", "?"):
        exe = meld.compile(f"""
func.func @main(%x: tensor<{rows}x{k}xbf16>, %w: tensor<{n}x{k}xbf16>) -> tensor<{rows}x{n}xbf16> {{
  %y = meld.matmul %x, %w transpose_rhs : tensor<{rows}x{k}xbf16>, tensor<{n}x{k}xbf16> -> tensor<{rows}x{n}xbf16>
  return %y : tensor<{rows}x{n}xbf16>
}}""")
        for count in ((40,) if rows == "40" else (1, 2, 7, 62)):
            x_bits, x = _bf16(rng, (count, k))
            (got,) = exe(x_bits, w_bits)
            want = x @ w.T
            np.testing.assert_allclose(mt.bf16_bits_to_f32(got), want, rtol=0,
                                       atol=1e-2 * np.abs(want).max(),
                                       err_msg=f"{rows} rows, {count}")

    groups, k, n = 20, 1024, 1024
    counts = np.array([0, 1, 2, 3, 5, 70, 0, 33, 4, 9, 62, 1, 0, 17, 8, 40, 2, 3, 6, 0])
    offsets = np.cumsum(counts).astype(np.int32)
    m = int(offsets[-1])
    exe = meld.compile(f"""
func.func @main(%x: tensor<?x{k}xbf16>, %w: tensor<{groups}x{n}x{k}xbf16>, %o: tensor<{groups}xi32>) -> tensor<?x{n}xbf16> {{
  %y = meld.grouped_matmul %x, %w, %o transpose_rhs : (tensor<?x{k}xbf16>, tensor<{groups}x{n}x{k}xbf16>, tensor<{groups}xi32>) -> tensor<?x{n}xbf16>
  return %y : tensor<?x{n}xbf16>
}}""")
    w_bits, w = _bf16(rng, (groups, n, k), k ** -0.5)
    x_bits, x = _bf16(rng, (m, k))
    (got,) = exe(x_bits, w_bits, offsets)
    want = np.zeros((m, n), np.float32)
    start = 0
    for g, end in enumerate(offsets):
        want[start:end] = x[start:end] @ w[g].T
        start = end
    np.testing.assert_allclose(mt.bf16_bits_to_f32(got), want, rtol=0,
                               atol=1e-2 * np.abs(want).max())
