// bf16 products compiled for a CPU with AMX (Sapphire Rapids) run on AMX
// tiles, on any x86-64 machine that compiles them: the tile configuration
// (ldtilecfg, which LLVM inserts from the tiles' shapes), tile loads of the
// left operand and the packed right one, tdpbf16ps, tile stores of the
// sums, and tilerelease. Without amx-tile, the product takes AVX512-BF16
// dots (vdpbf16ps; host-avx512-bf16.mlir); without those too, or under
// strict floating point (tdpbf16ps sums pairs of products in f32, not in
// program order), the f32 vector tiles. (The tuning table is off:
// --host-tuning=none.)

// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --host-asm=- -o %t.spr.meldb | FileCheck %s --check-prefix=AMX
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --cpu-features=-amx-tile --host-asm=- -o %t.noamx.meldb | FileCheck %s --check-prefixes=NOAMX,DOTS
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --cpu-features=-amx-tile,-avx512bf16 --host-asm=- -o %t.wide.meldb | FileCheck %s --check-prefixes=NOAMX,WIDE
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --strict-fp --host-asm=- -o %t.strict.meldb | FileCheck %s --check-prefix=NOAMX
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=skylake-avx512 --host-asm=- -o %t.skx.meldb | FileCheck %s --check-prefixes=NOAMX,WIDE
// RUN: meld-compile %s --targets=host --host-tuning=none --cpu=sapphirerapids --print-metadata -o %t.meta.meldb | FileCheck %s --check-prefix=BLOCKS

// AMX-LABEL: main_kernel_0:
// AMX: ldtilecfg
// AMX: tileloadd
// AMX: tdpbf16ps
// AMX: tilestored
// AMX: tilerelease
// NOAMX-LABEL: main_kernel_0:
// NOAMX-NOT: tdpbf16ps
// NOAMX-NOT: ldtilecfg
// WIDE: vfmadd231ps {{.*}}%zmm
// DOTS: vdpbf16ps {{.*}}%zmm
// NOAMX-NOT: tdpbf16ps

// A bf16 gemm's thread blocks on AMX tiles are 512 rows (whole blocks of
// 32 rows of tiles), where the f32 tiles' 258-row blocks packed the whole
// right operand once per block.
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

// i8 x i8 -> i32 products take tdpbssd (AMX-INT8): exact i32 sums of
// quads along k.
// AMX-LABEL: bytes_kernel_0:
// AMX: tdpbssd
// NOAMX-LABEL: bytes_kernel_0:
// NOAMX-NOT: tdpbssd
func.func @bytes(%x: tensor<64x256xi8>, %w: tensor<256x128xi8>) -> tensor<64x128xi32> {
  %h = meld.matmul %x, %w : tensor<64x256xi8>, tensor<256x128xi8> -> tensor<64x128xi32>
  return %h : tensor<64x128xi32>
}

// A decode step's few rows (up to 4) of `x @ W^T` take AVX512-BF16 dots
// along both operands' rows on a CPU with AMX tiles too (swapped onto the
// tiles, each tile load read 16 rows of W a whole row apart). From 5 rows,
// the tiles.
// AMX-LABEL: decode_kernel_0:
// AMX-NOT: tdpbf16ps
// AMX: vdpbf16ps {{.*}}%zmm
// AMX-NOT: tdpbf16ps
// AMX-LABEL: five_rows_kernel_0:
// AMX: tdpbf16ps
// NOAMX-LABEL: five_rows_kernel_0:
// NOAMX-NOT: tdpbf16ps
func.func @decode(%x: tensor<4x256xbf16>, %w: tensor<512x256xbf16>) -> tensor<4x512xbf16> {
  %h = meld.matmul %x, %w transpose_rhs : tensor<4x256xbf16>, tensor<512x256xbf16> -> tensor<4x512xbf16>
  return %h : tensor<4x512xbf16>
}

func.func @five_rows(%x: tensor<5x256xbf16>, %w: tensor<512x256xbf16>) -> tensor<5x512xbf16> {
  %h = meld.matmul %x, %w transpose_rhs : tensor<5x256xbf16>, tensor<512x256xbf16> -> tensor<5x512xbf16>
  return %h : tensor<5x512xbf16>
}
