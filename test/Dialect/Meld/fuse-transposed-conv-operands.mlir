// meld-fuse-gemm-epilogue's transposed-conv-operands: a convolution over
// its whole input (no groups, padding, strides or dilations; one output
// pixel) of at least 64 pixels per image takes the transposes that swap
// its operands' two leading dims as prologues. That is a 1x1 convolution's
// weight gradient as meld.torch writes it, which host code generation then
// computes on the untransposed tensors. Without the option (the default,
// and GPU compiles) every transpose is a kernel of its own, as for any
// convolution that is not over its whole input.
// RUN: meld-opt %s --meld-fuse | FileCheck %s --check-prefix=APART
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions,meld-fuse-gemm-epilogue{transposed-conv-operands=true},meld-outline-singletons))' | FileCheck %s
//
// Fusion must not change results.
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions,meld-fuse-gemm-epilogue{transposed-conv-operands=true},meld-outline-singletons))' -o %t.mlir
// RUN: meld-run %s --entry weight_gradient --random-inputs --seed 1 --print-threshold=100000 > %t.unfused
// RUN: meld-run %t.mlir --entry weight_gradient --random-inputs --seed 1 --print-threshold=100000 > %t.fused
// RUN: diff %t.unfused %t.fused

// APART-LABEL: func.func @weight_gradient(
// APART-COUNT-2: meld.kernel pointwise
// APART:         meld.kernel gemm
// CHECK-LABEL: func.func @weight_gradient(
// CHECK:         meld.kernel gemm
// CHECK-NEXT:    ^bb0(
// CHECK-NEXT:      meld.transpose
// CHECK-NEXT:      meld.transpose
// CHECK-NEXT:      meld.conv
// CHECK-NOT:     meld.kernel
func.func @weight_gradient(%x: tensor<4x6x8x8xf32>, %grad: tensor<4x10x8x8xf32>) -> tensor<6x10x1x1xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<4x6x8x8xf32> -> tensor<6x4x8x8xf32>
  %1 = meld.transpose %grad, perm = [1, 0, 2, 3] : tensor<4x10x8x8xf32> -> tensor<10x4x8x8xf32>
  %2 = meld.conv %0, %1 strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<6x4x8x8xf32>, tensor<10x4x8x8xf32>) -> tensor<6x10x1x1xf32>
  return %2 : tensor<6x10x1x1xf32>
}

// The transpose's value is read elsewhere too: it stays a kernel.
// CHECK-LABEL: func.func @transpose_also_returned(
// CHECK:         meld.kernel pointwise
// CHECK:         meld.kernel gemm
func.func @transpose_also_returned(%x: tensor<4x6x8x8xf32>, %grad: tensor<6x4x8x8xf32>) -> (tensor<6x6x1x1xf32>, tensor<6x4x8x8xf32>) {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<4x6x8x8xf32> -> tensor<6x4x8x8xf32>
  %1 = meld.conv %0, %grad strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<6x4x8x8xf32>, tensor<6x4x8x8xf32>) -> tensor<6x6x1x1xf32>
  return %1, %0 : tensor<6x6x1x1xf32>, tensor<6x4x8x8xf32>
}

// A padded window is not the whole input: each element is read once per
// tap, and the transpose stays a kernel.
// CHECK-LABEL: func.func @padded(
// CHECK:         meld.kernel pointwise
// CHECK:         meld.kernel gemm
func.func @padded(%x: tensor<4x6x8x8xf32>, %w: tensor<10x4x8x8xf32>) -> tensor<6x10x3x3xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<4x6x8x8xf32> -> tensor<6x4x8x8xf32>
  %1 = meld.conv %0, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<6x4x8x8xf32>, tensor<10x4x8x8xf32>) -> tensor<6x10x3x3xf32>
  return %1 : tensor<6x10x3x3xf32>
}

// A transpose of other dims, and images of fewer than 64 pixels, likewise.
// CHECK-LABEL: func.func @other_dims(
// CHECK:         meld.kernel pointwise
// CHECK:         meld.kernel gemm
func.func @other_dims(%x: tensor<6x4x8x8xf32>, %w: tensor<10x4x8x8xf32>) -> tensor<6x10x1x1xf32> {
  %0 = meld.transpose %x, perm = [0, 1, 3, 2] : tensor<6x4x8x8xf32> -> tensor<6x4x8x8xf32>
  %1 = meld.conv %0, %w strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<6x4x8x8xf32>, tensor<10x4x8x8xf32>) -> tensor<6x10x1x1xf32>
  return %1 : tensor<6x10x1x1xf32>
}
// CHECK-LABEL: func.func @small_images(
// CHECK:         meld.kernel pointwise
// CHECK:         meld.kernel gemm
func.func @small_images(%x: tensor<4x6x7x7xf32>, %w: tensor<10x4x7x7xf32>) -> tensor<6x10x1x1xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<4x6x7x7xf32> -> tensor<6x4x7x7xf32>
  %1 = meld.conv %0, %w strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<6x4x7x7xf32>, tensor<10x4x7x7xf32>) -> tensor<6x10x1x1xf32>
  return %1 : tensor<6x10x1x1xf32>
}
