// meld-tune-host times candidate tiles, checks each against a double
// product, and writes the best into the table, keeping other CPUs'
// entries; the compiler then takes that entry for this machine.
// (--quick: small shapes and few candidates; the check is of the tool.)

// RUN: echo '{"format": "meld-host-tuning", "version": 1, "entries": [{"cpu": "some-other-cpu", "isa": "avx2", "gemm": {"tile_rows": 6, "tile_cols": 16, "k_block": 256, "block_rows": 60}}]}' > %t.json
// RUN: meld-tune-host --quick --seconds-per-shape=0.01 --host-threads=2 --output=%t.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=TABLE < %t.json
// RUN: meld-compile %s --host-tuning=%t.json --print-metadata -o %t.meldb | FileCheck %s --check-prefix=USED

// CHECK: meld-tune-host: {{.*}} threads
// CHECK: launches: {{[0-9]+}} ns a launch of one block {{.*}}: sharing {{[0-9]+}} ns; 65536 floats squared {{[0-9]+}} ns: {{[0-9]+}} B/us
// CHECK: default {{.*}} GFLOP/s
// CHECK: register {{.*}} GFLOP/s
// CHECK: best: {{.*}} GFLOP/s
// CHECK: wrote {{.*}}.json

// TABLE-DAG: "cpu": "some-other-cpu"
// TABLE-DAG: "format": "meld-host-tuning"
// TABLE-DAG: "version": 1
// TABLE-DAG: "heuristic_gflops"
// TABLE-DAG: "confirmed_speedup"
// TABLE-DAG: "launch_ns":
// TABLE-DAG: "share_ns":
// TABLE-DAG: "bytes_per_us":

// USED: "gemm_tiles": {
// USED: "source": "{{.*}}.json",

// USED: "launch_costs": {
// USED: "source": "{{.*}}.json",

// --launches-only measures launches and keeps the entry's tiles.
// RUN: meld-tune-host --quick --launches-only --host-threads=2 --output=%t.json | FileCheck %s --check-prefix=LAUNCHES
// RUN: meld-compile %s --host-tuning=%t.json --print-metadata -o %t.2.meldb | FileCheck %s --check-prefix=USED
// LAUNCHES: launches:
// LAUNCHES-NOT: GFLOP/s
// LAUNCHES: wrote {{.*}}.json

// RUN: meld-tune-host --quick --dry-run --seconds-per-shape=0.01 --host-threads=1 | FileCheck %s --check-prefix=DRY
// DRY: best:
// DRY-NOT: wrote

// --cpu tunes another CPU whose code runs here (AVX2 code on any machine
// of this kind); its entry is the one a compile for that CPU takes, and an
// unknown name is an error.
// RUN: meld-tune-host --quick --seconds-per-shape=0.01 --host-threads=2 --cpu=x86-64-v3 --output=%t.v3.json | FileCheck %s --check-prefix=V3
// RUN: FileCheck %s --check-prefix=V3TABLE < %t.v3.json
// RUN: meld-compile %s --cpu=x86-64-v3 --host-tuning=%t.v3.json --print-metadata -o %t.3.meldb | FileCheck %s --check-prefix=USED
// RUN: not meld-tune-host --quick --cpu=no-such-cpu --dry-run 2>&1 | FileCheck %s --check-prefix=BADCPU
// V3: meld-tune-host: x86-64-v3 (avx2, 8 f32 lanes, 16 vector registers)
// V3: wrote {{.*}}.v3.json
// V3TABLE-DAG: "cpu": "x86-64-v3"
// V3TABLE-DAG: "isa": "avx2"
// BADCPU: error: unknown host CPU 'no-such-cpu'

func.func @main(%x: tensor<64x256xf32>, %w: tensor<256x128xf32>) -> tensor<64x128xf32> {
  %h = meld.matmul %x, %w : tensor<64x256xf32>, tensor<256x128xf32> -> tensor<64x128xf32>
  return %h : tensor<64x128xf32>
}
