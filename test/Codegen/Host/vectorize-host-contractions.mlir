// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions),canonicalize)' | FileCheck %s

// Register tiles (8x32) of a matmul on buffers, in cache blocks of 256 along
// k and 32 columns. With 64 rows (eight row tiles per block) the right
// operand's 256x32 panel is packed into a stack buffer, and the left
// operand's 64x256 k block into another, once per k block (outside the
// column-tile loop), which the row tiles read. Each register tile's
// accumulator stays in registers across the k loop (an iter_arg), read from
// the output, a kernel argument, before it and written after it. Each row
// tile prefetches the next one's accumulator (its own on the last).

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (k, j)>
#mC = affine_map<(i, j, k) -> (i, j)>

// CHECK-LABEL: func.func @packed
// CHECK:         %[[PANEL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256x32xf32>
// CHECK:         %[[LEFT:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64x256xf32>
// CHECK-NOT:     memref.alloca
// CHECK:         scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %c256
// CHECK:           %[[ASLICE:.*]] = memref.subview %arg0[0, %[[K0]]] [64, 256]
// CHECK:           linalg.copy ins(%[[ASLICE]] {{.*}} outs(%[[LEFT]]
// CHECK:           scf.for %[[J0:.*]] = %{{.*}} to %{{.*}} step %c32
// CHECK:             %[[BSLICE:.*]] = memref.subview %arg1[%[[K0]], %[[J0]]] [256, 32]
// CHECK:             linalg.copy ins(%[[BSLICE]] {{.*}} outs(%[[PANEL]]
// CHECK:             scf.for %[[I:.*]] = %{{.*}} to %c64 step %c8
// CHECK-NOT:           memref.prefetch %arg1
// CHECK:               %[[NEXTI:.*]] = arith.addi %[[I]], %c8
// CHECK:               %[[IIN:.*]] = arith.cmpi slt, %[[NEXTI]], %c64
// CHECK:               %[[I1:.*]] = arith.select %[[IIN]], %[[NEXTI]], %[[I]]
// CHECK:               memref.prefetch %arg2[%[[I1]], %[[J0]]], write, locality<3>, data
// CHECK-COUNT-15:      memref.prefetch %arg2
// CHECK:               %[[INIT:.*]] = vector.transfer_read %arg2[%[[I]], %[[J0]]]
// CHECK:               %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[A:.*]] = %[[INIT]]) -> (vector<8x32xf32>)
// CHECK:                 vector.transfer_read %[[LEFT]][%[[I]],
// CHECK:                 vector.transfer_read %[[PANEL]]
// CHECK:                 vector.fma %{{.*}}, %{{.*}}, %[[A]] : vector<8x32xf32>
// CHECK-NOT:             vector.transfer_write
// CHECK:               vector.transfer_write %[[SUM]], %arg2[%[[I]], %[[J0]]]
// CHECK-NOT:         linalg.copy
func.func @packed(%a: memref<64x512xf32>, %b: memref<512x64xf32>,
                  %c: memref<64x64xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x512xf32>, memref<512x64xf32>)
      outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// A right operand whose rows are exactly the tile's 32 columns is already
// its packed panel (a convolution's columns copied per block of the
// tile's width): the tiles read it in place, and the left operand too (one
// tile of columns, no column-tile loop to pack it once for).
// CHECK-LABEL: func.func @panel_in_place
// CHECK-NOT:     memref.alloca
// CHECK-NOT:     linalg.copy
// CHECK:         scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %c192
// CHECK:           scf.for %[[I:.*]] = %{{.*}} to %c64 step %c8
// CHECK:             scf.for
// CHECK:               vector.transfer_read %arg0
// CHECK:               vector.transfer_read %arg1
// CHECK:               vector.fma
func.func @panel_in_place(%a: memref<64x576xf32>, %b: memref<576x32xf32>,
                          %c: memref<64x32xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x576xf32>, memref<576x32xf32>)
      outs(%c : memref<64x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// 16 rows are two row tiles per panel: too few to repay packing it. The
// output is a buffer of the kernel's own (a fused epilogue reads it), so
// upstream hoisting keeps the accumulators in registers without a copy.
// CHECK-LABEL: func.func @short_local_output
// CHECK-NOT:     memref.alloca
// CHECK-NOT:     linalg.copy
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<8x32xf32>)
// CHECK:           vector.transfer_read %arg1
// CHECK:           vector.fma
func.func @short_local_output(%a: memref<16x512xf32>, %b: memref<512x64xf32>,
                              %out: memref<16x64xf32>) {
  %c = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x512xf32>, memref<512x64xf32>)
      outs(%c : memref<16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  memref.copy %c, %out : memref<16x64xf32> to memref<16x64xf32>
  memref.dealloc %c : memref<16x64xf32>
  return
}

// A transposed right operand (Q @ K^T) is packed transposed, whatever the
// rows: each 32-column panel is transposed into a k-major stack buffer that
// the op reads as B[k][j], so a register tile loads 32 consecutive floats
// per step of k instead of gathering a column. An f32 panel of whole 16 x 16
// tiles moves a tile at a time (a transposing read, lowered to a read and
// in-register shuffles), not an element at a time.
// CHECK-LABEL: func.func @transposed_rhs
// CHECK-DAG:     %[[PANEL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64x32xf32>
// CHECK:         scf.for %[[J0:.*]] = %{{.*}} to %c256 step %c32
// CHECK:           scf.for %[[TK:.*]] = %{{.*}} to %c64 step %c16
// CHECK:             scf.for %[[TJ:.*]] = %{{.*}} to %c32 step %c16
// CHECK:               %[[T:.*]] = vector.transfer_read %arg1[%{{.*}}, %[[TK]]]{{.*}}permutation_map = {{.*}} : memref<256x64xf32>, vector<16x16xf32>
// CHECK:               vector.transfer_write %[[T]], %[[PANEL]][%[[TK]], %[[TJ]]]
// CHECK-NOT:       linalg.transpose
// CHECK:           scf.for %{{.*}} = %{{.*}} to %c16 step %c8
// CHECK:             scf.for %[[K:.*]] = {{.*}} iter_args({{.*}}) -> (vector<8x32xf32>)
// CHECK:               vector.transfer_read %[[PANEL]][%[[K]], %c0]
// CHECK:               vector.fma
#mBt = affine_map<(i, j, k) -> (j, k)>
func.func @transposed_rhs(%a: memref<16x64xf32>, %b: memref<256x64xf32>,
                          %c: memref<16x256xf32>) {
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x64xf32>, memref<256x64xf32>)
      outs(%c : memref<16x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// Sizes that are not multiples of the register tile: k = 601 is two
// blocks of 256 and a peeled block of 89; the 60 columns are a 32-column
// panel and a peeled rest of 28, one tile of 32 whose reads and writes of
// the output and reads of the right operand mask off its last 4 columns
// (28 fills three quarters of 32 or more; a narrower rest would be split
// into power-of-two widths); the rows of a block (dynamic: a last block
// may be partial) are whole 8-row tiles and a peeled rest computed one row
// at a time. Every tile's accumulator stays in registers across its k
// loop, and no contraction is left to scalar loops.
// CHECK-LABEL: func.func @odd_sizes
// CHECK:         %[[REST8:.*]] = vector.constant_mask [8, 28] : vector<8x32xi1>
// CHECK:         scf.for %{{.*}} = %c0 to %c512 step %c256
// CHECK:           scf.for %{{.*}} = %c0 to %[[ROWS8:.*]] step %c8
// CHECK:             scf.for {{.*}} to %c256 step %c1 iter_args({{.*}}) -> (vector<8x32xf32>)
// CHECK:               vector.fma {{.*}} : vector<8x32xf32>
// CHECK:           scf.for %{{.*}} = %[[ROWS8]] to %{{.*}} step %c8
// CHECK:             scf.for
// CHECK:               scf.for {{.*}} to %c256 step %c1 iter_args({{.*}}) -> (vector<1x32xf32>)
// CHECK:           scf.for %{{.*}} = %c0 to %[[ROWS8]] step %c8
// CHECK:             vector.transfer_read {{.*}}, %[[REST8]] {{.*}} : memref<?x60xf32>, vector<8x32xf32>
// CHECK:             scf.for {{.*}} to %c256 step %c1 iter_args({{.*}}) -> (vector<8x32xf32>)
// CHECK:               vector.fma {{.*}} : vector<8x32xf32>
// CHECK:             vector.transfer_write {{.*}}, %[[REST8]] {{.*}} : vector<8x32xf32>, memref<?x60xf32>
// CHECK-NOT:     vector<8x16xf32>
// CHECK:         scf.for {{.*}} to %c89 step %c1 iter_args({{.*}}) -> (vector<8x32xf32>)
// CHECK:         scf.for {{.*}} to %c89 step %c1 iter_args({{.*}}) -> (vector<1x32xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @odd_sizes(%a: memref<?x601xf32>, %b: memref<601x60xf32>,
                     %c: memref<?x60xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x601xf32>, memref<601x60xf32>)
      outs(%c : memref<?x60xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// A half-precision contraction accumulates in f32 on the same register
// tiles: the left operand is extended into an f32 buffer (each step's
// broadcast elements are then f32 loads), the sums start at zero in f32
// (neither the half fill nor an f32 one stays: vectorize-host-zero-fill.mlir),
// the right operand's row of each step is extended as one vector, and the
// sums are rounded to halves once.
// CHECK-LABEL: func.func @half
// CHECK-DAG:     %[[ACC:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16x32xf32>
// CHECK-DAG:     %[[LHS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16x64xf32>
// CHECK:         linalg.generic {{.*}} ins(%arg0 : memref<16x64xf16>) outs(%[[LHS]] : memref<16x64xf32>)
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK-NOT:     linalg.fill
// CHECK:         scf.if %{{.*}} -> (vector<8x32xf32>)
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<8x32xf32>)
// CHECK:           vector.transfer_read %[[LHS]]{{.*}} vector<8x1xf32>
// CHECK:           %[[ROW:.*]] = vector.transfer_read %arg1{{.*}} vector<1x32xf16>
// CHECK:           arith.extf %[[ROW]] : vector<1x32xf16> to vector<1x32xf32>
// CHECK:           vector.fma {{.*}} : vector<8x32xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[ACC]] : memref<16x32xf32>) outs(%arg2 : memref<16x32xf16>)
// CHECK:           arith.truncf %{{.*}} : f32 to f16
// CHECK-DAG:     memref.dealloc %[[LHS]]
// CHECK-DAG:     memref.dealloc %[[ACC]]
func.func @half(%a: memref<16x64xf16>, %b: memref<64x32xf16>,
                %c: memref<16x32xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%c : memref<16x32xf16>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x64xf16>, memref<64x32xf16>)
      outs(%c : memref<16x32xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %p = arith.mulf %x, %y : f16
    %s = arith.addf %acc, %p fastmath<reassoc> : f16
    linalg.yield %s : f16
  }
  return
}

// With rows enough for a packed panel of the right operand, the panel is
// packed in f32: the halves are extended once per panel, not once per row
// tile and step of k, and the register tiles read f32 (512 x 1024 @ 1024 x
// 1024 f16 on an Intel Xeon: 247 -> 281 GFLOP/s).
// CHECK-LABEL: func.func @half_panel
// CHECK:         %[[PANEL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256x32xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : memref<256x32xf16, {{.*}}>) outs(%[[PANEL]] : memref<256x32xf32>)
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<8x32xf32>)
// CHECK-NOT:       arith.extf
// CHECK:           vector.transfer_read %[[PANEL]]{{.*}} vector<1x32xf32>
// CHECK-NOT:       arith.extf
// CHECK:           vector.fma {{.*}} : vector<8x32xf32>
func.func @half_panel(%a: memref<64x512xf16>, %b: memref<512x64xf16>,
                      %c: memref<64x64xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%c : memref<64x64xf16>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x512xf16>, memref<512x64xf16>)
      outs(%c : memref<64x64xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %p = arith.mulf %x, %y : f16
    %s = arith.addf %acc, %p fastmath<reassoc> : f16
    linalg.yield %s : f16
  }
  return
}

// A transposed right operand's panel of halves is extended and transposed
// 16 x 16 elements at a time, as f32 (128 x 2048 @ (8192 x 2048)^T f16:
// 194 -> 285 GFLOP/s).
// CHECK-LABEL: func.func @half_transposed_panel
// CHECK:         %[[PANEL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256x32xf32>
// CHECK:         %[[ROWS:.*]] = vector.transfer_read %arg1{{.*}} : memref<64x512xbf16>, vector<16x16xbf16>
// CHECK:         %[[WIDE:.*]] = arith.extf %[[ROWS]] : vector<16x16xbf16> to vector<16x16xf32>
// CHECK:         %[[T:.*]] = vector.transpose %[[WIDE]], [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK:         vector.transfer_write %[[T]], %[[PANEL]]
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<8x32xf32>)
// CHECK-NOT:       arith.extf
// CHECK:           vector.transfer_read %[[PANEL]]{{.*}} vector<1x32xf32>
// CHECK-NOT:       arith.extf
// CHECK:           vector.fma {{.*}} : vector<8x32xf32>
func.func @half_transposed_panel(%a: memref<64x512xbf16>, %b: memref<64x512xbf16>,
                                 %c: memref<64x64xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%c : memref<64x64xbf16>)
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x512xbf16>, memref<64x512xbf16>)
      outs(%c : memref<64x64xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}

// Dynamic rows: the f32 copies are allocated around the op, and without a
// fill before it the output's halves are extended into the accumulator.
// CHECK-LABEL: func.func @dynamic_bf16
// CHECK:         %[[LHS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?x64xf32>
// CHECK:         %[[ACC:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?x32xf32>
// CHECK:         linalg.generic {{.*}} ins(%arg2 : memref<?x32xbf16>) outs(%[[ACC]] : memref<?x32xf32>)
// CHECK:           arith.extf %{{.*}} : bf16 to f32
// CHECK:         vector.fma {{.*}} : vector<8x32xf32>
// CHECK:         vector.fma {{.*}} : vector<1x32xf32>
// CHECK:         arith.truncf %{{.*}} : f32 to bf16
// CHECK:         memref.dealloc %[[LHS]]
// CHECK:         memref.dealloc %[[ACC]]
func.func @dynamic_bf16(%a: memref<?x64xbf16>, %b: memref<64x32xbf16>,
                        %c: memref<?x32xbf16>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x64xbf16>, memref<64x32xbf16>)
      outs(%c : memref<?x32xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}

// Without reassoc (strict floating point) the sum keeps its per-step
// rounding to halves: no f32 tiles.
// CHECK-LABEL: func.func @strict_half
// CHECK-NOT:     vector.fma
// CHECK:         arith.addf %{{.*}}, %{{.*}} : f16
// CHECK-NOT:     vector.fma
// CHECK:         return
func.func @strict_half(%a: memref<16x64xf16>, %b: memref<64x32xf16>,
                       %c: memref<16x32xf16>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x64xf16>, memref<64x32xf16>)
      outs(%c : memref<16x32xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %p = arith.mulf %x, %y : f16
    %s = arith.addf %acc, %p : f16
    linalg.yield %s : f16
  }
  return
}

// Dynamic rows run under tests of their count: fewer than 4 (a batch of
// one is a matrix-vector product) take a copy computed a row at a time on
// 1 x 256 tiles that stream the right operand's rows unpacked, fewer than
// 32 (too few to repay packing) a copy on unpacked 4 x 64 tiles (the last
// rows 1 x 64), more the 8 x 32 tiles.
// CHECK-LABEL: func.func @few_rows
// CHECK:         %[[ROWS:.*]] = memref.dim %arg2, %c0
// CHECK:         %[[FEW:.*]] = arith.cmpi ult, %[[ROWS]], %c4
// CHECK:         scf.if %[[FEW]] {
// CHECK-NOT:       linalg.copy
// CHECK:           scf.for {{.*}} iter_args({{.*}}) -> (vector<1x256xf32>)
// CHECK:             vector.fma {{.*}} : vector<1x256xf32>
// CHECK:         } else {
// CHECK:           %[[SOME:.*]] = arith.cmpi ult, %[[ROWS]], %c32
// CHECK:           scf.if %[[SOME]] {
// CHECK-NOT:         linalg.copy
// CHECK:             vector.fma {{.*}} : vector<4x64xf32>
// CHECK:             vector.fma {{.*}} : vector<1x64xf32>
// CHECK:           } else {
// CHECK:             vector.fma {{.*}} : vector<8x32xf32>
func.func @few_rows(%a: memref<?x64xf32>, %b: memref<64x512xf32>,
                    %c: memref<?x512xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x64xf32>, memref<64x512xf32>)
      outs(%c : memref<?x512xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// One row against a transposed right operand (x @ W^T at a batch of one)
// is dot products along the contiguous k: four columns at a time, each a
// vector of 16 partial sums carried across k and reduced once, then the
// last columns one at a time. Nothing is packed.
// CHECK-LABEL: func.func @transposed_one_row
// CHECK-NOT:     linalg.transpose
// CHECK:         scf.for %[[J:.*]] = %c0 to %c48 step %c4
// CHECK:           %[[SUMS:.*]]:4 = scf.for %[[K:.*]] = %c0 to %c64 step %c16 iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:             vector.load %arg0[%c0, %[[K]]] : memref<1x64xf32>, vector<16xf32>
// CHECK:             vector.load %arg1[%[[J]], %[[K]]] : memref<50x64xf32>, vector<16xf32>
// CHECK:             vector.fma
// CHECK:           vector.reduction <add>, %[[SUMS]]#0 fastmath<reassoc> : vector<16xf32> into f32
// CHECK:         scf.for %{{.*}} = %c48 to %c50 step %c1
// CHECK:           vector.reduction <add>
func.func @transposed_one_row(%a: memref<1x64xf32>, %b: memref<50x64xf32>,
                              %c: memref<1x50xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (j, k)>, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<1x64xf32>, memref<50x64xf32>)
      outs(%c : memref<1x50xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// A contraction that reads its right operand and writes its output through
// unit-dim memref.expand_shape views (a matmul whose column dim became
// 1 x N: batch 3, one row, 4 columns) still takes register tiles. Upstream's
// fold of the transfers through the expand_shapes never settles (it builds
// indices and then declines), which the pass takes as a cleanup left
// unfinished, not as a failure.
// CHECK-LABEL: func.func @through_expand_shape
// CHECK:         %[[OUT:.*]] = memref.expand_shape %arg2
// CHECK:         %[[RHS:.*]] = memref.expand_shape %arg1
// CHECK:         scf.for %[[I:.*]] = %c0 to %c3 step %c1
// CHECK:           scf.for %[[K:.*]] = %c0 to %c5 step %c1
// CHECK:             vector.transfer_read %[[RHS]][%[[K]], %c0, %c0]
// CHECK:             vector.fma {{.*}} : vector<1x1x4xf32>
// CHECK:             vector.transfer_write {{.*}}, %[[OUT]][%[[I]], %c0, %c0]
func.func @through_expand_shape(%a: memref<3x5xf32>, %b: memref<5x4xf32>,
                                %c: memref<3x4xf32>) {
  %out = memref.expand_shape %c [[0], [1, 2]] output_shape [3, 1, 4]
      : memref<3x4xf32> into memref<3x1x4xf32>
  %rhs = memref.expand_shape %b [[0], [1, 2]] output_shape [5, 1, 4]
      : memref<5x4xf32> into memref<5x1x4xf32>
  linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (b, k)>,
                                   affine_map<(b, i, j, k) -> (k, i, j)>,
                                   affine_map<(b, i, j, k) -> (b, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %rhs : memref<3x5xf32>, memref<5x1x4xf32>)
      outs(%out : memref<3x1x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// A few static rows of a plain right operand in more than one register
// tile (12 rows: two 8 x 32 tiles, the second partial), unpacked: both
// tiles read the same k block of the right operand in place, so the k
// blocks are short (32 steps; 256 otherwise), and the right operand's rows
// stay in cache from the first tile to the second.
// CHECK-LABEL: func.func @few_static_rows
// CHECK-NOT:     linalg.copy
// CHECK:         scf.for %{{.*}} = %c0 to %c512 step %c32
// CHECK:           vector.fma {{.*}} : vector<8x32xf32>
// CHECK:           vector.fma {{.*}} : vector<4x32xf32>
func.func @few_static_rows(%a: memref<12x512xf32>, %b: memref<512x64xf32>,
                           %c: memref<12x64xf32>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<12x512xf32>, memref<512x64xf32>)
      outs(%c : memref<12x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// A column block of `x @ W^T` whose width is dynamic (the last of 600
// columns in blocks of 256 is 88 wide) is versioned by its width: a copy
// viewed at 256 columns, one at 88 (tiles of 32, and 24 masked as 32),
// both on register tiles, and the dynamic op for any other width.
// CHECK-LABEL: func.func @column_versions
// CHECK:         %[[N:.*]] = affine.min
// CHECK:         %[[WHOLE:.*]] = arith.cmpi eq, %[[N]], %c256
// CHECK:         scf.if %[[WHOLE]] {
// CHECK:           vector.fma {{.*}} : vector<8x32xf32>
// CHECK:         } else {
// CHECK:           %[[REST:.*]] = arith.cmpi eq, %[[N]], %c88
// CHECK:           scf.if %[[REST]] {
// CHECK:             vector.fma {{.*}} : vector<8x32xf32>
// CHECK:             vector.constant_mask [8, 24] : vector<8x32xi1>
// CHECK:             vector.fma {{.*}} : vector<8x32xf32>
// CHECK:           } else {
// CHECK:             linalg.generic
// CHECK-SAME:          ins(%arg0, %{{.*}} : memref<64x96xf32>, memref<?x96xf32
// CHECK-NOT:         meld.contraction_column_version
func.func @column_versions(%x: memref<64x96xf32>, %w: memref<600x96xf32>,
                           %c: memref<64x600xf32>, %j: index) {
  %n = affine.min affine_map<(d0) -> (-d0 + 600, 256)>(%j)
  %wv = memref.subview %w[%j, 0] [%n, 96] [1, 1]
      : memref<600x96xf32> to memref<?x96xf32, strided<[96, 1], offset: ?>>
  %cv = memref.subview %c[0, %j] [64, %n] [1, 1]
      : memref<64x600xf32> to memref<64x?xf32, strided<[600, 1], offset: ?>>
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (j, k)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %wv : memref<64x96xf32>,
                    memref<?x96xf32, strided<[96, 1], offset: ?>>)
      outs(%cv : memref<64x?xf32, strided<[600, 1], offset: ?>>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// Dynamic columns and depth (attention's scores over a sequence of any
// length, a convolution's output rows over images of any size): whole
// 8 x 32 tiles as for static sizes, the partial last column tile a tile of
// 32 columns whose reads and writes of the output and of the right operand
// are masked past its width, and the partial k block a loop of fewer steps.
// CHECK-LABEL: func.func @dynamic_columns_and_depth
// CHECK:         vector.transfer_read %arg2[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true]} : memref<16x?xf32>, vector<8x32xf32>
// CHECK:         vector.fma {{.*}} : vector<8x32xf32>
// CHECK:         %[[COLS:.*]] = vector.create_mask %c1, %[[W:.*]] : vector<1x32xi1>
// CHECK:         %[[OUT:.*]] = vector.create_mask %c8, %[[W]] : vector<8x32xi1>
// CHECK:         vector.transfer_read %arg2[%{{.*}}, %{{.*}}], %{{.*}}, %[[OUT]]
// CHECK:         vector.transfer_read %arg1[%{{.*}}, %{{.*}}], %{{.*}}, %[[COLS]]
// CHECK:         vector.fma {{.*}} : vector<8x32xf32>
// CHECK:         vector.transfer_write %{{.*}}, %arg2[%{{.*}}, %{{.*}}], %[[OUT]]
// CHECK-NOT:     linalg.generic
func.func @dynamic_columns_and_depth(%a: memref<16x?xf32>, %b: memref<?x?xf32>,
                                     %c: memref<16x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x?xf32>, memref<?x?xf32>)
      outs(%c : memref<16x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
