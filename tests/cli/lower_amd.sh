#!/bin/sh
# lower_amd.sh: `tlx-verify lower --target gfx942|gfx950` writes an AMD code object (.hsaco) for
# the hand-written AMD kernels of tests/lowering/amd/, checked by disassembly (llvm-objdump-22)
# and by the code object's notes (llvm-readelf-22): the vector accesses, the waits and the
# barrier that order an LDS store before another wave's LDS load, the LDS size and the kernel
# arguments. Unsupported ops are refused at the op (exit 2), and so are NVIDIA-only outputs.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
OBJDUMP=${OBJDUMP:-/usr/lib/llvm-22/bin/llvm-objdump}
READELF=${READELF:-/usr/lib/llvm-22/bin/llvm-readelf}
A="$SRC/tests/lowering/amd"
# Instructions of the code object, one mnemonic and its operands a line.
disasm() { "$OBJDUMP" -d "$1" | sed -n 's|^\t\([a-z_0-9]*\)\( [^/]*\)\{0,1\}//.*|\1\2|p' | sed 's/ *$//'; }
note() { # file key: the value of a kernel note
  "$READELF" --notes "$1" | sed -n "s/^ *\\.$2: *//p" | head -n 1
}
for gfx in gfx942 gfx950; do
  # 1. Vector add: 16-byte global loads and stores (4 contiguous f32 per lane), wave64.
  "$TLXV" lower "$A/vadd.ttgir" --target $gfx -o "$T/vadd.hsaco" 2> "$T/err" || fail "vadd $gfx: $(cat "$T/err")"
  [ ! -s "$T/err" ] || fail "vadd $gfx printed on stderr: $(cat "$T/err")"
  disasm "$T/vadd.hsaco" > "$T/vadd.s"
  [ "$(grep -c '^global_load_dwordx4 ' "$T/vadd.s")" = 2 ] || fail "vadd $gfx: want 2 global_load_dwordx4: $(cat "$T/vadd.s")"
  [ "$(grep -c '^global_store_dwordx4 ' "$T/vadd.s")" = 1 ] || fail "vadd $gfx: want 1 global_store_dwordx4"
  grep -q '^s_and_saveexec_b64 ' "$T/vadd.s" || fail "vadd $gfx: the tail mask is not an exec mask"
  ! grep -q '^s_barrier' "$T/vadd.s" || fail "vadd $gfx: a barrier without LDS"
  "$READELF" --notes "$T/vadd.hsaco" | grep -q "amdhsa.target: *amdgcn-amd-amdhsa--$gfx\$" || fail "vadd: not a $gfx code object"
  [ "$(note "$T/vadd.hsaco" name)" = add_kernel ] || fail "vadd $gfx: kernel name"
  [ "$(note "$T/vadd.hsaco" kernarg_segment_size)" = 28 ] || fail "vadd $gfx: kernarg size (3 pointers, 1 i32)"
  [ "$(note "$T/vadd.hsaco" group_segment_fixed_size)" = 0 ] || fail "vadd $gfx: LDS used"
  [ "$(note "$T/vadd.hsaco" wavefront_size)" = 64 ] || fail "vadd $gfx: not wave64"
  [ "$(note "$T/vadd.hsaco" max_flat_workgroup_size)" = 256 ] || fail "vadd $gfx: workgroup size"
  # Buffer ops: 8-byte buffer loads and stores (4 f16 per lane) through buffer resources, the
  # masked-off lanes' offset replaced by 0x80000000 (out of the resource's range).
  "$TLXV" lower "$A/buffer_add.ttgir" --target $gfx -o "$T/badd.hsaco" 2> "$T/err" || fail "buffer_add $gfx: $(cat "$T/err")"
  disasm "$T/badd.hsaco" > "$T/badd.s"
  [ "$(grep -c '^buffer_load_dwordx2 .* offen$' "$T/badd.s")" = 2 ] || fail "buffer_add $gfx: want 2 buffer_load_dwordx2: $(cat "$T/badd.s")"
  [ "$(grep -c '^buffer_store_dwordx2 .* offen$' "$T/badd.s")" = 1 ] || fail "buffer_add $gfx: want 1 buffer_store_dwordx2"
  grep -q '^s_mov_b32 s[0-9]*, 0x7ffffffe$' "$T/badd.s" || fail "buffer_add $gfx: resource range"
  grep -q '^s_mov_b32 s[0-9]*, 0x27000$' "$T/badd.s" || fail "buffer_add $gfx: resource flags"
  grep -q '^v_bfrev_b32_e32 v[0-9]*, 1$' "$T/badd.s" || fail "buffer_add $gfx: no out-of-range offset for masked lanes"
  [ "$(note "$T/badd.hsaco" kernarg_segment_size)" = 28 ] || fail "buffer_add $gfx: kernarg size"
  # 2. LDS exchange: the global load is waited for (vmcnt) before its value is written to LDS;
  # between the last LDS write and the first LDS read (other waves' data) come
  # s_waitcnt lgkmcnt(0) (the write is complete) and then s_barrier (every wave's is).
  "$TLXV" lower "$A/lds_exchange.ttgir" --target $gfx -o "$T/lds.hsaco" 2> "$T/err" || fail "lds $gfx: $(cat "$T/err")"
  disasm "$T/lds.hsaco" > "$T/lds.s"
  awk '
    /^global_load/ { ld = NR }
    /^s_waitcnt .*vmcnt\(0\)/ { if (ld) vm = NR }
    /^ds_write/ { if (!vm) { print "ds_write before the global load is waited for"; bad = 1 } last_w = NR; lg = 0; bar = 0 }
    /^s_waitcnt .*lgkmcnt\(0\)/ { if (last_w && !bar) lg = NR }
    /^s_barrier/ { if (lg) bar = NR }
    /^ds_read/ && !seen { seen = 1; if (!last_w || !lg || !bar) { print "ds_read without lgkmcnt(0) + s_barrier after the ds_write"; bad = 1 } }
    END { if (!seen || !last_w) { print "no ds_write / ds_read"; bad = 1 } exit bad }' "$T/lds.s" > "$T/why" ||
    fail "lds $gfx: $(cat "$T/why"): $(cat "$T/lds.s")"
  [ "$(grep -c '^s_barrier' "$T/lds.s")" = 1 ] || fail "lds $gfx: want one s_barrier"
  [ "$(note "$T/lds.hsaco" group_segment_fixed_size)" = 4096 ] || fail "lds $gfx: LDS size (1024 f32)"
  [ "$(note "$T/lds.hsaco" kernarg_segment_size)" = 16 ] || fail "lds $gfx: kernarg size"
  # 3. LDS DMA: 2 commit groups of 4 global_load_lds_dword per lane; wait {num = 1} needs
  # vmcnt <= 4 and wait {num = 0} vmcnt(0), each followed by s_barrier before the ds_read.
  "$TLXV" lower "$A/lds_dma.ttgir" --target $gfx -o "$T/dma.hsaco" 2> "$T/err" || fail "dma $gfx: $(cat "$T/err")"
  disasm "$T/dma.hsaco" > "$T/dma.s"
  [ "$(grep -c '^global_load_lds_dword ' "$T/dma.s")" = 8 ] || fail "dma $gfx: want 8 global_load_lds_dword: $(cat "$T/dma.s")"
  awk '
    /^global_load_lds/ { issued++; vm = -1; bar = 0 }
    /^s_waitcnt .*vmcnt\(/ { match($0, /vmcnt\([0-9]+\)/); n = substr($0, RSTART + 6, RLENGTH - 7) + 0; vm = n; bar = 0 }
    /^s_barrier/ { if (vm >= 0) bar = 1 }
    /^ds_read/ { reads++
      want = reads == 1 ? 4 : 0
      if (vm < 0 || vm > want || !bar) { printf "ds_read %d: vmcnt %d (want <= %d) and barrier %d\n", reads, vm, want, bar; bad = 1 } }
    END { if (reads != 2 || issued != 8) { print "want 8 copies and 2 reads"; bad = 1 } exit bad }' "$T/dma.s" > "$T/why" ||
    fail "dma $gfx: $(cat "$T/why"): $(cat "$T/dma.s")"
  [ "$(note "$T/dma.hsaco" group_segment_fixed_size)" = 8192 ] || fail "dma $gfx: LDS size (2 x 1024 f32)"
  # The waits the lowering computes (LLVM may only add to them): vmcnt(4), then vmcnt(0),
  # expcnt and lgkmcnt left at their maximum (gfx9 s_waitcnt encoding).
  "$TLXV" lower "$A/lds_dma.ttgir" --target $gfx --emit mlir -o "$T/dma.mlir"
  [ "$(grep -o 'rocdl.s.waitcnt [0-9]*' "$T/dma.mlir" | tr '\n' ' ')" = "rocdl.s.waitcnt 16372 rocdl.s.waitcnt 16368 " ] ||
    fail "dma $gfx: waits $(grep -o 'rocdl.s.waitcnt [0-9]*' "$T/dma.mlir" | tr '\n' ' ')"
  # 4. Buffer loads to LDS under a tail mask: 4 `buffer_load_dword ... lds` per lane, masked-off
  # lanes at offset 0x80000000 (zero fill); vmcnt(0) and s_barrier before the ds_read.
  "$TLXV" lower "$A/buffer_dma.ttgir" --target $gfx -o "$T/bdma.hsaco" 2> "$T/err" || fail "buffer_dma $gfx: $(cat "$T/err")"
  disasm "$T/bdma.hsaco" > "$T/bdma.s"
  [ "$(grep -c '^buffer_load_dword .* offen lds$' "$T/bdma.s")" = 4 ] || fail "buffer_dma $gfx: want 4 buffer_load_dword lds: $(cat "$T/bdma.s")"
  grep -q '^v_bfrev_b32_e32 v[0-9]*, 1$' "$T/bdma.s" || fail "buffer_dma $gfx: no out-of-range offset for masked lanes"
  awk '/lds$/ { vm = -1; bar = 0 } /^s_waitcnt .*vmcnt\(0\)/ { vm = 0 } /^s_barrier/ { if (vm == 0) bar = 1 }
       /^ds_read/ && !seen { seen = 1; if (!bar) bad = 1 } END { exit bad || !seen }' "$T/bdma.s" ||
    fail "buffer_dma $gfx: ds_read without vmcnt(0) + s_barrier: $(cat "$T/bdma.s")"
done
# LDS DMA into a swizzled layout (gfx942): each lane fetches the element that belongs at
# M0 + 4 * lane: 4 global_load_lds_dword, the two halves of each pointer read from the lane
# that owns it (8 ds_bpermute_b32); the skeleton verifies. A layout whose wave does not fill
# one block of 256 bytes (lanes down the rows) is refused at the copy.
"$TLXV" lower "$A/lds_dma_swizzled.ttgir" --target gfx942 -o "$T/swz.hsaco" 2> "$T/err" || fail "swizzled dma: $(cat "$T/err")"
disasm "$T/swz.hsaco" > "$T/swz.s"
[ "$(grep -c '^global_load_lds_dword ' "$T/swz.s")" = 4 ] || fail "swizzled dma: want 4 global_load_lds_dword"
[ "$(grep -c '^ds_bpermute_b32 ' "$T/swz.s")" = 8 ] || fail "swizzled dma: want 8 ds_bpermute_b32"
"$TLXV" skeleton "$T/swz.hsaco" | grep -q verified || fail "swizzled dma: skeleton"
sed 's|#blocked = #ttg.blocked<{sizePerThread = \[1, 2\], threadsPerWarp = \[2, 32\], warpsPerCTA = \[4, 1\]|#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 2], warpsPerCTA = [1, 4]|' \
  "$A/lds_dma_swizzled.ttgir" > "$T/swz_rows.ttgir"
grep -q 'threadsPerWarp = \[32, 2\]' "$T/swz_rows.ttgir" || fail "the layout edit did not apply"
input_error lower "^swz.py:17:4: error: lowering: this async copy's layouts do not give each lane 4 consecutive bytes at that many times the lane in one block of LDS" \
  "$T/swz_rows.ttgir" --target gfx942 -o "$T/x"
# Offsets taken modulo an argument (`(pid * BLOCK + arange) % M`, lowering/lw_axis.c): runs
# of 4 stay runs when M is a multiple of 16 (dwordx4 loads), not without its divisibility.
sed 's|%n: i32 {tt.divisibility = 16 : i32}|&, %m: i32 {tt.divisibility = 16 : i32}|; s|%offs = arith.addi %s, %range|%o0 = arith.addi %s, %range : tensor<1024xi32, #blocked>\n    %ms = tt.splat %m : i32 -> tensor<1024xi32, #blocked>\n    %offs = arith.remsi %o0, %ms|' \
  "$A/vadd.ttgir" > "$T/rem.ttgir"
sed 's|%m: i32 {tt.divisibility = 16 : i32}|%m: i32|' "$T/rem.ttgir" > "$T/rem1.ttgir"
grep -q 'remsi' "$T/rem.ttgir" && ! grep -q '%m: i32 {' "$T/rem1.ttgir" || fail "the remsi edit did not apply"
for f in rem:global_load_dwordx4:2 rem1:global_load_dword:8; do
  "$TLXV" lower "$T/${f%%:*}.ttgir" --target gfx942 -o "$T/rem.hsaco" 2> "$T/err" || fail "${f%%:*}: $(cat "$T/err")"
  w=${f#*:}
  [ "$(disasm "$T/rem.hsaco" | grep -c "^${w%:*} ")" = "${w#*:}" ] || fail "${f%%:*}: want ${w#*:} ${w%:*}"
done
# amdg.async_wait {num_inst} is vmcnt(num_inst) as it stands.
sed 's|%w = ttg.async_wait %g {num = 0 : i32}|%w = amdg.async_wait %g {num_inst = 2 : i32}|' "$A/buffer_dma.ttgir" > "$T/aw.ttgir"
"$TLXV" lower "$T/aw.ttgir" --target gfx942 --emit mlir -o "$T/aw.mlir"
[ "$(grep -o 'rocdl.s.waitcnt [0-9]*' "$T/aw.mlir")" = "rocdl.s.waitcnt 16370" ] || fail "amdg.async_wait: $(grep -o 'rocdl.s.waitcnt [0-9]*' "$T/aw.mlir")"
# The LLVM IR is an AMDGPU kernel; the MLIR uses the ROCDL dialect.
"$TLXV" lower "$A/vadd.ttgir" --target gfx950 --emit llvm -o "$T/k.ll"
grep -q '^define amdgpu_kernel void @add_kernel(' "$T/k.ll" || fail "--emit llvm: no amdgpu_kernel"
grep -q '"amdgpu-flat-work-group-size"="256,256"' "$T/k.ll" || fail "--emit llvm: no workgroup size"
"$TLXV" lower "$A/vadd.ttgir" --target gfx942 --emit mlir -o "$T/k.mlir"
grep -q 'rocdl.workitem.id.x' "$T/k.mlir" || fail "--emit mlir: no rocdl.workitem.id.x"
grep -q 'rocdl.kernel' "$T/k.mlir" || fail "--emit mlir: no rocdl.kernel"
# amdg.cond_barrier: s_barrier behind a branch on the predicate (no fence, no waits); an
# llvm.intr.assume is a hint and lowers to nothing.
cat > "$T/cb.ttgir" <<'K'
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @cb(%p: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pid = tt.get_program_id x : i32
    %odd = arith.andi %pid, %c1 : i32
    %hi = arith.cmpi eq, %odd, %c1 : i32
    %nn = arith.cmpi sge, %pid, %c0 : i32
    llvm.intr.assume %nn : i1
    amdg.cond_barrier %hi loc("cb.py":7:5)
    tt.store %p, %pid : !tt.ptr<i32>
    tt.return
  }
}
K
"$TLXV" lower "$T/cb.ttgir" --target gfx942 -o "$T/cb.hsaco" 2> "$T/err" || fail "cond_barrier: $(cat "$T/err")"
disasm "$T/cb.hsaco" > "$T/cb.s"
awk '/^s_cbranch/ { br = NR } /^s_barrier/ { n++; if (!br) bad = 1 } /^s_waitcnt/ { if (br && !n) w = 1 }
     END { exit (n != 1 || bad || w) }' "$T/cb.s" || fail "cond_barrier: want one s_barrier behind a branch, no wait: $(cat "$T/cb.s")"
# Refusals, exit 2: an op with no AMD lowering yet (at the op), NVIDIA outputs and kernels.
cat > "$T/red.ttgir" <<'K'
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @k(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked> loc("k.py":3:5)
    %f = arith.sitofp %r : tensor<256xi32, #blocked> to tensor<256xf32, #blocked> loc("k.py":4:5)
    %s = "tt.reduce"(%f) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.addf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<256xf32, #blocked>) -> f32 loc("k.py":5:9)
    tt.store %p, %s : !tt.ptr<f32> loc("k.py":6:5)
    tt.return
  }
}
K
# tt.reduce over 64 lanes and 4 waves: six butterfly steps through ds_bpermute_b32 (lane l
# reads lane l ^ 2^k), then the waves' partial sums through LDS between two barriers.
"$TLXV" lower "$T/red.ttgir" --target gfx942 -o "$T/red.hsaco" 2> "$T/err" || fail "reduce: $(cat "$T/err")"
disasm "$T/red.hsaco" > "$T/red.s"
[ "$(grep -c '^ds_bpermute_b32 ' "$T/red.s")" = 6 ] || fail "reduce: want 6 ds_bpermute_b32: $(cat "$T/red.s")"
[ "$(grep -c '^s_barrier' "$T/red.s")" -ge 1 ] || fail "reduce: no barrier before the cross-wave step"
# An op with no AMD lowering yet is refused at the op.
sed 's|%m = arith.addf %a, %b : f32|%t = math.tanh %a : f32 loc("k.py":7:11)\n      %m = arith.addf %t, %b : f32|' "$T/red.ttgir" > "$T/tanh.ttgir"
input_error lower "^k.py:7:11: error: lowering: op 'math.tanh' is not supported for gfx942$" "$T/tanh.ttgir" --target gfx942 -o "$T/x"
[ ! -e "$T/x" ] || fail "an output file was written after an error"
sed 's|%ap, %abuf :|%ap, %abuf mask %m :|; s|^    %abuf = |    %c9 = arith.constant dense<9> : tensor<1024xi32, #blocked1>\n    %m = arith.cmpi slt, %r1, %c9 : tensor<1024xi32, #blocked1>\n    %abuf = |' \
  "$A/lds_dma.ttgir" > "$T/masked.ttgir"
input_error lower "^dma.py:15:4: error: lowering: a masked async copy is not supported for gfx950 yet" "$T/masked.ttgir" --target gfx950 -o "$T/x"
sed 's/"ttg.threads-per-warp" = 64/"ttg.threads-per-warp" = 32/' "$T/cb.ttgir" > "$T/cb32.ttgir"
input_error lower "^cb.py:7:5: error: lowering: op 'amdg.cond_barrier' is not supported for sm_90a" \
  "$T/cb32.ttgir" --target sm_90a -o "$T/x"
# LDS past the workgroup's: 80 KiB is refused on gfx942 (64 KiB) and lowered on gfx950 (160 KiB).
sed 's|    %buf = ttg.local_alloc : () -> !ttg.memdesc<1024xf32, #shared, #smem, mutable> loc("lds.py":12:10)|&\n    %big = ttg.local_alloc : () -> !ttg.memdesc<19456xf32, #shared, #smem, mutable> loc("lds.py":12:30)\n    ttg.local_store %x, %big : tensor<1024xf32, #blocked> -> !ttg.memdesc<19456xf32, #shared, #smem, mutable> loc("lds.py":12:40)|' \
  "$A/lds_exchange.ttgir" > "$T/big.ttgir"
grep -q '%big' "$T/big.ttgir" || fail "the LDS edit did not apply"
input_error lower "error: lowering: the kernel needs 81920 bytes of LDS, more than the 65536 a gfx942 workgroup can have" \
  "$T/big.ttgir" --target gfx942 -o "$T/x"
"$TLXV" lower "$T/big.ttgir" --target gfx950 -o "$T/big.hsaco" || fail "80 KiB of LDS on gfx950"
[ "$(note "$T/big.hsaco" group_segment_fixed_size)" = 81920 ] || fail "gfx950 LDS size $(note "$T/big.hsaco" group_segment_fixed_size)"
# The liveness-based plan (lowering/lw_plan_live.c): two layout exchanges after the
# allocation's last read take its 4 KiB (LDS 4096), with or without its local_dealloc; with one
# more read of the allocation after them they sit beside it (8192). The skeleton verifies the
# sharing, and finds the race when the barrier that starts the first exchange (between the
# allocation's reads and the scratch's writes) is cut out.
sed 's|^    %r1 = |    ttg.local_dealloc %buf : !ttg.memdesc<1024xf32, #shared, #smem, mutable> loc("lds.py":14:30)\n    %z = ttg.convert_layout %y : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked> loc("lds.py":14:40)\n    %zz = ttg.convert_layout %z : tensor<1024xf32, #blocked> -> tensor<1024xf32, #blocked1> loc("lds.py":14:50)\n    %r1 = |; s|tt.store %op, %y|tt.store %op, %zz|' \
  "$A/lds_exchange.ttgir" > "$T/reuse.ttgir"
grep -v local_dealloc "$T/reuse.ttgir" > "$T/nodealloc.ttgir"
sed 's|^    %r1 = |    %late = ttg.local_load %buf : !ttg.memdesc<1024xf32, #shared, #smem, mutable> -> tensor<1024xf32, #blocked1> loc("lds.py":14:60)\n    %sum = arith.addf %zz, %late : tensor<1024xf32, #blocked1> loc("lds.py":14:70)\n&|; s|tt.store %op, %zz|tt.store %op, %sum|' \
  "$T/nodealloc.ttgir" > "$T/noreuse.ttgir"
grep -q '%late' "$T/noreuse.ttgir" || fail "the late-read edit did not apply"
for f in reuse:4096 nodealloc:4096 noreuse:8192; do
  "$TLXV" lower "$T/${f%:*}.ttgir" --target gfx942 -o "$T/${f%:*}.hsaco" 2> "$T/err" || fail "${f%:*}: $(cat "$T/err")"
  [ "$(note "$T/${f%:*}.hsaco" group_segment_fixed_size)" = "${f#*:}" ] ||
    fail "${f%:*}: LDS $(note "$T/${f%:*}.hsaco" group_segment_fixed_size), want ${f#*:}"
  "$TLXV" skeleton "$T/${f%:*}.hsaco" | grep -q verified || fail "${f%:*}: skeleton"
done
"$OBJDUMP" -d "$T/reuse.hsaco" > "$T/reuse.s"
w=$(grep -n '^	ds_write2st64' "$T/reuse.s" | sed -n 1p | cut -d: -f1)
b=$(head -n "$w" "$T/reuse.s" | grep -n '^	s_barrier' | tail -n 1 | cut -d: -f1)
[ "$(head -n "$b" "$T/reuse.s" | grep -c '^	ds_read2st64')" = 2 ] || fail "reuse: the barrier of line $b is not after the allocation's reads"
sed "${b}d" "$T/reuse.s" > "$T/cut.s"
rc=0
"$TLXV" skeleton "$T/cut.s" > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 1 ] && head -n 1 "$T/err" | grep -q "error: race: lds_exchange+0x[0-9a-f]* \`ds_write2st64.*write after read" ||
  fail "reuse without its barrier: exit $rc: $(head -n 3 "$T/err")"
# Lifetimes across a loop (tests/lowering/amd/lds_live.ttgir): an allocation read in the loop
# lives over all of it (8192); read before the loop, it shares with the body's allocation and
# exchange (4096). Both verify in the skeleton.
sed 's|^    %acc = scf.for|    %u = ttg.local_load %a : !ttg.memdesc<1024xf32, #shared, #smem> -> tensor<1024xf32, #blocked1> loc("live.py":12:40)\n&|; /^      %u = /d' \
  "$A/lds_live.ttgir" > "$T/early.ttgir"
for f in "$A/lds_live.ttgir":8192 "$T/early.ttgir":4096; do
  "$TLXV" lower "${f%:*}" --target gfx942 -o "$T/live.hsaco" 2> "$T/err" || fail "${f%:*}: $(cat "$T/err")"
  [ "$(note "$T/live.hsaco" group_segment_fixed_size)" = "${f#*:}" ] ||
    fail "${f%:*}: LDS $(note "$T/live.hsaco" group_segment_fixed_size), want ${f#*:}"
  "$TLXV" skeleton "$T/live.hsaco" | grep -q verified || fail "${f%:*}: skeleton"
done
# 16 i8 per lane (tests/lowering/amd/buffer_i8.ttgir): one dword-typed buffer load
# (buffer_load_dwordx4; a vector<16xi8> load aborted LLVM 22's instruction selection), the bf16
# results stored 8 at a time.
for gfx in gfx942 gfx950; do
  "$TLXV" lower "$A/buffer_i8.ttgir" --target $gfx -o "$T/bi8.hsaco" 2> "$T/err" || fail "buffer_i8 $gfx: $(cat "$T/err")"
  disasm "$T/bi8.hsaco" > "$T/bi8.s"
  [ "$(grep -c '^buffer_load_dwordx4 ' "$T/bi8.s")" = 1 ] || fail "buffer_i8 $gfx: want 1 buffer_load_dwordx4: $(cat "$T/bi8.s")"
  [ "$(grep -c '^buffer_store_dwordx4 ' "$T/bi8.s")" = 2 ] || fail "buffer_i8 $gfx: want 2 buffer_store_dwordx4"
  "$TLXV" skeleton "$T/bi8.hsaco" | grep -q verified || fail "buffer_i8 $gfx: skeleton"
done
# tt.scan / tt.join / tt.split (tests/lowering/amd/scan_join.ttgir): three scans over 1024
# elements whose axis bits come from registers, 64 lanes (ds_bpermute_b32 butterflies) and 4
# waves (block totals through LDS: per wave bit, s_barrier + writes, s_barrier + reads: 2 x 2 x 3
# = 12 barriers, LDS 1024 x 8 bytes); join / split are register moves (no more LDS, no
# barrier). The skeleton verifies it, and finds the race when either barrier of the first wave
# step is cut out (read after write, then write after read at the second step).
for gfx in gfx942 gfx950; do
  "$TLXV" lower "$A/scan_join.ttgir" --target $gfx -o "$T/sj.hsaco" 2> "$T/err" || fail "scan_join $gfx: $(cat "$T/err")"
  disasm "$T/sj.hsaco" > "$T/sj.s"
  [ "$(grep -c '^ds_bpermute_b32 ' "$T/sj.s")" -ge 12 ] || fail "scan_join $gfx: want ds_bpermute_b32 butterflies: $(grep -c '^ds_bpermute_b32 ' "$T/sj.s")"
  [ "$(grep -c '^s_barrier' "$T/sj.s")" = 12 ] || fail "scan_join $gfx: want 12 s_barrier, got $(grep -c '^s_barrier' "$T/sj.s")"
  [ "$(note "$T/sj.hsaco" group_segment_fixed_size)" = 8192 ] || fail "scan_join $gfx: LDS $(note "$T/sj.hsaco" group_segment_fixed_size)"
  "$TLXV" skeleton "$T/sj.hsaco" | grep -q verified || fail "scan_join $gfx: skeleton"
done
"$OBJDUMP" -d "$T/sj.hsaco" > "$T/sj.s"
w=$(grep -n '^	ds_write' "$T/sj.s" | sed -n 1p | cut -d: -f1)
b1=$(tail -n "+$w" "$T/sj.s" | grep -n '^	s_barrier' | sed -n 1p | cut -d: -f1)
b1=$((w + b1 - 1))
b2=$(tail -n "+$b1" "$T/sj.s" | grep -n '^	s_barrier' | sed -n 2p | cut -d: -f1)
b2=$((b1 + b2 - 1))
for cut in "$b1:read after write|reads LDS in the same barrier interval as an LDS write" "$b2:write after read"; do
  sed "${cut%%:*}d" "$T/sj.s" > "$T/cut.s"
  rc=0
  "$TLXV" skeleton "$T/cut.s" > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = 1 ] && head -n 1 "$T/err" | grep -Eq "error: race: scan_join\+0x[0-9a-f]* .*(${cut#*:})" ||
    fail "scan_join without the barrier of line ${cut%%:*}: exit $rc: $(head -n 3 "$T/err")"
done
# A warp pipeline (its barriers come from ConvertWarpPipeline at LLVM lowering): refused, not
# lowered without them.
cat > "$T/wp.ttgir" <<'K'
module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @k(%p: !tt.ptr<f32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %v = arith.constant 1.0 : f32
    scf.for %i = %c0 to %n step %c1 : i32 {
      tt.store %p, %v : !tt.ptr<f32>
      rocdl.sched.barrier 0 {triton.warp_pipeline.border = "s0"} loc("wp.py":8:5)
      tt.store %p, %v : !tt.ptr<f32>
    }
    tt.return
  }
}
K
input_error lower "^wp.py:8:5: error: lowering: warp pipelines are not lowered yet" "$T/wp.ttgir" --target gfx950 -o "$T/x"
input_error lower "--emit ptx is for the NVIDIA targets" "$A/vadd.ttgir" --target gfx942 --emit ptx -o "$T/x"
input_error lower "--emit hsaco is for the AMD targets" "$A/vadd.ttgir" --target sm_90a --emit hsaco -o "$T/x"
input_error lower "error: lowering: the kernel was compiled for 32 threads per warp, gfx950 has 64" \
  "$SRC/tests/corpus/gluon/ws_add.bug0.ttgir" --target gfx950 -o "$T/x"
input_error lower "error: lowering: the kernel was compiled for 64 threads per warp, sm_90a has 32" \
  "$A/vadd.ttgir" --target sm_90a -o "$T/x"
# A dot whose operand layouts the MFMA instruction cannot take (B's kWidth changed): refused
# at the dot with the reason (the corpus kernels themselves: lower_amd_corpus.sh).
sed '/%accumulator_98 = tt.dot/ s|tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>|tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<32x32xf32, #mma>|' \
  "$SRC/tests/cli/inputs/amd_t03_matmul_gfx942.ok.ttgir" > "$T/kw.ttgir"
sed -i 's|%b_97 = ttg.local_load %b_82 : !ttg.memdesc<64x32xf16, #shared1, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>|%b_97 = ttg.local_load %b_82 : !ttg.memdesc<64x32xf16, #shared1, #smem, mutable> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>|' "$T/kw.ttgir"
grep -q 'kWidth = 8' "$T/kw.ttgir" || fail "the kWidth edit did not apply"
input_error lower "^03-matrix-multiplication.py:[0-9]*:[0-9]*: error: lowering: tt.dot: A and B hold different K offsets" \
  "$T/kw.ttgir" --target gfx942 -o "$T/x"
# fp4 upcasts (lowering/lw_upcast.c): 32x64 bytes of packed e2m1 to 64x64 bf16 over 4 waves, 16
# f32 products per thread (v_mul_f32, or two per v_pk_mul_f32). amdg.upcast_mxfp
# (tests/lowering/amd/upcast_mxfp.ttgir): its e8m0 scales (64x2 bytes, one per thread) go to the
# values' threads through LDS (one ds_write_b8), and without fastMath a scale of 0xFF gives the
# bf16 NaN 0x7FFF (a compare per scale register). amdg.scaled_upcast_fp4
# (tests/lowering/amd/scaled_upcast_fp4.ttgir): bf16 scales in the result's layout, registers
# only. LDS: the kernels' own layout conversions (64x64 bf16). The skeleton verifies both.
for k in upcast_mxfp:1:0x7fff scaled_upcast_fp4:0:-; do
  f=${k%%:*}
  for gfx in gfx942 gfx950; do
    "$TLXV" lower "$A/$f.ttgir" --target $gfx -o "$T/up.hsaco" 2> "$T/err" || fail "$f $gfx: $(cat "$T/err")"
    disasm "$T/up.hsaco" > "$T/up.s"
    p=$(awk '/^v_pk_mul_f32 / { n += 2 } /^v_mul_f32/ { n++ } END { print n + 0 }' "$T/up.s")
    [ "$p" = 16 ] || fail "$f $gfx: $p f32 products, want 16"
    b=${k#*:}
    [ "$(grep -c '^ds_write_b8 ' "$T/up.s")" = "${b%:*}" ] || fail "$f $gfx: want ${b%:*} ds_write_b8 (the scales' exchange)"
    if [ "${k##*:}" = - ]; then
      ! grep -q '^v_cmp_eq_u16' "$T/up.s" || fail "$f $gfx: a NaN test without an e8m0 scale"
    else
      grep -q "^v_mov_b32_e32 v[0-9]*, ${k##*:}\$" "$T/up.s" && [ "$(grep -c '^v_cmp_eq_u16' "$T/up.s")" = 2 ] ||
        fail "$f $gfx: want the NaN ${k##*:} and 2 scale tests"
    fi
    [ "$(note "$T/up.hsaco" group_segment_fixed_size)" = 8192 ] || fail "$f $gfx: LDS $(note "$T/up.hsaco" group_segment_fixed_size)"
    "$TLXV" skeleton "$T/up.hsaco" | grep -q verified || fail "$f $gfx: skeleton"
  done
done
echo "lower_amd: ok"
