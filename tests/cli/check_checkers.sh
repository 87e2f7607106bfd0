#!/bin/sh
# check_checkers.sh: the hand-written checker kernels (tests/checkers): every correct kernel is
# verified (exit 0, no bug); every planted bug is reported first with its checker's kind at the
# planted line (exit 1). A kernel has one planted bug, so removing a checker fails its line.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/expected_kernels.sh"
D="$SRC/tests/checkers"
check_expected "$D" checkers.py
[ "$n" -ge 26 ] || fail "only $n checker kernels"
# without loc(...) in the IR, diagnostics name the op's own line and column in the IR file
sed -E 's/ loc\([^()]*\)//g' "$D/deadlock.bug.ttgir" > "$T/noloc.ttgir"
! grep -q 'loc(' "$T/noloc.ttgir" || fail "noloc.ttgir still has locations"
"$TLXV" "$T/noloc.ttgir" -q > "$T/o.txt" 2>/dev/null || true
want="$T/noloc.ttgir:$(grep -n 'ttng.wait_barrier %f0' "$T/noloc.ttgir" | head -1 | cut -d: -f1):7: error: deadlock: "
head -1 "$T/o.txt" | grep -qF "$want" || fail "loc-less IR: '$(head -1 "$T/o.txt")', expected '$want...'"
# a partition cluster barrier only CTA 0 reaches: CTA 1's partition never arrives (deadlock,
# explained as the partition barrier)
sed 's|      ttng.cluster_barrier loc("checkers.py":20:7)|      %rank = nvgpu.cluster_id\n      %c0 = arith.constant 0 : i32\n      %is0 = arith.cmpi eq, %rank, %c0 : i32\n      scf.if %is0 {\n        ttng.cluster_barrier loc("checkers.py":20:7)\n      }|' \
  "$D/cluster-barrier.ok.ttgir" > "$T/cb.ttgir"
grep -q "scf.if %is0" "$T/cb.ttgir" || fail "could not make the one-CTA cluster barrier kernel"
rc=0
"$TLXV" "$T/cb.ttgir" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 1 ] && head -1 "$T/o.txt" | grep -q '^checkers.py:20:7: error: deadlock: .*cta0.partition0 waits on the partition cluster barrier' ||
  fail "one-CTA partition cluster barrier: exit $rc: $(head -3 "$T/o.txt")"
echo "check_checkers: $n kernels ok"
