/* sim_compile_amd.c: the attributes the AMD model's build-time analyses read (the wave analysis
 * sim_amd_waves.c, Membar's barriers sim_amd_membar.c, warp pipelines sim_amd_wpipe.c, the op
 * checks sim_amd_machine.c / sim_amd_mbar.c): they walk the IR once while the machine is built,
 * before there are instructions, and ask the compiler for what an op's attributes say
 * (tests/cli/sim_ir_reads.sh: only sim_compile*.c read attributes). */
#include "sim_amd.h"

bool sim_compile_amd_has(const ir_op *op, sim_amd_attr a) {
  static const char *const names[SIM_AMD_ATTR__N] = {
      [SIM_AMD_PIPELINED_FOR] = "triton.warp_pipeline.pipelined_for",
      [SIM_AMD_WP_BORDER] = "triton.warp_pipeline.border",
      [SIM_AMD_WP_STAGE] = "triton.warp_pipeline.stage",
      [SIM_AMD_SYNCED_ASYNC_WAIT] = "ttg.amdg.syncedViaAsyncWait",
      [SIM_AMD_WARP_USED_HINT] = "warp_used_hint",
  };
  return (unsigned)a < SIM_AMD_ATTR__N && ir_op_has_attr(op, names[a]);
}

int sim_compile_dense_ints(const ir_op *op, const char *name, const int64_t **vals) {
  const ir_attr *a = ir_op_attr(op, name);
  if (!a || a->kind != IR_A_DENSE_ARRAY) return -1;
  *vals = a->ivals;
  return (int)a->n;
}
