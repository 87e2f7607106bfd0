#!/bin/sh
# sim_pointers.sh: simulate mode on a small pointer-based (non-TMA) kernel written here:
# y = f32(f16(2.5 * x)) through tt.load / tt.store with a mask. Checks the result bit for bit
# against NumPy (f32 multiply, round-to-nearest-even to f16), and that an unmasked variant that
# reads past the end of x is a memory fault (exit 1) naming the tensor and the load's line.
set -eu
: "${TLXV:?}"
PY=/usr/bin/python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cat > "$T/scale.ttgir" <<'TTGIR'
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scale(%x: !tt.ptr<f32> loc("x"("scale.py":3:0)), %y: !tt.ptr<f32> loc("y"("scale.py":3:0)), %n: i32 loc("n"("scale.py":3:0))) {
    %pid = tt.get_program_id x : i32 loc("scale.py":4:10)
    %c128 = arith.constant 128 : i32 loc("scale.py":5:10)
    %off0 = arith.muli %pid, %c128 : i32 loc("scale.py":5:10)
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked> loc("scale.py":6:10)
    %s = tt.splat %off0 : i32 -> tensor<128xi32, #blocked> loc("scale.py":6:10)
    %offs = arith.addi %s, %r : tensor<128xi32, #blocked> loc("scale.py":6:10)
    %ns = tt.splat %n : i32 -> tensor<128xi32, #blocked> loc("scale.py":7:10)
    %mask = arith.cmpi slt, %offs, %ns : tensor<128xi32, #blocked> loc("scale.py":7:10)
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked> loc("scale.py":8:10)
    %xpp = tt.addptr %xp, %offs : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked> loc("scale.py":8:10)
    %v = tt.load %xpp, %mask : tensor<128x!tt.ptr<f32>, #blocked> loc("scale.py":8:10)
    %two = arith.constant dense<2.500000e+00> : tensor<128xf32, #blocked> loc("scale.py":9:10)
    %w = arith.mulf %v, %two : tensor<128xf32, #blocked> loc("scale.py":9:10)
    %h = arith.truncf %w : tensor<128xf32, #blocked> to tensor<128xf16, #blocked> loc("scale.py":9:10)
    %e = arith.extf %h : tensor<128xf16, #blocked> to tensor<128xf32, #blocked> loc("scale.py":9:10)
    %yp = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked> loc("scale.py":10:10)
    %ypp = tt.addptr %yp, %offs : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked> loc("scale.py":10:10)
    tt.store %ypp, %e, %mask : tensor<128x!tt.ptr<f32>, #blocked> loc("scale.py":10:4)
    tt.return loc("scale.py":11:4)
  } loc("scale.py":3:0)
} loc("scale.py":1:0)
TTGIR
sed 's/, %mask : tensor<128x!tt.ptr<f32>, #blocked> loc("scale.py":8:10)/ : tensor<128x!tt.ptr<f32>, #blocked> loc("scale.py":8:10)/' \
  "$T/scale.ttgir" > "$T/nomask.ttgir"
grep -q 'tt.load %xpp : ' "$T/nomask.ttgir" || fail "could not build the unmasked variant"

for seed in 1 2; do
  "$TLXV" sim "$T/scale.ttgir" --arg n=300 --tensor x=random:300:f32 --tensor y=zeros:300:f32 \
    --grid 3 --seed $seed --out "$T/o" -q || fail "scale: exit $?"
  "$PY" - "$T/o" <<'PYEOF' || fail "scale: wrong result"
import sys, numpy as np
x, y = np.load(f"{sys.argv[1]}/x.npy"), np.load(f"{sys.argv[1]}/y.npy")
ref = (x * np.float32(2.5)).astype(np.float16).astype(np.float32)
assert x.shape == (300,) and np.abs(x).max() > 0.5
assert np.array_equal(y.view(np.uint32), ref.view(np.uint32)), np.count_nonzero(y != ref)
PYEOF
done
# n = 256 with grid 3: the third program is fully masked off and must not touch y
"$TLXV" sim "$T/scale.ttgir" --arg n=256 --tensor x=random:300:f32 --tensor y=zeros:300:f32 \
  --grid 3 --out "$T/o" -q || fail "scale n=256: exit $?"
"$PY" -c "import sys, numpy as np; y = np.load('$T/o/y.npy'); assert (y[256:] == 0).all() and (y[:256] != 0).all()" ||
  fail "masked-off elements were written"

rc=0
"$TLXV" sim "$T/nomask.ttgir" --arg n=300 --tensor x=random:300:f32 --tensor y=zeros:300:f32 \
  --grid 3 > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 1 ] || fail "unmasked out-of-bounds load: exit $rc (want 1): $(cat "$T/err")"
grep -q "^scale.py:8:10: error: memory fault: out-of-bounds load: .*tensor 'x'" "$T/err" ||
  fail "fault report: $(cat "$T/err")"
[ "$(grep -c error "$T/err")" = 1 ] || fail "fault reported more than once: $(cat "$T/err")"
echo "sim_pointers: ok"
