#!/bin/sh
# lower_amd_tut.sh: Triton's own tutorial kernels compiled for gfx942 / gfx950
# (tests/corpus/amd/amd_t0[125689]_*, README.md there) lower to code objects of their target:
# the MFMA count of the dots, the LDS size, wave64, the scratch spills (none but the gfx950
# persistent matmul and the attention backward, 636 / 1024 bytes); the skeleton check (translation validation, sim/sim_amd_skel.c) verifies each code
# object (the persistent matmul on gfx950, with spill stores, passes the skeleton's 256 states
# at one instruction: inconclusive, never a bug).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/amd_codeobj.sh"
n=0
# kernel mfma-count LDS-bytes spill-bytes skeleton(verified|any) Triton's-LDS-bytes
# The last column is Triton 3.6.0's own LDS size for the file (metadata "shared", compiled with
# tests/device/amd_shared.py): the plan (lowering/lw_plan_live.c) must not exceed it, but where
# the column says `>N`: there this lowering's scratch for a layout exchange or a cross-warp
# reduction is larger than Triton's (e.g. 64 vs 32 bytes for 8 waves' partial sums).
while read -r k mfma lds spill skel tri; do
  gfx=${k##*_}
  "$TLXV" lower "$C/$k.ok.ttgir" --target "$gfx" -o "$T/$k.hsaco" 2> "$T/err" || fail "$k: $(cat "$T/err")"
  "$READELF" --notes "$T/$k.hsaco" | grep -q "amdhsa.target: *amdgcn-amd-amdhsa--$gfx\$" || fail "$k: not a $gfx code object"
  got=$("$OBJDUMP" -d "$T/$k.hsaco" | grep -c '	v_mfma' || true)
  [ "$got" = "$mfma" ] || fail "$k: $got v_mfma, want $mfma"
  [ "$(note "$T/$k.hsaco" group_segment_fixed_size)" = "$lds" ] || fail "$k: LDS $(note "$T/$k.hsaco" group_segment_fixed_size), want $lds"
  case $tri in
  \>*) [ "$lds" -gt "${tri#>}" ] || fail "$k: LDS $lds is no longer above Triton's ${tri#>}: update the table" ;;
  *) [ "$lds" -le "$tri" ] || fail "$k: LDS $lds, more than Triton's $tri" ;;
  esac
  [ "$(note "$T/$k.hsaco" private_segment_fixed_size)" = "$spill" ] || fail "$k: scratch $(note "$T/$k.hsaco" private_segment_fixed_size), want $spill"
  [ "$(note "$T/$k.hsaco" wavefront_size)" = 64 ] || fail "$k: not wave64"
  rc=0
  "$TLXV" skeleton "$T/$k.hsaco" > "$T/out" 2> "$T/err" || rc=$?
  case "$skel:$rc" in
  verified:0 | any:0 | any:3) ;;
  *) fail "$k: skeleton exit $rc (want $skel): $(cat "$T/out" "$T/err" | head -n 3)" ;;
  esac
  [ "$skel" != verified ] || grep -q 'verified' "$T/out" || fail "$k: skeleton: $(cat "$T/out")"
  n=$((n + 1))
done <<'EOF'
amd_t01_vadd_gfx942 0 0 0 verified 0
amd_t01_vadd_gfx950 0 0 0 verified 0
amd_t02_softmax_gfx942 0 64 0 verified >32
amd_t02_softmax_gfx950 0 64 0 verified >32
amd_t05_lnfwd_gfx942 0 64 0 verified >32
amd_t05_lnfwd_gfx950 0 64 0 verified >32
amd_t05_lnbwd_gfx942 0 64 0 verified >32
amd_t05_lnbwd_gfx950 0 64 0 verified >32
amd_t05_lndwdb_gfx942 0 2048 0 verified >1024
amd_t05_lndwdb_gfx950 0 2048 0 verified >1024
amd_t06_attfwd_gfx942 32 16384 0 verified 16384
amd_t06_attfwd_gfx950 16 16384 0 verified 16384
amd_t06_attfwd_causal_gfx942 64 16384 0 verified 16384
amd_t06_attfwd_causal_gfx950 32 16384 0 verified 16384
amd_t06_attbwd_gfx942 324 16384 636 verified 16384
amd_t06_attbwd_gfx950 250 32768 1024 verified 32768
amd_t08_gmm_gfx942 32 16384 0 verified 16384
amd_t08_gmm_gfx950 16 32768 0 verified >16384
amd_t09_pmm_gfx942 16 16384 0 verified 16384
amd_t09_pmm_gfx950 16 65536 52 any >32768
EOF
# tt.get_num_programs (softmax's row loop steps by it) reads the dispatch packet's grid size
"$OBJDUMP" -d "$T/amd_t02_softmax_gfx942.hsaco" | grep -q 's_load_dword s[0-9]*, s\[0:1\], 0xc' ||
  fail "softmax: no load of the dispatch packet's grid_size_x"
# The layer-norm backward's spin lock (`while tl.atomic_cas(Lock, 0, 1) == 1`, lowering/
# lw_atomic.c): the acq_rel agent-scope cmpswap (returning, sc0) in a loop, the result handed to
# every wave through LDS behind a barrier; the two exchanges (Count, the unlock) with their
# release (buffer_wbl2) and acquire (buffer_inv). `check` refuses the kernel (a loop on loaded
# data); `lower` does not run the check.
for g in gfx942 gfx950; do
  "$OBJDUMP" -d "$T/amd_t05_lnbwd_$g.hsaco" > "$T/ln.s"
  [ "$(grep -c '^	global_atomic_cmpswap v[0-9]*, .* sc0' "$T/ln.s")" = 1 ] || fail "lnbwd $g: want one returning cmpswap"
  in_loop "$T/ln.s" global_atomic_cmpswap || fail "lnbwd $g: the cmpswap is not in a loop"
  grep -A4 '^	global_atomic_cmpswap' "$T/ln.s" | grep -q '^	ds_write_b32' || fail "lnbwd $g: the cas result is not written to LDS"
  [ "$(grep -c '^	global_atomic_swap ' "$T/ln.s")" = 2 ] || fail "lnbwd $g: want two global_atomic_swap"
  [ "$(grep -B3 '^	global_atomic_swap ' "$T/ln.s" | grep -c '^	buffer_wbl2 sc1')" = 2 ] || fail "lnbwd $g: an exchange without its release"
  [ "$(grep -A3 '^	global_atomic_swap ' "$T/ln.s" | grep -c '^	buffer_inv sc1')" = 2 ] || fail "lnbwd $g: an exchange without its acquire"
  input_error check "05-layer-norm.py:177:39: error: scf.condition depends on data loaded from memory" "$C/amd_t05_lnbwd_$g.ok.ttgir"
done
# The softmax's cross-wave reductions (8 waves of 64 lanes) index the LDS partials by the wave,
# the thread id shifted by 6 (lowering/lw_reduce.c; by 5, lanes 32-63 took another wave's slot
# and waves 4-7 overwrote waves 0-3's): no shift of the thread id by 5 in the MLIR.
"$TLXV" lower "$C/amd_t02_softmax_gfx942.ok.ttgir" --target gfx942 --emit mlir -o "$T/sm.mlir"
awk '/= rocdl.workitem.id.x/ { tid = $1 } /= llvm.mlir.constant\(5 : i32\)/ { five[$1] = 1 }
     /= llvm.lshr / { a = $4; b = $5; sub(/,$/, "", a); if (a == tid && (b in five)) bad = 1 }
     END { exit bad || tid == "" }' "$T/sm.mlir" || fail "softmax gfx942: the wave index is not tid >> 6"
echo "lower_amd_tut: $n kernels lowered"
