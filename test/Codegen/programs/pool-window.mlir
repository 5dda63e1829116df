// A max pool as the frontends write it (meld.frontend's pool: the input
// padded with -inf by concatenations along H and W, then the nine strided
// windows of a 3x3, stride-2 pool, and their maximum), after a ReLU, on a
// batch of one. The row blocks split the channels; each block's windows
// are strided slices of the padded tensor, which upstream's slice
// bubbling cannot take across the concatenations (partial along H and W,
// and strided). meld-tile-host-blocks splits off their channel part,
// which crosses the concatenations (SplitSliceAcrossInsertSlice), so each
// block pads its own channels inside the loop. Before, each thread padded
// all channels outside it (a ResNet's stem pool, 64 x 112 x 112: 4.3 ms,
// now 0.58 ms; Inductor 0.86-0.98 ms). unittests/Codegen compares the
// function with the interpreter, fused and unfused, for the host and the
// emulated GPU mapping, and assembles its PTX and HSACO: the -inf borders
// are a constant buffer (memref.global), which meld-map-to-gpu now copies
// into the GPU module (before, "'memref.get_global' op ... does not
// reference a valid global memref"). Not yet run on a GPU.
//
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 | FileCheck %s
// CHECK-LABEL: func.func private @main_kernel_0(
// CHECK-NOT:   tensor.insert_slice
// CHECK:       scf.for
// CHECK:         tensor.insert_slice {{.*}} into tensor<1x?x14x12xf32>
// CHECK:         tensor.insert_slice {{.*}} into tensor<1x?x14x14xf32>
// CHECK:         tensor.extract_slice {{.*}} [1, 1, 2, 2] : tensor<1x?x14x14xf32> to tensor<1x?x6x6xf32>
func.func @main(%x: tensor<1x8x12x12xf32>) -> tensor<1x8x6x6xf32> {
  %r = meld.relu %x : tensor<1x8x12x12xf32>
  %c = meld.constant dense<0xFF800000> : tensor<f32>
  %h = meld.broadcast_in_dim %c, dims = [] : tensor<f32> -> tensor<1x8x1x12xf32>
  %p1 = meld.concat %h, %r, %h dim = 2 : (tensor<1x8x1x12xf32>, tensor<1x8x12x12xf32>, tensor<1x8x1x12xf32>) -> tensor<1x8x14x12xf32>
  %w = meld.broadcast_in_dim %c, dims = [] : tensor<f32> -> tensor<1x8x14x1xf32>
  %p = meld.concat %w, %p1, %w dim = 3 : (tensor<1x8x14x1xf32>, tensor<1x8x14x12xf32>, tensor<1x8x14x1xf32>) -> tensor<1x8x14x14xf32>
  %s0 = meld.slice %p start = [0, 0, 0, 0] limit = [1, 8, 11, 11] strides = [1, 1, 2, 2] : tensor<1x8x14x14xf32> -> tensor<1x8x6x6xf32>
  %s1 = meld.slice %p start = [0, 0, 0, 1] limit = [1, 8, 11, 12] strides = [1, 1, 2, 2] : tensor<1x8x14x14xf32> -> tensor<1x8x6x6xf32>
  %s2 = meld.slice %p start = [0, 0, 0, 2] limit = [1, 8, 11, 13] strides = [1, 1, 2, 2] : tensor<1x8x14x14xf32> -> tensor<1x8x6x6xf32>
  %s3 = meld.slice %p start = [0, 0, 1, 0] limit = [1, 8, 12, 11] strides = [1, 1, 2, 2] : tensor<1x8x14x14xf32> -> tensor<1x8x6x6xf32>
  %s4 = meld.slice %p start = [0, 0, 1, 1] limit = [1, 8, 12, 12] strides = [1, 1, 2, 2] : tensor<1x8x14x14xf32> -> tensor<1x8x6x6xf32>
  %s5 = meld.slice %p start = [0, 0, 2, 2] limit = [1, 8, 13, 13] strides = [1, 1, 2, 2] : tensor<1x8x14x14xf32> -> tensor<1x8x6x6xf32>
  %m0 = meld.max %s0, %s1 : tensor<1x8x6x6xf32>
  %m1 = meld.max %m0, %s2 : tensor<1x8x6x6xf32>
  %m2 = meld.max %m1, %s3 : tensor<1x8x6x6xf32>
  %m3 = meld.max %m2, %s4 : tensor<1x8x6x6xf32>
  %m4 = meld.max %m3, %s5 : tensor<1x8x6x6xf32>
  return %m4 : tensor<1x8x6x6xf32>
}
