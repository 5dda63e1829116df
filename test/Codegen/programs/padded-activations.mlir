// Padded activations computed in their slices of the output
// (meld-tile-host-blocks: a concatenation stored whole, the one nested in
// it and the op computing into it, written in place; the computed piece
// inserted first, meld-convert-to-linalg): a padding of one side (a
// stride-2 "same" convolution's, a zero row and a zero column) and of
// both sides (a zero border, each side a concatenation), over images of a
// batch and of one. unittests/Codegen compares every function with the
// interpreter (fused and unfused, host and emulated GPU).
//
// RUN: meld-compile %s --targets=host -o %t.meldb
// RUN: meld-run %t.meldb --entry border --random-inputs --seed 3 | FileCheck %s
// CHECK: result #0: tensor<3x5x9x9xf32>
// (The IR: test/Codegen/Common/tile-host-blocks-padding.mlir.)

func.func @one_side(%x: tensor<2x6x10x10xf32>) -> tensor<2x6x11x11xf32> {
  %zero = meld.constant dense<0.000000e+00> : tensor<2x6x10x10xf32>
  %r = meld.max %x, %zero : tensor<2x6x10x10xf32>
  %six = meld.constant dense<6.000000e+00> : tensor<2x6x10x10xf32>
  %a = meld.min %r, %six : tensor<2x6x10x10xf32>
  %row = meld.constant dense<0.000000e+00> : tensor<2x6x1x10xf32>
  %rows = meld.concat %a, %row dim = 2 : (tensor<2x6x10x10xf32>, tensor<2x6x1x10xf32>) -> tensor<2x6x11x10xf32>
  %column = meld.constant dense<0.000000e+00> : tensor<2x6x11x1xf32>
  %padded = meld.concat %rows, %column dim = 3 : (tensor<2x6x11x10xf32>, tensor<2x6x11x1xf32>) -> tensor<2x6x11x11xf32>
  return %padded : tensor<2x6x11x11xf32>
}

func.func @border(%x: tensor<3x5x7x7xf32>, %s: tensor<5xf32>) -> tensor<3x5x9x9xf32> {
  %sb = meld.broadcast_in_dim %s, dims = [1] : tensor<5xf32> -> tensor<3x5x7x7xf32>
  %a = meld.mul %x, %sb : tensor<3x5x7x7xf32>
  %row = meld.constant dense<0.000000e+00> : tensor<3x5x1x7xf32>
  %rows = meld.concat %row, %a, %row dim = 2 : (tensor<3x5x1x7xf32>, tensor<3x5x7x7xf32>, tensor<3x5x1x7xf32>) -> tensor<3x5x9x7xf32>
  %column = meld.constant dense<0.000000e+00> : tensor<3x5x9x1xf32>
  %padded = meld.concat %column, %rows, %column dim = 3 : (tensor<3x5x9x1xf32>, tensor<3x5x9x7xf32>, tensor<3x5x9x1xf32>) -> tensor<3x5x9x9xf32>
  return %padded : tensor<3x5x9x9xf32>
}

func.func @one_image(%x: tensor<1x4x33x33xf32>) -> (tensor<1x4x34x34xf32>, tensor<1x4x33x33xf32>) {
  %e = meld.exp %x : tensor<1x4x33x33xf32>
  %row = meld.constant dense<0.000000e+00> : tensor<1x4x1x33xf32>
  %rows = meld.concat %e, %row dim = 2 : (tensor<1x4x33x33xf32>, tensor<1x4x1x33xf32>) -> tensor<1x4x34x33xf32>
  %column = meld.constant dense<0.000000e+00> : tensor<1x4x34x1xf32>
  %padded = meld.concat %rows, %column dim = 3 : (tensor<1x4x34x33xf32>, tensor<1x4x34x1xf32>) -> tensor<1x4x34x34xf32>
  return %padded, %e : tensor<1x4x34x34xf32>, tensor<1x4x33x33xf32>
}
