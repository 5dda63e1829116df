// Weight gradients as meld.torch writes them: a convolution of the input,
// batch and channels swapped, by the output gradient, likewise transposed.
// Compiled for the host alone, the transposes are the convolution's
// prologues (meld-fuse-gemm-epilogue's transposed-conv-operands) and the
// kernel reads the untransposed tensors in place:
// - a 1x1 convolution's gradient (a convolution over its whole input,
//   meld.conv's coversWholeInput) contracts over the images and pixels:
//   dot products along each image's pixels, the last ones in masked
//   vectors. Images of fewer than 64 pixels keep their transpose kernels;
// - a depthwise convolution's gradient (one image of C * N channels, a
//   filter [C, N, ...] per channel) reads channel c * N + n as the input's
//   image n, channel c, in its sliding windows.
// Every GPU compile keeps the transpose kernels. unittests/Codegen
// compares every function with the interpreter, fused and unfused, for
// the host and the emulated GPU mapping.
//
// RUN: meld-compile %s --targets=host --host-threads=2 --fusion-report \
// RUN:   -o %t.meldb 2>&1 | FileCheck %s
// RUN: meld-compile %s --targets=host,nvptx,amdgpu --fusion-report \
// RUN:   -o %t.gpu.meldb 2>&1 | FileCheck %s --check-prefix=GPU
//
// CHECK-LABEL: meld fusion report: @weight_gradient
// CHECK-NEXT:    group 0: gemm, 3 ops (transpose, transpose, conv)
// CHECK-NEXT:    group 1: pointwise, 1 op (transpose)
// CHECK-NEXT:    before fusion
// CHECK-LABEL: meld fusion report: @input_transposed
// CHECK-NEXT:    group 0: gemm, 2 ops (transpose, conv)
// CHECK-NEXT:    before fusion
// CHECK-LABEL: meld fusion report: @long_images
// CHECK-NEXT:    group 0: gemm, 3 ops (transpose, transpose, conv)
// CHECK-NEXT:    before fusion
// CHECK-LABEL: meld fusion report: @one_image
// CHECK-NEXT:    group 0: gemm, 3 ops (transpose, transpose, conv)
// CHECK-NEXT:    before fusion
// 25 pixels: the transposes stay kernels of their own.
// CHECK-LABEL: meld fusion report: @small_images
// CHECK-NOT:     (transpose, transpose, conv)
// CHECK:         before fusion
// CHECK-LABEL: meld fusion report: @depthwise_weight_gradient
// CHECK-NEXT:    group 0: gemm, 4 ops (transpose, reshape, transpose, conv)
// CHECK-NEXT:    group 1: pointwise, 1 op (transpose)
// CHECK-NEXT:    before fusion
// CHECK-LABEL: meld fusion report: @depthwise_cropped
// CHECK-NEXT:    group 0: gemm, 4 ops (transpose, reshape, transpose, conv)
// CHECK-NEXT:    before fusion
// GPU-LABEL: meld fusion report: @weight_gradient
// GPU-NOT:     (transpose, transpose, conv)
// GPU:         before fusion

// 3 images of 9 x 9 (81 pixels: 5 vectors and one masked lane), 5 input
// channels and 7 filters (partial row and column tiles), the result
// transposed back to [F, C, 1, 1] as PyTorch's weights are.
func.func @weight_gradient(%x: tensor<3x5x9x9xf32>, %grad: tensor<3x7x9x9xf32>) -> tensor<7x5x1x1xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<3x5x9x9xf32> -> tensor<5x3x9x9xf32>
  %1 = meld.transpose %grad, perm = [1, 0, 2, 3] : tensor<3x7x9x9xf32> -> tensor<7x3x9x9xf32>
  %2 = meld.conv %0, %1 strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<5x3x9x9xf32>, tensor<7x3x9x9xf32>) -> tensor<5x7x1x1xf32>
  %3 = meld.transpose %2, perm = [1, 0, 2, 3] : tensor<5x7x1x1xf32> -> tensor<7x5x1x1xf32>
  return %3 : tensor<7x5x1x1xf32>
}

// Only the input transposed: the filter is read as [F, N, P].
func.func @input_transposed(%x: tensor<2x6x8x10xf32>, %w: tensor<9x2x8x10xf32>) -> tensor<6x9x1x1xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<2x6x8x10xf32> -> tensor<6x2x8x10xf32>
  %1 = meld.conv %0, %w strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<6x2x8x10xf32>, tensor<9x2x8x10xf32>) -> tensor<6x9x1x1xf32>
  return %1 : tensor<6x9x1x1xf32>
}

// Images longer than a chunk of the dot products (1024 pixels): 1156
// pixels, one chunk and a last one of 132 (8 vectors and 4 lanes), over a
// 1-D convolution's 2 images.
func.func @long_images(%x: tensor<2x6x1156xf32>, %grad: tensor<2x20x1156xf32>) -> tensor<6x20x1xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2] : tensor<2x6x1156xf32> -> tensor<6x2x1156xf32>
  %1 = meld.transpose %grad, perm = [1, 0, 2] : tensor<2x20x1156xf32> -> tensor<20x2x1156xf32>
  %2 = meld.conv %0, %1 strides = [1] dilations = [1] padding_low = [0] padding_high = [0] groups = 1 : (tensor<6x2x1156xf32>, tensor<20x2x1156xf32>) -> tensor<6x20x1xf32>
  return %2 : tensor<6x20x1xf32>
}

// One image: its unit dim folds away, and the product is a plain `x @ W^T`.
func.func @one_image(%x: tensor<1x4x12x12xf32>, %grad: tensor<1x8x12x12xf32>) -> tensor<4x8x1x1xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<1x4x12x12xf32> -> tensor<4x1x12x12xf32>
  %1 = meld.transpose %grad, perm = [1, 0, 2, 3] : tensor<1x8x12x12xf32> -> tensor<8x1x12x12xf32>
  %2 = meld.conv %0, %1 strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<4x1x12x12xf32>, tensor<8x1x12x12xf32>) -> tensor<4x8x1x1xf32>
  return %2 : tensor<4x8x1x1xf32>
}

func.func @small_images(%x: tensor<4x8x5x5xf32>, %grad: tensor<4x16x5x5xf32>) -> tensor<8x16x1x1xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<4x8x5x5xf32> -> tensor<8x4x5x5xf32>
  %1 = meld.transpose %grad, perm = [1, 0, 2, 3] : tensor<4x16x5x5xf32> -> tensor<16x4x5x5xf32>
  %2 = meld.conv %0, %1 strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<8x4x5x5xf32>, tensor<16x4x5x5xf32>) -> tensor<8x16x1x1xf32>
  return %2 : tensor<8x16x1x1xf32>
}

// A 3x3 depthwise convolution of stride 2 over 3 images of 8 channels,
// its input padded to 11 x 11 (as a training forward saves it): the
// gradient convolves the input's [1, 8 * 3, 11, 11] view by the output
// gradient's [8, 3, 5, 5], dilated by the stride.
func.func @depthwise_weight_gradient(%x: tensor<3x8x11x11xf32>, %grad: tensor<3x8x5x5xf32>) -> tensor<8x1x3x3xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<3x8x11x11xf32> -> tensor<8x3x11x11xf32>
  %1 = meld.reshape %0 : tensor<8x3x11x11xf32> -> tensor<1x24x11x11xf32>
  %2 = meld.transpose %grad, perm = [1, 0, 2, 3] : tensor<3x8x5x5xf32> -> tensor<8x3x5x5xf32>
  %3 = meld.conv %1, %2 strides = [1, 1] dilations = [2, 2] padding_low = [0, 0] padding_high = [0, 0] groups = 8 : (tensor<1x24x11x11xf32>, tensor<8x3x5x5xf32>) -> tensor<1x8x3x3xf32>
  %4 = meld.transpose %3, perm = [1, 0, 2, 3] : tensor<1x8x3x3xf32> -> tensor<8x1x3x3xf32>
  return %4 : tensor<8x1x3x3xf32>
}

// A dilated depthwise convolution's gradient (strides [1, 2] here) over 2
// images of 6 channels: its windows read 10 of the 11 columns (a crop of
// the untransposed input).
func.func @depthwise_cropped(%x: tensor<2x6x10x11xf32>, %grad: tensor<2x6x8x8xf32>) -> tensor<1x6x3x2xf32> {
  %0 = meld.transpose %x, perm = [1, 0, 2, 3] : tensor<2x6x10x11xf32> -> tensor<6x2x10x11xf32>
  %1 = meld.reshape %0 : tensor<6x2x10x11xf32> -> tensor<1x12x10x11xf32>
  %2 = meld.transpose %grad, perm = [1, 0, 2, 3] : tensor<2x6x8x8xf32> -> tensor<6x2x8x8xf32>
  %3 = meld.conv %1, %2 strides = [1, 2] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 6 : (tensor<1x12x10x11xf32>, tensor<6x2x8x8xf32>) -> tensor<1x6x3x2xf32>
  return %3 : tensor<1x6x3x2xf32>
}
