#!/usr/bin/env bash
# The runtime's tests on a GPU, for sessions that are lent one
# (docs/gpu-results.md). Two steps:
#
#   scripts/gpu-suite.sh prepare
#     Here, after scripts/build.sh: builds the standalone runtime (runtime/,
#     Release, LLVM linked statically, cuda and hip backends) in
#     build-gpu-suite/runtime, writes the conformance cases for host,nvptx
#     (every program of the code generation suite, with the interpreter's
#     outputs) into cases/default and, compiled with WMMA fragments
#     instead of mma.sync (--wmma), into cases/wmma, and packs the stripped test programs and the cases
#     into build-gpu-suite/suite.tar.xz, small enough to carry.
#
#     It also builds the benchmark programs (meld-bench-bundles,
#     meld-bench-launch) and compiles for host,nvptx the bundles they time:
#     every model of bench/models and bench/gpu, and the variants compared
#     in docs/gpu-results.md (gelu_large with one workgroup per block,
#     --gpu-grid-stride-limit=0; mlp_f16 with WMMA, --mma-sync=false, and on CUDA cores,
#     --tensor-cores=false; chain100 for the launch overhead).
#
#   scripts/gpu-suite.sh run
#     On the GPU machine (the device tool's `run`, carrying
#     build-gpu-suite/suite.tar.xz): unpacks it and runs MeldBackendTests,
#     MeldConformanceTests on both case sets and MeldCxxApiTests, then (with
#     MELD_GPU_BENCH=1, or `run bench`) the benchmarks on the cuda backend.
#     Without a GPU the cuda and hip tests skip and the host ones run, so
#     the step can be tried anywhere. Exits nonzero when a test fails. The
#     benchmarks' JSON goes to $OUT when it is set (the device tool's
#     output folder); tee the log there too.
#
# MELD_BUILD_DIR (default build/) is the Meld build whose
# meld-conformance-data writes the cases; MELD_JOBS (default 2) limits
# compile jobs.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
suite="$root/build-gpu-suite"
archive="$suite/suite.tar.xz"
tests=(MeldBackendTests MeldConformanceTests MeldCxxApiTests)
benches=(meld-bench-bundles meld-bench-launch)

prepare() {
  local build=${MELD_BUILD_DIR:-$root/build} jobs=${MELD_JOBS:-2}
  local runtime="$suite/runtime" pack="$suite/pack"
  cmake -G Ninja -S "$root/runtime" -B "$runtime" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_BUILD_TYPE=Release -DMELD_RUNTIME_GPU_BACKENDS=ON
  nice -n 10 ninja -C "$runtime" -j"$jobs" "${tests[@]}" "${benches[@]}"
  ninja -C "$build" meld-conformance-data meld-compile
  rm -rf "$pack" && mkdir -p "$pack/bin" "$pack/cases"
  "$build/unittests/Runtime/meld-conformance-data" "$pack/cases/default" \
    host,nvptx
  "$build/unittests/Runtime/meld-conformance-data" --wmma \
    "$pack/cases/wmma" host,nvptx
  for t in "${tests[@]}"; do
    strip -o "$pack/bin/$t" "$runtime/unittests/$t"
  done
  for b in "${benches[@]}"; do
    strip -o "$pack/bin/$b" "$runtime/bench/$b"
  done
  # The GPU machine is not Debian 12: carry the shared libraries the
  # programs need beyond the C and C++ runtimes (LLVM's z3, zstd and zlib,
  # Google Benchmark); `run` puts them on LD_LIBRARY_PATH.
  mkdir -p "$pack/lib"
  ldd "$pack"/bin/* | awk '$3 ~ /^\// {print $1, $3}' | sort -u |
    while read -r name path; do
      case $name in
      libc.so* | libm.so* | libgcc_s.so* | libstdc++.so* | ld-linux*) ;;
      *) cp -L "$path" "$pack/lib/$name" ;;
      esac
    done
  mkdir -p "$pack/bundles"
  local compile="$build/bin/meld-compile" model
  for model in "$root"/bench/models/*.mlir "$root"/bench/gpu/*.mlir; do
    "$compile" "$model" --targets=host,nvptx \
      -o "$pack/bundles/$(basename "$model" .mlir).meldb"
  done
  "$compile" "$root/bench/gpu/gelu_large.mlir" --targets=host,nvptx \
    --gpu-grid-stride-limit=0 -o "$pack/bundles/gelu_large_nostride.meldb"
  "$compile" "$root/bench/gpu/mlp_f16.mlir" --targets=host,nvptx \
    --mma-sync=false -o "$pack/bundles/mlp_f16_wmma.meldb"
  "$compile" "$root/bench/gpu/mlp_f16.mlir" --targets=host,nvptx \
    --tensor-cores=false -o "$pack/bundles/mlp_f16_cuda_cores.meldb"
  "$compile" "$root/bench/runtime/chain100.mlir" --targets=host,nvptx \
    --no-fuse -o "$pack/chain100.meldb"
  git -C "$root" rev-parse --short HEAD >"$pack/commit"
  tar -C "$pack" -cJf "$archive" .
  echo "meld: wrote $archive ($(du -h "$archive" | cut -f1)); on the GPU" \
    "machine: scripts/gpu-suite.sh run (carry build-gpu-suite/suite.tar.xz)"
}

run() {
  [[ -f $archive ]] || {
    echo "meld: no $archive; run scripts/gpu-suite.sh prepare first" >&2
    exit 2
  }
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  tar -C "$work" -xJf "$archive"
  export LD_LIBRARY_PATH="$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  echo "meld: suite of commit $(cat "$work/commit")"
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
  else
    echo "meld: no nvidia-smi on this machine"
  fi
  local status=0
  run_test() { # name [case set]
    local name=$1 cases=${2:-default}
    echo "=== $name (cases: $cases) ==="
    MELD_CONFORMANCE_DATA="$work/cases/$cases" \
      timeout "${MELD_TEST_TIMEOUT:-240}" "$work/bin/$name" || status=1
  }
  run_test MeldBackendTests
  run_test MeldConformanceTests default
  run_test MeldConformanceTests wmma
  run_test MeldCxxApiTests
  if [[ ${MELD_GPU_BENCH:-0} == 1 ]]; then
    local reps=(--benchmark_repetitions=3 --benchmark_report_aggregates_only=true)
    echo "=== meld-bench-bundles (cuda) ==="
    "$work/bin/meld-bench-bundles" --benchmark_filter=Bundle/cuda "${reps[@]}" \
      ${OUT:+--benchmark_out="$OUT/bundles.json"} "$work"/bundles/*.meldb \
      || status=1
    echo "=== meld-bench-launch ==="
    MELD_CHAIN_BUNDLE="$work/chain100.meldb" "$work/bin/meld-bench-launch" \
      "${reps[@]}" ${OUT:+--benchmark_out="$OUT/launch.json"} || status=1
  fi
  if ((status)); then
    echo "meld: GPU suite FAILED"
  else
    echo "meld: GPU suite passed"
  fi
  return $status
}

case ${1:-} in
prepare) prepare ;;
run)
  [[ ${2:-} == bench ]] && MELD_GPU_BENCH=1
  run
  ;;
*)
  echo "usage: scripts/gpu-suite.sh prepare|run [bench]" >&2
  exit 2
  ;;
esac
