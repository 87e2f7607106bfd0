#!/bin/sh
# symbolic_postjoin.sh: the parent's ops after the warp_specialize join are events: on a
# ring the partitions use their round is not encoded yet, so --symbolic says unknown (exit 3,
# no violation) for tests/symbolic/postjoin.ok.ttgir, and must not prove postjoin.bug.ttgir
# (a wait there with the wrong parity: a hang the explorer reports, exit 1). Before, the ops
# after the join were ignored and the planted bug was "proved" by all six conditions.
set -u
: "${TLXV:?}" "${SRC:?}"
d="$SRC/tests/symbolic"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0
"$TLXV" check "$d/postjoin.ok.ttgir" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 3 ] || grep -q ' violated ' "$out" || ! grep -q 'unknown .*after the join' "$out"; then
  echo "FAIL ok: exit $rc, expected 3 (unknown after the join), no violation"; cat "$out"; fail=1
fi
"$TLXV" check "$d/postjoin.bug.ttgir" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 1 ] || [ "$(grep -c '^  [a-z-]* *proved ' "$out")" -eq 6 ]; then
  echo "FAIL bug: exit $rc, expected 1 and not all six conditions proved"; cat "$out"; fail=1
fi
exit $fail
