// meld.conv of halves, summed in f32 (the result is f32; the frontends add
// the bias there and round once): the forms of conv.mlir on bf16 and f16.
// A static convolution without groups is one GEMM per image whose bf16
// operands take AVX512-BF16 dots or AMX tiles where the CPU has them
// (unittests/Codegen's Bf16Dots and AmxGemm run such programs too); the
// dynamic batch, grouped and depthwise forms run per output row on the
// widened f32 tiles. unittests/Codegen compares every function with the
// interpreter at two sizes of the '?' dims, fused and unfused, for the host
// and through the emulated GPU mapping, and checks the PTX and HSACO.
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %t.meldb --entry stem --random-inputs --seed 7 --dynamic-size 3 | FileCheck %s
// CHECK: result #0: tensor<3x16x16x16xbf16>

// conv 3x3 (3 -> 16 channels, padding 1) on a dynamic batch, the bias and
// ReLU in f32, rounded once to bf16: one kernel.
func.func @stem(%x: tensor<?x3x16x16xbf16>, %w: tensor<16x3x3x3xbf16>, %bias: tensor<16xf32>) -> tensor<?x16x16x16xbf16> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<?x3x16x16xbf16>, tensor<16x3x3x3xbf16>) -> tensor<?x16x16x16xf32>
  %n = meld.dim %x, 0 : tensor<?x3x16x16xbf16>
  %b = meld.broadcast_in_dim %bias, dims = [1] sizes(%n) : tensor<16xf32> -> tensor<?x16x16x16xf32>
  %a = meld.add %c, %b : tensor<?x16x16x16xf32>
  %r = meld.relu %a : tensor<?x16x16x16xf32>
  %y = meld.cast %r : tensor<?x16x16x16xf32> to tensor<?x16x16x16xbf16>
  return %y : tensor<?x16x16x16xbf16>
}

// A strided 3x3 (24 -> 40 channels) plus a 1x1 strided projection of the
// same input, static: one GEMM per image each, a depth (216) no multiple
// of a tile's and 40 filters (a partial register tile).
func.func @strided_residual(%x: tensor<2x24x9x9xbf16>, %w: tensor<40x24x3x3xbf16>, %p: tensor<40x24x1x1xbf16>) -> tensor<2x40x5x5xbf16> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x24x9x9xbf16>, tensor<40x24x3x3xbf16>) -> tensor<2x40x5x5xf32>
  %d = meld.conv %x, %p strides = [2, 2] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<2x24x9x9xbf16>, tensor<40x24x1x1xbf16>) -> tensor<2x40x5x5xf32>
  %s = meld.add %c, %d : tensor<2x40x5x5xf32>
  %r = meld.relu %s : tensor<2x40x5x5xf32>
  %y = meld.cast %r : tensor<2x40x5x5xf32> to tensor<2x40x5x5xbf16>
  return %y : tensor<2x40x5x5xbf16>
}

// A 1x1 convolution with unit strides: its columns are its input.
func.func @pointwise(%x: tensor<2x48x7x7xbf16>, %w: tensor<20x48x1x1xbf16>) -> tensor<2x20x7x7xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<2x48x7x7xbf16>, tensor<20x48x1x1xbf16>) -> tensor<2x20x7x7xf32>
  return %c : tensor<2x20x7x7xf32>
}

// f16, 1-D, dilation 2, padding 3 before and 1 after.
func.func @dilated_1d_f16(%x: tensor<2x4x20xf16>, %w: tensor<6x4x3xf16>) -> tensor<2x6x20xf16> {
  %c = meld.conv %x, %w strides = [1] dilations = [2] padding_low = [3] padding_high = [1] groups = 1 : (tensor<2x4x20xf16>, tensor<6x4x3xf16>) -> tensor<2x6x20xf32>
  %y = meld.cast %c : tensor<2x6x20xf32> to tensor<2x6x20xf16>
  return %y : tensor<2x6x20xf16>
}

// Depthwise and grouped: per output row.
func.func @depthwise(%x: tensor<1x8x10x10xbf16>, %w: tensor<8x1x3x3xbf16>) -> tensor<1x8x10x10xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 8 : (tensor<1x8x10x10xbf16>, tensor<8x1x3x3xbf16>) -> tensor<1x8x10x10xf32>
  return %c : tensor<1x8x10x10xf32>
}

func.func @grouped(%x: tensor<?x8x7x6xbf16>, %w: tensor<6x4x2x3xbf16>) -> tensor<?x6x4x2xbf16> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 2] padding_low = [1, 0] padding_high = [0, 1] groups = 2 : (tensor<?x8x7x6xbf16>, tensor<6x4x2x3xbf16>) -> tensor<?x6x4x2xf32>
  %y = meld.cast %c : tensor<?x6x4x2xf32> to tensor<?x6x4x2xbf16>
  return %y : tensor<?x6x4x2xbf16>
}

// f16, 3-D, 2x2x2 kernel, no padding.
func.func @volume_f16(%x: tensor<1x2x5x4x6xf16>, %w: tensor<3x2x2x2x2xf16>) -> tensor<1x3x4x3x5xf32> {
  %c = meld.conv %x, %w strides = [1, 1, 1] dilations = [1, 1, 1] padding_low = [0, 0, 0] padding_high = [0, 0, 0] groups = 1 : (tensor<1x2x5x4x6xf16>, tensor<3x2x2x2x2xf16>) -> tensor<1x3x4x3x5xf32>
  return %c : tensor<1x3x4x3x5xf32>
}

// One image, split by whole output rows between threads (see conv.mlir).
func.func @one_image_rows(%x: tensor<1x8x24x24xbf16>, %w: tensor<20x8x3x3xbf16>) -> tensor<1x20x24x24xbf16> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<1x8x24x24xbf16>, tensor<20x8x3x3xbf16>) -> tensor<1x20x24x24xf32>
  %r = meld.relu %c : tensor<1x20x24x24xf32>
  %y = meld.cast %r : tensor<1x20x24x24xf32> to tensor<1x20x24x24xbf16>
  return %y : tensor<1x20x24x24xbf16>
}

func.func @one_image_stem(%x: tensor<1x3x64x64xbf16>, %w: tensor<16x3x7x7xbf16>) -> tensor<1x16x32x32xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [3, 3] padding_high = [3, 3] groups = 1 : (tensor<1x3x64x64xbf16>, tensor<16x3x7x7xbf16>) -> tensor<1x16x32x32xf32>
  return %c : tensor<1x16x32x32xf32>
}

// A bf16 7x7 depthwise with rows of 37 pixels (partial vectors) summed in
// f32 registers, and 2 groups of 6 channels in f16, strided.
func.func @depthwise_7x7(%x: tensor<?x8x11x37xbf16>, %w: tensor<8x1x7x7xbf16>) -> tensor<?x8x11x37xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [3, 3] padding_high = [3, 3] groups = 8 : (tensor<?x8x11x37xbf16>, tensor<8x1x7x7xbf16>) -> tensor<?x8x11x37xf32>
  return %c : tensor<?x8x11x37xf32>
}

func.func @wide_groups_f16(%x: tensor<2x12x9x21xf16>, %w: tensor<4x6x3x3xf16>) -> tensor<2x4x5x11xf32> {
  %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 2 : (tensor<2x12x9x21xf16>, tensor<4x6x3x3xf16>) -> tensor<2x4x5x11xf32>
  return %c : tensor<2x4x5x11xf32>
}

// Two images whose bf16 columns take more than 64 KiB each (288 taps by
// 32 x 32 pixels): on the host, blocks of one image by 4 output rows.
func.func @image_columns(%x: tensor<2x32x32x32xbf16>, %w: tensor<24x32x3x3xbf16>) -> tensor<2x24x32x32xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x32x32x32xbf16>, tensor<24x32x3x3xbf16>) -> tensor<2x24x32x32xf32>
  return %c : tensor<2x24x32x32xf32>
}
