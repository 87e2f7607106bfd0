/* sim_compile_sym_parts.c: when may the LDS parts of the waves be permuted (sim_sym.c, part mode)?
 * A wave's store writes its part of the footprint (sim_amd_share: part k of n equal parts), so
 * the waves of a group are interchangeable only together with their parts, and then the parts
 * of every group at once (part k of one group meets part k of another). Such a permutation of
 * the parts keeps every overlap the race checker asks about when each allocation that some
 * wave stores its part of is accessed, by every op, through the same kind of view: always
 * the whole allocation, or always one slot of it (ttg.memdesc_index of the allocation). Then
 * two accesses are to the same bytes or to disjoint ones, and parts of one footprint meet
 * another access either all or none. TDM copies (their parts also set byte counts) keep the
 * kernel out. Ownership: nothing allocated survives the call. */
#include <stdlib.h>

#include "sim/sim_sym.h"
#include "sim_internal.h"

enum { K_WHOLE = 1, K_SLOT = 2, K_OTHER = 4 };

/* How v views its allocation (through captures and loop-carried values that agree). */
static int kind_of(const ir_value *v, const ir_op **alloc, int depth) {
  if (!v || depth > 16) return K_OTHER;
  const ir_op *d = v->def;
  if (d && d->code == IR_OP_TTG_LOCAL_ALLOC) {
    *alloc = d;
    return K_WHOLE;
  }
  if (d && d->code == IR_OP_TTG_MEMDESC_INDEX && d->n_operands) {
    const ir_op *a = NULL;
    if (kind_of(d->operands[0], &a, depth + 1) != K_WHOLE) return K_OTHER;
    *alloc = a;
    return K_SLOT;
  }
  if (d) return K_OTHER;
  const ir_value *src[2];
  uint32_t n = ir_view_sources(v, IR_VIEW_CAPTURES | IR_VIEW_LOOP_INIT | IR_VIEW_LOOP_YIELD, src);
  if (!n) return K_OTHER;
  const ir_op *a1 = NULL;
  int k1 = kind_of(src[0], &a1, depth + 1);
  for (uint32_t j = 1; j < n; j++) {
    const ir_op *a2 = NULL;
    if (kind_of(src[j], &a2, depth + 1) != k1 || a2 != a1) return K_OTHER;
  }
  *alloc = a1;
  return k1;
}

typedef struct pctx {
  uint8_t *kinds;              /* per op id (an allocation): the view kinds of its accesses */
  uint8_t *parted;             /* per op id: some wave stores its part of it */
  uint32_t n_ops;
  bool fail;
} pctx;

static void note(pctx *c, const ir_value *v, bool parted) {
  const ir_op *a = NULL;
  int k = kind_of(v, &a, 0);
  if (!a || a->id >= c->n_ops) {
    c->fail = true; /* an access of an allocation the chase does not find */
    return;
  }
  c->kinds[a->id] |= (uint8_t)k;
  if (parted) c->parted[a->id] = 1;
}

static void walk(pctx *c, const ir_block *b) {
  for (const ir_op *op = b->first; op && !c->fail; op = op->next) {
    ir_opclass cls = ir_ops[op->code].cls;
    switch (op->code) {
    case IR_OP_AMDG_TDM_G2L: case IR_OP_AMDG_TDM_L2G: case IR_OP_AMDG_TDM_FUSED_G2L:
    case IR_OP_AMDG_TDM_GATHER: case IR_OP_AMDG_TDM_SCATTER:
      c->fail = true;
      return;
    default: break;
    }
    const ir_value *t = sim_compile_lds_write_target(op);
    if (t) note(c, t, true);
    bool access = cls != IR_C_VIEW && cls != IR_C_CONTROL && cls != IR_C_SPECIAL && cls != IR_C_META &&
                  op->code != IR_OP_TTG_LOCAL_DEALLOC && op->code != IR_OP_TTG_LOCAL_ALLOC;
    for (uint32_t k = 0; access && k < op->n_operands; k++) {
      const ir_value *v = op->operands[k];
      if (v && v != t && v->type && v->type->kind == IR_T_MEMDESC) note(c, v, false);
    }
    for (uint32_t r = 0; r < op->n_regions; r++)
      for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++) walk(c, op->regions[r]->blocks[k]);
  }
}

bool sim_sym_parts_ok(const sim_machine *m) {
  const ir_op *f = m->fn ? m->fn->op : NULL;
  if (!f) return false;
  pctx c = {.n_ops = m->fn->n_ops + 1};
  c.kinds = ir_xcalloc(c.n_ops, 1);
  c.parted = ir_xcalloc(c.n_ops, 1);
  for (uint32_t r = 0; r < f->n_regions && !c.fail; r++)
    for (uint32_t b = 0; b < f->regions[r]->n_blocks; b++) walk(&c, f->regions[r]->blocks[b]);
  bool ok = !c.fail;
  for (uint32_t id = 0; id < c.n_ops && ok; id++)
    ok = !c.parted[id] || c.kinds[id] == K_WHOLE || c.kinds[id] == K_SLOT;
  free(c.kinds);
  free(c.parted);
  return ok;
}
