// Fusion of examples/rmsnorm.mlir (RMSNorm over rows of 64: x * rsqrt(mean(x^2)
// + eps) * weight; 8 compute ops).
//
// RUN: meld-opt %meld_src_root/examples/rmsnorm.mlir --meld-fuse --meld-fusion-report -o /dev/null | FileCheck %s
// RUN: meld-opt %meld_src_root/examples/rmsnorm.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=16},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal),meld-fusion-report)' -o /dev/null | FileCheck %s --check-prefix=ROW16
//
// Fused (both ways) == unfused on random inputs.
// RUN: meld-opt %meld_src_root/examples/rmsnorm.mlir --meld-fuse -o %t.default.mlir
// RUN: meld-opt %meld_src_root/examples/rmsnorm.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=16},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal))' -o %t.row16.mlir
// RUN: meld-run %meld_src_root/examples/rmsnorm.mlir --random-inputs --seed 12 --print-threshold=1000000 > %t.unfused
// RUN: meld-run %t.default.mlir --random-inputs --seed 12 --print-threshold=1000000 > %t.default
// RUN: meld-run %t.row16.mlir --random-inputs --seed 12 --print-threshold=1000000 > %t.row16
// RUN: diff %t.unfused %t.default
// RUN: diff %t.unfused %t.row16

// Unfused: 8 launches, 45696 bytes.
//
// Default: the x * x prologue, the mean, the reduced-space epilogue (+ eps,
// rsqrt) and the row-wise scaling by the statistic and the weight are one
// persistent-row kernel: it reads x and weight (4096 + 256 B), writes y.
// CHECK-LABEL: meld fusion report: @main
// CHECK-NEXT:  group 0: reduction, 8 ops (mul, reduce, add, rsqrt, broadcast_in_dim, mul, broadcast_in_dim, mul), reads 4352 B, writes 4096 B
// CHECK-NEXT:  before fusion: 8 launches, 45696 bytes
// CHECK-NEXT:  after fusion:  1 launches, 8448 bytes (8.00x fewer launches, 5.41x fewer bytes)

// max-persistent-row=16: the reduction keeps only its prologue and writes
// the 16x1 mean of squares (64 B); the pointwise pass had already put
// + eps and rsqrt in one group with the row-wise multiplies, and that group
// (full-row outputs) cannot join a non-persistent reduction: it is the
// second kernel, reading the mean, x and weight (64 + 4096 + 256 B).
// ROW16-LABEL: meld fusion report: @main
// ROW16-NEXT:  group 0: reduction, 2 ops (mul, reduce), reads 4096 B, writes 64 B
// ROW16-NEXT:  group 1: pointwise, 6 ops (add, rsqrt, broadcast_in_dim, mul, broadcast_in_dim, mul), reads 4416 B, writes 4096 B
// ROW16-NEXT:  before fusion: 8 launches, 45696 bytes
// ROW16-NEXT:  after fusion:  2 launches, 12672 bytes (4.00x fewer launches, 3.61x fewer bytes)
