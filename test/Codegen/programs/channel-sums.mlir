// A batch norm's per-channel sums over images whose rows are longer than
// 64 pixels (MobileNetV2's 80 x 80 at 160 x 160 input): the reduced pixel
// loops merged into one loop of 6400 (meld-collapse-host-loops; LLVM had
// unrolled each row of 80 and summed the rows with gathers), and a
// backward's two sums beside each other in one horizontal launch, the
// second also scaled, each split into channel blocks (the scaled one was
// one block, on one thread: meld-tile-host-blocks splits a sub-kernel of
// several outputs on the one computed from the others). unittests/Codegen
// compares every function with the interpreter (fused and unfused, host
// and emulated GPU).
//
// RUN: meld-compile %s --targets=host -o %t.meldb
// RUN: meld-run %t.meldb --entry backward_sums --random-inputs --seed 3 | FileCheck %s
// CHECK: result #2: tensor<24xf32>
// (The IR: test/Codegen/Host/collapse-host-loops.mlir and
// test/Codegen/Common/tile-host-blocks-horizontal-outputs.mlir.)

func.func @statistics(%x: tensor<2x24x80x80xf32>) -> (tensor<24xf32>, tensor<24xf32>) {
  %mean = meld.reduce mean %x dims = [0, 2, 3] : tensor<2x24x80x80xf32> -> tensor<24xf32>
  %m = meld.broadcast_in_dim %mean, dims = [1] : tensor<24xf32> -> tensor<2x24x80x80xf32>
  %d = meld.sub %x, %m : tensor<2x24x80x80xf32>
  %sq = meld.mul %d, %d : tensor<2x24x80x80xf32>
  %var = meld.reduce mean %sq dims = [0, 2, 3] : tensor<2x24x80x80xf32> -> tensor<24xf32>
  return %mean, %var : tensor<24xf32>, tensor<24xf32>
}

func.func @backward_sums(%g: tensor<2x24x80x80xf32>, %h: tensor<2x24x80x80xf32>, %s: tensor<24xf32>) -> (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) {
  %0 = meld.reduce sum %g dims = [0, 2, 3] : tensor<2x24x80x80xf32> -> tensor<24xf32>
  %1 = meld.reduce sum %h dims = [0, 2, 3] : tensor<2x24x80x80xf32> -> tensor<24xf32>
  %2 = meld.mul %1, %s : tensor<24xf32>
  return %0, %1, %2 : tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
}

func.func @max_over_rows(%x: tensor<3x5x100xf32>) -> tensor<3xf32> {
  %0 = meld.reduce max %x dims = [1, 2] : tensor<3x5x100xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
