#!/bin/sh
# check_assume.sh: llvm.intr.assume (tests/cli/assume/assume.ttgir): parsed and printed back;
# no synchronization effect; an assume that is false for the checked arguments puts them
# outside the kernel's contract: the run is skipped and said so (never a bug from impossible
# inputs), and when every run is skipped the check is inconclusive (exit 3).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
K="$SRC/tests/cli/assume/assume.ttgir"
"$TLXV" parse "$K" > "$T/p.txt" || fail "parse failed"
grep -q 'llvm.intr.assume %pos : i1' "$T/p.txt" || fail "assume not printed back: $(cat "$T/p.txt")"
rc=0; "$TLXV" check "$K" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 0 ] || fail "default arguments: exit $rc: $(cat "$T/o.txt")"
rc=0; "$TLXV" check "$K" --arg n=0 > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 3 ] || fail "n=0 (assumed away): exit $rc, want 3: $(cat "$T/o.txt")"
grep -q "skipped 1 of 1 run(s) whose arguments are outside the kernel's contract (llvm.intr.assume is false (at assume.py:9:5))" "$T/o.txt" ||
  fail "n=0: no skip note: $(cat "$T/o.txt")"
! grep -q 'error:' "$T/o.txt" || fail "n=0: a bug reported from impossible inputs: $(cat "$T/o.txt")"
rc=0; "$TLXV" check "$K" --arg n=0 --format json > "$T/o.json" 2>&1 || rc=$?
[ $rc = 3 ] && grep -q '"verdict": "inconclusive"' "$T/o.json" || fail "n=0 json: exit $rc"
# the same kernel without its assumes deadlocks for n=0: the skip above is the assume's doing
sed '/llvm.intr.assume/d' "$K" > "$T/noassume.ttgir"
rc=0; "$TLXV" check "$T/noassume.ttgir" --arg n=0 -q > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 1 ] && head -1 "$T/o.txt" | grep -q 'error: deadlock:' || fail "no assume, n=0: exit $rc: $(head -2 "$T/o.txt")"
echo "check_assume: ok"
