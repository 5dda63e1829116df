// meld.conv over dynamic spatial dims: the output's extent along each is
// (S + pads - span) / stride + 1, computed in the kernels and, as a shape
// formula, by the runtime, which refuses an input shorter than the dilated
// kernel (test/Codegen/Host/conv-input-shorter-than-kernel.mlir). A 2-D convolution over a dynamic image (batch, height and width)
// with a folded batch norm and ReLU, a strided one, a depthwise and a
// grouped one, 1-D convolutions over a dynamic length (a strided feature
// extractor and a grouped positional convolution with even padding, as
// wav2vec2's), and a 3-D one with one dynamic dim. unittests/Codegen
// compares every function with the interpreter at two sizes of the '?'
// dims (1 and 5), fused and unfused, for the host and through the emulated
// GPU mapping.
//
// RUN: meld-compile %s --targets=host -o %t.meldb
// RUN: meld-run %t.meldb --entry image --random-inputs --seed 7 --dynamic-size 6 | FileCheck %s --check-prefix=IMAGE
// IMAGE: result #0: tensor<6x8x6x6xf32>
// RUN: meld-run %t.meldb --entry strided --random-inputs --seed 7 --dynamic-size 9 | FileCheck %s --check-prefix=STRIDED
// STRIDED: result #0: tensor<2x8x5x4xf32>
// RUN: meld-run %t.meldb --entry features --random-inputs --seed 7 --dynamic-size 20 | FileCheck %s --check-prefix=FEATURES
// FEATURES: result #0: tensor<1x8x7xf32>
// RUN: meld-run %t.meldb --entry rows --random-inputs --seed 7 --dynamic-size 9 | FileCheck %s --check-prefix=ROWS
// ROWS: result #0: tensor<1x8x9x9xf32>
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 | FileCheck %s --check-prefix=BLOCKS
// (Kernels print in any order.)
// BLOCKS-DAG: func.func private @rows_kernel_0({{.*}}meld.host_column_block_dim = array<i64: 2, 8>
// BLOCKS-DAG: func.func private @bare_rows_kernel_0({{.*}}meld.host_column_block_dim = array<i64: 2, 8>
// BLOCKS-DAG: func.func private @features_kernel_0({{.*}}meld.host_column_block_dim = array<i64: 2, 256>
// BLOCKS-DAG: func.func private @many_filters_kernel_0({{.*}}meld.host_column_block_dim = array<i64: 2, 8, 2>

// One image of any size, 3x3, padding 1, then a ReLU: blocks of 8 output
// rows each (meld.host_column_block_dim), counted at run time; the same
// without the ReLU, the contraction itself split.
func.func @rows(%x: tensor<1x4x?x?xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x?x?xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<1x4x?x?xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x?x?xf32>
  %r = meld.relu %c : tensor<1x8x?x?xf32>
  return %r : tensor<1x8x?x?xf32>
}

func.func @bare_rows(%x: tensor<1x4x?x?xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<1x8x?x?xf32> {
  %c = meld.conv %x, %w strides = [2, 1] dilations = [1, 1] padding_low = [1, 0] padding_high = [1, 2] groups = 1 : (tensor<1x4x?x?xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x?x?xf32>
  return %c : tensor<1x8x?x?xf32>
}

// 128 filters: while its blocks of 8 output rows are fewer than the
// threads (an image of up to 8 rows, at 2 threads), each block takes half
// the filters (meld.host_column_block_dim's third entry).
func.func @many_filters(%x: tensor<1x4x?x?xf32>, %w: tensor<128x4x3x3xf32>) -> tensor<1x128x?x?xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<1x4x?x?xf32>, tensor<128x4x3x3xf32>) -> tensor<1x128x?x?xf32>
  %r = meld.relu %c : tensor<1x128x?x?xf32>
  return %r : tensor<1x128x?x?xf32>
}

// 3x3, padding 1, over a dynamic batch and image, then a folded batch norm
// and ReLU: one kernel.
func.func @image(%x: tensor<?x4x?x?xf32>, %w: tensor<8x4x3x3xf32>, %scale: tensor<8xf32>, %shift: tensor<8xf32>) -> tensor<?x8x?x?xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<?x4x?x?xf32>, tensor<8x4x3x3xf32>) -> tensor<?x8x?x?xf32>
  %n = meld.dim %c, 0 : tensor<?x8x?x?xf32>
  %h = meld.dim %c, 2 : tensor<?x8x?x?xf32>
  %v = meld.dim %c, 3 : tensor<?x8x?x?xf32>
  %s = meld.broadcast_in_dim %scale, dims = [1] sizes(%n, %h, %v) : tensor<8xf32> -> tensor<?x8x?x?xf32>
  %t = meld.broadcast_in_dim %shift, dims = [1] sizes(%n, %h, %v) : tensor<8xf32> -> tensor<?x8x?x?xf32>
  %m = meld.mul %c, %s : tensor<?x8x?x?xf32>
  %a = meld.add %m, %t : tensor<?x8x?x?xf32>
  %y = meld.relu %a : tensor<?x8x?x?xf32>
  return %y : tensor<?x8x?x?xf32>
}

// Stride 2, dilation 2 along the height, uneven padding, a static batch
// and width of 7.
func.func @strided(%x: tensor<2x3x?x7xf32>, %w: tensor<8x3x3x2xf32>) -> tensor<2x8x?x4xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [2, 1] padding_low = [2, 1] padding_high = [2, 0] groups = 1 : (tensor<2x3x?x7xf32>, tensor<8x3x3x2xf32>) -> tensor<2x8x?x4xf32>
  return %c : tensor<2x8x?x4xf32>
}

// Depthwise 3x3 (one filter per channel) and 2 groups of 4 -> 3 channels,
// padding 1, over a dynamic image.
func.func @depthwise(%x: tensor<1x8x?x?xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x?x?xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 8 : (tensor<1x8x?x?xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x?x?xf32>
  return %c : tensor<1x8x?x?xf32>
}
func.func @grouped(%x: tensor<2x8x?x?xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<2x6x?x?xf32> {
  %c = meld.conv %x, %w strides = [2, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 2 : (tensor<2x8x?x?xf32>, tensor<6x4x3x3xf32>) -> tensor<2x6x?x?xf32>
  return %c : tensor<2x6x?x?xf32>
}

// A feature extractor's strided 1-D convolution over a dynamic length (4
// wide, stride 3, padding 2 before and 1 after) and GELU.
func.func @features(%x: tensor<1x2x?xf32>, %w: tensor<8x2x4xf32>) -> tensor<1x8x?xf32> {
  %c = meld.conv %x, %w strides = [3] dilations = [1] padding_low = [2] padding_high = [1] groups = 1 : (tensor<1x2x?xf32>, tensor<8x2x4xf32>) -> tensor<1x8x?xf32>
  %g = meld.gelu %c : tensor<1x8x?xf32>
  return %g : tensor<1x8x?xf32>
}

// A positional convolution: 4 groups, kernel 4, padding 2 on both sides
// (one output more than the input), over a dynamic batch and length.
func.func @positional(%x: tensor<?x8x?xf32>, %w: tensor<8x2x4xf32>) -> tensor<?x8x?xf32> {
  %c = meld.conv %x, %w strides = [1] dilations = [1] padding_low = [2] padding_high = [2] groups = 4 : (tensor<?x8x?xf32>, tensor<8x2x4xf32>) -> tensor<?x8x?xf32>
  return %c : tensor<?x8x?xf32>
}

// 3-D: a dynamic depth, padding 1.
func.func @volume(%x: tensor<1x2x?x4x4xf32>, %w: tensor<3x2x3x3x3xf32>) -> tensor<1x3x?x4x4xf32> {
  %c = meld.conv %x, %w strides = [1, 1, 1] dilations = [1, 1, 1] padding_low = [1, 1, 1] padding_high = [1, 1, 1] groups = 1 : (tensor<1x2x?x4x4xf32>, tensor<3x2x3x3x3xf32>) -> tensor<1x3x?x4x4xf32>
  return %c : tensor<1x3x?x4x4xf32>
}
