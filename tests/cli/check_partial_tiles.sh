#!/bin/sh
# check_partial_tiles.sh: tile-aligned default arguments (verify/vf_align.c) and partial-tile
# probes (verify/vf_partial.c) on tests/checkers/partial-tile.{ok,bug}.ttgir, a persistent
# kernel whose consumer loop rounds N up (range(0, N, 64)) and whose producer rounds it down
# (N // 64): correct for N a multiple of 64 only.
#  - defaults: N in whole tiles, the probe N=80 deadlocks: a warning at the consumer's wait
#    (line 20) saying when it happens, the verdict "verified for tile-aligned arguments (N a
#    multiple of 64; 1 warning for N=80)", exit 0; JSON and SARIF carry the severity and the
#    tile-aligned arguments;
#  - --arg N=80 is checked as given: an error, exit 1; --partial-tiles=error: exit 1;
#    --partial-tiles off: no probe, the verdict still qualified; --warnings-as-errors: exit 1;
#  - both loops rounding up (ceildivsi): the probe is clean, a bare "verified";
#  - the planted bug (wrong first parity) shows with whole tiles: an error, exit 1, once.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
OK="$SRC/tests/checkers/partial-tile.ok.ttgir"
BUG="$SRC/tests/checkers/partial-tile.bug.ttgir"
run() { # want-exit file args...: output in $T/out
  want=$1 file=$2
  shift 2
  rc=0
  "$TLXV" "$file" "$@" > "$T/out" 2> "$T/err" || rc=$?
  [ "$rc" = "$want" ] || fail "exit $rc (want $want) for $file $*: $(tail -2 "$T/out") $(cat "$T/err")"
}
has() { grep -qF -- "$1" "$T/out" || fail "no '$1' in: $(grep -v '^  ' "$T/out" | tail -4)"; }

run 0 "$OK"
head -1 "$T/out" | grep -q '^checkers.py:20:9: warning: deadlock: .* (only when N is not a multiple of 64, e.g. N=80; if the host can pass such values this is a bug)$' ||
  fail "defaults: first line $(head -1 "$T/out")"
has "schedule (T=1, N=80)"
has "N: whole tiles (multiples of 64), and the partial tile N=80"
has "loop checkers.py:30: trip counts 0, 1, 2, 3"
tail -1 "$T/out" | grep -q 'verified for tile-aligned arguments (N a multiple of 64; 1 warning for N=80) only: no bug in any schedule of those (1 warning)' ||
  fail "defaults: verdict line $(tail -1 "$T/out")"
! grep -q ': error: ' "$T/out" || fail "defaults: an error was reported"

run 0 "$OK" --format json
[ "$(jq -r '.verdict, .warnings, .bugs[0].severity, .bugs[0].kind, .bugs[0].loc.line' "$T/out" | tr '\n' ' ')" = "verified 1 warning deadlock 20 " ] ||
  fail "json: $(jq -c '[.verdict, .warnings, .bugs[0].severity]' "$T/out")"
[ "$(jq -c .tile_aligned "$T/out")" = '{"partial_tiles":"warn","args":[{"name":"N","multiple_of":64,"probe":80,"findings":1}]}' ] ||
  fail "json tile_aligned: $(jq -c .tile_aligned "$T/out")"
run 0 "$OK" --format sarif
[ "$(jq -r '.runs[0].results[0].level, .runs[0].properties.tileAligned.args[0].probe' "$T/out" | tr '\n' ' ')" = "warning 80 " ] ||
  fail "sarif: $(jq -c '.runs[0].properties' "$T/out")"

# a value given is checked as given: the deadlock is an error there
run 1 "$OK" --arg N=80 -q
head -1 "$T/out" | grep -q '^checkers.py:20:9: error: deadlock: ' || fail "--arg N=80: $(head -1 "$T/out")"
! grep -q 'only when' "$T/out" || fail "--arg N=80: the finding is not a probe's"
run 0 "$OK" --arg N=128
has "verified: no bug in any schedule"

run 1 "$OK" --partial-tiles=error
head -1 "$T/out" | grep -q '^checkers.py:20:9: error: deadlock: .*(only when N is not a multiple of 64, e.g. N=80)$' ||
  fail "--partial-tiles=error: $(head -1 "$T/out")"
has "bug (1 bug)"
run 1 "$OK" --partial-tiles error --format json
[ "$(jq -r '.verdict, .tile_aligned.partial_tiles' "$T/out" | tr '\n' ' ')" = "bug error " ] || fail "json error mode"
run 0 "$OK" --partial-tiles off
has "verified for tile-aligned arguments (N a multiple of 64) only: no bug in any schedule of those;"
! grep -q 'N=80' "$T/out" || fail "--partial-tiles off still probed N=80"
run 1 "$OK" --warnings-as-errors
has "bug (1 bug)"
input_error check "--partial-tiles must be warn, error or off, not 'never'" "$OK" --partial-tiles=never

# both loops rounding up: the partial tile is as correct as whole tiles, a bare "verified"
sed 's/arith.divsi %pn, %c64p/arith.ceildivsi %pn, %c64p/' "$OK" > "$T/ceil.ttgir"
grep -q 'arith.ceildivsi' "$T/ceil.ttgir" || fail "could not make the round-up kernel"
run 0 "$T/ceil.ttgir"
has "and the partial tile N=80"
tail -1 "$T/out" | grep -q ': verified: no bug in any schedule; ' || fail "ceil: $(tail -1 "$T/out")"

# a bug whole tiles show stays an error (once: the probe's finding of it is not repeated)
for mode in warn off; do
  run 1 "$BUG" --partial-tiles $mode --format json
  [ "$(jq -r '[.verdict, .warnings, (.bugs | length), .bugs[0].severity, .bugs[0].kind, .bugs[0].loc.line] | map(tostring) | join(" ")' "$T/out")" = "bug 0 1 error deadlock 20" ] ||
    fail "bug kernel ($mode): $(jq -c '[.verdict, .warnings, (.bugs | length), .bugs[0].message]' "$T/out")"
done
echo "check_partial_tiles: ok"
