#!/bin/sh
# check_checkers.sh: the hand-written checker kernels (tests/checkers): every correct kernel is
# verified (exit 0, no bug); every planted bug is reported first with its checker's kind at the
# planted line (exit 1). A kernel has one planted bug, so removing a checker fails its line.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
D="$SRC/tests/checkers"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
n=0
tail -n +2 "$D/expected.tsv" > "$T/list"
while IFS="$(printf '\t')" read -r file verdict kind line args; do
  [ -n "$file" ] || continue
  rc=0
  # args: extra options of the kernel (e.g. --grid 8), split into words
  # shellcheck disable=SC2086
  "$TLXV" "$D/$file" $args --format json > "$T/o.json" 2> "$T/err" || rc=$?
  [ ! -s "$T/err" ] || fail "$file: stderr: $(cat "$T/err")"
  got=$(jq -r .verdict "$T/o.json")
  [ "$got" = "$verdict" ] || fail "$file: verdict $got, expected $verdict"
  if [ "$verdict" = verified ]; then
    [ "$rc" = 0 ] || fail "$file: exit $rc"
  else
    [ "$rc" = 1 ] || fail "$file: exit $rc"
    k=$(jq -r '.bugs[0].kind' "$T/o.json")
    l=$(jq -r '.bugs[0].loc.line' "$T/o.json")
    f=$(jq -r '.bugs[0].loc.file' "$T/o.json")
    [ "$k" = "$kind" ] || fail "$file: first bug is $k, expected $kind"
    [ "$l" = "$line" ] && [ "$f" = checkers.py ] || fail "$file: first bug at $f:$l, expected checkers.py:$line"
    # the text form names the same place, compiler style
    # shellcheck disable=SC2086
    "$TLXV" "$D/$file" $args -q > "$T/o.txt" 2>/dev/null || true
    head -1 "$T/o.txt" | grep -q "^checkers.py:$line:[0-9]*: error: $kind: " ||
      fail "$file: text output does not start with checkers.py:$line: error: $kind"
  fi
  n=$((n + 1))
done < "$T/list"
[ "$n" -ge 24 ] || fail "only $n checker kernels"
# without loc(...) in the IR, diagnostics name the op's own line and column in the IR file
sed -E 's/ loc\([^()]*\)//g' "$D/deadlock.bug.ttgir" > "$T/noloc.ttgir"
! grep -q 'loc(' "$T/noloc.ttgir" || fail "noloc.ttgir still has locations"
"$TLXV" "$T/noloc.ttgir" -q > "$T/o.txt" 2>/dev/null || true
want="$T/noloc.ttgir:$(grep -n 'ttng.wait_barrier %f0' "$T/noloc.ttgir" | head -1 | cut -d: -f1):7: error: deadlock: "
head -1 "$T/o.txt" | grep -qF "$want" || fail "loc-less IR: '$(head -1 "$T/o.txt")', expected '$want...'"
echo "check_checkers: $n kernels ok"
