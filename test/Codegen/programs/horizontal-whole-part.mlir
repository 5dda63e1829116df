// A horizontal kernel whose second part, a transpose between reshapes
// (PyTorch's [N, C, H, W] to [C, N, H, W] for a weight gradient, beside
// the input gradient's convolution that reads the same tensor), is
// computed whole, one block: it is stored unmerged into its output buffer
// seen through the inverse view and computed in that buffer. It had been
// computed into scratch and copied (4 MiB of memcpy per call for a small
// CNN's 64 channels over 16 images of 32 x 32). Host code must still give
// the interpreter's results (unittests/Codegen/HostCodegenTest.cpp runs
// every file here).
// RUN: meld-compile %s --targets=host --cpu=skylake-avx512 --host-threads=2 \
// RUN:   --host-tuning=none -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks \
// RUN:   --mlir-print-ir-before=convert-to-llvm 2>&1 | FileCheck %s

// CHECK-LABEL: IR Dump After MeldTileHostBlocks
// CHECK:       func.func private @main_kernel_0(
// CHECK-SAME:    meld.host_parts = {{\[}}[0, {{[0-9]+}}, 1, {{[0-9]+}}], [1, 0, 1, 0]]
// CHECK:         %[[VIEW:.*]] = memref.expand_shape %arg3 {{\[}}[0, 1], [2], [3], [4]] output_shape [1, 32, 4, 16, 16]
// CHECK:         %[[DEST:.*]] = bufferization.to_tensor %[[VIEW]] restrict writable
// CHECK:         %[[T:.*]] = linalg.transpose ins(%{{.*}} : tensor<4x1x32x16x16xf32>) outs(%[[DEST]] : tensor<1x32x4x16x16xf32>)
// CHECK:         bufferization.materialize_in_destination %[[T]] in restrict writable %[[VIEW]]
// CHECK-LABEL: IR Dump Before ConvertToLLVMPass
// CHECK-NOT:   memref.copy
func.func @main(%g: tensor<4x32x16x16xf32>, %w: tensor<32x32x3x3xf32>) -> (tensor<4x32x16x16xf32>, tensor<32x4x16x16xf32>) {
  %dx = meld.conv %g, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<4x32x16x16xf32>, tensor<32x32x3x3xf32>) -> tensor<4x32x16x16xf32>
  %r = meld.reshape %g : tensor<4x32x16x16xf32> -> tensor<4x1x32x16x16xf32>
  %t = meld.transpose %r, perm = [1, 2, 0, 3, 4] : tensor<4x1x32x16x16xf32> -> tensor<1x32x4x16x16xf32>
  %o = meld.reshape %t : tensor<1x32x4x16x16xf32> -> tensor<32x4x16x16xf32>
  return %dx, %o : tensor<4x32x16x16xf32>, tensor<32x4x16x16xf32>
}
