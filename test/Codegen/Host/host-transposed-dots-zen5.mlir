// Zen 5's tiles of dot products for few rows of x @ W^T: 4 rows of x by 6
// rows of W, as on Intel's AVX-512 cores (its L1 has 12 ways too; 1.08-1.17x
// the 4 x 4 tiles of Zen 4 in one process on a Zen 5 VM: HostTarget.h,
// transposedDotColumns). Compiled for each CPU on any x86-64 machine.
//
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver5 --mlir-print-ir-after=meld-vectorize-host-contractions -o %t.zen5.meldb 2>&1 | FileCheck %s --check-prefix=ZEN5
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver4 --mlir-print-ir-after=meld-vectorize-host-contractions -o %t.zen4.meldb 2>&1 | FileCheck %s --check-prefix=ZEN4

// ZEN5: scf.for {{.*}} = %c0 to %c{{[0-9]+}} step %c6
// ZEN5: %{{.*}}:24 = scf.for
// ZEN5-NOT: :16 = scf.for
// ZEN4: scf.for {{.*}} = %c0 to %c{{[0-9]+}} step %c4
// ZEN4: %{{.*}}:16 = scf.for
// ZEN4-NOT: :24 = scf.for
func.func @main(%x: tensor<5x1024xf32>, %w: tensor<512x1024xf32>) -> tensor<5x512xf32> {
  %y = meld.matmul %x, %w transpose_rhs : tensor<5x1024xf32>, tensor<512x1024xf32> -> tensor<5x512xf32>
  return %y : tensor<5x512xf32>
}
