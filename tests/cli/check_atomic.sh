#!/bin/sh
# check_atomic.sh: ttg.local_atomic_scatter_rmw (issue 12, class 6; docs/verifier.md "Atomic
# accesses"): parse / print round-trip of the fork's syntax; an atomic against a plain store of
# the same buffer is a race; simulate mode computes the scatter (a histogram, the old values) and
# reports an index outside the buffer; on AMD the op is a ds atomic of the wave's LDS queue
# (verified behind Membar's barrier) and simulate mode refuses it. The checker kernels
# tests/checkers/atomic-scatter.* and tests/amd/gfx1250/ws-atomic* hold the rest.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
PY=/usr/bin/python3
D="$SRC/tests/cli/atomic"
OK="$SRC/tests/checkers/atomic-scatter.ok.ttgir"

# parse / print: the mask form of the fork's lit tests prints back as read, and is stable
cat > "$T/m.mlir" <<'MLIR'
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @m(%i: tensor<1xi32, #blocked>, %v: tensor<1xf32, #blocked>, %k: tensor<1xi1, #blocked>) {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<1xf32, #shared, #smem, mutable>
    %1 = ttg.local_atomic_scatter_rmw fadd, %0[%i], %v, %k {axis = 0 : i32} : (!ttg.memdesc<1xf32, #shared, #smem, mutable>, tensor<1xf32, #blocked>, tensor<1xi32, #blocked>, tensor<1xi1, #blocked>) -> tensor<1xf32, #blocked>
    tt.return
  }
}
MLIR
"$TLXV" parse "$T/m.mlir" > "$T/p1.mlir" || fail "parse: exit $?"
grep -qF '%1 = ttg.local_atomic_scatter_rmw fadd, %0[%i], %v, %k {axis = 0 : i32} : (!ttg.memdesc<1xf32, #shared, #smem, mutable>, tensor<1xf32, #blocked>, tensor<1xi32, #blocked>, tensor<1xi1, #blocked>) -> tensor<1xf32, #blocked>' "$T/p1.mlir" ||
  fail "printed form: $(grep local_atomic "$T/p1.mlir")"
"$TLXV" parse "$T/p1.mlir" > "$T/p2.mlir" && cmp -s "$T/p1.mlir" "$T/p2.mlir" || fail "print is not stable"

# an atomic against a plain store of the same bytes: a race (atomic only among atomics)
sed 's|%old1 = ttg.local_atomic_scatter_rmw add, %ph\[%zero\], %two {axis = 0 : i32} : (!ttg.memdesc<128xi32, #shared, #smem, mutable>, tensor<128xi32, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>|ttg.local_store %two, %ph : tensor<128xi32, #blocked> -> !ttg.memdesc<128xi32, #shared, #smem, mutable>|' \
  "$OK" > "$T/store.ttgir"
grep -q 'ttg.local_store %two, %ph' "$T/store.ttgir" || fail "could not make the plain-store variant"
run 1 "$T/store.ttgir"
head -2 "$T/o.txt" | grep -q '^checkers.py:20:5: error: race: ttg.local_atomic_scatter_rmw by default atomically updates hist while ttg.local_store of partition0 may run' ||
  fail "atomic vs store: $(head -2 "$T/o.txt")"

# simulate mode: the histogram of both partitions' keys; the default partition's old values
# are its running counts, after or before partition0's (either order of the two scatters)
for seed in 1 2 3; do
  "$TLXV" sim "$D/hist.ttgir" --tensor x=random:256:i32 --tensor y=zeros:64:i32 --tensor z=zeros:128:i32 \
    --seed $seed --out "$T/o" -q || fail "hist: exit $?"
  "$PY" - "$T/o" <<'PYEOF' || fail "hist: wrong result (seed $seed)"
import sys, numpy as np
o = sys.argv[1]
x, y, z = np.load(f"{o}/x.npy") & 63, np.load(f"{o}/y.npy"), np.load(f"{o}/z.npy")
assert np.array_equal(y, np.bincount(x, minlength=64)), "histogram"
first = np.array([np.count_nonzero(x[:i] == x[i]) for i in range(128)])
after = first + np.bincount(x[128:], minlength=64)[x[:128]]
assert np.array_equal(z, first) or np.array_equal(z, after), "old values"
PYEOF
done
sed 's/dense<63> : tensor<128xi32, #blocked>\n      %idx = /&/; s/%m63 = arith.constant dense<63>/%m63 = arith.constant dense<127>/' "$D/hist.ttgir" > "$T/oob.ttgir"
grep -q 'dense<127>' "$T/oob.ttgir" || fail "could not make the out-of-range variant"
rc=0
"$TLXV" sim "$T/oob.ttgir" --tensor x=random:256:i32 --tensor y=zeros:64:i32 --tensor z=zeros:128:i32 > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 1 ] && grep -q "^hist.py:11:5: error: .*ttg.local_atomic_scatter_rmw': element [0-9]* updates coordinate [0-9]* of dimension 0, outside the buffer (size 64)" "$T/err" ||
  fail "out-of-range index: exit $rc: $(cat "$T/err")"

# AMD: ds atomics of every wave, Membar's barrier before the read; simulate mode refuses
run 0 "$D/amd-hist.ttgir"
run 0 "$D/amd-hist.ttgir" --all-waves
input_error sim "^amd.py:6:1: error: ttg.local_atomic_scatter_rmw in simulate mode on an AMD target" \
  "$D/amd-hist.ttgir" --tensor y=zeros:256:i32
echo "check_atomic: ok"
