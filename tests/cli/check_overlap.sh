#!/bin/sh
# check_overlap.sh: tlx.set_buffer_overlap (sim/sim_compile_overlap.c) puts each buffer of a
# storage_alias_spec where the fork's TLXStorageAliasLowering does, so races between aliased
# buffers are found exactly when their bytes overlap; forms the model cannot follow are refused
# at the op. Inputs: tests/cli/overlap (lit-derived ones name their fork file and chunk) and
# tests/checkers/race-overlap.{ok,bug}.ttgir (check_checkers.sh checks their verdicts).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
D="$SRC/tests/cli/overlap"
C="$SRC/tests/checkers"
# run RC ARGS...: tlx-verify ARGS... exits RC; its output in $T/o.txt
run() {
  want=$1
  shift
  rc=0
  "$TLXV" "$@" > "$T/o.txt" 2>&1 || rc=$?
  [ $rc = "$want" ] || fail "exit $rc (want $want) for: $*: $(head -3 "$T/o.txt")"
}
race() { grep -q "^$1: error: race: " "$T/o.txt" || fail "$2: no race at $1: $(head -3 "$T/o.txt")"; }

# lit #16 with stores: distinct groups, the two partitions' buffers 16384 bytes apart
for i in 0 1; do run 0 check "$D/ws-distinct.mlir" --arg idx=$i; done
# the same group shared: both buffers at 16384 * idx
sed 's/group_kind = distinct : \(.*\)reuse_group<distinct>/group_kind = shared : \1reuse_group<shared>/
     s/reuse_group<distinct>) -> ()/reuse_group<shared>) -> ()/' "$D/ws-distinct.mlir" > "$T/shared.mlir"
grep -q "group_kind = shared" "$T/shared.mlir" || fail "could not make the shared group"
run 1 check "$T/shared.mlir" --arg idx=1
race ws.py:20:5 "shared group"
# without the placement every allocation is at offset 0: the same race
grep -v "tlx.set_buffer_overlap(" "$D/ws-distinct.mlir" > "$T/none.mlir"
run 1 check "$T/none.mlir" --arg idx=0
race ws.py:20:5 "no set_buffer_overlap"
# race-overlap.ok: b[1] at bytes 8192.. (index 2 * 1) is clear of a[0]; at offset 0 (no
# set_buffer_overlap) b[1] would be bytes 4096..8191, inside a[0]: a race
grep -v "tlx.set_buffer_overlap(" "$C/race-overlap.ok.ttgir" > "$T/ok-none.ttgir"
run 1 check "$T/ok-none.ttgir"
race checkers.py:21:5 "race-overlap.ok without set_buffer_overlap"
# the same tree distinct: 12288 bytes between buffer groups is no multiple of a's 8192 (the
# fork's error in StorageAliasAllocation.cpp), reported at a
sed 's/group_kind = shared : \(.*\)reuse_group<shared>/group_kind = distinct : \1reuse_group<distinct>/
     s/reuse_group<shared>) -> ()/reuse_group<distinct>) -> ()/' "$C/race-overlap.bug.ttgir" > "$T/distinct.ttgir"
input_error check "^checkers.py:10:1: error: tlx.storage_alias_local_alloc: units_between_buffer_groups (12288) must be a multiple of the original buffer size (8192)" "$T/distinct.ttgir"
# b has more buffers than the spec's first allocation, which sizes the backing: b[2] is past it
run 1 check "$D/oob-first-alloc.ttgir"
grep -q "^checkers.py:22:5: error: lifecycle: ttg.local_store through a view of a that is outside its allocation" "$T/o.txt" ||
  fail "oob-first-alloc: $(head -3 "$T/o.txt")"
# simulate mode holds the placed bytes: c (outside the tree, offset 0) reads a[0], b[0], a[1], b[1]
run 0 check "$D/sim-distinct.ttgir"
run 0 sim "$D/sim-distinct.ttgir" --tensor out=zeros:128:f32 --out "$T/simout"
/usr/bin/python3 -c "import numpy as np, sys; y = np.load('$T/simout/out.npy').reshape(4, 32)
sys.exit(0 if (y == np.array([1, 3, 2, 4.0])[:, None]).all() else 1)" || fail "sim-distinct: out is not 1, 3, 2, 4"
# refused at the op: tensor memory (lit verbatim), a use the index rewrite does not follow
input_error check "^$D/tmem.mlir:13:5: error: tlx.set_buffer_overlap over tmem storage is not modelled" "$D/tmem.mlir"
input_error check "^$D/reinterpret.mlir:15:5: error: ttg.memdesc_reinterpret uses a buffer that tlx.set_buffer_overlap places at rewritten indices (2 \* k + 0)" "$D/reinterpret.mlir"
echo "check_overlap: ok"
