#!/bin/sh
# check_examples.sh: the example kernels (examples/*/expected.tsv, real Triton output with
# planted bugs and H200 results): verdict, first bug's kind among the accepted kinds, and one
# of its locations on a listed kernel.py line. Arguments as in each example's README; each
# kernel again with its launch grid (README: --grid), which must give the same verdict, first
# bug and number of bugs (no two programs write the same output tile).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
total=0
check_dir() {
  dir=$1
  grid=$2
  shift 2
  tail -n +2 "$SRC/examples/$dir/expected.tsv" > "$T/list"
  while IFS="$(printf '\t')" read -r file verdict kinds lines; do
    [ -n "$file" ] || continue
    rc=0
    "$TLXV" "$SRC/examples/$dir/$file" "$@" --format json > "$T/o.json" 2> "$T/err" || rc=$?
    [ ! -s "$T/err" ] || fail "$file: stderr: $(cat "$T/err")"
    got=$(jq -r .verdict "$T/o.json")
    [ "$got" = "$verdict" ] || fail "$file: verdict $got, expected $verdict"
    if [ "$verdict" = bug ]; then
      [ "$rc" = 1 ] || fail "$file: exit $rc"
      kind=$(jq -r '.bugs[0].kind' "$T/o.json")
      echo ",$kinds," | grep -q ",$kind," || fail "$file: first bug kind $kind not in $kinds"
      locs=$(jq -r '.bugs[0] | ([.loc] + .related) | map(.line | tostring) | join(",")' "$T/o.json")
      hit=no
      for l in $(echo "$lines" | tr ',' ' '); do echo ",$locs," | grep -q ",$l," && hit=yes; done
      [ "$hit" = yes ] || fail "$file: first bug at lines $locs, none in $lines"
    else
      [ "$rc" = 0 ] || fail "$file: exit $rc"
    fi
    "$TLXV" "$SRC/examples/$dir/$file" "$@" --grid "$grid" --format json > "$T/g.json" 2> "$T/err" || true
    [ ! -s "$T/err" ] || fail "$file --grid $grid: stderr: $(cat "$T/err")"
    q='[.verdict, (.bugs[0].kind // "-"), (.bugs | length)]'
    [ "$(jq -c "$q" "$T/g.json")" = "$(jq -c "$q" "$T/o.json")" ] ||
      fail "$file --grid $grid: $(jq -c "$q" "$T/g.json"), without the grid $(jq -c "$q" "$T/o.json")"
    total=$((total + 1))
  done < "$T/list"
}
check_dir hopper_gemm_ws 2,2 --arg M=128 --arg N=128 --arg K=256
check_dir hopper_attention_ws 8 --arg N_CTX=256
check_dir blackwell_gemm_tcgen05 2,2 --arg M=256 --arg N=256 --arg K=256
# trip-count examples: with no --arg, the default argument set (trip counts 1, 2, S, S+1,
# 2S+1, honouring tt.divisibility) must reach every bug that needs the ring to wrap
tail -n +2 "$SRC/examples/trip_count/expected.tsv" > "$T/list"
while IFS="$(printf '\t')" read -r file small_args small_verdict symbolic rest; do
  [ -n "$file" ] || continue
  rc=0
  "$TLXV" "$SRC/examples/trip_count/$file" --format json > "$T/o.json" 2> "$T/err" || rc=$?
  got=$(jq -r .verdict "$T/o.json")
  [ "$got" = "$symbolic" ] || fail "$file with default arguments: $got, expected $symbolic"
  # the small explicit size passes (the bug needs the ring to wrap)
  "$TLXV" "$SRC/examples/trip_count/$file" --arg "$small_args" --format json > "$T/s.json" 2>/dev/null || true
  [ "$(jq -r .verdict "$T/s.json")" = "$small_verdict" ] || fail "$file at $small_args: not $small_verdict"
  total=$((total + 1))
done < "$T/list"
[ "$total" -ge 29 ] || fail "only $total example kernels"
echo "check_examples: $total kernels ok"
