#!/usr/bin/env bash
# Installs, builds and runs every Meld test: GoogleTest unit tests (ctest),
# lit/FileCheck compiler tests, the pytest suite (the interpreter against
# numpy, the Python bindings, docs examples), the runtime's tests again
# in standalone builds under ASan+UBSan and TSan (scripts/sanitize-runtime.sh),
# then a sanitized build of the whole project (ASan+UBSan, Python bindings
# off) with most unit tests, every lit test, and the fuzzers' corpora and
# a few seconds of fuzzing per target (scripts/test-sanitizers.sh --ci).
# Ends with one summary line over all of them.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${MELD_BUILD_DIR:-$root/build}

"$root/scripts/install-deps.sh" || exit 1
"$root/scripts/build.sh" || exit 1

reports="$build/test-reports"
rm -rf "$reports" && mkdir -p "$reports"
status=0

echo "=== unit tests (ctest) ==="
# (two at a time, as the sanitizer scripts run theirs: CI's whole run had
# reached 82 of its 90 minutes)
(cd "$build" && ctest -j2 --output-on-failure --output-junit "$reports/ctest.xml") || status=1

echo "=== compiler tests (lit) ==="
/usr/lib/llvm-22/bin/lit -sv --xunit-xml-output "$reports/lit.xml" "$build/test" || status=1

echo "=== numerical tests (pytest) ==="
# (in two pytest-xdist workers: 13 minutes where one took 26)
MELD_BUILD_DIR="$build" "$root/.venv/bin/python" -m pytest -q -n 2 \
  --junitxml "$reports/pytest.xml" "$root/test/python" || status=1

echo "=== runtime under sanitizers (standalone build: ASan+UBSan, TSan) ==="
MELD_BUILD_DIR="$build" MELD_TEST_REPORTS="$reports" "$root/scripts/sanitize-runtime.sh" || status=1

echo "=== the whole project under ASan+UBSan: unit tests, lit, fuzzers ==="
MELD_TEST_REPORTS="$reports" "$root/scripts/test-sanitizers.sh" --ci || status=1

"$root/.venv/bin/python" "$root/scripts/summarize-junit.py" "$reports"/*.xml || status=1
exit $status
