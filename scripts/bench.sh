#!/usr/bin/env bash
# Builds Meld and runs its benchmarks on this machine. Numbers go to stdout;
# docs/performance.md records a run with the machine named. Benchmarks are
# never part of the test command: tests do not assert times.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
"$build/bench/meld-bench-fusion" --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true "$@"

# Compiled host code: fused vs unfused, memcpy, OpenBLAS, compile time.
"$build/bench/meld-bench-codegen" --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.5 "$@"

# The JIT: cold, disk-cached and memory-cached compile time per model.
"$build/bench/meld-bench-jit" --benchmark_repetitions=3 \
  --benchmark_report_aggregates_only=true "$@"

# Per-call overhead: the Python binding against the C API.
MELD_BUILD_DIR="$build" "$root/.venv/bin/python" "$root/bench/python/call_overhead.py"

# The peers (torch.compile, JAX/XLA, IREE), in the same run when their
# environment exists (bench/peers/setup.sh makes it; about 6 GB from PyPI).
if [[ -x "$root/bench/.venv-peers/bin/python" ]]; then
  "$root/bench/.venv-peers/bin/python" "$root/bench/peers/peers.py"
else
  echo "peers: run bench/peers/setup.sh first to compare with torch, jax and IREE"
fi
