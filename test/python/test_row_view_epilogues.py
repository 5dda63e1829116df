"""GEMM epilogues through PyTorch's row views, on the host, against the
reference interpreter.

A linear layer's product is `[B*S, N]`; PyTorch views it as `[B, S, N]`
activations for the bias, GELU or residual add and back for the next layer,
and a language-model head's logits leave as `[B, S, V]`. These views regroup
rows and keep columns, so the epilogue fuses into the GEMM kernel
(meld-fuse-gemm-epilogue's row-view-epilogues) and code generation computes
it on the product's shape, inside the GEMM's row blocks
(meld-fuse-elementwise-ops moves the views to the kernel's result). Each
case checks one launch, more than one block, and the results.

Also a convolution with batch norm on `[1, C, H, W]`, whose output view
drops the batch of one: the convolution must be computed inside the
epilogue's blocks (it was computed whole by every thread, 3.5x slower,
when the view stood between the two).

Tolerance: 1e-4 relative and absolute (sums of up to 2304 products in
another order than the interpreter's double-precision sums; GELU's tanh and
the cube through products within 2 ulp).
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt  # noqa: F401  (puts the build's bindings on sys.path)

import meld


def gpt_mlp(b, s, k, n):
    """GPT-2's c_fc: bias, then tanh GELU with torch.pow on the [b, s, n]
    view, and the view back."""
    m = b * s
    v = f"tensor<{b}x{s}x{n}xf32>"
    return f"""
func.func @main(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>, %b: tensor<{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %h = meld.matmul %x, %w : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32> -> tensor<{m}x{n}xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<{n}xf32> -> tensor<{m}x{n}xf32>
  %s = meld.add %h, %bb : tensor<{m}x{n}xf32>
  %r = meld.reshape %s : tensor<{m}x{n}xf32> -> {v}
  %c3 = meld.constant dense<3.0> : {v}
  %p = meld.pow %r, %c3 : {v}
  %k0 = meld.constant dense<0.044715> : {v}
  %m0 = meld.mul %p, %k0 : {v}
  %a = meld.add %r, %m0 : {v}
  %k1 = meld.constant dense<0.7978845608> : {v}
  %a1 = meld.mul %a, %k1 : {v}
  %t = meld.tanh %a1 : {v}
  %one = meld.constant dense<1.0> : {v}
  %t1 = meld.add %t, %one : {v}
  %half = meld.constant dense<0.5> : {v}
  %hr = meld.mul %r, %half : {v}
  %y = meld.mul %hr, %t1 : {v}
  %o = meld.reshape %y : {v} -> tensor<{m}x{n}xf32>
  return %o : tensor<{m}x{n}xf32>
}}
"""


def lm_head(b, s, k, n):
    """x @ W^T whose result leaves as [b, s, n] logits."""
    m = b * s
    return f"""
func.func @main(%x: tensor<{m}x{k}xf32>, %w: tensor<{n}x{k}xf32>) -> tensor<{b}x{s}x{n}xf32> {{
  %h = meld.matmul %x, %w transpose_rhs : tensor<{m}x{k}xf32>, tensor<{n}x{k}xf32> -> tensor<{m}x{n}xf32>
  %o = meld.reshape %h : tensor<{m}x{n}xf32> -> tensor<{b}x{s}x{n}xf32>
  return %o : tensor<{b}x{s}x{n}xf32>
}}
"""


def residual(b, s, k, n):
    """c_proj with its bias and the residual add on the [b, s, n] view,
    the result left as a view."""
    m = b * s
    v = f"tensor<{b}x{s}x{n}xf32>"
    return f"""
func.func @main(%x: tensor<{m}x{k}xf32>, %w: tensor<{k}x{n}xf32>, %b: tensor<{n}xf32>, %res: {v}) -> {v} {{
  %h = meld.matmul %x, %w : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32> -> tensor<{m}x{n}xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<{n}xf32> -> tensor<{m}x{n}xf32>
  %s = meld.add %h, %bb : tensor<{m}x{n}xf32>
  %r = meld.reshape %s : tensor<{m}x{n}xf32> -> {v}
  %o = meld.add %r, %res : {v}
  return %o : {v}
}}
"""

CONV_BN = """
func.func @main(%x: tensor<1x64x14x14xf32>, %w: tensor<64x64x3x3xf32>, %var: tensor<64xf32>, %g: tensor<64xf32>, %mean: tensor<64xf32>, %beta: tensor<64xf32>) -> tensor<1x64x14x14xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<1x64x14x14xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x14x14xf32>
  %e = meld.constant dense<1.0e-5> : tensor<64xf32>
  %v1 = meld.add %var, %e : tensor<64xf32>
  %v2 = meld.rsqrt %v1 : tensor<64xf32>
  %v3 = meld.mul %v2, %g : tensor<64xf32>
  %v4 = meld.mul %mean, %v3 : tensor<64xf32>
  %v5 = meld.sub %beta, %v4 : tensor<64xf32>
  %r1 = meld.reshape %v3 : tensor<64xf32> -> tensor<64x1x1xf32>
  %b1 = meld.broadcast_in_dim %r1, dims = [1, 2, 3] : tensor<64x1x1xf32> -> tensor<1x64x14x14xf32>
  %m = meld.mul %y, %b1 : tensor<1x64x14x14xf32>
  %r2 = meld.reshape %v5 : tensor<64xf32> -> tensor<64x1x1xf32>
  %b2 = meld.broadcast_in_dim %r2, dims = [1, 2, 3] : tensor<64x1x1xf32> -> tensor<1x64x14x14xf32>
  %s = meld.add %m, %b2 : tensor<1x64x14x14xf32>
  %o = meld.relu %s : tensor<1x64x14x14xf32>
  return %o : tensor<1x64x14x14xf32>
}
"""

CASES = {
    "gpt_mlp_8x128": gpt_mlp(8, 128, 96, 384),
    "gpt_mlp_3x37": gpt_mlp(3, 37, 64, 200),
    "gpt_mlp_one_row": gpt_mlp(1, 1, 96, 384),
    "lm_head_4x33": lm_head(4, 33, 64, 1000),
    "residual_2x100": residual(2, 100, 128, 96),
    "conv_bn": CONV_BN,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_row_view_epilogue_fuses_and_matches_the_interpreter(name):
    exe = meld.compile(CASES[name])
    rng = np.random.default_rng(0)
    args = [rng.uniform(0.1, 1.0, tuple(shape)).astype(np.float32)
            for _, shape in exe.signature().inputs]
    got = exe(*args)
    stats = exe.last_run_stats()
    want = exe.interpret(*args)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-4, atol=1e-4)
    assert stats["launches"] == 1, exe.fusion_report()
    if name != "gpt_mlp_one_row":
        assert stats["blocks"] > 1, stats
