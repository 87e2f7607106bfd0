#!/bin/sh
# lower_atomic.sh: scalar tt.atomic_cas / tt.atomic_rmw (lowering/lw_atomic.c) on both vendors,
# on the spin lock of tests/lowering/atomic_lock.ttgir: thread 0 performs each atomic with the
# op's ordering and scope; a used result goes to every thread through an LDS / shared word
# between two barriers. sm_90a / sm_100a: the PTX (and ptxas when present); gfx942: the
# disassembly, the skeleton verifies it, and finds the race when the barrier between the word's
# write and its read is cut out. Atomics on tensors and NVIDIA's system-scope atomic_rmw are
# refused at the op. The layer-norm backward's own lock: tests/cli/lower_amd_tut.sh.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/amd_codeobj.sh"
K="$SRC/tests/lowering/atomic_lock.ttgir"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$PTXAS" ] || PTXAS=$(command -v ptxas || true)
for t in sm_90a sm_100a; do
  sed "s/cuda:90/cuda:${t#sm_}/; s/cuda:100a/cuda:100/; s/cuda:90a/cuda:90/" "$K" > "$T/k.ttgir"
  "$TLXV" lower "$T/k.ttgir" --target $t --emit ptx -o "$T/k.ptx" 2> "$T/err" || fail "$t: $(cat "$T/err")"
  # the cas in the loop: its block is re-entered from the loop's test (a bra to a label before it)
  grep -q '^	atom.acq_rel.gpu.global.cas.b32 	%r[0-9]*, \[%rd[0-9]*\], 0, 1;' "$T/k.ptx" || fail "$t: no acq_rel gpu cas"
  awk '/atom.acq_rel.gpu.global.cas/ { c = NR } /^\$L__BB/ { l[$1] = NR }
       c && /bra/ { sub(/;$/, "", $NF); if (($NF ":") in l && l[$NF ":"] < c) ok = 1 } END { exit !ok }' "$T/k.ptx" ||
    fail "$t: the cas is not in a loop"
  # thread 0 stores the old value to shared memory; every thread reads it after a bar.sync
  awk '/atom.acq_rel.gpu.global.cas/ { c = 1 } c && /st.shared.b32/ { s = 1 } s && /bar.sync/ { b = 1 }
       b && /ld.shared.b32/ { ok = 1 } END { exit !ok }' "$T/k.ptx" || fail "$t: no st.shared / bar.sync / ld.shared after the cas"
  grep -q '^	atom.global.add.u32' "$T/k.ptx" || fail "$t: no relaxed add"
  # release exchange: NVPTX drops atomicrmw orderings, so a fence comes first (sm_100a: fence.release)
  grep -B1 '^	atom.global.exch.b32' "$T/k.ptx" | grep -Eq '^	fence.(acq_rel|release).gpu;' || fail "$t: no fence before the release exchange"
  [ "$(grep -c '^	atom' "$T/k.ptx")" = 3 ] || fail "$t: $(grep -c '^	atom' "$T/k.ptx") atomics, want 3"
  if [ -n "$PTXAS" ]; then "$PTXAS" -arch=$t "$T/k.ptx" -o "$T/k.cubin" || fail "$t: ptxas"; fi
done
# gfx942
sed 's/cuda:90/hip:gfx942/; s/"ttg.threads-per-warp" = 32/"ttg.threads-per-warp" = 64/; s/threadsPerWarp = \[32\]/threadsPerWarp = [64]/' \
  "$K" > "$T/a.ttgir"
"$TLXV" lower "$T/a.ttgir" --target gfx942 -o "$T/a.hsaco" 2> "$T/err" || fail "gfx942: $(cat "$T/err")"
"$OBJDUMP" -d "$T/a.hsaco" > "$T/a.s"
in_loop "$T/a.s" global_atomic_cmpswap || fail "gfx942: the cmpswap is not in a loop"
# acq_rel cas: write back L2 (release) before, invalidate (acquire) after; the old value returned (sc0)
grep -A4 '^	buffer_wbl2 sc1' "$T/a.s" | grep -q '^	global_atomic_cmpswap v[0-9]*, .* sc0' || fail "gfx942: no release before the cmpswap"
grep -A3 '^	global_atomic_cmpswap' "$T/a.s" | grep -q '^	buffer_inv sc1' || fail "gfx942: no acquire after the cmpswap"
grep -q '^	global_atomic_add ' "$T/a.s" || fail "gfx942: no atomic add"
grep -A3 '^	global_atomic_add ' "$T/a.s" | grep -q buffer_inv && fail "gfx942: an acquire after the relaxed add"
grep -B3 '^	global_atomic_swap ' "$T/a.s" | grep -q '^	buffer_wbl2 sc1' || fail "gfx942: no release before the exchange"
[ "$(note "$T/a.hsaco" group_segment_fixed_size)" = 4 ] || fail "gfx942: LDS $(note "$T/a.hsaco" group_segment_fixed_size), want 4 (the word)"
"$TLXV" skeleton "$T/a.hsaco" | grep -q verified || fail "gfx942: skeleton"
# planted bug: the barrier between thread 0's write of the cas result and the waves' read
w=$(grep -n '^	ds_write_b32' "$T/a.s" | sed -n 1p | cut -d: -f1)
r=$(grep -n '^	ds_read_b32' "$T/a.s" | sed -n 1p | cut -d: -f1)
b=$(sed -n "1,${r}p" "$T/a.s" | grep -n '^	s_barrier' | tail -n 1 | cut -d: -f1)
[ -n "$w" ] && [ -n "$r" ] && [ -n "$b" ] || fail "gfx942: no ds_write / s_barrier / ds_read"
sed "${b}d" "$T/a.s" > "$T/cut.s"
rc=0
"$TLXV" skeleton "$T/cut.s" > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 1 ] && head -n 1 "$T/err" | grep -q "error: race: atomic_lock+0x[0-9a-f]* \`ds_" ||
  fail "gfx942 without the broadcast barrier: exit $rc: $(head -n 3 "$T/err")"
# refused at the op
sed 's|^    tt.return|    %t = tt.splat %cnt : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #blocked> loc("lock.py":15:10)\n    %v = tt.splat %c1 : i32 -> tensor<128xi32, #blocked> loc("lock.py":15:20)\n    %m = tt.splat %true : i1 -> tensor<128xi1, #blocked> loc("lock.py":15:30)\n    %r = tt.atomic_rmw add, relaxed, gpu, %t, %v, %m : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xi32, #blocked> loc("lock.py":15:40)\n&|' \
  "$K" > "$T/tensor.ttgir"
input_error lower 'lock.py:15:40: error: lowering: tt.atomic_rmw on a tensor of pointers is not lowered yet' \
  "$T/tensor.ttgir" --target sm_90a -o "$T/x"
sed 's/add, relaxed, gpu/add, relaxed, sys/' "$K" > "$T/sys.ttgir"
input_error lower 'lock.py:11:10: error: lowering: tt.atomic_rmw at the system scope is not lowered for sm_90a' \
  "$T/sys.ttgir" --target sm_90a -o "$T/x"
echo "lower_atomic: ok"
