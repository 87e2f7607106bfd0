/* ir_ops.c: the op table (ops.def) expanded into ir_ops[] and a name lookup. */
#include <string.h>

#include "ir.h"

const ir_opinfo ir_ops[IR_OP__COUNT] = {
#define X(id, name, cls, segs) {name, cls, segs},
#include "ops.def"
#undef X
};

const unsigned char ir_op_flags[IR_OP__COUNT] = {
    [IR_OP_SCF_YIELD] = IR_F_TERMINATOR,
    [IR_OP_SCF_CONDITION] = IR_F_TERMINATOR,
    [IR_OP_TTG_WARP_YIELD] = IR_F_TERMINATOR,
    [IR_OP_TTG_WARP_RETURN] = IR_F_TERMINATOR,
    [IR_OP_TT_REDUCE_RETURN] = IR_F_TERMINATOR,
    [IR_OP_TT_SCAN_RETURN] = IR_F_TERMINATOR,
    [IR_OP_TT_MAP_ELEMENTWISE_RETURN] = IR_F_TERMINATOR,
    [IR_OP_TTNG_TMA_PREFETCH] = IR_F_LW_NOOP,      /* cache hints: no semantic effect */
    [IR_OP_TTNG_PREFETCH_TENSORMAP] = IR_F_LW_NOOP,
    [IR_OP_AMDGPU_SCHED_BARRIER] = IR_F_LW_NOOP,   /* scheduling hints */
    [IR_OP_ROCDL_SCHED_BARRIER] = IR_F_LW_NOOP,
    [IR_OP_ROCDL_S_SETPRIO] = IR_F_LW_NOOP,
    [IR_OP_PROTON_RECORD] = IR_F_LW_NOOP,          /* the kernel is lowered unprofiled */
    [IR_OP_TTG_LOCAL_DEALLOC] = IR_F_LW_NOOP,      /* the plan never reuses memory */
    [IR_OP_LLVM_INTR_ASSUME] = IR_F_LW_NOOP,       /* an optimization hint */
};

ir_opcode ir_op_lookup(const char *name, size_t len) {
  /* Linear scan over ~230 names; the parser caches by interned name, so this is cold. */
  for (int i = 0; i < IR_OP__COUNT; i++)
    if (strlen(ir_ops[i].name) == len && !memcmp(ir_ops[i].name, name, len)) return (ir_opcode)i;
  return IR_OP__COUNT;
}

const char *ir_opclass_name(ir_opclass c) {
  static const char *const names[] = {"scalar", "tensor", "view", "alloc", "memory",
                                      "barrier", "async", "async-wait", "fence", "control",
                                      "special", "query", "meta"};
  return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}
