// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --linalg-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps --meld-tile-host-blocks | FileCheck %s --check-prefix=BLOCK
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --linalg-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048' | FileCheck %s --check-prefix=TILE
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --linalg-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=1536' | FileCheck %s --check-prefix=ROUND
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --linalg-fold-unit-extent-dims --canonicalize --meld-fuse-elementwise-recompute --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=target-elements=1024 row-multiple=1' | FileCheck %s --check-prefix=GPU
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=64 fit-small-outputs' | FileCheck %s --check-prefix=FIT

// A row-max kernel on 64 rows of 512: 16K elements per block is 32 rows.
// The block range [begin, end) always covers 32-row blocks; with
// tile-elements the loop steps through them 4 rows (2048 elements) at a
// time, and a target of 3 rows is rounded down to 2, a divisor of 32, so no
// tile straddles two blocks.

// BLOCK-LABEL: func.func private @main_kernel_0
// BLOCK-SAME:    meld.rows_per_block = 32
// BLOCK:         %[[B:.*]] = arith.muli %{{.*}}, %c32
// BLOCK:         scf.for %{{.*}} = %[[B]] to %{{.*}} step %c32
// BLOCK:           tensor.extract_slice {{.*}} [32, 512]

// TILE-LABEL: func.func private @main_kernel_0
// TILE-SAME:    meld.rows_per_block = 32
// TILE:         %[[B:.*]] = arith.muli %{{.*}}, %c32
// TILE:         %[[E:.*]] = arith.muli %{{.*}}, %c32
// TILE:         %[[U:.*]] = arith.minsi %[[E]], %c64
// TILE:         scf.for %{{.*}} = %[[B]] to %[[U]] step %c4
// TILE:           tensor.extract_slice {{.*}} [4, 512]
// TILE:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]

// ROUND-LABEL: func.func private @main_kernel_0
// ROUND-SAME:    meld.rows_per_block = 32
// ROUND:         scf.for %{{.*}} step %c2
// ROUND:           tensor.extract_slice {{.*}} [2, 512]
func.func @main(%x: tensor<64x512xf32>) -> tensor<64x512xf32> {
  %max = meld.reduce max %x dims = [1] keep_dims : tensor<64x512xf32> -> tensor<64x1xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1] : tensor<64x1xf32> -> tensor<64x512xf32>
  %y = meld.sub %x, %maxb : tensor<64x512xf32>
  return %y : tensor<64x512xf32>
}

// A matmul keeps whole blocks (its register tiles need 8-row multiples),
// whatever tile-elements says.

// TILE-LABEL: func.func private @matmul_kernel_0
// TILE-SAME:    meld.rows_per_block = 32
// TILE:         scf.for %{{.*}} step %c32
// TILE:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}}tensor<32x64xf32>
func.func @matmul(%a: tensor<64x64xf32>, %b: tensor<64x512xf32>) -> tensor<64x512xf32> {
  %c = meld.matmul %a, %b : tensor<64x64xf32>, tensor<64x512xf32> -> tensor<64x512xf32>
  return %c : tensor<64x512xf32>
}

// A kernel that is only a row reduction is sized by the elements it reads,
// not by its one output per row: 16K elements per block is 32 rows of 512
// (not all 256 rows in one block, which left the kernel single-threaded),
// and with tile-elements 4 rows per step. Kept dims (a 256x1 result) split
// the same way.

// BLOCK-LABEL: func.func private @row_sums_kernel_0
// BLOCK-SAME:    meld.rows_per_block = 32
// BLOCK:         scf.for %{{.*}} step %c32
// TILE-LABEL: func.func private @row_sums_kernel_0
// TILE-SAME:    meld.rows_per_block = 32
// TILE:         scf.for %{{.*}} step %c4
// TILE:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}}tensor<4x512xf32>
func.func @row_sums(%x: tensor<256x512xf32>) -> tensor<256xf32> {
  %s = meld.reduce sum %x dims = [1] : tensor<256x512xf32> -> tensor<256xf32>
  return %s : tensor<256xf32>
}

// BLOCK-LABEL: func.func private @row_sums_kept_kernel_0
// BLOCK-SAME:    meld.rows_per_block = 32
func.func @row_sums_kept(%x: tensor<256x512xf32>) -> tensor<256x1xf32> {
  %s = meld.reduce sum %x dims = [1] keep_dims : tensor<256x512xf32> -> tensor<256x1xf32>
  return %s : tensor<256x1xf32>
}

// As GPU kernels are prepared (producers recomputed into each consumer),
// max, exp and a kept-dims sum end in a reshape of the sum: the sum is
// stored through the inverse reshape of the output buffer and split like
// any row reduction (one row per 1024-element GPU block).

// GPU-LABEL: func.func private @exp_sums_kernel_0
// GPU-SAME:    meld.rows_per_block = 1
// GPU:         memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<256x1xf32> into memref<256xf32>
// GPU:         scf.for
func.func @exp_sums(%x: tensor<256x1024xf32>) -> tensor<256x1xf32> {
  %max = meld.reduce max %x dims = [1] keep_dims : tensor<256x1024xf32> -> tensor<256x1xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1] : tensor<256x1xf32> -> tensor<256x1024xf32>
  %s = meld.sub %x, %maxb : tensor<256x1024xf32>
  %e = meld.exp %s : tensor<256x1024xf32>
  %sum = meld.reduce sum %e dims = [1] keep_dims : tensor<256x1024xf32> -> tensor<256x1xf32>
  return %sum : tensor<256x1xf32>
}

// With fit-small-outputs (the host's setting) an output of fewer rows than
// a block is one block of exactly its rows: a one-row matmul (its unit row
// kept by meld-fold-unit-extent-dims) is sliced [1, 64], a static shape,
// where a 64-row block made it min(64, 1 - begin) rows.
// FIT-LABEL: func.func private @one_row_kernel_0
// FIT-SAME:    meld.rows_per_block = 1
// FIT:         scf.for %{{.*}} step %c1
// FIT:           tensor.extract_slice %{{.*}} [1, 64]
// FIT:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// FIT-SAME:        tensor<1x64xf32>, tensor<64x200xf32>
func.func @one_row(%a: tensor<1x64xf32>, %b: tensor<64x200xf32>) -> tensor<1x200xf32> {
  %c = meld.matmul %a, %b : tensor<1x64xf32>, tensor<64x200xf32> -> tensor<1x200xf32>
  return %c : tensor<1x200xf32>
}

// A gemm of fewer rows than a register tile and at least two column
// blocks of 256 (a matrix-vector product) has its columns split instead,
// so that threads share it: blocks [begin, end) are column ranges, the
// weight is sliced [64, 256] per block, and the kernel says how many
// column blocks its one row block is.
// FIT-LABEL: func.func private @one_row_wide_kernel_0
// FIT-SAME:    meld.host_column_blocks = 2
// FIT-SAME:    meld.rows_per_block = 1
// FIT:         %[[B:.*]] = arith.muli %{{.*}}, %c256
// FIT:         %[[E:.*]] = arith.muli %{{.*}}, %c256
// FIT:         %[[U:.*]] = arith.minsi %[[E]], %c512
// FIT:         scf.for %[[J:.*]] = %[[B]] to %[[U]] step %c256
// FIT:           tensor.extract_slice %{{.*}}[0, %[[J]]] [64, 256]
// FIT:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// FIT-SAME:        outs(%{{.*}} : tensor<1x256xf32>)
func.func @one_row_wide(%a: tensor<1x64xf32>, %b: tensor<64x512xf32>) -> tensor<1x512xf32> {
  %c = meld.matmul %a, %b : tensor<1x64xf32>, tensor<64x512xf32> -> tensor<1x512xf32>
  return %c : tensor<1x512xf32>
}
