#!/bin/sh
# sim_amd.sh: simulate mode runs AMD kernels (gfx942 / gfx950) with real data: the five corpus
# kernels (Triton's matmul, MFMA tt.dot through the BLAS path, and attention) and the amdk_*
# matmuls (LDS DMA, swizzled and padded LDS, ping-pong) and row sums against NumPy,
# the hand-written lowering kernels (vector, buffer, LDS, LDS DMA) and tests/amd/dma-add.ok
# exactly, under both schedules; the planted barrier bugs of tests/amd are found in simulate
# mode too (a wave ends with a barrier pending; divergent barriers).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
PY=/usr/bin/python3
C="$SRC/tests/corpus/amd"
L="$SRC/tests/lowering/amd"
"$PY" -c 'import numpy' 2>/dev/null || { echo "SKIPPED: no numpy"; exit 0; }
MM="--arg M=128 --arg N=256 --arg K=128 --arg stride_am=128 --arg stride_bk=256 --arg stride_cm=256
    --tensor a_ptr=random:128x128:f16 --tensor b_ptr=random:128x256:f16 --tensor c_ptr=zeros:128x256:f16"
for sched in random round-robin; do
  # matmuls: 32x32 tiles (grid 4 x 8) and 128x128 tiles (grid 1 x 2); C = A B in f32, stored as f16
  for k in amd_t03_matmul_gfx942:32 amd_t03_matmul_gfx942_b:2 amd_t03_matmul_gfx950:32 amd_t03_matmul_gfx950_b:2; do
    # shellcheck disable=SC2086
    "$TLXV" sim "$C/${k%:*}.ok.ttgir" $MM --grid "${k#*:}" --schedule $sched --seed 5 --out "$T/${k%:*}" -q ||
      fail "sim ${k%:*} ($sched)"
  done
  # the matmul with A copied by LDS DMA (tests/amd/planted)
  # shellcheck disable=SC2086
  "$TLXV" sim "$SRC/tests/amd/planted/matmul_gfx950_dma.ok.ttgir" $MM --grid 32 --schedule $sched --seed 5 \
    --out "$T/matmul_dma" -q || fail "sim matmul_gfx950_dma ($sched)"
  "$TLXV" sim "$C/amd_t06_attention_gfx950.ok.ttgir" --arg sm_scale=0.125 --arg H=2 --arg N_CTX=128 \
    --tensor M=zeros:2x128:f32 --tensor desc_q=random:256x64:f16 --tensor desc_k=random:256x64:f16 \
    --tensor desc_v=random:256x64:f16 --tensor desc_o=zeros:256x64:f16 --grid 2,2 --schedule $sched --seed 6 \
    --out "$T/att" -q || fail "sim attention ($sched)"
  "$TLXV" sim "$L/vadd.ttgir" --arg n=3008 --tensor x_ptr=random:4096:f32 --tensor y_ptr=random:4096:f32 \
    --tensor out_ptr=zeros:4096:f32 --grid 4 --schedule $sched --out "$T/vadd" -q || fail "sim vadd ($sched)"
  "$TLXV" sim "$L/buffer_add.ttgir" --arg n=3008 --tensor x_ptr=random:4096:f16 --tensor y_ptr=random:4096:f16 \
    --tensor out_ptr=zeros:4096:f16 --grid 4 --schedule $sched --out "$T/badd" -q || fail "sim buffer_add ($sched)"
  "$TLXV" sim "$L/lds_exchange.ttgir" --tensor x_ptr=random:1024:f32 --tensor out_ptr=zeros:1024:f32 \
    --schedule $sched --out "$T/lds" -q || fail "sim lds_exchange ($sched)"
  "$TLXV" sim "$L/lds_dma.ttgir" --tensor a_ptr=random:1024:f32 --tensor b_ptr=random:1024:f32 \
    --tensor out_ptr=zeros:1024:f32 --schedule $sched --out "$T/dma" -q || fail "sim lds_dma ($sched)"
  "$TLXV" sim "$L/lds_dma_swizzled.ttgir" --tensor a_ptr=random:2048:f16 --tensor out_ptr=zeros:2048:f16 \
    --schedule $sched --out "$T/swz" -q || fail "sim lds_dma_swizzled ($sched)"
  "$TLXV" sim "$L/buffer_dma.ttgir" --arg n=1000 --tensor a_ptr=random:1024:f32 --tensor out_ptr=zeros:1024:f32 \
    --schedule $sched --out "$T/bdma" -q || fail "sim buffer_dma ($sched)"
  "$TLXV" sim "$SRC/tests/amd/dma-add.ok.ttgir" --arg n=1000 --tensor x_ptr=random:1024:f32 \
    --tensor y_ptr=random:1024:f32 --tensor out_ptr=zeros:1024:f32 --schedule $sched --out "$T/dadd" -q ||
    fail "sim dma-add ($sched)"
  # the project's own kernels through Triton's AMD pipelines (amdk_*): 256x256x192, 128x128
  # tiles (grid 4) or 256x256 (ping-pong, grid 1); row sums of 4 rows of 1008 (of the 1024 a program covers)
  for k in amdk_matmul_gfx942_async_s2:4 amdk_matmul_gfx942_pingpong:1 amdk_matmul_gfx950_async_s2:4 \
    amdk_matmul_gfx950_async_s3:4 amdk_matmul_gfx950_pingpong:1 amdk_matmul_gfx950_s2:4; do
    "$TLXV" sim "$C/${k%:*}.ok.ttgir" --arg M=256 --arg N=256 --arg K=192 --arg sam=192 --arg sbk=256 --arg scm=256 \
      --tensor a=random:256x192:f16 --tensor b=random:192x256:f16 --tensor c=zeros:256x256:f16 \
      --grid "${k#*:}" --schedule $sched --seed 7 --out "$T/${k%:*}" -q || fail "sim ${k%:*} ($sched)"
  done
  for g in gfx942 gfx950; do
    "$TLXV" sim "$C/amdk_rowsum_$g.ok.ttgir" --arg N=1008 --tensor x=random:4032:f32 --tensor y=zeros:4:f32 \
      --grid 4 --schedule $sched --seed 7 --out "$T/amdk_rowsum_$g" -q || fail "sim amdk_rowsum_$g ($sched)"
  done
  "$PY" - "$T" <<'PYEOF' || fail "wrong data ($sched)"
import sys, numpy as np
d = sys.argv[1]
ld = lambda k, n: np.load(f"{d}/{k}/{n}.npy")
for k in ("amd_t03_matmul_gfx942", "amd_t03_matmul_gfx942_b", "amd_t03_matmul_gfx950", "amd_t03_matmul_gfx950_b", "matmul_dma"):
    a, b, c = (ld(k, n).astype(np.float32) for n in ("a_ptr", "b_ptr", "c_ptr"))
    ref = (a @ b).astype(np.float16).astype(np.float32)
    assert np.abs(ref).max() > 1, k
    err = np.abs(c - ref).max()
    assert err <= 2 ** -7 * np.abs(ref).max(), (k, err)   # the f16 result's rounding (fp32 sums in another order)
for k in ("amdk_matmul_gfx942_async_s2", "amdk_matmul_gfx942_pingpong", "amdk_matmul_gfx950_async_s2",
          "amdk_matmul_gfx950_async_s3", "amdk_matmul_gfx950_pingpong", "amdk_matmul_gfx950_s2"):
    a, b, c = (ld(k, n).astype(np.float32) for n in ("a", "b", "c"))
    ref = (a @ b).astype(np.float16).astype(np.float32)
    assert np.abs(ref).max() > 1, k
    err = np.abs(c - ref).max()
    assert err <= 2 ** -7 * np.abs(ref).max(), (k, err)
for g in ("gfx942", "gfx950"):
    x, y = ld(f"amdk_rowsum_{g}", "x").reshape(4, 1008).astype(np.float64), ld(f"amdk_rowsum_{g}", "y")
    assert np.abs(y - x.sum(1)).max() < 1e-3, (g, np.abs(y - x.sum(1)).max())
q, kk, v = (ld("att", n).astype(np.float32).reshape(2, 128, 64) for n in ("desc_q", "desc_k", "desc_v"))
o, m = ld("att", "desc_o").astype(np.float32).reshape(2, 128, 64), ld("att", "M")
s = np.einsum("bmd,bnd->bmn", q, kk) * 0.125
p = np.exp(s - s.max(-1, keepdims=True))
l = p.sum(-1, keepdims=True)
ref = np.einsum("bmn,bnd->bmd", p / l, v)
assert np.abs(o - ref).max() < 2e-3, ("attention O", np.abs(o - ref).max())
lse = (np.log(l[..., 0]) + s.max(-1)) / np.log(2)           # M: log2 of the row's sum of exp
assert np.abs(m - lse).max() < 1e-4, ("attention M", np.abs(m - lse).max())
i = np.arange(4096)
for k, n in (("vadd", 3008), ("badd", 3008)):
    x, y, out = ld(k, "x_ptr"), ld(k, "y_ptr"), ld(k, "out_ptr")
    assert np.array_equal(out[:n], x[:n] + y[:n]) and not out[n:].any(), k
x, out = ld("lds", "x_ptr"), ld("lds", "out_ptr")
assert np.array_equal(out, x), "lds_exchange"
a, b, out = ld("dma", "a_ptr"), ld("dma", "b_ptr"), ld("dma", "out_ptr")
assert np.array_equal(out, a + b), "lds_dma"
a, out = ld("swz", "a_ptr"), ld("swz", "out_ptr")
assert np.array_equal(out, a), "lds_dma_swizzled"
a, out = ld("bdma", "a_ptr"), ld("bdma", "out_ptr")
assert np.array_equal(out, np.where(np.arange(1024) < 1000, a, 0)), "buffer_dma: masked lanes are 0"
x, y, out = ld("dadd", "x_ptr"), ld("dadd", "y_ptr"), ld("dadd", "out_ptr")
assert np.array_equal(out, x + np.where(np.arange(1024) < 1000, y, 0)), "dma-add"
PYEOF
done
# planted bugs found in simulate mode (every wave runs: the kernels read the thread id)
for k in cond-broken.bug:amd.barrier-count-mismatch:41 divergent.bug:amd.barrier-divergent:52; do
  f=${k%%:*}
  want=${k#*:}
  rc=0
  "$TLXV" sim "$SRC/tests/amd/$f.ttgir" --schedule round-robin -q > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = 1 ] || fail "sim $f: exit $rc, want 1: $(cat "$T/err" "$T/out")"
  cat "$T/err" "$T/out" | head -n 1 | grep -q "^amd.py:${want#*:}:[0-9]*: error: ${want%:*}: " ||
    fail "sim $f: want ${want%:*} at amd.py:${want#*:}: $(head -n 2 "$T/err" "$T/out")"
  "$TLXV" sim "$SRC/tests/amd/cond.ok.ttgir" --schedule round-robin -q || fail "sim cond.ok"
done
echo "sim_amd: ok"
