#!/bin/sh
# explain_halting.sh (issue 17): halting bugs met on the way. tests/cli/explain/over_delivery.ttgir
# over-delivers TMA bytes (its expect counts one of two loads): the model stops at the
# tx-mismatch (xp.py:30), so a hang past it (the hand list: default waits at xp.py:20 after
# partition0 exited) is not reachable. explain must name the bug check reports, with its
# schedule, and exit 1; an observation the bug cannot lead to (partition0 back at its wait
# xp.py:29 in a one-round run) lists the bug as not fitting and exits 5; a bound hit before the
# search finished makes it inconclusive (exit 3, the bug still shown); the correct twin
# (over_delivery.ok.ttgir) with the same observation exits 5 and names no bug.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
D=$SRC/tests/cli/explain
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
printf '# past the over-delivery\ndefault xp.py:20\npartition0 exited\n' > "$T/past.txt"
printf 'default xp.py:20\npartition0 xp.py:29\n' > "$T/back.txt"
run() { # expected exit, kernel, observation, args...
  rc_want=$1 k=$2 obs=$3
  shift 3
  rc=0
  "$TLXV" explain "$D/$k" --observed "$T/$obs" "$@" > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = "$rc_want" ] || fail "$k $obs: exit $rc (want $rc_want): $(cat "$T/out" "$T/err")"
}

# check's first bug, which explain must recover
"$TLXV" check "$D/over_delivery.ttgir" --arg n=1 --format json > "$T/c.json" || [ $? = 1 ] || fail "check did not run"
bug=$(jq -r '.bugs[0] | "\(.kind):\(.loc.line)"' "$T/c.json")
[ "$bug" = tx-mismatch:30 ] || fail "check reports $bug, not tx-mismatch:30"

run 1 over_delivery.ttgir past.txt --arg n=1
grep -q "^explain: the model stops at this bug on the way; the GPU ran past it" "$T/out" || fail "no halting-bug line: $(cat "$T/out")"
grep -q "^xp.py:30:5: error: tx-mismatch: phase 0 of full completed with 4096 bytes expected but 8192" "$T/out" ||
  fail "the tx-mismatch is not named: $(cat "$T/out")"
grep -q "^  schedule, [0-9]* steps:" "$T/out" || fail "no schedule"
grep -q "^explain: no reachable state matches the observation" "$T/out" || fail "no 'no reachable state' line"
! grep -q "closest hang" "$T/out" || fail "closest states printed although a bug explains the hang"
# the bug comes first
first=$(grep -n "error: tx-mismatch" "$T/out" | head -n 1 | cut -d: -f1)
nomatch=$(grep -n "no reachable state matches" "$T/out" | cut -d: -f1)
[ "$first" -lt "$nomatch" ] || fail "the bug is not said first"
run 1 over_delivery.ttgir past.txt --arg n=1 --format json
got=$(jq -r '.report.bugs[0] | "\(.kind):\(.loc.line)"' "$T/out")
[ "$got" = "$bug" ] || fail "json report gives $got, check $bug"
[ "$(jq -r '.explain.matched' "$T/out")" = false ] || fail "json: matched"
[ "$(jq -r '[.explain.halting_bugs[] | select(.fits)] | .[0].kind' "$T/out")" = tx-mismatch ] ||
  fail "json: the tx-mismatch does not fit"
run 1 over_delivery.ttgir past.txt --arg n=1 --format sarif
[ "$(jq -r '.runs[0].results[0].ruleId' "$T/out")" = tx-mismatch ] || fail "sarif: $(cat "$T/out")"
run 1 over_delivery.ttgir past.txt --arg n=1 --trace-out "$T/trace.json"
jq -e '.traceEvents | length > 0' "$T/trace.json" > /dev/null || fail "--trace-out: no schedule written"

# a bound before the search could rule out a matching state: inconclusive, the bug still named
run 3 over_delivery.ttgir past.txt --arg n=3 --max-states 10
grep -q "the search stopped before it could rule out a reachable matching state" "$T/out" ||
  fail "bounded: $(cat "$T/out")"
grep -q "^xp.py:30:5: error: tx-mismatch: " "$T/out" || fail "bounded: the tx-mismatch is not named"

# partition0 cannot get back to its wait after its only round: the bug does not fit
run 5 over_delivery.ttgir back.txt --arg n=1
grep -q "but they do not fit the observation\|but it does not fit the observation" "$T/out" || fail "no 'does not fit': $(cat "$T/out")"
grep -q "^  xp.py:30:5: tx-mismatch: " "$T/out" || fail "the unfitting tx-mismatch is not listed"
! grep -q "error:" "$T/out" || fail "a bug reported as the explanation: $(cat "$T/out")"
run 5 over_delivery.ttgir back.txt --arg n=1 --format json
[ "$(jq -r '.report' "$T/out")" = null ] || fail "json: a report without an explanation"
[ "$(jq -r '[.explain.halting_bugs[] | select(.fits)] | length' "$T/out")" = 0 ] || fail "json: a bug fits"

# the correct kernel: nothing matches, no bug is named
run 5 over_delivery.ok.ttgir past.txt --arg n=1
grep -q "^explain: no reachable state matches the observation" "$T/out" || fail "ok: no 'no reachable state' line"
! grep -q "error:\|stops at" "$T/out" || fail "ok: a bug named: $(cat "$T/out")"
run 5 over_delivery.ok.ttgir past.txt --format json
[ "$(jq -r '.explain.halting_bugs | length' "$T/out")" = 0 ] || fail "ok json: halting bugs"
echo "explain halting bugs: ok"
