/* tr_label.c: short human names of IR ops and locations for the graphs and the timeline
 * ("wait", "TMA load", "kernels.py:75"). */
#include <stdio.h>
#include <string.h>

#include "tr_internal.h"

const char *tr_op_short(const ir_op *op) {
  if (!op) return "step";
  switch (op->code) {
  case IR_OP_TTNG_WAIT_BARRIER:
  case IR_OP_AMDG_WAIT_BARRIER: return "wait";
  case IR_OP_TTNG_ARRIVE_BARRIER:
  case IR_OP_AMDG_ARRIVE_BARRIER: return "arrive";
  case IR_OP_TTNG_BARRIER_EXPECT: return "expect";
  case IR_OP_TTNG_INIT_BARRIER:
  case IR_OP_AMDG_INIT_BARRIER: return "init";
  case IR_OP_TTNG_INVAL_BARRIER: return "inval";
  case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE: return "cp.async arrive";
  case IR_OP_TTNG_WAIT_BARRIER_NAMED: return "bar.sync";
  case IR_OP_TTNG_ARRIVE_BARRIER_NAMED: return "bar.arrive";
  case IR_OP_TTG_BARRIER:
  case IR_OP_GPU_BARRIER: return "barrier";
  case IR_OP_TTNG_CLUSTER_ARRIVE: return "cluster arrive";
  case IR_OP_TTNG_CLUSTER_WAIT: return "cluster wait";
  case IR_OP_TTNG_CLUSTER_BARRIER: return "cluster barrier";
  case IR_OP_TTNG_TMA_G2L: return "TMA load";
  case IR_OP_TTNG_TMA_L2G: return "TMA store";
  case IR_OP_TTNG_TMA_REDUCE: return "TMA reduce";
  case IR_OP_TTNG_TMA_GATHER: return "TMA gather";
  case IR_OP_TTNG_TMA_SCATTER: return "TMA scatter";
  case IR_OP_TTNG_TMA_STORE_WAIT:
  case IR_OP_TTNG_TMA_STORE_TOKEN_WAIT: return "store_wait";
  case IR_OP_TTNG_WARP_GROUP_DOT: return "wgmma";
  case IR_OP_TTNG_WARP_GROUP_DOT_WAIT: return "wgmma wait";
  case IR_OP_TTNG_TC_GEN5_MMA:
  case IR_OP_TTNG_TC_GEN5_MMA_SCALED: return "tcgen05 mma";
  case IR_OP_TTNG_TC_GEN5_COMMIT: return "tcgen05 commit";
  case IR_OP_TTNG_TMEM_COPY: return "tcgen05 cp";
  case IR_OP_TTNG_TMEM_LOAD: return "TMEM read";
  case IR_OP_TTNG_TMEM_STORE: return "TMEM write";
  case IR_OP_TTG_LOCAL_LOAD: return "read";
  case IR_OP_TTG_LOCAL_STORE: return "write";
  case IR_OP_TT_LOAD: return "global load";
  case IR_OP_TT_STORE: return "global store";
  case IR_OP_TTNG_FENCE_ASYNC_SHARED: return "fence.proxy.async";
  case IR_OP_TTNG_FENCE: return "fence";
  case IR_OP_TTG_ASYNC_COPY_G2L: return "cp.async";
  case IR_OP_TTG_ASYNC_COMMIT_GROUP: return "cp.async commit";
  case IR_OP_TTG_ASYNC_WAIT: return "cp.async wait";
  case IR_OP_TTG_WARP_SPECIALIZE: return "warp_specialize";
  default: break;
  }
  const char *name = ir_ops[op->code].name;
  const char *dot = strchr(name, '.');
  return dot ? dot + 1 : name;
}

bool tr_op_is_wait(const ir_op *op) {
  return op && (op->code == IR_OP_TTNG_WAIT_BARRIER || op->code == IR_OP_AMDG_WAIT_BARRIER);
}

bool tr_op_is_async_wait(const ir_op *op) {
  return op && ir_ops[op->code].cls == IR_C_ASYNC_WAIT;
}

const char *tr_basename(const char *path) {
  const char *s = path ? strrchr(path, '/') : NULL;
  return s ? s + 1 : (path ? path : "");
}

char *tr_loc_line(ir_loc loc, char *buf, size_t n) {
  if (!loc.file || !loc.line) {
    if (n) buf[0] = 0;
    return buf;
  }
  snprintf(buf, n, "%s:%u", tr_basename(loc.file), loc.line);
  return buf;
}
