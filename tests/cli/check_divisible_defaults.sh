#!/bin/sh
# check_divisible_defaults.sh: default argument values honour tt.divisibility even where no
# multiple gives a wrap-around count exactly (verify/vf_args.c choose_defaults: the smallest
# multiple giving more trips instead). tpipe_matmul_kernel_90_matmul_mxf4 (Triton's pipeliner
# test, tests/corpus/real) loops ceil(K_MXFP * 32 / 128) times with K_MXFP divisible by 16: the
# counts are 4, 8, ...; before session 30 it ran K_MXFP = 1 (excluded by the divisibility, one
# trip: the pipeline's buffers never wrapped).
set -eu
: "${TLXV:?}" "${SRC:?}"
fail() { echo "FAIL: $*" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
K="$SRC/tests/corpus/real/tpipe_matmul_kernel_90_matmul_mxf4.ok.ttgir"
rc=0
"$TLXV" check "$K" > "$T/out" 2>&1 || rc=$?
[ $rc = 0 ] || fail "exit $rc: $(tail -2 "$T/out")"
grep -q "checked K_MXFP in {16} (loop trip counts 4)" "$T/out" || fail "defaults: $(grep checked "$T/out")"
grep -q "verified for loop test_pipeliner.py:50: trip counts 0, 4 (not driven" "$T/out" ||
  fail "cover: $(tail -1 "$T/out")"
echo "check_divisible_defaults: ok"
