#!/usr/bin/env bash
# Meld's main job: install, build, then through the embedded JIT (Python
# bindings) for every program in examples/: compile it in-process with
# fusion for the best device present (host here), print the fusion report,
# capture one run into a graph and replay it on new inputs, checking every
# result against the reference interpreter (examples/main_job.py). Ends by
# compiling one example into a bundle for host + NVPTX + AMDGPU with
# meld-compile and running the bundle with meld-run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh"
"$root/scripts/build.sh"

PYTHONPATH="$build/python-bindings" "$root/.venv/bin/python" \
  "$root/examples/main_job.py" "$@"

echo
echo "=== ONNX models (exported by torch.onnx.export) through meld.onnx ==="
PYTHONPATH="$build/python-bindings" "$root/.venv/bin/python" \
  "$root/examples/onnx_model.py"

echo
echo "=== PyTorch models through torch.compile(model, backend=\"meld\") ==="
PYTHONPATH="$build/python-bindings" "$root/.venv/bin/python" \
  "$root/examples/torch_model.py"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo
echo "=== meld-compile examples/mlp.mlir --targets=host,nvptx,amdgpu; meld-run ==="
"$build/bin/meld-compile" "$root/examples/mlp.mlir" \
  --targets=host,nvptx,amdgpu -o "$work/mlp.meldb"
echo "bundle: $(stat -c %s "$work/mlp.meldb") bytes"
"$build/bin/meld-run" "$work/mlp.meldb" --random-inputs --print-stats \
  --print-threshold=16
