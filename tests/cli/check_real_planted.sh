#!/bin/sh
# check_real_planted.sh: the planted-bug variants of real kernels (examples/real_planted,
# README.md there). make_variants.py regenerates exactly the committed files (every edit
# matched its source once); each source kernel (tests/corpus/real, unchanged) still verifies
# with the arguments of tests/corpus/real/expected.tsv; each variant of expected.tsv gets its
# verdict, first bug kind and first bug line; each known miss (missed.tsv) still verifies, so
# that a fix that starts finding it has to move it to expected.tsv.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
D="$SRC/examples/real_planted"
R="$SRC/tests/corpus/real"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
tab=$(printf '\t')
python3 "$D/make_variants.py" "$T" > "$T/made" || fail "make_variants.py failed"
while read -r f; do
  cmp -s "$T/$f" "$D/$f" || fail "$f differs from what make_variants.py generates"
done < "$T/made"
# the arguments of a source kernel, from the corpus table ("-": none)
args_of() {
  a=$(awk -F"$tab" -v f="$1" '$1 == f { print $2 }' "$R/expected.tsv")
  [ -n "$a" ] || fail "$1 is not in tests/corpus/real/expected.tsv"
  [ "$a" = - ] && a=
  echo "$a"
}
n=0 srcs=
tail -n +2 "$D/expected.tsv" > "$T/rows"
while IFS="$tab" read -r file source verdict kind line; do
  [ -n "$file" ] || continue
  grep -qx "$file" "$T/made" || fail "$file is not made by make_variants.py"
  a=$(args_of "$source")
  rc=0
  # shellcheck disable=SC2086
  "$TLXV" check "$D/$file" $a --format json > "$T/o.json" 2> "$T/err" || rc=$?
  [ ! -s "$T/err" ] || fail "$file: stderr: $(cat "$T/err")"
  got=$(jq -r '[.verdict, (.bugs[0].kind // "-"), (.bugs[0].loc.line // "-" | tostring)] | join(" ")' "$T/o.json")
  [ "$got" = "$verdict $kind $line" ] || fail "$file: got $got, expected $verdict $kind $line"
  [ "$verdict" != bug ] || [ "$rc" = 1 ] || fail "$file: exit $rc, expected 1"
  srcs="$srcs $source"
  n=$((n + 1))
done < "$T/rows"
m=0
tail -n +2 "$D/missed.tsv" > "$T/miss"
while IFS="$tab" read -r file source should rest; do
  [ -n "$file" ] || continue
  grep -qx "$file" "$T/made" || fail "$file is not made by make_variants.py"
  a=$(args_of "$source")
  rc=0
  # shellcheck disable=SC2086
  "$TLXV" check "$D/$file" $a --format json > "$T/o.json" 2> "$T/err" || rc=$?
  got=$(jq -r '[.verdict, (.bugs[0].kind // "-")] | join(" ")' "$T/o.json")
  if [ "$rc" != 0 ] || [ "$got" != "verified -" ]; then
    fail "$file (a known miss, should be $should): now exit $rc, $got: move it to expected.tsv"
  fi
  srcs="$srcs $source"
  m=$((m + 1))
done < "$T/miss"
# every source kernel, unchanged, still verifies
for s in $(echo "$srcs" | tr ' ' '\n' | sort -u); do
  a=$(args_of "$s")
  rc=0
  # shellcheck disable=SC2086
  "$TLXV" check "$R/$s" $a -q > "$T/s.out" 2>&1 || rc=$?
  [ "$rc" = 0 ] || fail "source kernel $s: exit $rc: $(head -3 "$T/s.out")"
done
[ "$n" -ge 9 ] || fail "only $n variants in expected.tsv"
echo "check_real_planted: $n variants found, $m known miss(es) unchanged, sources verify"
