#!/bin/sh
# bench_sim.sh: simulate-mode throughput. Prints elements/s for ws_add (the corpus launch,
# 256x2048 f32 grid 8, and a 2048x8192 grid 64 one) and FLOP/s for hopper_gemm_ws (fp16 GEMM,
# TMA + async wgmma) at three sizes: "run" is the time the command reports for running the
# programs; "whole command" is the wall clock of the process (parse, compile, inputs, run).
# Usage: TLXV=build/tlx-verify sh tests/bench/bench_sim.sh [REPEAT]
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}"
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
REP=${1:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

PY=/usr/bin/python3
# Runs a `tlx-verify sim` command REP times; prints "WALL RUN": the best wall time of the whole
# process and the best run time it reports itself (programs only: no parse, no tensor I/O).
best() {
  "$PY" -c '
import re, subprocess, sys, time
wall = run = None
for _ in range(int(sys.argv[1])):
    t0 = time.perf_counter()
    out = subprocess.run(sys.argv[2:], check=True, stdout=subprocess.PIPE, text=True).stdout
    t = time.perf_counter() - t0
    r = float(re.search(r"steps, ([0-9.]+) s", out).group(1))
    wall = t if wall is None else min(wall, t)
    run = r if run is None else min(run, r)
print(f"{wall:.6f} {run:.6f}")' "$REP" "$@"
}
calc() { "$PY" -c "print($1)"; }

for sz in "256 2048 8" "2048 8192 64"; do
  set -- $sz
  r=$(best "$TLXV" sim "$SRC/tests/corpus/gluon/ws_add.bug0.ttgir" --arg xnumel=$1 --arg ynumel=$2 \
    --tensor a_desc=random:$1x$2:f32 --tensor b_desc=random:$1x$2:f32 \
    --tensor c_desc=zeros:$1x$2:f32 --grid $3)
  w=${r% *}
  s=${r#* }
  printf "ws_add %sx%s f32, grid %s: run %.3f s = %.3g elements/s (whole command %.3f s = %.3g elements/s)\n" \
    "$1" "$2" "$3" "$s" "$(calc "$1*$2/$s")" "$w" "$(calc "$1*$2/$w")"
done

for sz in "128 128 256 2,2" "512 512 512 8,8" "1024 1024 1024 16,16"; do
  set -- $sz
  r=$(best "$TLXV" sim "$SRC/examples/hopper_gemm_ws/hopper_gemm_ws.bug0.ttgir" --arg M=$1 --arg N=$2 \
    --arg K=$3 --tensor a_desc=random:$1x$3:f16 --tensor b_desc=random:$3x$2:f16 \
    --tensor c_desc=zeros:$1x$2:f16 --grid $4)
  w=${r% *}
  s=${r#* }
  printf "hopper_gemm_ws %sx%sx%s f16, grid %s: run %.3f s = %.3g FLOP/s (whole command %.3f s = %.3g FLOP/s)\n" \
    "$1" "$2" "$3" "$4" "$s" "$(calc "2*$1*$2*$3/$s")" "$w" "$(calc "2*$1*$2*$3/$w")"
done
