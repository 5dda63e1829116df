// A bf16 convolution (summed in f32) is one GEMM per image of the filters
// [F, K] by the image's bf16 columns [K, P]: compiled for a CPU with
// AVX512-BF16 and no AMX (Zen 4) it runs on vdpbf16ps, for one with AMX
// (Sapphire Rapids) on its tiles, and without either on the widened f32
// FMAs, on any x86-64 machine that compiles it. (The tuning table is off:
// --host-tuning=none.) HostCodegenTest's Bf16Dots and AmxGemm run such
// convolutions against the interpreter.

// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver4 --host-asm=- -o %t.zen4.meldb | FileCheck %s --check-prefix=DOTS
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --host-asm=- -o %t.spr.meldb | FileCheck %s --check-prefix=AMX
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver4 --cpu-features=-avx512bf16 --host-asm=- -o %t.nobf16.meldb | FileCheck %s --check-prefix=WIDE

// DOTS-LABEL: conv_kernel_0:
// DOTS: vdpbf16ps {{.*}}%zmm
// DOTS-LABEL: .Lfunc_end
// AMX-LABEL: conv_kernel_0:
// AMX: tdpbf16ps
// AMX-LABEL: .Lfunc_end
// WIDE-LABEL: conv_kernel_0:
// WIDE-NOT: vdpbf16ps
// WIDE: vfmadd231ps {{.*}}%zmm
// WIDE-NOT: vdpbf16ps
// WIDE-LABEL: .Lfunc_end
func.func @conv(%x: tensor<2x64x14x14xbf16>, %w: tensor<64x64x3x3xbf16>, %bias: tensor<64xf32>) -> tensor<2x64x14x14xbf16> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x64x14x14xbf16>, tensor<64x64x3x3xbf16>) -> tensor<2x64x14x14xf32>
  %b = meld.broadcast_in_dim %bias, dims = [1] : tensor<64xf32> -> tensor<2x64x14x14xf32>
  %a = meld.add %c, %b : tensor<2x64x14x14xf32>
  %r = meld.relu %a : tensor<2x64x14x14xf32>
  %y = meld.cast %r : tensor<2x64x14x14xf32> to tensor<2x64x14x14xbf16>
  return %y : tensor<2x64x14x14xbf16>
}
