// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{transposed-dot-columns=6}),canonicalize)' | FileCheck %s

// Few rows of x @ W^T (6 rows, one register tile: a small batch or an
// expert's rows) take dot products along the contiguous k, nothing packed.
// The columns (rows of W) are the outer loop, 6 at a time and then one by
// one, so W streams from memory once; for each group of columns, k goes
// in chunks of 1024 steps (2080 = 2 x 1024 and a last chunk of 32), and
// inside a chunk every row of x passes the group: 4 rows at a time
// (4 x 6 = 24 sums; one tile of 4 here, its loop folded), then the last 2
// one by one. Each chunk's sums are
// added into the output.
// CHECK-LABEL: func.func @transposed_dots
// CHECK-NOT:     linalg.transpose
// CHECK-NOT:     linalg.copy
// CHECK:         scf.for %[[J:.*]] = %c0 to %c36 step %c6 {
// CHECK:           scf.for %[[K0:.*]] = %c0 to %c2048 step %c1024 {
// CHECK:             %[[K1:.*]] = arith.addi %[[K0]], %c1024
// CHECK:             %[[SUMS:.*]]:24 = scf.for %[[K:.*]] = %[[K0]] to %[[K1]] step %c16 iter_args(
// CHECK-COUNT-4:         vector.load %arg0[{{.*}}, %[[K]]] : memref<6x2080xf32>, vector<16xf32>
// CHECK-COUNT-6:         vector.load %arg1[{{.*}}, %[[K]]] : memref<40x2080xf32>, vector<16xf32>
// CHECK:               vector.reduction <add>, %[[SUMS]]#0 fastmath<reassoc> : vector<16xf32> into f32
// CHECK:               memref.load %arg2
// CHECK:               arith.addf
// CHECK:               memref.store {{.*}}, %arg2
// CHECK:             scf.for %{{.*}} = %c4 to %c6 step %c1 {
// CHECK:               scf.for %{{.*}} = %[[K0]] to %[[K1]] step %c16 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:           scf.for %{{.*}} = %c2048 to %c2080 step %c16 iter_args(
// CHECK:         scf.for %{{.*}} = %c36 to %c40 step %c1 {
// CHECK:           scf.for %{{.*}} = %c0 to %c2048 step %c1024 {
// CHECK:               scf.for %{{.*}} step %c16 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
func.func @transposed_dots(%a: memref<6x2080xf32>, %b: memref<40x2080xf32>,
                           %c: memref<6x40xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (j, k)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<6x2080xf32>, memref<40x2080xf32>)
      outs(%c : memref<6x40xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
