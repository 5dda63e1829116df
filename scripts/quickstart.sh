#!/usr/bin/env bash
# Meld's main job on the examples: install, build, then for every program in
# examples/: verify and canonicalize it with meld-opt, fuse it and print the
# fusion report, run it with the reference interpreter on deterministic
# random inputs, check that the fused program gives the same results, then
# compile it into a bundle for the host, NVPTX and AMDGPU and run the bundle
# on the host back end, checking it against the interpreter.
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
  echo "=== $name: meld-compile --targets=host,nvptx,amdgpu, meld-run on the bundle ==="
  "$build/bin/meld-compile" "$example" --targets=host,nvptx,amdgpu -o "$work/model.meldb"
  echo "bundle: $(stat -c %s "$work/model.meldb") bytes"
  count=$(grep -c '^result #' "$work/unfused.txt")
  ref=() out=()
  for ((i = 0; i < count; i++)); do
    ref+=(--output "$work/ref$i.npy") out+=(--output "$work/out$i.npy")
  done
  "$build/bin/meld-run" --random-inputs --print=false "$example" "${ref[@]}"
  "$build/bin/meld-run" --random-inputs --print=false --print-stats "$work/model.meldb" "${out[@]}"
  "$root/.venv/bin/python" - "$work" "$count" <<'PY'
import sys, numpy as np
work, count = sys.argv[1], int(sys.argv[2])
for i in range(count):
    ref = np.load(f"{work}/ref{i}.npy"); out = np.load(f"{work}/out{i}.npy")
    tol = dict(rtol=5e-4, atol=5e-5) if ref.dtype.kind == "f" else dict(rtol=0, atol=0)
    if ref.shape != out.shape or not np.allclose(out, ref, equal_nan=True, **tol):
        sys.exit(f"compiled result #{i} DIFFERS from the interpreter")
print(f"compiled bundle on the host: {count} result(s) match the interpreter "
      "(rtol 5e-4, atol 5e-5)")
PY
done
