// RUN: meld-opt %s --split-input-file --meld-vectorize-host-outer-products | FileCheck %s
// RUN: meld-opt %s --split-input-file '--meld-vectorize-host-outer-products=vector-bits=256 max-accumulators=12' | FileCheck %s --check-prefix=AVX2

// A convolution's weight gradient as MeldToLinalg's pixel-rows form gives
// it, for a block of 2 rows of the result (2 input channels): out[n, oh,
// ow, f] sums padded[n, c, oh + kh, ow + kw] times the output gradient
// g[f, c, kh, kw] over 8 images of 16 x 16. The 18 rows go in register
// tiles of 12 (then 6) by 2 vectors along f (20 of them: one of 16, one
// masked of 4). The gradient is read transposed, so each chunk of the
// reduction (one image: 16 x 16 steps of 32 floats, 32 KiB) is packed
// channels last first, 16 x 16 at a time through vector.transpose; every
// step then loads 2 vectors of it and broadcasts each row's element.

// CHECK-LABEL: func.func @weight_grad(
// CHECK:         %[[PACKED:.*]] = memref.alloca() {alignment = 64 : i64} : memref<1x16x16x32xf32>
// CHECK:         scf.for %[[C:.*]] = %c0 to %c8 step %c1 {
// CHECK:           vector.transfer_read %{{.*}} {in_bounds = [false, true], permutation_map = #{{.*}}} : memref<20x8x16x16xf32>, vector<16x16xf32>
// CHECK:           vector.transpose %{{.*}}, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK:           vector.transfer_write %{{.*}}, %[[PACKED]]
// CHECK:           vector.load %{{.*}} : memref<2x3x3x20xf32>, vector<16xf32>
// CHECK:           vector.maskedload %{{.*}} : memref<2x3x3x20xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:           %[[SUMS:.*]]:24 = scf.for %{{.*}} = %[[C]] to %{{.*}} step %c1 iter_args(
// CHECK:             scf.for %{{.*}} = %c0 to %c16 step %c1 iter_args(
// CHECK:               scf.for %{{.*}} = %c0 to %c16 step %c1 iter_args(
// CHECK:                 %[[COL0:.*]] = vector.load %[[PACKED]]
// CHECK:                 %[[COL1:.*]] = vector.load %[[PACKED]]
// CHECK:                 %[[X:.*]] = memref.load %{{.*}} : memref<2x8x18x18xf32>
// CHECK:                 %[[B:.*]] = vector.broadcast %[[X]] : f32 to vector<16xf32>
// CHECK:                 vector.fma %[[B]], %[[COL0]]
// CHECK:                 vector.fma %[[B]], %[[COL1]]
// CHECK-COUNT-22:        vector.fma
// CHECK:           vector.store %[[SUMS]]#0
// CHECK:           vector.maskedstore %{{.*}}, %[[SUMS]]#1
// The last 6 rows.
// CHECK:           scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-NOT:     linalg.generic

// Under AVX2, vectors of 8 (two, then a masked one of 4) in tiles of 6
// rows by 2 vectors (12 sums of 16 registers), then by the masked one;
// chunks of the same image (each step 24 floats).
// AVX2-LABEL: func.func @weight_grad(
// AVX2:         memref.alloca() {alignment = 64 : i64} : memref<1x16x16x24xf32>
// AVX2:         vector.transpose %{{.*}}, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
// AVX2:         scf.for %{{.*}} = %c0 to %c18 step %c6 {
// AVX2:           scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// AVX2:           scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// AVX2-COUNT-6:   vector.maskedstore
// AVX2-NOT:     linalg.generic
func.func @weight_grad(%x: memref<2x8x18x18xf32>, %g: memref<20x8x16x16xf32>, %out: memref<2x3x3x20xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(n, oh, ow, f, c, kh, kw) -> (n, c, oh + kh, ow + kw)>,
                       affine_map<(n, oh, ow, f, c, kh, kw) -> (f, c, kh, kw)>,
                       affine_map<(n, oh, ow, f, c, kh, kw) -> (n, oh, ow, f)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<2x8x18x18xf32>, memref<20x8x16x16xf32>)
      outs(%out : memref<2x3x3x20xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<reassoc, contract> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The shared input read along f itself (filters already channels last): no
// packing, its vectors loaded in place; 6 rows, one tile of 6 x 2 vectors.

// AVX2-LABEL: func.func @channels_last(
// CHECK-LABEL: func.func @channels_last(
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args(
// CHECK:           scf.for %{{.*}} = %c0 to %c5 step %c1 iter_args(
// CHECK:             vector.load %{{.*}} : memref<4x5x32xf32>, vector<16xf32>
// CHECK:             vector.load %{{.*}} : memref<4x5x32xf32>, vector<16xf32>
// CHECK-COUNT-6:     vector.broadcast
// CHECK-NOT:     linalg.generic
func.func @channels_last(%x: memref<6x4x5xf32>, %w: memref<4x5x32xf32>, %out: memref<6x32xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(n, f, c, k) -> (n, c, k)>,
                       affine_map<(n, f, c, k) -> (c, k, f)>,
                       affine_map<(n, f, c, k) -> (n, f)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : memref<6x4x5xf32>, memref<4x5x32xf32>)
      outs(%out : memref<6x32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<reassoc, contract> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Strict floating point (no reassoc): the sums keep their order, the
// generic stays.

// CHECK-LABEL: func.func @strict(
// CHECK:         linalg.generic
// CHECK-NOT:     vector.fma
func.func @strict(%x: memref<2x8x18x18xf32>, %g: memref<20x8x16x16xf32>, %out: memref<2x3x3x20xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(n, oh, ow, f, c, kh, kw) -> (n, c, oh + kh, ow + kw)>,
                       affine_map<(n, oh, ow, f, c, kh, kw) -> (f, c, kh, kw)>,
                       affine_map<(n, oh, ow, f, c, kh, kw) -> (n, oh, ow, f)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<2x8x18x18xf32>, memref<20x8x16x16xf32>)
      outs(%out : memref<2x3x3x20xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A wide shared dim: 20,000 floats per step, so a chunk is one step of
// the innermost reduction (80 KB), packed on the heap (past 64 KiB),
// freed at the end; the column tiles a loop (312 tiles of 64, then one of
// the last 32).

// CHECK-LABEL: func.func @wide(
// CHECK:         %[[PACKED:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x20000xf32>
// CHECK:         vector.transpose
// CHECK:         scf.for %{{.*}} = %c0 to %c19968 step %c64 {
// CHECK:           vector.load %[[PACKED]]
// CHECK-COUNT-4:   vector.store
// CHECK:         }
// CHECK:         vector.load %[[PACKED]]
// CHECK-COUNT-2: vector.store
// CHECK:         memref.dealloc %[[PACKED]]
// CHECK-NEXT:    return
func.func @wide(%x: memref<4x2x5xf32>, %g: memref<20000x2x4xf32>, %out: memref<4x2x20000xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(n, o, f, c, k) -> (n, c, o + k)>,
                       affine_map<(n, o, f, c, k) -> (f, c, k)>,
                       affine_map<(n, o, f, c, k) -> (n, o, f)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %g : memref<4x2x5xf32>, memref<20000x2x4xf32>)
      outs(%out : memref<4x2x20000xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<reassoc, contract> : f32
    linalg.yield %s : f32
  }
  return
}
