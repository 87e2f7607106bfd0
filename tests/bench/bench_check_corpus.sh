#!/bin/sh
# bench_check_corpus.sh [FILTER]: `tlx-verify check` on every kernel of tests/corpus/real,
# tests/corpus/gluon and examples/ (default arguments, or the arguments an
# examples/*/expected.tsv lists in a `small_args` column), pinned to one core when taskset
# exists. Prints a table: kernel, wall s and CPU s (user + system of the child) of the plain
# check, then exploration s, states, states/s (states / exploration s), runs and the reduction
# factor (naive states / reduced states) from a second, untimed run with --stats --format json
# (--stats adds a naive search of the first run for the reduction factor, so it is not the one
# timed), the exit status, then how many kernels took over 1 s of CPU and the totals.
# FILTER (a substring) keeps only matching kernels.
# Env: TLXV (binary; default build/tlx-verify), TIMEOUT (seconds per kernel; default 120),
# REPEAT (timed runs per kernel, the fastest kept: on a shared machine one run varies by
# +-20%; default 1).
set -eu
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TLXV=${TLXV:-$SRC/build/tlx-verify}
python3 - "$TLXV" "$SRC" "${1:-}" "${TIMEOUT:-120}" "${REPEAT:-1}" <<'PY'
import glob, json, os, resource, shutil, subprocess, sys, time
tlxv, src, filt, tmo, repeat = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), int(sys.argv[5])
pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
sys.path.insert(0, os.path.join(src, "tests", "bench"))
from bench_args import small_args  # noqa: E402
args = small_args(src)
files = sorted(glob.glob(os.path.join(src, "tests/corpus/real/*.ttgir")))
files += sorted(glob.glob(os.path.join(src, "tests/corpus/gluon/*.ttgir")))
files += sorted(glob.glob(os.path.join(src, "examples/*/*.ttgir")))
files = [f for f in files if filt in f]
print("| kernel | wall s | CPU s | exploration s | states | states/s | runs | reduction | exit |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
over, tw, tc = 0, 0.0, 0.0
for f in files:
    cmd = pin + [tlxv, "check", f]
    for a in args.get(f, []):
        cmd += ["--arg", a]
    wall, cpu = float("inf"), float("inf")
    for _ in range(max(repeat, 1)):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        try:
            rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=tmo).returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
        wall = min(wall, time.perf_counter() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = min(cpu, r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    try:
        out = subprocess.run(cmd + ["--stats", "--format", "json"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=tmo).stdout
    except subprocess.TimeoutExpired:
        out = b""
    st = {}
    try:
        st = json.loads(out).get("stats", {})
    except ValueError:
        pass
    name = os.path.relpath(f, src)
    ex, ns = st.get("explore_seconds", 0), st.get("states")
    rate = f"{ns / ex:,.0f}" if ns and ex > 0 else "-"
    red = st.get("reduction_factor")
    red = f"{red:.1f}" if red else "-"
    print(f"| {name} | {wall:.2f} | {cpu:.2f} | {ex:.3f} | {ns if ns is not None else '-'} | {rate} "
          f"| {st.get('runs', '-')} | {red} | {rc} |")
    over += cpu > 1.0
    tw += wall
    tc += cpu
print(f"\n{len(files)} kernels, {over} over 1 s of CPU; total wall {tw:.1f} s, CPU {tc:.1f} s")
PY
