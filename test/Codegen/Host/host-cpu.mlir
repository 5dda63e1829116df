// The host code is compiled for the CPU --cpu names, on any x86-64 machine,
// and its GEMM tiles follow the CPU's vector ISA: AVX-512 CPUs get 8 x 32
// tiles of 512-bit FMAs (4 x 64 in blocks of 128 rows or more, blocks of
// up to 512 rows; Zen 5 4 x 64 everywhere), AVX2 ones 6 x 16 tiles of 256-bit FMAs and no
// 512-bit register anywhere. (The tuning table is off: --host-tuning=none.)

// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=skylake-avx512 --host-asm=- -o %t.avx512.meldb | FileCheck %s --check-prefix=AVX512
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --host-asm=- -o %t.spr.meldb | FileCheck %s --check-prefix=AVX512
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=haswell --host-asm=- -o %t.avx2.meldb | FileCheck %s --check-prefix=AVX2
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --cpu-features=-avx512f --host-asm=- -o %t.noavx512.meldb | FileCheck %s --check-prefix=AVX2
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver4 --print-metadata -o %t.zen4.meldb | FileCheck %s --check-prefix=META512
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=x86-64-v3 --print-metadata -o %t.v3.meldb | FileCheck %s --check-prefix=META2
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver5 --print-metadata -o %t.zen5.meldb | FileCheck %s --check-prefix=ZEN5
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=znver5 --host-asm=- -o %t.zen5asm.meldb | FileCheck %s --check-prefix=AVX512

// AVX512-LABEL: main_kernel_0:
// AVX512: vfmadd231ps {{.*}}%zmm
// AVX2-LABEL: main_kernel_0:
// AVX2: vfmadd231ps {{.*}}%ymm
// AVX2-NOT: zmm

// META512: "cpu": "znver4"
// META512: "features": "{{.*}}+avx512f
// META512: "gemm_tiles": {
// META512-NEXT: "block_rows": 512,
// META512-NEXT: "f32_column_block_rows": 0,
// META512-NEXT: "f32_swapped_rows": 0,
// META512-NEXT: "k_block": 256,
// META512-NEXT: "output_chunk_bytes": 524288,
// META512-NEXT: "source": "heuristic",
// META512-NEXT: "tile_cols": 32,
// META512-NEXT: "tile_rows": 8,
// META512-NEXT: "transposed_k_block": 0,
// META512-NEXT: "wide_tile_rows": 128

// Zen 5 (full-width 512-bit FMAs): 4 x 64 tiles everywhere, k blocks of 128,
// output chunks of 128 KiB, up to 64 rows of `x @ W^T` swapped.
// ZEN5: "cpu": "znver5"
// ZEN5: "gemm_tiles": {
// ZEN5-NEXT: "block_rows": 512,
// ZEN5-NEXT: "f32_column_block_rows": 0,
// ZEN5-NEXT: "f32_swapped_rows": 64,
// ZEN5-NEXT: "k_block": 128,
// ZEN5-NEXT: "output_chunk_bytes": 131072,
// ZEN5-NEXT: "source": "heuristic",
// ZEN5-NEXT: "tile_cols": 64,
// ZEN5-NEXT: "tile_rows": 4,
// ZEN5-NEXT: "transposed_k_block": 0,
// ZEN5-NEXT: "wide_tile_rows": 0

// META2: "cpu": "x86-64-v3"
// META2: "gemm_tiles": {
// META2-NEXT: "block_rows": 258,
// META2-NEXT: "f32_column_block_rows": 768,
// META2-NEXT: "f32_swapped_rows": 0,
// META2-NEXT: "k_block": 512,
// META2-NEXT: "output_chunk_bytes": 524288,
// META2-NEXT: "source": "heuristic",
// META2-NEXT: "tile_cols": 16,
// META2-NEXT: "tile_rows": 6,
// META2-NEXT: "transposed_k_block": 0,
// META2-NEXT: "wide_tile_rows": 0

// A CPU or feature LLVM does not know is an error that names it.
// RUN: not meld-compile %s --cpu=pentium9 -o %t.bad.meldb 2>&1 | FileCheck %s --check-prefix=BADCPU
// RUN: not meld-compile %s --cpu-features=+avx1024 -o %t.bad.meldb 2>&1 | FileCheck %s --check-prefix=BADFEATURE
// RUN: not meld-compile %s --cpu-features=avx2 -o %t.bad.meldb 2>&1 | FileCheck %s --check-prefix=BADSIGN
// RUN: not meld-compile %s --host-gemm-tiles=8,32 -o %t.bad.meldb 2>&1 | FileCheck %s --check-prefix=BADTILES
// RUN: not meld-compile %s --host-gemm-tiles=8,20,256,64 -o %t.bad.meldb 2>&1 | FileCheck %s --check-prefix=BADWIDTH
// BADCPU: error: unknown host CPU 'pentium9'
// BADFEATURE: error: unknown host CPU feature 'avx1024'
// BADSIGN: error: host CPU feature 'avx2' must be +name or -name
// BADTILES: error: --host-gemm-tiles takes four numbers
// BADWIDTH: error: host GEMM tiles 8 x 20, k block 256, block rows 64: tile_cols must be a multiple of

func.func @main(%x: tensor<64x256xf32>, %w: tensor<256x128xf32>) -> tensor<64x128xf32> {
  %h = meld.matmul %x, %w : tensor<64x256xf32>, tensor<256x128xf32> -> tensor<64x128xf32>
  return %h : tensor<64x128xf32>
}

// Code compiled for features this CPU lacks is refused when it is loaded,
// not run into an illegal instruction. (AMX-FP8 is Diamond Rapids'.)
// RUN: meld-compile %s --targets=host --cpu=x86-64 --cpu-features=+amx-fp8 -o %t.fp8.meldb
// RUN: not meld-run %t.fp8.meldb --random-inputs 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: the host code was compiled for CPU 'x86-64' and needs features this CPU ({{.*}}) lacks: {{.*}}amx-fp8
