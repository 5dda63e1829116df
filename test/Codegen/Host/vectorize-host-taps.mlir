// RUN: meld-opt %s --split-input-file --meld-vectorize-host-taps | FileCheck %s
// RUN: meld-opt %s --split-input-file '--meld-vectorize-host-taps=vector-bits=256 max-accumulators=12' | FileCheck %s --check-prefix=AVX2

// A depthwise convolution's weight gradient over one channel (the block
// meld-tile-host-blocks gives it): 3 x 3 outputs, each a sum over 4 images
// of 40 x 40 taps of the padded input, every other pixel (a stride-2
// convolution's), times the output gradient. Nine vectors of sums ride
// the loops over the images and tap rows; the taps of a row go in chunks
// of 16 (two, then a masked one of 8): the gradient's chunk loaded once
// for all nine, the input's 32 lanes from where each output's taps start,
// the even ones kept. Then each output adds its sums' lanes.

// CHECK-LABEL: func.func @depthwise_weight_grad(
// CHECK:         %[[SUMS:.*]]:9 = scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args(
// CHECK:           scf.for %{{.*}} = %c0{{.*}} to %c40 step %c1{{.*}} iter_args(
// CHECK:             scf.for %{{.*}} = %c0{{.*}} to %c32 step %c16 iter_args(
// CHECK:               %[[WIDE:.*]] = vector.maskedload %{{.*}} : memref<4x81x81xf32, strided<[6561, 81, 1], offset: ?>>, vector<32xi1>, vector<32xf32> into vector<32xf32>
// CHECK:               %[[EVEN:.*]] = vector.shuffle %[[WIDE]], %[[WIDE]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
// CHECK:               %[[GRAD:.*]] = vector.load %{{.*}} : memref<1x4x40x40xf32, strided<[6400, 1600, 40, 1], offset: ?>>, vector<16xf32>
// CHECK:               vector.fma %[[EVEN]], %[[GRAD]]
// CHECK-COUNT-8:       vector.fma %{{.*}}, %[[GRAD]]
// CHECK:               scf.yield
// The remainder: 8 taps, 15 lanes of the input and 8 of the gradient.
// CHECK:             vector.maskedload {{.*}} vector<32xi1>, vector<32xf32> into vector<32xf32>
// CHECK:             vector.maskedload {{.*}} vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:         vector.reduction <add>, %[[SUMS]]#0 fastmath<reassoc>
// CHECK:         memref.load
// CHECK:         arith.addf
// CHECK:         memref.store
// CHECK-COUNT-8: vector.reduction <add>
// CHECK-NOT:     linalg.generic

// With AVX2, chunks of 8 (five, no remainder).
// AVX2-LABEL: func.func @depthwise_weight_grad(
// AVX2:         scf.for %{{.*}} = %c0{{.*}} to %c40 step %c8
// AVX2:           vector.maskedload {{.*}} vector<16xi1>, vector<16xf32> into vector<16xf32>
// AVX2:           vector.load {{.*}} vector<8xf32>
// AVX2-NOT:     vector<32xf32>
func.func @depthwise_weight_grad(%x: memref<4x81x81xf32, strided<[6561, 81, 1], offset: ?>>, %g: memref<1x4x40x40xf32, strided<[6400, 1600, 40, 1], offset: ?>>, %out: memref<1x3x3xf32, strided<[9, 3, 1], offset: ?>>) {
  linalg.generic {
      indexing_maps = [affine_map<(c, kh, kw, n, i, j) -> (c * 4 + n, kh + i * 2, kw + j * 2)>,
                       affine_map<(c, kh, kw, n, i, j) -> (c, n, i, j)>,
                       affine_map<(c, kh, kw, n, i, j) -> (c, kh, kw)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<4x81x81xf32, strided<[6561, 81, 1], offset: ?>>, memref<1x4x40x40xf32, strided<[6400, 1600, 40, 1], offset: ?>>)
      outs(%out : memref<1x3x3xf32, strided<[9, 3, 1], offset: ?>>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<reassoc, contract> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Left alone: a strict-fp sum (no reassoc: the scalar order is kept), and
// a sum whose products may not contract into it (no fused multiply-add).

// CHECK-LABEL: func.func @strict(
// CHECK:         linalg.generic
// CHECK-NOT:     vector.fma
// CHECK-LABEL: func.func @uncontracted(
// CHECK:         linalg.generic
// CHECK-NOT:     vector.fma
func.func @strict(%x: memref<4x42x42xf32>, %g: memref<4x40x40xf32>, %out: memref<3x3xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(kh, kw, n, i, j) -> (n, kh + i, kw + j)>,
                       affine_map<(kh, kw, n, i, j) -> (n, i, j)>,
                       affine_map<(kh, kw, n, i, j) -> (kh, kw)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<4x42x42xf32>, memref<4x40x40xf32>) outs(%out : memref<3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @uncontracted(%x: memref<4x42x42xf32>, %g: memref<4x40x40xf32>, %out: memref<3x3xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(kh, kw, n, i, j) -> (n, kh + i, kw + j)>,
                       affine_map<(kh, kw, n, i, j) -> (n, i, j)>,
                       affine_map<(kh, kw, n, i, j) -> (kh, kw)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<4x42x42xf32>, memref<4x40x40xf32>) outs(%out : memref<3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Left alone: taps 3 pixels apart, more outputs than sums in registers (5
// x 5 outputs), and an innermost loop of 3 taps.

// CHECK-LABEL: func.func @stride_three(
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @many_outputs(
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @three_taps(
// CHECK:         linalg.generic
func.func @stride_three(%x: memref<4x122x122xf32>, %g: memref<4x40x40xf32>, %out: memref<3x3xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(kh, kw, n, i, j) -> (n, kh + i * 3, kw + j * 3)>,
                       affine_map<(kh, kw, n, i, j) -> (n, i, j)>,
                       affine_map<(kh, kw, n, i, j) -> (kh, kw)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<4x122x122xf32>, memref<4x40x40xf32>) outs(%out : memref<3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
func.func @many_outputs(%x: memref<4x44x44xf32>, %g: memref<4x40x40xf32>, %out: memref<5x5xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(kh, kw, n, i, j) -> (n, kh + i, kw + j)>,
                       affine_map<(kh, kw, n, i, j) -> (n, i, j)>,
                       affine_map<(kh, kw, n, i, j) -> (kh, kw)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<4x44x44xf32>, memref<4x40x40xf32>) outs(%out : memref<5x5xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
func.func @three_taps(%x: memref<4x5x5xf32>, %g: memref<4x3x3xf32>, %out: memref<3x3xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(kh, kw, n, i, j) -> (n, kh + i, kw + j)>,
                       affine_map<(kh, kw, n, i, j) -> (n, i, j)>,
                       affine_map<(kh, kw, n, i, j) -> (kh, kw)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<4x5x5xf32>, memref<4x3x3xf32>) outs(%out : memref<3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %o, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Fewer taps than lanes (a 10 x 10 image's rows; 5 x 5): one masked chunk
// of the next power of two lanes, 10 of 16 and 5 of 8.

// CHECK-LABEL: func.func @ten_taps(
// CHECK:         scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args(
// CHECK:           scf.for %{{.*}} = %c0 to %c10 step %c1 iter_args(
// CHECK-NOT:         scf.for
// CHECK:             vector.maskedload {{.*}} vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:             vector.fma
// CHECK-LABEL: func.func @five_taps(
// CHECK:             vector.maskedload {{.*}} vector<8xi1>, vector<8xf32> into vector<8xf32>
// CHECK:             vector.fma {{.*}} : vector<8xf32>
func.func @ten_taps(%x: memref<4x12x12xf32>, %g: memref<4x10x10xf32>, %out: memref<3x3xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(kh, kw, n, i, j) -> (n, kh + i, kw + j)>,
                       affine_map<(kh, kw, n, i, j) -> (n, i, j)>,
                       affine_map<(kh, kw, n, i, j) -> (kh, kw)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<4x12x12xf32>, memref<4x10x10xf32>) outs(%out : memref<3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<reassoc,contract> : f32
    linalg.yield %s : f32
  }
  return
}
func.func @five_taps(%x: memref<4x7x7xf32>, %g: memref<4x5x5xf32>, %out: memref<3x3xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(kh, kw, n, i, j) -> (n, kh + i, kw + j)>,
                       affine_map<(kh, kw, n, i, j) -> (n, i, j)>,
                       affine_map<(kh, kw, n, i, j) -> (kh, kw)>],
      iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %g : memref<4x7x7xf32>, memref<4x5x5xf32>) outs(%out : memref<3x3xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %p = arith.mulf %a, %b fastmath<contract> : f32
    %s = arith.addf %o, %p fastmath<reassoc,contract> : f32
    linalg.yield %s : f32
  }
  return
}
