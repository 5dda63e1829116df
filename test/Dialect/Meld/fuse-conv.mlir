// RUN: meld-opt %s --meld-fuse | FileCheck %s
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions{max-conv-image-bytes=512},meld-fuse-gemm-epilogue{max-conv-image-bytes=512},meld-outline-singletons))' | FileCheck %s --check-prefix=GPU

// meld.conv fuses like a contraction: its bias + ReLU epilogue joins its
// kernel, the ReLU feeding the next convolution does not join that one as a
// prologue (a convolution reads each input element once per kernel tap),
// and with max-conv-image-bytes (set by code generation for GPU targets)
// an epilogue joins only a convolution whose output image fits (here one
// image is 4 x 8 x 8 floats, 1 KiB).

// CHECK-LABEL: func.func @two_layers
// CHECK: meld.kernel gemm
// CHECK-NEXT: ^bb0
// CHECK-NEXT: meld.conv
// CHECK-NEXT: meld.broadcast_in_dim
// CHECK-NEXT: meld.add
// CHECK-NEXT: meld.relu
// CHECK-NEXT: meld.yield
// CHECK: meld.kernel gemm
// CHECK-NEXT: ^bb0
// CHECK-NEXT: meld.conv
// CHECK-NEXT: meld.yield

// GPU-LABEL: func.func @two_layers
// GPU: meld.kernel gemm
// GPU-NEXT: ^bb0
// GPU-NEXT: meld.conv
// GPU-NEXT: meld.yield
// GPU: meld.kernel pointwise
// GPU: meld.relu
// GPU: meld.kernel gemm
// GPU-NEXT: ^bb0
// GPU-NEXT: meld.conv
// GPU-NEXT: meld.yield
func.func @two_layers(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4x1x1xf32>,
                      %v: tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1, 2, 3] : tensor<4x1x1xf32> -> tensor<2x4x8x8xf32>
  %s = meld.add %c, %bb : tensor<2x4x8x8xf32>
  %r = meld.relu %s : tensor<2x4x8x8xf32>
  %d = meld.conv %r, %v strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<2x4x8x8xf32>
  return %d : tensor<2x4x8x8xf32>
}

// Over a dynamic image the output image has no bound: its ReLU joins the
// convolution on the host, and stays apart under max-conv-image-bytes.

// CHECK-LABEL: func.func @dynamic_image
// CHECK: meld.kernel gemm
// CHECK-NEXT: ^bb0
// CHECK-NEXT: meld.conv
// CHECK-NEXT: meld.relu
// CHECK-NEXT: meld.yield

// GPU-LABEL: func.func @dynamic_image
// GPU: meld.kernel gemm
// GPU-NEXT: ^bb0
// GPU-NEXT: meld.conv
// GPU-NEXT: meld.yield
// GPU: meld.relu
func.func @dynamic_image(%x: tensor<1x3x?x?xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x?x?xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<1x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x?x?xf32>
  %r = meld.relu %c : tensor<1x4x?x?xf32>
  return %r : tensor<1x4x?x?xf32>
}

// A convolution's bias before a training batch norm: the biased output
// feeds the per-channel mean (a reduction over the batch and pixels, not
// trailing dims) and the normalization. The bias joins the convolution's
// epilogue, so the statistics kernel outputs only per-channel values (as
// the reduction's prologue it was an extra output of the full shape).
// Where the epilogue may not join (for GPUs, an image over 512 bytes), the
// reduction takes it as before.
// CHECK-LABEL: func.func @bias_before_batch_norm
// CHECK: meld.kernel gemm
// CHECK-NEXT: ^bb0
// CHECK-NEXT: meld.conv
// CHECK-NEXT: meld.broadcast_in_dim
// CHECK-NEXT: meld.add
// CHECK-NEXT: meld.yield
// CHECK: meld.kernel reduction
// CHECK-NEXT: ^bb0
// CHECK-NEXT: meld.reduce sum
// GPU-LABEL: func.func @bias_before_batch_norm
// GPU: meld.kernel gemm
// GPU-NEXT: ^bb0
// GPU-NEXT: meld.conv
// GPU-NEXT: meld.yield
// GPU: meld.kernel reduction
// GPU-NEXT: ^bb0
// GPU-NEXT: meld.broadcast_in_dim
// GPU-NEXT: meld.add
// GPU-NEXT: meld.reduce sum
func.func @bias_before_batch_norm(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) -> tensor<2x4x8x8xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<4xf32> -> tensor<2x4x8x8xf32>
  %s = meld.add %c, %bb : tensor<2x4x8x8xf32>
  %sum = meld.reduce sum %s dims = [0, 2, 3] : tensor<2x4x8x8xf32> -> tensor<4xf32>
  %mb = meld.broadcast_in_dim %sum, dims = [1] : tensor<4xf32> -> tensor<2x4x8x8xf32>
  %y = meld.sub %s, %mb : tensor<2x4x8x8xf32>
  return %y : tensor<2x4x8x8xf32>
}
