#!/bin/sh
# check_time_bound.sh: --max-states bounds the run time of a buggy kernel too (issue 11: every
# violating transition copied the whole DFS path, and shortening a bug's 300,000-step schedule
# replayed it thousands of times: over 300 s at 400,000 states).
set -eu
: "${TLXV:?}" "${SRC:?}"
fail() { echo "FAIL: $*" >&2; exit 1; }
K="$SRC/examples/hopper_attention_ws/hopper_attention_ws.bug4.ttgir"
rc=0
out=$(timeout 200 "$TLXV" check "$K" --arg N_CTX=1048576 --no-reduction --max-states 400000) || rc=$?
[ $rc = 1 ] || fail "exit $rc (want 1, bug; 124 is the timeout)"
echo "$out" | grep -q ": bug (" || fail "no bug verdict: $(echo "$out" | tail -3)"
echo "check_time_bound: ok"
