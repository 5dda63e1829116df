// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{tile-rows=6 tile-cols=16 k-block=256 panel-block-bytes=65536}),canonicalize)' | FileCheck %s
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{tile-rows=6 tile-cols=16 k-block=256}),canonicalize)' | FileCheck %s --check-prefix=ONE

// panel-block-bytes (the host pipeline's on AVX2): blocks of a plain right
// operand span 64 KiB of 256 x 16 panels, 64 columns, packed row by row
// (each row's 64 floats to the 4 panels) into a 4 x 256 x 16 buffer once
// per block (the last block, 32 of 160 columns, into 2 x 256 x 16); then
// each row tile sweeps the block's
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
// CHECK:             scf.for %[[KK:.*]] = %c0 to %c256 step %c1 {
// CHECK:               %[[ROWOF:.*]] = affine.apply #{{.*}}()[%[[K]], %[[KK]]]
// CHECK:               scf.for %[[P:.*]] = %c0 to %c4 step %c1 {
// CHECK:                 %[[PCOL:.*]] = arith.muli %[[P]], %c16
// CHECK:                 %[[COL:.*]] = affine.apply #{{.*}}()[%[[COLS]], %[[PCOL]]]
// CHECK:                 %[[ROW16:.*]] = vector.transfer_read %{{.*}}[%[[ROWOF]], %[[COL]]]{{.*}} vector<16xf32>
// CHECK:                 vector.transfer_write %[[ROW16]], %[[BLOCK]][%[[P]], %[[KK]], %c0]
// CHECK:             scf.for %[[ROW:.*]] = %c0 to %c96 step %c6 {
// CHECK:               scf.for %[[TILE:.*]] = %c0 to %c64 step %c16 {
// CHECK:                 %[[PANEL:.*]] = arith.divui %[[TILE]], %c16
// CHECK:                 scf.for
// CHECK:                   vector.transfer_read %[[BLOCK]][%[[PANEL]], %{{.*}}, %c0]
// CHECK:                   vector.fma {{.*}} : vector<6x16xf32>
// CHECK:         scf.for {{.*}} = %c0 to %c256 step %c1 {
// CHECK:           scf.for {{.*}} = %c0 to %c2 step %c1 {
// CHECK:             vector.transfer_write {{.*}}, %[[LAST]]
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

// A transposed right operand (`x @ W^T`) in blocks of 256 rows: each block
// of 64 columns transposed into its 4 panels in 16 x 16 squares (a
// transposing read of the weight's 16 rows, along k), read through a
// transposed view; the row tiles sweep the panels as above.
#mBt = affine_map<(i, j, k) -> (j, k)>
// CHECK-LABEL: func.func @transposed
// CHECK-DAG:     %[[BLOCK:.*]] = memref.alloca() {alignment = 64 : i64} : memref<4x256x16xf32>
// CHECK:         scf.for %[[K:.*]] = %c0 to %c512 step %c256 {
// CHECK:           scf.for %[[COLS:.*]] = %c0 to %c128 step %c64 {
// CHECK:             %[[ROWS:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [4, 16, 256]
// CHECK:             scf.for %[[P:.*]] = %c0 to %c4 step %c1 {
// CHECK:               scf.for %[[KK:.*]] = %c0 to %c256 step %c16 {
// CHECK:                 %[[SQ:.*]] = vector.transfer_read %[[ROWS]][%[[P]], %c0, %[[KK]]]{{.*}}permutation_map = #{{.*}}} {{.*}} vector<1x16x16xf32>
// CHECK:                 vector.transfer_write %[[SQ]], %[[BLOCK]][%[[P]], %[[KK]], %c0]
// CHECK:             scf.for %[[ROW:.*]] = %c0 to %c252 step %c6 {
// CHECK:               scf.for %[[TILE:.*]] = %c0 to %c64 step %c16 {
// CHECK:                 %[[PANEL:.*]] = arith.divui %[[TILE]], %c16
// CHECK:                 scf.for
// CHECK:                   vector.transfer_read %[[BLOCK]][%[[PANEL]], %{{.*}}, %c0]
// CHECK:                   vector.fma {{.*}} : vector<6x16xf32>
// ONE-LABEL: func.func @transposed
// ONE-NOT:       x256x16xf32>
// ONE:           return
func.func @transposed(%a: memref<256x512xf32>, %b: memref<160x512xf32>,
                      %c: memref<256x160xf32>) {
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<256x512xf32>, memref<160x512xf32>)
      outs(%c : memref<256x160xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// Fewer rows than kTransposedPanelBlockMinRows: the transposed operand
// keeps its panels of one register tile.
// CHECK-LABEL: func.func @transposed_few_rows
// CHECK-NOT:     x256x16xf32>
// CHECK:         return
func.func @transposed_few_rows(%a: memref<96x512xf32>, %b: memref<160x512xf32>,
                               %c: memref<96x160xf32>) {
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<96x512xf32>, memref<160x512xf32>)
      outs(%c : memref<96x160xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
