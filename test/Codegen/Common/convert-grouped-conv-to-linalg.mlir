// RUN: meld-opt %s '--meld-convert-to-linalg=padded-conv-columns' | FileCheck %s
// RUN: meld-opt %s --meld-convert-to-linalg | FileCheck %s --check-prefix=GPU

// Grouped convolutions on the host (padded-conv-columns): the zero-padded
// input, then one generic with no columns, loops n, f, o_1, o_2, c, k_1, k_2
// (the group's channels and the taps innermost: a sliding-window sum that
// meld-vectorize-host-windows keeps in registers).
// CHECK-DAG: #[[DW_READ:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 floordiv 2 + d4, d2 * 2 + d5 * 2, d3 * 2 + d6)>
// CHECK-DAG: #[[WEIGHT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[RESULT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[G_READ:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 2) * 2 + d4, d2 + d5, d3 + d6)>
// CHECK-DAG: #[[WIDE_READ:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 2) * 5 + d4, d2 + d5, d3 + d6)>

// Depthwise, two filters per channel, strided and dilated: filter f reads
// channel f floordiv 2. The padded input holds only the rows and columns
// the windows read: 11 of 12, 35 of 36.
// CHECK-LABEL: func.func @depthwise(
// CHECK:         %[[PAD:.*]] = linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<1x6x11x35xf32>)
// CHECK:         %[[OUT:.*]] = linalg.generic
// CHECK-SAME:      indexing_maps = [#[[DW_READ]], #[[WEIGHT]], #[[RESULT]]]
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK-SAME:      ins(%[[PAD]], %{{.*}} : tensor<1x6x11x35xf32>, tensor<12x1x3x3xf32>)
// CHECK:           arith.mulf
// CHECK:           arith.addf {{.*}} fastmath<reassoc
// CHECK:         return %[[OUT]]
// On GPUs the grouped form's columns stay.
// GPU-LABEL: func.func @depthwise(
// GPU:         linalg.generic
// GPU-SAME:      outs(%{{.*}} : tensor<1x12x4x9x17xf32>)
func.func @depthwise(%x: tensor<1x6x10x34xf32>, %w: tensor<12x1x3x3xf32>) -> tensor<1x12x4x17xf32> {
  %y = meld.conv %x, %w strides = [2, 2] dilations = [2, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 6 : (tensor<1x6x10x34xf32>, tensor<12x1x3x3xf32>) -> tensor<1x12x4x17xf32>
  return %y : tensor<1x12x4x17xf32>
}

// Four groups of two channels: filter f reads channels 2 (f floordiv 2) + c.
// CHECK-LABEL: func.func @grouped(
// CHECK:         linalg.generic
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[G_READ]], #[[WEIGHT]], #[[RESULT]]]
func.func @grouped(%x: tensor<1x8x5x16xf32>, %w: tensor<8x2x3x3xf32>) -> tensor<1x8x5x16xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 4 : (tensor<1x8x5x16xf32>, tensor<8x2x3x3xf32>) -> tensor<1x8x5x16xf32>
  return %y : tensor<1x8x5x16xf32>
}

// Any number of channels per group, and rows shorter than a vector, take
// the same form (the columns' contraction, one filter row per group, ran
// 10 to 20 times slower).
// CHECK-LABEL: func.func @wide_groups(
// CHECK:         %[[WPAD:.*]] = linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<1x10x7x18xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      indexing_maps = [#[[WIDE_READ]], #[[WEIGHT]], #[[RESULT]]]
// CHECK-SAME:      ins(%[[WPAD]], %{{.*}} : tensor<1x10x7x18xf32>, tensor<4x5x3x3xf32>)
// GPU-LABEL: func.func @wide_groups(
// GPU:         linalg.generic
// GPU-SAME:      outs(%{{.*}} : tensor<1x4x5x45x16xf32>)
func.func @wide_groups(%x: tensor<1x10x5x16xf32>, %w: tensor<4x5x3x3xf32>) -> tensor<1x4x5x16xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 2 : (tensor<1x10x5x16xf32>, tensor<4x5x3x3xf32>) -> tensor<1x4x5x16xf32>
  return %y : tensor<1x4x5x16xf32>
}

// CHECK-LABEL: func.func @short_rows(
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<1x8x16x16xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// GPU-LABEL: func.func @short_rows(
// GPU:         linalg.generic
// GPU-SAME:      outs(%{{.*}} : tensor<1x8x14x9x14xf32>)
func.func @short_rows(%x: tensor<1x8x14x14xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x14x14xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 8 : (tensor<1x8x14x14xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x14x14xf32>
  return %y : tensor<1x8x14x14xf32>
}
