#!/bin/sh
# run_lowered.sh: runs the kernels `tlx-verify lower` makes on a Hopper GPU and compares each
# output with a NumPy reference (docs/lowering.md, "Running on a GPU").
#
#   tests/device/run_lowered.sh --lower-only [DIR]   (any machine with tlx-verify: lowers every
#                                                     Hopper corpus / example / tests/lowering
#                                                     kernel into DIR)
#   tests/device/run_lowered.sh [DIR]                (the GPU machine: builds lowering/runner,
#                                                     lowers first when tlx-verify runs here,
#                                                     runs every kernel under the watchdog,
#                                                     prints a table)
# DIR defaults to build-lowered/ (ignored by git: name it in the device tool's `carry`).
# Environment: TLXV (tlx-verify binary; default: the first build*/tlx-verify), CUDA (toolkit
# root, default /usr/local/cuda), TIMEOUT (seconds before a launch counts as a hang, default
# 10), LAUNCHES (launches per kernel, default 3), FILTER (run only ids matching this grep -E
# pattern). Exit status: 0 when every correct kernel (`expect` ok) finished with the right
# output, 1 otherwise, 2 on a setup error. Hangs and faults of planted-bug kernels are
# reported, not failures.
set -u
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
LOWER_ONLY=0
if [ "${1:-}" = "--lower-only" ]; then LOWER_ONLY=1; shift; fi
DIR=${1:-build-lowered}
CUDA=${CUDA:-/usr/local/cuda}
TIMEOUT=${TIMEOUT:-10}
LAUNCHES=${LAUNCHES:-3}
FILTER=${FILTER:-.}
mkdir -p "$DIR" || exit 2

if [ -z "${TLXV:-}" ]; then
  for t in build*/tlx-verify; do [ -x "$t" ] && TLXV=$ROOT/$t && break; done
fi

# id | ttgir | grid | scalar args | tensors | reference | what Triton's build did on an H200
# (from the corpus / example READMEs; for tests/lowering/ kernels, which Triton never built:
# what they must do)
KERNELS=$(cat <<'EOF'
ws_add.bug0|tests/corpus/gluon/ws_add.bug0.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|ok
ws_add.bug1|tests/corpus/gluon/ws_add.bug1.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|hang
ws_add.bug2|tests/corpus/gluon/ws_add.bug2.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|hang
ws_add.bug3|tests/corpus/gluon/ws_add.bug3.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|hang
ws_add.bug4|tests/corpus/gluon/ws_add.bug4.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|hang
ws_add.bug5|tests/corpus/gluon/ws_add.bug5.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|ok(race)
ws_add.bug6|tests/corpus/gluon/ws_add.bug6.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|fault
ws_add.bug7|tests/corpus/gluon/ws_add.bug7.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|hang
ws_add.bug8|tests/corpus/gluon/ws_add.bug8.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|ok(race)
trip.norelease|examples/trip_count/ws_add_norelease.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|hang
trip.nb3|examples/trip_count/ws_add_nb3.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|ok
trip.nb3_phase_i|examples/trip_count/ws_add_nb3_phase_i.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|race
trip.nb3_stale2|examples/trip_count/ws_add_nb3_stale2.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|hang
trip.noempty|examples/trip_count/ws_add_noempty.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|race
trip.carried|examples/trip_count/ws_add_carried.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|ok
trip.carried_noflip|examples/trip_count/ws_add_carried_noflip.ttgir|8|xnumel=256 ynumel=2048|a_desc=random:256x2048:f32 b_desc=random:256x2048:f32 c_desc=zeros:256x2048:f32|add|hang
gemm.bug0|examples/hopper_gemm_ws/hopper_gemm_ws.bug0.ttgir|2,2|M=128 N=128 K=256|a_desc=random:128x256:f16 b_desc=random:256x128:f16 c_desc=zeros:128x128:f16|gemm|ok
gemm.bug1|examples/hopper_gemm_ws/hopper_gemm_ws.bug1.ttgir|2,2|M=128 N=128 K=256|a_desc=random:128x256:f16 b_desc=random:256x128:f16 c_desc=zeros:128x128:f16|gemm|hang
gemm.bug2|examples/hopper_gemm_ws/hopper_gemm_ws.bug2.ttgir|2,2|M=128 N=128 K=256|a_desc=random:128x256:f16 b_desc=random:256x128:f16 c_desc=zeros:128x128:f16|gemm|ok(race)
gemm.bug3|examples/hopper_gemm_ws/hopper_gemm_ws.bug3.ttgir|2,2|M=128 N=128 K=256|a_desc=random:128x256:f16 b_desc=random:256x128:f16 c_desc=zeros:128x128:f16|gemm|hang
gemm.bug4|examples/hopper_gemm_ws/hopper_gemm_ws.bug4.ttgir|2,2|M=128 N=128 K=256|a_desc=random:128x256:f16 b_desc=random:256x128:f16 c_desc=zeros:128x128:f16|gemm|ok(race)
gemm.bug5|examples/hopper_gemm_ws/hopper_gemm_ws.bug5.ttgir|2,2|M=128 N=128 K=256|a_desc=random:128x256:f16 b_desc=random:256x128:f16 c_desc=zeros:128x128:f16|gemm|hang
gemm.bug6|examples/hopper_gemm_ws/hopper_gemm_ws.bug6.ttgir|2,2|M=128 N=128 K=256|a_desc=random:128x256:f16 b_desc=random:256x128:f16 c_desc=zeros:128x128:f16|gemm|fault
attn.bug0|examples/hopper_attention_ws/hopper_attention_ws.bug0.ttgir|8|N_CTX=256|q_desc=random:512x64:f16 k_desc=random:512x64:f16 v_desc=random:512x64:f16 o_desc=zeros:512x64:f16|attn|ok
attn.bug1|examples/hopper_attention_ws/hopper_attention_ws.bug1.ttgir|8|N_CTX=256|q_desc=random:512x64:f16 k_desc=random:512x64:f16 v_desc=random:512x64:f16 o_desc=zeros:512x64:f16|attn|ok(race)
attn.bug2|examples/hopper_attention_ws/hopper_attention_ws.bug2.ttgir|8|N_CTX=256|q_desc=random:512x64:f16 k_desc=random:512x64:f16 v_desc=random:512x64:f16 o_desc=zeros:512x64:f16|attn|hang
attn.bug3|examples/hopper_attention_ws/hopper_attention_ws.bug3.ttgir|8|N_CTX=256|q_desc=random:512x64:f16 k_desc=random:512x64:f16 v_desc=random:512x64:f16 o_desc=zeros:512x64:f16|attn|hang
attn.bug4|examples/hopper_attention_ws/hopper_attention_ws.bug4.ttgir|8|N_CTX=256|q_desc=random:512x64:f16 k_desc=random:512x64:f16 v_desc=random:512x64:f16 o_desc=zeros:512x64:f16|attn|hang
attn.bug5|examples/hopper_attention_ws/hopper_attention_ws.bug5.ttgir|8|N_CTX=256|q_desc=random:512x64:f16 k_desc=random:512x64:f16 v_desc=random:512x64:f16 o_desc=zeros:512x64:f16|attn|ok(race)
attn.bug6|examples/hopper_attention_ws/hopper_attention_ws.bug6.ttgir|8|N_CTX=256|q_desc=random:512x64:f16 k_desc=random:512x64:f16 v_desc=random:512x64:f16 o_desc=zeros:512x64:f16|attn|hang
paths.smem|tests/lowering/smem_paths.ttgir|4||a_desc=random:256x64:f16 b_desc=random:256x64:f16 c_desc=zeros:256x64:f16 d_desc=zeros:256x64:f16|copy2|ok
cluster.ping|tests/lowering/cluster_ping.ttgir|4||out=zeros:4:i32|rank|ok
cluster.ws|tests/lowering/cluster_ws.ttgir|4||out=zeros:4:i32|rank|ok
cpasync.copy|tests/lowering/cp_async.ttgir|4|n=16320|in=random:16384:f16 out=zeros:16384:f16|copyn|ok
scan.join|tests/lowering/scan_join.ttgir|1||in=random:512:i32 pairs=random:1024:i32 fwd=zeros:512:i32 rev=zeros:512:i32 last=zeros:512:i32 joined=zeros:1024:i32 lo=zeros:512:i32 hi=zeros:512:i32|scanjoin|ok
EOF
)

# ------------------------------------------------------------------ lowering
lowered=0
if [ -n "${TLXV:-}" ] && "$TLXV" --version >/dev/null 2>&1; then
  echo "$KERNELS" | while IFS='|' read -r id ttgir grid args tens ref h200; do
    echo "$id" | grep -Eq "$FILTER" || continue
    [ -f "$ttgir" ] || { echo "missing $ttgir" >&2; continue; }
    if ! "$TLXV" lower "$ttgir" --target sm_90a --emit ptx -o "$DIR/$id.ptx" 2>"$DIR/$id.lower.err"; then
      echo "lowering $id failed: $(cat "$DIR/$id.lower.err")" >&2
      rm -f "$DIR/$id.ptx"
    fi
  done
  lowered=1
fi
if [ "$LOWER_ONLY" = 1 ]; then
  [ "$lowered" = 1 ] || { echo "run_lowered.sh: --lower-only needs tlx-verify (set TLXV)" >&2; exit 2; }
  echo "lowered into $DIR: $(ls "$DIR"/*.ptx 2>/dev/null | wc -l) kernels"
  exit 0
fi
ls "$DIR"/*.ptx >/dev/null 2>&1 || {
  echo "run_lowered.sh: no PTX in $DIR and no tlx-verify to make it: run --lower-only on a machine with tlx-verify and carry $DIR" >&2
  exit 2
}

# ------------------------------------------------------------------ the runner
RB=build-runner
mkdir -p "$RB"
if ! make -s -C lowering/runner CUDA="$CUDA" tlxv-run >"$RB/build.log" 2>&1; then
  cat "$RB/build.log" >&2
  echo "run_lowered.sh: building lowering/runner failed" >&2
  exit 2
fi
mv lowering/runner/tlxv-run "$RB/tlxv-run"
PTXAS="$CUDA/bin/ptxas"
[ -x "$PTXAS" ] || PTXAS=$(command -v ptxas || true)
PY=$(command -v python3 || true)
if [ -n "$PY" ] && ! "$PY" -c 'import numpy' 2>/dev/null; then PY=""; fi
[ -n "$PY" ] || echo "run_lowered.sh: no python3 with numpy: outputs are not compared" >&2

compare() { # ref outdir -> prints "ok", "WRONG ..." or "no-ref"
  [ -n "$PY" ] || { echo "no-ref"; return; }
  "$PY" - "$1" "$2" <<'PYEOF'
import sys, numpy as np
ref, d = sys.argv[1], sys.argv[2]
ld = lambda n: np.load(f"{d}/{n}")
try:
    if ref == "copyn":
        a, o = ld("in.in.npy").view(np.uint16), ld("out.npy").view(np.uint16)
        bad = int(np.sum(a[:16320] != o[:16320])) + int(np.sum(o[16320:] != 0))
        print("ok" if bad == 0 else f"WRONG {bad} elements differ")
    elif ref == "scanjoin":  # tests/lowering/scan_join.ttgir
        x, p = ld("in.in.npy").astype(np.int64), ld("pairs.in.npy")
        fwd = np.cumsum(x).astype(np.int32)
        rev = np.cumsum(x[::-1])[::-1].astype(np.int32)
        idx = np.maximum.accumulate(np.where(x != 0, np.arange(x.size), -1))
        last = np.where(idx >= 0, x[np.maximum(idx, 0)], 0).astype(np.int32)
        joined = np.stack([x.astype(np.int32), fwd], axis=1).reshape(-1)
        want = {"fwd": fwd, "rev": rev, "last": last, "joined": joined, "lo": p[0::2], "hi": p[1::2]}
        bad = {n: int(np.sum(ld(n + ".npy") != w)) for n, w in want.items()}
        print("ok" if not any(bad.values()) else f"WRONG elements differ: {bad}")
    elif ref == "rank":
        got = ld("out.npy")
        want = np.arange(got.size) % 2
        print("ok" if np.array_equal(got, want) else f"WRONG out = {got.tolist()}, want {want.tolist()}")
    elif ref == "copy2":
        bad = int(np.sum(ld("a_desc.in.npy").view(np.uint16) != ld("c_desc.npy").view(np.uint16)))
        bad += int(np.sum(ld("b_desc.in.npy").view(np.uint16) != ld("d_desc.npy").view(np.uint16)))
        print("ok" if bad == 0 else f"WRONG {bad} elements differ")
    elif ref == "add":
        want, got = ld("a_desc.in.npy") + ld("b_desc.in.npy"), ld("c_desc.npy")
        bad = int(np.sum(want != got))
        print("ok" if bad == 0 else f"WRONG {bad} of {got.size} elements differ")
    elif ref == "gemm":
        a, b = ld("a_desc.in.npy").astype(np.float32), ld("b_desc.in.npy").astype(np.float32)
        want = (a @ b).astype(np.float16).astype(np.float32)
        got = ld("c_desc.npy").astype(np.float32)
        ok = np.allclose(got, want, atol=5e-2, rtol=1e-2)
        print("ok" if ok else f"WRONG max |err| {np.max(np.abs(got - want)):.4g}")
    elif ref == "attn":
        q, k, v = (ld(f"{n}_desc.in.npy").astype(np.float32) for n in "qkv")
        want = np.zeros_like(q)
        for h in range(2):
            r = slice(256 * h, 256 * h + 256)
            s = q[r] @ k[r].T * 0.125
            p = np.exp(s - s.max(axis=1, keepdims=True))
            want[r] = (p / p.sum(axis=1, keepdims=True)) @ v[r]
        want = want.astype(np.float16).astype(np.float32)
        got = ld("o_desc.npy").astype(np.float32)
        ok = np.allclose(got, want, atol=2e-2, rtol=2e-2)
        print("ok" if ok else f"WRONG max |err| {np.max(np.abs(got - want)):.4g}")
    else:
        print("no-ref")
except Exception as e:
    print(f"compare-error {e}")
PYEOF
}

# ------------------------------------------------------------------ run
TABLE="$RB/table.txt"
: >"$TABLE"
FAIL=0
printf '%-22s %-12s %-10s %s\n' kernel triton-h200 lowered detail
echo "$KERNELS" | {
  while IFS='|' read -r id ttgir grid args tens ref h200; do
    echo "$id" | grep -Eq "$FILTER" || continue
    ptx="$DIR/$id.ptx"
    if [ ! -f "$ptx" ]; then
      printf '%-22s %-12s %-10s %s\n' "$id" "$h200" "not-lowered" "$(head -c 120 "$DIR/$id.lower.err" 2>/dev/null)"
      [ "$h200" = ok ] && FAIL=1
      continue
    fi
    cub=""
    if [ -n "$PTXAS" ]; then
      if "$PTXAS" -arch=sm_90a "$ptx" -o "$DIR/$id.cubin" 2>"$DIR/$id.ptxas.err"; then cub="--cubin $DIR/$id.cubin"; else
        printf '%-22s %-12s %-10s %s\n' "$id" "$h200" "ptxas-err" "$(head -c 120 "$DIR/$id.ptxas.err")"
        FAIL=1
        continue
      fi
    fi
    out="$RB/out/$id"
    rm -rf "$out"
    set -- $cub --grid "$grid" --out "$out" --timeout "$TIMEOUT" --repeat "$LAUNCHES"
    for a in $args; do set -- "$@" --arg "$a"; done
    for t in $tens; do set -- "$@" --tensor "$t"; done
    "$RB/tlxv-run" "$ptx" "$@" >"$RB/$id.log" 2>&1
    rc=$?
    case $rc in
      0) res=finished; det=$(compare "$ref" "$out"); case $det in ok) res=ok;; WRONG*) res=wrong;; esac
         det="$det $(grep -o 'gpu_ms=[0-9.]*' "$RB/$id.log")";;
      124) res=HANG; det="no finish within ${TIMEOUT}s";;
      1) res=FAULT; det=$(tail -n 1 "$RB/$id.log");;
      *) res=error; det=$(tail -n 1 "$RB/$id.log");;
    esac
    printf '%-22s %-12s %-10s %s\n' "$id" "$h200" "$res" "$det" | tee -a "$TABLE"
    if [ "$h200" = ok ] && [ "$res" != ok ]; then FAIL=1; fi
  done
  exit $FAIL
}
rc=$?
echo "table: $TABLE"
exit $rc
