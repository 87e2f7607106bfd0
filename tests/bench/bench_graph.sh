#!/bin/sh
# bench_graph.sh: wall time of `tlx-verify graph` (one round-robin schedule, replay, layout,
# render) per output format, of the protocol graph, and of the Chrome trace, on the corpus
# kernel at growing trip counts (ynumel / 64 iterations per partition). Best of REPEAT runs.
# "trace ms" is the DOT graph plus the Chrome trace JSON. Wall times on a shared machine are
# noisy: compare rows of one run, not runs of different days.
# Usage: TLXV=build/tlx-verify sh tests/bench/bench_graph.sh [REPEAT]
set -eu
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
TLXV=${TLXV:-$SRC/build/tlx-verify}
K=${KERNEL:-$SRC/tests/corpus/gluon/ws_add.bug0.ttgir}
REPEAT=${1:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
best() { # command... -> best wall ms over REPEAT runs
  b=
  i=0
  while [ $i -lt "$REPEAT" ]; do
    t0=$(now_ms)
    "$@" > /dev/null 2>&1 || { echo "FAIL"; return; }
    t=$(( $(now_ms) - t0 ))
    if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
    i=$((i + 1))
  done
  echo "$b"
}
base=$(best "$TLXV" --version)
echo "process start-up alone (tlx-verify --version): $base ms, included in every number below"
printf '%-26s %8s %7s %7s %7s %7s %9s %9s\n' kernel iters steps "svg ms" "png ms" "dot ms" "proto ms" "trace ms"
for y in 2048 16384 131072; do
  it=$((y / 64))
  A="--arg xnumel=256 --arg ynumel=$y"
  # shellcheck disable=SC2086
  steps=$("$TLXV" graph "$K" $A -o "$T/g.dot" | sed -n 's/.*graph of a \([0-9]*\)-step.*/\1/p')
  # shellcheck disable=SC2086
  svg=$(best "$TLXV" graph "$K" $A -o "$T/g.svg")
  # shellcheck disable=SC2086
  png=$(best "$TLXV" graph "$K" $A -o "$T/g.png")
  # shellcheck disable=SC2086
  dot=$(best "$TLXV" graph "$K" $A -o "$T/g.dot")
  proto=$(best "$TLXV" graph --protocol "$K" -o "$T/p.svg")
  # shellcheck disable=SC2086
  trace=$(best "$TLXV" graph "$K" $A -o "$T/g.dot" --trace-out "$T/t.json")
  printf '%-26s %8s %7s %7s %7s %7s %9s %9s\n' "$(basename "$K")" "$it" "$steps" "$svg" "$png" "$dot" "$proto" "$trace"
done
# the example kernels (hopper_attention_ws is the largest IR), at their README arguments
row() { # name file args...
  name=$1
  f=$2
  shift 2
  steps=$("$TLXV" graph "$f" "$@" -o "$T/e.dot" | sed -n 's/.*graph of a \([0-9]*\)-step.*/\1/p')
  svg=$(best "$TLXV" graph "$f" "$@" -o "$T/e.svg")
  png=$(best "$TLXV" graph "$f" "$@" -o "$T/e.png")
  dot=$(best "$TLXV" graph "$f" "$@" -o "$T/e.dot")
  proto=$(best "$TLXV" graph --protocol "$f" -o "$T/ep.svg")
  trace=$(best "$TLXV" graph "$f" "$@" -o "$T/e.dot" --trace-out "$T/e.json")
  printf '%-26s %8s %7s %7s %7s %7s %9s %9s\n' "$name" - "$steps" "$svg" "$png" "$dot" "$proto" "$trace"
}
E=$SRC/examples
row hopper_gemm_ws.bug0 "$E/hopper_gemm_ws/hopper_gemm_ws.bug0.ttgir" --arg M=128 --arg N=128 --arg K=256
row hopper_attention_ws.bug0 "$E/hopper_attention_ws/hopper_attention_ws.bug0.ttgir" --arg N_CTX=256
row blackwell_gemm.bug0 "$E/blackwell_gemm_tcgen05/blackwell_gemm_tcgen05.bug0.ttgir" --arg M=256 --arg N=256 --arg K=256
# counterexamples: explore all schedules, minimize the first bug, draw it highlighted
for b in 2 5 6 8; do
  k=$SRC/tests/corpus/gluon/ws_add.bug$b.ttgir
  A="--arg xnumel=256 --arg ynumel=2048 --counterexample"
  # shellcheck disable=SC2086
  steps=$("$TLXV" graph "$k" $A -o "$T/c.dot" | sed -n 's/.*graph of a \([0-9]*\)-step.*/\1/p')
  # shellcheck disable=SC2086
  svg=$(best "$TLXV" graph "$k" $A -o "$T/c.svg")
  # shellcheck disable=SC2086
  png=$(best "$TLXV" graph "$k" $A -o "$T/c.png")
  printf '%-26s %8s %7s %7s %7s %7s %9s %9s\n' "ws_add.bug$b --counterex." 32 "$steps" "$svg" "$png" - - -
done
