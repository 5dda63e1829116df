// RUN: meld-opt %s '--meld-convert-to-linalg=padded-conv-columns' | FileCheck %s
// RUN: meld-opt %s --meld-convert-to-linalg | FileCheck %s --check-prefix=GPU

// A depthwise convolution on the host (padded-conv-columns): the zero-padded
// input, then one generic with no columns, loops n, f, o_1, k_1, k_2, o_2 (the
// taps reduced between the output row and its pixels, so that the innermost
// loop runs along the row), reading padded[n, f floordiv 2, o_1 * 2 + k_1 * 2,
// o_2 * 2 + k_2] for two filters per channel, and the weight at w[f, 0, k].
// CHECK-DAG: #[[READ:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 floordiv 2, d2 * 2 + d3 * 2, d5 * 2 + d4)>
// CHECK-DAG: #[[WEIGHT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, 0, d3, d4)>
// CHECK-DAG: #[[RESULT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5)>
// CHECK-LABEL: func.func @depthwise(
// CHECK:         %[[PAD:.*]] = linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<1x6x12x12xf32>)
// CHECK:         %[[OUT:.*]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[READ]], #[[WEIGHT]], #[[RESULT]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "parallel"]
// CHECK-SAME:      ins(%[[PAD]], %{{.*}} : tensor<1x6x12x12xf32>, tensor<12x1x3x3xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf {{.*}} fastmath<reassoc
// CHECK:         return %[[OUT]]
// GPU-LABEL: func.func @depthwise(
// GPU:         linalg.generic
// GPU-SAME:      outs(%{{.*}} : tensor<1x12x4x9x5xf32>)
func.func @depthwise(%x: tensor<1x6x10x10xf32>, %w: tensor<12x1x3x3xf32>) -> tensor<1x12x4x5xf32> {
  %y = meld.conv %x, %w strides = [2, 2] dilations = [2, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 6 : (tensor<1x6x10x10xf32>, tensor<12x1x3x3xf32>) -> tensor<1x12x4x5xf32>
  return %y : tensor<1x12x4x5xf32>
}

// Groups of more than one channel keep the columns and their contraction.
// CHECK-LABEL: func.func @grouped(
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<1x8x5x18x5xf32>)
func.func @grouped(%x: tensor<1x8x5x5xf32>, %w: tensor<8x2x3x3xf32>) -> tensor<1x8x5x5xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 4 : (tensor<1x8x5x5xf32>, tensor<8x2x3x3xf32>) -> tensor<1x8x5x5xf32>
  return %y : tensor<1x8x5x5xf32>
}
