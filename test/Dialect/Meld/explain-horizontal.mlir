// Why kernels share a horizontal launch or have one of their own, with the
// same limits given to the packing and to the explainer.
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions,meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal{max-horizontal-kernels=2},meld-explain-fusion{max-horizontal-kernels=2}))' -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s
// With a parameter budget too small for two kernels.
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions,meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal{max-kernel-param-bytes=24},meld-explain-fusion{max-kernel-param-bytes=24}))' -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=BYTES
// With a matmul's kernels apart from others (the host's rule: its threads
// take a launch's blocks in home ranges, and a GEMM beside a transpose of
// many blocks ran on one thread).
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions,meld-fuse-gemm-epilogue,meld-outline-singletons,meld-fuse-horizontal{max-horizontal-kernels=2 separate-contractions=true},meld-explain-fusion{max-horizontal-kernels=2 separate-contractions=true}))' -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=SEPARATE

// Three flat pointwise kernels, two per launch; a matmul and a transpose
// that read the same weight; a scatter.
func.func @packed(%a: tensor<8xf32>, %b: tensor<4x4xf32>, %c: tensor<16xf32>, %x: tensor<4x8xf32>, %w: tensor<8x4xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>) -> (tensor<8xf32>, tensor<4x4xf32>, tensor<16xf32>, tensor<4x4xf32>, tensor<4x8xf32>, tensor<8xf32>) {
  // CHECK: :[[@LINE+2]]:8: remark: launched horizontally: 2 kernels, all flat pointwise (independent loops over their own elements: any of them join)
  // BYTES: :[[@LINE+1]]:8: remark: launched alone: the launch it could share (1 kernel(s)) would take 32 bytes of kernel parameters, over the budget of 24
  %0 = meld.exp %a : tensor<8xf32>
  %1 = meld.tanh %b : tensor<4x4xf32>
  // CHECK: :[[@LINE+2]]:8: remark: launched alone: the launch it could share (2 kernel(s)) holds the most kernels a launch may (2)
  // CHECK:      :[[@LINE-3]]:8: note: that launch is here
  %2 = meld.neg %c : tensor<16xf32>
  // CHECK: :[[@LINE+3]]:8: remark: launched horizontally: 2 kernels, sharing an input or an iteration space
  // SEPARATE: :[[@LINE+2]]:8: remark: launched alone: the launch it could share (2 kernel(s)) holds the most kernels a launch may (2)
  // SEPARATE: :[[@LINE+2]]:8: remark: launched alone: the launch it could share (1 kernel(s)) is of matmul kernels, and a matmul's gemm kernels share launches only with others here (separate-contractions)
  %3 = meld.matmul %x, %w : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32>
  %4 = meld.transpose %w, perm = [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
  // CHECK: :[[@LINE+2]]:8: remark: launched alone: a meld.scatter writes at data-dependent positions, in order
  // BYTES: :[[@LINE+1]]:8: remark: launched alone: a meld.scatter writes at data-dependent positions, in order
  %5 = meld.scatter %a, %i, %u axis = 0 reduction = "none" : (tensor<8xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<8xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<8xf32>, tensor<4x4xf32>, tensor<16xf32>, tensor<4x4xf32>, tensor<4x8xf32>, tensor<8xf32>
}

// A chain: each kernel is alone at its depth, and nothing is said of its
// launch.
// CHECK-NOT: launched
// BYTES-NOT: launched
func.func @chain(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = meld.matmul %x, %w : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  %1 = meld.matmul %0, %w : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}
