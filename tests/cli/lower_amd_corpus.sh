#!/bin/sh
# lower_amd_corpus.sh: every gfx942 / gfx950 kernel of tests/corpus/amd (Triton's matmul and
# attention tutorials, and the amdk_* matmuls and row sums through Triton's AMD pipelines:
# LDS DMA into swizzled and padded LDS, ping-pong; the gfx1250 ones have no lowering target)
# (and triton_kernels' bf16 matmul `amd_tk_matmul_*_bf16_plain`, whose block ping-pong schedule
# has raw `rocdl.s.barrier`s, and its ragged gather / scatter one `*_f16_ragged_gs`, whose early
# exit is a cf.cond_br between blocks: lowering/lw_blocks.c; its mxfp4 down / upcast kernels,
# tt.split / tt.join, the ragged metadata kernel, tt.scan, and the mxfp4 matmuls, whose fp4
# weights are upcast to bf16 before their MFMA: amdg.upcast_mxfp / amdg.scaled_upcast_fp4,
# lowering/lw_upcast.c) lowers to a code object: MFMA instructions of the layouts' shape (llvm-objdump-22), the LDS
# DMA instructions (and the ds_bpermute that permute a swizzled copy's sources), an
# s_waitcnt lgkmcnt(0) and an s_barrier between every LDS write and the next LDS read, the
# code object's notes (LDS size, kernel arguments, registers, scratch, wave64, workgroup size;
# llvm-readelf-22), and translation validation: `tlx-verify skeleton` runs the AMD wave model
# over each disassembly (verified, or inconclusive on the ping-pong's cond_barriers, which it
# does not model), and finds the bug when a wait or a barrier is cut out of it
# (sim/sim_amd_skel.c). The lowered code cannot run here (no AMD GPU); sim_amd.sh runs the
# kernels themselves with real data.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/amd_codeobj.sh"
disasm() { "$OBJDUMP" -d "$1" | sed -n 's|^\t\([a-z_0-9]*\)\( [^/]*\)\{0,1\}//.*|\1\2|p' | sed 's/ *$//'; }
# kernel target mfma-instruction count LDS-bytes kernarg-bytes workgroup scratch-bytes(at most)
# skeleton(verified|inconclusive) LDS-DMA(mnemonic:count:ds_bpermute-count, or -)
while read -r k gfx mfma count lds karg wg priv skel dma; do
  "$TLXV" lower "$C/$k.ok.ttgir" --target "$gfx" -o "$T/$k.hsaco" 2> "$T/err" || fail "$k: $(cat "$T/err")"
  [ ! -s "$T/err" ] || fail "$k printed on stderr: $(cat "$T/err")"
  disasm "$T/$k.hsaco" > "$T/$k.s"
  [ "$mfma" = - ] || [ "$(grep -c "^$mfma " "$T/$k.s")" = "$count" ] || fail "$k: want $count $mfma, got $(grep -c '^v_mfma' "$T/$k.s") v_mfma"
  [ "$(grep -c '^v_mfma' "$T/$k.s")" = "$count" ] || fail "$k: other MFMA instructions"
  if [ "$dma" = - ]; then
    ! grep -q ' lds$' "$T/$k.s" || fail "$k: LDS DMA"
  else
    d=${dma%:*}
    [ "$(grep -c " lds$" "$T/$k.s")" = "${d#*:}" ] && [ "$(grep -c "^${d%:*} .* lds$" "$T/$k.s")" = "${d#*:}" ] ||
      fail "$k: want ${d#*:} ${d%:*} ... lds, got $(grep -c ' lds$' "$T/$k.s") LDS DMA"
    [ "$(grep -c '^ds_bpermute_b32 ' "$T/$k.s")" = "${dma##*:}" ] || fail "$k: want ${dma##*:} ds_bpermute_b32"
  fi
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
  # scratch: only the ping-pong kernels spill (256x256 f32 accumulators over 8 waves)
  [ "$(note "$T/$k.hsaco" private_segment_fixed_size)" -le "$priv" ] ||
    fail "$k: $(note "$T/$k.hsaco" private_segment_fixed_size) bytes of scratch, want at most $priv"
  "$READELF" --notes "$T/$k.hsaco" | grep -q "amdhsa.target: *amdgcn-amd-amdhsa--$gfx\$" || fail "$k: not a $gfx code object"
  # translation validation, on the code object and on its disassembly text
  rc=0
  "$TLXV" skeleton "$T/$k.hsaco" > "$T/out" 2> "$T/err" || rc=$?
  if [ "$skel" = verified ]; then
    [ $rc = 0 ] && grep -q 'verified' "$T/out" || fail "$k: skeleton: exit $rc: $(cat "$T/out" "$T/err")"
  else
    [ $rc = 3 ] && grep -q "inconclusive: .*s_barrier behind a branch on the exec mask (a cond_barrier)" "$T/err" ||
      fail "$k: skeleton: exit $rc, want 3 (cond_barrier): $(head -n 3 "$T/err")"
  fi
done <<'EOF'
amd_t03_matmul_gfx942 gfx942 v_mfma_f32_16x16x16_f16 8 8192 48 512 0 verified -
amd_t03_matmul_gfx942_b gfx942 v_mfma_f32_16x16x16_f16 64 32768 48 512 0 verified -
amd_t03_matmul_gfx950 gfx950 v_mfma_f32_16x16x32_f16 4 8192 48 512 0 verified -
amd_t03_matmul_gfx950_b gfx950 v_mfma_f32_16x16x32_f16 32 32768 48 512 0 verified -
amd_t06_attention_gfx950 gfx950 v_mfma_f32_32x32x16_f16 6 8192 60 256 0 verified -
amdk_matmul_gfx942_async_s2 gfx942 v_mfma_f32_32x32x8_f16 64 65536 48 256 0 verified buffer_load_dword:64:32
amdk_matmul_gfx942_pingpong gfx942 v_mfma_f32_32x32x8_f16 128 65536 48 512 144 inconclusive -
amdk_matmul_gfx950_s2 gfx950 v_mfma_f32_32x32x16_f16 16 32768 48 512 0 verified -
amdk_matmul_gfx950_async_s2 gfx950 v_mfma_f32_32x32x16_f16 16 68016 48 512 0 verified buffer_load_dwordx4:8:0
amdk_matmul_gfx950_async_s3 gfx950 v_mfma_f32_32x32x16_f16 48 102064 48 256 0 verified buffer_load_dwordx4:24:0
amdk_matmul_gfx950_pingpong gfx950 v_mfma_f32_32x32x16_f16 64 131072 48 512 392 verified -
amdk_rowsum_gfx942 gfx942 - 0 32 20 256 0 verified -
amdk_rowsum_gfx950 gfx950 - 0 32 20 256 0 verified -
amd_tk_matmul_gfx942_bf16_plain gfx942 v_mfma_f32_16x16x16_bf16 128 49152 116 512 0 inconclusive -
amd_tk_matmul_gfx950_bf16_plain gfx950 v_mfma_f32_16x16x32_bf16 16 24576 116 512 0 verified -
amd_tk_matmul_gfx942_f16_ragged_gs gfx942 v_mfma_f32_16x16x16_f16 16 34816 172 512 0 verified -
amd_tk_matmul_gfx950_f16_ragged_gs gfx950 v_mfma_f32_16x16x32_f16 16 12288 172 512 0 verified -
amd_tk_downcast_to_mxfp_gfx942_bf16_mxf4_batched gfx942 - 0 16384 52 512 0 verified -
amd_tk_downcast_to_mxfp_gfx950_bf16_mxf4_batched gfx950 - 0 16384 52 512 0 verified -
amd_tk_upcast_from_mxfp_tma_gfx942_bf16_mxf4_batched gfx942 - 0 32768 164 256 0 verified -
amd_tk_upcast_from_mxfp_tma_gfx950_bf16_mxf4_batched gfx950 - 0 32768 164 256 0 verified -
amd_tk_ragged_tensor_metadata_memset_gfx942_f16_ragged_gs gfx942 - 0 4096 44 256 0 verified -
amd_tk_ragged_tensor_metadata_memset_gfx950_f16_ragged_gs gfx950 - 0 4096 44 256 0 verified -
amd_tk_matmul_gfx942_bf16_mxf4_batched gfx942 v_mfma_f32_16x16x16_bf16 32 21504 140 512 0 verified -
amd_tk_matmul_gfx950_bf16_mxf4_batched gfx950 v_mfma_f32_16x16x32_bf16 16 45568 140 256 0 verified -
EOF
# The LDS sizes: gfx950 async: the padded_shared buffers, 2 x 128x64 f16 and 31 pads of 8,
# and 2 x 64x128 f16 and 31 pads of 32 (Triton's getPaddedSize); gfx950 ping-pong: the
# epilogue's 256x256 f16 layout conversion reuses the bytes of the two deallocated buffers;
# ragged metadata: the scan's cross-wave scratch, 512 i32 block totals in 8-byte slots
# (128 KiB, not 64 + 128 KiB: lowering/lw_plan_live.c). LDS DMA in flight at the barrier before
# the first LDS read (its vmcnt(0) cut out): inconclusive, the skeleton cannot tell the
# DMA's buffer from the read's.
for k in amdk_matmul_gfx942_async_s2 amdk_matmul_gfx950_async_s2; do
  "$OBJDUMP" -d "$T/$k.hsaco" > "$T/k.s"
  r=$(grep -n '^	ds_read' "$T/k.s" | sed -n 1p | cut -d: -f1)
  v=$(head -n "$r" "$T/k.s" | grep -n 'vmcnt(0)' | tail -n 1 | cut -d: -f1)
  [ "$((r - v))" -le 3 ] || fail "$k: no vmcnt(0) just before the first ds_read (line $r)"
  sed "${v}d" "$T/k.s" > "$T/cut.s"
  rc=0
  "$TLXV" skeleton "$T/cut.s" > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = 3 ] && head -n 1 "$T/err" | grep -q "inconclusive: matmul+0x[0-9a-f]* \`ds_read.*LDS DMA of this barrier interval may still be in flight" ||
    fail "$k: DMA in flight: exit $rc: $(head -n 2 "$T/err")"
done
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
# The mxfp4 matmuls: their two upcasts (the loop's and the epilogue's) make 64 bf16 per thread
# each, one f32 product apiece (v_mul_f32, or two per v_pk_mul_f32: at least 128 products);
# gfx942's e8m0 scales reach the values' threads through LDS (amdg.upcast_mxfp: 2 scale bytes
# per thread and upcast written, ds_write_b8), gfx950's are in the result's layout already.
# (Their LDS: the kernels' buffers and layout exchanges, on gfx942 with the 1024 bytes of the
# 256x4 scales' exchange, on gfx950 with the tt.trans / tt.reshape of the 128x128 bf16 scales.)
for g in gfx942:4 gfx950:0; do
  k=amd_tk_matmul_${g%:*}_bf16_mxf4_batched
  p=$(awk '/^v_pk_mul_f32 / { n += 2 } /^v_mul_f32/ { n++ } END { print n + 0 }' "$T/$k.s")
  [ "$p" -ge 128 ] || fail "$k: $p f32 products, want at least 128"
  [ "$(grep -c '^ds_write_b8 ' "$T/$k.s")" = "${g#*:}" ] || fail "$k: want ${g#*:} ds_write_b8 (the scales' exchange)"
done
echo "lower_amd_corpus: ok"
