#!/bin/sh
# render.sh: regenerates the pictures of docs/traces.md: for every corpus kernel the pipeline
# graph (a round-robin schedule; a kernel whose schedule meets a bug shows the minimized
# counterexample) and the static barrier protocol graph, plus the hand-written ring.
# Usage: TLXV=build/tlx-verify sh docs/images/render.sh
set -eu
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
TLXV=${TLXV:-$SRC/build/tlx-verify}
OUT=$SRC/docs/images
for k in "$SRC"/tests/corpus/gluon/ws_add.bug*.ttgir; do
  b=$(basename "$k" .ttgir)
  "$TLXV" graph "$k" --arg xnumel=256 --arg ynumel=2048 -o "$OUT/$b.pipeline.png"
  "$TLXV" graph --protocol "$k" -o "$OUT/$b.protocol.png"
done
"$TLXV" graph "$SRC/tests/traces/pc_ring.ttgir" --arg n=4 -o "$OUT/pc_ring.pipeline.png"
"$TLXV" graph "$SRC/tests/traces/pc_ring.noarrive.ttgir" --arg n=4 -o "$OUT/pc_ring.noarrive.pipeline.png"
