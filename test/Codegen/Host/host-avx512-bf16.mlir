// bf16 products compiled for a CPU with AVX512-BF16 and no AMX (Zen 4) run
// on vdpbf16ps, on any x86-64 machine that compiles them: pairs of each
// row of the left operand broadcast against the packed right operand, one
// vdpbf16ps per 16 f32 sums. Without avx512bf16, under strict floating
// point (vdpbf16ps sums pairs of products in f32 and flushes denormals),
// or with up to 4 static rows of a plain right operand (streamed once,
// unpacked), the product takes the widened f32 FMAs. A CPU with AMX
// (Sapphire Rapids, which also has AVX512-BF16) keeps its tiles. (The
// tuning table is off: --host-tuning=none.)

// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver4 --host-asm=- -o %t.zen4.meldb | FileCheck %s --check-prefixes=DOTS,FEW
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver4 --cpu-features=-avx512bf16 --host-asm=- -o %t.nobf16.meldb | FileCheck %s --check-prefixes=NODOTS,WIDE,FEW
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver4 --strict-fp --host-asm=- -o %t.strict.meldb | FileCheck %s --check-prefix=NODOTS
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --host-asm=- -o %t.spr.meldb | FileCheck %s --check-prefix=AMX
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver4 --print-metadata -o %t.meta.meldb | FileCheck %s --check-prefix=BLOCKS

// DOTS-LABEL: main_kernel_0:
// DOTS: vbroadcastss
// DOTS: vdpbf16ps {{.*}}%zmm
// NODOTS-LABEL: main_kernel_0:
// NODOTS-NOT: vdpbf16ps
// WIDE: vfmadd231ps {{.*}}%zmm
// NODOTS-NOT: vdpbf16ps
// AMX-LABEL: main_kernel_0:
// AMX-NOT: vdpbf16ps
// AMX: tdpbf16ps
// AMX-NOT: vdpbf16ps
// AMX-LABEL: few_kernel_0:

// A bf16 gemm's thread blocks with dots are 512 rows, as on AMX tiles.
// BLOCKS: "host_blocks": {
// BLOCKS-NEXT: "ceildiv": [
// BLOCKS-NEXT: 2048,
// BLOCKS-NEXT: 512

func.func @big(%x: tensor<2048x256xbf16>, %w: tensor<256x128xbf16>) -> tensor<2048x128xbf16> {
  %h = meld.matmul %x, %w : tensor<2048x256xbf16>, tensor<256x128xbf16> -> tensor<2048x128xbf16>
  return %h : tensor<2048x128xbf16>
}

func.func @main(%x: tensor<64x256xbf16>, %w: tensor<256x128xbf16>) -> tensor<64x128xbf16> {
  %h = meld.matmul %x, %w : tensor<64x256xbf16>, tensor<256x128xbf16> -> tensor<64x128xbf16>
  return %h : tensor<64x128xbf16>
}

// FEW-LABEL: few_kernel_0:
// FEW-NOT: vdpbf16ps
// FEW: vfmadd231ps {{.*}}%zmm
// FEW-NOT: vdpbf16ps
// FEW-LABEL: .Lfunc_end
func.func @few(%x: tensor<4x256xbf16>, %w: tensor<256x128xbf16>) -> tensor<4x128xbf16> {
  %h = meld.matmul %x, %w : tensor<4x256xbf16>, tensor<256x128xbf16> -> tensor<4x128xbf16>
  return %h : tensor<4x128xbf16>
}
