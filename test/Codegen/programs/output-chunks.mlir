// GEMMs whose block of output rows is wider than twice the host's output
// chunk (512 KiB of f32 rows: 512 columns of a 256-row block) while k takes
// several k blocks: meld-vectorize-host-contractions splits the columns
// into chunks, each blocked for the cache on its own, with a partial last
// chunk (1100 = 2 x 512 + 76 columns), a transposed and a plain right
// operand, and an epilogue. unittests/Codegen compares every function with
// the interpreter, fused and unfused, on the host and through the emulated
// GPU mapping.
//
// The blocks depend on the CPU (its ISA and vendor) and threads: both are
// fixed here.
// RUN: meld-compile %s --targets=host --cpu=znver4 --host-threads=2 \
// RUN:   --host-tuning=none -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-vectorize-host-contractions 2>&1 \
// RUN:   | FileCheck %s
// Chunks of 512 columns, each with its k blocks and its column tiles: one
// loop of them in each kernel.
// CHECK-COUNT-2: scf.for %{{.*}} = %c0 to %c1024 step %c512 {
// CHECK-NOT: error

func.func @linear(%x: tensor<512x288xf32>, %w: tensor<1100x288xf32>,
                  %b: tensor<1100xf32>) -> tensor<512x1100xf32> {
  %y = meld.matmul %x, %w transpose_rhs : tensor<512x288xf32>, tensor<1100x288xf32> -> tensor<512x1100xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<1100xf32> -> tensor<512x1100xf32>
  %z = meld.add %y, %bb : tensor<512x1100xf32>
  return %z : tensor<512x1100xf32>
}

func.func @plain(%x: tensor<512x300xf32>, %w: tensor<300x1100xf32>) -> tensor<512x1100xf32> {
  %y = meld.matmul %x, %w : tensor<512x300xf32>, tensor<300x1100xf32> -> tensor<512x1100xf32>
  return %y : tensor<512x1100xf32>
}
