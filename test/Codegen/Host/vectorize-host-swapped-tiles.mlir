// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{tile-rows=6 tile-cols=64 k-block=128 swapped-rows=128}),canonicalize)' | FileCheck %s
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{tile-rows=6 tile-cols=64 k-block=128}),canonicalize)' | FileCheck %s --check-prefix=OFF

// swapped-rows (the host pipeline's 128 on Intel's AVX-512 cores): static
// rows of an f32 `x @ W^T`, more than the dot products take and up to 128,
// with k a multiple of 16 up to 1024, are computed as (W x^T)^T. x is
// packed transposed at the kernel's entry (16 x 16 transposes, its rows
// padded to 80 by masked reads), each tile broadcasts 6 rows of W, read in
// place, against up to 4 vectors of 16 of x's rows over all of k (77 rows:
// panels of 3 and 2 vectors, not 4 and 1), and writes its sums transposed,
// a vector<6> per output row; the dynamic columns go in tiles of 6, then
// one tile of the last 1 to 5. After a zero fill (removed) the sums are
// stored; without one they are added to the output's values. 129 rows keep
// the packed panels' register tiles, as does everything without the option.

// CHECK-LABEL: func.func @swapped
// CHECK-NOT:     linalg.fill
// CHECK:         %[[XT:.*]] = memref.alloc() {alignment = 64 : i64} : memref<96x80xf32>
// CHECK:         scf.for %[[I:.*]] = %c0 to %c80 step %c16 {
// CHECK:           scf.for %[[K:.*]] = %c0 to %c96 step %c16 {
// CHECK:             %[[X:.*]] = vector.transfer_read %arg0[%[[I]], %[[K]]], %{{.*}} {in_bounds = [false, true]} : memref<77x96xf32>, vector<16x16xf32>
// CHECK:             %[[T:.*]] = vector.transpose %[[X]], [1, 0]
// CHECK:             vector.transfer_write %[[T]], %[[XT]][%[[K]], %[[I]]] {in_bounds = [true, true]}
// CHECK:         %[[COLS:.*]] = memref.dim %arg2, %c1
// CHECK:         %[[REST:.*]] = arith.remui %[[COLS]], %c6
// CHECK:         %[[WHOLE:.*]] = arith.subi %[[COLS]], %[[REST]]
// CHECK:         scf.for %[[J:.*]] = %c0 to %[[WHOLE]] step %c6 {
// CHECK:           scf.for %[[KK:.*]] = %c0 to %c96 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:             vector.load %[[XT]][%[[KK]], %c0] : memref<96x80xf32>, vector<16xf32>
// CHECK:             %[[W:.*]] = memref.load %arg1[%[[J]], %[[KK]]] : memref<?x96xf32>
// CHECK:             %[[WB:.*]] = vector.broadcast %[[W]] : f32 to vector<16xf32>
// CHECK:             vector.fma %[[WB]], {{.*}} : vector<16xf32>
// CHECK:           vector.transpose {{.*}}, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK:           %[[S:.*]] = vector.extract_strided_slice {{.*}} {offsets = [0], sizes = [6], strides = [1]} : vector<16xf32> to vector<6xf32>
// CHECK-NEXT:      vector.store %[[S]], %arg2[%c0, %[[J]]] : memref<77x?xf32>, vector<6xf32>
// CHECK:           scf.for {{.*}} = %c0 to %c96 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK:             vector.load %[[XT]][{{.*}}, %c48] : memref<96x80xf32>, vector<16xf32>
// CHECK:           vector.store {{.*}}, %arg2[%c76, %[[J]]] : memref<77x?xf32>, vector<6xf32>
// CHECK-NOT:       vector.store {{.*}}, %arg2[%c77
// CHECK:         scf.index_switch
// CHECK:         case 1 {
// CHECK:           vector.store {{.*}}, %arg2[%c0, %[[WHOLE]]] : memref<77x?xf32>, vector<1xf32>
// CHECK:         case 5 {
// CHECK:           vector.store {{.*}}, %arg2[%c0, %[[WHOLE]]] : memref<77x?xf32>, vector<5xf32>
// CHECK:         memref.dealloc %[[XT]]

// CHECK-LABEL: func.func @accumulated
// CHECK:         memref.alloc() {alignment = 64 : i64} : memref<32x64xf32>
// CHECK:         %[[OLD:.*]] = vector.load %arg2[%c0, %{{.*}}] : memref<64x12xf32>, vector<6xf32>
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf %[[OLD]], %{{.*}} fastmath<reassoc,contract> : vector<6xf32>
// CHECK-NEXT:    vector.store %[[SUM]], %arg2[%c0, %{{.*}}] : memref<64x12xf32>, vector<6xf32>

// CHECK-LABEL: func.func @too_many_rows
// CHECK-NOT:     vector<6xf32>
// CHECK:         vector.fma {{.*}} : vector<6x64xf32>

// OFF-LABEL: func.func @swapped
// OFF-NOT:     memref<96x80xf32>
// OFF:         vector.fma {{.*}} : vector<6x64xf32>

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (j, k)>
#mC = affine_map<(i, j, k) -> (i, j)>

func.func @swapped(%x: memref<77x96xf32>, %w: memref<?x96xf32>, %c: memref<77x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<77x?xf32>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<77x96xf32>, memref<?x96xf32>) outs(%c : memref<77x?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<reassoc, contract> : f32
    linalg.yield %s : f32
  }
  return
}

func.func @accumulated(%x: memref<64x32xf32>, %w: memref<12x32xf32>, %c: memref<64x12xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<64x32xf32>, memref<12x32xf32>) outs(%c : memref<64x12xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<reassoc, contract> : f32
    linalg.yield %s : f32
  }
  return
}

func.func @too_many_rows(%x: memref<129x96xf32>, %w: memref<64x96xf32>, %c: memref<129x64xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<129x96xf32>, memref<64x96xf32>) outs(%c : memref<129x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %p fastmath<reassoc, contract> : f32
    linalg.yield %s : f32
  }
  return
}
