// Fusion of examples/mlp.mlir (GPT-2 feed-forward block on 8 tokens:
// Linear(64, 256) -> GELU(tanh) -> Linear(256, 64); 7 compute ops).
//
// RUN: meld-opt %meld_src_root/examples/mlp.mlir --meld-fuse --meld-fusion-report -o /dev/null | FileCheck %s
// RUN: meld-opt %meld_src_root/examples/mlp.mlir -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-persistent-row=16},meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal),meld-fusion-report)' -o /dev/null | FileCheck %s
//
// Fused == unfused on random inputs.
// RUN: meld-opt %meld_src_root/examples/mlp.mlir --meld-fuse -o %t.default.mlir
// RUN: meld-run %meld_src_root/examples/mlp.mlir --random-inputs --seed 15 --print-threshold=1000000 > %t.unfused
// RUN: meld-run %t.default.mlir --random-inputs --seed 15 --print-threshold=1000000 > %t.default
// RUN: diff %t.unfused %t.default

// Unfused: 7 launches, 210176 bytes (the weights dominate: 64 KiB each).
//
// Each linear layer is one GEMM kernel with its bias (broadcast + add) and,
// for the first, the GELU as epilogue. The hidden activation h (8x256,
// 8192 B) is the only intermediate written. No reduction, so
// max-persistent-row changes nothing.
// CHECK-LABEL: meld fusion report: @main
// CHECK-NEXT:  group 0: gemm, 4 ops (matmul, broadcast_in_dim, add, gelu), reads 68608 B, writes 8192 B
// CHECK-NEXT:  group 1: gemm, 3 ops (matmul, broadcast_in_dim, add), reads 73984 B, writes 2048 B
// CHECK-NEXT:  before fusion: 7 launches, 210176 bytes
// CHECK-NEXT:  after fusion:  2 launches, 152832 bytes (3.50x fewer launches, 1.38x fewer bytes)
