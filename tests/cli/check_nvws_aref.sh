#!/bin/sh
# check_nvws_aref.sh: the nvws aref ops (docs/nvws.md). The lit form of
# facebookexperimental/triton test/NVWS/lower_aref.mlir (@two_consumers: stripped !nvws.aref
# type, explicit [stage, phase], ttg.partition) parses and prints as a fixpoint, and the full
# !nvws.aref<...> form (test/NVWS/ops.mlir @aref_put) reads back stripped; forms NVWSLowerAref does
# not lower exactly so are refused at the op (exit 2, FILE:LINE:COL: error:); an enter that
# AssignStagePhase does not reach runs with its own stage and phase; combineArefs merges the arefs
# whose get.enters share a consumer in a tt.warp_specialize loop (section 5); NVWS tokens
# (section 6); nvws.warp_group (section 7).
set -u
: "${TLXV:?set TLXV to the tlx-verify binary}" "${SRC:?set SRC to the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
HDR='#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {'
R='!ttg.memdesc<3x1xi32, #shared, #smem, mutable>'
V='!ttg.memdesc<1xi32, #shared, #smem, mutable, 3x1>'
# 1. lit form (provenance: test/NVWS/lower_aref.mlir @two_consumers, op_a/op_b replaced by a
# constant and nothing): a producer partition 0 and a consumer partition 1, stage counters
cat > "$T/lit.mlir" <<EOT
$HDR
  tt.func @two_consumers(%arg0: i32, %arg1: i32, %arg2: i32) {
    %c0_i32 = arith.constant 0 : i32
    %v = arith.constant dense<1> : tensor<1xi32, #blocked>
    %0 = ttg.local_alloc : () -> $R
    %1 = nvws.aref.create %0 : <[$R]>
    scf.for %arg3 = %arg0 to %arg1 step %arg2 : i32 {
      %buffers, %token = nvws.aref.put.enter %1[%c0_i32, %c0_i32] {ttg.partition = array<i32: 0>} : <[$R]> -> $V, !ttg.async.token
      ttg.local_store %v, %buffers {ttg.partition = array<i32: 0>} : tensor<1xi32, #blocked> -> $V
      nvws.aref.put.exit %1[%c0_i32], %token [#nvws.async_op<none>] {ttg.partition = array<i32: 0>} : <[$R]>, !ttg.async.token
      %buffers_0, %token_1 = nvws.aref.get.enter %1[%c0_i32, %c0_i32] {ttg.partition = array<i32: 1>} : <[$R]> -> $V, !ttg.async.token
      %14 = ttg.local_load %buffers_0 {ttg.partition = array<i32: 1>} : $V -> tensor<1xi32, #blocked>
      nvws.aref.get.exit %1[%c0_i32], %token_1 [#nvws.async_op<none>] {ttg.partition = array<i32: 1>} : <[$R]>, !ttg.async.token
    } {ttg.partition = array<i32: 0, 1>, ttg.partition.stages = [0 : i32, 2 : i32], ttg.warp_specialize.tag = 0 : i32}
    ttg.local_dealloc %0 : $R
    tt.return
  }
}
EOT
"$TLXV" parse "$T/lit.mlir" > "$T/p1" || fail "lit form does not parse"
"$TLXV" parse "$T/p1" > "$T/p2" || fail "printed lit form does not parse"
cmp -s "$T/p1" "$T/p2" || fail "printing the lit form is not a fixpoint"
grep -q 'nvws.aref.put.exit %1\[%c0_i32\], %token \[#nvws.async_op<none>\] {ttg.partition = array<i32: 0>} : <\[' "$T/p1" ||
  fail "put.exit not printed in its ODS form: $(grep put.exit "$T/p1")"
# the counters, not the constant [0, 0] operands, give stage and phase (AssignStagePhase
# overwrites them): eight rounds through a three-slot ring verify
"$TLXV" check "$T/lit.mlir" --arg arg0=0 --arg arg1=8 --arg arg2=1 > "$T/o" 2>&1 || fail "lit form: $(cat "$T/o")"
grep -q 'verified' "$T/o" || fail "lit form not verified: $(cat "$T/o")"
# full type form (test/NVWS/ops.mlir @aref_put) reads back stripped
sed 's/nvws.aref.create %0 : <\[/nvws.aref.create %0 : !nvws.aref<[/' "$T/lit.mlir" > "$T/full.mlir"
grep -q '!nvws.aref<' "$T/full.mlir" || fail "could not make the full form"
"$TLXV" parse "$T/full.mlir" | grep -q 'nvws.aref.create %0 : <\[' || fail "full !nvws.aref form not read"

# the loop's ttg.partition annotations are not split into warp groups (PartitionLoops runs
# later): "verified" is for their program order only, and says so
grep -q 'verified for the partitions annotated by ttg.partition / async_task_id in program order' "$T/o" ||
  fail "lit form: verdict does not limit itself to program order: $(cat "$T/o")"

# 2. a tma_load put.exit whose producer stores with local_store: lowerTMALoad finds no
# nvws.descriptor_load, so nothing arrives on the full barrier (the tma_load kind arrives
# nothing, insertArriveBarrier): the consumer's get.enter waits forever, as the lowered kernel
sed 's/%token \[#nvws.async_op<none>\]/%token [#nvws.async_op<tma_load>]/' "$T/lit.mlir" > "$T/tma.mlir"
rc=0; "$TLXV" check "$T/tma.mlir" --arg arg0=0 --arg arg1=8 --arg arg2=1 > "$T/o" 2>&1 || rc=$?
line=$(grep -n 'nvws.aref.get.enter' "$T/tma.mlir" | cut -d: -f1)
[ "$rc" = 1 ] && grep -q "tma.mlir:$line:[0-9]*: error: deadlock" "$T/o" || fail "tma_load without loads: exit $rc: $(cat "$T/o")"
# an nvws.descriptor_load whose buffer is not a put.enter's (no lowering reaches it): refused
awk -v R="$R" '/tt.func @two_consumers/ { sub(/%arg2: i32\)/, "%arg2: i32, %d: !tt.tensordesc<tensor<1xi32, #shared>>, %d_0: i32, %d_1: i64)") }
  /ttg.local_dealloc %0/ { print "    nvws.descriptor_load %d[%c0_i32] 4 %0 : !tt.tensordesc<tensor<1xi32, #shared>>, i32, " R }
  { print }' "$T/lit.mlir" > "$T/stray.mlir"
rc=0; "$TLXV" check "$T/stray.mlir" --arg arg0=0 --arg arg1=8 --arg arg2=1 > "$T/o" 2>&1 || rc=$?
line=$(grep -n 'nvws.descriptor_load' "$T/stray.mlir" | cut -d: -f1)
[ "$rc" = 2 ] && grep -q "stray.mlir:$line:[0-9]*: error: nvws.descriptor_load: it does not write a buffer of an nvws.aref.put.enter" "$T/o" ||
  fail "stray descriptor_load: exit $rc: $(cat "$T/o")"

# 3. TMA-fed aref (tests/checkers/aref-tma.ok): multiBufferAref gives it NVWS_STAGES = 3 slots
# and one expect of the summed txCount per put.enter
"$TLXV" check "$SRC/tests/checkers/aref-tma.ok.ttgir" --graph-out "$T/g.dot" > "$T/o" 2>&1 || fail "aref-tma.ok: $(cat "$T/o")"
grep -q 'aref_full\[2\]' "$T/g.dot" || fail "aref-tma.ok: no third slot (multiBufferAref)"
grep -q 'expect aref_full\[0\] 24576 B' "$T/g.dot" || fail "aref-tma.ok: no expect of 24576 bytes"

# 4. an enter AssignStagePhase does not reach (in a warp_specialize default region): with
# [stage, phase] it runs with them (phase 0 on a fresh empty barrier: waits forever), without
# them it is refused
cat > "$T/ws.mlir" <<EOT
$HDR
  tt.func @unreached() {
    %c0_i32 = arith.constant 0 : i32
    %0 = ttg.local_alloc : () -> $R
    %1 = nvws.aref.create %0 : <[$R]>
    ttg.warp_specialize()
    default {
      %buffers, %token = nvws.aref.put.enter %1[%c0_i32, %c0_i32] : <[$R]> -> $V, !ttg.async.token
      nvws.aref.put.exit %1[%c0_i32], %token [#nvws.async_op<none>] : <[$R]>, !ttg.async.token
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
EOT
rc=0; "$TLXV" check "$T/ws.mlir" > "$T/o" 2>&1 || rc=$?
line=$(grep -n 'nvws.aref.put.enter' "$T/ws.mlir" | cut -d: -f1)
[ "$rc" = 1 ] && grep -q "ws.mlir:$line:[0-9]*: error: deadlock" "$T/o" || fail "explicit stage/phase: exit $rc: $(cat "$T/o")"
sed 's/put.enter %1\[%c0_i32, %c0_i32\]/put.enter %1/' "$T/ws.mlir" > "$T/ws2.mlir"
rc=0; "$TLXV" check "$T/ws2.mlir" > "$T/o" 2>&1 || rc=$?
[ "$rc" = 2 ] && grep -q "ws2.mlir:$line:[0-9]*: error: nvws.aref.put.enter: an enter AssignStagePhase does not reach" "$T/o" ||
  fail "unreached enter without stage: exit $rc: $(cat "$T/o")"
# 5. combineArefs (tests/checkers/aref-combine.ok): two arefs whose get.enters of partition 1
# feed one MMA in a tt.warp_specialize loop become one aref: one wait on empty at A's put.enter
# (checkers.py:30), one expect of both loads' bytes, one wait on full right before B's put.exit
# (checkers.py:36: the combined get.enter), none at the members' get.enters (33, 37), one
# fence and arrive at the last get.exit (43)
K="$SRC/tests/checkers/aref-combine.ok.ttgir"
"$TLXV" check "$K" --graph-out "$T/c.dot" > "$T/o" 2>&1 || fail "aref-combine.ok: $(cat "$T/o")"
grep -q 'expect aref_full\[0\] 24576 B' "$T/c.dot" || fail "aref-combine.ok: no combined expect of 24576 bytes"
grep -q 'wait</B> aref_full\[0\] parity 0</TD><TD ALIGN="RIGHT"><FONT COLOR="#777777" POINT-SIZE="8"> checkers.py:36<' "$T/c.dot" ||
  fail "aref-combine.ok: the combined get.enter does not wait at the last put.exit"
grep -q 'wait</B> aref_empty\[0\] parity 1 (fresh barrier: passes)</TD><TD ALIGN="RIGHT"><FONT COLOR="#777777" POINT-SIZE="8"> checkers.py:30<' "$T/c.dot" ||
  fail "aref-combine.ok: the combined put.enter does not wait at the first put.enter"
grep -Eq 'wait</B> aref_[a-z]*\[[0-9]\][^<]*</TD><TD ALIGN="RIGHT"><FONT COLOR="#777777" POINT-SIZE="8"> checkers.py:3[347]<' "$T/c.dot" &&
  fail "aref-combine.ok: a member enter still waits"
# producers in different partitions: the pass leaves the arefs alone (two expects, 16384 and 8192)
sed 's/%pb, %ptb = nvws.aref.put.enter %arb {ttg.partition = array<i32: 2>}/%pb, %ptb = nvws.aref.put.enter %arb {ttg.partition = array<i32: 0>}/' "$K" > "$T/mixed.ttgir"
grep -q 'put.enter %arb {ttg.partition = array<i32: 0>}' "$T/mixed.ttgir" || fail "could not make the mixed-producer form"
"$TLXV" check "$T/mixed.ttgir" --graph-out "$T/m.dot" > "$T/o" 2>&1 || fail "mixed producers: $(cat "$T/o")"
grep -q 'expect aref_full\[0\] 16384 B' "$T/m.dot" && grep -q 'expect aref_full\[0\] 8192 B' "$T/m.dot" ||
  fail "mixed producers: the arefs were combined"
# a user of A's get.enter before B's put.exit: the pass would move it (moveUserAfter): refused
awk '{ print } /%ga, %gta = nvws.aref.get.enter/ { print "      %gat = ttg.memdesc_trans %ga {order = array<i32: 1, 0>, ttg.partition = array<i32: 1>} : !ttg.memdesc<128x64xf16, #shared, #smem, 1x128x64> -> !ttg.memdesc<64x128xf16, #shared2, #smem, 1x128x64>" }' "$K" > "$T/moved.ttgir"
rc=0; "$TLXV" check "$T/moved.ttgir" > "$T/o" 2>&1 || rc=$?
line=$(grep -n '%gat = ttg.memdesc_trans' "$T/moved.ttgir" | cut -d: -f1)
[ "$rc" = 2 ] && grep -q "moved.ttgir:$line:[0-9]*: error: ttg.memdesc_trans: this user of a get.enter combineArefs merges precedes the last put.exit" "$T/o" ||
  fail "moved user: exit $rc: $(cat "$T/o")"
# a member with an nvws.aref.buffer: the pass rewrites only enters and exits: refused
awk '{ print } /%gb, %gtb = nvws.aref.get.enter/ { print "      %bb = nvws.aref.buffer %arb, %gtb {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<1x64x64xf16, #shared, #smem, mutable>]>, !ttg.async.token -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 1x64x64>" }' "$K" > "$T/buf.ttgir"
rc=0; "$TLXV" check "$T/buf.ttgir" > "$T/o" 2>&1 || rc=$?
line=$(grep -n '%bb = nvws.aref.buffer' "$T/buf.ttgir" | cut -d: -f1)
[ "$rc" = 2 ] && grep -q "buf.ttgir:$line:[0-9]*: error: nvws.aref.buffer: combineArefs would merge" "$T/o" ||
  fail "aref.buffer on a member: exit $rc: $(cat "$T/o")"
# not a tt.warp_specialize loop: no combining (two expects)
sed 's/{tt.warp_specialize, /{/' "$K" > "$T/nows.ttgir"
"$TLXV" check "$T/nows.ttgir" --graph-out "$T/n.dot" > "$T/o" 2>&1 || fail "no tt.warp_specialize: $(cat "$T/o")"
grep -q 'expect aref_full\[0\] 16384 B' "$T/n.dot" || fail "no tt.warp_specialize: the arefs were combined"

# 6. NVWS tokens (tests/checkers/token.ok, WSLowerToken.cpp): producer_acquire waits the empty
# barrier with its phase flipped, so phase 1 in the first round waits forever
K="$SRC/tests/checkers/token.ok.ttgir"
sed 's/nvws.producer_acquire %tok, %slot, %ph /nvws.producer_acquire %tok, %slot, %true_ph /; s/%ph = arith.trunci %pi {async_task_id = array<i32: 0>} : i32 to i1/%ph = arith.trunci %pi {async_task_id = array<i32: 0>} : i32 to i1\n        %true_ph = arith.xori %ph, %ph_one {async_task_id = array<i32: 0>} : i1/; s/%c4_i32 = arith.constant 4 : i32/%c4_i32 = arith.constant 4 : i32\n    %ph_one = arith.constant true/' "$K" > "$T/flip.ttgir"
grep -q 'producer_acquire %tok, %slot, %true_ph' "$T/flip.ttgir" || fail "could not make the flipped-phase form"
rc=0; "$TLXV" check "$T/flip.ttgir" > "$T/o" 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q "checkers.py:20:7: error: deadlock" "$T/o" || fail "token flipped phase: exit $rc: $(cat "$T/o")"
# a task with both a producer_commit and a consumer_wait of one token: both are erased (the
# pass's same-partition rule), so the wait before the commit does not block
cat > "$T/same.mlir" <<EOT
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @same_task() {
    %c0_i32 = arith.constant 0 : i32
    %false = arith.constant false
    %0 = nvws.create_token {loadType = 3 : i32, numBuffers = 1 : i32} : tensor<1x!nvws.token>
    nvws.consumer_wait %0, %c0_i32, %false {async_task_id = array<i32: 0>} : tensor<1x!nvws.token>, i32, i1
    nvws.producer_commit %0, %c0_i32 {async_task_id = array<i32: 0>} : tensor<1x!nvws.token>, i32
    tt.return
  }
}
EOT
"$TLXV" check "$T/same.mlir" > "$T/o" 2>&1 || fail "same-task pair: $(cat "$T/o")"
# in different tasks the wait is real: it precedes the commit in program order
sed 's/nvws.producer_commit %0, %c0_i32 {async_task_id = array<i32: 0>}/nvws.producer_commit %0, %c0_i32 {async_task_id = array<i32: 1>}/' "$T/same.mlir" > "$T/diff.mlir"
rc=0; "$TLXV" check "$T/diff.mlir" > "$T/o" 2>&1 || rc=$?
line=$(grep -n 'nvws.consumer_wait' "$T/diff.mlir" | cut -d: -f1)
[ "$rc" = 1 ] && grep -q "diff.mlir:$line:[0-9]*: error: deadlock" "$T/o" || fail "different-task pair: exit $rc: $(cat "$T/o")"
# refused at the op: no async_task_id (the pass asserts one); a commit of an asyncLoadOp token
sed 's/nvws.consumer_wait %0, %c0_i32, %false {async_task_id = array<i32: 0>}/nvws.consumer_wait %0, %c0_i32, %false/' "$T/diff.mlir" > "$T/noid.mlir"
rc=0; "$TLXV" check "$T/noid.mlir" > "$T/o" 2>&1 || rc=$?
[ "$rc" = 2 ] && grep -q "noid.mlir:$line:[0-9]*: error: nvws.consumer_wait: a token op without a readable async_task_id" "$T/o" ||
  fail "token op without async_task_id: exit $rc: $(cat "$T/o")"
sed 's/loadType = 3 : i32/loadType = 1 : i32/' "$T/diff.mlir" > "$T/async.mlir"
rc=0; "$TLXV" check "$T/async.mlir" > "$T/o" 2>&1 || rc=$?
line=$(grep -n 'nvws.producer_commit' "$T/async.mlir" | cut -d: -f1)
[ "$rc" = 2 ] && grep -q "async.mlir:$line:[0-9]*: error: nvws.producer_commit: a producer_commit of an asyncLoadOp token" "$T/o" ||
  fail "asyncLoadOp commit: exit $rc: $(cat "$T/o")"

# 7. nvws.warp_group (tests/checkers/warp-group.ok / .bug): the custom form prints as a fixpoint;
# run as the ttg.warp_specialize NVWSLowerWarpGroup makes: the first region is the default one
# when it has the module's num-warps (the bug's race is between default and partition0), else
# every region is a partition (partition0 and partition1, the default region empty)
K="$SRC/tests/checkers/warp-group.bug.ttgir"
"$TLXV" parse "$K" > "$T/w1" || fail "warp_group does not parse"
"$TLXV" parse "$T/w1" > "$T/w2" || fail "printed warp_group does not parse"
cmp -s "$T/w1" "$T/w2" || fail "printing warp_group is not a fixpoint"
grep -q '^    partition1 num_warps(2) {' "$T/w1" || fail "warp_group regions not printed in the custom form"
rc=0; "$TLXV" check "$K" > "$T/o" 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q "checkers.py:20:5: error: race: ttg.local_store by default writes buf while ttg.local_load of partition0" "$T/o" ||
  fail "warp-group.bug: exit $rc: $(cat "$T/o")"
sed 's/partition0 num_warps(4) {/partition0 num_warps(2) {/' "$K" > "$T/nodef.ttgir"
rc=0; "$TLXV" check "$T/nodef.ttgir" > "$T/o" 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q "checkers.py:20:5: error: race: ttg.local_store by partition0 writes buf while ttg.local_load of partition1" "$T/o" ||
  fail "warp_group without a default region: exit $rc: $(cat "$T/o")"

echo "check_nvws_aref: OK"
