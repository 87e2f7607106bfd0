#!/bin/sh
# explain_inputs.sh: the observation parsers on golden files (tests/cli/explain/): each format
# is detected and explains ws_add.bug1; malformed input exits 2 with the observation file's
# line:col (an nvws.warp_group kernel at its op); barrier facts (also from a raw mbarrier word)
# must match; --how prints the recipe.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
K=$SRC/tests/corpus/gluon/ws_add.bug1.ttgir
D=$SRC/tests/cli/explain
expect() {
  want=$1
  shift
  rc=0
  "$TLXV" explain "$K" "$@" > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = "$want" ] || fail "exit $rc (want $want) for $*: $(cat "$T/out" "$T/err")"
}
expect 1 --observed "$D/rocr.txt"
expect 1 --observed "$D/facts.txt"
expect 5 --observed "$D/facts_wrong.txt"
grep -q "never with the observed barrier facts" "$T/out" || fail "facts_wrong: no facts diagnosis"
input_error explain "bad_list.txt:2:12: error: expected FILE:LINE" "$K" --observed "$D/bad_list.txt"
input_error explain "bad_gdb.txt:2:28: error: expected the last thread" "$K" --observed "$D/bad_gdb.txt"
input_error explain "bad_rec.json:4:3: error: warps\[1\]" "$K" --observed "$D/bad_rec.json"
input_error explain "bad_syntax.json:2:28: error: malformed recorder JSON" "$K" --observed "$D/bad_syntax.json"
input_error explain "bad_rocr.txt:7:1: error: this wave has no source line" "$K" --observed "$D/bad_rocr.txt"
input_error explain "unknown.txt:1:1: error: the kernel has no partition 'partition7'" "$K" --observed "$D/unknown.txt"
input_error explain "--observed OBS is required" "$K"
# an nvws.warp_group is a pass input: its warps have no layout until NVWSLowerWarpGroup ran
input_error explain "warp-group.bug.ttgir:17:5: error: the kernel's partitions are an nvws.warp_group" \
  "$SRC/tests/checkers/warp-group.bug.ttgir" --observed "$D/warp_group_gdb.txt"
"$TLXV" explain --how > "$T/how"
grep -q "cuda-gdb -p PID -batch" "$T/how" || fail "--how: no cuda-gdb batch command"
grep -q "CUDA_ENABLE_USER_TRIGGERED_COREDUMP=1" "$T/how" || fail "--how: no coredump environment"
! grep -q "skip_shared_memory'" "$T/how" || fail "--how drops shared memory"
echo "explain inputs: ok"
