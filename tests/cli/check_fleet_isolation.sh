#!/bin/sh
# check_fleet_isolation.sh: in a fleet, a kernel whose check runs out of memory or is killed
# is an error of that kernel only: the others are checked and reported, and the exit is 2
# (issue 13, "Fleets": one process per kernel).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
G="$SRC/tests/corpus/gluon"
A="--arg xnumel=256 --arg ynumel=256"

# out of memory: a 13 MB kernel under a 150 MB address-space limit (each child inherits it; the
# command maps no Z3, OpenBLAS or Graphviz since issue 13 start-up: the small kernel needs < 120 MB);
# an AddressSanitizer build reserves terabytes of shadow memory, so `ulimit -v` cannot bound it
if ! grep -q __asan_init "$TLXV"; then
  mkdir -p "$T/oom/a" "$T/oom/b"
  cp "$G/ws_add.bug0.ttgir" "$T/oom/a/small.ttgir"
  python3 "$SRC/tests/tools/genops.py" 248000 "$G/ws_add.bug0.ttgir" > "$T/oom/b/big.ttgir"
  rc=0
  (ulimit -v 150000 && "$TLXV" check "$T/oom" $A -j2) > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = 2 ] || fail "oom: exit $rc (want 2): $(cat "$T/out" "$T/err")"
  grep -q 'a/small.ttgir: verified' "$T/out" || fail "oom: the small kernel was not verified: $(cat "$T/out")"
  grep -q 'b/big.ttgir: error: .*out of memory' "$T/out" || fail "oom: no error line: $(cat "$T/out")"
  grep -q '1 verified, 0 bug, 0 inconclusive, 1 error; exit 2' "$T/out" || fail "oom: summary: $(tail -1 "$T/out")"
fi

# killed: two slow kernels at -j2; one child is killed (SIGKILL, what the OOM killer sends)
mkdir -p "$T/kill"
python3 "$SRC/tests/tools/genops.py" 60000 "$G/ws_add.bug0.ttgir" > "$T/kill/a.ttgir"
cp "$T/kill/a.ttgir" "$T/kill/b.ttgir"
"$TLXV" check "$T/kill" $A -j2 > "$T/out" 2> "$T/err" &
fleet=$!
child=""
n=0
while [ -z "$child" ] && [ $n -lt 400 ]; do
  # the fleet's first child, from /proc (field 4 of /proc/PID/stat is the parent's id)
  child=$(cat /proc/[0-9]*/stat 2> /dev/null | awk -v p="$fleet" '$4 == p { print $1; exit }')
  [ -n "$child" ] || sleep 0.02
  n=$((n + 1))
done
[ -n "$child" ] || fail "kill: no child of the fleet appeared"
kill -KILL "$child"
rc=0
wait "$fleet" || rc=$?
[ $rc = 2 ] || fail "kill: exit $rc (want 2): $(cat "$T/out" "$T/err")"
grep -q ': error: the check was killed by signal 9' "$T/out" || fail "kill: no killed line: $(cat "$T/out")"
grep -q '1 verified, 0 bug, 0 inconclusive, 1 error; exit 2' "$T/out" || fail "kill: summary: $(cat "$T/out")"
echo "check_fleet_isolation: ok"
