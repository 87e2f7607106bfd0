#!/bin/sh
# check_grid_bounds.sh: grid sizes are computed in 64 bits (issue 11: --grid 65536,65536, now
# beyond CUDA's y limit, and 65536,65535
# overflowed int32, SIGFPE), and a grid larger than the programs compared still reports the
# race found among the programs that were compared (they are programs of the larger grid);
# only a partial grid without a bug is inconclusive. The report says which programs.
set -eu
: "${TLXV:?}" "${SRC:?}"
fail() { echo "FAIL: $*" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
BUG="$SRC/tests/checkers/race-grid.bug.ttgir"
OK="$SRC/tests/checkers/race-grid.ok.ttgir"
expect() { # exit-code "text" args...
  want=$1 text=$2
  shift 2
  rc=0
  "$TLXV" check "$@" --arg ynumel=16 > "$T/out" 2>&1 || rc=$?
  [ $rc = "$want" ] || fail "exit $rc (want $want) for: $*: $(tail -3 "$T/out")"
  grep -q -- "$text" "$T/out" || fail "no '$text' for: $*: $(tail -3 "$T/out")"
}
expect 1 "programs 0..65535 of 4294901760" "$BUG" --grid 65536,65535
grep -q "bug (1 bug)" "$T/out" || fail "65536,65536: not one bug"
expect 1 "programs 0..65535 of 65537" "$BUG" --grid 65537
expect 1 "programs (0,0,0) and (0,1,0) both write" "$BUG" --grid 300,300
expect 3 "inconclusive: the global writes of only programs 0..65535 of 65537" "$OK" --grid 65537
expect 0 "verified" "$OK" --grid 4
echo "check_grid_bounds: ok"
