#!/bin/sh
# check_por.sh: partial-order reduction and canonical states against the plain naive search
# (--no-reduction: neither) on every kernel
# small enough for the naive mode (corpus with default and small arguments, examples, checker
# kernels): same verdict, same first bug (kind and line), same set of bug kinds found first
# per kind; and the reduction never explores more states than the naive search.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
n=0
one() {
  f=$1
  shift
  "$TLXV" "$f" "$@" --format json > "$T/p.json" 2>/dev/null || true
  "$TLXV" "$f" "$@" --no-reduction --format json > "$T/n.json" 2>/dev/null || true
  q='[.verdict, (.bugs[0] // {} | (.kind // "-") + ":" + ((.loc.line // 0) | tostring))]'
  p=$(jq -c "$q" "$T/p.json")
  r=$(jq -c "$q" "$T/n.json")
  [ "$p" = "$r" ] || fail "$(basename "$f") $*: reduction $p, naive $r"
  # refused at an op (exit 2 and no report, e.g. tests/checkers/loaded-bound-chase): no search
  # to compare, but both modes must refuse
  if [ ! -s "$T/p.json" ] || [ ! -s "$T/n.json" ]; then
    [ ! -s "$T/p.json" ] && [ ! -s "$T/n.json" ] || fail "$(basename "$f") $*: one mode refused, the other not"
    return 0
  fi
  sp=$(jq .stats.states "$T/p.json")
  sn=$(jq .stats.states "$T/n.json")
  [ "$sp" -le "$sn" ] || fail "$(basename "$f"): reduction explored $sp states, naive $sn"
  n=$((n + 1))
}
for f in "$SRC"/tests/corpus/gluon/*.ttgir; do
  one "$f"
  one "$f" --arg xnumel=256 --arg ynumel=512
done
for f in "$SRC"/examples/hopper_gemm_ws/*.ttgir; do one "$f" --arg M=128 --arg N=128 --arg K=256; done
for f in "$SRC"/examples/hopper_attention_ws/*.ttgir; do one "$f" --arg N_CTX=256; done
for f in "$SRC"/examples/blackwell_gemm_tcgen05/*.ttgir; do one "$f" --arg M=256 --arg N=256 --arg K=256; done
for f in "$SRC"/tests/checkers/*.ttgir; do one "$f"; done
# kernels whose search the canonical states (dead phase-alias intents, sim_canon.c) or the
# MMA effects with more than two barriers (sim_effects.c) shrink: the naive search of each
# takes at most ~2 s
for k in consan_90_ws_two_producers_two_consumers.0 consan_90_ws_two_producers_two_consumers.1 \
         consan_90_ws_two_producers_two_consumers.2 consan_90_ws_two_loads_one_bar.1 \
         triton_t06_attention_ws_100.ok triton_t06_attention_ws_causal_100.ok triton_t09_tma_ws_100.ok; do
  one "$SRC/tests/corpus/real/$k.ttgir"
done
# paired-CTA kernels (cta_group::2: the paired ops' effects, sim_effects.c pair_effect), with the
# arguments of tests/pair/expected.tsv; the naive search of each takes at most ~2 s
tail -n +2 "$SRC/tests/pair/expected.tsv" > "$T/pair"
while IFS="$(printf '\t')" read -r file _ _ _ args; do
  # shellcheck disable=SC2086
  [ -z "$file" ] || one "$SRC/tests/pair/$file" $args < /dev/null
done < "$T/pair"
[ "$n" -ge 75 ] || fail "only $n comparisons"
echo "check_por: $n kernels agree"
