// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{tile-rows=6 tile-cols=64 k-block=128 transposed-k-block=768}),canonicalize)' | FileCheck %s
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{tile-rows=6 tile-cols=64 k-block=128}),canonicalize)' | FileCheck %s --check-prefix=SHORT
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{tile-rows=6 tile-cols=64 k-block=128 transposed-k-block=2048}),canonicalize)' | FileCheck %s --check-prefix=LONG

// With transposed-k-block, a transposed right operand (`x @ W^T`) is packed
// in panels of up to that many steps of k (the host pipeline sets 768 with
// the heuristic's 6 x 64 tiles on an Intel core with AVX-512): longer runs
// of each row of W. A plain right operand keeps k-block.

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (k, j)>
#mBt = affine_map<(i, j, k) -> (j, k)>
#mC = affine_map<(i, j, k) -> (i, j)>

// K = 1536: two k blocks of 768 (a divisor), packed transposed 768 x 64.
// CHECK-LABEL: func.func @transposed
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<768x64xf32>
// CHECK:         scf.for %{{.*}} = %c0 to %c1536 step %c768
// CHECK:           vector.fma {{.*}} : vector<6x64xf32>
// A panel past 192 KiB (the k blocks of up to 2048 of an Intel core with
// AMX: all 1536 steps here, 384 KiB) is on the heap, freed at the end.
// LONG-LABEL: func.func @transposed
// LONG:         %[[PANEL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1536x64xf32>
// LONG:         scf.for %{{.*}} = %c0 to %c1536 step %c1 iter_args
// LONG:           vector.fma {{.*}} : vector<6x64xf32>
// LONG:         memref.dealloc %[[PANEL]] : memref<1536x64xf32>
// LONG-NEXT:    return
// SHORT-LABEL: func.func @transposed
// SHORT:         memref.alloca() {alignment = 64 : i64} : memref<128x64xf32>
// SHORT:         scf.for %{{.*}} = %c0 to %c1536 step %c128
func.func @transposed(%a: memref<48x1536xf32>, %b: memref<128x1536xf32>,
                      %c: memref<48x128xf32>) {
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<48x1536xf32>, memref<128x1536xf32>)
      outs(%c : memref<48x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @plain
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<128x64xf32>
// CHECK:         scf.for %{{.*}} = %c0 to %c1536 step %c128
// CHECK-NOT:     memref<768x64xf32>
func.func @plain(%a: memref<48x1536xf32>, %b: memref<1536x128xf32>,
                 %c: memref<48x128xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<48x1536xf32>, memref<1536x128xf32>)
      outs(%c : memref<48x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
