#!/bin/sh
# graph_corpus.sh: `tlx-verify graph` draws every corpus kernel (pipeline and protocol graph) as
# well-formed SVG, DOT with one cluster per partition, and PNG; bugs it meets are highlighted.
set -eu
: "${TLXV:?}" "${CORPUS:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
wellformed() { # FILE.svg
  if command -v xmllint > /dev/null 2>&1; then
    xmllint --noout "$1" || fail "$1 is not well-formed XML"
  else
    /usr/bin/python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$1" \
      || fail "$1 is not well-formed XML"
  fi
}
A="--arg xnumel=256 --arg ynumel=2048"
for k in "$CORPUS"/gluon/ws_add.bug*.ttgir; do
  b=$(basename "$k" .ttgir)
  # shellcheck disable=SC2086
  "$TLXV" graph "$k" $A -o "$T/$b.svg" > "$T/$b.out" || fail "$b: graph exited $?"
  grep -q "pipeline graph of a [0-9]*-step schedule" "$T/$b.out" || fail "$b: no summary line"
  wellformed "$T/$b.svg"
  grep -q "kernels.py:" "$T/$b.svg" || fail "$b: no Python lines in the graph"
  # shellcheck disable=SC2086
  "$TLXV" graph "$k" $A -o "$T/$b.dot" > /dev/null
  n=$(grep -c "subgraph cluster_" "$T/$b.dot" || true)
  [ "$n" = 3 ] || fail "$b: $n clusters in the DOT, want 3 (default, partition0, partition1)"
  "$TLXV" graph --protocol "$k" -o "$T/$b.proto.svg" > /dev/null || fail "$b: --protocol exited $?"
  wellformed "$T/$b.proto.svg"
  "$TLXV" graph --protocol "$k" -o "$T/$b.proto.dot" > /dev/null
  for r in le lr ce cr; do grep -q "<B>$r</B>" "$T/$b.proto.dot" || fail "$b: ring $r missing"; done
done
# the correct kernel runs to completion; a deadlocking one is marked
grep -q "(deadlock" "$T/ws_add.bug0.out" && fail "bug0: reported a deadlock"
grep -q "(deadlock at kernels.py" "$T/ws_add.bug2.out" || fail "bug2: no deadlock in the summary"
grep -q "BLOCKED" "$T/ws_add.bug2.svg" || fail "bug2: no BLOCKED node"
grep -q "#d62728" "$T/ws_add.bug2.dot" || fail "bug2: nothing red"
grep -q "#d62728" "$T/ws_add.bug0.dot" && fail "bug0: red in a correct kernel"
# the protocol graph shows the planted count / byte / arrival bugs
grep -q "nobody arrives" "$T/ws_add.bug2.proto.dot" || fail "bug2: protocol misses the ring nobody releases"
grep -q "init count 2" "$T/ws_add.bug7.proto.dot" || fail "bug7: protocol misses the wrong count"
grep -q "17408 B" "$T/ws_add.bug3.proto.dot" || fail "bug3: protocol misses the wrong bytes"
# --counterexample: the explorer's shortest bug, minimized; a race shows the op about to run
"$TLXV" graph "$CORPUS/gluon/ws_add.bug6.ttgir" --arg xnumel=256 --arg ynumel=2048 --counterexample \
  -o "$T/cex6.svg" > "$T/cex6.out"
grep -q "(race at kernels.py:76" "$T/cex6.out" || fail "bug6: no race counterexample: $(cat "$T/cex6.out")"
wellformed "$T/cex6.svg"
grep -q "next: read a_bufs\[0\]" "$T/cex6.svg" || fail "bug6: the racing read is not drawn"
"$TLXV" graph "$CORPUS/gluon/ws_add.bug0.ttgir" --arg xnumel=256 --arg ynumel=2048 --counterexample \
  -o "$T/cex0.dot" > "$T/cex0.out"
grep -q "(" "$T/cex0.out" && fail "bug0: --counterexample found a bug: $(cat "$T/cex0.out")"
# PNG
"$TLXV" graph "$CORPUS/gluon/ws_add.bug0.ttgir" --arg xnumel=256 --arg ynumel=2048 --iterations 2 \
  -o "$T/x.png" > /dev/null
head -c 8 "$T/x.png" | od -An -c | grep -q "P   N   G" || fail "x.png is not a PNG"
echo "graph_corpus: ok"
