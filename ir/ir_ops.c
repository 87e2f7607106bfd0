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
    [IR_OP_TTNG_SUBTILED_REGION_YIELD] = IR_F_TERMINATOR,
    [IR_OP_TTNG_TMA_PREFETCH] = IR_F_LW_NOOP,      /* cache hints: no semantic effect */
    [IR_OP_TTNG_PREFETCH_TENSORMAP] = IR_F_LW_NOOP,
    [IR_OP_AMDGPU_SCHED_BARRIER] = IR_F_LW_NOOP,   /* scheduling hints */
    [IR_OP_ROCDL_SCHED_BARRIER] = IR_F_LW_NOOP,
    [IR_OP_ROCDL_S_SETPRIO] = IR_F_LW_NOOP,
    [IR_OP_PROTON_RECORD] = IR_F_LW_NOOP,          /* the kernel is lowered unprofiled */
    [IR_OP_PTG_CIRCULAR_STORE] = IR_F_LW_NOOP,     /* Proton's profiler (ops.def): as proton.record */
    [IR_OP_PTG_INITIALIZE] = IR_F_LW_NOOP, [IR_OP_PTG_FINALIZE] = IR_F_LW_NOOP,
    [IR_OP_PTG_SEGMENT_ALLOC] = IR_F_LW_NOOP, [IR_OP_PTG_INIT_CTX] = IR_F_LW_NOOP,
    [IR_OP_PTG_RESTORE_CTX] = IR_F_LW_NOOP, [IR_OP_PTG_SAVE_CTX] = IR_F_LW_NOOP,
    [IR_OP_TTG_LOCAL_DEALLOC] = IR_F_LW_NOOP,      /* the plan reads it (lw_plan.c reuse pool) */
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
    /* the fork's high-level cluster launch control (the model checks its lowered form) */
    [IR_OP_TTNG_CLC_ADVANCE] = IR_F_SIM_NO,
    [IR_OP_TTNG_CLC_TRY_CANCEL_ASYNC] = IR_F_SIM_NO,
    [IR_OP_TTNG_CLC_READ] = IR_F_SIM_NO,
    /* the fork's abstract 2-CTA peer gather: checked in its materialized form (sim_compile.c) */
    [IR_OP_TTNG_TWO_CTA_PEER_GATHER] = IR_F_SIM_NO,
    /* AMD ops of gfx942 / gfx950 the AMD model runs (sim_amd_ops.c) */
    [IR_OP_ROCDL_S_BARRIER] = IR_F_SIM_AMD | IR_F_LW,
    [IR_OP_AMDG_COND_BARRIER] = IR_F_SIM_AMD | IR_F_LW,
    [IR_OP_AMDG_ASYNC_WAIT] = IR_F_SIM_AMD | IR_F_LW,
    [IR_OP_AMDG_MEMORY_COUNTER_WAIT] = IR_F_SIM_AMD,
    [IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL] = IR_F_SIM_AMD | IR_F_LW,
    [IR_OP_ROCDL_WORKITEM_ID_X] = IR_F_SIM_AMD | IR_F_LW,
    /* lowered by code of their own (a case label in lowering/lw_*.c: lw_func.c lw_lower_op and
     * the switches it calls); tests/cli/lw_column.sh checks that this column and those labels
     * agree. Ops of a class with a generic lowering (lw_lower_op) may still lower without it. */
    [IR_OP_TT_RETURN] = IR_F_LW, [IR_OP_TT_GET_PROGRAM_ID] = IR_F_LW,
    [IR_OP_TT_GET_NUM_PROGRAMS] = IR_F_LW, [IR_OP_TT_MAKE_RANGE] = IR_F_LW,
    [IR_OP_TT_SPLAT] = IR_F_LW, [IR_OP_TT_BROADCAST] = IR_F_LW, [IR_OP_TT_EXPAND_DIMS] = IR_F_LW,
    [IR_OP_TT_RESHAPE] = IR_F_LW, [IR_OP_TT_TRANS] = IR_F_LW, [IR_OP_TT_REDUCE] = IR_F_LW,
    [IR_OP_TT_SCAN] = IR_F_LW, [IR_OP_TT_JOIN] = IR_F_LW, [IR_OP_TT_SPLIT] = IR_F_LW,
    [IR_OP_TT_ADDPTR] = IR_F_LW, [IR_OP_TT_BITCAST] = IR_F_LW, [IR_OP_TT_INT_TO_PTR] = IR_F_LW,
    [IR_OP_TT_PTR_TO_INT] = IR_F_LW, [IR_OP_TT_FP_TO_FP] = IR_F_LW,
    [IR_OP_TT_PRECISE_DIVF] = IR_F_LW, [IR_OP_TT_PRECISE_SQRT] = IR_F_LW,
    [IR_OP_TT_MULHIUI] = IR_F_LW, [IR_OP_TT_CLAMPF] = IR_F_LW, [IR_OP_TT_LOAD] = IR_F_LW,
    [IR_OP_TT_ATOMIC_CAS] = IR_F_LW, [IR_OP_TT_ATOMIC_RMW] = IR_F_LW,
    [IR_OP_TT_STORE] = IR_F_LW, [IR_OP_TT_DOT] = IR_F_LW, [IR_OP_ARITH_CONSTANT] = IR_F_LW,
    [IR_OP_ARITH_ADDI] = IR_F_LW, [IR_OP_ARITH_SUBI] = IR_F_LW, [IR_OP_ARITH_MULI] = IR_F_LW,
    [IR_OP_ARITH_DIVSI] = IR_F_LW, [IR_OP_ARITH_DIVUI] = IR_F_LW, [IR_OP_ARITH_CEILDIVSI] = IR_F_LW,
    [IR_OP_ARITH_CEILDIVUI] = IR_F_LW, [IR_OP_ARITH_FLOORDIVSI] = IR_F_LW,
    [IR_OP_ARITH_REMSI] = IR_F_LW, [IR_OP_ARITH_REMUI] = IR_F_LW, [IR_OP_ARITH_ANDI] = IR_F_LW,
    [IR_OP_ARITH_ORI] = IR_F_LW, [IR_OP_ARITH_XORI] = IR_F_LW, [IR_OP_ARITH_SHLI] = IR_F_LW,
    [IR_OP_ARITH_SHRSI] = IR_F_LW, [IR_OP_ARITH_SHRUI] = IR_F_LW, [IR_OP_ARITH_MAXSI] = IR_F_LW,
    [IR_OP_ARITH_MINSI] = IR_F_LW, [IR_OP_ARITH_MAXUI] = IR_F_LW, [IR_OP_ARITH_MINUI] = IR_F_LW,
    [IR_OP_ARITH_ADDF] = IR_F_LW, [IR_OP_ARITH_SUBF] = IR_F_LW, [IR_OP_ARITH_MULF] = IR_F_LW,
    [IR_OP_ARITH_DIVF] = IR_F_LW, [IR_OP_ARITH_REMF] = IR_F_LW, [IR_OP_ARITH_NEGF] = IR_F_LW,
    [IR_OP_ARITH_MAXIMUMF] = IR_F_LW, [IR_OP_ARITH_MINIMUMF] = IR_F_LW,
    [IR_OP_ARITH_MAXNUMF] = IR_F_LW, [IR_OP_ARITH_MINNUMF] = IR_F_LW, [IR_OP_ARITH_CMPI] = IR_F_LW,
    [IR_OP_ARITH_CMPF] = IR_F_LW, [IR_OP_ARITH_SELECT] = IR_F_LW, [IR_OP_ARITH_EXTSI] = IR_F_LW,
    [IR_OP_ARITH_EXTUI] = IR_F_LW, [IR_OP_ARITH_TRUNCI] = IR_F_LW, [IR_OP_ARITH_SITOFP] = IR_F_LW,
    [IR_OP_ARITH_UITOFP] = IR_F_LW, [IR_OP_ARITH_FPTOSI] = IR_F_LW, [IR_OP_ARITH_FPTOUI] = IR_F_LW,
    [IR_OP_ARITH_EXTF] = IR_F_LW, [IR_OP_ARITH_TRUNCF] = IR_F_LW,
    [IR_OP_ARITH_INDEX_CAST] = IR_F_LW, [IR_OP_ARITH_INDEX_CASTUI] = IR_F_LW,
    [IR_OP_ARITH_BITCAST] = IR_F_LW, [IR_OP_MATH_EXP] = IR_F_LW, [IR_OP_MATH_EXP2] = IR_F_LW,
    [IR_OP_MATH_LOG] = IR_F_LW, [IR_OP_MATH_LOG2] = IR_F_LW, [IR_OP_MATH_SQRT] = IR_F_LW,
    [IR_OP_MATH_RSQRT] = IR_F_LW, [IR_OP_MATH_ABSF] = IR_F_LW, [IR_OP_MATH_ABSI] = IR_F_LW,
    [IR_OP_MATH_FMA] = IR_F_LW, [IR_OP_MATH_SIN] = IR_F_LW, [IR_OP_MATH_COS] = IR_F_LW,
    [IR_OP_MATH_TANH] = IR_F_LW, [IR_OP_MATH_FLOOR] = IR_F_LW, [IR_OP_MATH_CEIL] = IR_F_LW,
    [IR_OP_MATH_CTPOP] = IR_F_LW, [IR_OP_SCF_FOR] = IR_F_LW, [IR_OP_SCF_IF] = IR_F_LW,
    [IR_OP_SCF_WHILE] = IR_F_LW, [IR_OP_GPU_THREAD_ID] = IR_F_LW, [IR_OP_GPU_BARRIER] = IR_F_LW,
    [IR_OP_NVGPU_CLUSTER_ID] = IR_F_LW, [IR_OP_TTG_CLOCK64] = IR_F_LW,
    [IR_OP_TTG_LOCAL_ALLOC] = IR_F_LW, [IR_OP_TTG_LOCAL_LOAD] = IR_F_LW,
    [IR_OP_TTG_LOCAL_STORE] = IR_F_LW, [IR_OP_TTG_MEMDESC_INDEX] = IR_F_LW,
    [IR_OP_TTG_MEMDESC_SUBSLICE] = IR_F_LW, [IR_OP_TTG_MEMDESC_DYN_SUBSLICE] = IR_F_LW,
    [IR_OP_TTG_MEMDESC_TRANS] = IR_F_LW, [IR_OP_TTG_MEMDESC_RESHAPE] = IR_F_LW,
    [IR_OP_TTG_MEMDESC_REINTERPRET] = IR_F_LW, [IR_OP_TTG_CONVERT_LAYOUT] = IR_F_LW,
    [IR_OP_TTG_ASYNC_COPY_G2L] = IR_F_LW, [IR_OP_TTG_ASYNC_COMMIT_GROUP] = IR_F_LW,
    [IR_OP_TTG_ASYNC_WAIT] = IR_F_LW, [IR_OP_TTG_WARP_SPECIALIZE] = IR_F_LW,
    [IR_OP_TTG_BARRIER] = IR_F_LW, [IR_OP_TTNG_INIT_BARRIER] = IR_F_LW,
    [IR_OP_TTNG_INVAL_BARRIER] = IR_F_LW, [IR_OP_TTNG_BARRIER_EXPECT] = IR_F_LW,
    [IR_OP_TTNG_WAIT_BARRIER] = IR_F_LW, [IR_OP_TTNG_ARRIVE_BARRIER] = IR_F_LW,
    [IR_OP_TTNG_WAIT_BARRIER_NAMED] = IR_F_LW, [IR_OP_TTNG_ARRIVE_BARRIER_NAMED] = IR_F_LW,
    [IR_OP_TTNG_TMA_G2L] = IR_F_LW, [IR_OP_TTNG_TMA_L2G] = IR_F_LW,
    [IR_OP_TTNG_TMA_REDUCE] = IR_F_LW, [IR_OP_TTNG_TMA_STORE_WAIT] = IR_F_LW,
    [IR_OP_TTNG_FENCE_ASYNC_SHARED] = IR_F_LW, [IR_OP_TTNG_FENCE] = IR_F_LW,
    [IR_OP_TTNG_FENCE_MBARRIER_INIT] = IR_F_LW, [IR_OP_TTNG_WARP_GROUP_DOT] = IR_F_LW,
    [IR_OP_TTNG_WARP_GROUP_DOT_WAIT] = IR_F_LW, [IR_OP_TTNG_TMEM_ALLOC] = IR_F_LW,
    [IR_OP_TTNG_TMEM_LOAD] = IR_F_LW, [IR_OP_TTNG_TMEM_STORE] = IR_F_LW,
    [IR_OP_TTNG_TMEM_SUBSLICE] = IR_F_LW, [IR_OP_TTNG_TC_GEN5_MMA] = IR_F_LW,
    [IR_OP_TTNG_TC_GEN5_COMMIT] = IR_F_LW, [IR_OP_TTNG_MAP_TO_REMOTE_BUFFER] = IR_F_LW,
    [IR_OP_TTNG_CLUSTER_ARRIVE] = IR_F_LW, [IR_OP_TTNG_CLUSTER_WAIT] = IR_F_LW,
    [IR_OP_TTNG_CLUSTER_BARRIER] = IR_F_LW, [IR_OP_TTNG_CLUSTER_SIZE_1D] = IR_F_LW,
    [IR_OP_AMDG_BUFFER_LOAD] = IR_F_LW, [IR_OP_AMDG_BUFFER_STORE] = IR_F_LW,
    [IR_OP_TLX_REQUIRE_LAYOUT] = IR_F_LW, [IR_OP_TLX_RELEASE_LAYOUT] = IR_F_LW,
    [IR_OP_TLX_LOCAL_ALIAS] = IR_F_LW, [IR_OP_AMDG_IN_THREAD_TRANSPOSE] = IR_F_LW,
    [IR_OP_AMDG_UPCAST_MXFP] = IR_F_LW, [IR_OP_AMDG_SCALED_UPCAST_FP4] = IR_F_LW,
    [IR_OP_NVG_CLUSTER_ID] = IR_F_LW, [IR_OP_PTG_READ_COUNTER] = IR_F_LW,
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
