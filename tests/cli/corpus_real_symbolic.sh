#!/bin/sh
# corpus_real_symbolic.sh: `check --symbolic` on every kernel of tests/corpus/real/ whose
# expected verdict is ok gets the result recorded in tests/corpus/real/symbolic.tsv (columns:
# file, result, why): `proved` (all seven conditions proved), `counterexample` (a violation
# confirmed by the explorer), `unknown` (some condition unknown, none violated-and-confirmed;
# docs/symbolic.md §4 says why), `refused` (exit 2), `timeout` (over 60 s when the table was
# made; not run here: a wall-clock bound would make the test depend on the load). A row that
# changes fails, so a regression (proved -> unknown) and an improvement (unknown -> proved)
# both show; update the row with the improvement. Z3 queries are bounded by rlimit, so the
# results do not depend on the machine's load.
set -u
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/corpus_real_lib.sh"
S="$R/symbolic.tsv"
n=0 bad=0 slow=0
classify() { # FILE ARGS -> result
  f=$1 args=$2
  [ "$args" = "-" ] && args=""
  rc=0
  # shellcheck disable=SC2086 # ARGS is a list of options
  timeout 300 "$TLXV" check "$R/$f" $args --symbolic > "$T/sym" 2>&1 || rc=$?
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
  [ "$want" = timeout ] && { slow=$((slow + 1)); continue; }
  got=$(classify "$file" "$args")
  if [ "$got" != "$want" ]; then
    echo "FAIL: $file: --symbolic gives $got, symbolic.tsv says ${want:-nothing}" >&2
    bad=$((bad + 1))
  fi
done < "$T/rows"
[ "$n" -ge 30 ] || { echo "FAIL: only $n kernels checked" >&2; exit 1; }
[ "$bad" = 0 ] || { echo "corpus_real_symbolic: $bad of $n rows differ" >&2; exit 1; }
echo "corpus_real_symbolic: ok ($((n - slow)) kernels; $slow recorded as timeout, not run)"
