#!/bin/sh
# symbolic_confirm.sh: a symbolic counterexample is confirmed only when the explorer's bug at its
# arguments is the condition's (cli/cli_symmatch.c: a kind the condition accounts for, at its op
# or sites). ConSan's tcgen5_mma.2 has two bugs: a tmem_load of the accumulator before the wait
# on the MMA's commit (back-pressure; the explorer's race at test_consan.py:404:23) and a
# local_alloc with a value TMA-stored without a fence (proxy-fence at 406:46): the race ends the
# explorer's path first, so the proxy-fence counterexample is "not confirmed" (it was called
# confirmed when any bug counted), the back-pressure one confirmed; exit 1 (a bug was found).
# examples/trip_count/ws_add_nb3_phase_i: four waits with wrong parities; the explorer's
# deadlock at ynumel=80 is at one of them, which alone is confirmed.
# tests/symbolic/i64-counter.bug (phase-agreement violated) has back-pressure and progress
# "proved" for the rounds phase-agreement defines: a note says so (sym_result.c); the .ok has none.
set -u
: "${TLXV:?}" "${SRC:?}"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0
rc=0
"$TLXV" check "$SRC/tests/corpus/real/consan_100_tcgen5_mma.2.ttgir" --symbolic >"$out" 2>&1 || rc=$?
[ $rc -eq 1 ] || { echo "FAIL tcgen5_mma.2: exit $rc, expected 1"; fail=1; }
grep -q "test_consan.py:404:23: error: back-pressure: .*(confirmed by the explorer)" "$out" ||
  { echo "FAIL tcgen5_mma.2: back-pressure not confirmed"; fail=1; }
grep -q "test_consan.py:406:46: warning: proxy-fence: .*(not confirmed: the explorer found race at test_consan.py:404:23 instead)" "$out" ||
  { echo "FAIL tcgen5_mma.2: proxy-fence should be not confirmed (the explorer's race)"; fail=1; }
[ $fail = 0 ] || cat "$out"
rc=0
"$TLXV" check "$SRC/examples/trip_count/ws_add_nb3_phase_i.ttgir" --arg ynumel=64 --symbolic >"$out" 2>&1 || rc=$?
n_ok=$(grep -c "error: phase-agreement: .*confirmed by the explorer)" "$out")
n_not=$(grep -c "warning: phase-agreement: .*not confirmed: the explorer found deadlock at kernels.py:87:40 instead)" "$out")
if [ $rc -ne 1 ] || [ "$n_ok" -ne 1 ] || [ "$n_not" -ne 3 ] ||
   ! grep -q "kernels.py:87:40: error: phase-agreement: .*confirmed by the explorer)" "$out"; then
  echo "FAIL nb3_phase_i: exit $rc, $n_ok confirmed, $n_not not confirmed; expected 1, 1, 3"; cat "$out"; fail=1
fi
for k in bug ok; do
  "$TLXV" check "$SRC/tests/symbolic/i64-counter.$k.ttgir" --symbolic >"$out" 2>&1
  n=$(grep -c '^  note: back-pressure and progress count the rounds phase-agreement defines' "$out")
  want=1
  [ $k = ok ] && want=0
  [ "$n" = $want ] || { echo "FAIL i64-counter.$k: $n notes on the conditions that rest on phase-agreement, expected $want"; cat "$out"; fail=1; }
done
[ $fail = 0 ] && echo "symbolic_confirm: ok"
exit $fail
