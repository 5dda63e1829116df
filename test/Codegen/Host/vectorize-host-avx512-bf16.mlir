// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{avx512-bf16-dots=true}),canonicalize)' | FileCheck %s
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{avx512-bf16-dots=true dot-tile-rows=4 dot-tile-vectors=4}),canonicalize)' | FileCheck %s --check-prefix=TILE4
// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{avx512-bf16-dots=true dot-tile-rows=6 dot-tile-vectors=3}))' | FileCheck %s --check-prefix=TILE6
// RUN: not meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions{avx512-bf16-dots=true dot-tile-rows=8 dot-tile-vectors=3}))' 2>&1 | FileCheck %s --check-prefix=BADTILE

// With `avx512-bf16-dots`, a bf16 contraction runs on
// AVX512-BF16 dot products: register tiles of `dot-tile-rows` x
// `dot-tile-vectors` 16-lane f32 sums (8 x 2 by default) carried across
// the whole reduction one pair of k at a time, the right operand packed
// per panel of columns into pairs along k as for AMX tiles (row k/2 holds
// B[k][j] and B[k+1][j] side by side), each row's pair broadcast as one
// 32-bit word, one `x86vector.avx512.dot` (vdpbf16ps) per vector of sums,
// and the sums rounded to bf16 once. Few rows are the exceptions below.

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (k, j)>
#mBt = affine_map<(i, j, k) -> (j, k)>
#mC = affine_map<(i, j, k) -> (i, j)>

// Dynamic rows of a plain right operand are versioned first: up to 4 take
// the widened path (its few-row version streams the right operand's rows),
// more the dots. There, after a zero fill (erased), the sums are stored.
// K = 96 is even: whole blocks of 8 rows read the left operand in place, a
// last partial one from the copy of its rows, writing only the valid ones.
// BADTILE: error: dot-tile-rows x dot-tile-vectors (8 x 3) must be at least 1 x 1, with the sums, a row's pair and the panel's vectors in 32 registers
// CHECK-LABEL: func.func @plain
// CHECK-DAG:     %[[PANEL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<48x512xbf16>
// CHECK-DAG:     %[[ROWS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x96xbf16>
// CHECK:         %[[FEW:.*]] = arith.cmpi ule, %{{.*}}, %c4 : index
// CHECK:         scf.if %[[FEW]] {
// CHECK:           vector.fma {{.*}} : vector<1x256xf32>
// CHECK:         } else {
// CHECK-NOT:       linalg.fill
// CHECK:           vector.interleave {{.*}} : vector<16xbf16> -> vector<32xbf16>
// CHECK:         scf.if
// CHECK:           scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-2:     vector.load %[[PANEL]][{{.*}}] : memref<48x512xbf16>, vector<32xbf16>
// CHECK:             vector.load %arg0[{{.*}}] : memref<?x96xbf16>, vector<2xbf16>
// CHECK:             vector.bitcast {{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK:             vector.broadcast {{.*}} : i32 to vector<16xi32>
// CHECK:             vector.bitcast {{.*}} : vector<16xi32> to vector<32xbf16>
// CHECK-COUNT-2:     x86vector.avx512.dot {{.*}} : vector<32xbf16> -> vector<16xf32>
// CHECK-NOT:       arith.extf
// CHECK:           arith.truncf %{{.*}} : vector<16xf32> to vector<16xbf16>
// CHECK:           vector.transfer_write %{{.*}}, %arg2[{{.*}}] : vector<16xbf16>, memref<?x300xbf16>
// CHECK:         } else {
// CHECK:           vector.load %[[ROWS]]
// CHECK:           scf.if
// CHECK:             arith.truncf
// CHECK:         memref.dealloc
// A panel holds whole blocks of columns: 240 of 48-column blocks (5 of
// them), not 256.
// TILE6-LABEL: func.func @plain
// TILE6:         memref.alloc() {alignment = 64 : i64} : memref<48x480xbf16>
// TILE4-LABEL: func.func @plain
// TILE4:         memref.alloc() {alignment = 64 : i64} : memref<4x96xbf16>
// TILE4:         scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// TILE4-COUNT-4:   vector.load {{.*}} : memref<48x512xbf16>, vector<32xbf16>
// TILE4-COUNT-4:   x86vector.avx512.dot
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

// No fill: the sums are added to the output's values. A transposed right
// operand is packed by 16 x 16 transposes of bf16 pairs (32-bit words); an
// odd K = 37 takes 19 pairs, the last one's second element zero in the
// copy of the rows (made for every block) and in the panel. Dynamic rows
// take dots along rows for up to 64 (tiles of 4 rows, then one tile of
// the last 1 to 3: an index switch; K = 37 is a step of 32 and a masked
// one), this version for more; they are never swapped.
// CHECK-LABEL: func.func @transposed_accumulate
// CHECK:         %[[ROWS:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8x64xbf16>
// CHECK:         linalg.fill ins(%{{.*}} : bf16) outs(%[[ROWS]] : memref<8x64xbf16>)
// CHECK:         %[[ALONG:.*]] = arith.cmpi ule, %{{.*}}, %c64 : index
// CHECK:         scf.if %[[ALONG]] {
// CHECK-COUNT-32:  x86vector.avx512.dot
// CHECK:           vector.reduction <add>
// CHECK:           scf.index_switch
// CHECK-NEXT:      case 1 {
// CHECK-COUNT-8:     x86vector.avx512.dot
// CHECK:           case 2 {
// CHECK-COUNT-16:    x86vector.avx512.dot
// CHECK:           case 3 {
// CHECK-COUNT-24:    x86vector.avx512.dot
// CHECK:           default {
// CHECK-NOT:       vector<16x4xbf16>
// CHECK:         } else {
// CHECK-NOT:       vector<16x4xbf16>
// CHECK:           vector.transfer_read %arg1{{.*}} : memref<33x37xbf16>, vector<16x32xbf16>
// CHECK:           vector.bitcast {{.*}} : vector<16x32xbf16> to vector<16x16xi32>
// CHECK:           vector.transpose {{.*}} [1, 0] : vector<16x16xi32> to vector<16x16xi32>
// CHECK:           vector.bitcast {{.*}} : vector<16x16xi32> to vector<16x32xbf16>
// CHECK:           memref.store {{.*}}, %[[ROWS]]
// CHECK:           scf.for %{{.*}} = %c0 to %c19 step %c1 iter_args
// CHECK:             x86vector.avx512.dot
// CHECK:           arith.extf %{{.*}} : vector<16xbf16> to vector<16xf32>
// CHECK:           arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : vector<16xf32>
// CHECK:           arith.truncf %{{.*}} : vector<16xf32> to vector<16xbf16>
// CHECK-NOT:       vector<16x4xbf16>
// CHECK-NOT:       memref.prefetch
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

// Up to 4 static rows of a plain right operand keep the widened f32 path,
// which streams its rows once, unpacked.
// CHECK-LABEL: func.func @four_rows
// CHECK-NOT:     x86vector.avx512.dot
// CHECK:         vector.fma
// CHECK-NOT:     x86vector.avx512.dot
func.func @four_rows(%a: memref<4x96xbf16>, %b: memref<96x300xbf16>,
                     %c: memref<4x300xbf16>) {
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x96xbf16>, memref<96x300xbf16>)
      outs(%c : memref<4x300xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}

// Up to 32 static rows of `x @ W^T` take dots along k of both operands'
// rows, read in place (no panel): tiles of 4 rows of x by 4 of W (16 sums),
// 32 elements of k per vdpbf16ps, each sum's lanes added once at the end;
// the columns past the last whole tile one at a time.
// CHECK-LABEL: func.func @few_rows_transposed
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-4:   vector.load %arg0[{{.*}}] : memref<8x96xbf16>, vector<32xbf16>
// CHECK-COUNT-4:   vector.load %arg1[{{.*}}] : memref<70x96xbf16>, vector<32xbf16>
// CHECK-COUNT-16:  x86vector.avx512.dot
// CHECK:         vector.reduction <add>, %{{.*}} fastmath<reassoc> : vector<16xf32> into f32
// CHECK:         arith.truncf %{{.*}} : f32 to bf16
// CHECK:         memref.store
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-4:   x86vector.avx512.dot
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

// A right operand of 64 MiB (more than an L3's share: it streams from
// memory on every call) is prefetched into L2 ahead of its products of few
// rows, which read it in place: with dots along rows, each step of k
// prefetches the next tile's 4 rows of W (clamped to its last row, 4095);
// swapped (40 static rows), the next tile's 4 rows once per 64-byte line
// of each (16 words of k). A smaller W (above) has no prefetches.
// CHECK-LABEL: func.func @streamed_weight
// CHECK:         arith.cmpi ule, %{{.*}}, %c64 : index
// CHECK:         arith.minsi %{{.*}}, %c4095 : index
// CHECK:         scf.for
// CHECK-COUNT-4:   memref.prefetch %arg1[%{{.*}}, %{{.*}}], read, locality<2>, data : memref<4096x8192xbf16>
// CHECK-COUNT-16:  x86vector.avx512.dot
func.func @streamed_weight(%a: memref<?x8192xbf16>, %b: memref<4096x8192xbf16>,
                           %c: memref<?x4096xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%c : memref<?x4096xbf16>)
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x8192xbf16>, memref<4096x8192xbf16>)
      outs(%c : memref<?x4096xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}

// CHECK-LABEL: func.func @streamed_weight_swapped
// CHECK:         scf.for %{{.*}} = %c0 to %c4096 step %c16 iter_args
// CHECK-COUNT-4:   memref.prefetch %arg1[%{{.*}}, %{{.*}}], read, locality<2>, data : memref<4096x8192xbf16>
// CHECK:           scf.for %{{.*}} step %c1 iter_args
// CHECK-COUNT-16:    x86vector.avx512.dot
func.func @streamed_weight_swapped(%a: memref<40x8192xbf16>,
                                   %b: memref<4096x8192xbf16>,
                                   %c: memref<40x4096xbf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%c : memref<40x4096xbf16>)
  linalg.generic {indexing_maps = [#mA, #mBt, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<40x8192xbf16>, memref<4096x8192xbf16>)
      outs(%c : memref<40x4096xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %acc: bf16):
    %p = arith.mulf %x, %y : bf16
    %s = arith.addf %acc, %p fastmath<reassoc> : bf16
    linalg.yield %s : bf16
  }
  return
}
