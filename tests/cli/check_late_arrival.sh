#!/bin/sh
# check_late_arrival.sh: an mbarrier invalidated while an async op still signals it (sim_late.c,
# docs/diagnostics.md "lifecycle" and "Severity"). tests/checkers/late-arrival.ok: the arrival
# lands on the invalid, unused barrier: one warning at the inval, verdict verified, exit 0, in
# text ("warning:", the summary's count), JSON ("severity", "warnings") and SARIF (level
# "warning"); --warnings-as-errors makes it exit 1; a fleet and the pre-commit hook pass it
# (exit 0) unless given that option. late-arrival.bug (re-initialised while the arrival is
# pending) and late-arrival-reuse.bug (a buffer that may lie over the barrier written while it
# is pending) are errors with their messages.
set -eu
: "${TLXV:?}" "${SRC:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
D="$SRC/tests/checkers"
OK="$D/late-arrival.ok.ttgir"
# run EXPECTED_RC ARGS...: tlx-verify, stdout in $T/out
run() {
  want=$1
  shift
  rc=0
  "$TLXV" "$@" > "$T/out" 2> "$T/err" || rc=$?
  [ "$rc" = "$want" ] || fail "tlx-verify $*: exit $rc, want $want: $(cat "$T/out" "$T/err")"
}

# 1. the correct kernel: a warning, verified, exit 0
run 0 "$OK"
grep -q "^checkers.py:15:5: warning: lifecycle: stage is invalidated while an async op still signals it; its arrival lands on the invalid barrier: undefined behaviour per PTX (§1.5.1), without effect here since nothing reuses the barrier's memory first" "$T/out" ||
  fail "text: no warning at the inval: $(cat "$T/out")"
grep -q "^checkers.py:13:5: note: async op whose arrival lands after the inval" "$T/out" || fail "text: no note at the MMA"
grep -q ": verified: no bug in any schedule (1 warning); " "$T/out" || fail "text summary: $(tail -1 "$T/out")"
! grep -q "error:" "$T/out" || fail "text: an error on the correct kernel"
run 0 "$OK" --format json
jq -e '.verdict == "verified" and .warnings == 1 and (.bugs | length) == 1 and
       .bugs[0].severity == "warning" and .bugs[0].kind == "lifecycle" and .bugs[0].loc.line == 15 and
       (.bugs[0].message | test("undefined behaviour per PTX"))' "$T/out" > /dev/null ||
  fail "json: $(cat "$T/out")"
run 0 "$OK" --format sarif
jq -e '.runs[0].results[0].level == "warning" and .runs[0].results[0].ruleId == "lifecycle" and
       .runs[0].properties.verdict == "verified" and .runs[0].properties.warnings == 1' "$T/out" > /dev/null ||
  fail "sarif: $(cat "$T/out")"

# sim with data: a warning does not fail the run
run 0 sim "$OK" --tensor out=zeros:4:f32 --out "$T/simout"
! grep -q "error:" "$T/err" || fail "sim: an error on the correct kernel: $(cat "$T/err")"

# 2. --warnings-as-errors: the same report is an error, the verdict bug, exit 1
run 1 "$OK" --warnings-as-errors
grep -q "^checkers.py:15:5: error: lifecycle: stage is invalidated" "$T/out" || fail "-Werror text: $(cat "$T/out")"
grep -q ": bug (1 bug); " "$T/out" || fail "-Werror summary: $(tail -1 "$T/out")"
run 1 "$OK" --warnings-as-errors --format json
jq -e '.verdict == "bug" and .warnings == 0 and .bugs[0].severity == "error"' "$T/out" > /dev/null || fail "-Werror json"

# 3. the planted bugs: errors first (the warning of the schedules where the arrival lands
#    first follows), exit 1
run 1 "$D/late-arrival.bug.ttgir"
head -1 "$T/out" | grep -q "^checkers.py:16:5: error: lifecycle: stage is initialised again while an async op that signals it is still in flight: its late arrival would count in a phase of the new barrier" ||
  fail "re-init: $(head -1 "$T/out")"
grep -q "^checkers.py:15:5: note: invalidated here while the op was in flight" "$T/out" || fail "re-init: no note at the inval"
grep -q ": bug (1 bug, 1 warning); " "$T/out" || fail "re-init summary: $(tail -1 "$T/out")"
run 1 "$D/late-arrival-reuse.bug.ttgir"
head -1 "$T/out" | grep -q "^checkers.py:17:10: error: lifecycle: ttg.local_alloc uses c, which Triton's allocator may place over stage (defined after its last use), while an async op's arrival on that barrier is pending" ||
  fail "reuse: $(head -1 "$T/out")"

# 4. a fleet: the correct kernel is verified with its warning, the bug is a bug; exit 1 for the
#    bug only; with --warnings-as-errors both are bugs
mkdir "$T/fleet"
cp "$OK" "$D/late-arrival.bug.ttgir" "$T/fleet/"
run 1 check "$T/fleet" -j 2
grep -q "late-arrival.ok.ttgir: verified (1 warning: checkers.py:15:5: lifecycle: stage is invalidated" "$T/out" ||
  fail "fleet text: $(cat "$T/out")"
grep -q "^fleet: 2 kernels: 1 verified, 1 bug, 0 inconclusive, 0 error; 2 warnings; exit 1" "$T/out" ||
  fail "fleet counts: $(tail -1 "$T/out")"
rm "$T/fleet/late-arrival.bug.ttgir"
cp "$OK" "$T/fleet/copy.ttgir"
run 0 check "$T/fleet" -j 2 --format json
jq -e '.summary.verified == 2 and .summary.warnings == 2 and .summary.exit_code == 0' "$T/out" > /dev/null ||
  fail "fleet json: $(jq -c .summary "$T/out")"
run 0 check "$T/fleet" -j 2 --format sarif
jq -e '[.runs[0].results[] | select(.level == "warning" and .ruleId == "lifecycle")] | length == 2' "$T/out" > /dev/null ||
  fail "fleet sarif: warnings not kept"
run 1 check "$T/fleet" -j 2 --warnings-as-errors
grep -q "^fleet: 2 kernels: 0 verified, 2 bug" "$T/out" || fail "fleet -Werror: $(tail -1 "$T/out")"

# 5. the pre-commit hook: warnings pass, --warnings-as-errors rejects them
rc=0
TLXV="$TLXV" sh "$SRC/scripts/pre-commit-tlx-verify.sh" "$OK" > "$T/out" 2>&1 || rc=$?
[ $rc = 0 ] || fail "pre-commit: exit $rc: $(cat "$T/out")"
grep -q "warning: lifecycle" "$T/out" || fail "pre-commit: no warning printed: $(cat "$T/out")"
rc=0
TLXV="$TLXV" sh "$SRC/scripts/pre-commit-tlx-verify.sh" --warnings-as-errors "$OK" > "$T/out" 2>&1 || rc=$?
[ $rc = 1 ] || fail "pre-commit --warnings-as-errors: exit $rc"
echo "check_late_arrival: ok"
