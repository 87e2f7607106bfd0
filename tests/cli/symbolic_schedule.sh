#!/bin/sh
# --symbolic on a kernel whose bug needs more iterations than the pinned size: the explicit
# run at ynumel=64 passes, the symbolic layer finds ynumel=144, and the explicit explorer's
# report with those arguments (its schedule) is printed after the symbolic section.
set -u
F="$SRC/examples/trip_count/ws_add_norelease.ttgir"
out=$("$TLXV" "$F" --arg xnumel=256 --arg ynumel=64 --symbolic 2>&1); rc=$?
fail() { echo "FAIL: $1"; printf '%s\n' "$out"; exit 1; }
[ "$rc" -eq 1 ] || fail "exit code $rc, want 1"
# the explicit run's verdict line (after its coverage line) comes first, before the symbolic section
printf '%s\n' "$out" | grep -m1 -E '\.ttgir: (verified|bug|inconclusive)' | grep -q 'verified: no bug in any schedule' ||
  fail "explicit run at ynumel=64 should verify"
printf '%s\n' "$out" | grep -q 'the explicit explorer with ynumel=144 shows the counterexample:' || fail "no confirming run"
printf '%s\n' "$out" | sed -n '/shows the counterexample:/,$p' | grep -q '^kernels.py:75:40: error: deadlock:' || fail "no deadlock report in the confirming run"
printf '%s\n' "$out" | sed -n '/shows the counterexample:/,$p' | grep -q 'schedule, ' || fail "no schedule in the confirming run"
# a kernel the explicit run already shows buggy prints no second report
out=$("$TLXV" "$SRC/tests/corpus/gluon/ws_add.bug2.ttgir" --arg xnumel=256 --arg ynumel=2048 --symbolic 2>&1)
printf '%s\n' "$out" | grep -q 'shows the counterexample' && fail "second report printed although the explicit run found the bug"
echo ok
