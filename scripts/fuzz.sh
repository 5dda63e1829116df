#!/usr/bin/env bash
# Builds Meld's libFuzzer targets (fuzz/) in build-sanitize/
# (MELD_SANITIZE_BUILD_DIR: ASan+UBSan and coverage instrumentation over all
# of Meld, the build scripts/test-sanitizers.sh --ci tests too), and runs
# them.
#
#   scripts/fuzz.sh [--seconds N] [target...]   run each target N seconds
#                                               (default 300), in turn
#   scripts/fuzz.sh --replay                    run every seed and regression
#                                               input once, then stop
#   scripts/fuzz.sh --ci                        --replay, then a fixed number
#                                               of runs per target from a
#                                               fixed seed (about 10 s each:
#                                               the same inputs every time,
#                                               so CI does not flake)
#
# Targets: ir npy bundle cache runtime-api differential (default: all).
# Seeds are fuzz/corpus/<target>/ (fuzz/make_seeds.py writes them);
# inputs that once crashed are fuzz/regressions/<target>/ and are replayed
# on every run. New corpus entries go to build-sanitize/corpus/<target>/ and
# crashes to build-sanitize/artifacts/: a crash there becomes a regression
# input (copy it into fuzz/regressions/<target>/) once it is fixed.
# docs/testing.md records the campaign.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_SANITIZE_BUILD_DIR:-$root/build-sanitize}
seconds=300
mode=run
targets=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --replay) mode=replay; shift ;;
    --ci) mode=ci; shift ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[[ ${#targets[@]} -eq 0 ]] && targets=(ir npy bundle cache runtime-api differential)
# Runs per target in --ci mode: about 10 seconds each on 2 cores.
declare -A ci_runs=([ir]=30000 [npy]=200000 [bundle]=20000 [cache]=20000
                    [runtime-api]=3000 [differential]=8)

"$root/scripts/configure-sanitized.sh" meld-fuzzers || exit 1

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
for target in "${targets[@]}"; do
  exe="$build/bin/meld-fuzz-$target"
  seeds="$root/fuzz/corpus/$target"
  regressions="$root/fuzz/regressions/$target"
  mkdir -p "$build/corpus/$target" "$build/artifacts" "$regressions"
  options=(-timeout=60 -rss_limit_mb=4096 -max_len=65536
           "-artifact_prefix=$build/artifacts/$target-")
  [[ $target == ir ]] && options+=("-dict=$root/fuzz/ir.dict" -max_len=8192)
  if [[ $mode != run ]]; then
    echo "=== meld-fuzz-$target: replaying the seeds and regressions ==="
    "$exe" "${options[@]}" -runs=0 "$seeds" "$regressions" >"$build/$target.log" 2>&1
    rc=$?
    grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)|==[0-9]+==ERROR|meld-fuzz finding|SUMMARY" "$build/$target.log"
    [[ $rc -eq 0 ]] || { status=1; tail -n 40 "$build/$target.log"; }
  fi
  if [[ $mode != replay ]]; then
    budget=(-max_total_time="$seconds")
    if [[ $mode == ci ]]; then
      budget=(-seed=1 -max_total_time=60 -runs="${ci_runs[$target]}")
    fi
    echo "=== meld-fuzz-$target: fuzzing (${budget[*]}) ==="
    "$exe" "${options[@]}" "${budget[@]}" -print_final_stats=1 \
      "$build/corpus/$target" "$seeds" "$regressions" >"$build/$target.log" 2>&1
    rc=$?
    grep -E "^#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|meld-fuzz finding|SUMMARY|Test unit written" "$build/$target.log"
    [[ $rc -eq 0 ]] || { status=1; tail -n 60 "$build/$target.log"; }
  fi
done
exit $status
