// Fusion of examples/softmax.mlir (numerically stable softmax over rows of
// 64 of an 8x64 input; 7 compute ops).
//
// RUN: meld-opt %meld_src_root/examples/softmax.mlir --meld-fuse --meld-fusion-report -o /dev/null | FileCheck %s
// RUN: meld-opt %meld_src_root/examples/softmax.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=16},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal),meld-fusion-report)' -o /dev/null | FileCheck %s --check-prefix=ROW16
//
// Fused (both ways) == unfused on random inputs.
// RUN: meld-opt %meld_src_root/examples/softmax.mlir --meld-fuse -o %t.default.mlir
// RUN: meld-opt %meld_src_root/examples/softmax.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=16},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal))' -o %t.row16.mlir
// RUN: meld-run %meld_src_root/examples/softmax.mlir --random-inputs --seed 13 --print-threshold=1000000 > %t.unfused
// RUN: meld-run %t.default.mlir --random-inputs --seed 13 --print-threshold=1000000 > %t.default
// RUN: meld-run %t.row16.mlir --random-inputs --seed 13 --print-threshold=1000000 > %t.row16
// RUN: diff %t.unfused %t.default
// RUN: diff %t.unfused %t.row16

// Unfused: 7 launches, 24704 bytes.
//
// Default: max, the shifted exp, sum and the division are one persistent-row
// kernel reading x once and writing y (2048 B each).
// CHECK-LABEL: meld fusion report: @main
// CHECK-NEXT:  group 0: reduction, 7 ops (reduce, broadcast_in_dim, sub, exp, reduce, broadcast_in_dim, div), reads 2048 B, writes 2048 B
// CHECK-NEXT:  before fusion: 7 launches, 24704 bytes
// CHECK-NEXT:  after fusion:  1 launches, 4096 bytes (7.00x fewer launches, 6.03x fewer bytes)

// max-persistent-row=16: the two reductions and the exp prologue of the sum
// form one kernel that writes exp(x - max) (2048 B) and the 8x1 sums
// (32 B); the row-wise division is a second kernel.
// ROW16-LABEL: meld fusion report: @main
// ROW16-NEXT:  group 0: reduction, 5 ops (reduce, broadcast_in_dim, sub, exp, reduce), reads 2048 B, writes 2080 B
// ROW16-NEXT:  group 1: pointwise, 2 ops (broadcast_in_dim, div), reads 2080 B, writes 2048 B
// ROW16-NEXT:  before fusion: 7 launches, 24704 bytes
// ROW16-NEXT:  after fusion:  2 launches, 8256 bytes (3.50x fewer launches, 2.99x fewer bytes)
