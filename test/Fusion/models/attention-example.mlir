// Fusion of examples/attention.mlir (causal attention, 4 sequences of 16
// tokens, head dimension 32; 16 compute ops).
//
// RUN: meld-opt %meld_src_root/examples/attention.mlir --meld-fuse --meld-fusion-report -o /dev/null | FileCheck %s
// RUN: meld-opt %meld_src_root/examples/attention.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=16},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal),meld-fusion-report)' -o /dev/null | FileCheck %s
// RUN: meld-opt %meld_src_root/examples/attention.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=8},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal),meld-fusion-report)' -o /dev/null | FileCheck %s --check-prefix=ROW8
//
// Fused == unfused on random inputs.
// RUN: meld-opt %meld_src_root/examples/attention.mlir --meld-fuse -o %t.default.mlir
// RUN: meld-opt %meld_src_root/examples/attention.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=8},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal))' -o %t.row8.mlir
// RUN: meld-run %meld_src_root/examples/attention.mlir --random-inputs --seed 14 --print-threshold=1000000 > %t.unfused
// RUN: meld-run %t.default.mlir --random-inputs --seed 14 --print-threshold=1000000 > %t.default
// RUN: meld-run %t.row8.mlir --random-inputs --seed 14 --print-threshold=1000000 > %t.row8
// RUN: diff %t.unfused %t.default
// RUN: diff %t.unfused %t.row8

// Unfused: 16 launches, 122368 bytes.
//
// Three kernels, with default options and with max-persistent-row=16 alike
// (the softmax rows have 16 elements, which still fit):
// - Q K^T alone: its scale epilogue was taken first by the reduction pass,
//   which runs before the GEMM pass;
// - scale, causal mask (two iotas, compare, select, broadcast), and the
//   whole softmax: one persistent-row reduction kernel reading the scores
//   and writing the probabilities (4096 B each);
// - P V alone.
// CHECK-LABEL: meld fusion report: @main
// CHECK-NEXT:  group 0: gemm, 1 op (batch_matmul), reads 16384 B, writes 4096 B
// CHECK-NEXT:  group 1: reduction, 14 ops (mul, iota, iota, compare, select, broadcast_in_dim, add, reduce, broadcast_in_dim, sub, exp, reduce, broadcast_in_dim, div), reads 4096 B, writes 4096 B
// CHECK-NEXT:  group 2: gemm, 1 op (batch_matmul), reads 12288 B, writes 8192 B
// CHECK-NEXT:  before fusion: 16 launches, 122368 bytes
// CHECK-NEXT:  after fusion:  3 launches, 49152 bytes (5.33x fewer launches, 2.49x fewer bytes)

// max-persistent-row=8: rows of 16 no longer fit. The reduction kernel
// stops after the sum, writing exp (4096 B) and the 4x16x1 sums (256 B);
// the division, an elementwise op in P's shape used only by P V, becomes
// that GEMM's prologue.
// ROW8-LABEL: meld fusion report: @main
// ROW8-NEXT:  group 0: gemm, 1 op (batch_matmul), reads 16384 B, writes 4096 B
// ROW8-NEXT:  group 1: reduction, 12 ops (mul, iota, iota, compare, select, broadcast_in_dim, add, reduce, broadcast_in_dim, sub, exp, reduce), reads 4096 B, writes 4352 B
// ROW8-NEXT:  group 2: gemm, 3 ops (broadcast_in_dim, div, batch_matmul), reads 12544 B, writes 8192 B
// ROW8-NEXT:  before fusion: 16 launches, 122368 bytes
// ROW8-NEXT:  after fusion:  3 launches, 49664 bytes (5.33x fewer launches, 2.46x fewer bytes)
