// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=64 fit-small-outputs horizontal' | FileCheck %s
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=64 fit-small-outputs' | FileCheck %s --check-prefix=OFF
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 contraction-rows=256 fit-small-outputs balance-threads=2 horizontal' | FileCheck %s --check-prefix=COLS
// (meld-compile: launches made to cost 1 us and sharing nothing, so that the
// kernels share launches whatever this machine's launch costs.)
// RUN: meld-compile %s --targets=host --host-launch-costs=1000,0,85000 --print-metadata -o %t.meldb | FileCheck %s --check-prefix=COUNT

// Two GEMMs of one input in one horizontal launch: with `horizontal`, each
// splits into its own 64-row blocks, in one flat space of 2 + 2 blocks.
// Block range [begin, end) runs, of each GEMM, the blocks it covers
// (clamped to [0, 2) after the blocks before it), under a guard when it
// covers none. The zero fill CSE merged for both accumulators is one per
// GEMM again.

// CHECK-LABEL: func.func private @two_gemms_kernel_0
// CHECK-SAME:    %[[BEGIN:[a-z0-9]+]]: index, %[[END:[a-z0-9]+]]: index)
// CHECK-SAME:    meld.host_parts = {{\[}}[0, 64, 1, 0], [1, 64, 1, 0]]
// CHECK-SAME:    meld.kernel = "horizontal"
// CHECK-DAG:     %[[B0:.*]] = arith.minsi %{{.*}}, %c2
// CHECK-DAG:     %[[S1:.*]] = arith.subi %[[BEGIN]], %c2
// CHECK:         %[[RUN0:.*]] = arith.cmpi slt
// CHECK:         scf.if %[[RUN0]] {
// CHECK:           scf.for %{{.*}} step %c64
// CHECK:             linalg.fill
// CHECK:             linalg.generic
// CHECK:           bufferization.materialize_in_destination {{.*}} %arg3
// CHECK:         %[[RUN1:.*]] = arith.cmpi slt
// CHECK:         scf.if %[[RUN1]] {
// CHECK:           scf.for %{{.*}} step %c64
// CHECK:             linalg.fill
// CHECK:             linalg.generic
// CHECK:           bufferization.materialize_in_destination {{.*}} %arg4

// Without it the launch is one block, as GPU kernels (whose sub-kernels
// take workgroups of their own) are.
// OFF-LABEL: func.func private @two_gemms_kernel_0
// OFF-NOT:     meld.host_parts
// OFF-NOT:     scf.for
// OFF-LABEL: func.func @two_gemms(

// COUNT: "host_blocks": 4,
// COUNT: "name": "two_gemms_kernel_0"
func.func @two_gemms(%x: tensor<128x64xf32>, %a: tensor<64x96xf32>, %b: tensor<64x96xf32>) -> (tensor<128x96xf32>, tensor<128x96xf32>) {
  %g = meld.matmul %x, %a : tensor<128x64xf32>, tensor<64x96xf32> -> tensor<128x96xf32>
  %u = meld.matmul %x, %b : tensor<128x64xf32>, tensor<64x96xf32> -> tensor<128x96xf32>
  return %g, %u : tensor<128x96xf32>, tensor<128x96xf32>
}

// A sum to a scalar cannot be split into rows: it is one block of the
// space (0 rows per block), guarded the same way, beside
// the scaled vector's row blocks. With dynamic sizes the count is a
// formula of the output's size.

// CHECK-LABEL: func.func private @scale_and_sum_kernel_0
// CHECK-SAME:    meld.host_parts = {{\[}}[0, 0, 1, 0], [1, 16384, 1, 0]]
// CHECK:         scf.if
// CHECK:           linalg.generic {{.*}}"reduction"
// CHECK:         scf.if
// CHECK:           scf.for

// COUNT:      "host_blocks": {
// COUNT-NEXT:   "add": [
// COUNT-NEXT:     1,
// COUNT-NEXT:     {
// COUNT-NEXT:       "ceildiv": [
// COUNT-NEXT:         {
// COUNT-NEXT:           "arg": 2
// COUNT-NEXT:         },
// COUNT-NEXT:         16384
// COUNT:      "name": "scale_and_sum_kernel_0"
func.func @scale_and_sum(%v: tensor<?xf32>, %s: tensor<f32>) -> (tensor<f32>, tensor<?xf32>) {
  %sum = meld.reduce sum %v dims = [0] : tensor<?xf32> -> tensor<f32>
  %c0 = meld.dim %v, 0 : tensor<?xf32>
  %sb = meld.broadcast_in_dim %s, dims = [] sizes(%c0) : tensor<f32> -> tensor<?xf32>
  %y = meld.mul %v, %sb : tensor<?xf32>
  return %sum, %y : tensor<f32>, tensor<?xf32>
}

// A gemm of one block of rows splits its columns between threads: 768
// columns would be 3 blocks of 256, 2 on one thread of 2, so they are 4
// blocks of 192. Sub-kernels of a horizontal kernel split theirs the same
// way (their counts in meld.host_parts), and mark the kernel so that few
// rows take dot products.

// COLS-LABEL: func.func private @projection_kernel_0
// COLS-SAME:    meld.host_column_blocks = 4
// COLS:         scf.for %{{.*}} step %c192
// COLS-LABEL: func.func private @qkv_kernel_0
// COLS-SAME:    meld.host_column_blocks = 1
// COLS-SAME:    meld.host_parts = {{\[}}[0, 197, 1, 4], [1, 197, 1, 4]]
// COLS-COUNT-2: scf.for %{{.*}} step %c192
func.func @projection(%x: tensor<197x768xf32>, %w: tensor<768x768xf32>) -> tensor<197x768xf32> {
  %y = meld.matmul %x, %w transpose_rhs : tensor<197x768xf32>, tensor<768x768xf32> -> tensor<197x768xf32>
  return %y : tensor<197x768xf32>
}

func.func @qkv(%x: tensor<197x768xf32>, %q: tensor<768x768xf32>, %k: tensor<768x768xf32>) -> (tensor<197x768xf32>, tensor<197x768xf32>) {
  %a = meld.matmul %x, %q transpose_rhs : tensor<197x768xf32>, tensor<768x768xf32> -> tensor<197x768xf32>
  %b = meld.matmul %x, %k transpose_rhs : tensor<197x768xf32>, tensor<768x768xf32> -> tensor<197x768xf32>
  return %a, %b : tensor<197x768xf32>, tensor<197x768xf32>
}

// A batch matmul of three 40-row matrices: a block of 256 rows would hold
// all three (one thread); balanced, its blocks are single matrices (blocks
// divide the batches: 2 and 1 would give the last block a dynamic batch
// range), each at least 32 rows.
// COLS-LABEL: func.func private @batch_kernel_0
// COLS-SAME:    meld.rows_per_block = 1
func.func @batch(%a: tensor<3x40x64xf32>, %b: tensor<3x64x32xf32>) -> tensor<3x40x32xf32> {
  %c = meld.batch_matmul %a, %b : tensor<3x40x64xf32>, tensor<3x64x32xf32> -> tensor<3x40x32xf32>
  return %c : tensor<3x40x32xf32>
}
