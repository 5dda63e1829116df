#!/usr/bin/env bash
# Configures and builds Meld in build/ with Ninja against Debian's LLVM/MLIR 22.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_BUILD_DIR:-$root/build}

# ccache, where installed (install-deps.sh does), with paths under the
# checkout hashed relative to the build directory: a build directory beside
# build/ (the wheel's, build-wheel/, in test/python/test_pip_install.py)
# then compiles from the cache what build/ compiled.
launcher=
if command -v ccache >/dev/null; then
  launcher=ccache
  export CCACHE_BASEDIR="$root"
fi

cmake -G Ninja -S "$root" -B "$build" \
  -DCMAKE_BUILD_TYPE=${MELD_BUILD_TYPE:-Release} \
  -DCMAKE_C_COMPILER_LAUNCHER="$launcher" -DCMAKE_CXX_COMPILER_LAUNCHER="$launcher" \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLLVM_ENABLE_ASSERTIONS=ON \
  -DPython3_EXECUTABLE="$root/.venv/bin/python" >/dev/null
ninja -C "$build"
