#!/bin/sh
# check_pid_grid.sh: a loop whose trip count depends on the program id (tutorial 06's causal
# attention: the KV loop over [0, start_m * BLOCK_M), start_m = program_id(0)) gets a grid
# chosen along that dimension when --grid is not given (verify/vf_pidgrid.c), so that its rings
# wrap; with --grid 1 the verdict is "verified for" the counts program 0 gives, never a bare
# "verified" (session 30: the planted variant below was a bare "verified" before).
# A persistent tile loop whose wrap counts no argument value reaches at one program gets
# argument vectors with a grid of their own (verify/vf_args.c per_loop_grids, session 31):
# tk_swiglu's tiles are M_BLOCKS * N_BLOCKS with M_BLOCKS divisible by 16, so program 0 of one
# program ran 16 tiles or none ("trip counts 0, 16 (not driven ...)"); grids of 16, 8 and 6
# programs give it 1, 2 and 3.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh" # T, fail, run
OK="$SRC/tests/corpus/real/triton_t06_attention_ws_causal_100.ok.ttgir"
BUG="$SRC/examples/real_planted/t06_causal_late_vempty.ttgir"
expect() { # exit-code "text" args...: `check ARGS` exits so and prints the text
  code=$1 text=$2
  shift 2
  run "$code" check "$@"
  grep -q -- "$text" "$T/o.txt" || fail "no '$text' for: $*: $(tail -3 "$T/o.txt")"
}
expect 0 "grid 4 along x (chosen: a loop's trip count depends on the program id" "$OK"
expect 0 "verified for loop 06-fused-attention.py:69: trip counts 0, 2, 4, 6 (not driven" "$OK"
expect 0 "verified for loop 06-fused-attention.py:69: trip counts 0, 2 (not driven" "$OK" --grid 1
grep -q "along x (chosen" "$T/o.txt" && fail "--grid 1: a grid was chosen anyway"
expect 1 "error: over-arrival: expect on v_55" "$BUG"
expect 0 "verified for loop 06-fused-attention.py:69: trip counts 0, 2 (not driven" "$BUG" --grid 1
# a persistent tile loop (its share depends on the grid's size) keeps the grid of one program
expect 0 "verified" "$SRC/tests/corpus/real/t07_persistent_100.ok.ttgir"
grep -q "along . (chosen" "$T/o.txt" && fail "t07_persistent_100: a grid was chosen"
SW="$SRC/tests/corpus/real/tk_swiglu_100_bf16_ragged_swiglu_p.ok.ttgir"
expect 0 "grid sizes along x {1, 16, 8, 6} with them (program 0 of each" "$SW"
expect 0 "loop _swiglu.py:86: trip counts 0, 1, 2, 3, 16$" "$SW"
expect 0 "ok.ttgir: verified: no bug in any schedule; .* 5 runs" "$SW"
# a grid the user gives is kept: no vector gets its own
expect 0 "verified for loop _swiglu.py:86: trip counts 0, 8 (not driven" "$SW" --grid 2
grep -q "grid sizes along" "$T/o.txt" && fail "--grid 2: vectors got grids of their own"
# a tile count from a branch on the program id (`if pid < tiles % NUM_SMS: tiles_per_SM += 1`,
# an scf.if's result): computable, so the persistent K-by-tile loop is driven (it was "not
# computable" and the default suggestion spent 3.6 s in Z3 on 64 combinations)
BT="$SRC/tests/corpus/real/ttd_batched2d_100_c1.ok.ttgir"
expect 0 "loop test_tensor_descriptor.py:785: trip counts 0, 1, 2, 3, 4, 5, 7$" "$BT"
expect 0 "ok.ttgir: verified: no bug in any schedule;" "$BT"
# 256 tiles at the least arguments (H divisible by 16, 16 tiles per head): counts 1, 2, 3 need
# grids of 256, 128 and 86, past a linear scan's reach
FA="$SRC/tests/corpus/lit/hopper_ws_blackwell_fa_fwd_persist_code_partition.mlir"
expect 1 "grid sizes along x {1, 256, 128, 86} with them" "$FA"
echo "check_pid_grid: ok"
