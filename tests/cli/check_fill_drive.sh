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
# ramp fills: a loop over the difference of two consecutive loaded entries (the GDPA kernel's
# KV loop over cu_seqlens[b + 1] - cu_seqlens[b]) takes 0 under every constant fill and 1
# under index and 4*index: the slopes 129, 257, 385, 513 give it 2..5 KV blocks per tile
L="$SRC/tests/corpus/lit"
run 0 check "$L/tlx_propagate_layout_gdpa_fixed.mlir"
grep -q "129\*index, 257\*index" "$T/o.txt" || fail "gdpa ramp fills: $(grep checked "$T/o.txt")"
grep -q "not computable" "$T/o.txt" && fail "gdpa loops: $(tail -1 "$T/o.txt")"
# planted: producer_commit_o0 signalled by every P0.V MMA again (the file's first version), so
# a tile completes one phase per KV block and the epilogue's parity wait (tile count & 1)
# passes on an earlier block's phase: found only with two KV blocks or more
python3 - "$L/tlx_propagate_layout_gdpa_fixed.mlir" "$T/perblock.mlir" <<'PY'
import sys
t = open(sys.argv[1]).read()
bt = ", !ttg.memdesc<1xi64, #shared1, #smem, mutable>"
out = []
for line in t.split("\n"):
    if "ttng.tc_gen5_commit %100 " in line or "one arrival on producer_commit_o0" in line:
        continue
    s = line.lstrip()
    if s.startswith("%104 = ttng.tc_gen5_mma") or s.startswith("%150 = ttng.tc_gen5_mma"):
        assert " {is_async}" in line
        line = line.replace(" {is_async}", ", %100[%true_6] {is_async}") + bt
    out.append(line)
open(sys.argv[2], "w").write("\n".join(out))
PY
run 1 check "$T/perblock.mlir"
grep -Eq "perblock.mlir:1(8[0-9]|9[0-9]):11: error: (phase-alias|race)" "$T/o.txt" ||
  fail "gdpa per-block commit: $(grep error "$T/o.txt" | head -3)"
grep -Eq "loaded inputs=(129|257|385|513)\*index" "$T/o.txt" || fail "gdpa per-block schedule: $(grep schedule "$T/o.txt" | head -2)"
echo "check_fill_drive: ok"
