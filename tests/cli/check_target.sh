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
# an AMD target the model does not know (gfx1250 is modelled: tests/amd/gfx1250)
sed 's/hip:gfx950/hip:gfx90a/' "$P" > "$T/g90a.ttgir"
input_error check "g90a.ttgir:10:3: error: target 'hip:gfx90a' is not modelled: of the AMD targets only gfx942, gfx950 and gfx1250" "$T/g90a.ttgir"
"$TLXV" sim "$P" --tensor in=zeros:4096:f16 -q || fail "sim pipe.ok"
input_error sim "g90a.ttgir:10:3: error: target 'hip:gfx90a' is not modelled" "$T/g90a.ttgir" --tensor in=zeros:4096:f16
sed 's/} loc("amd.py":18:5)/} {triton.warp_pipeline.pipelined_for} loc("amd.py":18:5)/' "$P" > "$T/wp.ttgir"
grep -q pipelined_for "$T/wp.ttgir" || fail "could not make the warp-pipeline kernel"
# a pipelined_for body that is not stages (ConvertWarpPipeline rejects it): refused at its first op
input_error check "wp.ttgir:31:7: error: malformed warp pipeline: an op other than stages and barrier / wait ops in a pipelined_for body" "$T/wp.ttgir"
sed 's/hip:gfx950/cuda:90/; s/threads-per-warp" = 64/threads-per-warp" = 32/' "$SRC/tests/amd/cond.ok.ttgir" > "$T/nv.ttgir"
input_error check "^amd.py:38:5: error: rocdl.workitem.id.x is an AMD op" "$T/nv.ttgir"
# gfx1250 ops (LDS mbarriers, TDM, cluster barriers) parse and print back as written; the
# model refuses gfx1250's cluster barriers at the op (exit 2) in a gfx942 kernel (gfx1250's own:
# tests/cli/check_amd_gfx1250.sh)
cat > "$T/g1250ops.ttgir" <<'K'
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared1 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @g(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %d: !tt.tensordesc<tensor<64x64xf16, #shared1>>) {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>
    amdg.cluster_barrier_arrive loc("g.py":3:5)
    amdg.cluster_barrier_wait
    amdg.async_copy_mbarrier_arrive %bar : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %t = amdg.async_copy_local_to_global %buf, %p : !ttg.memdesc<64x64xf16, #shared1, #smem, mutable> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    amdg.async_tdm_copy_local_to_global %d from %buf, barrier = %bar : !ttg.memdesc<64x64xf16, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared, #smem, mutable> -> !tt.tensordesc<tensor<64x64xf16, #shared1>>
    %w = amdg.async_tdm_intrinsic_wait %t {count = 0 : i32}
    tt.return
  }
}
K
"$TLXV" parse "$T/g1250ops.ttgir" > "$T/g1250rt.ttgir" || fail "gfx1250 ops do not parse"
for o in cluster_barrier_arrive cluster_barrier_wait async_copy_mbarrier_arrive async_copy_local_to_global \
  async_tdm_copy_local_to_global async_tdm_intrinsic_wait; do
  grep -q "amdg.$o" "$T/g1250rt.ttgir" || fail "amdg.$o does not print back"
done
"$TLXV" parse "$T/g1250rt.ttgir" | cmp -s - "$T/g1250rt.ttgir" || fail "gfx1250 ops: printing is not a fixpoint"
input_error check "^g.py:3:5: error: amdg.cluster_barrier_arrive exists only on gfx1250; the kernel's target is hip:gfx942" "$T/g1250ops.ttgir"
# the lit tests' chunks with every newer amdg op (tests/cli/inputs/amd_gfx1250_lit.mlir) parse and
# print back to a fixpoint
"$TLXV" parse --split-input-file "$SRC/tests/cli/inputs/amd_gfx1250_lit.mlir" > "$T/lit.mlir" || fail "gfx1250 lit chunks"
"$TLXV" parse --split-input-file "$T/lit.mlir" | cmp -s - "$T/lit.mlir" || fail "gfx1250 lit chunks: not a fixpoint"
[ "$(grep -c '^// -----' "$T/lit.mlir")" -ge 8 ] || fail "gfx1250 lit chunks: too few"
echo "check_target: ok"
