#!/bin/sh
# sim_cp_async.sh: cp.async (ttg.async_copy_global_to_local) moves data in simulate mode: the
# masked copy of tests/lowering/cp_async.ttgir gives out[:n] = in[:n] and zeros past n, and the
# 2-stage ring of tests/pair/cp_async_ring.ttgir (one commit group per tile, async_wait, `other`
# = 2.0 past n) gives out = in + 1 below n and 3.0 past it, under both schedules; both kernels
# also verify in check mode.
set -eu
: "${TLXV:?}" "${SRC:?}"
PY=/usr/bin/python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
K1="$SRC/tests/lowering/cp_async.ttgir"
K2="$SRC/tests/pair/cp_async_ring.ttgir"
"$TLXV" "$K1" --arg n=16320 --grid 4 -q || fail "check cp_async.ttgir"
"$TLXV" "$K2" --arg n=12000 --grid 2 -q || fail "check cp_async_ring.ttgir"
for sched in random round-robin; do
  "$TLXV" sim "$K1" --arg n=16320 --tensor in=random:16384:f16 --tensor out=zeros:16384:f16 \
    --grid 4 --schedule $sched --seed 3 --out "$T/a" -q || fail "sim cp_async.ttgir ($sched)"
  "$TLXV" sim "$K2" --arg n=12000 --tensor in=random:16384:f32 --tensor out=zeros:16384:f32 \
    --grid 2 --schedule $sched --seed 4 --out "$T/b" -q || fail "sim cp_async_ring.ttgir ($sched)"
  "$PY" - "$T" <<'PYEOF' || fail "wrong cp.async data ($sched)"
import sys, numpy as np
d = sys.argv[1]
i, o = np.load(f"{d}/a/in.npy"), np.load(f"{d}/a/out.npy")
assert np.abs(i[:16320]).max() > 0
assert np.array_equal(o[:16320], i[:16320]), "cp_async: out[:n] != in[:n]"
assert not o[16320:].any(), "cp_async: out past n is not 0"
i, o = np.load(f"{d}/b/in.npy"), np.load(f"{d}/b/out.npy")
ref = np.where(np.arange(16384) < 12000, i + np.float32(1), np.float32(3)).astype(np.float32)
assert np.array_equal(o, ref), ("cp_async_ring", np.abs(o - ref).max())
PYEOF
done
echo "sim_cp_async: ok"
