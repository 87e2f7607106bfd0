#!/bin/sh
# render.sh: regenerates the pictures of docs/traces.md: for every corpus kernel the pipeline
# graph (with --counterexample: the explorer's shortest bug, minimized and highlighted; the
# correct kernel bug0 has none and shows a round-robin schedule) and the static barrier
# protocol graph; plus the hand-written ring of tests/traces and its planted deadlock.
# Usage: TLXV=build/tlx-verify sh docs/images/render.sh
set -eu
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
TLXV=${TLXV:-$SRC/build/tlx-verify}
OUT=$SRC/docs/images
for k in "$SRC"/tests/corpus/gluon/ws_add.bug*.ttgir; do
  b=$(basename "$k" .ttgir)
  "$TLXV" graph "$k" --arg xnumel=256 --arg ynumel=2048 --counterexample -o "$OUT/$b.pipeline.png"
  "$TLXV" graph --protocol "$k" -o "$OUT/$b.protocol.png"
done
"$TLXV" graph "$SRC/tests/traces/pc_ring.ttgir" --arg n=4 -o "$OUT/pc_ring.pipeline.png"
"$TLXV" graph "$SRC/tests/traces/pc_ring.noarrive.ttgir" --arg n=4 -o "$OUT/pc_ring.noarrive.pipeline.png"
B=$SRC/examples/blackwell_gemm_tcgen05/blackwell_gemm_tcgen05.bug0.ttgir
"$TLXV" graph "$B" --arg M=256 --arg N=256 --arg K=256 -o "$OUT/blackwell_gemm_tcgen05.bug0.pipeline.png"
"$TLXV" graph --protocol "$B" -o "$OUT/blackwell_gemm_tcgen05.bug0.protocol.png"
