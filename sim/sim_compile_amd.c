/* sim_compile_amd.c: the attributes the AMD model's build-time analyses read (the wave analysis
 * sim_compile_amd_waves.c, Membar's barriers sim_compile_amd_membar.c, warp pipelines sim_compile_amd_wpipe.c, the op
 * checks sim_amd_machine.c / sim_amd_mbar.c): they walk the IR once while the machine is built,
 * before there are instructions, and ask the compiler for what an op's attributes say
 * (tests/cli/sim_ir_reads.sh: only sim_compile*.c read attributes). */
#include <assert.h>

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

void sim_compile_amd_ins(sim_machine *m) {
  assert(m->amd_gfx && !m->amd_ctl);
  /* the first instruction of each op, for the construct a divergent barrier names */
  ir_pmap first = {0};
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    const ir_op *op = m->code[pc].op;
    if (!op) continue;
    void **slot = ir_pmap_slot(&first, op, true);
    if (!*slot) *slot = (void *)(uintptr_t)(pc + 1);
  }
  if (m->amd_wctl) m->amd_ctl = ir_xcalloc(m->n_code + 1, sizeof *m->amd_ctl);
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    sim_ins *i = &m->code[pc];
    const ir_op *op = i->op;
    if (!op) continue;
    if (m->amd_wp && op->id < m->fn->n_ops && (m->amd_wp[op->id] & SIM_WP_INSIDE)) i->af |= SIM_AF_WP_INSIDE;
    const ir_op *ctl = m->amd_ctl ? sim_amd_wave_ctl(m, op) : NULL;
    if (ctl) {
      void **slot = ir_pmap_slot(&first, ctl, false);
      m->amd_ctl[pc] = slot && *slot ? (uint32_t)(uintptr_t)*slot : UINT32_MAX;
    }
  }
  ir_pmap_free(&first);
}

/* A layout that puts the same elements in several CTAs: a CGALayout basis of zeros (the
 * "block" dimension is free, Triton's getFreeVariableMasks), or the older form with a
 * CTASplitNum below CTAsPerCGA; no CGA layout at all counts as unknown (true). */
static bool enc_broadcasts(const ir_encoding *e) {
  if (!e) return false;
  if (e->cta_layout) {
    const ir_attr *l = e->cta_layout;
    if (l->kind != IR_A_ARRAY) return true;
    for (uint32_t k = 0; k < l->n; k++) {
      const ir_attr *row = l->elems[k];
      if (!row || row->kind != IR_A_ARRAY) return true;
      bool zero = true;
      for (uint32_t d = 0; d < row->n; d++)
        if (!row->elems[d] || row->elems[d]->kind != IR_A_INT || row->elems[d]->ival) zero = false;
      if (zero) return true;
    }
    return false;
  }
  bool old = false;
  for (int d = 0; d < IR_MAX_RANK; d++)
    if (e->ctas_per_cga[d]) {
      old = true;
      if (e->cta_split_num[d] < e->ctas_per_cga[d]) return true;
    }
  return !old;
}

bool sim_compile_amd_cta_broadcast(const ir_op *op) {
  for (uint32_t k = 0; k < op->n_operands; k++) {
    const ir_type *t = op->operands[k]->type;
    if ((t->kind == IR_T_MEMDESC || t->kind == IR_T_TENSOR) && enc_broadcasts(ir_type_encoding(t))) return true;
  }
  return false;
}
