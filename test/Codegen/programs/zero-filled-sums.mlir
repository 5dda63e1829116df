// Host GEMMs whose register tiles start their sums at zero, where a zero
// fill of the whole output had been written for them to read back
// (meld-vectorize-host-contractions' startSumsAtZero): in one k block,
// always; in several, in the first, the others reading what the block
// before wrote; past a last partial k block whose loop folds away, and
// past anything else that reads the fill, the fill stays. Depths of one
// block (100), of four (512), of blocks of 100 in a batch, of three whole
// blocks and a partial one (389, prime), a convolution's columns, and
// partial row and column tiles; a dynamic depth, which may be 0 (the fill
// then is all there is: unittests/Codegen's ZeroFilledSums runs it at 0
// and 300). unittests/Codegen compares every function with the
// interpreter (fused and unfused, host and emulated GPU), on output
// buffers filled with NaNs first (MELD_POISON_BUFFERS).
//
// RUN: meld-compile %s --targets=host -o %t.meldb
// RUN: meld-run %t.meldb --entry k_blocks --random-inputs --seed 5 | FileCheck %s
// CHECK: result #0: tensor<70x130xf32>
// (The IR: test/Codegen/Host/vectorize-host-zero-fill.mlir.)

func.func @one_block(%a: tensor<77x100xf32>, %b: tensor<100x96xf32>) -> tensor<77x96xf32> {
  %c = meld.matmul %a, %b : tensor<77x100xf32>, tensor<100x96xf32> -> tensor<77x96xf32>
  return %c : tensor<77x96xf32>
}

func.func @k_blocks(%a: tensor<70x512xf32>, %b: tensor<512x130xf32>) -> tensor<70x130xf32> {
  %c = meld.matmul %a, %b : tensor<70x512xf32>, tensor<512x130xf32> -> tensor<70x130xf32>
  return %c : tensor<70x130xf32>
}

func.func @k_prime(%a: tensor<40x389xf32>, %b: tensor<389x64xf32>) -> tensor<40x64xf32> {
  %c = meld.matmul %a, %b : tensor<40x389xf32>, tensor<389x64xf32> -> tensor<40x64xf32>
  return %c : tensor<40x64xf32>
}

func.func @batched(%a: tensor<3x20x300xf32>, %b: tensor<3x300x40xf32>) -> tensor<3x20x40xf32> {
  %c = meld.batch_matmul %a, %b : tensor<3x20x300xf32>, tensor<3x300x40xf32> -> tensor<3x20x40xf32>
  return %c : tensor<3x20x40xf32>
}

func.func @conv(%x: tensor<2x24x10x10xf32>, %w: tensor<16x24x3x3xf32>) -> tensor<2x16x10x10xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x24x10x10xf32>, tensor<16x24x3x3xf32>) -> tensor<2x16x10x10xf32>
  return %y : tensor<2x16x10x10xf32>
}

func.func @dynamic_depth(%a: tensor<70x?xf32>, %b: tensor<?x130xf32>) -> tensor<70x130xf32> {
  %c = meld.matmul %a, %b : tensor<70x?xf32>, tensor<?x130xf32> -> tensor<70x130xf32>
  return %c : tensor<70x130xf32>
}
