#!/bin/sh
# explain_amd_waves.sh: explain on an AMD kernel binds every wave the observation names, also the
# waves the wave reduction of check leaves out (dma-add-nowait.bug: check runs wave0 and wave2 of
# its one class of 4 waves; explain runs every wave, as --all-waves).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "explain_amd_waves: FAIL: $*"; exit 1; }
k="$SRC/tests/amd/dma-add-nowait.bug.ttgir"
"$TLXV" "$k" --arg n=1000 > "$T/chk" 2>&1 || true
! grep -q 'wave3' "$T/chk" || fail "check ran wave3: the reduction this test relies on is gone"
printf 'wave3 amd.py:18\nwave0 amd.py:18\n' > "$T/obs"
rc=0
"$TLXV" explain "$k" --arg n=1000 --observed "$T/obs" > "$T/out" 2> "$T/err" || rc=$?
! grep -q 'has no partition' "$T/err" || fail "wave3 not bound: $(cat "$T/err")"
[ $rc = 1 ] || [ $rc = 5 ] || fail "exit $rc: $(cat "$T/err")"
grep -q 'wave3' "$T/out" || fail "wave3 not in the explanation: $(cat "$T/out")"
echo "explain_amd_waves: ok"
