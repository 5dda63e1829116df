// RUN: meld-opt %s --split-input-file --meld-collapse-host-loops | FileCheck %s

// A batch norm's normalize over one image's block of 192 channels of 20 x 20
// pixels: the pixel loops merge into one of 400 (the per-channel operands
// leave them out); the channel loop stays, since those operands index it
// alone, and so does the unit image loop before it.

// CHECK-LABEL: func.func @normalize(
// CHECK-SAME:    %[[X:[^:]*]]: memref<1x192x20x20xf32, strided<[76800, 400, 20, 1], offset: ?>>, %[[S:[^:]*]]: memref<192xf32>,
// CHECK-SAME:    %[[Y:[^:]*]]: memref<1x192x20x20xf32, strided<[76800, 400, 20, 1], offset: ?>>, %[[M:[^:]*]]: memref<1x192x20x20xi8>
// CHECK-DAG:     %[[XC:.*]] = memref.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3]] : {{.*}} into memref<1x192x400xf32, strided<[76800, 400, 1], offset: ?>>
// CHECK-DAG:     %[[YC:.*]] = memref.collapse_shape %[[Y]] {{\[}}[0], [1], [2, 3]] : {{.*}} into memref<1x192x400xf32, strided<[76800, 400, 1], offset: ?>>
// CHECK-DAG:     %[[MC:.*]] = memref.collapse_shape %[[M]] {{\[}}[0], [1], [2, 3]] : memref<1x192x20x20xi8> into memref<1x192x400xi8>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:      ins(%[[XC]], %[[S]] : {{.*}}) outs(%[[YC]], %[[MC]] :
func.func @normalize(%x: memref<1x192x20x20xf32, strided<[76800, 400, 20, 1], offset: ?>>,
                     %s: memref<192xf32>,
                     %y: memref<1x192x20x20xf32, strided<[76800, 400, 20, 1], offset: ?>>,
                     %m: memref<1x192x20x20xi8>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                       affine_map<(n, c, h, w) -> (c)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : memref<1x192x20x20xf32, strided<[76800, 400, 20, 1], offset: ?>>, memref<192xf32>)
      outs(%y, %m : memref<1x192x20x20xf32, strided<[76800, 400, 20, 1], offset: ?>>, memref<1x192x20x20xi8>) {
  ^bb0(%a: f32, %b: f32, %o: f32, %p: i8):
    %v = arith.mulf %a, %b : f32
    %le = arith.cmpf ole, %v, %zero : f32
    %e = arith.extui %le : i1 to i8
    linalg.yield %v, %e : f32, i8
  }
  return
}

// -----

// A batch norm's statistics: the reduced pixel loops merge (both
// reductions), the channel loop and the reduced image loop stay apart.

// CHECK-LABEL: func.func @channel_sums(
// CHECK:         memref.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : memref<4x96x5x5xf32> into memref<4x96x25xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["reduction", "parallel", "reduction"]
func.func @channel_sums(%x: memref<4x96x5x5xf32>, %sum: memref<96xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                       affine_map<(n, c, h, w) -> (c)>],
      iterator_types = ["reduction", "parallel", "reduction", "reduction"]}
      ins(%x : memref<4x96x5x5xf32>) outs(%sum : memref<96xf32>) {
  ^bb0(%a: f32, %s: f32):
    %t = arith.addf %a, %s : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// Rows that the strides lay apart (a window of a padded image, 20 of each
// row's 22 pixels) do not merge, though the maps keep them together.

// CHECK-LABEL: func.func @window(
// CHECK-NOT:     memref.collapse_shape
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
func.func @window(%x: memref<20x20xf32, strided<[22, 1], offset: 23>>,
                  %y: memref<20x20xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(h, w) -> (h, w)>,
                       affine_map<(h, w) -> (h, w)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<20x20xf32, strided<[22, 1], offset: 23>>)
      outs(%y : memref<20x20xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// A transposed read keeps the loops apart (no map holds them in order),
// and so does a body that reads its indices.

// CHECK-LABEL: func.func @transposed(
// CHECK-NOT:     memref.collapse_shape
// CHECK-LABEL: func.func @indexed(
// CHECK-NOT:     memref.collapse_shape
// CHECK:         linalg.index
func.func @transposed(%x: memref<16x16xf32>, %y: memref<16x16xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (j, i)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<16x16xf32>) outs(%y : memref<16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

func.func @indexed(%y: memref<16x16xi64>) {
  linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      outs(%y : memref<16x16xi64>) {
  ^bb0(%o: i64):
    %i = linalg.index 1 : index
    %v = arith.index_cast %i : index to i64
    linalg.yield %v : i64
  }
  return
}

// -----

// A long innermost loop (a row tile of GELU's 3072 columns) stays as it
// is: LLVM vectorizes it, and meld-prefetch-next-tile strip-mines it,
// finding the tiles through their subviews.

// CHECK-LABEL: func.func @long_rows(
// CHECK-NOT:     memref.collapse_shape
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
func.func @long_rows(%x: memref<8x3072xf32>, %y: memref<8x3072xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x3072xf32>) outs(%y : memref<8x3072xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.mulf %a, %a : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// A reduction's long innermost loop merges too: a batch norm backward's
// channel sums over 80 x 80 pixels (LLVM unrolled each row of 80 and
// summed the rows with gathers, 14 GB/s; merged, one loop of 6400).

// CHECK-LABEL: func.func @long_channel_sums(
// CHECK:         memref.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : memref<4x96x80x80xf32> into memref<4x96x6400xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["reduction", "parallel", "reduction"]
func.func @long_channel_sums(%x: memref<4x96x80x80xf32>, %sum: memref<96xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                       affine_map<(n, c, h, w) -> (c)>],
      iterator_types = ["reduction", "parallel", "reduction", "reduction"]}
      ins(%x : memref<4x96x80x80xf32>) outs(%sum : memref<96xf32>) {
  ^bb0(%a: f32, %s: f32):
    %t = arith.addf %a, %s fastmath<reassoc> : f32
    linalg.yield %t : f32
  }
  return
}
