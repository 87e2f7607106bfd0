#!/bin/sh
# parse_roundtrip.sh: `tlx-verify parse` on every corpus file, every examples/**/*.ttgir and
# the fuzzer's hand-written seeds (tests/fuzz/seeds: e.g. legal uses before the definition,
# across blocks): the printed text parses again and prints identically (fixpoint); corpus
# files (real Triton output) print back byte-identical; `-` reads standard input.
set -u
: "${TLXV:?set TLXV to the tlx-verify binary}" "${SRC:?set SRC to the repository root}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0 n=0
for f in "$SRC"/tests/corpus/*/*.ttgir $(find "$SRC/examples" -name '*.ttgir' 2>/dev/null | sort) \
         "$SRC"/tests/fuzz/seeds/*; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  if ! "$TLXV" parse "$f" >"$TMP/p1" 2>"$TMP/err"; then
    echo "FAIL $f: $(cat "$TMP/err")"; fail=1; continue
  fi
  if ! "$TLXV" parse "$TMP/p1" >"$TMP/p2" 2>"$TMP/err"; then
    echo "FAIL $f: printed text does not parse: $(cat "$TMP/err")"; fail=1; continue
  fi
  if ! cmp -s "$TMP/p1" "$TMP/p2"; then
    echo "FAIL $f: printing is not a fixpoint"; diff "$TMP/p1" "$TMP/p2" | head -5; fail=1
  fi
  case "$f" in
  "$SRC"/tests/corpus/*)
    cmp -s "$f" "$TMP/p1" || { echo "FAIL $f: does not print back identically"; diff "$f" "$TMP/p1" | head -5; fail=1; } ;;
  esac
done
[ "$n" -ge 9 ] || { echo "FAIL: found only $n files"; fail=1; }
# standard input, and the diagnostic name for it
f="$SRC/tests/corpus/gluon/ws_add.bug0.ttgir"
"$TLXV" parse - <"$f" >"$TMP/stdin" && cmp -s "$f" "$TMP/stdin" || { echo "FAIL: parse - (stdin)"; fail=1; }
printf 'module {\n  bogus.op\n}\n' | "$TLXV" parse - >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "^<stdin>:2:3: error: unsupported operation 'bogus.op'" "$TMP/err" ||
  { echo "FAIL: stdin diagnostic: $(cat "$TMP/err")"; fail=1; }
[ "$fail" -eq 0 ] && echo "parse_roundtrip: $n files round-trip"
exit "$fail"
