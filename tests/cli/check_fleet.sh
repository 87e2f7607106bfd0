#!/bin/sh
# check_fleet.sh: `check DIR` over a Triton-cache-like tree (<hash>/<kernel>.ttgir, a .ttir next
# to one .ttgir, other files): the text summary's counts, the merged JSON (jq: one report per
# kernel, the same as `check FILE --format json` writes), the merged SARIF (one run, every
# result naming its kernel), -j1 and -j2 give the same report, --shard K/N partitions the
# kernels for every N (0- and 1-based K), the exit order (a bug is not hidden by an error), and
# the usage errors (issue 13, "Fleets").
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
G="$SRC/tests/corpus/gluon"
C="$T/cache"
for b in 0 1 2 3 4 5 6 7 8; do
  mkdir -p "$C/h$b"
  cp "$G/ws_add.bug$b.ttgir" "$C/h$b/ws_add_kernel.ttgir"
  echo '{"name": "ws_add_kernel"}' > "$C/h$b/ws_add_kernel.json"
done
cp "$G/ws_add.bug1.ttgir" "$C/h0/ws_add_kernel.ttir" # Triton writes both: the .ttgir is checked
A="--arg xnumel=256 --arg ynumel=256"
strip() { jq -S 'del(.. | .seconds?, .explore_seconds?, .states_per_second?)' "$1"; }

# text: one line per kernel, then the counts; exit 1 (bugs)
rc=0
"$TLXV" check "$C" $A -j2 > "$T/text" 2> "$T/err" || rc=$?
[ $rc = 1 ] || fail "text: exit $rc (want 1): $(cat "$T/err")"
[ "$(grep -c ': verified \[' "$T/text")" = 1 ] || fail "text: not one verified line: $(cat "$T/text")"
[ "$(grep -c ': bug: ' "$T/text")" = 8 ] || fail "text: not 8 bug lines: $(cat "$T/text")"
grep -q '^fleet: 9 kernels: 1 verified, 8 bug, 0 inconclusive, 0 error; exit 1;' "$T/text" ||
  fail "text: summary: $(tail -1 "$T/text")"
! grep -q 'ttir' "$T/text" || fail "text: the .ttir of a kernel with a .ttgir was checked"

# JSON: one document; each report is what `check FILE --format json` writes
rc=0
"$TLXV" check "$C" $A -j2 --format json > "$T/j2.json" || rc=$?
[ $rc = 1 ] || fail "json: exit $rc"
jq -e '(.reports | length) == 9 and .summary.kernels == 9 and .summary.bug == 8 and
       .summary.verified == 1 and .summary.exit_code == 1' "$T/j2.json" > /dev/null ||
  fail "json: summary: $(jq -c .summary "$T/j2.json")"
jq -e '[.reports[].file] == ([.reports[].file] | sort)' "$T/j2.json" > /dev/null || fail "json: not in path order"
"$TLXV" check "$C/h4/ws_add_kernel.ttgir" $A --format json > "$T/one.json" || true
jq '.reports[] | select(.file | endswith("h4/ws_add_kernel.ttgir"))' "$T/j2.json" > "$T/from_fleet.json"
[ "$(strip "$T/one.json")" = "$(strip "$T/from_fleet.json")" ] || fail "json: the fleet's report of h4 differs from check's"
# -j1 gives the same report
"$TLXV" check "$C" $A -j1 --format json > "$T/j1.json" || true
[ "$(strip "$T/j1.json")" = "$(strip "$T/j2.json")" ] || fail "json: -j1 and -j2 differ"

# SARIF: one log, one run, every result names its kernel; as many bug results as JSON bugs
rc=0
"$TLXV" check "$C" $A --format sarif > "$T/f.sarif" || rc=$?
[ $rc = 1 ] || fail "sarif: exit $rc"
jq -e '.version == "2.1.0" and (.runs | length) == 1 and (.runs[0].artifacts | length) == 9' \
  "$T/f.sarif" > /dev/null || fail "sarif: not one run of 9 artifacts"
bugs=$(jq '[.reports[].bugs | length] | add' "$T/j2.json")
[ "$(jq '.runs[0].results | length' "$T/f.sarif")" = "$bugs" ] || fail "sarif: results != $bugs bugs"
jq -e '[.runs[0].results[] | .properties.kernel as $k | ($k | test("/h[0-9]/ws_add_kernel.ttgir$")) and
        ([.relatedLocations[].physicalLocation.artifactLocation.uri] | index($k)) != null] | all' \
    "$T/f.sarif" > /dev/null || fail "sarif: a result does not name its kernel"
jq -e '[.runs[0].results[].ruleId] - [.runs[0].tool.driver.rules[].id] == []' "$T/f.sarif" > /dev/null ||
  fail "sarif: a result's rule is not in the rules"

# --shard K/N: for N = 1..3, K = 1..N (and 0..N-1) cover every kernel exactly once
"$TLXV" check "$C" $A --format json > "$T/all.json" || true
jq -r '.reports[].file' "$T/all.json" > "$T/all"
for n in 1 2 3; do
  for base in 0 1; do
    : > "$T/got"
    k=$base
    while [ $k -lt $((n + base)) ]; do
      "$TLXV" check "$C" $A -j2 --shard $k/$n --format json > "$T/s.json" || true
      jq -e ".summary.found == 9 and .summary.shard.n == $n" "$T/s.json" > /dev/null || fail "shard $k/$n: summary"
      jq -r '.reports[].file' "$T/s.json" >> "$T/got"
      k=$((k + 1))
    done
    sort "$T/got" > "$T/got.sorted"
    cmp -s "$T/all" "$T/got.sorted" || fail "shards of $n (from $base) do not partition the kernels"
  done
done

# an error elsewhere does not hide a bug; with no bug, the error decides (2), before inconclusive
mkdir -p "$T/mixed"
cp "$G/ws_add.bug1.ttgir" "$T/mixed/a.ttgir"
printf 'module {\n  tt.func @k( {\n' > "$T/mixed/b.ttgir"
rc=0
"$TLXV" check "$T/mixed" $A > "$T/out" || rc=$?
[ $rc = 1 ] || fail "bug + error: exit $rc (want 1)"
grep -q 'b.ttgir: error: .*b.ttgir:2:' "$T/out" || fail "bug + error: no error line: $(cat "$T/out")"
grep -q '1 bug, 0 inconclusive, 1 error; exit 1' "$T/out" || fail "bug + error: summary"
cp "$G/ws_add.bug0.ttgir" "$T/mixed/a.ttgir"
rc=0
"$TLXV" check "$T/mixed" $A --format json > "$T/out.json" || rc=$?
[ $rc = 2 ] || fail "verified + error: exit $rc (want 2)"
jq -e '.reports[1].verdict == "error" and (.reports[1].error | test("b.ttgir:2:"))' "$T/out.json" > /dev/null ||
  fail "verified + error: JSON error object"
rc=0
"$TLXV" check "$G/ws_add.bug0.ttgir" "$G/ws_add.bug1.ttgir" $A -q > "$T/out" || rc=$?
[ $rc = 1 ] && [ "$(wc -l < "$T/out")" = 1 ] || fail "two files, -q: exit $rc: $(cat "$T/out")"

# usage and input errors: exit 2, a message, nothing on stdout
mkdir -p "$T/empty/sub"
echo x > "$T/empty/sub/k.ptx"
input_error check "no kernel (\*.ttgir or \*.ttir file) in" "$T/empty"
input_error check "$T/missing.ttgir: No such file" "$G/ws_add.bug0.ttgir" "$T/missing.ttgir"
for s in x 1 1/0 4/3 -1/3 /3 1/ 1/2/3 a/3; do
  input_error check "\-\-shard" "$C" --shard "$s"
done
input_error check "option --shard needs a value" "$C" --shard
input_error check "\-j expects an integer from 1 to 4096, got '0'" "$C" -j0
input_error check "\-j expects an integer" "$C" -j x
input_error check "\-\-trace-out names one file" "$C" --trace-out "$T/t.json"
input_error check "standard input" - "$G/ws_add.bug0.ttgir"
echo "check_fleet: ok"
