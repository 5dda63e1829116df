// Fusion of examples/layernorm.mlir (LayerNorm over rows of 64: mean,
// variance, normalize, scale by gamma, shift by beta; 13 compute ops).
//
// RUN: meld-opt %meld_src_root/examples/layernorm.mlir --meld-fuse --meld-fusion-report -o /dev/null | FileCheck %s
// RUN: meld-opt %meld_src_root/examples/layernorm.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=16},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal),meld-fusion-report)' -o /dev/null | FileCheck %s --check-prefix=ROW16
//
// Fused (both ways) == unfused on random inputs.
// RUN: meld-opt %meld_src_root/examples/layernorm.mlir --meld-fuse -o %t.default.mlir
// RUN: meld-opt %meld_src_root/examples/layernorm.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=16},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal))' -o %t.row16.mlir
// RUN: meld-run %meld_src_root/examples/layernorm.mlir --random-inputs --seed 11 --print-threshold=1000000 > %t.unfused
// RUN: meld-run %t.default.mlir --random-inputs --seed 11 --print-threshold=1000000 > %t.default
// RUN: meld-run %t.row16.mlir --random-inputs --seed 11 --print-threshold=1000000 > %t.row16
// RUN: diff %t.unfused %t.default
// RUN: diff %t.unfused %t.row16

// Unfused: 13 launches moving 82944 bytes (each op reads its operands and
// writes its result; the 1e-5 splat is free).
//
// Default (max-persistent-row=8192): a row of 64 fits one block, so both
// means, their prologues (x - mean, squared) and the whole row-wise
// epilogue (rsqrt, normalize, gamma, beta) are one reduction kernel. It
// reads x, gamma and beta (4096 + 256 + 256 B) and writes y (4096 B).
// (x - mean appears twice: it feeds both the variance and the output, and
// recomputing it is cheaper than storing it.)
// CHECK-LABEL: meld fusion report: @main
// CHECK-NEXT:  group 0: reduction, 15 ops (reduce, broadcast_in_dim, sub, mul, reduce, broadcast_in_dim, sub, add, rsqrt, broadcast_in_dim, mul, broadcast_in_dim, broadcast_in_dim, mul, add), reads 4608 B, writes 4096 B
// CHECK-NEXT:  before fusion: 13 launches, 82944 bytes
// CHECK-NEXT:  after fusion:  1 launches, 8704 bytes (13.00x fewer launches, 9.53x fewer bytes)

// max-persistent-row=16: rows of 64 no longer fit, so two kernels: the two
// means with their prologue, writing the two 16x1 statistics (128 B), and
// a pointwise kernel for the row-wise epilogue, reading the statistics, x,
// gamma and beta (64 + 64 + 4096 + 256 + 256 B).
// ROW16-LABEL: meld fusion report: @main
// ROW16-NEXT:  group 0: reduction, 5 ops (reduce, broadcast_in_dim, sub, mul, reduce), reads 4096 B, writes 128 B
// ROW16-NEXT:  group 1: pointwise, 10 ops (broadcast_in_dim, sub, add, rsqrt, broadcast_in_dim, mul, broadcast_in_dim, broadcast_in_dim, mul, add), reads 4736 B, writes 4096 B
// ROW16-NEXT:  before fusion: 13 launches, 82944 bytes
// ROW16-NEXT:  after fusion:  2 launches, 13056 bytes (6.50x fewer launches, 6.35x fewer bytes)
