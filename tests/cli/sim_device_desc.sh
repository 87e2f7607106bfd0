#!/bin/sh
# sim_device_desc.sh: simulate mode runs device-side TMA descriptors (ttg.global_scratch_alloc,
# ttng.tensormap_create, ttng.reinterpret_tensor_descriptor; sim/data_tmap.c) on Triton's own
# Hopper warp-specialized attention (tutorial 06, warp_specialize=True, the only path Triton
# takes for it on Hopper): the output must match attention computed by numpy, under two
# schedules; with one tensormap_create removed, the reinterpret must fault at its line.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${CORPUS:?CORPUS must name tests/corpus}"
PY=/usr/bin/python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
K="$CORPUS/real/triton_t06_attention_ws_90.ok.ttgir"
ARGS="--arg sm_scale=0.5 --arg H=2 --arg N_CTX=256 --tensor M=zeros:512:f32
      --tensor desc_q=random:512x64:f16 --tensor desc_k=random:512x64:f16
      --tensor desc_v=random:512x64:f16 --tensor desc_o=zeros:512x64:f16 --grid 4,2"
for sched in random round-robin; do
  rm -rf "$T/o"
  # shellcheck disable=SC2086
  "$TLXV" sim "$K" $ARGS --schedule $sched --seed 5 --out "$T/o" > "$T/out" 2> "$T/err" ||
    fail "$sched: exit $? $(cat "$T/out" "$T/err")"
  "$PY" - "$T/o" <<'PYEOF' || fail "$sched: the attention output is wrong"
import sys, numpy as np
d = sys.argv[1]
q, k, v = (np.load(f"{d}/desc_{n}.npy").astype(np.float32).reshape(2, 256, 64) for n in "qkv")
assert np.abs(q).max() > 0.3 and not np.array_equal(q, k), "inputs are not random"
s = np.einsum("hnd,hmd->hnm", q, k) * 0.5
s -= s.max(-1, keepdims=True)
p = np.exp(s)
p /= p.sum(-1, keepdims=True)
ref = np.einsum("hnm,hmd->hnd", p.astype(np.float16).astype(np.float32), v)
o = np.load(f"{d}/desc_o.npy").astype(np.float32).reshape(2, 256, 64)
err = np.abs(o - ref)
assert not np.isnan(o).any() and err.max() < 1e-2, f"max error {np.nanmax(err)}, {np.isnan(o).sum()} NaN"
PYEOF
done
# Planted: desc_k's tensormap_create removed; its reinterpret reads bytes nobody wrote.
grep -v 'ttng.tensormap_create %desc_k_4' "$K" > "$T/nocreate.ttgir"
! cmp -s "$K" "$T/nocreate.ttgir" || fail "the planted edit did not apply"
set +e
# shellcheck disable=SC2086
"$TLXV" sim "$T/nocreate.ttgir" $ARGS --seed 5 > "$T/out" 2> "$T/err"
rc=$?
set -e
[ "$rc" = 1 ] || fail "planted: exit $rc, want 1: $(cat "$T/out" "$T/err")"
grep -q "06-fused-attention.py:173:70:.*read before a ttng.tensormap_create wrote it" "$T/out" "$T/err" ||
  fail "planted: no fault at the reinterpret: $(cat "$T/out" "$T/err")"
echo "sim_device_desc: ok"
