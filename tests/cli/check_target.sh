#!/bin/sh
# check_target.sh: AMD targets (semantics.md §8, sim/sim_amd_*.c). gfx942 / gfx950 kernels are
# checked under the AMD rules (waves, LDS / vector-memory queues, s_barrier); every other AMD
# target, malformed warp pipelines and AMD ops in an NVIDIA kernel are refused at the kernel or the op
# (exit 2), never checked against the wrong hardware rules; simulate mode runs AMD kernels
# (sim_amd.sh), and refuses the AMD targets the model lacks the same way.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
K="$SRC/tests/cli/inputs/amd_t03_matmul_gfx942.ok.ttgir"
P="$SRC/tests/amd/pipe.ok.ttgir"
"$TLXV" check "$K" -q > "$T/o" 2>&1 || fail "gfx942 matmul: $(cat "$T/o")"
sed 's/hip:gfx950/hip:gfx1250/' "$P" > "$T/g1250.ttgir"
input_error check "g1250.ttgir:10:3: error: target 'hip:gfx1250' is not modelled: of the AMD targets only gfx942 and gfx950" "$T/g1250.ttgir"
"$TLXV" sim "$P" --tensor in=zeros:4096:f16 -q || fail "sim pipe.ok"
input_error sim "g1250.ttgir:10:3: error: target 'hip:gfx1250' is not modelled" "$T/g1250.ttgir" --tensor in=zeros:4096:f16
sed 's/} loc("amd.py":18:5)/} {triton.warp_pipeline.pipelined_for} loc("amd.py":18:5)/' "$P" > "$T/wp.ttgir"
grep -q pipelined_for "$T/wp.ttgir" || fail "could not make the warp-pipeline kernel"
# a pipelined_for body that is not stages (ConvertWarpPipeline rejects it): refused at its first op
input_error check "wp.ttgir:31:7: error: malformed warp pipeline: an op other than stages and barrier / wait ops in a pipelined_for body" "$T/wp.ttgir"
sed 's/hip:gfx950/cuda:90/; s/threads-per-warp" = 64/threads-per-warp" = 32/' "$SRC/tests/amd/cond.ok.ttgir" > "$T/nv.ttgir"
input_error check "^amd.py:38:5: error: rocdl.workitem.id.x is an AMD op" "$T/nv.ttgir"
echo "check_target: ok"
