/* lw_amd_sync.c: AMD-only synchronization ops (semantics.md §8.1). amdg.cond_barrier %p is an
 * s_barrier executed only by the waves where %p holds, with no fence and no waits (Triton's
 * AMD ConvertWarpPipeline pairs two of them so that the waves of the two halves meet barriers
 * shifted by one); the branch keeps LLVM from merging or hoisting it. rocdl.s.barrier (in the
 * TTGIR of Triton's block ping-pong schedules) is the bare s_barrier: no fence, no waits, as
 * the model runs it (sim/sim_amd_ops.c); the barriers with waits are ttg.barrier / gpu.barrier
 * (lw_region_barrier). */
#include <string.h>

#include "lw_int.h"

int lw_amd_sync_op(lw_ctx *c, const ir_op *op) {
  if (!lw_target_is_amd(c->target)) return lw_unsupported(c, op);
  switch (op->code) {
  case IR_OP_ROCDL_S_BARRIER:
    lw_stmt(c, "rocdl.s.barrier");
    return 0;
  case IR_OP_AMDG_COND_BARRIER: {
    ir_value *p = ir_seg(op, IR_SEG_AMDG_COND_BARRIER_PRED, NULL);
    lw_val *pv = p ? lw_get(c, p) : NULL;
    if (!pv || pv->kind != LV_SCALAR || !pv->ty || strcmp(pv->ty, "i1"))
      return lw_fail(c, op, "amdg.cond_barrier needs a scalar i1 predicate");
    uint32_t bar = lw_newblk(c), cont = lw_newblk(c);
    lw_cond_br(c, pv->s, bar, cont);
    lw_block(c, bar);
    lw_stmt(c, "rocdl.s.barrier");
    lw_br(c, cont, NULL, NULL, 0);
    lw_block(c, cont);
    return 0;
  }
  default: return lw_unsupported(c, op);
  }
}
