"""Host kernels with several outputs, or whose output leaves as a merged
view, split into blocks that the threads share, against the reference
interpreter.

Such kernels ran as one block on one thread: a transformer layer's down
projection whose product and residual sum both leave the kernel (Llama's
MLP, 20% of a prefill), a softmax's row maxima and sums, a layer norm's
statistics, and a normalization or a transpose whose result leaves as
PyTorch's merged view ([B, S, N] as [B*S, N], [B, H, S, D] as
[B*H, S, D]). meld-tile-host-blocks now tiles the output computed from all
the others, yields the others' tiles from the same loop, and stores a
merged result through the inverse view of its buffer. Each case checks one
launch, more than one block, and every output.

Tolerance: 1e-4 relative and absolute (sums in another order than the
interpreter's double-precision sums).
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt  # noqa: F401  (puts the build's bindings on sys.path)

import meld

PRODUCT_AND_RESIDUAL = """
func.func @main(%h: tensor<256x512xf32>, %w: tensor<128x512xf32>, %x: tensor<2x128x128xf32>) -> (tensor<256x128xf32>, tensor<2x128x128xf32>) {
  %p = meld.matmul %h, %w transpose_rhs : tensor<256x512xf32>, tensor<128x512xf32> -> tensor<256x128xf32>
  %v = meld.reshape %p : tensor<256x128xf32> -> tensor<2x128x128xf32>
  %s = meld.add %x, %v : tensor<2x128x128xf32>
  %sq = meld.mul %s, %s : tensor<2x128x128xf32>
  return %p, %sq : tensor<256x128xf32>, tensor<2x128x128xf32>
}
"""

SOFTMAX_STATS = """
func.func @main(%x: tensor<4x8x64x64xf32>) -> (tensor<4x8x64x1xf32>, tensor<4x8x64x1xf32>) {
  %max = meld.reduce max %x dims = [3] keep_dims : tensor<4x8x64x64xf32> -> tensor<4x8x64x1xf32>
  %mb = meld.broadcast_in_dim %max, dims = [0, 1, 2, 3] : tensor<4x8x64x1xf32> -> tensor<4x8x64x64xf32>
  %d = meld.sub %x, %mb : tensor<4x8x64x64xf32>
  %e = meld.exp %d : tensor<4x8x64x64xf32>
  %sum = meld.reduce sum %e dims = [3] keep_dims : tensor<4x8x64x64xf32> -> tensor<4x8x64x1xf32>
  return %max, %sum : tensor<4x8x64x1xf32>, tensor<4x8x64x1xf32>
}
"""

NORM_STATS = """
func.func @main(%x: tensor<1x197x768xf32>) -> (tensor<1x197x1xf32>, tensor<1x197x1xf32>) {
  %s = meld.reduce sum %x dims = [2] keep_dims : tensor<1x197x768xf32> -> tensor<1x197x1xf32>
  %n = meld.constant dense<768.0> : tensor<1x197x1xf32>
  %mean = meld.div %s, %n : tensor<1x197x1xf32>
  %mb = meld.broadcast_in_dim %mean, dims = [0, 1, 2] : tensor<1x197x1xf32> -> tensor<1x197x768xf32>
  %d = meld.sub %x, %mb : tensor<1x197x768xf32>
  %d2 = meld.mul %d, %d : tensor<1x197x768xf32>
  %v = meld.reduce sum %d2 dims = [2] keep_dims : tensor<1x197x768xf32> -> tensor<1x197x1xf32>
  %var = meld.div %v, %n : tensor<1x197x1xf32>
  return %mean, %var : tensor<1x197x1xf32>, tensor<1x197x1xf32>
}
"""

NORM_APPLY_MERGED = """
func.func @main(%x: tensor<8x128x768xf32>, %r: tensor<8x128x1xf32>, %g: tensor<768xf32>) -> tensor<1024x768xf32> {
  %rb = meld.broadcast_in_dim %r, dims = [0, 1, 2] : tensor<8x128x1xf32> -> tensor<8x128x768xf32>
  %gb = meld.broadcast_in_dim %g, dims = [2] : tensor<768xf32> -> tensor<8x128x768xf32>
  %y = meld.mul %x, %rb : tensor<8x128x768xf32>
  %z = meld.mul %y, %gb : tensor<8x128x768xf32>
  %o = meld.reshape %z : tensor<8x128x768xf32> -> tensor<1024x768xf32>
  return %o : tensor<1024x768xf32>
}
"""

HEADS_MERGED = """
func.func @main(%x: tensor<2x8x64x32xf32>) -> tensor<16x32x64xf32> {
  %t = meld.transpose %x, perm = [0, 1, 3, 2] : tensor<2x8x64x32xf32> -> tensor<2x8x32x64xf32>
  %o = meld.reshape %t : tensor<2x8x32x64xf32> -> tensor<16x32x64xf32>
  return %o : tensor<16x32x64xf32>
}
"""

ONE_SEQUENCE_MERGED = """
func.func @main(%x: tensor<1x128x512xf32>, %y: tensor<1x128x512xf32>) -> tensor<128x512xf32> {
  %s = meld.add %x, %y : tensor<1x128x512xf32>
  %t = meld.tanh %s : tensor<1x128x512xf32>
  %o = meld.reshape %t : tensor<1x128x512xf32> -> tensor<128x512xf32>
  return %o : tensor<128x512xf32>
}
"""

CASES = {
    "product_and_residual": PRODUCT_AND_RESIDUAL,
    "softmax_stats": SOFTMAX_STATS,
    "norm_stats": NORM_STATS,
    "norm_apply_merged": NORM_APPLY_MERGED,
    "heads_merged": HEADS_MERGED,
    "one_sequence_merged": ONE_SEQUENCE_MERGED,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_kernel_splits_into_blocks_and_matches_the_interpreter(name):
    exe = meld.compile(CASES[name])
    rng = np.random.default_rng(0)
    args = [rng.uniform(-1.0, 1.0, tuple(shape)).astype(np.float32)
            for _, shape in exe.signature().inputs]
    got = exe(*args)
    stats = exe.last_run_stats()
    want = exe.interpret(*args)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-4)
    assert stats["launches"] == 1, exe.fusion_report()
    assert stats["blocks"] > 1, stats


def test_every_block_writes_its_rows_once():
    """Two runs on other data give the second data's results: no output
    row is left from the first run (a block count on the wrong output
    would skip rows)."""
    exe = meld.compile(PRODUCT_AND_RESIDUAL)
    rng = np.random.default_rng(1)
    shapes = [tuple(shape) for _, shape in exe.signature().inputs]
    first = [rng.uniform(-1, 1, s).astype(np.float32) for s in shapes]
    second = [rng.uniform(-1, 1, s).astype(np.float32) for s in shapes]
    exe(*first)
    got = exe(*second)
    for g, w in zip(got, exe.interpret(*second)):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-4)
