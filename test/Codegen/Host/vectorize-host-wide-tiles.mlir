// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{wide-tile-rows=64}),canonicalize)' | FileCheck %s
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions),canonicalize)' | FileCheck %s --check-prefix=NARROW

// Blocks of at least wide-tile-rows static rows take register tiles of half
// the rows and twice the columns (4 x 64 for the default 8 x 32), with
// panels of 64 columns; fewer rows, dynamic rows and the default keep
// 8 x 32 (the host pipeline sets 128 with the heuristic's tiles on AVX-512).

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (k, j)>
#mBt = affine_map<(i, j, k) -> (j, k)>
#mC = affine_map<(i, j, k) -> (i, j)>

// CHECK-LABEL: func.func @many_rows
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<256x64xf32>
// CHECK:         scf.for %{{.*}} = %c0 to %c128 step %c64
// CHECK:           scf.for %{{.*}} = %c0 to %c64 step %c4
// CHECK:             vector.fma {{.*}} : vector<4x64xf32>
// CHECK-NOT:     vector<8x32xf32>
// NARROW-LABEL: func.func @many_rows
// NARROW:         vector.fma {{.*}} : vector<8x32xf32>
// NARROW-NOT:     vector<4x64xf32>
func.func @many_rows(%a: memref<64x512xf32>, %b: memref<512x128xf32>,
                     %c: memref<64x128xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x512xf32>, memref<512x128xf32>)
      outs(%c : memref<64x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// A transposed right operand: its panels are packed transposed, 64 wide.
// CHECK-LABEL: func.func @many_rows_transposed
// CHECK:         memref.alloca() {alignment = 64 : i64} : memref<256x64xf32>
// CHECK:         vector.fma {{.*}} : vector<4x64xf32>
// CHECK-NOT:     vector<8x32xf32>
func.func @many_rows_transposed(%a: memref<96x256xf32>, %b: memref<128x256xf32>,
                                %c: memref<96x128xf32>) {
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<96x256xf32>, memref<128x256xf32>)
      outs(%c : memref<96x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// 32 rows: below wide-tile-rows.
// CHECK-LABEL: func.func @few_rows
// CHECK:         vector.fma {{.*}} : vector<8x32xf32>
// CHECK-NOT:     vector<4x64xf32>
func.func @few_rows(%a: memref<32x512xf32>, %b: memref<512x128xf32>,
                    %c: memref<32x128xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<32x512xf32>, memref<512x128xf32>)
      outs(%c : memref<32x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
