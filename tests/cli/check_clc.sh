#!/bin/sh
# check_clc.sh: cluster launch control (tests/clc, sim/sim_clc.c). `check`: the correct CLC
# kernels verify and each planted bug is reported first with its kind at its line
# (expected.tsv). `sim`: the persistent kernels run with real data over a grid of 4 programs
# give the same tensors as without CLC (numpy reference), and some seeds cancel programs
# (fewer than 4 launched: the cancelled ones are computed by the canceller, not relaunched).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/expected_kernels.sh"
D="$SRC/tests/clc"
PY=/usr/bin/python3
check_expected "$D" clc.py
[ "$n" -ge 7 ] || fail "only $n CLC kernels"

# simulate mode: y = 2 * x (clc-ws.ok) and y[tile] = 1 + tile (clc-loop.ok)
"$PY" -c "import numpy as np; np.save('$T/x.npy', np.random.default_rng(7).standard_normal((128, 64)).astype(np.float32))"
fewer=0
for seed in 1 2 3 4 5 6; do
  for k in ws loop; do
    rm -rf "$T/out"
    if [ $k = ws ]; then tens="--tensor x=$T/x.npy"; else tens=""; fi
    # shellcheck disable=SC2086
    "$TLXV" sim "$D/clc-$k.ok.ttgir" $tens --tensor y=zeros:128x64:f32 --grid 4 --seed $seed \
      --out "$T/out" > "$T/sim.txt" 2> "$T/err" || fail "sim clc-$k seed $seed: $(cat "$T/err")"
    progs=$(sed -n 's/^sim: \([0-9]*\) program(s).*/\1/p' "$T/sim.txt")
    [ -n "$progs" ] && [ "$progs" -ge 1 ] && [ "$progs" -le 4 ] || fail "sim clc-$k: $(cat "$T/sim.txt")"
    [ "$progs" -lt 4 ] && fewer=$((fewer + 1))
    "$PY" - "$T" $k <<'PYEOF' || fail "sim clc-$k seed $seed: y differs from the reference"
import sys, numpy as np
t, k = sys.argv[1], sys.argv[2]
y = np.load(t + "/out/y.npy")
if k == "ws":
    ref = 2 * np.load(t + "/x.npy")
else:
    ref = np.repeat(np.arange(4, dtype=np.float32) + 1, 32)[:, None] * np.ones((1, 64), np.float32)
sys.exit(0 if y.shape == ref.shape and np.array_equal(y, ref) else 1)
PYEOF
  done
done
[ "$fewer" -ge 1 ] || fail "no seed cancelled a program (every run launched 4 programs)"
# the grid summary says why a store whose tile comes from a CLC response is not compared
"$TLXV" "$D/clc-ws.ok.ttgir" --grid 4 > "$T/g" 2>&1 || fail "check clc-ws.ok: $(cat "$T/g")"
grep -q "except 1 store(s) whose coordinates depend on the program a cluster launch control response names$" "$T/g" ||
  fail "grid summary: $(head -1 "$T/g")"
# a planted bug also stops a simulation, with its kind and line
rc=0
"$TLXV" sim "$D/clc-query.bug.ttgir" --tensor y=zeros:128x64:f32 --grid 4 --seed 1 > /dev/null 2> "$T/err" || rc=$?
[ $rc = 1 ] && grep -q "^clc.py:36:7: error: clc-query-failed: " "$T/err" || fail "sim clc-query.bug: exit $rc: $(cat "$T/err")"
echo "check_clc: $n kernels ok, simulate mode matches the reference ($fewer of 12 runs cancelled programs)"
