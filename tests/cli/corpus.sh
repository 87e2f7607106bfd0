#!/bin/sh
# corpus.sh: every line of tests/corpus/expected.tsv: the verdict, the first bug's kind among
# the accepted kinds, one of the first bug's locations (primary or related) on a listed
# kernels.py line; and the same output (timing fields aside) when run twice. With the launch
# grid (--grid 8, README.md) the verdict and the first bug's kind stay the same (the global
# writes of the eight programs do not overlap).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${CORPUS:?CORPUS must name tests/corpus}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
norm() { sed -E 's/"(seconds|explore_seconds|states_per_second)": [-0-9.eE+]+/"\1": 0/' "$1"; }
n=0
tail -n +2 "$CORPUS/expected.tsv" > "$T/list"
while IFS="$(printf '\t')" read -r file verdict kinds lines; do
  [ -n "$file" ] || continue
  rc=0
  "$TLXV" "$CORPUS/$file" --arg xnumel=256 --arg ynumel=2048 --format json > "$T/a.json" 2> "$T/err" || rc=$?
  [ ! -s "$T/err" ] || fail "$file: stderr: $(cat "$T/err")"
  got=$(jq -r .verdict "$T/a.json")
  [ "$got" = "$verdict" ] || fail "$file: verdict $got, expected $verdict"
  case "$verdict" in
    verified) [ "$rc" = 0 ] || fail "$file: exit $rc for verified" ;
              [ "$(jq '.bugs | length' "$T/a.json")" = 0 ] || fail "$file: verified with bugs" ;;
    bug) [ "$rc" = 1 ] || fail "$file: exit $rc for bug"
         kind=$(jq -r '.bugs[0].kind' "$T/a.json")
         echo ",$kinds," | grep -q ",$kind," || fail "$file: first bug kind $kind not in $kinds"
         locs=$(jq -r '.bugs[0] | ([.loc] + .related) | map(select(.file | endswith("kernels.py")) | .line) | map(tostring) | join(",")' "$T/a.json")
         hit=no
         for l in $(echo "$lines" | tr ',' ' '); do
           echo ",$locs," | grep -q ",$l," && hit=yes
         done
         [ "$hit" = yes ] || fail "$file: first bug at lines $locs, none in $lines"
         [ "$(jq '.bugs[0].trace | length' "$T/a.json")" -gt 0 ] || fail "$file: bug without a schedule" ;;
    *) fail "$file: unknown expected verdict $verdict" ;;
  esac
  "$TLXV" "$CORPUS/$file" --arg xnumel=256 --arg ynumel=2048 --format json > "$T/b.json" 2>/dev/null || true
  norm "$T/a.json" > "$T/a.n"
  norm "$T/b.json" > "$T/b.n"
  cmp -s "$T/a.n" "$T/b.n" || fail "$file: two runs gave different output"
  "$TLXV" "$CORPUS/$file" --arg xnumel=256 --arg ynumel=2048 --grid 8 --format json > "$T/g.json" 2> "$T/err" || true
  [ ! -s "$T/err" ] || fail "$file --grid 8: stderr: $(cat "$T/err")"
  [ "$(jq -r .verdict "$T/g.json")" = "$verdict" ] || fail "$file --grid 8: verdict $(jq -r .verdict "$T/g.json")"
  [ "$(jq -r '.bugs[0].kind // "-"' "$T/g.json")" = "$(jq -r '.bugs[0].kind // "-"' "$T/a.json")" ] ||
    fail "$file --grid 8: first bug $(jq -r '.bugs[0].kind' "$T/g.json")"
  [ "$(jq '.bugs | length' "$T/g.json")" = "$(jq '.bugs | length' "$T/a.json")" ] ||
    fail "$file --grid 8: other bugs than without the grid"
  n=$((n + 1))
  echo "ok $file: $got${kind:+ ($kind)}"
  kind=
done < "$T/list"
[ "$n" -eq "$(grep -c . "$T/list")" ] || fail "checked $n of $(grep -c . "$T/list") corpus lines"
[ "$n" -ge 9 ] || fail "only $n corpus lines"
