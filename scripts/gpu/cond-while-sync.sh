#!/usr/bin/env bash
# docs/gpu-results.md ("synccheck in conditional-node bodies"): is
# synccheck's divergent-barrier report on kernels in CUDA graph conditional
# node bodies the tool's? `scripts/gpu-suite.sh run sanitize` runs this with
# the binary `prepare` built (COND_WHILE_SYNC_BIN); standalone it builds
# cond_while_sync.cu with nvcc.
# Runs cond_while_sync plainly, then under compute-sanitizer synccheck (all
# variants, then each variant alone), racecheck and memcheck. Full logs go to
# $LOG_DIR (default: $OUT/cond_while_sync-logs on a device run, else ./logs);
# stdout gets a labelled summary of each run. PER_VARIANT=0 skips the
# one-variant-per-process synccheck runs (9 of the 12 sanitizer runs).
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
BIN="${COND_WHILE_SYNC_BIN:-${TMPDIR:-/tmp}/cond_while_sync}"
LOG_DIR="${LOG_DIR:-${OUT:+$OUT/cond_while_sync-logs}}"
LOG_DIR="${LOG_DIR:-${TMPDIR:-/tmp}/cond_while_sync-logs}"
mkdir -p "$LOG_DIR"
VARIANTS="EAGER EAGER-CONTROL EAGER-PDL WHILE-GRAPH IF-GRAPH WHILE-CONTROL WHILE-PDL-EDGE WHILE-PDL-CAPTURE WHILE-MELD-STYLE"

if [ ! -x "$BIN" ]; then
  NVCC="$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)"
  echo "== building with $NVCC"
  "$NVCC" -O2 -arch=sm_90 -cudart static -o "$BIN" "$HERE/cond_while_sync.cu" || { echo "BUILD FAILED"; exit 1; }
fi

CS="$(command -v compute-sanitizer || true)"
for c in /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
  [ -z "$CS" ] && [ -x "$c" ] && CS="$c"
done

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/== GPU: /'

# summarize LABEL LOGFILE RC: the program's verdicts and the sanitizer's findings.
summarize() {
  local label="$1" log="$2" rc="$3" note="" first
  [ "$rc" = 124 ] && note=" (TIMED OUT after 60 s)"
  [ "$rc" = 99 ] && note=" (sanitizer reported errors)"
  echo "---- $label: exit $rc$note   [log: $log]"
  grep -E '^(no usable|setup failed|\[[A-Z-]+\] (PASS|FAIL)|  CUDA ERROR|[0-9]+ passed)' "$log" | sed 's/^/   /'
  grep -E '========= (ERROR SUMMARY|RACECHECK SUMMARY|Error:|Program hit)' "$log" | sed 's/^=========/  /' | sort -u | head -6
  first="$(grep -n -m1 -E '^========= +(Barrier error|Race reported|Invalid|Error|Warning)' "$log" | cut -d: -f1)"
  if [ -n "$first" ]; then
    echo "   first finding:"
    sed -n "${first},$((first + 3))p" "$log" | sed 's/^=========/     /'
    grep -E '^========= +(Barrier error|Race reported|Invalid|Error)' "$log" | sed -E 's/^========= +//; s/ +\(.*//' | sort | uniq -c | head -4 | sed 's/^/   kind: /'
    grep -E '^========= +at ' "$log" | sed -E 's/^========= +//' | sort | uniq -c | sort -rn | head -4 | sed 's/^/   where: /'
  fi
}

echo "================ PLAIN RUN ================"
timeout 60 "$BIN" > "$LOG_DIR/plain.log" 2>&1; rc=$?
cat "$LOG_DIR/plain.log"
echo "---- PLAIN: exit $rc"

if [ -z "$CS" ]; then
  echo "compute-sanitizer NOT FOUND (PATH, /usr/local/cuda/bin, /usr/local/cuda/compute-sanitizer)"
  exit 1
fi
echo "== compute-sanitizer: $CS ($("$CS" --version 2>/dev/null | grep -i version | head -1))"

run_tool() {  # run_tool LABEL LOGNAME TOOL [VARIANT] [extra args...]
  local label="$1" name="$2" tool="$3" variant="${4:-}"; shift 4 2>/dev/null || shift $#
  timeout 60 "$CS" --tool "$tool" --error-exitcode 99 "$@" "$BIN" $variant > "$LOG_DIR/$name.log" 2>&1
  summarize "$label" "$LOG_DIR/$name.log" $?
}

echo "================ SYNCCHECK, all variants ================"
run_tool "SYNCCHECK all" synccheck-all synccheck ""
echo "================ SYNCCHECK, one variant per process ================"
if [ "${PER_VARIANT:-1}" != 0 ]; then
  for v in $VARIANTS; do run_tool "SYNCCHECK $v" "synccheck-$v" synccheck "$v"; done
fi
echo "================ RACECHECK, all variants ================"
run_tool "RACECHECK all" racecheck-all racecheck "" --racecheck-report all
echo "================ MEMCHECK, all variants ================"
run_tool "MEMCHECK all" memcheck-all memcheck ""

[ "${PER_VARIANT:-1}" = 0 ] && exit 0
echo "================ SYNCCHECK TABLE ================"
printf '%-18s %-8s %s\n' VARIANT PROGRAM "SYNCCHECK (one variant per process)"
for v in $VARIANTS; do
  log="$LOG_DIR/synccheck-$v.log"
  res="$(grep -oE "^\[$v\] (PASS|FAIL)" "$log" | awk '{print $2}')"
  sum="$(grep -m1 'ERROR SUMMARY' "$log" | sed 's/^========= //')"
  printf '%-18s %-8s %s\n' "$v" "${res:-?}" "${sum:-no summary (see log)}"
done
