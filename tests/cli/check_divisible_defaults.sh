#!/bin/sh
# check_divisible_defaults.sh: default argument values honour tt.divisibility even where no
# multiple gives a wrap-around count exactly (verify/vf_args.c choose_defaults: the smallest
# multiple giving more trips instead). tpipe_matmul_kernel_90_matmul_mxf4 (Triton's pipeliner
# test, tests/corpus/real) loops ceil(K_MXFP * 32 / 128) times with K_MXFP divisible by 16: the
# counts are 4, 8, ...; before session 30 it ran K_MXFP = 1 (excluded by the divisibility, one
# trip: the pipeline's buffers never wrapped).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh" # T, fail, run
K="$SRC/tests/corpus/real/tpipe_matmul_kernel_90_matmul_mxf4.ok.ttgir"
run 0 check "$K"
grep -q "checked K_MXFP in {16} (loop trip counts 4)" "$T/o.txt" || fail "defaults: $(grep checked "$T/o.txt")"
grep -q "verified for loop test_pipeliner.py:50: trip counts 0, 4 (not driven" "$T/o.txt" ||
  fail "cover: $(tail -1 "$T/o.txt")"
echo "check_divisible_defaults: ok"
