#!/usr/bin/env bash
# Installs everything Meld needs on Debian 12 (bookworm), idempotently:
# Debian packages that are missing, then a Python virtual environment in
# .venv with the Python-side test tools from PyPI. Safe to run repeatedly.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

packages=(
  build-essential cmake ninja-build git
  ccache  # shared by build/ and the wheel's build (test_pip_install.py)
  clang-22 libclang-rt-22-dev lld-22 llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libgtest-dev libgmock-dev libbenchmark-dev libopenblas-dev
  rocm-device-libs
  libamdhip64-dev  # HIP headers + libamdhip64 (hip backend: ABI check, discovery)
  python3 python3-venv python3-pip python3-dev
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev libcurl4-openssl-dev
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "meld: installing Debian packages: ${missing[*]}"
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "meld: Debian packages already present"
fi

# Python tools for the numerical tests (numpy as the independent reference)
# and nanobind, which the Python bindings are built with.
venv="$root/.venv"
if [[ ! -x $venv/bin/python ]]; then
  echo "meld: creating $venv"
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import numpy, pytest, nanobind, onnx, onnxruntime, torch, onnxscript, expecttest, transformers, scikit_build_core' 2>/dev/null; then
  echo "meld: installing numpy, pytest, nanobind, onnx, onnxruntime, torch, onnxscript, expecttest, transformers and scikit-build-core into $venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$root/scripts/requirements-test.txt"
fi
