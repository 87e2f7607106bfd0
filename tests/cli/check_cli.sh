#!/bin/sh
# check_cli.sh: the check command line: exit codes, input errors (one located line on stderr,
# nothing on stdout), formats (JSON schema fields, SARIF 2.1.0), bounds give "inconclusive"
# (exit 3, never "verified"), default argument sets, --random, -q, --stats, determinism.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${CORPUS:?CORPUS must name tests/corpus}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh" # T, fail, input_error
K0="$CORPUS/gluon/ws_add.bug0.ttgir"
K2="$CORPUS/gluon/ws_add.bug2.ttgir"
A="--arg xnumel=256 --arg ynumel=2048"

expect_rc() { # want, then the command
  want=$1; shift
  rc=0; "$@" > "$T/out" 2> "$T/err" || rc=$?
  [ "$rc" = "$want" ] || fail "exit $rc (want $want): $* : $(head -3 "$T/err")"
}

# input errors: exit 2, a located one-line message, nothing on stdout (input_error.sh)
input_error check "error: --arg foo: the kernel has no argument 'foo'; its integer arguments are: xnumel, ynumel" "$K0" --arg foo=1
[ "$(wc -l < "$T/err")" -eq 1 ] || fail "input error is not one line"
input_error check "error: --arg a_desc: argument 'a_desc' is not an integer" "$K0" --arg a_desc=1
input_error check "error: --arg expects NAME=INT, got 'ynumel'" "$K0" --arg ynumel
input_error check "error: option --arg needs a value" "$K0" --arg
input_error check "error: --format must be text, json or sarif, not 'xml'" "$K0" --format xml
input_error check "error: unknown option '--bogus'" "$K0" --bogus
input_error check "missing.ttgir:1:1: error: cannot open the input" "$T/missing.ttgir"
input_error check "error: no input file" # a bare `check`
input_error check "error: option --random needs a value" "$K0" --random
input_error check "error: --random expects an integer from 1 to 100000000, got 'x'" "$K0" --random x
printf 'module {\n  tt.func public @k() {\n    amdg.cond_barrier %%x\n' > "$T/bad.ttgir"
input_error check "bad.ttgir:[0-9]*:[0-9]*: error:" "$T/bad.ttgir"

# verdicts and exit codes
expect_rc 0 "$TLXV" "$K0" $A
grep -q "verified: no bug in any schedule" "$T/out" || fail "verified summary missing"
expect_rc 1 "$TLXV" "$K2" $A
grep -q "^kernels.py:[0-9]*:[0-9]*: error: deadlock: " "$T/out" || fail "text diagnostic format"
grep -q "^kernels.py:[0-9]*:[0-9]*: note: " "$T/out" || fail "no note lines"
grep -q "^ *1\. [a-z0-9.]*#1 " "$T/out" || fail "schedule steps are not numbered per agent"

# bounds: inconclusive, exit 3, never verified
expect_rc 3 "$TLXV" "$K0" $A --max-states 100
grep -q "inconclusive" "$T/out" || fail "no inconclusive verdict"
grep -q "verified" "$T/out" && fail "bound hit but 'verified' printed"
expect_rc 3 "$TLXV" "$K0" $A --max-trip 16
# a model bound says which and where
grep -q "inconclusive: loop trip count 32 exceeds the trip-count bound (at kernels.py:71:19)" "$T/out" ||
  fail "--max-trip reason: $(cat "$T/out")"
expect_rc 3 "$TLXV" "$K0" $A --format json --max-states 100
[ "$(jq -r .verdict "$T/out")" = inconclusive ] || fail "json verdict under a bound"
expect_rc 3 "$TLXV" "$K0" $A --random 3
expect_rc 1 "$TLXV" "$CORPUS/gluon/ws_add.bug1.ttgir" $A --random 3
# an scf.for whose induction variable would wrap (i32, lb = n, ub = INT32_MAX, step 8): the
# loop does not end; inconclusive at the loop, never a wrap; one that ends at INT32_MAX runs
W="$SRC/tests/cli/loops/iv-wrap.ttgir"
expect_rc 3 "$TLXV" "$W" --arg n=2147483632
grep -q "inconclusive: the loop's induction variable overflows its i32 type: the loop does not end (at loops.py:7:8)" "$T/out" ||
  fail "induction wrap: $(cat "$T/out")"
expect_rc 0 "$TLXV" "$W" --arg n=2147483639
# a step of 0: the loop never ends once entered (a bug at the loop); not entered (lb >= ub) it
# runs no iteration, as the lowered loop does: no bug
Z="$SRC/tests/cli/loops/step-zero.ttgir"
expect_rc 1 "$TLXV" "$Z" --arg n=4 --arg s=0
grep -q "loops.py:9:8: error: lifecycle: scf.for with step 0 never terminates" "$T/out" ||
  fail "step 0: $(cat "$T/out")"
expect_rc 0 "$TLXV" "$Z" --arg n=0 --arg s=0

# default arguments: trip counts 1, 2, S, S+1, 2S+1 for ring depth S = 2, in whole tiles of
# ynumel (cdiv(ynumel, 64): multiples of 64), and the partial tile 80 (clean: the kernel masks)
expect_rc 0 "$TLXV" "$K0"
grep -q "checked ynumel in {64, 128, 192, 320} (loop trip counts 1, 2, 3, 5), chosen from the loop bounds; ynumel: whole tiles (multiples of 64), and the partial tile ynumel=80" "$T/out" || fail "default set: $(cat "$T/out")"
grep -q ": verified: no bug in any schedule; " "$T/out" || fail "default set verdict: $(cat "$T/out")"
# a loop nest (Blackwell GEMM: 2 tiles x K/64 steps): Z3 picks K for flattened trip counts
# of at least 1, 2, S, S+1, 2S+1 (even ones only: 2, 4, 6), found from the loop bounds without Z3,
# in whole K tiles (BLOCK_K = 64)
expect_rc 0 "$TLXV" "$SRC/examples/blackwell_gemm_tcgen05/blackwell_gemm_tcgen05.bug0.ttgir" --arg M=128 --arg N=128
grep -q "checked K in {64, 128, 192} (loop trip counts 2, 4, 6), chosen from the loop bounds; K: whole tiles (multiples of 64), and the partial tile K=80" "$T/out" || fail "nest default set: $(cat "$T/out")"
# a trip count that is a product of two arguments (a fused tile x K loop, `m * kk`): vectors
# from the loop bounds, the other argument at 2 where the target allows (Z3's suggestion gave
# m = 2^29, kk = 2 when its minimisation of the product timed out: inconclusive)
expect_rc 0 "$TLXV" "$SRC/tests/symbolic/fused.ok.ttgir"
grep -q "checked m in {1, 1, 3, 5} (loop trip counts 1, 2, 3, 5); kk in {1, 2, 1, 1} (loop trip counts 1, 2, 3, 5), chosen from the loop bounds" "$T/out" || fail "product default set: $(cat "$T/out")"
grep -q ": verified: no bug in any schedule; " "$T/out" || fail "product default verdict: $(cat "$T/out")"
expect_rc 1 "$TLXV" "$SRC/tests/symbolic/fused.bug.ttgir" -q
grep -q "error: " "$T/out" || fail "product defaults miss fused.bug"
# a loop carrying a non-integer value (a view) next to TLX-style carried ring counters: the
# symbolic layer choosing the defaults must skip it (it crashed substituting it)
python3 - "$SRC/examples/trip_count/ws_add_carried.ttgir" "$T/carried_view.ttgir" <<'PY'
import sys
src = open(sys.argv[1]).read()
anchor = "      %r:2 = scf.for %i = %c0_i32_16 to %9 step %c1_i32_15 iter_args("
assert src.count(anchor) == 1
view = "!ttg.memdesc<2x1xi64, #shared1, #smem, mutable>"
loop = ("      %keep = scf.for %j = %c0_i32_16 to %9 step %c1_i32_15 iter_args(%m = %arg19) -> (" + view
        + ")  : i32 {\n        scf.yield %m : " + view + "\n      }\n")
open(sys.argv[2], "w").write(src.replace(anchor, loop + anchor))
PY
expect_rc 0 "$TLXV" "$T/carried_view.ttgir"
grep -q "checked ynumel in {64, 128, 192, 320} (loop trip counts 1, 2, 3, 5), chosen from the loop bounds" "$T/out" || fail "carried view: $(cat "$T/out")"
expect_rc 1 "$TLXV" "$K2" -q
grep -q "error: deadlock" "$T/out" || fail "defaults miss bug2"
grep -q "checked" "$T/out" && fail "-q printed the summary"

# JSON: the fields of design.md "Outputs"
expect_rc 1 "$TLXV" "$K2" $A --format json
jq -e '.file and .verdict == "bug" and (.bugs | length) >= 1 and .stats.states > 0 and .stats.transitions > 0 and (.stats | has("seconds"))' "$T/out" > /dev/null || fail "json top level"
jq -e '.bugs[0] | .kind and .message and .loc.file and .loc.line and .loc.col != null and (.related | type == "array") and (.trace | length) > 0' "$T/out" > /dev/null || fail "json bug fields"
jq -e '.bugs[0].trace[0] | .step and .agent and .agent_step and .action and .loc' "$T/out" > /dev/null || fail "json trace fields"
# SARIF 2.1.0
expect_rc 1 "$TLXV" "$K2" $A --format sarif
jq -e '.version == "2.1.0" and .runs[0].tool.driver.name == "tlx-verify" and .runs[0].results[0].ruleId == "deadlock" and .runs[0].results[0].locations[0].physicalLocation.region.startLine > 0' "$T/out" > /dev/null || fail "sarif"

# --stats
expect_rc 0 "$TLXV" "$K0" $A --stats
grep -q "states/s" "$T/out" && grep -q "reduction factor" "$T/out" && grep -q "peak memory" "$T/out" || fail "--stats line: $(tail -1 "$T/out")"

# a function whose argument is a memory descriptor (a device function, a lowering test) is
# not a kernel the model can run: said at the function, exit 2
cat > "$T/memdesc.ttgir" <<'EOF'
#shared0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @wait_barrier(%alloc: !ttg.memdesc<1xi64, #shared0, #smem>, %phase: i32) {
    ttng.wait_barrier %alloc, %phase : !ttg.memdesc<1xi64, #shared0, #smem>
    tt.return
  }
}
EOF
input_error check "memdesc.ttgir:4:3: error: argument %alloc of @wait_barrier is a memory descriptor" "$T/memdesc.ttgir"
# so is --max-states: the six default runs (four whole-tile, the guard run ynumel=0 for the
# loop's zero trips, one partial-tile probe) together explore about 100 states
expect_rc 3 "$TLXV" "$K0" --max-states 100 --format json
[ "$(jq '.stats.runs' "$T/out")" = 6 ] && [ "$(jq '.stats.states' "$T/out")" -le 104 ] ||
  fail "--max-states over runs: $(jq -c .stats "$T/out")"
# a lit-style file of several modules: the located error, then how to take them one at a time
{ cat "$K0"; echo "// -----"; cat "$K0"; } > "$T/split.mlir"
input_error check "redefinition of alias" "$T/split.mlir"
head -1 "$T/err" | grep -q "split.mlir:[0-9]*:[0-9]*: error: redefinition of alias" || fail "split input: $(cat "$T/err")"
grep -q "note: the file holds several inputs separated by '// -----' lines" "$T/err" || fail "no split-input note: $(cat "$T/err")"
# --time-limit is one budget for the whole check: once it is spent, every later run (here the
# four default ynumel values, the guard run ynumel=0 and the partial-tile probe) stops at its
# initial state, inconclusive
expect_rc 3 "$TLXV" "$K0" --time-limit 1e-9 --format json
[ "$(jq '.stats.runs' "$T/out")" = 6 ] && [ "$(jq '.stats.states' "$T/out")" = 6 ] ||
  fail "--time-limit past: $(jq -c .stats "$T/out")"
# deterministic text output (timing lines aside)
"$TLXV" "$K2" $A > "$T/a" || true
"$TLXV" "$K2" $A > "$T/b" || true
cmp -s "$T/a" "$T/b" || fail "text output differs between runs"
echo "check_cli: ok"
