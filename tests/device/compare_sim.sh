#!/bin/sh
# compare_sim.sh: the simulator against hardware outputs stored by tests/device/ (H200,
# tests/device/ref/README.md): ws_add must equal the GPU exactly; hopper_gemm_ws must be within
# one fp16 ulp of a float64 product and of the GPU's C. Prints one result line per kernel;
# exit 0 when all available comparisons pass (a missing reference is reported and skipped).
# Env: TLXV (tlx-verify binary), SRC (repo root).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}"
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
REF="$SRC/tests/device/ref"
PY=/usr/bin/python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
status=0

if [ -f "$REF/ws_add/a.npy" ]; then
  for sched in random round-robin; do
    "$TLXV" sim "$SRC/tests/corpus/gluon/ws_add.bug0.ttgir" --arg xnumel=256 --arg ynumel=2048 \
      --tensor a_desc="$REF/ws_add/a.npy" --tensor b_desc="$REF/ws_add/b.npy" \
      --tensor c_desc=zeros:256x2048:f32 --grid 8 --schedule $sched --seed 5 --out "$T/ws" -q
    "$PY" - "$T/ws" "$REF/ws_add" "$sched" <<'PYEOF' || status=1
import sys, numpy as np
out, ref, sched = sys.argv[1:]
c, hw = np.load(f"{out}/c_desc.npy"), np.load(f"{ref}/c.npy")
n = int(np.count_nonzero(c.view(np.uint32) != hw.view(np.uint32)))
print(f"ws_add ({sched}): {c.size} elements, {n} differ from the H200 bit for bit")
sys.exit(0 if n == 0 else 1)
PYEOF
  done
else
  echo "ws_add: no hardware reference in $REF/ws_add (skipped)"
fi

if [ -f "$REF/hopper_gemm_ws/a.npy" ]; then
  "$TLXV" sim "$SRC/examples/hopper_gemm_ws/hopper_gemm_ws.bug0.ttgir" --arg M=128 --arg N=128 \
    --arg K=256 --tensor a_desc="$REF/hopper_gemm_ws/a.npy" --tensor b_desc="$REF/hopper_gemm_ws/b.npy" \
    --tensor c_desc=zeros:128x128:f16 --grid 2,2 --seed 5 --out "$T/gemm" -q
  "$PY" - "$T/gemm" "$REF/hopper_gemm_ws" <<'PYEOF' || status=1
import sys, numpy as np
out, ref = sys.argv[1:]
a, b = np.load(f"{ref}/a.npy"), np.load(f"{ref}/b.npy")
c, hw = np.load(f"{out}/c_desc.npy"), np.load(f"{ref}/c.npy")
assert c.dtype == np.float16 and c.shape == (128, 128)
a64, b64 = a.astype(np.float64), b.astype(np.float64)
exact = a64 @ b64
# fp16 tolerance: one fp16 ulp of the result plus the worst-case error of fp32 accumulation in
# any order (K * 2^-24 * sum |a||b|); the tensor core's summation order is unspecified.
K = a.shape[1]
tol = np.spacing(np.abs(exact).astype(np.float16)).astype(np.float64) + K * 2.0**-24 * (np.abs(a64) @ np.abs(b64))
err_sim, err_hw = np.abs(c - exact), np.abs(hw - exact)
ok_sim, ok_hw = bool(np.all(err_sim <= tol)), bool(np.all(err_hw <= tol))
diff = np.abs(c.astype(np.float64) - hw.astype(np.float64))
ulps = diff / np.spacing(np.abs(hw).astype(np.float16)).astype(np.float64)
nd = int(np.count_nonzero(diff))
print(f"hopper_gemm_ws: max |sim - float64| = {err_sim.max():.4g} (H200: {err_hw.max():.4g}), within "
      f"fp16 tolerance: sim {ok_sim}, H200 {ok_hw}; {nd} of {c.size} elements differ from the H200 "
      f"(max {ulps.max():.0f} fp16 ulp)")
sys.exit(0 if ok_sim and ulps.max() <= 2 and nd <= c.size // 100 else 1)
PYEOF
else
  echo "hopper_gemm_ws: no hardware reference in $REF/hopper_gemm_ws (skipped)"
fi
exit $status
