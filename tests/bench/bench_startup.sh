#!/bin/sh
# bench_startup.sh [REPEAT]: process start-up of tlx-verify on an empty module: `check`, `parse`,
# and `lower` (which loads libtlxv-lower.so, LLVM and MLIR, then fails on the empty module).
# Prints the best and the median of REPEAT runs (default 20): wall ms and CPU ms (user + system
# of the child), pinned to one core when taskset exists.
# Env: TLXV (binary; default build/tlx-verify).
set -eu
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TLXV=${TLXV:-$SRC/build/tlx-verify}
REPEAT=${1:-20}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo 'module {}' > "$TMP/empty.ttgir"
python3 - "$TLXV" "$REPEAT" "$TMP" <<'PY'
import os, resource, shutil, subprocess, sys, time
tlxv, n, tmp = sys.argv[1], int(sys.argv[2]), sys.argv[3]
pin = ["taskset", "-c", "0"] if shutil.which("taskset") else []
e = os.path.join(tmp, "empty.ttgir")
rows = [("check (empty module)", [e]), ("parse (empty module)", ["parse", e]),
        ("lower (loads LLVM + MLIR)", ["lower", e, "--target", "sm_90a", "-o", os.path.join(tmp, "x")])]
print("| command | best wall ms | median wall ms | median CPU ms |")
print("|---|---:|---:|---:|")
for name, args in rows:
    walls, cpus = [], []
    for _ in range(n):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(pin + [tlxv] + args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append((time.perf_counter() - t0) * 1e3)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1e3)
    walls.sort(); cpus.sort()
    print(f"| {name} | {walls[0]:.1f} | {walls[n // 2]:.1f} | {cpus[n // 2]:.1f} |")
PY
