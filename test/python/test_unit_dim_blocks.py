"""Kernels over a batch of one split into row blocks after the unit dims.

Activations of one image or one sequence (1 x 197 x 768 in a ViT, 1 x 12 x
197 x 197 attention scores) were one block, one thread, on the host:
meld-tile-host-blocks (skip-unit-dims) now splits the first dim after the
leading unit dims. Each case runs on real data against the reference
interpreter and checks that the launch has more than one block.

Also a linear layer whose bias + GELU epilogue goes through unit-dim views
(fused into its GEMM since 2026-11-26). Tolerance: 1e-5 relative and
absolute for the row statistics, 1e-4 for the convolution's sums of 768
products and the linear layer's of 96 (summed in another order than the
interpreter's double-precision sums).
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt  # noqa: F401  (puts the build's bindings on sys.path)

import meld

LAYER_NORM = """
func.func @main(%x: tensor<1x197x768xf32>) -> tensor<1x197x768xf32> {
  %s = meld.reduce mean %x dims = [2] keep_dims : tensor<1x197x768xf32> -> tensor<1x197x1xf32>
  %sb = meld.broadcast_in_dim %s, dims = [0, 1, 2] : tensor<1x197x1xf32> -> tensor<1x197x768xf32>
  %d = meld.sub %x, %sb : tensor<1x197x768xf32>
  %q = meld.mul %d, %d : tensor<1x197x768xf32>
  %v = meld.reduce mean %q dims = [2] keep_dims : tensor<1x197x768xf32> -> tensor<1x197x1xf32>
  %r = meld.rsqrt %v : tensor<1x197x1xf32>
  %rb = meld.broadcast_in_dim %r, dims = [0, 1, 2] : tensor<1x197x1xf32> -> tensor<1x197x768xf32>
  %y = meld.mul %d, %rb : tensor<1x197x768xf32>
  return %y : tensor<1x197x768xf32>
}
"""

SOFTMAX = """
func.func @main(%x: tensor<1x12x197x197xf32>) -> tensor<1x12x197x197xf32> {
  %m = meld.reduce max %x dims = [3] keep_dims : tensor<1x12x197x197xf32> -> tensor<1x12x197x1xf32>
  %mb = meld.broadcast_in_dim %m, dims = [0, 1, 2, 3] : tensor<1x12x197x1xf32> -> tensor<1x12x197x197xf32>
  %e = meld.exp %x : tensor<1x12x197x197xf32>
  %z = meld.sub %x, %mb : tensor<1x12x197x197xf32>
  %ez = meld.exp %z : tensor<1x12x197x197xf32>
  %s = meld.reduce sum %ez dims = [3] keep_dims : tensor<1x12x197x197xf32> -> tensor<1x12x197x1xf32>
  %sb = meld.broadcast_in_dim %s, dims = [0, 1, 2, 3] : tensor<1x12x197x1xf32> -> tensor<1x12x197x197xf32>
  %y = meld.div %ez, %sb : tensor<1x12x197x197xf32>
  return %y : tensor<1x12x197x197xf32>
}
"""

PATCHES = """
func.func @main(%x: tensor<1x3x64x64xf32>, %w: tensor<96x3x16x16xf32>) -> tensor<1x96x4x4xf32> {
  %y = meld.conv %x, %w strides = [16, 16] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<1x3x64x64xf32>, tensor<96x3x16x16xf32>) -> tensor<1x96x4x4xf32>
  return %y : tensor<1x96x4x4xf32>
}
"""

# A linear layer between 3-D activations: the bias + GELU epilogue goes
# through views that add and drop the unit batch dim, and is fused into
# the GEMM kernel (one launch).
LINEAR_VIEWS = """
func.func @main(%x: tensor<197x96xf32>, %w: tensor<768x96xf32>, %b: tensor<768xf32>) -> tensor<197x768xf32> {
  %y = meld.matmul %x, %w transpose_rhs : tensor<197x96xf32>, tensor<768x96xf32> -> tensor<197x768xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<768xf32> -> tensor<197x768xf32>
  %a = meld.add %y, %bb : tensor<197x768xf32>
  %v = meld.reshape %a : tensor<197x768xf32> -> tensor<1x197x768xf32>
  %g = meld.gelu %v : tensor<1x197x768xf32>
  %r = meld.reshape %g : tensor<1x197x768xf32> -> tensor<197x768xf32>
  return %r : tensor<197x768xf32>
}
"""


@pytest.mark.parametrize("ir,tol", [(LAYER_NORM, 1e-5), (SOFTMAX, 1e-5), (PATCHES, 1e-4),
                                    (LINEAR_VIEWS, 1e-4)],
                         ids=["layer_norm", "softmax", "patch_conv", "linear_views"])
def test_a_batch_of_one_runs_in_several_blocks(ir, tol):
    exe = meld.compile(ir)
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(tuple(shape)).astype(np.float32)
            for _, shape in exe.signature().inputs]
    got = exe(*args)
    stats = exe.last_run_stats()
    want = exe.interpret(*args)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=tol, atol=tol)
    assert stats["blocks"] > stats["launches"], stats
    if ir is LINEAR_VIEWS:
        assert stats["launches"] == 1, exe.fusion_report()
