#!/bin/sh
# check_wpipe.sh: AMD warp pipelines (sim/sim_compile_amd_wpipe.c), the inputs of Triton's own lit tests
# (tests/amd/wpipe, README.md): every kernel gets the verdict of tests/amd/wpipe/verdicts.tsv, the
# first bug its kind at its line (the race of two wave groups running adjacent stages on one
# buffer; the planted edit eight_stage_adjacent.bug), the correct ones verify. The barrier
# placement itself is unit.test_sim_wpipe's.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/expected_kernels.sh"
D="$SRC/tests/amd/wpipe"
check_expected "$D" = verdicts.tsv
[ "$n" -ge 19 ] || fail "only $n warp-pipeline kernels"
# a flat pipeline of one border (WarpPipeliner rejects it): refused at the border, not guessed
cat > "$T/one.ttgir" <<'K'
module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @one(%n: index) {
    %c1 = arith.constant 1 : index
    %a = arith.addi %n, %c1 : index
    rocdl.sched.barrier 0 {triton.warp_pipeline.border = "stage0"} loc("wp.py":5:3)
    %b = arith.addi %a, %c1 : index
    tt.return
  }
}
K
input_error check "^wp.py:5:3: error: malformed warp pipeline: a flat warp pipeline needs at least two borders" "$T/one.ttgir"
echo "check_wpipe: $n kernels ok"
