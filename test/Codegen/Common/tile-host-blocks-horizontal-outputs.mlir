// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 fit-small-outputs fused-row-cost horizontal' | FileCheck %s

// A sub-kernel of several outputs splits on the one computed from the
// others, whose loop yields their tiles too (as a kernel's own outputs do):
// a batch norm backward's two channel sums beside each other, the second
// also scaled. The scaled sum's part was one block, its whole reduction on
// one thread (2.8 ms against 0.9 split, 4 x 96 x 80 x 80 on 2 threads).
// (Run against the interpreter: test/Codegen/programs/channel-sums.mlir.)

// CHECK-LABEL: func.func private @channel_sums_kernel_0
// CHECK-SAME:    meld.host_parts = {{\[}}[0, 4, 1, 0], [2, 4, 1, 0]]
// CHECK:         scf.if
// CHECK:           scf.for
// CHECK:         scf.if
// CHECK:           %[[BOTH:.*]]:2 = scf.for
// CHECK:             linalg.generic {{.*}}"reduction"
// CHECK:             linalg.generic {{.*}}"parallel"]
// CHECK:           bufferization.materialize_in_destination %[[BOTH]]#
// CHECK:           bufferization.materialize_in_destination %[[BOTH]]#
func.func @channel_sums(%g: tensor<4x96x32x32xf32>, %h: tensor<4x96x32x32xf32>, %s: tensor<96xf32>) -> (tensor<96xf32>, tensor<96xf32>, tensor<96xf32>) {
  %0 = meld.reduce sum %g dims = [0, 2, 3] : tensor<4x96x32x32xf32> -> tensor<96xf32>
  %1 = meld.reduce sum %h dims = [0, 2, 3] : tensor<4x96x32x32xf32> -> tensor<96xf32>
  %2 = meld.mul %1, %s : tensor<96xf32>
  return %0, %1, %2 : tensor<96xf32>, tensor<96xf32>, tensor<96xf32>
}
