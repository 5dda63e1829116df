"""Horizontal host kernels on real data, against the reference interpreter.

A horizontal kernel (independent sub-kernels in one launch) splits each
sub-kernel into its own row blocks, in one flat space of blocks that the
host's threads share (meld-tile-host-blocks, `horizontal`); a sub-kernel
that cannot be split (a sum to a scalar) is one block of that space. Before,
the whole launch was one block, one thread: a Llama MLP's gate and up
projections ran at half the machine.

Covered: two GEMMs sharing their input (PyTorch's x @ W^T), one with a bias
and GELU epilogue, at row counts that split into several blocks, one block
and partial blocks, or into column blocks (whole or partial), static and
dynamic; an optimizer-like step over
parameters of odd sizes (1 to 70,000 elements) sharing a learning rate; a
convolution beside a full reduction (a matmul beside one keeps a launch
of its own on the host).

Tolerance: float32 sums in another order than the interpreter's (which
accumulates in double): |got - want| <= 1e-5 * (|x| @ |w|) + 1e-6 for
products; 1e-6 relative for pointwise ops; 1e-4 relative for the sum.
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt  # noqa: F401  (puts the build's bindings on sys.path)

import meld


def two_gemms(rows, k, n) -> str:
    m = "?" if rows is None else str(rows)
    x, w, y = f"tensor<{m}x{k}xf32>", f"tensor<{n}x{k}xf32>", f"tensor<{m}x{n}xf32>"
    sizes = " sizes(%c0)" if rows is None else ""
    return f"""
func.func @main(%x: {x}, %wg: {w}, %wu: {w}, %b: tensor<{n}xf32>) -> ({y}, {y}) {{
  %g = meld.matmul %x, %wg transpose_rhs : {x}, {w} -> {y}
  %u = meld.matmul %x, %wu transpose_rhs : {x}, {w} -> {y}
  %c0 = meld.dim %x, 0 : {x}
  %bb = meld.broadcast_in_dim %b, dims = [1]{sizes} : tensor<{n}xf32> -> {y}
  %s = meld.add %u, %bb : {y}
  %e = meld.gelu %s : {y}
  return %g, %e : {y}, {y}
}}
"""


def horizontal(exe) -> bool:
    return "horizontal" in exe.fusion_report()


@pytest.mark.parametrize("rows,n", [(1, 160), (8, 160), (77, 160), (128, 160), (300, 160),
                                    (8, 768), (197, 768), (3, 1000)])
def test_two_gemms_in_one_launch_match_the_interpreter(rows, n):
    # 768 columns: sub-kernels split their columns (blocks of 192 on 2
    # threads); 1000: few rows, dot products, a partial last column block.
    k = 96
    rng = np.random.default_rng(rows)
    x = rng.standard_normal((rows, k)).astype(np.float32)
    wg = rng.standard_normal((n, k)).astype(np.float32)
    wu = rng.standard_normal((n, k)).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    bound = 1e-5 * (np.abs(x) @ np.abs(np.concatenate([wg, wu]).T)) + 1e-6
    bound = np.maximum(bound[:, :n], bound[:, n:])
    static = meld.compile(two_gemms(rows, k, n))
    for exe in (static, meld.compile(two_gemms(None, k, n))):
        assert horizontal(exe), exe.fusion_report()
        got = exe(x, wg, wu, b)
        stats = exe.last_run_stats()
        want = exe.interpret(x, wg, wu, b)
        for g, w in zip(got, want):
            assert g.shape == w.shape
            assert (np.abs(g - w) <= bound).all(), np.abs(g - w).max()
        assert stats["launches"] == 1, stats
        if rows >= 128 and exe is static:
            # Both GEMMs split their rows, one block per thread at least
            # (dynamic rows take blocks of 256): more blocks than
            # sub-kernels.
            assert stats["blocks"] > 2, stats


SIZES = [1, 7, 300, 4097, 70000, 33, 1024]


def step_program() -> str:
    args, body, results, types = ["%lr: tensor<f32>"], [], [], []
    for i, n in enumerate(SIZES):
        t = f"tensor<{n}xf32>"
        args += [f"%p{i}: {t}", f"%g{i}: {t}"]
        body += [f"  %l{i} = meld.broadcast_in_dim %lr, dims = [] : tensor<f32> -> {t}",
                 f"  %d{i} = meld.mul %l{i}, %g{i} : {t}",
                 f"  %n{i} = meld.sub %p{i}, %d{i} : {t}"]
        results.append(f"%n{i}")
        types.append(t)
    return (f"func.func @main({', '.join(args)}) -> ({', '.join(types)}) {{\n"
            + "\n".join(body)
            + f"\n  return {', '.join(results)} : {', '.join(types)}\n}}\n")


def test_a_step_over_parameters_of_odd_sizes_shares_its_blocks():
    exe = meld.compile(step_program())
    assert horizontal(exe), exe.fusion_report()
    rng = np.random.default_rng(1)
    lr = np.array(0.01, dtype=np.float32)
    args = [lr]
    for n in SIZES:
        args += [rng.standard_normal(n).astype(np.float32),
                 rng.standard_normal(n).astype(np.float32)]
    got = exe(*args)
    stats = exe.last_run_stats()
    want = exe.interpret(*args)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-7)
    assert stats["launches"] == 1, stats
    # 70,000 elements alone are several blocks.
    assert stats["blocks"] > len(SIZES), stats


def test_a_convolution_beside_a_full_sum():
    """A contraction's blocks beside a part of one block: a 1x1
    convolution (whose kernels share launches on the host) and a sum to a
    scalar of its input."""
    ir = """
func.func @main(%x: tensor<1x64x16x16xf32>, %w: tensor<96x64x1x1xf32>, %v: tensor<1000x3xf32>)
    -> (tensor<1x96x16x16xf32>, tensor<f32>) {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<1x64x16x16xf32>, tensor<96x64x1x1xf32>) -> tensor<1x96x16x16xf32>
  %s = meld.reduce sum %x dims = [0, 1, 2, 3] : tensor<1x64x16x16xf32> -> tensor<f32>
  return %y, %s : tensor<1x96x16x16xf32>, tensor<f32>
}
"""
    exe = meld.compile(ir)
    rng = np.random.default_rng(2)
    x = rng.standard_normal((1, 64, 16, 16)).astype(np.float32)
    w = rng.standard_normal((96, 64, 1, 1)).astype(np.float32)
    v = rng.standard_normal((1000, 3)).astype(np.float32)
    assert horizontal(exe), exe.fusion_report()
    y, s = exe(x, w, v)
    assert exe.last_run_stats()["launches"] == 1
    ry, rs = exe.interpret(x, w, v)
    bound = np.einsum("fc,nchw->nfhw", np.abs(w[:, :, 0, 0]), np.abs(x))
    assert (np.abs(y - ry) <= 1e-5 * bound + 1e-6).all()
    np.testing.assert_allclose(s, rs, rtol=1e-4, atol=1e-4)


def test_a_matmul_keeps_a_launch_of_its_own_on_the_host():
    """A matmul beside a sum of its input: on the host a matmul's kernel
    shares a launch only with other matmuls' (meld-fuse-horizontal's
    separate-contractions: the threads take a launch's blocks from home
    ranges, and a GEMM beside a transpose of many blocks ran on one
    thread), so two launches, with the interpreter's results."""
    ir = """
func.func @main(%x: tensor<256x64xf32>, %w: tensor<64x96xf32>) -> (tensor<256x96xf32>, tensor<f32>) {
  %y = meld.matmul %x, %w : tensor<256x64xf32>, tensor<64x96xf32> -> tensor<256x96xf32>
  %s = meld.reduce sum %x dims = [0, 1] : tensor<256x64xf32> -> tensor<f32>
  return %y, %s : tensor<256x96xf32>, tensor<f32>
}
"""
    exe = meld.compile(ir)
    rng = np.random.default_rng(2)
    x = rng.standard_normal((256, 64)).astype(np.float32)
    w = rng.standard_normal((64, 96)).astype(np.float32)
    assert not horizontal(exe), exe.fusion_report()
    y, s = exe(x, w)
    assert exe.last_run_stats()["launches"] == 2
    ry, rs = exe.interpret(x, w)
    assert (np.abs(y - ry) <= 1e-5 * (np.abs(x) @ np.abs(w)) + 1e-6).all()
    np.testing.assert_allclose(s, rs, rtol=1e-4, atol=1e-4)
