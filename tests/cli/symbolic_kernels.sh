#!/bin/sh
# symbolic_kernels.sh: `check --symbolic` on each kernel of tests/symbolic/expected.tsv (hand-written
# kernels, one correct and one planted bug per encoding of docs/symbolic.md) gives the recorded
# result: `proved` (exit 0, all seven conditions proved; `proved:TEXT`: and TEXT is printed, e.g. an
# assumption of the encoding), `violated:COND` (exit 1, a counterexample
# of COND confirmed by the explorer; `violated:COND@FILE:LINE:COL`: reported at that op) or `unknown` (no condition violated, not all proved; exit 3,
# or 1 when the explicit check finds the planted bug; `unknown:C1,!C2,...`: and condition C1 proved,
# C2 not proved) or `warned:COND` (exit 1: the explicit check finds the planted bug, and COND's
# counterexample over a loaded value is printed as a warning, not reproduced by the explorer).
set -u
: "${TLXV:?}" "${SRC:?}"
d="$SRC/tests/symbolic"
. "$SRC/tests/tools/san_sample.sh"
san_init 4
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0 n=0
tab=$(printf '\t')
while IFS="$tab" read -r file args want what; do
  [ "$file" = file ] && continue
  [ "$args" = "-" ] && args=""
  n=$((n + 1))
  san_pick "$n" || continue
  rc=0
  # shellcheck disable=SC2086 # ARGS is a list of options
  "$TLXV" check "$d/$file" $args --symbolic >"$out" 2>&1 || rc=$?
  proved=$(grep -c '^  [a-z-]* *proved ' "$out")
  case "$want" in
    proved) [ $rc -eq 0 ] && [ "$proved" -eq 7 ] && continue ;;
    proved:*) [ $rc -eq 0 ] && [ "$proved" -eq 7 ] && grep -qF "${want#proved:}" "$out" && continue ;;
    unknown) [ $rc -eq 3 ] || [ $rc -eq 1 ] && [ "$proved" -lt 7 ] &&
      ! grep -q '^  [a-z-]* *violated ' "$out" && continue ;;
    unknown:*) # unknown, and each listed condition proved (COND) or not proved (!COND)
      ok=1
      for c in $(echo "${want#unknown:}" | tr ',' ' '); do
        case "$c" in
          !*) grep -q "^  ${c#!} *proved " "$out" && ok=0 ;;
          *) grep -q "^  $c *proved " "$out" || ok=0 ;;
        esac
      done
      [ $ok = 1 ] && { [ $rc -eq 3 ] || [ $rc -eq 1 ]; } && [ "$proved" -lt 7 ] &&
        ! grep -q '^  [a-z-]* *violated ' "$out" && continue ;;
    warned:*)
      cond=${want#warned:}
      [ $rc -eq 1 ] && grep -q "warning: $cond: .*(not reproduced by the explorer)" "$out" && continue ;;
    violated:*@*) # violated:COND@LOC: the counterexample is reported at the op at LOC
      cond=${want#violated:}
      loc=${cond#*@}
      cond=${cond%%@*}
      [ $rc -eq 1 ] && grep -q "^$loc: error: $cond: .*confirmed by the explorer" "$out" && continue ;;
    violated:*)
      cond=${want#violated:}
      [ $rc -eq 1 ] && grep -q "error: $cond: .*confirmed by the explorer" "$out" && continue ;;
  esac
  echo "FAIL $file ($what): exit $rc, $proved conditions proved; expected $want"
  cat "$out"
  fail=1
done < "$d/expected.tsv"
[ "$n" -ge 2 ] || { echo "FAIL: only $n kernels"; exit 1; }
san_note symbolic_kernels "$n"
[ $fail = 0 ] && echo "symbolic_kernels: ok ($n kernels)"
exit $fail
