#!/usr/bin/env bash
# Meld's main job on the examples: install, build, then for every program in
# examples/: verify and canonicalize it with meld-opt, fuse it and print the
# fusion report, run it with the reference interpreter on deterministic
# random inputs, and check that the fused program gives the same results.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for example in "$root"/examples/*.mlir; do
  name=$(basename "$example")
  echo
  echo "=== $name: meld-opt --canonicalize --cse ==="
  "$build/bin/meld-opt" --canonicalize --cse "$example"
  echo "=== $name: meld-opt --meld-fuse --meld-fusion-report ==="
  "$build/bin/meld-opt" --meld-fuse --meld-fusion-report "$example" -o "$work/fused.mlir"
  echo "=== $name: meld-run --random-inputs ==="
  "$build/bin/meld-run" --random-inputs --print-threshold=16 "$example" | tee "$work/unfused.txt"
  "$build/bin/meld-run" --random-inputs --print-threshold=16 "$work/fused.mlir" > "$work/fused.txt"
  if cmp -s "$work/unfused.txt" "$work/fused.txt"; then
    echo "fused program: same results as the unfused one (bit for bit)"
  else
    echo "fused program: RESULTS DIFFER" >&2
    exit 1
  fi
done
