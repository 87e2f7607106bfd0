#!/bin/sh
# sim_examples.sh: simulate mode on the examples/ kernels with real data: the Hopper GEMM
# (TMA + async wgmma), the attention kernel (two wgmmas per iteration, P in registers, K^T from
# a transposed SMEM view, online softmax) and the Blackwell GEMM (tcgen05 MMA into TMEM,
# tcgen05_commit, TMEM load) must match float64 references within fp16 tolerance under both
# schedules; hanging variants must be reported as deadlocks at their lines.
set -eu
: "${TLXV:?}" "${SRC:?}"
PY=/usr/bin/python3
EX="$SRC/examples"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
G="--arg M=128 --arg N=128 --arg K=256 --tensor a_desc=random:128x256:f16
   --tensor b_desc=random:256x128:f16 --tensor c_desc=zeros:128x128:f16 --grid 2,2"
AT="--arg N_CTX=256 --tensor q_desc=random:512x64:f16 --tensor k_desc=random:512x64:f16
    --tensor v_desc=random:512x64:f16 --tensor o_desc=zeros:512x64:f16 --grid 8"
BW="--arg M=256 --arg N=256 --arg K=256 --tensor a_desc=random:256x256:f16
    --tensor b_desc=random:256x256:f16 --tensor c_desc=zeros:256x256:f16 --grid 2,2"

for sched in random round-robin; do
  # shellcheck disable=SC2086
  "$TLXV" sim "$EX/hopper_gemm_ws/hopper_gemm_ws.bug0.ttgir" $G --schedule $sched --seed 11 --out "$T/g" -q ||
    fail "hopper_gemm_ws bug0 ($sched)"
  # shellcheck disable=SC2086
  "$TLXV" sim "$EX/blackwell_gemm_tcgen05/blackwell_gemm_tcgen05.bug0.ttgir" $BW --schedule $sched --seed 12 \
    --out "$T/bw" -q || fail "blackwell_gemm_tcgen05 bug0 ($sched)"
  # shellcheck disable=SC2086
  "$TLXV" sim "$EX/hopper_attention_ws/hopper_attention_ws.bug0.ttgir" $AT --schedule $sched --seed 13 \
    --out "$T/at" -q || fail "hopper_attention_ws bug0 ($sched)"
  "$PY" - "$T" <<'PYEOF' || fail "wrong results ($sched)"
import sys, numpy as np
d = sys.argv[1]
def load(p): return np.load(p).astype(np.float64)
for name in ("g", "bw"):
    a, b, c = (load(f"{d}/{name}/{n}_desc.npy") for n in "abc")
    exact = a @ b
    tol = np.spacing(np.abs(exact).astype(np.float16)).astype(np.float64) + \
          a.shape[1] * 2.0**-24 * (np.abs(a) @ np.abs(b))
    assert np.abs(c).max() > 1, name
    assert np.all(np.abs(c - exact) <= tol), (name, np.abs(c - exact).max())
q, k, v, o = (load(f"{d}/at/{n}_desc.npy") for n in "qkvo")
for h in range(2):
    s = slice(h * 256, (h + 1) * 256)
    S = q[s] @ k[s].T * 0.125
    P = np.exp(S - S.max(1, keepdims=True))
    O = (P / P.sum(1, keepdims=True)) @ v[s]
    # P is rounded to fp16 before the second MMA, O to fp16 at the end
    assert np.abs(O - o[s]).max() < 2e-3, np.abs(O - o[s]).max()
PYEOF
done

check_hang() { # file args "lines"
  for seed in 1 2 3; do
    rc=0
    # shellcheck disable=SC2086
    "$TLXV" sim "$1" $2 --seed $seed > /dev/null 2> "$T/err" || rc=$?
    if [ $rc = 1 ]; then
      for l in $3; do
        if grep -q "kernel.py:$l:[0-9]*: error: deadlock" "$T/err"; then return 0; fi
      done
    fi
    [ $rc -le 1 ] || fail "$1: exit $rc: $(cat "$T/err")"
  done
  fail "$1: no deadlock reported at lines $3: $(cat "$T/err")"
}
check_hang "$EX/hopper_gemm_ws/hopper_gemm_ws.bug1.ttgir" "$G" "35 60"
check_hang "$EX/hopper_gemm_ws/hopper_gemm_ws.bug5.ttgir" "$G" "69 37 60"
check_hang "$EX/hopper_attention_ws/hopper_attention_ws.bug2.ttgir" "$AT" "95 47 91"
check_hang "$EX/blackwell_gemm_tcgen05/blackwell_gemm_tcgen05.bug2.ttgir" "$BW" "72 43 92"
echo "sim_examples: ok"
