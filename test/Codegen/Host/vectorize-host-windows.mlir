// RUN: meld-opt %s --meld-vectorize-host-windows -canonicalize -cse | FileCheck %s
// RUN: meld-opt %s '--meld-vectorize-host-windows=vector-bits=256' -canonicalize -cse | FileCheck %s --check-prefix=AVX2

// A depthwise 7x7 convolution's channel on its padded input: rows in pairs,
// each row 4 vectors of 16 (56 pixels, the last vector masked), 8 sums
// carried through the tap loops; full vectors that stay in the padded row
// (62 wide) are read in bounds, the last one (from pixel 48 + tap) masked;
// the weight loaded once per tap and broadcast. The body's ops keep their
// fast-math flags.
// CHECK-LABEL: func.func @depthwise(
// CHECK:         scf.for %[[ROW:.*]] = %c0 to %c56 step %c2 {
// CHECK-COUNT-3:   vector.transfer_read %arg2[%c0, %[[ROW]], %{{.*}}], %{{.*}} {in_bounds = [true]} : memref<1x56x56xf32>, vector<16xf32>
// CHECK:           vector.transfer_read %arg2[%c0, %[[ROW]], %c48], %{{.*}} : memref<1x56x56xf32>, vector<16xf32>
// CHECK:           scf.for %[[KH:.*]] = %c0 to %c7 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:             scf.for %[[KW:.*]] = %c0 to %c7 step %c1 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:               %[[X:.*]] = vector.transfer_read %arg0[%c0, %{{.*}}, %[[KW]]], %{{.*}} {in_bounds = [true]} : memref<1x62x62xf32>, vector<16xf32>
// CHECK:               %[[WE:.*]] = memref.load %arg1[%c0, %[[KH]], %[[KW]]]
// CHECK:               %[[WV:.*]] = vector.broadcast %[[WE]] : f32 to vector<16xf32>
// CHECK:               %[[M:.*]] = arith.mulf %[[X]], %[[WV]] fastmath<contract> : vector<16xf32>
// CHECK:               arith.addf %{{.*}}, %[[M]] fastmath<reassoc,contract> : vector<16xf32>
// CHECK-NOT:           memref.load
// CHECK:               vector.transfer_read %arg0[{{.*}}], %{{.*}} : memref<1x62x62xf32>, vector<16xf32>
// CHECK:               scf.yield
// CHECK-COUNT-3:   vector.transfer_write %{{.*}}, %arg2[%c0, %[[ROW]], %{{.*}}] {in_bounds = [true]}
// CHECK:           vector.transfer_write %{{.*}}, %arg2[%c0, %[[ROW]], %c48] : vector<16xf32>
// CHECK-NOT:     linalg.generic
// AVX2-LABEL: func.func @depthwise(
// AVX2:         scf.for %{{.*}} = %c0 to %c56 step %c1 {
// AVX2:           scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
func.func @depthwise(%x: memref<1x62x62xf32>, %w: memref<1x7x7xf32>, %y: memref<1x56x56xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d3, d2 + d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : memref<1x62x62xf32>, memref<1x7x7xf32>) outs(%y : memref<1x56x56xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %m fastmath<reassoc,contract> : f32
    linalg.yield %s : f32
  }
  return
}

// Stride 2 along the row: two vectors' worth read, every other lane kept;
// bf16 inputs widened by the body's extf on vectors; a dynamic row count
// takes one row at a time.
// CHECK-LABEL: func.func @strided(
// CHECK:         %[[ROWS:.*]] = memref.dim %arg0, %c1
// CHECK:         scf.for %{{.*}} = %c0 to %[[ROWS]] step %c1 {
// CHECK:           scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>) {
// CHECK:             %[[R:.*]] = vector.transfer_read %arg0[{{.*}}], %{{.*}} {in_bounds = [true]} : memref<4x?x37xbf16>, vector<32xbf16>
// CHECK:             %[[E:.*]] = vector.shuffle %[[R]], %[[R]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
// CHECK:             arith.extf %[[E]] : vector<16xbf16> to vector<16xf32>
// CHECK:             vector.transfer_read %arg0[{{.*}}], %{{.*}} : memref<4x?x37xbf16>, vector<32xbf16>
func.func @strided(%x: memref<4x?x37xbf16>, %w: memref<4x3xbf16>, %y: memref<4x?x17xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2 * 2 + d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : memref<4x?x37xbf16>, memref<4x3xbf16>) outs(%y : memref<4x?x17xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %ae = arith.extf %a : bf16 to f32
    %be = arith.extf %b : bf16 to f32
    %m = arith.mulf %ae, %be : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// A row of dynamic length: blocks of 4 vectors, every access masked.
// CHECK-LABEL: func.func @dynamic_row(
// CHECK:         scf.for %{{.*}} = %c0 to %{{.*}} step %c64 {
// CHECK-NOT:       in_bounds
// CHECK:           scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK-NOT:       in_bounds
// CHECK:         return
func.func @dynamic_row(%x: memref<?xf32>, %w: memref<5xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1 * 3)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : memref<?xf32>, memref<5xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// Not windows: a column sum (its last index has no reduction loop) and a
// row sum (the parallel loop is not in the last index) stay generics.
// CHECK-LABEL: func.func @not_windows(
// CHECK-COUNT-2: linalg.generic
func.func @not_windows(%x: memref<64x32xf32>, %c: memref<32xf32>, %r: memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x32xf32>) outs(%c : memref<32xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<64x32xf32>) outs(%r : memref<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  }
  return
}

// An output zero-filled just before (a convolution's) starts its sums at
// zero instead of being read, and the fill goes: the loops write every
// element (a memset and a read of the output less).
// CHECK-LABEL: func.func @filled(
// CHECK-NOT:     linalg.fill
// CHECK-NOT:     vector.transfer_read %arg2
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK:         scf.for %{{.*}} iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]], %{{.*}} = %[[ZERO]]
// CHECK-COUNT-4: vector.transfer_write %{{.*}}, %arg2
func.func @filled(%x: memref<1x62x62xf32>, %w: memref<1x7x7xf32>, %y: memref<1x56x56xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<1x56x56xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d3, d2 + d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : memref<1x62x62xf32>, memref<1x7x7xf32>) outs(%y : memref<1x56x56xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %acc, %m fastmath<reassoc,contract> : f32
    linalg.yield %s : f32
  }
  return
}
