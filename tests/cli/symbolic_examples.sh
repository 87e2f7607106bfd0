#!/bin/sh
# symbolic_examples.sh: `check --symbolic` on the example kernels (examples/*/symbolic.tsv):
# correct kernels proved for every argument value (five conditions, exit 0); planted bugs
# violate the listed condition with the listed smallest counterexample, confirmed by the
# explicit explorer; bugs outside the encoding ("explicit": proxy fences, the TMEM accumulator's
# release order) are found by the explicit check while the five conditions hold.
set -u
: "${TLXV:?}" "${SRC:?}"
tab=$(printf '\t')
fail=0
rows=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
bad() { echo "FAIL $*"; cat "$out"; fail=1; }
run_dir() {
  dir=$1
  shift
  while IFS="$tab" read -r file symbolic condition cex; do
    [ "$file" = file ] && continue
    rows=$((rows + 1))
    "$TLXV" check "$SRC/examples/$dir/$file" "$@" --symbolic >"$out" 2>&1
    rc=$?
    proved=$(grep -c '^  [a-z-]* *proved ' "$out")
    case "$symbolic" in
    verified)
      [ $rc -eq 0 ] && [ "$proved" -eq 5 ] || bad "$file: exit $rc, $proved proved; expected 0 and 5" ;;
    explicit)
      [ $rc -eq 1 ] && [ "$proved" -eq 5 ] && grep -q "error: $condition:" "$out" ||
        bad "$file: exit $rc, $proved proved; expected 1, five proved and an explicit $condition" ;;
    bug)
      n=$(grep -F "error: $condition:" "$out" | grep -c -F "($cex; confirmed by the explorer)")
      [ $rc -eq 1 ] && [ "$n" -ge 1 ] ||
        bad "$file: exit $rc; expected 1 with a $condition violation ($cex; confirmed by the explorer)" ;;
    *) bad "$file: unknown expectation $symbolic" ;;
    esac
  done <"$SRC/examples/$dir/symbolic.tsv"
}
run_dir hopper_gemm_ws --arg M=128 --arg N=128 --arg K=256
run_dir hopper_attention_ws --arg N_CTX=256
run_dir blackwell_gemm_tcgen05 --arg M=128 --arg N=128 --arg K=256
[ $rows -ge 21 ] || { echo "FAIL: only $rows rows"; fail=1; }
exit $fail
