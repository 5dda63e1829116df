// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{tile-rows=6 tile-cols=16 k-block=256 panel-block-bytes=65536}),canonicalize)' | FileCheck %s
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{tile-rows=6 tile-cols=16 k-block=256}),canonicalize)' | FileCheck %s --check-prefix=ONE

// panel-block-bytes (the host pipeline's on AVX2): blocks of a plain right
// operand span 64 KiB of 256 x 16 panels, 64 columns, packed panel by
// panel into a 4 x 256 x 16 buffer once per block (the last block, 32 of
// 160 columns, into 2 x 256 x 16); then each row tile sweeps the block's
// column tiles, reading its panel of the buffer. Without it, blocks of one
// panel, packed for every row tile to walk.

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (k, j)>
#mC = affine_map<(i, j, k) -> (i, j)>

// CHECK-LABEL: func.func @panels
// CHECK-DAG:     %[[LAST:.*]] = memref.alloca() {alignment = 64 : i64} : memref<2x256x16xf32>
// CHECK-DAG:     %[[BLOCK:.*]] = memref.alloca() {alignment = 64 : i64} : memref<4x256x16xf32>
// CHECK:         scf.for %[[K:.*]] = %c0 to %c512 step %c256 {
// CHECK:           scf.for %[[COLS:.*]] = %c0 to %c128 step %c64 {
// CHECK:             scf.for %[[C:.*]] = %c0 to %c64 step %c16 {
// CHECK:               %[[P:.*]] = arith.divui %[[C]], %c16
// CHECK:               %[[TO:.*]] = memref.subview %[[BLOCK]][%[[P]], 0, 0] [1, 256, 16] [1, 1, 1]
// CHECK:               linalg.copy {{.*}} outs(%[[TO]]
// CHECK:             scf.for %[[ROW:.*]] = %c0 to %c96 step %c6 {
// CHECK:               scf.for %[[TILE:.*]] = %c0 to %c64 step %c16 {
// CHECK:                 %[[PANEL:.*]] = arith.divui %[[TILE]], %c16
// CHECK:                 scf.for
// CHECK:                   vector.transfer_read %[[BLOCK]][%[[PANEL]], %{{.*}}, %c0]
// CHECK:                   vector.fma {{.*}} : vector<6x16xf32>
// CHECK:         scf.for {{.*}} = %c0 to %c32 step %c16 {
// CHECK:           linalg.copy {{.*}} : memref<256x16xf32, strided<[16, 1], offset: ?>>
// CHECK:         scf.for {{.*}} = %c0 to %c96 step %c6 {
// CHECK:             vector.transfer_read %[[LAST]]
// ONE-LABEL: func.func @panels
// ONE-NOT:       x256x16xf32>
// ONE:           memref.alloca() {alignment = 64 : i64} : memref<256x16xf32>
// ONE-NOT:       x256x16xf32>
func.func @panels(%a: memref<96x512xf32>, %b: memref<512x160xf32>,
                  %c: memref<96x160xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<96x512xf32>, memref<512x160xf32>)
      outs(%c : memref<96x160xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// 100 columns, no multiple of 16: blocks of one panel.
// CHECK-LABEL: func.func @odd_width
// CHECK-NOT:     x256x16xf32>
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<256x16xf32>
// CHECK-NOT:     x256x16xf32>
// CHECK:         return
func.func @odd_width(%a: memref<96x512xf32>, %b: memref<512x100xf32>,
                     %c: memref<96x100xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<96x512xf32>, memref<512x100xf32>)
      outs(%c : memref<96x100xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
