#!/usr/bin/env bash
# The runtime's tests under the sanitizers, in a few minutes: builds the
# standalone runtime (runtime/, no MLIR, LLVM linked statically) twice,
#   build-runtime-asan/  AddressSanitizer + UndefinedBehaviorSanitizer
#                        (LeakSanitizer on),
#   build-runtime-tsan/  ThreadSanitizer,
# and runs its tests in each (backend tests, every conformance case, eight
# threads sharing executables, the C++ API) on the conformance cases that
# meld-conformance-data of the Meld build writes (MELD_BUILD_DIR, default
# build/, which must have been configured). The whole project under ASan
# and UBSan is scripts/test-sanitizers.sh.
#
# MELD_JOBS (default 2) limits parallel compile jobs; with MELD_TEST_REPORTS
# set, ctest writes JUnit files there (runtime-asan.xml, runtime-tsan.xml).
# `--install` only installs the sanitizer runtimes (libclang-rt-22-dev).
#
# What the sanitizers cannot see: the kernels are ORC-JIT'd machine code
# and LLVM is Debian's uninstrumented static libraries, so TSan and ASan
# check the runtime's own code (handles, streams, pools, graphs, the host
# thread pool's bookkeeping), not the memory accesses of compiled kernels;
# the conformance results check those.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_BUILD_DIR:-$root/build}
jobs=${MELD_JOBS:-2}

# The sanitizer runtimes (libclang_rt.*) are not part of clang-22.
if [[ $(dpkg-query -W -f='${Status}' libclang-rt-22-dev 2>/dev/null) != "install ok installed" ]]; then
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  echo "meld: installing libclang-rt-22-dev (sanitizer runtimes)"
  "${sudo[@]}" apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq \
      --no-install-recommends libclang-rt-22-dev || exit 1
fi
[[ ${1:-} == --install ]] && exit 0

# Host-only cases from the current compiler (seconds).
data="$root/build-runtime-asan/conformance"
ninja -C "$build" meld-conformance-data >/dev/null || exit 1
rm -rf "$data"
"$build/unittests/Runtime/meld-conformance-data" "$data" host || exit 1
export MELD_CONFORMANCE_DATA="$data"

export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

status=0
for sanitizer in asan tsan; do
  dir="$root/build-runtime-$sanitizer"
  case $sanitizer in
  asan) flags="-fsanitize=address,undefined -fno-sanitize=vptr,function" ;;
  tsan) flags="-fsanitize=thread" ;;
  esac
  echo "=== runtime under $sanitizer ($flags) ==="
  cmake -G Ninja -S "$root/runtime" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_FLAGS="$flags -fno-omit-frame-pointer" \
    -DCMAKE_CXX_FLAGS="$flags -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS="$flags" >/dev/null || { status=1; continue; }
  nice -n 10 ninja -C "$dir" -j"$jobs" || { status=1; continue; }
  junit=()
  if [[ -n ${MELD_TEST_REPORTS:-} ]]; then
    junit=(--output-junit "$MELD_TEST_REPORTS/runtime-$sanitizer.xml")
  fi
  (cd "$dir" && ctest -j2 --output-on-failure "${junit[@]}") || status=1
done
exit $status
