#!/usr/bin/env bash
# Compiles every program the frontends' external suites hand to Meld (the
# samples of torch's OpInfo database through torch.compile(backend="meld"),
# ONNX's node tests through meld.onnx) for the GPU targets, each program
# under a time limit, and names every one that fails or runs past it. The
# suites themselves run on the host; this checks that the GPU code
# generators take the same real programs (a 3-D max pool with indices
# compiled for nvptx for minutes until 2026-11-30). Not part of CI: about
# 15 minutes on 2 cores. docs/testing.md records the runs.
#
#   scripts/gpu-compile-sweep.sh [--limit SECONDS] [--targets nvptx,amdgpu]
#                                [--programs DIR]
#
# --programs DIR compiles the .mlir files already in DIR instead of running
# the suites (which save theirs there through MELD_SAVE_PROGRAMS; default
# $MELD_BUILD_DIR/gpu-sweep/programs). Exit status 1 when any program fails.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_BUILD_DIR:-$root/build}
limit=60
targets=nvptx,amdgpu
programs=
while [[ $# -gt 0 ]]; do
  case $1 in
    --limit) limit=$2; shift 2 ;;
    --targets) targets=$2; shift 2 ;;
    --programs) programs=$2; shift 2 ;;
    *) echo "gpu-compile-sweep.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
compiler="$build/bin/meld-compile"
[[ -x $compiler ]] || { echo "no $compiler: build first (scripts/build.sh)" >&2; exit 2; }
out="$build/gpu-sweep"
if [[ -z $programs ]]; then
  programs="$out/programs"
  rm -rf "$programs" && mkdir -p "$programs"
  export MELD_SAVE_PROGRAMS="$programs" PYTHONPATH="$build/python-bindings"
  echo "=== OpInfo samples (test/torch/opinfo.py --samples 2), saving programs ==="
  "$root/.venv/bin/python" "$root/test/torch/opinfo.py" --samples 2 \
    --json "$out/opinfo.json" > "$out/opinfo.log" 2>&1 || true
  echo "=== ONNX node tests (test/onnx/node_suite.py), saving programs ==="
  "$root/.venv/bin/python" "$root/test/onnx/node_suite.py" \
    --json "$out/node.json" > "$out/node.log" 2>&1 || true
  unset MELD_SAVE_PROGRAMS
fi
mkdir -p "$out"
status=0
for target in ${targets//,/ }; do
  results="$out/$target.txt"
  # One line per program: exit status (124: past the limit), seconds, file,
  # the first error line.
  find "$programs" -name '*.mlir' -print0 | sort -z |
    xargs -0 -P "$(nproc)" -I{} bash -c '
      start=$(date +%s.%N)
      log=$(timeout "$1" "$2" "$4" --targets="$3" -o /dev/null 2>&1)
      rc=$?
      printf "%d %.1f %s %s\n" "$rc" "$(echo "$(date +%s.%N) - $start" | bc)" "$4" \
        "$(grep -m1 -i error <<<"$log" | cut -c1-200)"' _ "$limit" "$compiler" "$target" {} \
    > "$results"
  total=$(wc -l < "$results")
  failed=$(awk '$1 != 0' "$results" | wc -l)
  slowest=$(sort -k2 -rn "$results" | head -1 | awk '{print $2 " s (" $3 ")"}')
  echo "$target: $total programs, $failed failed or past ${limit} s; slowest $slowest"
  awk '$1 != 0' "$results" | head -20
  [[ $failed -eq 0 ]] || status=1
done
exit $status
