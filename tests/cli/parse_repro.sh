#!/bin/sh
# parse_repro.sh: the inputs of tests/repro/ (copied from /work/shared/repro, issue 11; each
# names its origin in a `// provenance:` line) are bad input: `tlx-verify parse` and
# `tlx-verify check` must exit 2, print nothing on stdout, and print exactly the file's
# `// EXPECT: ...` lines on stderr (an error line, and a note line where one is expected).
set -u
: "${TLXV:?set TLXV to the tlx-verify binary}" "${SRC:?set SRC to the repository root}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$SRC/tests/repro" || exit 1
fail=0 n=0
for f in *.ttgir; do
  n=$((n + 1))
  grep -q '^// provenance: ' "$f" || { echo "FAIL $f: no // provenance: line"; fail=1; }
  sed -n 's|^// EXPECT: ||p' "$f" >"$TMP/want"
  [ -s "$TMP/want" ] || { echo "FAIL $f: no // EXPECT: line"; fail=1; continue; }
  for sub in parse check; do
    "$TLXV" "$sub" "$f" >"$TMP/out" 2>"$TMP/err"
    rc=$?
    if [ "$rc" -ne 2 ]; then echo "FAIL $sub $f: exit $rc, want 2"; fail=1
    elif [ -s "$TMP/out" ]; then echo "FAIL $sub $f: printed on stdout"; fail=1
    elif ! cmp -s "$TMP/want" "$TMP/err"; then
      echo "FAIL $sub $f:"; diff "$TMP/want" "$TMP/err" | sed 's/^/  /'; fail=1
    fi
  done
done
[ "$n" -ge 8 ] || { echo "FAIL: only $n repro inputs"; fail=1; }
[ "$fail" -eq 0 ] && echo "parse_repro: $n inputs rejected with the expected message"
exit "$fail"
