#!/bin/sh
# explain_roundtrip.sh (issue 15): for every kernel in tests/ and examples/ whose first bug is
# a stuck state (agents that wait forever), render that state from `check --format json` as a
# hand list, a cuda-gdb `info cuda threads` table and a hang record (tests/tools/render_obs.py);
# `explain` must recover check's bug kind and primary line from each (exit 1). Moving one
# agent to a line where no schedule blocks it (an init op, run once by the default partition)
# must give "no matching state" (exit 5).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
n=0
for k in "$SRC"/tests/corpus/gluon/ws_add.bug*.ttgir "$SRC"/tests/checkers/*.bug.ttgir \
         "$SRC"/examples/*/*.bug*.ttgir; do
  rc=0
  timeout 120 "$TLXV" check "$k" --format json --time-limit 60 > "$T/c.json" 2> /dev/null || rc=$?
  [ $rc = 1 ] || continue
  rc=0
  python3 "$SRC/tests/tools/render_obs.py" "$T/c.json" "$k" "$T" || rc=$?
  [ $rc = 0 ] || continue
  kind=$(jq -r '.bugs[0].kind' "$T/c.json")
  line=$(jq -r '.bugs[0].loc.line' "$T/c.json")
  for f in list.txt gdb.txt rec.json; do
    rc=0
    # shellcheck disable=SC2046
    "$TLXV" explain "$k" --observed "$T/$f" $(cat "$T/args") --format json > "$T/x.json" 2> "$T/err" || rc=$?
    [ $rc = 1 ] || fail "$(basename "$k") $f: exit $rc: $(cat "$T/err")"
    got=$(jq -r '[.report.bugs[0].kind, .report.bugs[0].loc.line] | map(tostring) | join(" ")' "$T/x.json")
    [ "$got" = "$kind $line" ] || fail "$(basename "$k") $f: explain gives '$got', check '$kind $line'"
  done
  # one agent moved to a line where it never blocks
  init=$(jq -r '.bugs[0].trace[0].loc | "\(.file):\(.line)"' "$T/c.json")
  last=$(grep -v '^#' "$T/list.txt" | tail -n 1 | cut -d' ' -f1)
  grep -v "^$last " "$T/list.txt" > "$T/moved.txt"
  echo "$last $init" >> "$T/moved.txt"
  rc=0
  # shellcheck disable=SC2046
  "$TLXV" explain "$k" --observed "$T/moved.txt" $(cat "$T/args") > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = 5 ] || fail "$(basename "$k") moved $last to $init: exit $rc (want 5): $(cat "$T/out" "$T/err")"
  grep -q "no reachable state matches" "$T/out" || fail "$(basename "$k"): no 'no reachable state' line"
  n=$((n + 1))
done
[ $n -ge 6 ] || fail "only $n kernels with a stuck state were round-tripped"
echo "explain round trip: $n kernels x 3 formats"
