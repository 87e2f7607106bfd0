#!/bin/sh
# check_two_bugs.sh: a proxy-fence bug does not end its path (sim/sim_proxy.c): the bug after it
# on the same path is reported too. tests/checkers/two-bugs.bug has both planted in one thread's
# loop: no fence between its store and its TMA store (proxy-fence, first iteration) and no TMA
# store wait before the next iteration's store (race, second iteration); the explorer reports
# both, each at its line (before session 39, the proxy-fence bug alone). Also the real kernel
# with the same two bugs, ConSan's test_consan.py mma_read_local_alloc_write (its test asserts
# the race; the proxy fence is missing as well).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
both() { # FILE RACE-LOC PROXY-LOC
  rc=0; "$TLXV" check "$1" -q > "$T/o.txt" 2>&1 || rc=$?
  [ $rc = 1 ] || fail "$1: exit $rc, expected 1: $(head -3 "$T/o.txt")"
  grep -q "^$3: error: proxy-fence: " "$T/o.txt" || fail "$1: no proxy-fence bug at $3: $(grep error "$T/o.txt")"
  grep -q "^$2: error: race: " "$T/o.txt" || fail "$1: no race at $2: $(grep error "$T/o.txt")"
  rc=0; "$TLXV" check "$1" --format json > "$T/o.json" 2>&1 || rc=$?
  [ "$(jq '[.bugs[].kind] | sort | join(",")' "$T/o.json")" = '"proxy-fence,race"' ] ||
    fail "$1: json kinds $(jq -c '[.bugs[].kind]' "$T/o.json")"
}
both "$SRC/tests/checkers/two-bugs.bug.ttgir" checkers.py:20:5 checkers.py:20:5
both "$SRC/tests/corpus/real/consan_100_mma_read_local_alloc_write.0.ttgir" test_consan.py:1854:92 test_consan.py:1854:92
echo "check_two_bugs: ok"
