#!/usr/bin/env bash
# Meld's main job on the examples: install, build, then for every program in
# examples/ verify and canonicalize it with meld-opt and run it with the
# reference interpreter on deterministic random inputs, printing the results.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"

for example in "$root"/examples/*.mlir; do
  name=$(basename "$example")
  echo
  echo "=== $name: meld-opt --canonicalize ==="
  "$build/bin/meld-opt" --canonicalize --cse "$example"
  echo "=== $name: meld-run --random-inputs ==="
  "$build/bin/meld-run" --random-inputs --print-threshold=16 "$example"
done
