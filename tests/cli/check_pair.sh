#!/bin/sh
# check_pair.sh: paired-CTA (cta_group::2) kernels (tests/pair): the correct 2-CTA GEMM is
# verified and every planted bug is reported first with its kind at its line (expected.tsv);
# `tlx-verify sim` of the correct kernel matches a numpy reference (the leader's MMA computes
# both CTAs' accumulators from both CTAs' B halves); what the pair model cannot run is an input
# error (exit 2), never a verdict.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/expected_kernels.sh"
D="$SRC/tests/pair"
PY=/usr/bin/python3
check_expected "$D" pair.py
[ "$n" -ge 9 ] || fail "only $n pair kernels"

# gemm2cta.exit.bug: beside its first bug (expected.tsv), the follower's exit while the leader's
# paired MMA (pair.py:85) and its commit (pair.py:87) are still in flight is reported, with the
# reduction as without it (the paired ops' effects keep a completion into the follower and the
# follower's exit dependent: sim_effects.c pair_effect)
for r in "" --no-reduction; do
  # shellcheck disable=SC2086
  "$TLXV" "$D/gemm2cta.exit.bug.ttgir" --arg K=192 --grid 2 $r --format json > "$T/x.json" 2>/dev/null || true
  got=$(jq -c '[.bugs[] | .kind + ":" + (.loc.line | tostring)] | sort' "$T/x.json")
  [ "$got" = '["cluster-exit:85","cluster-exit:87","lifecycle:85"]' ] || fail "gemm2cta.exit.bug $r: $got"
done

# two clusters of a pair each (programs 0,1 and 2,3) are checked against each other
"$TLXV" "$D/gemm2cta.ok.ttgir" --arg K=128 --grid 4 -q || fail "gemm2cta.ok with --grid 4"

# simulate: C = A x B for M = 512 (two clusters), N = 256 (two column tiles), K = 256
for sched in random round-robin; do
  "$TLXV" sim "$D/gemm2cta.ok.ttgir" --arg K=256 --tensor a_desc=random:512x256:f16 \
    --tensor b_desc=random:256x256:f16 --tensor c_desc=zeros:512x256:f32 --grid 4,2 \
    --schedule $sched --seed 5 --out "$T/s" -q || fail "sim gemm2cta.ok ($sched)"
  "$PY" - "$T/s" <<'PYEOF' || fail "sim gemm2cta.ok: wrong result ($sched)"
import sys, numpy as np
d = sys.argv[1]
a, b, c = (np.load(f"{d}/{n}_desc.npy").astype(np.float64) for n in "abc")
exact = a @ b
tol = a.shape[1] * 2.0**-22 * (np.abs(a) @ np.abs(b)) + 1e-6
assert np.abs(c).max() > 1
assert np.all(np.abs(c - exact) <= tol), np.abs(c - exact).max()
PYEOF
done

# what the model refuses says so (exit 2, the op's line)
refuse() { # sed-expression message
  sed -e "$1" "$D/gemm2cta.ok.ttgir" > "$T/r.ttgir"
  input_error check "$2" "$T/r.ttgir" --arg K=128 --grid 2
}
refuse 's/"ttg.cluster-dim-x" = 2/"ttg.cluster-dim-x" = 3/' "even cluster size"
refuse 's/"ttg.cluster-dim-y" = 1/"ttg.cluster-dim-y" = 2/' "more than one dimension"
refuse 's/"ttng.two-ctas" = true, "tlx.enable_paired_cta_mma" = true/"ttng.two-ctas" = false/' \
  "same cta_group"

# a paired MMA outside warp_specialize in a TLX module: the fork's lone cluster arrive is refused
sed -e 's/"ttg.num-ctas" = 2 : i32,/"ttg.num-ctas" = 2 : i32, tlx.has_tlx_ops = true,/' \
  "$D/mma-clsync.ok.ttgir" > "$T/fork.ttgir"
input_error check "lone barrier.cluster.arrive\|barrier.cluster.arrive with no wait" "$T/fork.ttgir"

# a synchronous paired MMA (no barrier, no is_async) is not waited for by the lowering; the
# leader's tc_gen5_commit after it arrives on empty[s] of both CTAs once it completes: with that
# commit the kernel is verified, without it the loaders wait on empty[s] for ever
SYNC='s/, %es\[%true\] {is_async, two_ctas}/ {two_ctas}/; s/, !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc("pair.py":85:13)/ loc("pair.py":85:13)/'
sed -e "$SYNC" -e 's/^\( *\)\(ttng.tc_gen5_mma .*loc("pair.py":85:13)\)$/\1\2\n\1ttng.tc_gen5_commit %es {two_ctas} : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc("pair.py":86:13)/' \
  "$D/gemm2cta.ok.ttgir" > "$T/sync.ttgir"
grep -q 'tc_gen5_commit %es' "$T/sync.ttgir" && ! grep -q 'is_async' "$T/sync.ttgir" || fail "could not make the synchronous-MMA kernel"
"$TLXV" check "$T/sync.ttgir" --arg K=192 -q || fail "gemm2cta with a synchronous MMA and a commit: not verified"
sed -e "$SYNC" "$D/gemm2cta.ok.ttgir" > "$T/sync-nocommit.ttgir"
rc=0
"$TLXV" check "$T/sync-nocommit.ttgir" --arg K=192 > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 1 ] && head -1 "$T/o.txt" | grep -q 'error: deadlock: ' ||
  fail "gemm2cta with a synchronous MMA and no commit: exit $rc: $(head -2 "$T/o.txt")"
echo "check_pair: $n kernels ok"
