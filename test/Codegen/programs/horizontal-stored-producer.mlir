// A horizontal kernel whose first part stores a batch norm's output and
// the ReLU6 mask computed from it (PyTorch's training forward, beside the
// per-channel mean it saves as [1, C, 1, 1]): the part's blocks compute
// the normalization once and store it beside the mask. The normalization
// had been copied for the mask's reader, so that each output took blocks
// of its own: every element normalized twice and the input read twice
// (MobileNetV2's [4, 96, 80, 80] kernel, 0.29 -> 0.14 ms warm on a Zen 5
// VM). Host code must still give the interpreter's results
// (unittests/Codegen/HostCodegenTest.cpp runs every file here).
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 | FileCheck %s

// One block loop for both outputs, one normalization.
// CHECK-LABEL: IR Dump After MeldTileHostBlocks
// CHECK:       func.func private @main_kernel_0(
// CHECK-SAME:    meld.host_parts = {{\[}}[1, {{[0-9]+}}, 1, 0], [2, 0, 1, 0]]
// CHECK:         scf.for {{.*}} -> (tensor<4x32x40x40xi8>, tensor<4x32x40x40xf32>)
// CHECK-COUNT-1: arith.subf
// CHECK-NOT:     arith.subf
// CHECK:         return
func.func @main(%mean: tensor<32xf32>, %x: tensor<4x32x40x40xf32>, %invstd: tensor<32xf32>, %gamma: tensor<32xf32>, %beta: tensor<32xf32>) -> (tensor<4x32x40x40xf32>, tensor<4x32x40x40xi1>, tensor<1x32x1x1xf32>) {
  %0 = meld.broadcast_in_dim %mean, dims = [1] : tensor<32xf32> -> tensor<4x32x40x40xf32>
  %1 = meld.sub %x, %0 : tensor<4x32x40x40xf32>
  %2 = meld.mul %invstd, %gamma : tensor<32xf32>
  %3 = meld.broadcast_in_dim %2, dims = [1] : tensor<32xf32> -> tensor<4x32x40x40xf32>
  %4 = meld.mul %1, %3 : tensor<4x32x40x40xf32>
  %5 = meld.broadcast_in_dim %beta, dims = [1] : tensor<32xf32> -> tensor<4x32x40x40xf32>
  %6 = meld.add %4, %5 : tensor<4x32x40x40xf32>
  %zero = meld.constant dense<0.000000e+00> : tensor<4x32x40x40xf32>
  %7 = meld.compare le, %6, %zero : tensor<4x32x40x40xf32>
  %six = meld.constant dense<6.000000e+00> : tensor<4x32x40x40xf32>
  %8 = meld.compare ge, %6, %six : tensor<4x32x40x40xf32>
  %9 = meld.or %7, %8 : tensor<4x32x40x40xi1>
  %10 = meld.reshape %mean : tensor<32xf32> -> tensor<1x32x1x1xf32>
  return %6, %9, %10 : tensor<4x32x40x40xf32>, tensor<4x32x40x40xi1>, tensor<1x32x1x1xf32>
}
