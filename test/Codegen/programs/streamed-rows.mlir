// Up to 4 rows times a plain right operand of 4 MiB or more (a
// matrix-vector product with ONNX MatMul's [K, N] weight): one block of
// columns per thread, and the block streams whole rows of the weight,
// each 16-column vector of a row loaded once and added into every row of
// the output (meld-vectorize-host-contractions' emitStreamedRows), 4 steps
// of k per load and store of the output (8 for one row, and for two with
// AVX-512's 32 vector registers) and the last steps one by one.
// unittests/Codegen compares every function with the interpreter, fused
// and unfused, for the host and the emulated GPU mapping.
//
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --print-metadata | FileCheck %s --check-prefix=BLOCKS
// Two column blocks (one per thread) for each streamed product, four of
// 256 columns for the small one.
// BLOCKS: "ceildiv": [
// BLOCKS-NEXT: 1,
// BLOCKS-NEXT: 1
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: 2
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: "host_entry": "meld_kernel_one_row_kernel_0"
// BLOCKS: "ceildiv": [
// BLOCKS-NEXT: 3,
// BLOCKS-NEXT: 3
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: 2
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: "host_entry": "meld_kernel_three_rows_kernel_0"
// BLOCKS: "ceildiv": [
// BLOCKS-NEXT: 4,
// BLOCKS-NEXT: 4
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: 2
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: "host_entry": "meld_kernel_odd_depth_kernel_0"
// BLOCKS: "ceildiv": [
// BLOCKS-NEXT: 2,
// BLOCKS-NEXT: 2
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: 2
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: "host_entry": "meld_kernel_bias_gelu_kernel_0"
// BLOCKS: "ceildiv": [
// BLOCKS-NEXT: 1,
// BLOCKS-NEXT: 1
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: 4
// BLOCKS-NEXT: ]
// BLOCKS-NEXT: },
// BLOCKS-NEXT: "host_entry": "meld_kernel_small_kernel_0"
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-vectorize-host-contractions 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOOP
// LOOP-LABEL: func.func private @one_row_kernel_0(
// LOOP: scf.for %{{.*}} = %c0 to %c1024 step %c8 {
// LOOP: scf.for %{{.*}} = %c0 to %c2048 step %c16 {
// LOOP-COUNT-8: vector.fma
// Two rows take 8 steps where their 16 broadcasts of x fit the vector
// registers (AVX-512's 32), 4 with AVX2's 16.
// RUN: meld-compile %s --targets=host --host-threads=2 --cpu=znver4 \
// RUN:   -o %t.zen4.meldb --mlir-print-ir-after=meld-vectorize-host-contractions \
// RUN:   2>&1 | FileCheck %s --check-prefix=TWO32
// RUN: meld-compile %s --targets=host --host-threads=2 --cpu=haswell \
// RUN:   -o %t.hsw.meldb --mlir-print-ir-after=meld-vectorize-host-contractions \
// RUN:   2>&1 | FileCheck %s --check-prefix=TWO16
// TWO32-LABEL: func.func private @bias_gelu_kernel_0(
// TWO32: scf.for %{{.*}} = %c0 to %c1024 step %c8 {
// TWO16-LABEL: func.func private @bias_gelu_kernel_0(
// TWO16: scf.for %{{.*}} = %c0 to %c1024 step %c4 {

func.func @one_row(%x: tensor<1x1024xf32>, %w: tensor<1024x4096xf32>) -> tensor<1x4096xf32> {
  %y = meld.matmul %x, %w : tensor<1x1024xf32>, tensor<1024x4096xf32> -> tensor<1x4096xf32>
  return %y : tensor<1x4096xf32>
}

func.func @three_rows(%x: tensor<3x512xf32>, %w: tensor<512x2048xf32>) -> tensor<3x2048xf32> {
  %y = meld.matmul %x, %w : tensor<3x512xf32>, tensor<512x2048xf32> -> tensor<3x2048xf32>
  return %y : tensor<3x2048xf32>
}

// k = 1030: 257 steps of 4 and 2 single steps.
func.func @odd_depth(%x: tensor<4x1030xf32>, %w: tensor<1030x2048xf32>) -> tensor<4x2048xf32> {
  %y = meld.matmul %x, %w : tensor<4x1030xf32>, tensor<1030x2048xf32> -> tensor<4x2048xf32>
  return %y : tensor<4x2048xf32>
}

func.func @bias_gelu(%x: tensor<2x1024xf32>, %w: tensor<1024x2048xf32>, %b: tensor<2048xf32>) -> tensor<2x2048xf32> {
  %y = meld.matmul %x, %w : tensor<2x1024xf32>, tensor<1024x2048xf32> -> tensor<2x2048xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<2048xf32> -> tensor<2x2048xf32>
  %z = meld.add %y, %bb : tensor<2x2048xf32>
  %g = meld.gelu %z : tensor<2x2048xf32>
  return %g : tensor<2x2048xf32>
}

// 2 MiB of weight: the usual 1 x 256 register tiles in 256-column blocks.
func.func @small(%x: tensor<1x512xf32>, %w: tensor<512x1024xf32>) -> tensor<1x1024xf32> {
  %y = meld.matmul %x, %w : tensor<1x512xf32>, tensor<512x1024xf32> -> tensor<1x1024xf32>
  return %y : tensor<1x1024xf32>
}

// One row, k = 1030: 128 steps of 8 and 6 single steps.
func.func @one_row_odd_depth(%x: tensor<1x1030xf32>, %w: tensor<1030x4096xf32>) -> tensor<1x4096xf32> {
  %y = meld.matmul %x, %w : tensor<1x1030xf32>, tensor<1030x4096xf32> -> tensor<1x4096xf32>
  return %y : tensor<1x4096xf32>
}
