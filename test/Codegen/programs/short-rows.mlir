// Elementwise kernels over small images, the batch norms and activations
// of a network's last layers (MobileNetV2's 20 x 20, 10 x 10, 5 x 5 and
// 7 x 7 images): the pixel loops merged into one where the operands lay
// them out contiguously (meld-collapse-host-loops), and the short rows
// that the strides keep apart (a convolution's input gradient cut from its
// padded form) computed as one vector each (meld-vectorize-host-rows).
// Rows of 20, 5 and 7 (none a multiple of the lanes), a mask in bytes,
// per-channel operands, and the batch norm's statistics over 5 x 5
// images. unittests/Codegen compares every function with the interpreter
// (fused and unfused, host and emulated GPU).
//
// RUN: meld-compile %s --targets=host -o %t.meldb
// RUN: meld-run %t.meldb --entry cut_padded --random-inputs --seed 3 | FileCheck %s
// CHECK: result #0: tensor<4x24x20x20xf32>
// (The IR: test/Codegen/Host/collapse-host-loops.mlir and
// vectorize-host-rows.mlir.)

func.func @normalize(%x: tensor<4x24x20x20xf32>, %mean: tensor<24xf32>, %scale: tensor<24xf32>, %shift: tensor<24xf32>) -> (tensor<4x24x20x20xf32>, tensor<4x24x20x20xi1>) {
  %m = meld.broadcast_in_dim %mean, dims = [1] : tensor<24xf32> -> tensor<4x24x20x20xf32>
  %c = meld.sub %x, %m : tensor<4x24x20x20xf32>
  %s = meld.broadcast_in_dim %scale, dims = [1] : tensor<24xf32> -> tensor<4x24x20x20xf32>
  %y = meld.mul %c, %s : tensor<4x24x20x20xf32>
  %b = meld.broadcast_in_dim %shift, dims = [1] : tensor<24xf32> -> tensor<4x24x20x20xf32>
  %z = meld.add %y, %b : tensor<4x24x20x20xf32>
  %zero = meld.constant dense<0.0> : tensor<4x24x20x20xf32>
  %six = meld.constant dense<6.0> : tensor<4x24x20x20xf32>
  %le = meld.compare le, %z, %zero : tensor<4x24x20x20xf32>
  %ge = meld.compare ge, %z, %six : tensor<4x24x20x20xf32>
  %mask = meld.or %le, %ge : tensor<4x24x20x20xi1>
  return %z, %mask : tensor<4x24x20x20xf32>, tensor<4x24x20x20xi1>
}

func.func @cut_padded(%g: tensor<4x24x22x22xf32>, %mask: tensor<4x24x20x20xi1>, %mean: tensor<1x24x1x1xf32>, %x: tensor<4x24x20x20xf32>) -> (tensor<4x24x20x20xf32>, tensor<4x24x20x20xf32>) {
  %r = meld.slice %g start = [0, 0, 1, 0] limit = [4, 24, 21, 22] : tensor<4x24x22x22xf32> -> tensor<4x24x20x22xf32>
  %i = meld.slice %r start = [0, 0, 0, 1] limit = [4, 24, 20, 21] : tensor<4x24x20x22xf32> -> tensor<4x24x20x20xf32>
  %zero = meld.constant dense<0.0> : tensor<4x24x20x20xf32>
  %d = meld.select %mask, %zero, %i : tensor<4x24x20x20xi1>, tensor<4x24x20x20xf32>
  %m = meld.broadcast_in_dim %mean, dims = [0, 1, 2, 3] : tensor<1x24x1x1xf32> -> tensor<4x24x20x20xf32>
  %c = meld.sub %x, %m : tensor<4x24x20x20xf32>
  %p = meld.mul %d, %c : tensor<4x24x20x20xf32>
  return %d, %p : tensor<4x24x20x20xf32>, tensor<4x24x20x20xf32>
}

func.func @cut_small(%g: tensor<4x40x7x7xf32>, %mask: tensor<4x40x5x5xi1>, %x: tensor<4x40x5x5xf32>) -> tensor<4x40x5x5xf32> {
  %r = meld.slice %g start = [0, 0, 1, 1] limit = [4, 40, 6, 6] : tensor<4x40x7x7xf32> -> tensor<4x40x5x5xf32>
  %zero = meld.constant dense<0.0> : tensor<4x40x5x5xf32>
  %d = meld.select %mask, %zero, %r : tensor<4x40x5x5xi1>, tensor<4x40x5x5xf32>
  %p = meld.mul %d, %x : tensor<4x40x5x5xf32>
  return %p : tensor<4x40x5x5xf32>
}

func.func @statistics(%x: tensor<4x40x5x5xf32>) -> (tensor<40xf32>, tensor<40xf32>) {
  %mean = meld.reduce mean %x dims = [0, 2, 3] : tensor<4x40x5x5xf32> -> tensor<40xf32>
  %b = meld.broadcast_in_dim %mean, dims = [1] : tensor<40xf32> -> tensor<4x40x5x5xf32>
  %c = meld.sub %x, %b : tensor<4x40x5x5xf32>
  %sq = meld.mul %c, %c : tensor<4x40x5x5xf32>
  %var = meld.reduce mean %sq dims = [0, 2, 3] : tensor<4x40x5x5xf32> -> tensor<40xf32>
  return %mean, %var : tensor<40xf32>, tensor<40xf32>
}

func.func @odd_rows(%x: tensor<6x7x7xf32>, %y: tensor<6x7x7xf32>) -> tensor<6x7x7xf32> {
  %e = meld.exp %x : tensor<6x7x7xf32>
  %t = meld.tanh %y : tensor<6x7x7xf32>
  %p = meld.mul %e, %t : tensor<6x7x7xf32>
  return %p : tensor<6x7x7xf32>
}
