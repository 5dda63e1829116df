#!/usr/bin/env bash
# Builds Meld with AddressSanitizer and UndefinedBehaviorSanitizer in
# build-asan/ and runs every test suite against that build, then the
# standalone runtime under ASan+UBSan and ThreadSanitizer
# (scripts/sanitize-runtime.sh). Slow on 2 cores (a full instrumented
# build); MELD_JOBS (default 2) limits parallel compile jobs. docs/testing.md
# says what ran and what it found.
#
# `--ci` instead runs what fits CI's budget (scripts/test.sh runs it): the
# build that scripts/fuzz.sh shares (scripts/configure-sanitized.sh:
# build-sanitize/, Python bindings off), the unit tests but the slowest
# (the parameterized suites over every program file and random seed, and
# the long-reduction ones, which compile hundreds of programs and run
# unsanitized in ctest; the install tests, which build against the
# installed library), every lit test, then the fuzzers' corpora and a
# fixed number of fuzzing runs per target from a fixed seed (scripts/fuzz.sh
# --ci). MELD_TEST_REPORTS=<dir> makes
# ctest and lit write JUnit files there.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$root/build-asan"
jobs=${MELD_JOBS:-2}

if [[ ${1:-} == --ci ]]; then
  sbuild=${MELD_SANITIZE_BUILD_DIR:-$root/build-sanitize}
  reports=${MELD_TEST_REPORTS:-}
  "$root/scripts/configure-sanitized.sh" || exit 1
  export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  status=0
  echo "=== unit tests under ASan+UBSan (all but the compiled-code suites) ==="
  (cd "$sbuild" && ctest -j2 --output-on-failure \
    -E '^Meld[.](Install[.]|Programs/|Seeds/|LongReductions[.])' \
    ${reports:+--output-junit "$reports/sanitized-ctest.xml"}) || status=1
  echo "=== compiler tests (lit) under ASan+UBSan ==="
  /usr/lib/llvm-22/bin/lit -s ${reports:+--xunit-xml-output "$reports/sanitized-lit.xml"} \
    "$sbuild/test" || status=1
  echo "=== fuzzers: corpora and regressions, then fixed runs from a fixed seed ==="
  "$root/scripts/fuzz.sh" --ci || status=1
  exit $status
fi

"$root/scripts/install-deps.sh" || exit 1
"$root/scripts/sanitize-runtime.sh" --install || exit 1

# Everything links the shared ASan runtime (found through an rpath), so
# that the Python extension, loaded into an uninstrumented python with that
# runtime preloaded, and the tools the Python tests start share one copy (a
# statically linked runtime refuses to start next to a preloaded one).
asan_rt=$(clang++-22 -print-file-name=libclang_rt.asan-x86_64.so)
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize=vptr,function"
link="-fsanitize=address,undefined -shared-libsan -Wl,-rpath,$(dirname "$asan_rt")"
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLLVM_ENABLE_ASSERTIONS=ON -DPython3_EXECUTABLE="$root/.venv/bin/python" \
  -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$link" -DCMAKE_SHARED_LINKER_FLAGS="$link" \
  -DCMAKE_MODULE_LINKER_FLAGS="$link" >/dev/null || exit 1
nice -n 10 ninja -C "$build" -j"$jobs" || exit 1

export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
echo "=== unit tests (ctest) under ASan+UBSan ==="
(cd "$build" && ctest -j2 --output-on-failure -E '^Meld[.]Install[.]') || status=1
# The install tests build an application against the installed (here
# instrumented) libMeld.so with plain flags: it starts only with the ASan
# runtime preloaded, and so do cmake and clang that the test runs, whose
# deliberate leaks at exit are not Meld's.
(cd "$build" && LD_PRELOAD="$asan_rt" ASAN_OPTIONS=detect_leaks=0 \
  ctest --output-on-failure -R '^Meld[.]Install[.]') || status=1
echo "=== compiler tests (lit) under ASan+UBSan ==="
/usr/lib/llvm-22/bin/lit -sv "$build/test" || status=1
# python itself is not instrumented: the ASan runtime is preloaded, and
# LeakSanitizer is off there (CPython and numpy keep memory until exit by
# design; Meld's own leaks are checked by ctest and lit above).
echo "=== numerical and binding tests (pytest) under ASan+UBSan ==="
MELD_BUILD_DIR="$build" LD_PRELOAD="$asan_rt" ASAN_OPTIONS=detect_leaks=0 \
  "$root/.venv/bin/python" -m pytest -q "$root/test/python" || status=1
MELD_BUILD_DIR="$build" "$root/scripts/sanitize-runtime.sh" || status=1
exit $status
