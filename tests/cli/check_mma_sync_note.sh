#!/bin/sh
# check_mma_sync_note.sh: a race on a tc_gen5_mma without is_async (tests/checkers/race-mma5.bug)
# is still a race (Triton's MMAv5 lowering never waits, semantics.md §4.4), and its note says
# that only the MMA lowering pass of Triton's make_ttgir would make it synchronous (IR dumped
# before that pass: the lit sweep's largest class, docs/lit-sweep.md). The same race on an
# is_async MMA keeps the plain note.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
K="$SRC/tests/checkers/race-mma5.bug.ttgir"
rc=0; "$TLXV" check "$K" -q > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 1 ] && head -1 "$T/o.txt" | grep -q 'error: race: ttng.tmem_load' || fail "no race: exit $rc: $(head -2 "$T/o.txt")"
grep -q 'note: async operation issued here: a tc_gen5_mma without is_async does not wait once lowered; only the MMA lowering pass at the end of Triton.s make_ttgir makes it synchronous' "$T/o.txt" ||
  fail "no is_async note: $(head -3 "$T/o.txt")"
rc=0; "$TLXV" check "$K" --format json > "$T/o.json" 2>&1 || rc=$?
[ $rc = 1 ] && jq -e '.bugs[0].related[0].message | test("without is_async")' "$T/o.json" > /dev/null || fail "json: no note"
sed 's/%false, %true :/%false, %true {is_async} :/' "$K" > "$T/async.ttgir"
grep -q '{is_async}' "$T/async.ttgir" || fail "sed did not mark the MMA is_async"
rc=0; "$TLXV" check "$T/async.ttgir" -q > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 1 ] && head -1 "$T/o.txt" | grep -q 'error: race: ttng.tmem_load' || fail "is_async: no race: exit $rc: $(head -2 "$T/o.txt")"
grep -q 'note: async operation issued here$' "$T/o.txt" || fail "is_async: wrong note: $(head -3 "$T/o.txt")"
echo "check_mma_sync_note: ok"
