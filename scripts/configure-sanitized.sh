#!/usr/bin/env bash
# Configures and builds the sanitized build that scripts/fuzz.sh and
# scripts/test-sanitizers.sh --ci share: all of Meld (the Python bindings
# and the installed shared library excepted) with AddressSanitizer +
# UndefinedBehaviorSanitizer and libFuzzer's coverage instrumentation, in
# build-sanitize/
# (MELD_SANITIZE_BUILD_DIR). Arguments are the ninja targets to build
# (default: all). MELD_JOBS (default 2) limits parallel compile jobs.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_SANITIZE_BUILD_DIR:-$root/build-sanitize}
jobs=${MELD_JOBS:-2}

"$root/scripts/sanitize-runtime.sh" --install
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer"
flags+=" -fno-sanitize=vptr,function -fno-sanitize-recover=undefined"
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLLVM_ENABLE_ASSERTIONS=ON -DMELD_ENABLE_PYTHON_BINDINGS=OFF \
  -DMELD_ENABLE_INSTALL=OFF \
  -DMELD_ENABLE_FUZZERS=ON -DPython3_EXECUTABLE="$root/.venv/bin/python" \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
nice -n 10 ninja -C "$build" -j"$jobs" "$@"
