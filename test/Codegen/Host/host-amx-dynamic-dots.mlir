// Dynamic rows of a bf16 `x @ W^T` on a CPU with AMX and AVX512-BF16 (a
// Sapphire Rapids, compiled on any x86-64 machine): up to 4 of them (a
// decode step's rows of an expert) take a version of their own on the
// dots (vdpbf16ps), which stream W's rows, as up to 4 static rows do; more
// take the AMX tiles, whose tile loads read 16 rows of W a whole row
// apart. (On the tiles, 8 one-row experts of 2048 @ (2048 x 2048)^T took
// 4.7 ms; on the dots 1.8, torch's loop of torch.mm 2.3: Emerald Rapids.)

// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --mlir-print-ir-after=meld-vectorize-host-contractions -o %t.meldb 2>&1 | FileCheck %s

// CHECK-LABEL: func.func private @main_kernel_0
// CHECK:         %[[FEW:.*]] = arith.cmpi ult, %{{.*}}, %c5 : index
// CHECK:         scf.if %[[FEW]] {
// CHECK-NOT:       amx.tile_mulf
// CHECK:           x86vector.avx512.dot
// CHECK:         } else {
// CHECK:           amx.tile_mulf
func.func @main(%x: tensor<?x256xbf16>, %w: tensor<512x256xbf16>) -> tensor<?x512xbf16> {
  %y = meld.matmul %x, %w transpose_rhs : tensor<?x256xbf16>, tensor<512x256xbf16> -> tensor<?x512xbf16>
  return %y : tensor<?x512xbf16>
}
