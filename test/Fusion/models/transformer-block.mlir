// RUN: meld-opt %s --meld-fuse --meld-fusion-report -o /dev/null | FileCheck %s
// RUN: meld-opt %s --meld-fuse -o %t.mlir
// RUN: meld-run %s --random-inputs --seed 5 > %t.unfused
// RUN: meld-run %t.mlir --random-inputs --seed 5 > %t.fused
// RUN: diff %t.unfused %t.fused

// A pre-norm GPT-style transformer block on 16 tokens of width 64, one head:
//   h = LN1(x); q, k, v = h Wq, h Wk, h Wv
//   a = softmax(q k^T / 8 + causal) v Wo + bo;  x1 = x + a
//   y = x1 + (gelu_tanh(LN2(x1) W1 + b1) W2 + b2)

// CHECK-LABEL: meld fusion report: @main
// LayerNorm 1: one persistent-row kernel.
// CHECK:      group 0: reduction, 15 ops
// Q, K and V projections of the same input: one horizontal launch.
// CHECK-NEXT: group 1: horizontal, 3 kernels, sharing an input or an iteration space, 3 ops ([gemm: matmul], [gemm: matmul], [gemm: matmul])
// Scores; then scale, causal mask and softmax in one kernel; then P V.
// CHECK-NEXT: group 2: gemm, 1 op (matmul)
// CHECK-NEXT: group 3: reduction, 13 ops (mul, iota, iota, compare, select, add, reduce, broadcast_in_dim, sub, exp, reduce, broadcast_in_dim, div)
// CHECK-NEXT: group 4: gemm, 1 op (matmul)
// The output projection; its bias and residual add fuse into LayerNorm 2 as
// a prologue (the reduction pass runs first), which writes x1 for the second
// residual.
// CHECK-NEXT: group 5: gemm, 1 op (matmul)
// CHECK-NEXT: group 6: reduction, 18 ops (broadcast_in_dim, add, add, reduce,
// MLP: bias + GELU, and bias + residual, in the GEMM epilogues.
// CHECK-NEXT: group 7: gemm, 4 ops (matmul, broadcast_in_dim, add, gelu)
// CHECK-NEXT: group 8: gemm, 4 ops (matmul, broadcast_in_dim, add, add)
// CHECK-NEXT: horizontal: 3 independent kernels at depth 1 share a launch: about 1.02 us as one launch against 3.02 us apart
// CHECK-NEXT: before fusion: 56 launches, 635136 bytes
// CHECK-NEXT: after fusion:  9 launches, 313856 bytes

func.func @main(%x: tensor<16x64xf32>,
                %g1: tensor<64xf32>, %be1: tensor<64xf32>,
                %wq: tensor<64x64xf32>, %wk: tensor<64x64xf32>,
                %wv: tensor<64x64xf32>, %wo: tensor<64x64xf32>,
                %bo: tensor<64xf32>,
                %g2: tensor<64xf32>, %be2: tensor<64xf32>,
                %w1: tensor<64x256xf32>, %b1: tensor<256xf32>,
                %w2: tensor<256x64xf32>, %b2: tensor<64xf32>)
    -> tensor<16x64xf32> {
  // LayerNorm 1.
  %m1 = meld.reduce mean %x dims = [1] keep_dims : tensor<16x64xf32> -> tensor<16x1xf32>
  %m1b = meld.broadcast_in_dim %m1, dims = [0, 1] : tensor<16x1xf32> -> tensor<16x64xf32>
  %xc1 = meld.sub %x, %m1b : tensor<16x64xf32>
  %sq1 = meld.mul %xc1, %xc1 : tensor<16x64xf32>
  %v1 = meld.reduce mean %sq1 dims = [1] keep_dims : tensor<16x64xf32> -> tensor<16x1xf32>
  %eps = meld.constant dense<1.0e-05> : tensor<16x1xf32>
  %v1e = meld.add %v1, %eps : tensor<16x1xf32>
  %r1 = meld.rsqrt %v1e : tensor<16x1xf32>
  %r1b = meld.broadcast_in_dim %r1, dims = [0, 1] : tensor<16x1xf32> -> tensor<16x64xf32>
  %n1 = meld.mul %xc1, %r1b : tensor<16x64xf32>
  %g1b = meld.broadcast_in_dim %g1, dims = [1] : tensor<64xf32> -> tensor<16x64xf32>
  %be1b = meld.broadcast_in_dim %be1, dims = [1] : tensor<64xf32> -> tensor<16x64xf32>
  %s1 = meld.mul %n1, %g1b : tensor<16x64xf32>
  %h = meld.add %s1, %be1b : tensor<16x64xf32>

  // Attention.
  %q = meld.matmul %h, %wq : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  %k = meld.matmul %h, %wk : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  %v = meld.matmul %h, %wv : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  %qk = meld.matmul %q, %k transpose_rhs : tensor<16x64xf32>, tensor<16x64xf32> -> tensor<16x16xf32>
  %scale = meld.constant dense<0.125> : tensor<16x16xf32>
  %sc = meld.mul %qk, %scale : tensor<16x16xf32>
  %row = meld.iota dim = 0 : tensor<16x16xi32>
  %col = meld.iota dim = 1 : tensor<16x16xi32>
  %ok = meld.compare le, %col, %row : tensor<16x16xi32>
  %zero = meld.constant dense<0.0> : tensor<16x16xf32>
  %ninf = meld.constant dense<0xFF800000> : tensor<16x16xf32>
  %mask = meld.select %ok, %zero, %ninf : tensor<16x16xi1>, tensor<16x16xf32>
  %sm = meld.add %sc, %mask : tensor<16x16xf32>
  %mx = meld.reduce max %sm dims = [1] keep_dims : tensor<16x16xf32> -> tensor<16x1xf32>
  %mxb = meld.broadcast_in_dim %mx, dims = [0, 1] : tensor<16x1xf32> -> tensor<16x16xf32>
  %sh = meld.sub %sm, %mxb : tensor<16x16xf32>
  %e = meld.exp %sh : tensor<16x16xf32>
  %se = meld.reduce sum %e dims = [1] keep_dims : tensor<16x16xf32> -> tensor<16x1xf32>
  %seb = meld.broadcast_in_dim %se, dims = [0, 1] : tensor<16x1xf32> -> tensor<16x16xf32>
  %p = meld.div %e, %seb : tensor<16x16xf32>
  %o = meld.matmul %p, %v : tensor<16x16xf32>, tensor<16x64xf32> -> tensor<16x64xf32>
  %a0 = meld.matmul %o, %wo : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  %bob = meld.broadcast_in_dim %bo, dims = [1] : tensor<64xf32> -> tensor<16x64xf32>
  %a = meld.add %a0, %bob : tensor<16x64xf32>
  %x1 = meld.add %x, %a : tensor<16x64xf32>

  // LayerNorm 2.
  %m2 = meld.reduce mean %x1 dims = [1] keep_dims : tensor<16x64xf32> -> tensor<16x1xf32>
  %m2b = meld.broadcast_in_dim %m2, dims = [0, 1] : tensor<16x1xf32> -> tensor<16x64xf32>
  %xc2 = meld.sub %x1, %m2b : tensor<16x64xf32>
  %sq2 = meld.mul %xc2, %xc2 : tensor<16x64xf32>
  %v2 = meld.reduce mean %sq2 dims = [1] keep_dims : tensor<16x64xf32> -> tensor<16x1xf32>
  %v2e = meld.add %v2, %eps : tensor<16x1xf32>
  %r2 = meld.rsqrt %v2e : tensor<16x1xf32>
  %r2b = meld.broadcast_in_dim %r2, dims = [0, 1] : tensor<16x1xf32> -> tensor<16x64xf32>
  %n2 = meld.mul %xc2, %r2b : tensor<16x64xf32>
  %g2b = meld.broadcast_in_dim %g2, dims = [1] : tensor<64xf32> -> tensor<16x64xf32>
  %be2b = meld.broadcast_in_dim %be2, dims = [1] : tensor<64xf32> -> tensor<16x64xf32>
  %s2 = meld.mul %n2, %g2b : tensor<16x64xf32>
  %h2 = meld.add %s2, %be2b : tensor<16x64xf32>

  // MLP.
  %u0 = meld.matmul %h2, %w1 : tensor<16x64xf32>, tensor<64x256xf32> -> tensor<16x256xf32>
  %b1b = meld.broadcast_in_dim %b1, dims = [1] : tensor<256xf32> -> tensor<16x256xf32>
  %u1 = meld.add %u0, %b1b : tensor<16x256xf32>
  %u = meld.gelu %u1 approximate = tanh : tensor<16x256xf32>
  %d0 = meld.matmul %u, %w2 : tensor<16x256xf32>, tensor<256x64xf32> -> tensor<16x64xf32>
  %b2b = meld.broadcast_in_dim %b2, dims = [1] : tensor<64xf32> -> tensor<16x64xf32>
  %d = meld.add %d0, %b2b : tensor<16x64xf32>
  %y = meld.add %x1, %d : tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}
