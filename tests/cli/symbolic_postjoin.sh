#!/bin/sh
# symbolic_postjoin.sh: the parent's ops after the warp_specialize join are encoded
# (tests/symbolic/postjoin.ok.ttgir: proved); a wait there with the wrong parity
# (postjoin.bug.ttgir, a hang) is a phase-agreement counterexample confirmed by the explorer.
# Before, the ops after the join were not encoded and the planted bug was "proved".
set -u
: "${TLXV:?}" "${SRC:?}"
d="$SRC/tests/symbolic"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0
"$TLXV" check "$d/postjoin.ok.ttgir" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 0 ] || [ "$(grep -c '^  [a-z-]* *proved ' "$out")" -ne 6 ]; then
  echo "FAIL ok: exit $rc, expected 0 with six proved conditions"; cat "$out"; fail=1
fi
"$TLXV" check "$d/postjoin.bug.ttgir" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 1 ] || ! grep -q 'phase-agreement: default: wait on done.*confirmed by the explorer' "$out"; then
  echo "FAIL bug: exit $rc, expected 1 with a confirmed phase-agreement counterexample"; cat "$out"; fail=1
fi
exit $fail
