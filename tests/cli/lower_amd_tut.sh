#!/bin/sh
# lower_amd_tut.sh: Triton's own tutorial kernels compiled for gfx942 / gfx950
# (tests/corpus/amd/amd_t0[125689]_*, README.md there) lower to code objects of their target:
# the MFMA count of the dots, the LDS size, wave64, no scratch spills where the kernel has
# none; the skeleton check (translation validation, sim/sim_amd_skel.c) verifies each code
# object (the persistent matmul on gfx950, with spill stores, passes the skeleton's 256 states
# at one instruction: inconclusive, never a bug). What the lowering cannot
# emit yet is refused at the op with its reason (exit 2).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/amd_codeobj.sh"
n=0
# kernel mfma-count LDS-bytes spill-bytes skeleton(verified|any)
while read -r k mfma lds spill skel; do
  gfx=${k##*_}
  "$TLXV" lower "$C/$k.ok.ttgir" --target "$gfx" -o "$T/$k.hsaco" 2> "$T/err" || fail "$k: $(cat "$T/err")"
  "$READELF" --notes "$T/$k.hsaco" | grep -q "amdhsa.target: *amdgcn-amd-amdhsa--$gfx\$" || fail "$k: not a $gfx code object"
  got=$("$OBJDUMP" -d "$T/$k.hsaco" | grep -c '	v_mfma' || true)
  [ "$got" = "$mfma" ] || fail "$k: $got v_mfma, want $mfma"
  [ "$(note "$T/$k.hsaco" group_segment_fixed_size)" = "$lds" ] || fail "$k: LDS $(note "$T/$k.hsaco" group_segment_fixed_size), want $lds"
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
amd_t01_vadd_gfx942 0 0 0 verified
amd_t01_vadd_gfx950 0 0 0 verified
amd_t02_softmax_gfx942 0 64 0 verified
amd_t02_softmax_gfx950 0 64 0 verified
amd_t05_lnfwd_gfx942 0 64 0 verified
amd_t05_lnfwd_gfx950 0 64 0 verified
amd_t05_lndwdb_gfx942 0 2048 0 verified
amd_t05_lndwdb_gfx950 0 2048 0 verified
amd_t06_attfwd_gfx942 32 32768 0 verified
amd_t06_attfwd_gfx950 16 40960 0 verified
amd_t06_attfwd_causal_gfx942 64 40960 0 verified
amd_t06_attfwd_causal_gfx950 32 49152 0 verified
amd_t08_gmm_gfx942 32 16384 0 verified
amd_t08_gmm_gfx950 16 49152 0 verified
amd_t09_pmm_gfx942 16 32768 0 verified
amd_t09_pmm_gfx950 16 65536 52 any
EOF
# tt.get_num_programs (softmax's row loop steps by it) reads the dispatch packet's grid size
"$OBJDUMP" -d "$T/amd_t02_softmax_gfx942.hsaco" | grep -q 's_load_dword s[0-9]*, s\[0:1\], 0xc' ||
  fail "softmax: no load of the dispatch packet's grid_size_x"
# Not lowered yet, refused at the op: a spin lock (tt.atomic_cas), and the attention backward's
# LDS (the plan gives every allocation its own bytes; Triton's reuses dead ones)
for g in gfx942 gfx950; do
  input_error lower "05-layer-norm.py:177:33: error: lowering: op 'tt.atomic_cas' is not supported for $g" \
    "$C/amd_t05_lnbwd_$g.ok.ttgir" --target $g -o "$T/x.hsaco"
  input_error lower "06-fused-attention.py:369:0: error: lowering: the kernel needs [0-9]* bytes of LDS" \
    "$C/amd_t06_attbwd_$g.ok.ttgir" --target $g -o "$T/x.hsaco"
done
echo "lower_amd_tut: $n kernels lowered, 4 refused"
