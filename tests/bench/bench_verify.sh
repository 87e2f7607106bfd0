#!/bin/sh
# bench_verify.sh: check time and throughput per corpus kernel (and the example kernels):
# wall and exploration time, states, transitions, states/s, and the reduction factor of
# partial-order reduction against --no-reduction (when the naive search finishes within
# --max-states). Usage: TLXV=path/to/tlx-verify tests/bench/bench_verify.sh [REPEAT]
# The last lines give the throughput of the naive and of the reduced search on large instances
# (best of REPEAT runs); docs/verifier.md §6 records results.
set -eu
# OpenBLAS (linked for simulate mode) starts spinning worker threads when the binary loads:
# they take a second core for part of every run, which skews timings on a shared machine
export OPENBLAS_NUM_THREADS=1
: "${TLXV:?TLXV must name the tlx-verify binary}"
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
REPEAT=${1:-1}
MAX=${MAX_STATES:-5000000}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
printf '%-40s %-8s %8s %8s %9s %9s %11s %9s %10s\n' kernel verdict wall_s expl_s states trans states/s naive_st reduction
row() {
  name=$1; file=$2; shift 2
  best=""
  i=0
  while [ "$i" -lt "$REPEAT" ]; do
    s=$(date +%s.%N)
    "$TLXV" "$file" "$@" --format json --stats --max-states "$MAX" > "$T/p.json" 2>/dev/null || true
    e=$(date +%s.%N)
    w=$(echo "$e - $s" | bc)
    if [ -z "$best" ] || [ "$(echo "$w < $best" | bc)" = 1 ]; then best=$w; cp "$T/p.json" "$T/best.json"; fi
    i=$((i + 1))
  done
  "$TLXV" "$file" "$@" --format json --no-reduction --max-states "$MAX" > "$T/n.json" 2>/dev/null || true
  v=$(jq -r .verdict "$T/best.json")
  st=$(jq .stats.states "$T/best.json")
  tr=$(jq .stats.transitions "$T/best.json")
  ex=$(jq .stats.explore_seconds "$T/best.json")
  sps=$(jq '.stats.states_per_second | floor' "$T/best.json")
  nst=$(jq .stats.states "$T/n.json")
  if [ "$(jq -r .bound "$T/n.json")" = null ]; then red=$(echo "scale=1; $nst / $st" | bc); else red=">$(echo "scale=1; $nst / $st" | bc)"; fi
  printf '%-40s %-8s %8.3f %8.3f %9s %9s %11s %9s %10s\n' "$name" "$v" "$best" "$ex" "$st" "$tr" "$sps" "$nst" "$red"
}
for f in "$SRC"/tests/corpus/gluon/*.ttgir; do
  row "corpus/$(basename "$f")" "$f" --arg xnumel=256 --arg ynumel=2048
done
for f in "$SRC"/tests/corpus/gluon/ws_add.bug0.ttgir; do
  row "corpus/$(basename "$f") (defaults)" "$f"
  row "corpus/$(basename "$f") ynumel=16384" "$f" --arg xnumel=256 --arg ynumel=16384
done
for f in "$SRC"/examples/hopper_gemm_ws/*.bug0.ttgir; do row "hopper_gemm_ws/$(basename "$f")" "$f" --arg M=128 --arg N=128 --arg K=256; done
for f in "$SRC"/examples/hopper_attention_ws/*.bug0.ttgir; do row "hopper_attention_ws/$(basename "$f")" "$f" --arg N_CTX=256; done
for f in "$SRC"/examples/blackwell_gemm_tcgen05/*.bug0.ttgir; do row "blackwell_tcgen05/$(basename "$f")" "$f" --arg M=256 --arg N=256 --arg K=256; done
row "pair/gemm2cta.ok.ttgir" "$SRC/tests/pair/gemm2cta.ok.ttgir" --arg K=192 --grid 2
row "clc/clc-ws.ok.ttgir" "$SRC/tests/clc/clc-ws.ok.ttgir" --grid 4
# throughput: states per second of the naive search (no per-state reduction work) and of the
# reduced search on a deep instance (8192 loop iterations: a long, narrow search)
best() {
  label=$1; shift
  i=0; bs=0
  while [ "$i" -lt "$REPEAT" ] || [ "$i" -lt 3 ]; do
    "$TLXV" "$SRC/tests/corpus/gluon/ws_add.bug0.ttgir" "$@" --format json --stats > "$T/x.json" || true
    r=$(jq '.stats.states_per_second | floor' "$T/x.json")
    if [ "$r" -gt "$bs" ]; then bs=$r; cp "$T/x.json" "$T/b.json"; fi
    i=$((i + 1))
  done
  echo "$label: $(jq .stats.states "$T/b.json") states in $(jq .stats.explore_seconds "$T/b.json") s = $bs states/s (best of $i), $(jq .stats.transitions "$T/b.json") transitions, peak $(jq '.stats.peak_bytes / 1048576 | floor' "$T/b.json") MiB"
}
best "naive search, ws_add.bug0 ynumel=16384" --arg ynumel=16384 --no-reduction
best "reduced search, ws_add.bug0 ynumel=16384" --arg ynumel=16384 --max-states 1000000
best "reduced search, ws_add.bug0 ynumel=524288" --arg ynumel=524288 --max-states 1000000
