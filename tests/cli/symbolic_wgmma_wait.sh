#!/bin/sh
# symbolic_wgmma_wait.sh: slot reuse ordered only by warp_group_dot_wait (the shape of Triton's
# software-pipelined Hopper matmul; tests/symbolic/wgmma-wait.ok.ttgir): --symbolic proves all seven
# conditions; with {pendings = 2} (wgmma-wait.bug.ttgir) the refill overwrites the slot the
# previous wgmma still reads: back-pressure is violated and the explorer confirms it (exit 1).
# wgmma-wait-pred.bug.ttgir: the same {pendings = 2} with a second wgmma group issued only in
# iteration 0: that group is not counted in the other iterations, so back-pressure is not proved
# (before the fix it was), and the explorer reports the race at the refill.
set -u
: "${TLXV:?}" "${SRC:?}"
d="$SRC/tests/symbolic"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0
"$TLXV" check "$d/wgmma-wait.ok.ttgir" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 0 ] || [ "$(grep -c '^  [a-z-]* *proved ' "$out")" -ne 7 ] ||
   ! grep -q '^  back-pressure *proved *[1-9]' "$out"; then
  echo "FAIL ok: exit $rc, expected 0 with seven proved conditions (back-pressure non-vacuous)"; cat "$out"; fail=1
fi
"$TLXV" check "$d/wgmma-wait.bug.ttgir" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 1 ] || ! grep -q 'back-pressure: main: overwrites a .*confirmed by the explorer' "$out"; then
  echo "FAIL bug: exit $rc, expected 1 with a confirmed back-pressure counterexample"; cat "$out"; fail=1
fi
"$TLXV" check "$d/wgmma-wait-pred.bug.ttgir" --symbolic >"$out" 2>&1
rc=$?
if [ $rc -ne 1 ] || grep -q '^  back-pressure *proved' "$out" ||
   ! grep -q 'wgmma_wait.py:23:5: error: race: cp.async issued by default writes a\[1\] while the wgmma' "$out"; then
  echo "FAIL pred: exit $rc, expected 1, back-pressure not proved, the race at the refill"; cat "$out"; fail=1
fi
exit $fail
