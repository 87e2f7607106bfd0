#!/bin/sh
# check_loop_cover.sh: the loop cover lists every count each loop ran (verify/vf_args.c
# vf_argplan_loops, sim/sim_compile_static.c sim_static_loop_counts). A loop nested in another
# whose bounds come from the enclosing loop's index (the causal attention's KV range per tile)
# gets the count of each enclosing iteration; before session 31 the cover said "trip count not
# computable from the arguments" for it, which hid that every run gave the causal kernel's KV
# loops one trip per tile. A loop inside an outer loop that runs no iteration in a run gets no
# count from that run (it never ran), not the count its bounds would give.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh" # T, fail, run
C="$SRC/tests/corpus/real/fa_d64_causal_100.ok.ttgir"
run 0 check "$C"
grep -q "not computable" "$T/o.txt" && fail "causal: $(tail -1 "$T/o.txt")"
# and such a loop is driven through its per-iteration counts (vf_args.c per_loop_nested): the
# KV loops ran one trip per tile in every run before; vectors with N_CTX = 512 and 1024 give
# program 0's later tiles 3, 5 and 7 (a causal range's counts are odd: 2 never happens there,
# so the loop stays "not driven")
grep -q "N_CTX in {256, 256, 256, 256, 512, 1024}" "$T/o.txt" || fail "causal vectors: $(grep checked "$T/o.txt")"
grep -q "loop 01-attention-forward.py:846: trip counts 1, 3, 5, 7 (not driven" "$T/o.txt" ||
  fail "causal KV loop: $(tail -1 "$T/o.txt")"
grep -q "loop 01-attention-forward.py:626: trip counts 0, 2, 4, 6 (not driven" "$T/o.txt" ||
  fail "causal softmax loop: $(tail -1 "$T/o.txt")"
# the non-causal kernel: the inner loops' counts come from runs whose tile loop ran (the guard
# run Z = 0 runs no tile, so its inner loops add no 0)
F="$SRC/tests/corpus/real/fa_d64_100.ok.ttgir"
run 0 check "$F"
grep -q "loop 01-attention-forward.py:626: trip counts 1, 2, 3, 4, 5, 8;" "$T/o.txt" ||
  fail "fa_d64: $(tail -1 "$T/o.txt")"
# a loop no run reaches: its body was never checked, so never a bare "verified" (before session
# 31 this kernel was "verified": the inner loop's static count, 1 to 3, was listed as covered)
run 0 check "$SRC/tests/cli/loops/unreached.ttgir"
grep -q "verified for loop cover.py:5: trip counts 0; loop cover.py:6: not reached by any run" "$T/o.txt" ||
  fail "unreached: $(tail -1 "$T/o.txt")"
echo "check_loop_cover: ok"
