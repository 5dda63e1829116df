#!/usr/bin/env bash
# Builds Meld with AddressSanitizer and UndefinedBehaviorSanitizer in
# build-asan/ and runs every test suite against that build, then the
# standalone runtime under ASan+UBSan and ThreadSanitizer
# (scripts/sanitize-runtime.sh). Slow on 2 cores (a full instrumented
# build); MELD_JOBS (default 2) limits parallel compile jobs. docs/testing.md
# says what ran and what it found.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$root/build-asan"
jobs=${MELD_JOBS:-2}

"$root/scripts/install-deps.sh" || exit 1
"$root/scripts/sanitize-runtime.sh" --install || exit 1
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize=vptr,function"
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLLVM_ENABLE_ASSERTIONS=ON -DPython3_EXECUTABLE="$root/.venv/bin/python" \
  -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null || exit 1
nice -n 10 ninja -C "$build" -j"$jobs" || exit 1

export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
(cd "$build" && ctest -j2 --output-on-failure) || status=1
/usr/lib/llvm-22/bin/lit -sv "$build/test" || status=1
MELD_BUILD_DIR="$build" "$root/.venv/bin/python" -m pytest -q "$root/test/python" || status=1
MELD_BUILD_DIR="$build" "$root/scripts/sanitize-runtime.sh" || status=1
exit $status
