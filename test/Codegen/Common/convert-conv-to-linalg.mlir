// RUN: meld-opt %s --meld-convert-to-linalg | FileCheck %s
// RUN: meld-opt %s '--meld-convert-to-linalg=padded-conv-columns' | FileCheck %s --check-prefix=HOST
// RUN: meld-opt %s '--meld-convert-to-linalg=padded-conv-columns strict-fp' | FileCheck %s --check-prefix=STRICT
// RUN: meld-opt %s '--meld-convert-to-linalg=padded-conv-columns outer-product-min-images=2' | FileCheck %s --check-prefix=FEW

// meld.conv over an implicit im2col. Columns of more than 16 MiB per image
// (here 576 x 65536 floats): one GEMM per image and output row, the
// filters [F, K] by the row's columns col[n, o_1, k, o_2] (contiguous
// along the row's pixels).
// CHECK-LABEL: func.func @wide_rows(
// CHECK:         %[[COL:.*]] = linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<1x256x576x256xf32>)
// CHECK:         %[[W:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2, 3]] : tensor<32x64x3x3xf32> into tensor<32x576xf32>
// CHECK:         %[[OUT:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%[[W]], %[[COL]] : tensor<32x576xf32>, tensor<1x256x576x256xf32>)
// CHECK:         } -> tensor<1x32x256x256xf32>
// CHECK:         return %[[OUT]]
func.func @wide_rows(%x: tensor<1x64x256x256xf32>, %w: tensor<32x64x3x3xf32>) -> tensor<1x32x256x256xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<1x64x256x256xf32>, tensor<32x64x3x3xf32>) -> tensor<1x32x256x256xf32>
  return %y : tensor<1x32x256x256xf32>
}

// Smaller columns (every convolution of a ResNet-50 at 224): one GEMM per
// image over all its pixels, col[n, k, p] with p = o_1 * 7 + o_2 (the
// tap's row and column decoded from p), into [N, F, P], expanded to
// [N, F, O_1, O_2]. Per row, the 16-column register tiles ran half empty
// on rows of 7.
// CHECK-LABEL: func.func @short_rows(
// CHECK:         %[[COL:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:      outs(%{{.*}} : tensor<2x72x49xf32>)
// CHECK:           %[[P:.*]] = linalg.index 2 : index
// CHECK:           %[[ROW:.*]] = arith.divui %[[P]], %c7
// CHECK:           arith.remui %[[ROW]], %c7
// CHECK:         %[[OUT:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%{{.*}}, %[[COL]] : tensor<32x72xf32>, tensor<2x72x49xf32>)
// CHECK:         } -> tensor<2x32x49xf32>
// CHECK:         %[[IMAGE:.*]] = tensor.expand_shape %[[OUT]] {{\[}}[0], [1], [2, 3]] output_shape [2, 32, 7, 7]
// CHECK:         return %[[IMAGE]]
func.func @short_rows(%x: tensor<2x8x7x7xf32>, %w: tensor<32x8x3x3xf32>) -> tensor<2x32x7x7xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x8x7x7xf32>, tensor<32x8x3x3xf32>) -> tensor<2x32x7x7xf32>
  return %y : tensor<2x32x7x7xf32>
}

// A 1x1 convolution with unit strides and no padding gathers nothing: its
// columns are its input viewed as [N, C, P].
// CHECK-LABEL: func.func @pointwise(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<1x64x14x14xf32>
// CHECK-NOT:     linalg.generic
// CHECK:         %[[COL:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1], [2, 3]] : tensor<1x64x14x14xf32> into tensor<1x64x196xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %[[COL]] : tensor<256x64xf32>, tensor<1x64x196xf32>)
// CHECK:         tensor.expand_shape
func.func @pointwise(%x: tensor<1x64x14x14xf32>, %w: tensor<256x64x1x1xf32>) -> tensor<1x256x14x14xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<1x64x14x14xf32>, tensor<256x64x1x1xf32>) -> tensor<1x256x14x14xf32>
  return %y : tensor<1x256x14x14xf32>
}

// Halves: the columns hold bf16 (half the bytes of f32 ones, and the
// operands of bf16 dot products or AMX tiles), and the contraction widens
// each operand and sums in f32, the convolution's result type.
// CHECK-LABEL: func.func @short_rows_bf16(
// CHECK:         %[[COL:.*]] = linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<2x72x49xbf16>)
// CHECK:         %[[OUT:.*]] = linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %[[COL]] : tensor<32x72xbf16>, tensor<2x72x49xbf16>)
// CHECK-SAME:      outs(%{{.*}} : tensor<2x32x49xf32>)
// CHECK:         ^bb0(%[[A:.*]]: bf16, %[[B:.*]]: bf16, %[[ACC:.*]]: f32):
// CHECK:           %[[EA:.*]] = arith.extf %[[A]] : bf16 to f32
// CHECK:           %[[EB:.*]] = arith.extf %[[B]] : bf16 to f32
// CHECK:           %[[P:.*]] = arith.mulf %[[EA]], %[[EB]]
// CHECK:           arith.addf %[[ACC]], %[[P]] fastmath<reassoc
// CHECK:         tensor.expand_shape %[[OUT]] {{\[}}[0], [1], [2, 3]] output_shape [2, 32, 7, 7] : tensor<2x32x49xf32> into tensor<2x32x7x7xf32>
func.func @short_rows_bf16(%x: tensor<2x8x7x7xbf16>, %w: tensor<32x8x3x3xbf16>) -> tensor<2x32x7x7xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x8x7x7xbf16>, tensor<32x8x3x3xbf16>) -> tensor<2x32x7x7xf32>
  return %y : tensor<2x32x7x7xf32>
}

// Per output row (a dynamic batch) on f16: f16 columns, f32 sums.
// CHECK-LABEL: func.func @dynamic_f16(
// CHECK:         linalg.generic
// CHECK-SAME:      outs(%{{.*}} : tensor<?x4x36x4xf16>)
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%{{.*}}, %{{.*}} : tensor<6x36xf16>, tensor<?x4x36x4xf16>)
// CHECK-SAME:      outs(%{{.*}} : tensor<?x6x4x4xf32>)
// CHECK:           arith.extf %{{.*}} : f16 to f32
// CHECK:           arith.extf %{{.*}} : f16 to f32
func.func @dynamic_f16(%x: tensor<?x4x4x4xf16>, %w: tensor<6x4x3x3xf16>) -> tensor<?x6x4x4xf32> {
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<?x4x4x4xf16>, tensor<6x4x3x3xf16>) -> tensor<?x6x4x4xf32>
  return %y : tensor<?x6x4x4xf32>
}

// The host form of a convolution with few output pixels per image and a deep
// kernel (a weight gradient; `padded-conv-columns`), here with a dilation of
// 2 (the gradient of a strided convolution). In f32 one sum over the padded
// input into `[N, O_1, O_2, F]`, loops n, o_1, o_2, f, c, k_1, k_2, the
// padded input read at (n, c, o + k d) and the filters at (f, c, k) (for
// meld-vectorize-host-outer-products), transposed to [N, F, O...].
// HOST-DAG:   #[[WINDOW:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d1 + d5 * 2, d2 + d6 * 2)>
// HOST-DAG:   #[[FILTERS:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// HOST-DAG:   #[[BACK:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// HOST-LABEL: func.func @pixel_rows(
// HOST:         %[[PAD:.*]] = linalg.generic
// HOST-SAME:      outs(%{{.*}} : tensor<10x24x15x15xf32>)
// HOST:         %[[SUMS:.*]] = linalg.generic
// HOST-SAME:      indexing_maps = [#[[WINDOW]], #[[FILTERS]],
// HOST-SAME:      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// HOST-SAME:      ins(%[[PAD]], %{{.*}} : tensor<10x24x15x15xf32>, tensor<8x24x7x7xf32>) outs(%{{.*}} : tensor<10x3x3x8xf32>)
// HOST:           arith.mulf {{.*}} fastmath<contract>
// HOST:           arith.addf {{.*}} fastmath<reassoc,contract>
// HOST:         linalg.generic
// HOST-SAME:      indexing_maps = [#[[BACK]],
// HOST-SAME:      ins(%[[SUMS]] : tensor<10x3x3x8xf32>) outs(%{{.*}} : tensor<10x8x3x3xf32>)
// In strict fp (and in halves) the columns col[n, o_1, o_2, c, k_1, k_2]
// read the padded input at (n, c, o + k d), collapsed to [N P, K]; one
// contraction by the filters [F, K] read at (f, k) into [N P, F],
// transposed to [N, F, P].
// STRICT-DAG:   #[[READ:map[0-9]*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1 + d4 * 2, d2 + d5 * 2)>
// STRICT-DAG:   #[[SWAP:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// STRICT-LABEL: func.func @pixel_rows(
// STRICT:         %[[PAD:.*]] = linalg.generic
// STRICT-SAME:      outs(%{{.*}} : tensor<10x24x15x15xf32>)
// STRICT:         %[[COL:.*]] = linalg.generic
// STRICT-SAME:      indexing_maps = [#[[READ]],
// STRICT-SAME:      ins(%[[PAD]] : tensor<10x24x15x15xf32>) outs(%{{.*}} : tensor<10x3x3x24x7x7xf32>)
// STRICT:         %[[ROWS:.*]] = tensor.collapse_shape %[[COL]] {{\[}}[0, 1, 2], [3, 4, 5]] : tensor<10x3x3x24x7x7xf32> into tensor<90x1176xf32>
// STRICT:         %[[W:.*]] = tensor.collapse_shape %{{.*}} : tensor<8x24x7x7xf32> into tensor<8x1176xf32>
// STRICT:         %[[FLAT:.*]] = linalg.generic
// STRICT-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// STRICT-SAME:      ins(%[[W]], %[[ROWS]] : tensor<8x1176xf32>, tensor<90x1176xf32>)
// STRICT:         %[[IMG:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1], [2]] {{.*}} : tensor<90x8xf32> into tensor<10x9x8xf32>
// STRICT:         %[[T:.*]] = linalg.generic
// STRICT-SAME:      indexing_maps = [#[[SWAP]],
// STRICT-SAME:      ins(%[[IMG]] : tensor<10x9x8xf32>) outs(%{{.*}} : tensor<10x8x9xf32>)
// STRICT:         tensor.expand_shape %[[T]] {{\[}}[0], [1], [2, 3]] {{.*}} : tensor<10x8x9xf32> into tensor<10x8x3x3xf32>
func.func @pixel_rows(%x: tensor<10x24x14x14xf32>, %g: tensor<8x24x7x7xf32>) -> tensor<10x8x3x3xf32> {
  %y = meld.conv %x, %g strides = [1, 1] dilations = [2, 2] padding_low = [1, 1] padding_high = [0, 0] groups = 1 : (tensor<10x24x14x14xf32>, tensor<8x24x7x7xf32>) -> tensor<10x8x3x3xf32>
  return %y : tensor<10x8x3x3xf32>
}

// Three images (a first convolution's gradient: 3 input channels) keep the
// columns by default and sum outer products from 2 images
// (`outer-product-min-images=2`, the host pipeline's setting with
// AVX-512's tiles).
// HOST-LABEL: func.func @pixel_rows_three_images(
// HOST:         tensor.collapse_shape %{{.*}} : tensor<3x3x3x16x8x8xf32> into tensor<27x1024xf32>
// FEW-LABEL: func.func @pixel_rows_three_images(
// FEW-NOT:      tensor.collapse_shape
// FEW:          linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// FEW-SAME:       outs(%{{.*}} : tensor<3x3x3x32xf32>)
func.func @pixel_rows_three_images(%x: tensor<3x16x8x8xf32>, %g: tensor<32x16x8x8xf32>) -> tensor<3x32x3x3xf32> {
  %y = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<3x16x8x8xf32>, tensor<32x16x8x8xf32>) -> tensor<3x32x3x3xf32>
  return %y : tensor<3x32x3x3xf32>
}
