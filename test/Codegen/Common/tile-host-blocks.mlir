// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --linalg-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps --meld-tile-host-blocks | FileCheck %s --check-prefix=BLOCK
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --linalg-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048' | FileCheck %s --check-prefix=TILE
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --linalg-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=1536' | FileCheck %s --check-prefix=ROUND
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --linalg-fold-unit-extent-dims --canonicalize --meld-fuse-elementwise-recompute --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=target-elements=1024 row-multiple=1' | FileCheck %s --check-prefix=GPU
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=64 fit-small-outputs' | FileCheck %s --check-prefix=FIT
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --linalg-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=fused-row-cost' | FileCheck %s --check-prefix=FUSED
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=256 fit-small-outputs balance-threads=2' | FileCheck %s --check-prefix=SHARE
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=256 fit-small-outputs balance-threads=2 bf16-contraction-rows=512 bf16-column-block-rows=4096' | FileCheck %s --check-prefix=AMX
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=258 fit-small-outputs balance-threads=2 f32-column-block-rows=4096' | FileCheck %s --check-prefix=F32COLS

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

// Dynamic rows (a batch or sequence of any length) split the columns too,
// each column block computing all the rows: one row block of 2^40 rows
// (any count) times 2 column blocks. One row block of 64 had been one
// thread for every count up to 64 (a 4-row x @ W^T of a 2048 x 2048
// weight: 1.46 ms against 0.49 with static rows, 0.71 now).
// FIT-LABEL: func.func private @dynamic_rows_wide_kernel_0
// FIT-SAME:    meld.host_column_blocks = 2
// FIT-SAME:    meld.rows_per_block = 1099511627776
// FIT:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c256
// FIT:           tensor.extract_slice %{{.*}}[%[[J]], 0] [256, 64]
// FIT:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// FIT-SAME:        outs(%{{.*}} : tensor<?x256xf32>)
func.func @dynamic_rows_wide(%a: tensor<?x64xf32>, %b: tensor<512x64xf32>) -> tensor<?x512xf32> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<?x64xf32>, tensor<512x64xf32> -> tensor<?x512xf32>
  return %c : tensor<?x512xf32>
}

// On AMX tiles (bf16-column-block-rows), a bf16 gemm of more static rows
// than a bf16 block (512) splits its columns when every thread gets one:
// one row block of all 600 rows times 2 column blocks, so each block packs
// only its own 256 columns of W. With 256 columns (one block, one thread)
// it keeps two row blocks (of 320, balanced); 5000 rows (past 4096) keep row blocks.
// AMX-LABEL: func.func private @amx_all_rows_kernel_0
// AMX-SAME:    meld.host_column_blocks = 2
// AMX-SAME:    meld.rows_per_block = 600
// AMX:         scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c256
// AMX:           tensor.extract_slice %{{.*}}[%[[J]], 0] [256, 64]
// AMX:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// AMX-SAME:        outs(%{{.*}} : tensor<600x256xbf16>)
// AMX-LABEL: func.func private @amx_narrow_kernel_0
// AMX-NOT:     meld.host_column_blocks
// AMX-SAME:    meld.rows_per_block = 320
// AMX-LABEL: func.func private @amx_many_rows_kernel_0
// AMX-NOT:     meld.host_column_blocks
// AMX-SAME:    meld.kernel = "gemm"
// AMX-SAME:    meld.rows_per_block = 512
func.func @amx_all_rows(%a: tensor<600x64xbf16>, %b: tensor<512x64xbf16>) -> tensor<600x512xbf16> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<600x64xbf16>, tensor<512x64xbf16> -> tensor<600x512xbf16>
  return %c : tensor<600x512xbf16>
}
func.func @amx_narrow(%a: tensor<600x64xbf16>, %b: tensor<256x64xbf16>) -> tensor<600x256xbf16> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<600x64xbf16>, tensor<256x64xbf16> -> tensor<600x256xbf16>
  return %c : tensor<600x256xbf16>
}
func.func @amx_many_rows(%a: tensor<5000x64xbf16>, %b: tensor<512x64xbf16>) -> tensor<5000x512xbf16> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<5000x64xbf16>, tensor<512x64xbf16> -> tensor<5000x512xbf16>
  return %c : tensor<5000x512xbf16>
}

// Deeper than a block of k on AMX tiles (kAmxDepthBlock, 256, a multiple
// of it), the column blocks are as wide as a panel of such a block takes
// (up to 1024 columns) while every thread gets as many: 2048 columns are
// 2 blocks of 1024, 3072 are 4 of 768 (3 of 1024 would leave a thread of 2
// idle for one), and a depth of 64 keeps blocks of 256 (@amx_all_rows).
// AMX-LABEL: func.func private @amx_deep_kernel_0
// AMX-SAME:    meld.host_column_blocks = 2
// AMX-SAME:    meld.rows_per_block = 600
// AMX:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// AMX-SAME:        outs(%{{.*}} : tensor<600x1024xbf16>)
// AMX-LABEL: func.func private @amx_deep_thirds_kernel_0
// AMX-SAME:    meld.host_column_blocks = 4
// AMX:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// AMX-SAME:        outs(%{{.*}} : tensor<600x768xbf16>)
func.func @amx_deep(%a: tensor<600x512xbf16>, %b: tensor<2048x512xbf16>) -> tensor<600x2048xbf16> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<600x512xbf16>, tensor<2048x512xbf16> -> tensor<600x2048xbf16>
  return %c : tensor<600x2048xbf16>
}
func.func @amx_deep_thirds(%a: tensor<600x512xbf16>, %b: tensor<3072x512xbf16>) -> tensor<600x3072xbf16> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<600x512xbf16>, tensor<3072x512xbf16> -> tensor<600x3072xbf16>
  return %c : tensor<600x3072xbf16>
}

// Columns that no such width divides take blocks whose last one is
// partial, with at most a tenth of their columns past the output's (2500:
// 4 of 672; 832 would have left 4 columns for the fourth). Fewer than 256
// rows keep blocks of 256 columns, more of them to share.
// AMX-LABEL: func.func private @amx_deep_partial_kernel_0
// AMX-SAME:    meld.host_column_blocks = 4
// AMX:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c672
// AMX:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// AMX-SAME:        outs(%{{.*}} : tensor<300x?xbf16>)
// AMX-LABEL: func.func private @amx_deep_few_rows_kernel_0
// AMX-SAME:    meld.host_column_blocks = 8
// AMX:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// AMX-SAME:        outs(%{{.*}} : tensor<128x256xbf16>)
func.func @amx_deep_partial(%a: tensor<300x512xbf16>, %b: tensor<2500x512xbf16>) -> tensor<300x2500xbf16> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<300x512xbf16>, tensor<2500x512xbf16> -> tensor<300x2500xbf16>
  return %c : tensor<300x2500xbf16>
}
func.func @amx_deep_few_rows(%a: tensor<128x512xbf16>, %b: tensor<2048x512xbf16>) -> tensor<128x2048xbf16> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<128x512xbf16>, tensor<2048x512xbf16> -> tensor<128x2048xbf16>
  return %c : tensor<128x2048xbf16>
}

// The same for a bf16 product whose kernel also stores an f32 output (a
// residual epilogue's copy for the next norm, Llama's down projection):
// its blocks are counted on that output, and the product is still on
// AMX tiles.
// AMX-LABEL: func.func private @amx_residual_f32_kernel_0
// AMX-SAME:    meld.host_column_blocks = 2
// AMX-SAME:    meld.host_parts = {{\[\[}}1, 600, 1, 2]]
// AMX:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// AMX-SAME:        outs(%{{.*}} : tensor<600x1024xbf16>)
func.func @amx_residual_f32(%x: tensor<600x512xbf16>, %w: tensor<2048x512xbf16>, %r: tensor<600x2048xbf16>) -> (tensor<600x2048xbf16>, tensor<600x2048xf32>) {
  %h = meld.matmul %x, %w transpose_rhs : tensor<600x512xbf16>, tensor<2048x512xbf16> -> tensor<600x2048xbf16>
  %s = meld.add %h, %r : tensor<600x2048xbf16>
  %c = meld.cast %s : tensor<600x2048xbf16> to tensor<600x2048xf32>
  %m = meld.mul %c, %c : tensor<600x2048xf32>
  return %s, %m : tensor<600x2048xbf16>, tensor<600x2048xf32>
}

// With f32-column-block-rows (Intel's AVX-512 tiles), an f32 `x @ W^T` of
// more static rows than a block (258) in whole 256-column blocks splits
// its columns: one row block of all 600 rows times 2 column blocks, each
// packing only its own columns of W. A plain right operand keeps its row
// blocks (they lost there), and so do 5000 rows (past 4096).
// F32COLS-LABEL: func.func private @f32_all_rows_kernel_0
// F32COLS-SAME:    meld.host_column_blocks = 2
// F32COLS-SAME:    meld.rows_per_block = 600
// F32COLS:         tensor.extract_slice %{{.*}}[%{{.*}}, 0] [256, 64]
// F32COLS-LABEL: func.func private @f32_plain_kernel_0
// F32COLS-NOT:     meld.host_column_blocks
// F32COLS-SAME:    meld.rows_per_block = 
// F32COLS-LABEL: func.func private @f32_many_rows_kernel_0
// F32COLS-NOT:     meld.host_column_blocks
// F32COLS-SAME:    meld.kernel = "gemm"
func.func @f32_all_rows(%a: tensor<600x64xf32>, %b: tensor<512x64xf32>) -> tensor<600x512xf32> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<600x64xf32>, tensor<512x64xf32> -> tensor<600x512xf32>
  return %c : tensor<600x512xf32>
}
func.func @f32_plain(%a: tensor<600x64xf32>, %b: tensor<64x512xf32>) -> tensor<600x512xf32> {
  %c = meld.matmul %a, %b : tensor<600x64xf32>, tensor<64x512xf32> -> tensor<600x512xf32>
  return %c : tensor<600x512xf32>
}
func.func @f32_many_rows(%a: tensor<5000x64xf32>, %b: tensor<512x64xf32>) -> tensor<5000x512xf32> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<5000x64xf32>, tensor<512x64xf32> -> tensor<5000x512xf32>
  return %c : tensor<5000x512xf32>
}

// Dynamic rows whose columns are no whole blocks (GPT-2's vocabulary, or
// 500 here) are shared out between the threads at run time: a block's rows
// are min(256, max(64, ceil(ceil(M / 2) / 8) * 8)), computed in the kernel
// from its row count as the bundle's block count computes them
// (meld.min_rows_per_block, meld.block_threads). One 256-row block had
// left 64-255 rows on one thread. A block is one step of the row loop,
// whose rows end at the block's end: ending at the last row, a block also
// zero-filled and computed the rows of the blocks after it, racing with
// them (GPT-2's head went wrong at 100-256 dynamic rows).
// SHARE-LABEL: func.func private @dynamic_rows_shared_kernel_0
// SHARE-SAME:    meld.block_threads = 2
// SHARE-SAME:    meld.min_rows_per_block = 64
// SHARE-SAME:    meld.rows_per_block = 256
// SHARE:         %[[M:.*]] = tensor.dim %{{.*}}, %c0
// SHARE:         %[[H:.*]] = arith.ceildivsi %[[M]], %c2
// SHARE:         %[[T:.*]] = arith.ceildivsi %[[H]], %c8
// SHARE:         %[[A:.*]] = arith.muli %[[T]], %c8
// SHARE:         %[[L:.*]] = arith.maxsi %[[A]], %c64
// SHARE:         %[[R:.*]] = arith.minsi %[[L]], %c256
// SHARE:         %[[B:.*]] = arith.muli %{{.*}}, %[[R]]
// SHARE:         %[[E:.*]] = arith.muli %{{.*}}, %[[R]]
// SHARE:         %[[U:.*]] = arith.minsi %[[E]], %[[M]]
// SHARE:         scf.for %[[I:.*]] = %[[B]] to %[[U]] step %c256
// (a block's rows end at its end, not the last row's)
// SHARE:           affine.min #{{.*}}(%[[I]])[%[[U]]]
func.func @dynamic_rows_shared(%a: tensor<?x64xf32>, %b: tensor<500x64xf32>) -> tensor<?x500xf32> {
  %c = meld.matmul %a, %b transpose_rhs : tensor<?x64xf32>, tensor<500x64xf32> -> tensor<?x500xf32>
  return %c : tensor<?x500xf32>
}

// A kernel with several outputs tiles the one computed from all the others
// and yields the others' tiles from the same loop, each into its own
// buffer: here a matmul's product and the square of its residual sum (a
// transformer's down projection and the next norm's input). The blocks are
// counted on the tiled output, the second (meld.host_parts: output 1, 32
// rows per block, 1 row dim, no column blocks). It was one block, on one
// thread.

// BLOCK-LABEL: func.func private @product_and_residual_kernel_0
// BLOCK-SAME:    meld.host_parts = {{\[}}[1, 32, 1, 0]]
// BLOCK-DAG:     %[[SQ:.*]] = bufferization.to_tensor %arg4 restrict writable
// BLOCK-DAG:     %[[P:.*]] = bufferization.to_tensor %arg3 restrict writable
// BLOCK:         %[[L:.*]]:2 = scf.for {{.*}} step %c32 iter_args(%[[A:.*]] = %[[SQ]], %[[B:.*]] = %[[P]])
// BLOCK:           %[[PS:.*]] = tensor.extract_slice %[[B]]
// BLOCK:           %[[F:.*]] = linalg.fill {{.*}} outs(%[[PS]]
// BLOCK:           %[[MM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} outs(%[[F]]
// BLOCK:           linalg.generic {{.*}} ins({{.*}}%[[MM]] :
// BLOCK:           tensor.insert_slice %[[MM]] into %[[B]]
// BLOCK:         bufferization.materialize_in_destination %[[L]]#1 in restrict writable %arg3
// BLOCK:         bufferization.materialize_in_destination %[[L]]#0 in restrict writable %arg4
func.func @product_and_residual(%a: tensor<64x64xf32>, %b: tensor<64x512xf32>, %r: tensor<64x512xf32>) -> (tensor<64x512xf32>, tensor<64x512xf32>) {
  %c = meld.matmul %a, %b : tensor<64x64xf32>, tensor<64x512xf32> -> tensor<64x512xf32>
  %s = meld.add %c, %r : tensor<64x512xf32>
  %sq = meld.mul %s, %s : tensor<64x512xf32>
  return %c, %sq : tensor<64x512xf32>, tensor<64x512xf32>
}

// A softmax's row maxima and sums: the sum reads the maxima through a
// kept-dims reshape, which the slices move above, so the maxima are
// computed in the loop too. Blocks are sized by the reductions over 1024
// elements per row (16 rows of 16K elements), not by the one element per
// row each output holds.

// BLOCK-LABEL: func.func private @max_and_exp_sums_kernel_0
// BLOCK-SAME:    meld.host_parts = {{\[}}[1, 16, 1, 0]]
// BLOCK:         %[[L:.*]]:2 = scf.for {{.*}} step %c16
// BLOCK:           linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}}tensor<16x1024xf32>
// BLOCK:           linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}}tensor<16x1x1024xf32>
// BLOCK:         bufferization.materialize_in_destination %[[L]]#1
// BLOCK:         bufferization.materialize_in_destination %[[L]]#0
func.func @max_and_exp_sums(%x: tensor<256x1024xf32>) -> (tensor<256x1xf32>, tensor<256x1xf32>) {
  %max = meld.reduce max %x dims = [1] keep_dims : tensor<256x1024xf32> -> tensor<256x1xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1] : tensor<256x1xf32> -> tensor<256x1024xf32>
  %s = meld.sub %x, %maxb : tensor<256x1024xf32>
  %e = meld.exp %s : tensor<256x1024xf32>
  %sum = meld.reduce sum %e dims = [1] keep_dims : tensor<256x1024xf32> -> tensor<256x1xf32>
  return %max, %sum : tensor<256x1xf32>, tensor<256x1xf32>
}

// A result that leaves as a merged view ([8, 128, 64] as [1024, 64]) is
// stored unmerged through the inverse view of its buffer, and split on its
// first dim: 2 of 8 per block, counted as 256 of the buffer's 1024 rows.

// BLOCK-LABEL: func.func private @merged_rows_kernel_0
// BLOCK-SAME:    meld.rows_per_block = 256
// BLOCK:         %[[V:.*]] = memref.expand_shape %arg2 {{\[}}[0, 1], [2]] output_shape [8, 128, 64] : memref<1024x64xf32> into memref<8x128x64xf32>
// BLOCK:         scf.for {{.*}} step %c2
// BLOCK:           linalg.generic {{.*}}tensor<2x128x64xf32>
// BLOCK:         bufferization.materialize_in_destination %{{.*}} in restrict writable %[[V]]
func.func @merged_rows(%x: tensor<8x128x64xf32>, %y: tensor<8x128x64xf32>) -> tensor<1024x64xf32> {
  %s = meld.add %x, %y : tensor<8x128x64xf32>
  %t = meld.tanh %s : tensor<8x128x64xf32>
  %o = meld.reshape %t : tensor<8x128x64xf32> -> tensor<1024x64xf32>
  return %o : tensor<1024x64xf32>
}

// A layer norm's mean and variance: the variance, the tiled output, is a
// division of one number per row, but the two reductions fused into its
// row read 1024 elements each. With fused-row-cost (the host's setting)
// the blocks are sized by those (16 rows of 16K elements); without, by the
// division alone (one block of every row).

// BLOCK-LABEL: func.func private @mean_and_var_kernel_0
// BLOCK-SAME:    meld.host_parts = {{\[}}[1, 16384, 1, 0]]
// FUSED-LABEL: func.func private @mean_and_var_kernel_0
// FUSED-SAME:    meld.host_parts = {{\[}}[1, 16, 1, 0]]
// FUSED:         scf.for {{.*}} step %c16
func.func @mean_and_var(%x: tensor<64x1024xf32>) -> (tensor<64x1xf32>, tensor<64x1xf32>) {
  %s = meld.reduce sum %x dims = [1] keep_dims : tensor<64x1024xf32> -> tensor<64x1xf32>
  %n = meld.constant dense<1024.0> : tensor<64x1xf32>
  %mean = meld.div %s, %n : tensor<64x1xf32>
  %mb = meld.broadcast_in_dim %mean, dims = [0, 1] : tensor<64x1xf32> -> tensor<64x1024xf32>
  %d = meld.sub %x, %mb : tensor<64x1024xf32>
  %d2 = meld.mul %d, %d : tensor<64x1024xf32>
  %v = meld.reduce sum %d2 dims = [1] keep_dims : tensor<64x1024xf32> -> tensor<64x1xf32>
  %var = meld.div %v, %n : tensor<64x1xf32>
  return %mean, %var : tensor<64x1xf32>, tensor<64x1xf32>
}

// A batch norm's statistics: four per-channel stores, the mean, 1 / std and
// the two updated running statistics, none computed from all the others.
// They become the results of one copying generic (joinSiblingStores), whose
// row blocks fuse every producer, the two reductions over the batch's
// pixels included: one loop over the channels yields all four. The kernel
// had been one block on one thread.
// SHARE-LABEL: func.func private @sibling_stores_kernel_0(
// SHARE-SAME:    meld.rows_per_block =
// SHARE:         scf.for {{.*}} -> (tensor<144xf32>, tensor<144xf32>, tensor<144xf32>, tensor<144xf32>)
// SHARE:           iterator_types = ["reduction", "parallel", "reduction", "reduction"]
// SHARE:           iterator_types = ["reduction", "parallel", "reduction", "reduction"]
// SHARE:           scf.yield
func.func @sibling_stores(%x: tensor<4x144x40x40xf32>, %rm: tensor<144xf32>, %rv: tensor<144xf32>) -> (tensor<144xf32>, tensor<144xf32>, tensor<144xf32>, tensor<144xf32>) {
  %mean = meld.reduce mean %x dims = [0, 2, 3] : tensor<4x144x40x40xf32> -> tensor<144xf32>
  %mb = meld.broadcast_in_dim %mean, dims = [1] : tensor<144xf32> -> tensor<4x144x40x40xf32>
  %c = meld.sub %x, %mb : tensor<4x144x40x40xf32>
  %sq = meld.mul %c, %c : tensor<4x144x40x40xf32>
  %var = meld.reduce mean %sq dims = [0, 2, 3] : tensor<4x144x40x40xf32> -> tensor<144xf32>
  %r = meld.rsqrt %var : tensor<144xf32>
  %k = meld.constant dense<0.9> : tensor<144xf32>
  %k2 = meld.constant dense<0.1> : tensor<144xf32>
  %a = meld.mul %rm, %k : tensor<144xf32>
  %bm = meld.mul %mean, %k2 : tensor<144xf32>
  %nrm = meld.add %a, %bm : tensor<144xf32>
  %a2 = meld.mul %rv, %k : tensor<144xf32>
  %bv = meld.mul %var, %k2 : tensor<144xf32>
  %nrv = meld.add %a2, %bv : tensor<144xf32>
  return %mean, %r, %nrm, %nrv : tensor<144xf32>, tensor<144xf32>, tensor<144xf32>, tensor<144xf32>
}
