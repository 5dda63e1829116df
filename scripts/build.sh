#!/usr/bin/env bash
# Configures and builds Meld in build/ with Ninja against Debian's LLVM/MLIR 22.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_BUILD_DIR:-$root/build}

cmake -G Ninja -S "$root" -B "$build" \
  -DCMAKE_BUILD_TYPE=${MELD_BUILD_TYPE:-Release} \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLLVM_ENABLE_ASSERTIONS=ON \
  -DPython3_EXECUTABLE="$root/.venv/bin/python" >/dev/null
ninja -C "$build"
