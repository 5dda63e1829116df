#!/usr/bin/env bash
# Creates bench/.venv-peers with the CPU peers that bench/peers/peers.py
# compares Meld against: numpy, torch (torch.compile / Inductor C++ backend),
# jax[cpu] (jax + jaxlib), and IREE (iree-base-compiler + iree-base-runtime).
#
# Idempotent: re-running reuses the venv and only installs what is missing.
# Everything comes from PyPI (plain `pip install torch` from PyPI is a large
# download on Linux because it pulls the CUDA wheels; that is accepted here).
#
# Usage: bash bench/peers/setup.sh            (PYTHON=... to pick another)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$(cd "$here/.." && pwd)/.venv-peers"
python="${PYTHON:-python3}"

if [[ ! -x "$venv/bin/python" ]]; then
  echo "creating $venv with $("$python" --version 2>&1)"
  "$python" -m venv "$venv"
fi
py="$venv/bin/python"

"$py" -m pip install --quiet --upgrade pip wheel

pkgs=(numpy torch "jax[cpu]" iree-base-compiler iree-base-runtime)
# Skip the install when every package already imports (the common re-run).
if "$py" - <<'PY' 2>/dev/null; then
import numpy, torch, jax, jaxlib, iree.compiler, iree.runtime
PY
  echo "peers already installed in $venv"
else
  echo "installing: ${pkgs[*]}"
  "$py" -m pip install "${pkgs[@]}"
fi

"$py" - <<'PY'
import importlib.metadata as md, platform
print("python", platform.python_version())
for p in ["numpy", "torch", "jax", "jaxlib", "iree-base-compiler", "iree-base-runtime"]:
    try:
        print(f"{p} {md.version(p)}")
    except md.PackageNotFoundError:
        print(f"{p} MISSING")
PY
