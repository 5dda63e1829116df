// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{amx=true}),canonicalize)' | FileCheck %s
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions),canonicalize)' | FileCheck %s --check-prefix=NOAMX
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{amx=true avx512-bf16-dots=true}),canonicalize)' | FileCheck %s --check-prefix=BOTH

// With `amx`, a bf16 contraction runs on AMX tiles: blocks of 32 x 32
// outputs in 2 x 2 accumulator tiles (16 x 16 f32) carried across k in
// steps of 32, the left operand's tiles loaded from its rows, the right
// operand packed per panel of columns into pairs along k (row k/2 of the
// panel holds B[k][j] and B[k+1][j] side by side), the sums rounded to
// bf16 once and written 16 x 16 at a time (masked at the output's ends). Without it, the product is widened to the f32 tiles.

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (k, j)>
#mBt = affine_map<(i, j, k) -> (j, k)>
#mC = affine_map<(i, j, k) -> (i, j)>

// After a zero fill (erased), the sums are stored. K = 96 is whole tiles:
// blocks of 32 rows read the left operand in place, a last partial one
// from the padded copy of its rows.
// CHECK-LABEL: func.func @plain
// CHECK-DAG:     %[[PANEL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<48x512xbf16>
// CHECK-DAG:     %[[ROWS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32x96xbf16>
// CHECK-DAG:     %[[SUMS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32x32xf32>
// CHECK-NOT:     linalg.fill
// CHECK:         vector.interleave {{.*}} : vector<16xbf16> -> vector<32xbf16>
// CHECK:         scf.if
// CHECK:           amx.tile_zero : !amx.tile<16x16xf32>
// CHECK:           scf.for {{.*}} iter_args({{.*}}) -> (!amx.tile<16x16xf32>, !amx.tile<16x16xf32>, !amx.tile<16x16xf32>, !amx.tile<16x16xf32>)
// CHECK:             amx.tile_load %arg0[{{.*}}] : memref<?x96xbf16> into !amx.tile<16x32xbf16>
// CHECK:             amx.tile_load %[[PANEL]][{{.*}}] : memref<48x512xbf16> into !amx.tile<16x32xbf16>
// CHECK-COUNT-4:     amx.tile_mulf
// CHECK:           amx.tile_store %[[SUMS]]
// CHECK-NOT:       arith.extf
// CHECK:           arith.truncf %{{.*}} : vector<16x16xf32> to vector<16x16xbf16>
// CHECK:           vector.transfer_write %{{.*}}, %arg2[{{.*}}] : vector<16x16xbf16>, memref<?x300xbf16>
// CHECK:         } else {
// CHECK:           amx.tile_load %[[ROWS]]
// CHECK:         memref.dealloc
// NOAMX-LABEL: func.func @plain
// NOAMX-NOT:     amx.
// NOAMX:         vector.fma {{.*}} : vector<8x32xf32>
func.func @plain(%a: memref<?x96xbf16>, %b: memref<96x300xbf16>,
                 %c: memref<?x300xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%c : memref<?x300xbf16>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x96xbf16>, memref<96x300xbf16>)
      outs(%c : memref<?x300xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}

// Deeper than a block of k (256; a multiple of it) with at least 96
// static rows: blocks of k. Per block, the panel holds 256 steps of k of
// up to 1024 columns (its rows padded by a line), each 32 rows of the left
// operand are copied into a contiguous 32 x 256 buffer (rows past the
// last zeroed), and the sums go to a carried f32 buffer (padded rows)
// between blocks: zero tiles in the first block, loaded from it after.
// The last block adds its sums to the output's (no fill here).
// CHECK-LABEL: func.func @depth_blocked
// CHECK-DAG:     %[[PANEL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x2080xbf16>
// CHECK-DAG:     %[[ROWS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32x256xbf16>
// CHECK-DAG:     %[[CARRIED:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128x1040xf32>
// CHECK:         scf.for %{{.*}} = %c0 to %c1100 step %c1024
// CHECK:           vector.transfer_write {{.*}}, %[[PANEL]]
// CHECK:           scf.for %{{.*}} = %c0 to %c100 step %c32
// CHECK-COUNT-8:     vector.store %{{.*}}, %[[ROWS]]
// CHECK:             scf.for
// CHECK-COUNT-8:       vector.store %{{.*}}, %[[ROWS]]
// CHECK:             amx.tile_zero
// CHECK:             scf.for %{{.*}} = %c0 to %c256 step %c32
// CHECK:               amx.tile_load %[[ROWS]]
// CHECK:               amx.tile_load %[[PANEL]]
// CHECK-COUNT-4:       amx.tile_mulf
// CHECK-COUNT-4:     amx.tile_store %[[CARRIED]]
// CHECK:           vector.transfer_write {{.*}}, %[[PANEL]]
// CHECK:           amx.tile_load %[[CARRIED]]
// CHECK:           amx.tile_store %[[CARRIED]]
// CHECK:           vector.transfer_write {{.*}}, %[[PANEL]]
// CHECK:           amx.tile_load %[[CARRIED]]
// CHECK-COUNT-4:   amx.tile_mulf
// CHECK-NOT:       amx.tile_store %[[CARRIED]]
// CHECK:           arith.extf %{{.*}} : vector<16x16xbf16> to vector<16x16xf32>
// CHECK:           arith.truncf %{{.*}} : vector<16x16xf32> to vector<16x16xbf16>
// CHECK:           vector.transfer_write %{{.*}}, %arg2[{{.*}}] : vector<16x16xbf16>, memref<100x1100xbf16>
func.func @depth_blocked(%a: memref<100x768xbf16>, %b: memref<768x1100xbf16>,
                         %c: memref<100x1100xbf16>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<100x768xbf16>, memref<768x1100xbf16>)
      outs(%c : memref<100x1100xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}

// No fill: the sums are added to the output's values. A transposed right
// operand is packed by 16 x 16 transposes of bf16 pairs (32-bit words); an
// odd K = 37 pads to 64 (zeros in the rows' copy, made once). Dynamic rows
// take the swapped version (below) for up to 64 rows, this one for more.
// CHECK-LABEL: func.func @transposed_accumulate
// CHECK:         %[[ROWS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32x64xbf16>
// CHECK:         linalg.fill ins(%{{.*}} : bf16) outs(%[[ROWS]] : memref<32x64xbf16>)
// CHECK:         vector.transfer_read %arg1{{.*}} : memref<33x37xbf16>, vector<16x32xbf16>
// CHECK:         vector.bitcast {{.*}} : vector<16x32xbf16> to vector<16x16xi32>
// CHECK:         vector.transpose {{.*}} [1, 0] : vector<16x16xi32> to vector<16x16xi32>
// CHECK:         vector.bitcast {{.*}} : vector<16x16xi32> to vector<16x32xbf16>
// CHECK-COUNT-4: amx.tile_mulf
// CHECK:         arith.extf %{{.*}} : vector<16x16xbf16> to vector<16x16xf32>
// CHECK:         arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : vector<16x16xf32>
// CHECK:         arith.truncf %{{.*}} : vector<16x16xf32> to vector<16x16xbf16>
func.func @transposed_accumulate(%a: memref<?x37xbf16>, %b: memref<33x37xbf16>,
                                 %c: memref<?x33xbf16>) {
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x37xbf16>, memref<33x37xbf16>)
      outs(%c : memref<?x33xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}

// Up to 64 rows of `x @ W^T` are computed as (W x^T)^T: W's rows take the
// tiles' rows, loaded in place, x is packed transposed (one panel of 32
// columns), and the sums are written transposed (16 x 16 transposes).
// CHECK-LABEL: func.func @few_rows_transposed
// CHECK:         %[[PANEL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<48x64xbf16>
// CHECK:         vector.transfer_read %arg0{{.*}} : memref<8x96xbf16>, vector<16x32xbf16>
// CHECK:         vector.transpose
// CHECK:         amx.tile_load %arg1[{{.*}}] : memref<70x96xbf16> into !amx.tile<16x32xbf16>
// CHECK:         amx.tile_load %[[PANEL]][{{.*}}] : memref<48x64xbf16> into !amx.tile<16x32xbf16>
// CHECK:         vector.transpose %{{.*}}, [1, 0] : vector<16x16xf32> to vector<16x16xf32>
// CHECK:         vector.transfer_write %{{.*}}, %arg2[{{.*}}] : vector<16x16xbf16>, memref<8x70xbf16>
// CHECK-NOT:     memref.prefetch
func.func @few_rows_transposed(%a: memref<8x96xbf16>, %b: memref<70x96xbf16>,
                               %c: memref<8x70xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%c : memref<8x70xbf16>)
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<8x96xbf16>, memref<70x96xbf16>)
      outs(%c : memref<8x70xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}

// Swapped, a W of more than 32 MiB (GPT-2's language-model head in bf16,
// which streams from memory on every call) has the next 32 of its rows
// prefetched into L2 as the tiles read the current ones in place, a line
// of each per step of k (rows clamped to the last, 50256). The smaller W
// above has no prefetches.
// CHECK-LABEL: func.func @few_rows_streamed_weight
// CHECK:         arith.minsi %{{.*}}, %c50256 : index
// CHECK:         scf.for
// CHECK-COUNT-32:  memref.prefetch %arg1[%{{.*}}, %{{.*}}], read, locality<2>, data : memref<50257x768xbf16>
// CHECK:           amx.tile_load %arg1[{{.*}}] : memref<50257x768xbf16> into !amx.tile<16x32xbf16>
func.func @few_rows_streamed_weight(%a: memref<8x768xbf16>,
                                    %b: memref<50257x768xbf16>,
                                    %c: memref<8x50257xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%c : memref<8x50257xbf16>)
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<8x768xbf16>, memref<50257x768xbf16>)
      outs(%c : memref<8x50257xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}

// Strict halves (no reassoc) and f16 keep their paths.
// CHECK-LABEL: func.func @strict_bf16
// CHECK-NOT:     amx.
// CHECK:         return
func.func @strict_bf16(%a: memref<32x64xbf16>, %b: memref<64x32xbf16>,
                       %c: memref<32x32xbf16>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<32x64xbf16>, memref<64x32xbf16>)
      outs(%c : memref<32x32xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p : bf16
    linalg.yield %s : bf16
  }
  return
}

// With AVX512-BF16 dots as well, up to 4 static rows of `x @ W^T` take
// the dots along both operands' rows (no panel); more take the tiles.
// BOTH-LABEL: func.func @few_rows_transposed
// BOTH-NOT:      amx.
// BOTH:          memref.alloc
// BOTH:          amx.tile_load %arg1
// BOTH-LABEL: func.func @strict_bf16
// BOTH-LABEL: func.func @decode_rows
// BOTH-NOT:      amx.
// BOTH-NOT:      memref.alloc
// BOTH:          x86vector.avx512.dot
// BOTH-NOT:      amx.
// BOTH:          return
func.func @decode_rows(%a: memref<4x96xbf16>, %b: memref<70x96xbf16>,
                       %c: memref<4x70xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%c : memref<4x70xbf16>)
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x96xbf16>, memref<70x96xbf16>)
      outs(%c : memref<4x70xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}
