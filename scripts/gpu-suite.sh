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
#     output folder); tee the log there too. With `run sanitize` (or
#     MELD_GPU_SANITIZE=1) it then runs compute-sanitizer's memcheck,
#     racecheck and synccheck over the cuda conformance cases and backend
#     tests (issue 25), and then synccheck on a plain CUDA kernel in
#     conditional-node bodies (scripts/gpu/cond_while_sync.cu, built by
#     `prepare` when nvcc is there), whose reports show the tool's
#     limitation there (docs/gpu-results.md).
#
#     `prepare` also writes issue 24's models and issue 27's optimizer
#     steps through the PyTorch frontend and meld.optim
#     (bench/gpu/frontend_models.py export) and compiles them into the
#     timed bundles; bench/gpu/frontend_models.py peers times the same in
#     torch there.
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
  # The host code is compiled for a portable CPU: the GPU machine's is not
  # this one's (host code for znver4 does not load on an Intel machine).
  local cpu=--cpu=${MELD_SUITE_CPU:-x86-64-v3}
  "$build/unittests/Runtime/meld-conformance-data" "$cpu" \
    "$pack/cases/default" host,nvptx
  "$build/unittests/Runtime/meld-conformance-data" --wmma "$cpu" \
    "$pack/cases/wmma" host,nvptx
  # Cases whose data passes 4 MiB stay here (the streamed-rows programs'
  # weights, random and incompressible, would pass the device tool's
  # 64 MiB limit on what a call carries).
  local json case_ bytes
  for json in "$pack"/cases/*/*.json; do
    case_=${json%.json}
    bytes=$(du -cb "$case_".*.bin 2>/dev/null | tail -1 | cut -f1)
    if ((bytes > 4194304)); then
      echo "meld: not carried (over 4 MiB of data): $(basename "$case_")"
      rm -f "$json" "$case_".*.bin
    fi
  done
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
  local model
  compile() { "$build/bin/meld-compile" "$cpu" "$@"; }
  for model in "$root"/bench/models/*.mlir "$root"/bench/gpu/*.mlir; do
    compile "$model" --targets=host,nvptx \
      -o "$pack/bundles/$(basename "$model" .mlir).meldb"
  done
  compile "$root/bench/gpu/gelu_large.mlir" --targets=host,nvptx \
    --gpu-grid-stride-limit=0 -o "$pack/bundles/gelu_large_nostride.meldb"
  compile "$root/bench/gpu/mlp_f16.mlir" --targets=host,nvptx \
    --mma-sync=false -o "$pack/bundles/mlp_f16_wmma.meldb"
  compile "$root/bench/gpu/mlp_f16.mlir" --targets=host,nvptx \
    --tensor-cores=false -o "$pack/bundles/mlp_f16_cuda_cores.meldb"
  compile "$root/bench/runtime/chain100.mlir" --targets=host,nvptx \
    --no-fuse -o "$pack/chain100.meldb"
  # Issue 24's models and issue 27's optimizer steps as the PyTorch
  # frontend and meld.optim write them (bench/gpu/frontend_models.py),
  # timed by `run bench` with the others; a program that does not compile
  # for nvptx is listed in frontend-failures.txt with its diagnostic.
  local python=$root/.venv/bin/python program name
  if [[ -x $python ]]; then
    rm -rf "$suite/frontend" && : >"$pack/frontend-failures.txt"
    PYTHONPATH="$build/python-bindings" "$python" \
      "$root/bench/gpu/frontend_models.py" export "$suite/frontend"
    for program in "$suite"/frontend/*.mlir; do
      name=$(basename "$program" .mlir)
      compile "$program" --targets=host,nvptx \
        -o "$pack/bundles/frontend_$name.meldb" 2>"$suite/frontend/$name.log" ||
        { echo "$name: $(head -c 600 "$suite/frontend/$name.log")" \
          >>"$pack/frontend-failures.txt"; }
    done
  fi
  # The synccheck question of docs/gpu-results.md: a plain CUDA kernel in
  # conditional-node bodies, run by `run sanitize`.
  local nvcc=${CUDA_PATH:-/usr/local/cuda}/bin/nvcc
  if [[ -x $nvcc ]]; then
    "$nvcc" -O2 -arch=sm_90 -cudart static -o "$pack/bin/cond_while_sync" \
      "$root/scripts/gpu/cond_while_sync.cu"
    cp "$root/scripts/gpu/cond-while-sync.sh" "$pack/"
  fi
  git -C "$root" rev-parse --short HEAD >"$pack/commit"
  # xz -9's 64 MiB dictionary spans the five test programs, which share
  # most of their code (statically linked LLVM): 30 MB instead of 66.
  XZ_OPT=-9 tar -C "$pack" -cJf "$archive" .
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
  if [[ -s $work/frontend-failures.txt ]]; then
    echo "=== frontend programs that did not compile for nvptx ==="
    cat "$work/frontend-failures.txt"
  fi
  if [[ ${MELD_GPU_SANITIZE:-0} == 1 ]]; then
    sanitize || status=1
    # Not counted: it shows the tool's reports on a kernel that is not
    # Meld's (every barrier in a conditional-node body is reported).
    if [[ -x $work/bin/cond_while_sync ]]; then
      echo "=== synccheck on a plain CUDA kernel in conditional-node bodies ==="
      COND_WHILE_SYNC_BIN=$work/bin/cond_while_sync \
        LOG_DIR=${OUT:+$OUT/cond_while_sync-logs} \
        bash "$work/cond-while-sync.sh" | sed -n '/SYNCCHECK TABLE/,$p' || true
    fi
  fi
  if ((status)); then
    echo "meld: GPU suite FAILED"
  else
    echo "meld: GPU suite passed"
  fi
  return $status
}

# compute-sanitizer's memcheck, racecheck and synccheck over the cuda
# tests (issue 25), each tool's runs bounded by MELD_SANITIZE_TIMEOUT
# seconds (default 100): a run cut off there is reported as incomplete.
sanitize() {
  local tool sanitizer status=0 rc
  sanitizer=$(command -v compute-sanitizer ||
    ls /usr/local/cuda/bin/compute-sanitizer \
      /usr/local/cuda/compute-sanitizer/compute-sanitizer 2>/dev/null | head -1 ||
    true)
  if [[ -z $sanitizer ]]; then
    echo "meld: no compute-sanitizer on this machine"
    return 1
  fi
  # One process per conformance case, 8 at a time: a kernel the sanitizer
  # stops poisons its process's CUDA context, so one finding would hide
  # the cases after it. The error-path tests call failing APIs on purpose
  # (--report-api-errors no); memory and barrier errors still count.
  local single=$work/single json c
  for json in "$work"/cases/default/*.json; do
    c=$(basename "$json" .json)
    mkdir -p "$single/$c"
    ln -s "$json" "$work/cases/default/$c".*.bin \
      "$work/cases/default/${c%.*}.meldb" "$single/$c/"
  done
  export sanitizer work
  for tool in memcheck racecheck synccheck; do
    echo "=== compute-sanitizer --tool $tool: MeldConformanceTests, each case ==="
    export tool
    find "$single" -mindepth 1 -maxdepth 1 -type d | sort |
      xargs -P 8 -I{} bash -c 'rc=0; MELD_CONFORMANCE_DATA={} timeout \
        "${MELD_SANITIZE_TIMEOUT:-100}" "$sanitizer" --tool "$tool" \
        --report-api-errors no --error-exitcode 3 --print-limit 8 \
        "$work/bin/MeldConformanceTests" --gtest_filter="*cuda*" \
        >{}/$tool.log 2>&1 || rc=$?; echo "$rc $(basename {})"' \
      >"$work/$tool.results"
    awk '$1 != 0' "$work/$tool.results" | while read -r rc c; do
      echo "meld: $tool $c: $([[ $rc == 124 ]] && echo INCOMPLETE || echo "ERRORS (exit $rc)")"
      grep -m 6 -E "^========= [A-Z]|at .*\+0x|by thread|cases ran" \
        "$single/$c/$tool.log" || true
    done
    echo "meld: $tool: $(awk '$1 == 0' "$work/$tool.results" | wc -l) of" \
      "$(wc -l <"$work/$tool.results") cases clean"
    awk '$1 != 0 && $1 != 124 {exit 1}' "$work/$tool.results" || status=1
    echo "=== compute-sanitizer --tool $tool: MeldBackendTests (Cuda*) ==="
    rc=0
    timeout "${MELD_SANITIZE_TIMEOUT:-100}" "$sanitizer" --tool "$tool" \
      --report-api-errors no --error-exitcode 3 --print-limit 20 \
      "$work/bin/MeldBackendTests" --gtest_filter="Cuda*" \
      >"$work/backend-$tool.log" 2>&1 || rc=$?
    grep -E "^=========|PASSED|FAILED" "$work/backend-$tool.log" | head -40
    case $rc in
    0) echo "meld: $tool MeldBackendTests: clean" ;;
    124) echo "meld: $tool MeldBackendTests: INCOMPLETE (timed out)" ;;
    *) echo "meld: $tool MeldBackendTests: ERRORS (exit $rc)"; status=1 ;;
    esac
  done
  return $status
}

case ${1:-} in
prepare) prepare ;;
run)
  for mode in "${@:2}"; do
    case $mode in
    bench) MELD_GPU_BENCH=1 ;;
    sanitize) MELD_GPU_SANITIZE=1 ;;
    *) echo "usage: scripts/gpu-suite.sh run [bench] [sanitize]" >&2; exit 2 ;;
    esac
  done
  run
  ;;
*)
  echo "usage: scripts/gpu-suite.sh prepare|run [bench] [sanitize]" >&2
  exit 2
  ;;
esac
