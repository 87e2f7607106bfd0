#!/bin/sh
# parse_lit.sh DIR: runs `tlx-verify parse --split-input-file` on every .mlir file under DIR
# (e.g. Triton's test/TLX) and prints one line per file, then the parse rate. A file passes
# when every chunk parses and printing the printed text again gives the same text (fixpoint).
# Failures on ops outside the op table (ir/ops.def) are counted separately.
# Env: TLXV = tlx-verify binary (default: tlx-verify on PATH). Exit 0 unless DIR is missing.
set -u
DIR=${1:?usage: parse_lit.sh DIR}
TLXV=${TLXV:-tlx-verify}
[ -d "$DIR" ] || { echo "parse_lit.sh: no such directory: $DIR" >&2; exit 2; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
ok=0 unsup=0 fail=0 nofix=0 total=0
for f in $(find "$DIR" -name '*.mlir' | sort); do
  total=$((total + 1))
  if "$TLXV" parse --split-input-file "$f" >"$TMP/p1" 2>"$TMP/err"; then
    if "$TLXV" parse --split-input-file "$TMP/p1" >"$TMP/p2" 2>"$TMP/err2" && cmp -s "$TMP/p1" "$TMP/p2"; then
      ok=$((ok + 1))
      echo "ok        $f"
    else
      nofix=$((nofix + 1))
      echo "NOFIX     $f: $(head -c 300 "$TMP/err2")"
    fi
  elif grep -q "unsupported operation" "$TMP/err"; then
    unsup=$((unsup + 1))
    echo "unsup-op  $f: $(head -c 300 "$TMP/err")"
  else
    fail=$((fail + 1))
    echo "FAIL      $f: $(head -c 300 "$TMP/err")"
  fi
done
inscope=$((total - unsup))
echo "files: $total  parsed: $ok  unsupported-op: $unsup  failed: $fail  not-fixpoint: $nofix"
if [ "$inscope" -gt 0 ]; then
  echo "parse rate (files using only supported ops): $ok/$inscope = $((100 * ok / inscope))%"
fi
[ "$total" -gt 0 ] && echo "parse rate (all files): $ok/$total = $((100 * ok / total))%"
exit 0
