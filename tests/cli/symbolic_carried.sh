#!/bin/sh
# symbolic_carried.sh: slot views carried into a padded nest's inner loop (docs/symbolic.md,
# Session 38). tests/symbolic/kv-lag.ok carries the previous K step's V buffer and barrier views
# into the K loop (the FA MMA partition's pattern). Their slot is a term (sym_exec.c
# sym_term_width) proved a shadow of the kv index (sym_pad_roll.c); the views take it as their
# index only with TLXV_SYM_CARRIED=1 (sym_carried_view.c slot_term_view, experimental: the FA
# rows cost minutes of CPU with it). With it, kv-lag.ok is proved, all seven (six until session
# 39, back-pressure at Z3's limit; kv-lag-int.ok, the same with an integer carried slot, is
# proved by default in tests/symbolic/expected.tsv), and the
# phase bug of kv-lag-phase.bug is a counterexample the explorer confirms; without it (the
# default, kept in tests/symbolic/expected.tsv) neither.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh" # T, fail, run
. "$SRC/tests/tools/san_sample.sh"
san_init 1
S="$SRC/tests/symbolic"
proved() { grep -q "^  $1 *proved " "$T/o.txt" || fail "$2: $1 not proved: $(grep "^  $1 " "$T/o.txt")"; }
TLXV_SYM_CARRIED=1 run 0 check "$S/kv-lag.ok.ttgir" --symbolic
for c in phase-agreement arrival-balance byte-balance bounds back-pressure proxy-fence progress; do proved "$c" kv-lag.ok; done
! grep -q '^  [a-z-]* *violated ' "$T/o.txt" || fail "kv-lag.ok: a violation: $(grep violated "$T/o.txt")"
TLXV_SYM_CARRIED=1 run 1 check "$S/kv-lag-phase.bug.ttgir" --symbolic
grep -q '^  phase-agreement *violated ' "$T/o.txt" || fail "kv-lag-phase.bug: $(grep '^  phase' "$T/o.txt")"
grep -q 'phase-agreement: .*confirmed by the explorer' "$T/o.txt" ||
  fail "kv-lag-phase.bug: not confirmed: $(grep 'phase-agreement:' "$T/o.txt" | head -2)"
# without the flag the carried views stay unnumbered
run 3 check "$S/kv-lag.ok.ttgir" --symbolic
grep -q '^  phase-agreement *unknown .*a read after the wait has no sequence number' "$T/o.txt" ||
  fail "kv-lag.ok without TLXV_SYM_CARRIED: $(grep '^  phase' "$T/o.txt")"
echo "symbolic_carried: ok"
