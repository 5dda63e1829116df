// meld.conv: a ResNet stem (3x3, padding 1, batch norm folded into a scale
// and shift, ReLU, on a dynamic batch), a strided 3x3 with a residual add,
// a 1x1 projection with stride 2, a dilated 1-D convolution with uneven
// padding, a depthwise and a grouped 2-D convolution, and a small 3-D one.
// unittests/Codegen compares every function with the interpreter at two
// sizes of the '?' dims, fused and unfused, for the host and through the
// emulated GPU mapping, and checks the PTX and HSACO. The compiled GEMM
// sums in another order than the interpreter (f32 register tiles against
// one rounding of a double sum), so the tools' outputs are compared there,
// within a tolerance, not here with diff.
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %t.meldb --entry stem --random-inputs --seed 7 --dynamic-size 3 | FileCheck %s
// CHECK: result #0: tensor<3x16x16x16xf32>

// conv 3x3 (3 -> 16 channels, padding 1), then the folded batch norm and
// ReLU: one kernel.
func.func @stem(%x: tensor<?x3x16x16xf32>, %w: tensor<16x3x3x3xf32>, %scale: tensor<16xf32>, %shift: tensor<16xf32>) -> tensor<?x16x16x16xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<?x3x16x16xf32>, tensor<16x3x3x3xf32>) -> tensor<?x16x16x16xf32>
  %n = meld.dim %x, 0 : tensor<?x3x16x16xf32>
  %s = meld.broadcast_in_dim %scale, dims = [1] sizes(%n) : tensor<16xf32> -> tensor<?x16x16x16xf32>
  %t = meld.broadcast_in_dim %shift, dims = [1] sizes(%n) : tensor<16xf32> -> tensor<?x16x16x16xf32>
  %m = meld.mul %c, %s : tensor<?x16x16x16xf32>
  %a = meld.add %m, %t : tensor<?x16x16x16xf32>
  %y = meld.relu %a : tensor<?x16x16x16xf32>
  return %y : tensor<?x16x16x16xf32>
}

// A strided 3x3 (8 -> 16 channels) plus a 1x1 strided projection of the
// same input: a residual block's downsampling path.
func.func @strided_residual(%x: tensor<2x8x9x9xf32>, %w: tensor<16x8x3x3xf32>, %p: tensor<16x8x1x1xf32>) -> tensor<2x16x5x5xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x8x9x9xf32>, tensor<16x8x3x3xf32>) -> tensor<2x16x5x5xf32>
  %d = meld.conv %x, %p strides = [2, 2] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<2x8x9x9xf32>, tensor<16x8x1x1xf32>) -> tensor<2x16x5x5xf32>
  %s = meld.add %c, %d : tensor<2x16x5x5xf32>
  %y = meld.relu %s : tensor<2x16x5x5xf32>
  return %y : tensor<2x16x5x5xf32>
}

// 1-D, dilation 2, padding 3 before and 1 after, stride 1.
func.func @dilated_1d(%x: tensor<2x4x20xf32>, %w: tensor<6x4x3xf32>) -> tensor<2x6x20xf32> {
  %c = meld.conv %x, %w strides = [1] dilations = [2] padding_low = [3] padding_high = [1] groups = 1 : (tensor<2x4x20xf32>, tensor<6x4x3xf32>) -> tensor<2x6x20xf32>
  return %c : tensor<2x6x20xf32>
}

// Depthwise (one filter per channel) and grouped (2 groups of 4 -> 3).
func.func @depthwise(%x: tensor<1x8x10x10xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x10x10xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 8 : (tensor<1x8x10x10xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x10x10xf32>
  return %c : tensor<1x8x10x10xf32>
}

// Depthwise with two filters per channel on a dynamic batch: strided,
// dilated, unevenly padded, with a bias and ReLU after it; a 1-D one; and
// 3 groups of 2 channels (rows of 16 or more pixels: the direct form,
// codegen.md "Convolutions").
func.func @depthwise_multiplier(%x: tensor<?x6x9x35xf32>, %w: tensor<12x1x3x3xf32>, %b: tensor<12xf32>) -> tensor<?x12x4x17xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [2, 1] padding_low = [2, 1] padding_high = [1, 0] groups = 6 : (tensor<?x6x9x35xf32>, tensor<12x1x3x3xf32>) -> tensor<?x12x4x17xf32>
  %n = meld.dim %x, 0 : tensor<?x6x9x35xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] sizes(%n) : tensor<12xf32> -> tensor<?x12x4x17xf32>
  %s = meld.add %c, %bb : tensor<?x12x4x17xf32>
  %r = meld.relu %s : tensor<?x12x4x17xf32>
  return %r : tensor<?x12x4x17xf32>
}

func.func @depthwise_1d(%x: tensor<2x4x20xf32>, %w: tensor<4x1x5xf32>) -> tensor<2x4x20xf32> {
  %c = meld.conv %x, %w strides = [1] dilations = [1] padding_low = [2] padding_high = [2] groups = 4 : (tensor<2x4x20xf32>, tensor<4x1x5xf32>) -> tensor<2x4x20xf32>
  return %c : tensor<2x4x20xf32>
}

func.func @grouped_direct(%x: tensor<2x6x5x18xf32>, %w: tensor<9x2x3x3xf32>) -> tensor<2x9x5x18xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 3 : (tensor<2x6x5x18xf32>, tensor<9x2x3x3xf32>) -> tensor<2x9x5x18xf32>
  return %c : tensor<2x9x5x18xf32>
}

// Strided windows that skip the input's (or padding's) last row: a 1 x 1
// output from 2 x 2 with padding 1, and 1 x 3 from 4 x 8 with none (their
// reads cover only part of the padded input; they failed to compile).
func.func @skipped_last_row_padded(%x: tensor<2x4x2x2xf32>, %w: tensor<5x4x3x3xf32>) -> tensor<2x5x1x1xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x4x2x2xf32>, tensor<5x4x3x3xf32>) -> tensor<2x5x1x1xf32>
  return %c : tensor<2x5x1x1xf32>
}

func.func @skipped_last_row(%x: tensor<2x4x4x8xf32>, %w: tensor<5x4x3x3xf32>) -> tensor<2x5x1x3xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<2x4x4x8xf32>, tensor<5x4x3x3xf32>) -> tensor<2x5x1x3xf32>
  return %c : tensor<2x5x1x3xf32>
}

func.func @grouped(%x: tensor<?x8x7x6xf32>, %w: tensor<6x4x2x3xf32>) -> tensor<?x6x4x2xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 2] padding_low = [1, 0] padding_high = [0, 1] groups = 2 : (tensor<?x8x7x6xf32>, tensor<6x4x2x3xf32>) -> tensor<?x6x4x2xf32>
  return %c : tensor<?x6x4x2xf32>
}

// 3-D, 2x2x2 kernel, no padding.
func.func @volume(%x: tensor<1x2x5x4x6xf32>, %w: tensor<3x2x2x2x2xf32>) -> tensor<1x3x4x3x5xf32> {
  %c = meld.conv %x, %w strides = [1, 1, 1] dilations = [1, 1, 1] padding_low = [0, 0, 0] padding_high = [0, 0, 0] groups = 1 : (tensor<1x2x5x4x6xf32>, tensor<3x2x2x2x2xf32>) -> tensor<1x3x4x3x5xf32>
  return %c : tensor<1x3x4x3x5xf32>
}

// One image, split by whole output rows between threads (blocks of 6 rows
// of 24 pixels; a 7 x 7 stride-2 stem, blocks of 4 rows of 32), each
// block padding and copying only the input rows its pixels read.
func.func @one_image_rows(%x: tensor<1x8x24x24xf32>, %w: tensor<20x8x3x3xf32>) -> tensor<1x20x24x24xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<1x8x24x24xf32>, tensor<20x8x3x3xf32>) -> tensor<1x20x24x24xf32>
  %y = meld.relu %c : tensor<1x20x24x24xf32>
  return %y : tensor<1x20x24x24xf32>
}

func.func @one_image_stem(%x: tensor<1x3x64x64xf32>, %w: tensor<16x3x7x7xf32>) -> tensor<1x16x32x32xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [3, 3] padding_high = [3, 3] groups = 1 : (tensor<1x3x64x64xf32>, tensor<16x3x7x7xf32>) -> tensor<1x16x32x32xf32>
  return %c : tensor<1x16x32x32xf32>
}

// Output tiles over workgroups on a GPU (an implicit GEMM per image,
// MapToGpuGemm.cpp): 128 filters at 7 x 7 are two row tiles of one column
// tile; 96 filters at 12 x 12 on two images, two by three tiles an image,
// with the ReLU applied to the accumulators.
func.func @filter_tiles(%x: tensor<1x8x7x7xf32>, %w: tensor<128x8x3x3xf32>) -> tensor<1x128x7x7xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<1x8x7x7xf32>, tensor<128x8x3x3xf32>) -> tensor<1x128x7x7xf32>
  return %c : tensor<1x128x7x7xf32>
}

func.func @output_tiles(%x: tensor<2x4x12x12xf32>, %w: tensor<96x4x3x3xf32>) -> tensor<2x96x12x12xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x4x12x12xf32>, tensor<96x4x3x3xf32>) -> tensor<2x96x12x12xf32>
  %y = meld.relu %c : tensor<2x96x12x12xf32>
  return %y : tensor<2x96x12x12xf32>
}

// Sliding-window sums in registers (meld-vectorize-host-windows): a 7x7
// depthwise on a dynamic batch whose rows of 37 pixels end in a partial
// vector, with ReLU; 2 groups of 6 channels, strided, on odd sizes; a
// depthwise on rows of 5 pixels (under one vector); and 3-D with 4 groups.
func.func @depthwise_7x7(%x: tensor<?x8x19x37xf32>, %w: tensor<8x1x7x7xf32>) -> tensor<?x8x19x37xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [3, 3] padding_high = [3, 3] groups = 8 : (tensor<?x8x19x37xf32>, tensor<8x1x7x7xf32>) -> tensor<?x8x19x37xf32>
  %r = meld.relu %c : tensor<?x8x19x37xf32>
  return %r : tensor<?x8x19x37xf32>
}

func.func @wide_groups_strided(%x: tensor<2x12x13x29xf32>, %w: tensor<4x6x3x3xf32>) -> tensor<2x4x7x15xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 2 : (tensor<2x12x13x29xf32>, tensor<4x6x3x3xf32>) -> tensor<2x4x7x15xf32>
  return %c : tensor<2x4x7x15xf32>
}

func.func @depthwise_short_rows(%x: tensor<2x16x5x5xf32>, %w: tensor<16x1x3x3xf32>) -> tensor<2x16x5x5xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 16 : (tensor<2x16x5x5xf32>, tensor<16x1x3x3xf32>) -> tensor<2x16x5x5xf32>
  return %c : tensor<2x16x5x5xf32>
}

func.func @grouped_3d(%x: tensor<1x8x4x6x18xf32>, %w: tensor<8x2x3x3x3xf32>) -> tensor<1x8x4x6x18xf32> {
  %c = meld.conv %x, %w strides = [1, 1, 1] dilations = [1, 1, 1] padding_low = [1, 1, 1] padding_high = [1, 1, 1] groups = 4 : (tensor<1x8x4x6x18xf32>, tensor<8x2x3x3x3xf32>) -> tensor<1x8x4x6x18xf32>
  return %c : tensor<1x8x4x6x18xf32>
}

// 4 groups of 16 channels with 8 filters each, on a dynamic batch and 2
// images: tiles of whole groups of filters (meld-tile-host-blocks).
func.func @wide_groups_tiles(%x: tensor<?x64x9x13xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<?x32x9x13xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 4 : (tensor<?x64x9x13xf32>, tensor<32x16x3x3xf32>) -> tensor<?x32x9x13xf32>
  %r = meld.relu %c : tensor<?x32x9x13xf32>
  return %r : tensor<?x32x9x13xf32>
}

func.func @one_image_wide_groups(%x: tensor<1x64x9x13xf32>, %w: tensor<64x16x3x3xf32>) -> tensor<1x64x9x13xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 4 : (tensor<1x64x9x13xf32>, tensor<64x16x3x3xf32>) -> tensor<1x64x9x13xf32>
  %r = meld.relu %c : tensor<1x64x9x13xf32>
  return %r : tensor<1x64x9x13xf32>
}

// Row tiles must not straddle a group of filters (their reads of the padded
// input are `f floordiv m`): 3 groups of 5 channels with 2 filters each,
// which tiles of 3 filters had read from the wrong groups; and a 1-D one
// with 3 filters per channel, strided and dilated, that the register tiles
// had taken as a contraction.
func.func @groups_of_two_filters(%x: tensor<1x15x9x5xf32>, %w: tensor<6x5x5x2xf32>) -> tensor<1x6x4x3xf32> {
  %c = meld.conv %x, %w strides = [1, 2] dilations = [2, 1] padding_low = [0, 1] padding_high = [3, 0] groups = 3 : (tensor<1x15x9x5xf32>, tensor<6x5x5x2xf32>) -> tensor<1x6x4x3xf32>
  return %c : tensor<1x6x4x3xf32>
}

func.func @depthwise_1d_three_filters(%x: tensor<1x8x12xf32>, %w: tensor<24x1x7xf32>) -> tensor<1x24x2xf32> {
  %c = meld.conv %x, %w strides = [3] dilations = [2] padding_low = [2] padding_high = [2] groups = 8 : (tensor<1x8x12xf32>, tensor<24x1x7xf32>) -> tensor<1x24x2xf32>
  return %c : tensor<1x24x2xf32>
}

// A kernel that covers its input (a 1x1 convolution's weight gradient,
// batch and channels swapped): x @ W^T over 4096 taps, its 96 filters
// split in two blocks of 48 columns taking dot products.
func.func @whole_kernel(%x: tensor<16x4x32x32xf32>, %w: tensor<96x4x32x32xf32>) -> tensor<16x96x1x1xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<16x4x32x32xf32>, tensor<96x4x32x32xf32>) -> tensor<16x96x1x1xf32>
  return %c : tensor<16x96x1x1xf32>
}

// Few output pixels per image and a deep kernel (weight gradients, batch
// and channels swapped): on the host the pixels of all images are the
// rows of one x @ W^T (lowerConvByPixelRows). A 3x3 gradient's shape, a
// strided convolution's (the output gradient dilated by 2, uneven
// padding), a 1-D one, and a first convolution's (3 input channels: 27
// rows).
func.func @pixel_rows(%x: tensor<24x6x16x16xf32>, %g: tensor<16x6x16x16xf32>) -> tensor<24x16x3x3xf32> {
  %c = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<24x6x16x16xf32>, tensor<16x6x16x16xf32>) -> tensor<24x16x3x3xf32>
  return %c : tensor<24x16x3x3xf32>
}

func.func @pixel_rows_dilated(%x: tensor<10x24x15x14xf32>, %g: tensor<8x24x7x7xf32>) -> tensor<10x8x4x2xf32> {
  %c = meld.conv %x, %g strides = [1, 1] dilations = [2, 2] padding_low = [1, 0] padding_high = [0, 0] groups = 1 : (tensor<10x24x15x14xf32>, tensor<8x24x7x7xf32>) -> tensor<10x8x4x2xf32>
  return %c : tensor<10x8x4x2xf32>
}

func.func @pixel_rows_1d(%x: tensor<40x8x70xf32>, %g: tensor<5x8x64xf32>) -> tensor<40x5x7xf32> {
  %c = meld.conv %x, %g strides = [1] dilations = [1] padding_low = [0] padding_high = [0] groups = 1 : (tensor<40x8x70xf32>, tensor<5x8x64xf32>) -> tensor<40x5x7xf32>
  return %c : tensor<40x5x7xf32>
}

// Several images whose columns take more than 64 KiB each: on the host
// each block is one image by whole output rows of its pixels
// (convImageColumnBlock), the blocks numbered image by image. 24 x 24
// pixels of 288 taps in blocks of 6 rows (4 per image), with a bias and
// ReLU; a strided one of 23 x 23 pixels (23 rows: the whole image per
// block) and 20 filters (no whole register tiles); and over a dynamic
// batch (the blocks counted at run time).
func.func @image_columns(%x: tensor<3x32x24x24xf32>, %w: tensor<16x32x3x3xf32>, %b: tensor<16xf32>) -> tensor<3x16x24x24xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<3x32x24x24xf32>, tensor<16x32x3x3xf32>) -> tensor<3x16x24x24xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<16xf32> -> tensor<3x16x24x24xf32>
  %s = meld.add %c, %bb : tensor<3x16x24x24xf32>
  %r = meld.relu %s : tensor<3x16x24x24xf32>
  return %r : tensor<3x16x24x24xf32>
}

func.func @image_columns_strided(%x: tensor<2x64x45x45xf32>, %w: tensor<20x64x3x3xf32>) -> tensor<2x20x23x23xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x64x45x45xf32>, tensor<20x64x3x3xf32>) -> tensor<2x20x23x23xf32>
  return %c : tensor<2x20x23x23xf32>
}

// Columns in blocks of the host register tile's width where that is whole
// output rows (64 pixels with AVX-512's tiles: 4 rows of 16, 2 of 32), which
// the GEMM reads in place as its packed panels; 20 and 24 filters (a
// partial row tile on 4 x 64 and 6 x 64 tiles), an epilogue.
func.func @image_columns_panels(%x: tensor<3x16x16x16xf32>, %w: tensor<20x16x3x3xf32>, %b: tensor<20xf32>) -> tensor<3x20x16x16xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<3x16x16x16xf32>, tensor<20x16x3x3xf32>) -> tensor<3x20x16x16xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<20xf32> -> tensor<3x20x16x16xf32>
  %s = meld.add %c, %bb : tensor<3x20x16x16xf32>
  %r = meld.relu %s : tensor<3x20x16x16xf32>
  return %r : tensor<3x20x16x16xf32>
}

func.func @image_columns_panels_strided(%x: tensor<2x8x64x64xf32>, %w: tensor<28x8x3x3xf32>) -> tensor<2x28x32x32xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x8x64x64xf32>, tensor<28x8x3x3xf32>) -> tensor<2x28x32x32xf32>
  return %c : tensor<2x28x32x32xf32>
}

func.func @image_columns_dynamic(%x: tensor<?x32x24x24xf32>, %w: tensor<12x32x3x3xf32>) -> tensor<?x12x24x24xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<?x32x24x24xf32>, tensor<12x32x3x3xf32>) -> tensor<?x12x24x24xf32>
  %r = meld.relu %c : tensor<?x12x24x24xf32>
  return %r : tensor<?x12x24x24xf32>
}

// Two convolutions of one input in one horizontal launch (the input
// gradient of a strided convolution by phases has four): the 3x3 one's
// part takes image column blocks, the 1x1 one's blocks of images.
func.func @image_columns_horizontal(%x: tensor<2x32x24x24xf32>, %w: tensor<16x32x3x3xf32>, %p: tensor<8x32x1x1xf32>) -> (tensor<2x16x24x24xf32>, tensor<2x8x24x24xf32>) {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x32x24x24xf32>, tensor<16x32x3x3xf32>) -> tensor<2x16x24x24xf32>
  %d = meld.conv %x, %p strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<2x32x24x24xf32>, tensor<8x32x1x1xf32>) -> tensor<2x8x24x24xf32>
  return %c, %d : tensor<2x16x24x24xf32>, tensor<2x8x24x24xf32>
}

// On the host, in f32 outside strict-fp mode, those of 4 images or more
// take the pixel-rows form as sums of outer products (meld-vectorize-host-
// outer-products: register tiles of rows by vectors along the filters,
// which are packed channels last a chunk of the reduction at a time); the
// next one's 3 images keep the columns. Here 40 filters (two vectors of 16
// and a masked one of 8), 90 rows per block (tiles of 8 and a remainder),
// the reduction in chunks of one image by 8 of its 16 rows.
func.func @pixel_rows_wide_filters(%x: tensor<20x6x18x18xf32>, %g: tensor<40x6x16x16xf32>) -> tensor<20x40x3x3xf32> {
  %c = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<20x6x18x18xf32>, tensor<40x6x16x16xf32>) -> tensor<20x40x3x3xf32>
  return %c : tensor<20x40x3x3xf32>
}

// 200 filters: three whole tiles of 4 vectors of 16 in a loop, then a
// masked vector of 8 (with AVX2: twelve tiles of 2 vectors of 8, then a
// masked one).
func.func @pixel_rows_many_filters(%x: tensor<8x4x10x10xf32>, %g: tensor<200x4x8x8xf32>) -> tensor<8x200x3x3xf32> {
  %c = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<8x4x10x10xf32>, tensor<200x4x8x8xf32>) -> tensor<8x200x3x3xf32>
  return %c : tensor<8x200x3x3xf32>
}

// 300 filters (19 vectors: 1,216 bytes a step) over taps of 40: a chunk
// of the reduction is 20 of those taps, so the packed filters hold half
// of the innermost loop at a time.
func.func @pixel_rows_long_taps(%x: tensor<8x8x42xf32>, %g: tensor<300x8x40xf32>) -> tensor<8x300x3xf32> {
  %c = meld.conv %x, %g strides = [1] dilations = [1] padding_low = [0] padding_high = [0] groups = 1 : (tensor<8x8x42xf32>, tensor<300x8x40xf32>) -> tensor<8x300x3xf32>
  return %c : tensor<8x300x3xf32>
}

func.func @pixel_rows_few_images(%x: tensor<3x4x34x34xf32>, %g: tensor<8x4x32x32xf32>) -> tensor<3x8x3x3xf32> {
  %c = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<3x4x34x34xf32>, tensor<8x4x32x32xf32>) -> tensor<3x8x3x3xf32>
  return %c : tensor<3x8x3x3xf32>
}
