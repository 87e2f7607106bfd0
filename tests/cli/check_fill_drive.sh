#!/bin/sh
# check_fill_drive.sh: loop-driving fills of chosen data (verify/vf_fill.c fill_for_counts). A
# loop whose count comes from values loaded from a read-only input (tutorial 08's grouped
# GEMM: the K loop runs ceil(K / BLOCK_K) times over a K loaded from the sizes array) took
# only 0 and 1 trips under the fixed fills 1, 0, 2, S, S+1, 2S+1: its 3-stage TMA ring never
# wrapped and the verdict said "not driven". Constant fills that give it 2, 3, 4 and 7 trips
# are added (65, 129, 193, 385 for BLOCK_K = 64), each run with the argument combination it
# was found for; they never take the room of the fixed fills, the guard sides or the probes.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh" # T, fail, run
R="$SRC/tests/corpus/real"
run 0 check "$R/triton_t08_grouped_matmul_tma_kernel_90_n128k64w4s3.ok.ttgir"
grep -q "in {1, 0, 2, 3, 4, 7, 65, 129, 193, 385, index, 4\*index}" "$T/o.txt" ||
  fail "t08 fills: $(grep checked "$T/o.txt")"
grep -q "not driven" "$T/o.txt" && fail "t08 K loop: $(tail -1 "$T/o.txt")"
# the K loop ran 2, 3, 4 and 7 trips
run 0 check "$R/triton_t08_grouped_matmul_tma_kernel_90_n128k64w4s3.ok.ttgir" --format json
python3 - "$T/o.txt" <<'PY' || fail "t08 loop cover (json)"
import json, sys
d = json.load(open(sys.argv[1]))
k = [l for l in d["loops"] if l["loc"]["line"] == 307]
assert k and k[0]["driven"], d["loops"]
assert all(t in k[0]["trip_counts"] for t in (1, 2, 3, 4, 7)), k
PY
# the AMD build of the same tutorial (pointer loads): its K loop is driven too
run 0 check "$SRC/tests/corpus/amd/amd_t08_gmm_gfx942.ok.ttgir"
grep -q "not driven" "$T/o.txt" && fail "amd t08: $(tail -1 "$T/o.txt")"
# a kernel whose runs are full (64 with the fixed fills) gets no driving fill, and stays
# conclusive
run 0 check "$R/tk_p_matmul_100_mxf8_mxf4_ragged_p.ttgir"
grep -q "in {1, 0, 2, 3, 4, 7, index, 4\*index}" "$T/o.txt" || fail "mxf8 fills: $(grep checked "$T/o.txt")"
echo "check_fill_drive: ok"
