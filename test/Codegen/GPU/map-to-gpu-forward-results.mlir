// RUN: meld-opt %s --meld-map-to-gpu | FileCheck %s

// A result that the kernel also reads is computed into a fresh buffer by
// bufferization and copied into its output at the end, here through a
// reshape (a [128, 128] intermediate stored as the [1, 128, 128] output, as
// an embedding that feeds RMSNorm's square is in a Llama layer). The 64 KiB
// buffer would not fit a workgroup's memory: the kernel computes straight
// into the output seen through the inverse reshape, with no workgroup
// buffer and no copy.

// CHECK-LABEL: gpu.func @gather_and_square
// CHECK-NOT: workgroup(
// CHECK-SAME: kernel
// CHECK: memref.collapse_shape %[[OUT:.+]] {{\[}}[0, 1], [2]] : memref<1x128x128xf32> into memref<128x128xf32>
// CHECK-NOT: memref.copy
// CHECK: gpu.return

module {
  func.func private @gather_and_square(%table: memref<512x128xf32>, %ids: memref<128xi64>, %out: memref<1x128x128xf32>, %sq: memref<128x128xf32>, %begin: index, %end: index) attributes {meld.kernel = "pointwise"} {
    %rows = memref.alloc() {alignment = 64 : i64} : memref<128x128xf32>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : memref<128xi64>) outs(%rows : memref<128x128xf32>) {
    ^bb0(%id: i64, %o: f32):
      %i = arith.index_cast %id : i64 to index
      %j = linalg.index 1 : index
      %v = memref.load %table[%i, %j] : memref<512x128xf32>
      linalg.yield %v : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%rows : memref<128x128xf32>) outs(%sq : memref<128x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %x : f32
      linalg.yield %y : f32
    }
    %view = memref.expand_shape %rows [[0, 1], [2]] output_shape [1, 128, 128] : memref<128x128xf32> into memref<1x128x128xf32>
    memref.copy %view, %out : memref<1x128x128xf32> to memref<1x128x128xf32>
    return
  }
}
