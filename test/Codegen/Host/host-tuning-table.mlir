// The host tuning table (meld-tune-host writes it): the compiler takes the
// entry for the target's CPU and ISA, and ignores with a warning a table
// that is not valid JSON, from another version, or with tiles it cannot
// use, taking the heuristic's instead.

// RUN: echo '{"format": "meld-host-tuning", "version": 1, "entries": [{"cpu": "haswell", "isa": "avx2", "gemm": {"tile_rows": 4, "tile_cols": 24, "k_block": 64, "block_rows": 64}}, {"cpu": "znver4", "isa": "avx512", "gemm": {"tile_rows": 12, "tile_cols": 32, "k_block": 128, "block_rows": 96}}]}' > %t.table.json
// RUN: meld-compile %s --cpu=haswell --host-tuning=%t.table.json --print-metadata -o %t.a.meldb | FileCheck %s --check-prefix=HASWELL
// RUN: meld-compile %s --cpu=znver4 --host-tuning=%t.table.json --print-metadata -o %t.b.meldb | FileCheck %s --check-prefix=ZEN4
// No entry for this CPU: the heuristic (Intel's AVX-512 tiles; AMD's with
// an empty table).
// RUN: meld-compile %s --cpu=skylake-avx512 --host-tuning=%t.table.json --print-metadata -o %t.c.meldb | FileCheck %s --check-prefix=HEURISTIC
// RUN: meld-compile %s --cpu=znver4 --host-tuning=none --print-metadata -o %t.z.meldb | FileCheck %s --check-prefix=AMD
// The environment names the default table.
// RUN: env MELD_HOST_TUNING=%t.table.json meld-compile %s --cpu=haswell --print-metadata -o %t.d.meldb | FileCheck %s --check-prefix=HASWELL
// ... and "none" there means the heuristic, without a warning.
// RUN: env MELD_HOST_TUNING=none meld-compile %s --cpu=haswell --print-metadata -o %t.n.meldb 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: warning
// NONE: "source": "heuristic",

// HASWELL: "gemm_tiles": {
// HASWELL-NEXT: "block_rows": 64,
// HASWELL-NEXT: "f32_column_block_rows": 768,
// HASWELL-NEXT: "f32_swapped_rows": 0,
// HASWELL-NEXT: "k_block": 64,
// HASWELL-NEXT: "output_chunk_bytes": 524288,
// HASWELL-NEXT: "source": "{{.*}}table.json",
// HASWELL-NEXT: "tile_cols": 24,
// HASWELL-NEXT: "tile_rows": 4
// ZEN4: "gemm_tiles": {
// ZEN4-NEXT: "block_rows": 96,
// ZEN4-NEXT: "f32_column_block_rows": 0,
// ZEN4-NEXT: "f32_swapped_rows": 0,
// ZEN4-NEXT: "k_block": 128,
// ZEN4: "tile_rows": 12
// HEURISTIC: "gemm_tiles": {
// HEURISTIC-NEXT: "block_rows": 258,
// HEURISTIC-NEXT: "f32_column_block_rows": 4096,
// HEURISTIC-NEXT: "f32_swapped_rows": 128,
// HEURISTIC-NEXT: "k_block": 128,
// HEURISTIC-NEXT: "output_chunk_bytes": 524288,
// HEURISTIC-NEXT: "source": "heuristic",
// HEURISTIC-NEXT: "tile_cols": 64,
// HEURISTIC-NEXT: "tile_rows": 6,
// HEURISTIC-NEXT: "transposed_k_block": 768,
// HEURISTIC-NEXT: "wide_tile_rows": 0
// AMD: "gemm_tiles": {
// AMD-NEXT: "block_rows": 512,
// AMD-NEXT: "f32_column_block_rows": 0,
// AMD-NEXT: "f32_swapped_rows": 0,
// AMD-NEXT: "k_block": 256,
// AMD-NEXT: "output_chunk_bytes": 524288,
// AMD-NEXT: "source": "heuristic",
// AMD-NEXT: "tile_cols": 32,
// AMD-NEXT: "tile_rows": 8,
// AMD-NEXT: "transposed_k_block": 0,
// AMD-NEXT: "wide_tile_rows": 128

// An Intel AVX-512 CPU's table entry keeps the transposed right operands'
// longer k blocks (768, or what keeps a panel of 128 columns within 192
// KiB: 384; none where the table's k block is as long; with AMX, and its
// 2 MiB of L2, up to 2048 in 512 KiB) and the column
// blocks of f32 `x @ W^T`, which once came only with the heuristic's tiles.
// RUN: echo '{"format": "meld-host-tuning", "version": 1, "entries": [{"cpu": "sapphirerapids", "isa": "amx", "gemm": {"tile_rows": 4, "tile_cols": 64, "k_block": 64, "block_rows": 64}}, {"cpu": "skylake-avx512", "isa": "avx512", "gemm": {"tile_rows": 2, "tile_cols": 128, "k_block": 256, "block_rows": 64}}, {"cpu": "icelake-server", "isa": "avx512", "gemm": {"tile_rows": 6, "tile_cols": 64, "k_block": 1024, "block_rows": 258}}]}' > %t.intel.json
// RUN: meld-compile %s --cpu=sapphirerapids --host-tuning=%t.intel.json --print-metadata -o %t.i1.meldb | FileCheck %s --check-prefix=INTEL-TABLE
// RUN: meld-compile %s --cpu=skylake-avx512 --host-tuning=%t.intel.json --print-metadata -o %t.i2.meldb | FileCheck %s --check-prefix=INTEL-WIDE
// RUN: meld-compile %s --cpu=icelake-server --host-tuning=%t.intel.json --print-metadata -o %t.i3.meldb | FileCheck %s --check-prefix=INTEL-LONG
// INTEL-TABLE: "gemm_tiles": {
// INTEL-TABLE-NEXT: "block_rows": 64,
// INTEL-TABLE-NEXT: "f32_column_block_rows": 4096,
// INTEL-TABLE-NEXT: "f32_swapped_rows": 128,
// INTEL-TABLE-NEXT: "k_block": 64,
// INTEL-TABLE: "tile_rows": 4,
// INTEL-TABLE-NEXT: "transposed_k_block": 2048,
// INTEL-WIDE: "gemm_tiles": {
// INTEL-WIDE: "tile_cols": 128,
// INTEL-WIDE: "transposed_k_block": 384,
// INTEL-LONG: "gemm_tiles": {
// INTEL-LONG-NEXT: "block_rows": 258,
// INTEL-LONG-NEXT: "f32_column_block_rows": 4096,
// INTEL-LONG-NEXT: "f32_swapped_rows": 128,
// INTEL-LONG-NEXT: "k_block": 1024,
// INTEL-LONG: "transposed_k_block": 0,

// An entry's "launch" object holds the launch costs horizontal fusion
// decides by (meld-tune-host measures them); the metadata records the costs
// used and where they came from. An entry without one takes the defaults,
// silently; one with values out of range is ignored with a warning.
// RUN: echo '{"format": "meld-host-tuning", "version": 1, "entries": [{"cpu": "haswell", "isa": "avx2", "gemm": {"tile_rows": 4, "tile_cols": 24, "k_block": 64, "block_rows": 64}, "launch": {"launch_ns": 300, "share_ns": 2500, "bytes_per_us": 40000}}]}' > %t.launch.json
// RUN: meld-compile %s --cpu=haswell --host-tuning=%t.launch.json --print-metadata -o %t.l.meldb 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH-NOT: warning
// LAUNCH: "launch_costs": {
// LAUNCH-NEXT: "block_elements": 16384,
// LAUNCH-NEXT: "bytes_per_us": 40000,
// LAUNCH-NEXT: "launch_ns": 300,
// LAUNCH-NEXT: "share_ns": 2500,
// LAUNCH-NEXT: "source": "{{.*}}launch.json",
// RUN: meld-compile %s --cpu=haswell --host-tuning=%t.table.json --print-metadata -o %t.m.meldb 2>&1 | FileCheck %s --check-prefix=NOLAUNCH
// NOLAUNCH-NOT: warning
// NOLAUNCH: "launch_costs": {
// NOLAUNCH-NEXT: "block_elements": 16384,
// NOLAUNCH-NEXT: "bytes_per_us": 85000,
// NOLAUNCH-NEXT: "launch_ns": 450,
// NOLAUNCH-NEXT: "share_ns": 1200,
// NOLAUNCH-NEXT: "source": "heuristic",
// RUN: echo '{"format": "meld-host-tuning", "version": 1, "entries": [{"cpu": "haswell", "isa": "avx2", "gemm": {"tile_rows": 4, "tile_cols": 24, "k_block": 64, "block_rows": 64}, "launch": {"launch_ns": 300, "share_ns": 2500, "bytes_per_us": 0}}]}' > %t.badlaunch.json
// RUN: meld-compile %s --cpu=haswell --host-tuning=%t.badlaunch.json --print-metadata -o %t.o.meldb 2>&1 | FileCheck %s --check-prefix=BADLAUNCH
// BADLAUNCH: warning: ignoring the launch costs of host tuning table '{{.*}}badlaunch.json': the entry for haswell bytes_per_us must be 1 to 1000000000
// The tiles of that entry are still taken.
// BADLAUNCH: "source": "{{.*}}badlaunch.json",
// BADLAUNCH-NEXT: "tile_cols": 24,
// BADLAUNCH: "launch_costs": {
// BADLAUNCH: "launch_ns": 450,
// BADLAUNCH: "source": "heuristic",

// RUN: echo 'not json {' > %t.corrupt.json
// RUN: meld-compile %s --cpu=haswell --host-tuning=%t.corrupt.json --print-metadata -o %t.e.meldb 2>&1 | FileCheck %s --check-prefix=CORRUPT
// CORRUPT: warning: ignoring host tuning table '{{.*}}corrupt.json': not valid JSON
// CORRUPT: "source": "heuristic",
// CORRUPT-NEXT: "tile_cols": 16,

// RUN: echo '{"format": "meld-host-tuning", "version": 2, "entries": []}' > %t.v2.json
// RUN: meld-compile %s --cpu=haswell --host-tuning=%t.v2.json --print-metadata -o %t.f.meldb 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: warning: ignoring host tuning table '{{.*}}v2.json': version 2, this build reads version 1
// VERSION: "source": "heuristic",

// RUN: echo '{"format": "meld-host-tuning", "version": 1, "entries": [{"cpu": "haswell", "isa": "avx2", "gemm": {"tile_rows": 6, "tile_cols": 20, "k_block": 64, "block_rows": 60}}]}' > %t.invalid.json
// RUN: meld-compile %s --cpu=haswell --host-tuning=%t.invalid.json --print-metadata -o %t.g.meldb 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: warning: ignoring host tuning table '{{.*}}invalid.json': the entry for haswell: tile_cols must be a multiple of 8
// INVALID: "source": "heuristic",

// RUN: meld-compile %s --cpu=haswell --host-tuning=%t.missing.json --print-metadata -o %t.h.meldb 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: warning: ignoring host tuning table '{{.*}}missing.json': cannot read it
// MISSING: "source": "heuristic",

func.func @main(%x: tensor<64x256xf32>, %w: tensor<256x128xf32>) -> tensor<64x128xf32> {
  %h = meld.matmul %x, %w : tensor<64x256xf32>, tensor<256x128xf32> -> tensor<64x128xf32>
  return %h : tensor<64x128xf32>
}
