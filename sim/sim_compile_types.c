/* sim_compile_types.c: the value types the step loop reads, decoded once after the code is
 * compiled (sim_internal.h sim_tref): every distinct ir_type of the program once in
 * m->vtypes (types are uniqued per module, so a pointer names one), each instruction's operand
 * and result types as entries of m->trefs, each allocation's type in sim_alloc.vt. Running an
 * instruction reads these (ins_tin, ins_tout, ins_tseg) and never the ir_type
 * (tests/cli/sim_ir_reads.sh). */
#include <assert.h>

#include "sim_internal.h"

typedef struct tctx {
  sim_machine *m;
  ir_pmap ix; /* ir_type -> its index in m->vtypes, stored + 1 */
} tctx;

static uint16_t type_ix(tctx *c, const ir_type *t) {
  if (!t) return 0;
  void **slot = ir_pmap_slot(&c->ix, t, true);
  if (!*slot) {
    sim_machine *m = c->m;
    assert(m->n_vtypes < UINT16_MAX);
    m->vtypes = ir_grow(m->vtypes, &m->cap_vtypes, m->n_vtypes + 1, sizeof *m->vtypes);
    sim_vtype_decode(t, &m->vtypes[m->n_vtypes]);
    *slot = (void *)(uintptr_t)(m->n_vtypes + 1);
    m->n_vtypes++;
  }
  return (uint16_t)((uintptr_t)*slot - 1);
}

/* Views that keep their source's bytes but not its dimensions (their result is irregular:
 * SIM_VIEW_IRREG, sim_view.c). */
static bool permutes(const ir_op *op) {
  return op && (op->code == IR_OP_TTG_MEMDESC_TRANS || op->code == IR_OP_TTG_MEMDESC_RESHAPE ||
                op->code == IR_OP_TTG_MEMDESC_REINTERPRET || op->code == IR_OP_TLX_LOCAL_ALIAS);
}

/* The type of the view a chain of permuting views ending at v started from, when that one is
 * a memdesc made by no permutation (sim_view_fp: an irregular view covers its bytes); 0 when
 * there is none. */
static uint16_t perm_source(tctx *c, const ir_value *v) {
  const ir_value *src = v;
  for (int k = 0; k < 16 && src->def && permutes(src->def) && src->def->n_operands; k++)
    src = src->def->operands[0];
  if (src != v && src->type && src->type->kind == IR_T_MEMDESC && !(src->def && permutes(src->def)))
    return type_ix(c, src->type);
  return 0;
}

static void add_ref(tctx *c, const ir_value *v) {
  sim_machine *m = c->m;
  m->trefs = ir_grow(m->trefs, &m->cap_trefs, m->n_trefs + 1, sizeof *m->trefs);
  m->trefs[m->n_trefs++] = (sim_tref){.t = type_ix(c, v->type), .src = perm_source(c, v)};
}

void sim_compile_types(sim_machine *m) {
  tctx c = {.m = m};
  m->n_vtypes = m->n_trefs = 0;
  m->vtypes = ir_grow(m->vtypes, &m->cap_vtypes, 1, sizeof *m->vtypes);
  sim_vtype_decode(NULL, &m->vtypes[m->n_vtypes++]); /* index 0: no type */
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    sim_ins *i = &m->code[pc];
    const ir_op *op = i->op;
    i->vt = m->n_trefs;
    i->n_top = i->n_tres = 0;
    if (!op) continue;
    assert(op->n_operands <= UINT16_MAX && op->n_results <= UINT16_MAX);
    i->n_top = (uint16_t)op->n_operands;
    i->n_tres = (uint16_t)op->n_results;
    for (uint32_t k = 0; k < op->n_operands; k++) add_ref(&c, op->operands[k]);
    for (uint32_t k = 0; k < op->n_results; k++) add_ref(&c, op->results[k]);
  }
  for (uint32_t a = 1; a < m->n_allocs; a++) {
    const ir_op *op = m->allocs[a].op;
    m->allocs[a].vt = op && op->n_results ? type_ix(&c, op->results[0]->type) : 0;
  }
  ir_pmap_free(&c.ix);
}
