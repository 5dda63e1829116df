// Kernels whose output has a leading unit dimension (a batch of one):
// code generation folds it into the next dimension, and the row blocks
// then run over that one, so the block count must be counted on the
// merged dimensions (meld.row_dims), not on the unit batch. Through the
// emulated GPU mapping (row blocks of about 1K elements) these need 16
// and 64 blocks; counted on the batch they ran one, leaving all but the
// first rows unwritten. unittests/Codegen compares every function with
// the interpreter, fused and unfused, for the host and the emulated GPU
// mapping.
//
// RUN: meld-compile %s --targets=host --emulate-gpu-on-host --print-metadata -o %t.meldb | FileCheck %s
// CHECK: "ceildiv": [
// CHECK-NEXT: {
// CHECK-NEXT: "mul": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 64

func.func @scale_shift(%x: tensor<1x64x64xf32>, %y: tensor<1x64x64xf32>) -> tensor<1x64x64xf32> {
  %e = meld.exp %x : tensor<1x64x64xf32>
  %s = meld.mul %e, %y : tensor<1x64x64xf32>
  return %s : tensor<1x64x64xf32>
}

func.func @row_norm(%x: tensor<1x64x256xf32>) -> tensor<1x64x256xf32> {
  %sq = meld.mul %x, %x : tensor<1x64x256xf32>
  %ms = meld.reduce mean %sq dims = [2] keep_dims : tensor<1x64x256xf32> -> tensor<1x64x1xf32>
  %r = meld.rsqrt %ms : tensor<1x64x1xf32>
  %rb = meld.broadcast_in_dim %r, dims = [0, 1, 2] : tensor<1x64x1xf32> -> tensor<1x64x256xf32>
  %y = meld.mul %x, %rb : tensor<1x64x256xf32>
  return %y : tensor<1x64x256xf32>
}
