// Reductions whose elementwise prologue crops its inputs: a unit-stride
// slice of a kernel input keeps each element's index up to a constant
// offset, so the reduction's kernel reads the crop in place. A training
// batch norm's backward after a padded depthwise convolution crops the
// padding off the input gradient, masks it with ReLU6's gradient, and sums
// it and its product with the centred input per channel: one reduction
// kernel now, where the masked gradient and the product had been written
// whole and read back by a second kernel. unittests/Codegen compares every
// function with the interpreter, fused and unfused, for the host and the
// emulated GPU mapping.
//
// RUN: meld-compile %s --targets=host --host-threads=2 --fusion-report \
// RUN:   -o %t.meldb 2>&1 | FileCheck %s
// RUN: meld-compile %s --targets=host,nvptx,amdgpu --fusion-report \
// RUN:   -o %t.gpu.meldb 2>&1 | FileCheck %s --check-prefix=GPU
//
// CHECK-LABEL: meld fusion report: @padded_batch_norm_backward
// CHECK-NEXT:    group 0: reduction, 9 ops (slice, slice, select, broadcast_in_dim, sub, mul, reduce, reduce, mul)
// CHECK-NEXT:    before fusion
// CHECK-LABEL: meld fusion report: @offset_crop
// CHECK-NEXT:    group 0: reduction, 3 ops (slice, exp, reduce)
// CHECK-NEXT:    before fusion
// CHECK-LABEL: meld fusion report: @crop_row_sums
// CHECK-NEXT:    group 0: reduction, 4 ops (slice, mul, reduce, div)
// CHECK-NEXT:    before fusion
// CHECK-LABEL: meld fusion report: @dynamic_batch_crop
// CHECK-NEXT:    group 0: reduction, 5 ops (slice, broadcast_in_dim, select, reduce, reduce)
// CHECK-NEXT:    before fusion
// A strided slice moves elements: it stays out of the reduction.
// CHECK-LABEL: meld fusion report: @strided_crop
// CHECK-NEXT:    group 0: pointwise, 2 ops (slice, exp)
// CHECK-NEXT:    group 1: reduction, 1 op (reduce)
// GPU-LABEL: meld fusion report: @padded_batch_norm_backward
// GPU-NEXT:    group 0: reduction, 9 ops (slice, slice, select, broadcast_in_dim, sub, mul, reduce, reduce, mul)

// PyTorch's form: the input gradient of a 3x3 convolution over a padded
// 17 x 17 input, cropped to 16 x 16 in two slices; the masked gradient is
// an output of its own (the input gradient of the layer before reads it).
func.func @padded_batch_norm_backward(%grad: tensor<4x24x17x17xf32>, %clipped: tensor<4x24x16x16xi1>, %mean: tensor<1x24x1x1xf32>, %x: tensor<4x24x16x16xf32>, %invstd: tensor<24xf32>) -> (tensor<4x24x16x16xf32>, tensor<24xf32>, tensor<24xf32>) {
  %0 = meld.slice %grad start = [0, 0, 0, 0] limit = [4, 24, 16, 17] : tensor<4x24x17x17xf32> -> tensor<4x24x16x17xf32>
  %1 = meld.slice %0 start = [0, 0, 0, 0] limit = [4, 24, 16, 16] : tensor<4x24x16x17xf32> -> tensor<4x24x16x16xf32>
  %zero = meld.constant dense<0.000000e+00> : tensor<4x24x16x16xf32>
  %2 = meld.select %clipped, %zero, %1 : tensor<4x24x16x16xi1>, tensor<4x24x16x16xf32>
  %3 = meld.broadcast_in_dim %mean, dims = [0, 1, 2, 3] : tensor<1x24x1x1xf32> -> tensor<4x24x16x16xf32>
  %4 = meld.sub %x, %3 : tensor<4x24x16x16xf32>
  %5 = meld.mul %2, %4 : tensor<4x24x16x16xf32>
  %6 = meld.reduce sum %2 dims = [0, 2, 3] : tensor<4x24x16x16xf32> -> tensor<24xf32>
  %7 = meld.reduce sum %5 dims = [0, 2, 3] : tensor<4x24x16x16xf32> -> tensor<24xf32>
  %8 = meld.mul %7, %invstd : tensor<24xf32>
  return %2, %6, %8 : tensor<4x24x16x16xf32>, tensor<24xf32>, tensor<24xf32>
}

// A crop from an offset along every dim, reduced over the images and rows.
func.func @offset_crop(%x: tensor<5x12x19x21xf32>) -> tensor<10x20xf32> {
  %0 = meld.slice %x start = [1, 2, 3, 1] limit = [5, 12, 13, 21] : tensor<5x12x19x21xf32> -> tensor<4x10x10x20xf32>
  %1 = meld.exp %0 : tensor<4x10x10x20xf32>
  %2 = meld.reduce sum %1 dims = [0, 2] : tensor<4x10x10x20xf32> -> tensor<10x20xf32>
  return %2 : tensor<10x20xf32>
}

// Row means of the first 40 of 48 columns, from row 3.
func.func @crop_row_sums(%x: tensor<70x48xf32>, %w: tensor<64x40xf32>) -> tensor<64xf32> {
  %0 = meld.slice %x start = [3, 0] limit = [67, 40] : tensor<70x48xf32> -> tensor<64x40xf32>
  %1 = meld.mul %0, %w : tensor<64x40xf32>
  %2 = meld.reduce sum %1 dims = [1] : tensor<64x40xf32> -> tensor<64xf32>
  %n = meld.constant dense<4.000000e+01> : tensor<64xf32>
  %3 = meld.div %2, %n : tensor<64xf32>
  return %3 : tensor<64xf32>
}

// A batch of any size, kept whole by the crop.
func.func @dynamic_batch_crop(%grad: tensor<?x8x9x9xf32>, %keep: tensor<?x8x8x8xi1>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = meld.slice %grad start = [0, 0, 1, 1] limit = [-1, 8, 9, 9] : tensor<?x8x9x9xf32> -> tensor<?x8x8x8xf32>
  %n = meld.dim %grad, 0 : tensor<?x8x9x9xf32>
  %zero = meld.constant dense<0.000000e+00> : tensor<f32>
  %zeros = meld.broadcast_in_dim %zero, dims = [] sizes(%n) : tensor<f32> -> tensor<?x8x8x8xf32>
  %1 = meld.select %keep, %0, %zeros : tensor<?x8x8x8xi1>, tensor<?x8x8x8xf32>
  %2 = meld.reduce sum %1 dims = [0, 2, 3] : tensor<?x8x8x8xf32> -> tensor<8xf32>
  %3 = meld.reduce max %0 dims = [0, 2, 3] : tensor<?x8x8x8xf32> -> tensor<8xf32>
  return %2, %3 : tensor<8xf32>, tensor<8xf32>
}

func.func @strided_crop(%x: tensor<4x8x17x17xf32>) -> tensor<8xf32> {
  %0 = meld.slice %x start = [0, 0, 0, 0] limit = [4, 8, 17, 17] strides = [1, 1, 2, 2] : tensor<4x8x17x17xf32> -> tensor<4x8x9x9xf32>
  %1 = meld.exp %0 : tensor<4x8x9x9xf32>
  %2 = meld.reduce sum %1 dims = [0, 2, 3] : tensor<4x8x9x9xf32> -> tensor<8xf32>
  return %2 : tensor<8xf32>
}
