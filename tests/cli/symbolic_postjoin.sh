#!/bin/sh
# symbolic_postjoin.sh: the parent's ops after the warp_specialize join are events whose round
# counts every arrival made before them (docs/symbolic.md §1, "Rounds after the join"):
# --symbolic proves tests/symbolic/postjoin.ok.ttgir (exit 0, all seven conditions) and finds
# postjoin.bug.ttgir's wrong parity after the join as a phase-agreement counterexample that the
# explorer confirms (exit 1). Before the rounds were encoded the ok kernel was unknown, and
# before that (the ops after the join ignored) the planted bug was "proved".
set -u
: "${TLXV:?}" "${SRC:?}"
d="$SRC/tests/symbolic"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0
"$TLXV" check "$d/postjoin.ok.ttgir" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 0 ] || [ "$(grep -c '^  [a-z-]* *proved ' "$out")" -ne 7 ]; then
  echo "FAIL ok: exit $rc, expected 0 and all seven conditions proved"; cat "$out"; fail=1
fi
"$TLXV" check "$d/postjoin.bug.ttgir" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 1 ] || ! grep -q 'postjoin.py:30:3: error: phase-agreement: .*confirmed by the explorer' "$out"; then
  echo "FAIL bug: exit $rc, expected 1 and a confirmed phase-agreement counterexample at 30:3"; cat "$out"; fail=1
fi
exit $fail
