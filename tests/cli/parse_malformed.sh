#!/bin/sh
# parse_malformed.sh: every file in tests/cli/malformed/ is bad input for `tlx-verify parse`.
# Each names its expected diagnostic in a `// EXPECT: ...` line (and extra arguments in an
# optional `// ARGS: ...` line). The parser must exit 2, print nothing on stdout and exactly
# that one line on stderr.
set -u
: "${TLXV:?set TLXV to the tlx-verify binary}" "${SRC:?set SRC to the repository root}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$SRC/tests/cli/malformed" || exit 1
fail=0 n=0
for f in *; do
  n=$((n + 1))
  args=$(sed -n 's|^// ARGS: ||p' "$f")
  want=$(sed -n 's|^// EXPECT: ||p' "$f")
  [ -n "$want" ] || { echo "FAIL $f: no // EXPECT: line"; fail=1; continue; }
  # shellcheck disable=SC2086
  "$TLXV" parse $args "$f" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  got=$(cat "$TMP/err")
  lines=$(wc -l <"$TMP/err")
  if [ "$rc" -ne 2 ]; then echo "FAIL $f: exit $rc, want 2"; fail=1
  elif [ -s "$TMP/out" ]; then echo "FAIL $f: printed on stdout"; fail=1
  elif [ "$lines" -ne 1 ]; then echo "FAIL $f: $lines lines on stderr, want 1"; fail=1
  elif [ "$got" != "$want" ]; then printf 'FAIL %s:\n  want: %s\n  got:  %s\n' "$f" "$want" "$got"; fail=1
  fi
done
[ "$n" -ge 20 ] || { echo "FAIL: only $n malformed inputs"; fail=1; }
[ "$fail" -eq 0 ] && echo "parse_malformed: $n inputs rejected with the expected message"
exit "$fail"
