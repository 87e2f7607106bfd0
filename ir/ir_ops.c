/* ir_ops.c: the op table (ops.def) expanded into ir_ops[] and a name lookup. */
#include <ctype.h>
#include <stdio.h>
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
    /* gfx1250: LDS mbarriers and TDM copies the AMD model runs (sim_amd_mbar.c, docs/amd-gfx1250.md);
     * clusters, fused TDM and async L2G copies it refuses on every AMD target (amd_refusal) */
    [IR_OP_AMDG_INIT_BARRIER] = IR_F_SIM_AMD,
    [IR_OP_AMDG_ARRIVE_BARRIER] = IR_F_SIM_AMD,
    [IR_OP_AMDG_WAIT_BARRIER] = IR_F_SIM_AMD,
    [IR_OP_AMDG_TDM_G2L] = IR_F_SIM_AMD,
    [IR_OP_AMDG_TDM_WAIT] = IR_F_SIM_AMD,
    [IR_OP_AMDG_CLUSTER_BARRIER_ARRIVE] = IR_F_SIM_AMD,
    [IR_OP_AMDG_CLUSTER_BARRIER_WAIT] = IR_F_SIM_AMD,
    [IR_OP_AMDG_ASYNC_COPY_MBARRIER_ARRIVE] = IR_F_SIM_AMD,
    [IR_OP_AMDG_TDM_INTRINSIC_WAIT] = IR_F_SIM_AMD,
    [IR_OP_AMDG_ASYNC_COPY_L2G] = IR_F_SIM_AMD,
    [IR_OP_AMDG_TDM_L2G] = IR_F_SIM_AMD,
    [IR_OP_AMDG_TDM_FUSED_G2L] = IR_F_SIM_AMD,
    [IR_OP_AMDG_TDM_GATHER] = IR_F_SIM_AMD,
    [IR_OP_AMDG_TDM_SCATTER] = IR_F_SIM_AMD,
    [IR_OP_AMDG_LOCAL_LOAD_PACKED_TRANSPOSED] = IR_F_SIM_NO,
    [IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW] = IR_F_SIM_NO,
    /* the fork's high-level cluster launch control (the model checks its lowered form) */
    [IR_OP_TTNG_CLC_ADVANCE] = IR_F_SIM_NO,
    [IR_OP_TTNG_CLC_TRY_CANCEL_ASYNC] = IR_F_SIM_NO,
    [IR_OP_TTNG_CLC_READ] = IR_F_SIM_NO,
    [IR_OP_TLX_SET_BUFFER_OVERLAP] = IR_F_SIM_NO,   /* reuse-group placement (sim_alias.c) */
    /* AMD ops of gfx942 / gfx950 the AMD model runs (sim_amd_ops.c) */
    [IR_OP_ROCDL_S_BARRIER] = IR_F_SIM_AMD,
    [IR_OP_AMDG_COND_BARRIER] = IR_F_SIM_AMD,
    [IR_OP_AMDG_ASYNC_WAIT] = IR_F_SIM_AMD,
    [IR_OP_AMDG_MEMORY_COUNTER_WAIT] = IR_F_SIM_AMD,
    [IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL] = IR_F_SIM_AMD,
    [IR_OP_ROCDL_WORKITEM_ID_X] = IR_F_SIM_AMD,
};

ir_opcode ir_op_lookup(const char *name, size_t len) {
  /* Linear scan over ~230 names; the parser caches by interned name, so this is cold. */
  for (int i = 0; i < IR_OP__COUNT; i++)
    if (strlen(ir_ops[i].name) == len && !memcmp(ir_ops[i].name, name, len)) return (ir_opcode)i;
  return IR_OP__COUNT;
}

void ir_segs_header(FILE *out) {
  static const char *const ids[IR_OP__COUNT] = {
#define X(id, name, cls, segs) #id,
#include "ops.def"
#undef X
  };
  fputs("/* ir_segs.h: GENERATED from ir/ops.def by ir_segs_header (ir_ops.c); do not edit. Regenerate\n"
        " * with: REGEN=1 build/tests/test_ir_segs (tests/unit/test_ir_segs.c checks it is current).\n"
        " * IR_SEG_<OP>_<SEGMENT>: the index of an operand segment for ir_seg(op, k, &n), so that no\n"
        " * caller writes a segment number by hand.\n"
        " * Ownership: constants only. */\n"
        "#ifndef TLXV_IR_SEGS_H\n#define TLXV_IR_SEGS_H\n\nenum {\n", out);
  for (int i = 0; i < IR_OP__COUNT; i++) {
    const char *s = ir_ops[i].segs;
    for (int k = 0; *s; k++) {
      while (*s == ' ') s++;
      const char *e = s;
      while (*e && *e != ' ' && *e != '?' && *e != '*') e++;
      fprintf(out, "  IR_SEG_%s_", ids[i]);
      for (const char *c = s; c < e; c++) fputc(toupper((unsigned char)*c), out);
      fprintf(out, " = %d,\n", k);
      while (*e && *e != ' ') e++;
      s = e;
      while (*s == ' ') s++;
    }
  }
  fputs("};\n\n#endif\n", out);
}

const char *ir_opclass_name(ir_opclass c) {
  static const char *const names[] = {"scalar", "tensor", "view", "alloc", "memory",
                                      "barrier", "async", "async-wait", "fence", "control",
                                      "special", "query", "meta"};
  return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "?";
}
