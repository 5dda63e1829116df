// RUN: meld-opt %s --meld-fuse --meld-outline-kernels '--meld-convert-to-linalg=padded-conv-columns' --meld-fold-unit-extent-dims --canonicalize --meld-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=256 fit-small-outputs balance-threads=2 skip-unit-dims' | FileCheck %s
// RUN: meld-compile %s --targets=host --host-tuning=none --host-threads=2 --mlir-print-ir-after=meld-vectorize-host-copies -o %t.meldb 2>&1 | FileCheck %s --check-prefix=VEC
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels '--meld-convert-to-linalg=padded-conv-columns' --meld-fold-unit-extent-dims --canonicalize --meld-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=256 fit-small-outputs balance-threads=2 skip-unit-dims conv-panel-columns=64' | FileCheck %s --check-prefix=PANEL

// A one-image convolution (3 x 3, 8 -> 20 channels, 24 x 24 pixels) whose
// columns the kernel copies from its zero-padded input: its pixels are
// split in blocks of whole output rows (6 rows of 24: 4 blocks, 2 per
// thread), and each block pads and copies only the rows of input its
// pixels read (8 of 26 rows of the padded input; the copy reads 3 x 3
// taps of 6 output rows), not the whole image outside the loop.
// CHECK-LABEL: func.func private @main_kernel_0(
// CHECK-NOT:     linalg.generic
// CHECK:         scf.for %[[P:.*]] = %{{.*}} to %{{.*}} step %c144
// CHECK:           %[[PAD:.*]] = linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<8x8x26xf32>)
// CHECK:             scf.if
// CHECK:           %[[COPY:.*]] = linalg.generic
// CHECK-SAME:        ins(%[[PAD]] : tensor<8x8x26xf32>) outs(%{{.*}} : tensor<8x3x3x6x24xf32>)
// CHECK-NOT:         scf.if
// CHECK:           %[[COL:.*]] = tensor.collapse_shape %[[COPY]] {{\[}}[0, 1, 2], [3, 4]] : tensor<8x3x3x6x24xf32> into tensor<72x144xf32>
// CHECK:           linalg.generic
// CHECK-SAME:        ins(%{{.*}}, %[[COL]] : tensor<20x72xf32>, tensor<72x144xf32>)

// The copy's loop over an output row's 24 pixels moves one vector of 16
// floats per step: a read of 16 at `o * 1 + tap` and a write.
// VEC-LABEL: func.func private @main_kernel_0(
// VEC:          scf.for
// VEC:            scf.for %{{.*}} = %c0{{.*}} to %c24{{.*}} step %c16
// VEC:              vector.transfer_read %{{.*}} : memref<8x8x26xf32{{.*}}>, vector<16xf32>
// VEC:              vector.transfer_write %{{.*}} : vector<16xf32>, memref<8x3x3x6x24xf32{{.*}}>
func.func @main(%x: tensor<1x8x24x24xf32>, %w: tensor<20x8x3x3xf32>) -> tensor<1x20x24x24xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<1x8x24x24xf32>, tensor<20x8x3x3xf32>) -> tensor<1x20x24x24xf32>
  %y = meld.relu %c : tensor<1x20x24x24xf32>
  return %y : tensor<1x20x24x24xf32>
}

// Several images whose columns take more than 64 KiB each (3 x 3, 64
// channels at 32 x 32: 576 taps by 1024 pixels, 2.4 MB) are split both
// ways (convImageColumnBlock): a block is one image by 4 output rows (128
// pixels), 3 x 8 blocks in one loop, image-major, each padding and copying
// only its rows' columns (295 KB). Blocks of images had copied every
// image's columns of the block before the GEMM read them.
// CHECK-LABEL: func.func private @images_kernel_0(
// CHECK-SAME:    meld.host_column_blocks = 8 : i64
// CHECK-SAME:    meld.rows_per_block = 1 : i64
// CHECK:         scf.for %[[B:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK:           %[[IDX:.*]]:2 = affine.delinearize_index %[[B]] into (3, 8)
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<1x64x6x34xf32>)
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<1x64x3x3x4x32xf32>)
// CHECK:           tensor.collapse_shape %{{.*}} : tensor<1x64x3x3x4x32xf32> into tensor<1x576x128xf32>
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<1x32x128xf32>)
// With the register tile's 64 columns (conv-panel-columns=64, AVX-512's
// tiles), a block is exactly 64 pixels (2 output rows), its columns
// `[576, 64]` the GEMM's packed panels as they are.
// PANEL-LABEL: func.func private @images_kernel_0(
// PANEL-SAME:    meld.host_column_blocks = 16 : i64
// PANEL:           affine.delinearize_index %{{.*}} into (3, 16)
// PANEL:           linalg.generic
// PANEL-SAME:        outs(%{{.*}} : tensor<1x64x4x34xf32>)
// PANEL:           tensor.collapse_shape %{{.*}} : tensor<1x64x3x3x2x32xf32> into tensor<1x576x64xf32>
// PANEL:           linalg.generic
// PANEL-SAME:        outs(%{{.*}} : tensor<1x32x64xf32>)
func.func @images(%x: tensor<3x64x32x32xf32>, %w: tensor<32x64x3x3xf32>) -> tensor<3x32x32x32xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<3x64x32x32xf32>, tensor<32x64x3x3xf32>) -> tensor<3x32x32x32xf32>
  %y = meld.relu %c : tensor<3x32x32x32xf32>
  return %y : tensor<3x32x32x32xf32>
}

// Rows of 24 pixels: 64 is no whole rows, so the blocks stay rows of at
// least 128 pixels (6 rows, 144 pixels) with the panel option too.
// PANEL-LABEL: func.func private @images_odd_rows_kernel_0(
// PANEL-SAME:    meld.host_column_blocks = 4 : i64
// PANEL:           tensor.collapse_shape %{{.*}} : tensor<1x32x3x3x6x24xf32> into tensor<1x288x144xf32>
func.func @images_odd_rows(%x: tensor<2x32x24x24xf32>, %w: tensor<20x32x3x3xf32>) -> tensor<2x20x24x24xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x32x24x24xf32>, tensor<20x32x3x3xf32>) -> tensor<2x20x24x24xf32>
  return %c : tensor<2x20x24x24xf32>
}

// 4 groups of 16 channels, 16 filters each: a tile is a whole group of
// filters (their reads of the padded input are `f floordiv 16`), so each
// group's padded input (16 channels of 16 x 16) is computed once, not once
// per filter.
// CHECK-LABEL: func.func private @grouped_kernel_0(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c16
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<16x16x16xf32>)
// CHECK:           linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<16x14x14xf32>)
func.func @grouped(%x: tensor<1x64x14x14xf32>, %w: tensor<64x16x3x3xf32>) -> tensor<1x64x14x14xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 4 : (tensor<1x64x14x14xf32>, tensor<64x16x3x3xf32>) -> tensor<1x64x14x14xf32>
  %y = meld.relu %c : tensor<1x64x14x14xf32>
  return %y : tensor<1x64x14x14xf32>
}

// A convolution of few output pixels and a deep kernel (the weight gradient
// of a 3x3 convolution, 64 -> 64 channels over 16 images of 32 x 32: its
// input [C, N, H, W], the output gradient [F, N, OH, OW] as its kernel)
// takes the pixels of all its images as rows (lowerConvByPixelRows): in
// f32, one sum over the padded input of `out[n, o.., f]` (for
// meld-vectorize-host-outer-products), one block per thread, computed
// whole: 32 images, the padded input of the block's images fused into it,
// the filters read whole (each thread packs them once).
// CHECK-LABEL: func.func private @pixel_rows_kernel_0(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c32
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<32x16x34x34xf32>)
// CHECK:           linalg.fill
// CHECK:           linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK-SAME:        tensor<32x16x34x34xf32>, tensor<64x16x32x32xf32>
// CHECK-SAME:        outs(%{{.*}} : tensor<32x3x3x64xf32>)
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<32x64x3x3xf32>)
func.func @pixel_rows(%x: tensor<64x16x32x32xf32>, %g: tensor<64x16x32x32xf32>) -> tensor<64x64x3x3xf32> {
  %c = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<64x16x32x32xf32>, tensor<64x16x32x32xf32>) -> tensor<64x64x3x3xf32>
  return %c : tensor<64x64x3x3xf32>
}

// In halves, the columns [N, O_1, O_2, C, K_1, K_2] viewed as [N P, K] by
// the filters' [F, K] as x @ W^T. Blocks of 4 images, 36 rows: the padded
// input and the column copy are fused into each block (their slice is
// above the collapse: the block's offset `[n, 0]` linearized by `(64, 9)`
// is a multiple of 9), so each thread copies only its images' columns
// (the offset had been no multiple to isMultipleOf, and every thread
// copied all of the columns in every call).
// CHECK-LABEL: func.func private @pixel_rows_f16_kernel_0(
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c4
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<4x16x34x34xf16>)
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%{{.*}} : tensor<4x3x3x16x32x32xf16>)
// CHECK:           tensor.collapse_shape %{{.*}} : tensor<4x3x3x16x32x32xf16> into tensor<36x16384xf16>
// CHECK:           linalg.generic
// CHECK-SAME:        iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:        outs(%{{.*}} : tensor<36x64xf32>)
// CHECK:           tensor.expand_shape %{{.*}} : tensor<36x64xf32> into tensor<4x9x64xf32>
func.func @pixel_rows_f16(%x: tensor<64x16x32x32xf16>, %g: tensor<64x16x32x32xf16>) -> tensor<64x64x3x3xf32> {
  %c = meld.conv %x, %g strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<64x16x32x32xf16>, tensor<64x16x32x32xf16>) -> tensor<64x64x3x3xf32>
  return %c : tensor<64x64x3x3xf32>
}

// A convolution whose kernel covers its input (a 1x1 convolution's weight
// gradient, batch and channels swapped) is out[i, j] += w[j, k] * x[i, k]:
// its operands trade places to x @ W^T's order, and its 16 rows, too few
// for row blocks and 96 columns, too few for blocks of 256, are split in
// two blocks of 48 columns, long enough in k (4096) to be worth a thread.
// CHECK-LABEL: func.func private @whole_kernel_kernel_0(
// CHECK-SAME:    meld.host_column_blocks = 2
// CHECK:         arith.muli %{{.*}}, %c48
// CHECK:           linalg.generic
// CHECK-SAME:        ins(%{{.*}}, %{{.*}} : tensor<16x4096xf32>, tensor<48x4096xf32>)
func.func @whole_kernel(%x: tensor<16x4x32x32xf32>, %w: tensor<96x4x32x32xf32>) -> tensor<16x96x1x1xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<16x4x32x32xf32>, tensor<96x4x32x32xf32>) -> tensor<16x96x1x1xf32>
  return %c : tensor<16x96x1x1xf32>
}
