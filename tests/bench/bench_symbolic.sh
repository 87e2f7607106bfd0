#!/bin/sh
# bench_symbolic.sh: `check --symbolic` per kernel (corpus, examples, trip-count variants):
# wall time of the whole command (explicit check with the Z3-chosen default arguments, the six
# conditions, confirmation runs), the symbolic layer alone (its own clock, JSON
# .symbolic.seconds), the layer's verdict and the conditions proved. Best of REPEAT runs.
# Usage: TLXV=path/to/tlx-verify tests/bench/bench_symbolic.sh [REPEAT]
# docs/performance.md ("Symbolic layer") records results; the goal is < 1 s per kernel.
set -eu
export OPENBLAS_NUM_THREADS=1 # see bench_verify.sh
: "${TLXV:?TLXV must name the tlx-verify binary}"
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
REPEAT=${1:-1}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '%-44s %-9s %8s %8s %7s\n' kernel symbolic wall_s sym_s proved
row() {
  file=$1; shift
  best=""
  i=0
  while [ "$i" -lt "$REPEAT" ]; do
    s=$(date +%s.%N)
    "$TLXV" check "$file" "$@" --symbolic --format json > "$T/p.json" 2>/dev/null || true
    e=$(date +%s.%N)
    w=$(echo "$e - $s" | bc)
    if [ -z "$best" ] || [ "$(echo "$w < $best" | bc)" = 1 ]; then best=$w; cp "$T/p.json" "$T/best.json"; fi
    i=$((i + 1))
  done
  v=$(jq -r .symbolic.verdict "$T/best.json")
  sy=$(jq .symbolic.seconds "$T/best.json")
  np=$(jq '[.symbolic.conditions[] | select(.result == "proved")] | length' "$T/best.json")
  printf '%-44s %-9s %8.3f %8.3f %7s\n' "$(basename "$file")" "$v" "$best" "$sy" "$np/6"
}
for f in "$SRC"/tests/corpus/gluon/ws_add.bug*.ttgir; do row "$f"; done
for f in "$SRC"/examples/hopper_gemm_ws/*.ttgir; do row "$f" --arg M=128 --arg N=128 --arg K=256; done
for f in "$SRC"/examples/hopper_attention_ws/*.ttgir; do row "$f" --arg N_CTX=256; done
for f in "$SRC"/examples/blackwell_gemm_tcgen05/*.ttgir; do row "$f" --arg M=128 --arg N=128 --arg K=256; done
for f in "$SRC"/examples/trip_count/*.ttgir; do row "$f" --arg ynumel=64; done
