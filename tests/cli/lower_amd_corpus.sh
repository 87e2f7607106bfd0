#!/bin/sh
# lower_amd_corpus.sh: the five AMD corpus kernels (tests/corpus/amd, Triton's matmul and
# attention for gfx942 / gfx950) lower to code objects: MFMA instructions of the layouts'
# shape (llvm-objdump-22), an s_waitcnt lgkmcnt(0) and an s_barrier between every LDS write
# and the next LDS read, the code object's notes (LDS size, kernel arguments, registers,
# wave64, workgroup size; llvm-readelf-22), and translation validation: `tlx-verify skeleton`
# runs the AMD wave model over each disassembly (verified), and finds the bug when a wait or
# a barrier is cut out of it (sim/sim_amd_skel.c).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
OBJDUMP=${OBJDUMP:-/usr/lib/llvm-22/bin/llvm-objdump}
READELF=${READELF:-/usr/lib/llvm-22/bin/llvm-readelf}
export LLVM_OBJDUMP="$OBJDUMP"
C="$SRC/tests/corpus/amd"
disasm() { "$OBJDUMP" -d "$1" | sed -n 's|^\t\([a-z_0-9]*\)\( [^/]*\)\{0,1\}//.*|\1\2|p' | sed 's/ *$//'; }
note() { "$READELF" --notes "$1" | sed -n "s/^ *\\.$2: *//p" | head -n 1; }
# kernel target mfma-instruction count LDS-bytes kernarg-bytes workgroup
while read -r k gfx mfma count lds karg wg; do
  "$TLXV" lower "$C/$k.ok.ttgir" --target "$gfx" -o "$T/$k.hsaco" 2> "$T/err" || fail "$k: $(cat "$T/err")"
  [ ! -s "$T/err" ] || fail "$k printed on stderr: $(cat "$T/err")"
  disasm "$T/$k.hsaco" > "$T/$k.s"
  [ "$(grep -c "^$mfma " "$T/$k.s")" = "$count" ] || fail "$k: want $count $mfma, got $(grep -c '^v_mfma' "$T/$k.s") v_mfma"
  [ "$(grep -c '^v_mfma' "$T/$k.s")" = "$count" ] || fail "$k: other MFMA instructions"
  # every LDS read after an LDS write (in code order) is preceded by lgkmcnt(0) then s_barrier
  awk '
    /^ds_write/ { w = NR; lg = 0; bar = 0 }
    /^s_waitcnt .*lgkmcnt\(0\)/ { if (w) lg = 1 }
    /^s_barrier/ { if (lg) bar = 1 }
    /^ds_read/ { if (w && !bar) { print "line " NR ": ds_read after the ds_write of line " w " without lgkmcnt(0) + s_barrier"; bad = 1 } }
    END { exit bad }' "$T/$k.s" > "$T/why" || fail "$k: $(cat "$T/why")"
  [ "$(note "$T/$k.hsaco" group_segment_fixed_size)" = "$lds" ] || fail "$k: LDS $(note "$T/$k.hsaco" group_segment_fixed_size), want $lds"
  [ "$(note "$T/$k.hsaco" kernarg_segment_size)" = "$karg" ] || fail "$k: kernarg size $(note "$T/$k.hsaco" kernarg_segment_size)"
  [ "$(note "$T/$k.hsaco" wavefront_size)" = 64 ] || fail "$k: not wave64"
  [ "$(note "$T/$k.hsaco" max_flat_workgroup_size)" = "$wg" ] || fail "$k: workgroup size"
  [ "$(note "$T/$k.hsaco" vgpr_count)" -gt 0 ] && [ "$(note "$T/$k.hsaco" vgpr_count)" -le 512 ] || fail "$k: vgpr count"
  [ "$(note "$T/$k.hsaco" sgpr_count)" -gt 0 ] || fail "$k: sgpr count"
  [ "$(note "$T/$k.hsaco" private_segment_fixed_size)" = 0 ] || fail "$k: spills to scratch"
  "$READELF" --notes "$T/$k.hsaco" | grep -q "amdhsa.target: *amdgcn-amd-amdhsa--$gfx\$" || fail "$k: not a $gfx code object"
  # translation validation, on the code object and on its disassembly text
  "$TLXV" skeleton "$T/$k.hsaco" > "$T/out" 2> "$T/err" || fail "$k: skeleton: $(cat "$T/err")"
  grep -q 'verified' "$T/out" || fail "$k: skeleton: $(cat "$T/out")"
done <<'EOF'
amd_t03_matmul_gfx942 gfx942 v_mfma_f32_16x16x16_f16 8 8192 48 512
amd_t03_matmul_gfx942_b gfx942 v_mfma_f32_16x16x16_f16 64 32768 48 512
amd_t03_matmul_gfx950 gfx950 v_mfma_f32_16x16x32_f16 4 8192 48 512
amd_t03_matmul_gfx950_b gfx950 v_mfma_f32_16x16x32_f16 32 32768 48 512
amd_t06_attention_gfx950 gfx950 v_mfma_f32_32x32x16_f16 6 24576 60 256
EOF
# bf16 operands (the matmuls with every f16 made bf16): the bf16 MFMA of each target
for g in gfx942:v_mfma_f32_16x16x16_bf16:8 gfx950:v_mfma_f32_16x16x32_bf16:4; do
  t=${g%%:*}
  rest=${g#*:}
  sed 's/xf16/xbf16/g; s/<f16>/<bf16>/g' "$C/amd_t03_matmul_$t.ok.ttgir" > "$T/bf16.ttgir"
  "$TLXV" lower "$T/bf16.ttgir" --target "$t" -o "$T/bf16.hsaco" 2> "$T/err" || fail "bf16 $t: $(cat "$T/err")"
  disasm "$T/bf16.hsaco" > "$T/bf16.s"
  [ "$(grep -c "^${rest%:*} " "$T/bf16.s")" = "${rest#*:}" ] || fail "bf16 $t: want ${rest#*:} ${rest%:*}"
  "$TLXV" skeleton "$T/bf16.hsaco" > /dev/null || fail "bf16 $t: skeleton"
done
# Planted bugs in the skeleton of the gfx942 matmul: the barrier before the loop's first LDS
# read, and the wait before it, cut out of the disassembly.
"$OBJDUMP" -d "$T/amd_t03_matmul_gfx942.hsaco" > "$T/m.s"
r=$(grep -n '^	ds_read' "$T/m.s" | sed -n 1p | cut -d: -f1)
b=$(head -n "$r" "$T/m.s" | grep -n '^	s_barrier' | tail -n 1 | cut -d: -f1)
[ "$(sed -n "$((b - 1))p" "$T/m.s" | grep -c 's_waitcnt lgkmcnt(0)')" = 1 ] || fail "no lgkmcnt(0) before the barrier at line $b"
"$TLXV" skeleton "$T/m.s" > /dev/null 2>&1 || fail "the uncut disassembly does not verify"
skel_bug() { # cut-line kind: the skeleton without line CUT reports KIND first, at the LDS read
  sed "$1d" "$T/m.s" > "$T/cut.s"
  rc=0
  "$TLXV" skeleton "$T/cut.s" > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = 1 ] || fail "cut line $1: exit $rc, want 1: $(cat "$T/err")"
  head -n 1 "$T/err" | grep -q "^$T/cut.s:$((r - 1)):1: error: $2: matmul_kernel+0x[0-9a-f]* \`ds_read" ||
    fail "cut line $1: want $2 at the ds_read (line $((r - 1))): $(head -n 3 "$T/err")"
}
skel_bug "$b" race
skel_bug "$((b - 1))" amd.race.lds-unwaited
# write after read: the barrier before the next LDS write after the reads cut out
w=$(awk -v r="$r" 'NR > r && /^\tds_write/ { print NR; exit }' "$T/m.s")
wb=$(head -n "$w" "$T/m.s" | grep -n '^	s_barrier' | tail -n 1 | cut -d: -f1)
[ "$wb" -gt "$r" ] || fail "no barrier between the reads and the write of line $w"
sed "${wb}d" "$T/m.s" > "$T/cut.s"
rc=0
"$TLXV" skeleton "$T/cut.s" > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 1 ] && head -n 1 "$T/err" | grep -q "error: race: matmul_kernel+0x[0-9a-f]* \`ds_write.*write after read" ||
  fail "write after read: exit $rc: $(head -n 3 "$T/err")"
# LDS DMA still in flight at a barrier: the skeleton cannot tell its buffer from the one read
# (inconclusive, exit 3), and a cond_barrier (s_barrier behind an exec-mask branch) likewise.
"$TLXV" lower "$SRC/tests/lowering/amd/lds_dma.ttgir" --target gfx950 -o "$T/dma.hsaco"
"$OBJDUMP" -d "$T/dma.hsaco" > "$T/dma.s"
"$TLXV" skeleton "$T/dma.s" > /dev/null 2>&1 || fail "lds_dma does not verify"
r=$(grep -n '^	ds_read' "$T/dma.s" | sed -n 1p | cut -d: -f1)
sed "$((r - 2))d" "$T/dma.s" > "$T/cut.s"
grep -q 'vmcnt(0)' "$T/dma.s" && [ "$(sed -n "$((r - 2))p" "$T/dma.s" | grep -c 'vmcnt(0)')" = 1 ] || fail "lds_dma: no vmcnt(0) two lines before the read"
rc=0
"$TLXV" skeleton "$T/cut.s" > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 3 ] && grep -q "inconclusive: lds_dma+0x[0-9a-f]* \`ds_read.*LDS DMA" "$T/err" || fail "DMA in flight: exit $rc: $(cat "$T/err")"
# input errors
: > "$T/empty.s"
input_error skeleton "empty.s:1:1: error: no instructions" "$T/empty.s"
input_error skeleton "no-such" "$T/no-such.s"
input_error skeleton "takes one FILE" "$T/m.s" "$T/m.s"
echo "lower_amd_corpus: ok"
