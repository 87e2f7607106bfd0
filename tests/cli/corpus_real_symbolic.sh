#!/bin/sh
# corpus_real_symbolic.sh: `check --symbolic` on every kernel of tests/corpus/real/ whose
# expected verdict is ok gets the result recorded in tests/corpus/real/symbolic.tsv (columns:
# file, result, why, cpu_s: the optimised run's CPU seconds on the 2-core VM, 2026-12-03, which
# only chooses the rows checked under the sanitizers): `proved` (all seven conditions proved), `counterexample` (a violation
# confirmed by the explorer), `unknown` (some condition unknown, none violated-and-confirmed;
# docs/symbolic.md §4 says why), `refused` (exit 2), `timeout` (over 60 s wall when the table was
# made, or since session 12 over 20 s of CPU; not run here by default: a wall-clock bound would
# make the test depend on the load). A timeout row's why column starts with the result its slow
# run gives (`proved`, `unknown` or `counterexample`, then the text); TLXV_SYM_SLOW=1 runs those
# rows too (300 s each) and compares that word, so a slow row's regression shows (session 17's
# 54639b2 turned a slow proved row unknown unseen). A row that
# changes fails, so a regression (proved -> unknown) and an improvement (unknown -> proved)
# both show; update the row with the improvement. Z3 queries are bounded by rlimit, so the
# results do not depend on the machine's load.
set -u
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/corpus_real_lib.sh"
. "$SRC/tests/tools/san_sample.sh"
san_init 4
# Under the sanitizers (15-20x the optimised time) only the rows whose cpu_s column (the
# optimised CPU seconds of the run, 2-core VM) is under 1 s are candidates, every 4th of them
# checked; a kernel's wall-clock bound is 300 s (a hang, not a result), 120 s under the
# sanitizers, past which a sampled row is reported and not compared.
limit=300 san_slow=0 cand=0
[ "$SAN_EVERY" = 1 ] || limit=120
S="$R/symbolic.tsv"
n=0 bad=0 slow=0
classify() { # FILE ARGS -> result
  f=$1 args=$2
  [ "$args" = "-" ] && args=""
  rc=0
  # shellcheck disable=SC2086 # ARGS is a list of options
  timeout "$limit" "$TLXV" check "$R/$f" $args --symbolic > "$T/sym" 2>&1 || rc=$?
  [ $rc = 124 ] && { echo timeout; return; }
  [ $rc = 2 ] && { echo refused; return; }
  grep -q 'confirmed by the explorer' "$T/sym" && { echo counterexample; return; }
  if [ "$(grep -c '^  [a-z-]* *proved ' "$T/sym")" = 7 ]; then echo proved; else echo unknown; fi
}
while IFS="$(printf '\t')" read -r file args verdict kinds source; do
  [ "$verdict" = ok ] || continue
  is_open "$file" && continue
  n=$((n + 1))
  want=$(awk -F'\t' -v f="$file" '$1 == f { print $2 }' "$S")
  if [ "$want" = timeout ]; then # its result: the why column's first word
    want=$(awk -F'\t' -v f="$file" '$1 == f { split($3, w, /[^a-z]/); print w[1] }' "$S")
    case "$want" in
      proved | unknown | counterexample) ;;
      *) echo "FAIL: $file: a timeout row whose why column does not start with its result" >&2
         bad=$((bad + 1)); continue ;;
    esac
    [ "${TLXV_SYM_SLOW:-0}" = 1 ] && [ "$SAN_EVERY" = 1 ] || { slow=$((slow + 1)); continue; }
  fi
  if [ "$SAN_EVERY" != 1 ]; then
    awk -F'\t' -v f="$file" '$1 == f && $4 != "-" && $4 + 0 < 1 { ok = 1 } END { exit !ok }' "$S" ||
      continue
    cand=$((cand + 1))
    san_pick "$cand" || continue
  fi
  got=$(classify "$file" "$args")
  if [ "$got" = timeout ] && [ "$SAN_EVERY" != 1 ]; then # san_sample.sh: a slow row, not a result
    echo "corpus_real_symbolic: $file: over ${limit} s under the sanitizers, not compared" \
      "(the optimised build compares it)"
    san_slow=$((san_slow + 1))
    continue
  fi
  if [ "$got" != "$want" ]; then
    echo "FAIL: $file: --symbolic gives $got, symbolic.tsv says ${want:-nothing}" >&2
    bad=$((bad + 1))
  fi
done < "$T/rows"
[ "$n" -ge 30 ] || { echo "FAIL: only $n kernels checked" >&2; exit 1; }
[ "$bad" = 0 ] || { echo "corpus_real_symbolic: $bad of $n rows differ" >&2; exit 1; }
san_note corpus_real_symbolic "$cand"
[ "$SAN_EVERY" = 1 ] || echo "corpus_real_symbolic: ($cand of $n rows under 1 s optimised were candidates)"
[ "$san_slow" = 0 ] || echo "corpus_real_symbolic: $san_slow sampled row(s) over ${limit} s under the sanitizers"
if [ "$SAN_EVERY" = 1 ]; then
  echo "corpus_real_symbolic: ok ($((n - slow)) kernels; $slow recorded as timeout, not run)"
else
  echo "corpus_real_symbolic: ok (the sample above, $san_slow of it not compared)"
fi
