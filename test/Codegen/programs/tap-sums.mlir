// A depthwise convolution's weight gradient as the backward of
// torch.compile computes it: a grouped convolution of the input (batch and
// channels swapped) by the output gradient as its kernel, 3 x 3 outputs
// per channel, each a sum over the images' pixels. meld-vectorize-host-taps
// keeps a vector of sums per output and walks the taps in vector chunks:
// stride 1 and stride 2 (a stride-2 convolution's taps, every other
// pixel: a dilation here), tap rows of 40 (two chunks of 16 and a masked
// remainder of 8 with AVX-512), of 20, of 10 and of 5 (fewer than the
// lanes: one masked chunk of 16 or of 8), and one row of taps (a 1-D
// convolution's). unittests/Codegen compares every function with the
// interpreter (fused and unfused, host and emulated GPU).
//
// RUN: meld-compile %s --targets=host -o %t.meldb
// RUN: meld-run %t.meldb --entry strided --random-inputs --seed 3 | FileCheck %s
// CHECK: result #0: tensor<1x6x3x3xf32>
// (The IR: test/Codegen/Host/vectorize-host-taps.mlir.)

func.func @unit(%x: tensor<1x24x42x42xf32>, %g: tensor<6x4x40x40xf32>) -> tensor<1x6x3x3xf32> {
  %0 = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 6 : (tensor<1x24x42x42xf32>, tensor<6x4x40x40xf32>) -> tensor<1x6x3x3xf32>
  return %0 : tensor<1x6x3x3xf32>
}

func.func @strided(%x: tensor<1x24x81x81xf32>, %g: tensor<6x4x40x40xf32>) -> tensor<1x6x3x3xf32> {
  %0 = meld.conv %x, %g strides = [1, 1] dilations = [2, 2] padding_low = [0, 0] padding_high = [0, 0] groups = 6 : (tensor<1x24x81x81xf32>, tensor<6x4x40x40xf32>) -> tensor<1x6x3x3xf32>
  return %0 : tensor<1x6x3x3xf32>
}

func.func @short_rows(%x: tensor<1x12x41x41xf32>, %g: tensor<3x4x20x20xf32>) -> tensor<1x3x3x3xf32> {
  %0 = meld.conv %x, %g strides = [1, 1] dilations = [2, 2] padding_low = [0, 0] padding_high = [0, 0] groups = 3 : (tensor<1x12x41x41xf32>, tensor<3x4x20x20xf32>) -> tensor<1x3x3x3xf32>
  return %0 : tensor<1x3x3x3xf32>
}

func.func @one_row(%x: tensor<1x8x102xf32>, %g: tensor<4x2x100xf32>) -> tensor<1x4x3xf32> {
  %0 = meld.conv %x, %g strides = [1] dilations = [1] padding_low = [0] padding_high = [0] groups = 4 : (tensor<1x8x102xf32>, tensor<4x2x100xf32>) -> tensor<1x4x3xf32>
  return %0 : tensor<1x4x3xf32>
}

func.func @ten_taps(%x: tensor<1x20x12x12xf32>, %g: tensor<5x4x10x10xf32>) -> tensor<1x5x3x3xf32> {
  %0 = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 5 : (tensor<1x20x12x12xf32>, tensor<5x4x10x10xf32>) -> tensor<1x5x3x3xf32>
  return %0 : tensor<1x5x3x3xf32>
}

func.func @five_taps(%x: tensor<1x28x7x7xf32>, %g: tensor<7x4x5x5xf32>) -> tensor<1x7x3x3xf32> {
  %0 = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 7 : (tensor<1x28x7x7xf32>, tensor<7x4x5x5xf32>) -> tensor<1x7x3x3xf32>
  return %0 : tensor<1x7x3x3xf32>
}
