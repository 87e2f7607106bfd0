#!/bin/sh
# The whole test suite: installs dependencies, then builds and runs every test twice, once
# optimised (build-test/) and once under AddressSanitizer + UBSan (build-asan/), then runs
# the two fuzz targets briefly (clang libFuzzer, tests/fuzz/run.sh): the parser for
# FUZZ_SECONDS (default 60), the machine model and explorer for FUZZ_CHECK_SECONDS (default 60).
# Exit status: 0 only if all passed.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
J="$(nproc)"
# skipped DIR: how many tests of the last ctest run in DIR were skipped, and why (each skipping
# test exits 77 and prints "SKIPPED: <why>"; ctest counts it as skipped, not passed).
skipped() {
  log="$1/Testing/Temporary/LastTest.log"
  n=$(grep -c 'SKIPPED: ' "$log" 2>/dev/null || true)
  echo "== $1: ${n:-0} test(s) skipped"
  grep -h 'SKIPPED: ' "$log" 2>/dev/null | sed 's/^/   /' || true
}
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-test -j"$J"
(cd build-test && ctest --output-on-failure -j"$J")
skipped build-test
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTLXV_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$J"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j"$J")
skipped build-asan
if [ -x tests/fuzz/run.sh ]; then tests/fuzz/run.sh "${FUZZ_SECONDS:-60}" "${FUZZ_CHECK_SECONDS:-60}"; fi
echo "test.sh: all tests passed"
