#!/usr/bin/env bash
# Builds Meld with Debian's default compiler, GCC 12, in build-gcc/ (or
# MELD_GCC_BUILD_DIR), and runs a smoke test of the result: a user's own
# CMake project may pick GCC, so the sources must stay portable C++17 for
# both compilers. scripts/build.sh (clang-22) stays the project's build.
# MELD_JOBS (default 2) limits parallel compile jobs; a full build takes
# about as long as the clang one.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_GCC_BUILD_DIR:-$root/build-gcc}
jobs=${MELD_JOBS:-2}

if ! command -v g++-12 >/dev/null; then
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
    --no-install-recommends g++-12
fi

cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=gcc-12 -DCMAKE_CXX_COMPILER=g++-12 \
  -DLLVM_ENABLE_ASSERTIONS=ON \
  -DPython3_EXECUTABLE="$root/.venv/bin/python" >/dev/null
nice -n 10 ninja -C "$build" -j"$jobs"

# The tools start and compile a program; the runtime's unit tests run.
"$build/bin/meld-run" --random-inputs "$root/examples/gelu.mlir" >/dev/null
"$build/bin/meld-compile" --targets=host -o "$build/gelu.meldb" \
  "$root/examples/gelu.mlir"
"$build/bin/meld-run" --random-inputs "$build/gelu.meldb" >/dev/null
echo "meld: the GCC 12 build works ($build)"
