// Few rows of x @ W^T take dot products along k in tiles of 4 rows of x by
// 6 rows of W on Intel's AVX-512 cores and on Zen 5 (24 sums in 32
// registers; up to 10 rows whose lines may share an L1 set, in 12 ways),
// 4 x 4 on Zen 4 and on AVX2 (16 sums; 8 rows, within Zen 4's 8 ways).
// Compiled for each CPU on any x86-64 machine. (The tuning table is off:
// --host-tuning=none.) Zen 5 takes these 5 rows by 64 as swapped tiles;
// host-transposed-dots-zen5.mlir checks its dots.

// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --mlir-print-ir-after=meld-vectorize-host-contractions -o %t.spr.meldb 2>&1 | FileCheck %s --check-prefix=INTEL
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver4 --mlir-print-ir-after=meld-vectorize-host-contractions -o %t.zen4.meldb 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=haswell --mlir-print-ir-after=meld-vectorize-host-contractions -o %t.avx2.meldb 2>&1 | FileCheck %s --check-prefix=OTHER

// INTEL: scf.for {{.*}} = %c0 to %c60 step %c6
// INTEL: %{{.*}}:24 = scf.for
// INTEL-NOT: :16 = scf.for
// OTHER: scf.for {{.*}} = %c0 to %c64 step %c4
// OTHER: %{{.*}}:16 = scf.for
// OTHER-NOT: :24 = scf.for
func.func @main(%x: tensor<5x256xf32>, %w: tensor<64x256xf32>) -> tensor<5x64xf32> {
  %y = meld.matmul %x, %w transpose_rhs : tensor<5x256xf32>, tensor<64x256xf32> -> tensor<5x64xf32>
  return %y : tensor<5x64xf32>
}
