#!/bin/sh
# explain_runner.sh (issue 15, the hang recorder): the hang record the runner's JSON writer
# (lowering/runner/run_rec.c) makes from ws_add.bug1's record buffer in check's deadlock state
# (the golden tests/cli/explain/runner_bug1.json, kept equal to the writer's output by
# unit.test_run_rec) is read by `explain`, which recovers the bug kind and line check reports.
set -eu
: "${TLXV:?}" "${SRC:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
K="$SRC/tests/corpus/gluon/ws_add.bug1.ttgir"
G="$SRC/tests/cli/explain/runner_bug1.json"
# The golden's op ids and barriers are those of the lowering's side table today.
"$TLXV" lower "$K" --target sm_90a --recorder -o "$T/r.ptx"
jq -r '.warps[] | select(.op) | "// tlxv-rec-op \(.op) \(.loc)"' "$G" | sort -u > "$T/ops"
jq -r '.barriers[] | "// tlxv-rec-bar off=\(.smem_off) name=\(.name)"' "$G" | sort -u >> "$T/ops"
sed 's/^\(\/\/ tlxv-rec-bar\) [0-9]* /\1 /' "$T/r.ptx" > "$T/side"
while read -r l; do grep -qxF -- "$l" "$T/side" || fail "the lowering's side table lacks '$l'"; done < "$T/ops"
rc=0
"$TLXV" check "$K" --arg ynumel=16 --format json > "$T/c.json" 2> /dev/null || rc=$?
[ $rc = 1 ] || fail "check exit $rc"
want=$(jq -r '[.bugs[0].kind, .bugs[0].loc.line] | map(tostring) | join(" ")' "$T/c.json")
rc=0
"$TLXV" explain "$K" --observed "$G" --arg ynumel=16 --format json \
  > "$T/x.json" 2> "$T/err" || rc=$?
[ $rc = 1 ] || fail "explain exit $rc: $(cat "$T/err")"
got=$(jq -r '[.report.bugs[0].kind, .report.bugs[0].loc.line] | map(tostring) | join(" ")' "$T/x.json")
[ "$got" = "$want" ] || fail "explain gives '$got', check '$want'"
# the text report names the recorder format
"$TLXV" explain "$K" --observed "$G" --arg ynumel=16 > "$T/x.txt" 2>&1 || true
grep -qi "recorder" "$T/x.txt" || fail "the report does not name the recorder format: $(head -5 "$T/x.txt")"
echo "explain_runner: ok ($got)"
