/* ir_view.c: the one chase from a memdesc view back to the allocation it views (tlx-ir.md
 * §1.7 for partition captures). Every module that asks "which buffer is this?" statically
 * walks here: traces/ (protocol rings), symbolic/ (rings of the Z3 model), sim/ (AMD LDS
 * accesses), verify/ (barrier rings of static argument checks). The walk reads only the IR;
 * which edges it follows is the caller's choice (IR_VIEW_* flags), so each keeps the
 * precision it had. */
#include <assert.h>

#include "ir.h"

/* Views that keep the slot of a ring: they neither index nor move the base. */
bool ir_view_keeps_slot(ir_opcode code) {
  return code == IR_OP_TTG_MEMDESC_TRANS || code == IR_OP_TTG_MEMDESC_RESHAPE ||
         code == IR_OP_TTG_MEMDESC_REINTERPRET || code == IR_OP_TTG_MEMDESC_SUBSLICE ||
         code == IR_OP_TTNG_TMEM_SUBSLICE;
}

/* The loop a block argument is an iteration argument of, and the index of its initial value
 * among the loop's inits; NULL for anything else (the induction variable, the after region
 * of an scf.while, blocks past the entry, other ops). */
static const ir_op *loop_of_arg(const ir_value *v, uint32_t *k) {
  const ir_region *rg = v->block ? v->block->parent : NULL;
  const ir_op *p = rg ? rg->parent : NULL;
  if (!p || v->block != rg->blocks[0]) return NULL;
  if (p->code == IR_OP_SCF_FOR && v->arg_idx >= 1) {
    *k = v->arg_idx - 1;
    return p;
  }
  if (p->code == IR_OP_SCF_WHILE && rg == p->regions[0]) {
    *k = v->arg_idx;
    return p;
  }
  return NULL;
}

uint32_t ir_view_sources(const ir_value *v, unsigned how, const ir_value *src[2]) {
  if (!v) return 0;
  if (v->def) {
    const ir_op *d = v->def;
    if (ir_ops[d->code].cls != IR_C_VIEW || !d->n_operands) return 0;
    if (d->code == IR_OP_TTG_MEMDESC_INDEX && (how & IR_VIEW_STOP_INDEX)) return 0;
    if ((how & IR_VIEW_ALL) || ((how & IR_VIEW_SLOT) && ir_view_keeps_slot(d->code))) {
      src[0] = d->operands[0];
      return 1;
    }
    return 0;
  }
  if (how & IR_VIEW_CAPTURES) {
    const ir_value *cap = ir_ws_capture(v);
    if (cap) {
      src[0] = cap;
      return 1;
    }
  }
  uint32_t k, n = 0;
  const ir_op *loop = how & (IR_VIEW_LOOP_INIT | IR_VIEW_LOOP_YIELD) ? loop_of_arg(v, &k) : NULL;
  if (!loop) return 0;
  /* with the yielded value too, only scf.for: an scf.while's is its condition's operand */
  if ((how & IR_VIEW_LOOP_YIELD) && loop->code != IR_OP_SCF_FOR) return 0;
  int seg = loop->code == IR_OP_SCF_FOR ? IR_SEG_SCF_FOR_INITS : IR_SEG_SCF_WHILE_INITS;
  uint32_t ni = 0;
  if (!ir_seg(loop, seg, &ni) || k >= ni) return 0;
  src[n++] = loop->operands[loop->seg_start[seg] + k];
  if (how & IR_VIEW_LOOP_YIELD) {
    const ir_op *y = v->block->last;
    if (!y || y->code != IR_OP_SCF_YIELD || k >= y->n_operands) return 0;
    src[n++] = y->operands[k];
  }
  return n;
}

const ir_value *ir_view_follow(const ir_value *v, unsigned how) {
  assert(!(how & IR_VIEW_LOOP_YIELD));
  for (int steps = 0; v && steps < IR_VIEW_MAX_STEPS; steps++) {
    const ir_value *src[2];
    if (!ir_view_sources(v, how, src)) return v;
    v = src[0];
  }
  return NULL;
}

const ir_op *ir_view_origin(const ir_value *v, unsigned how, ir_view_arg_fn arg, void *ud) {
  assert(!(how & IR_VIEW_LOOP_YIELD)); /* two sources: the caller walks ir_view_sources */
  for (int steps = 0; v && steps < IR_VIEW_MAX_STEPS; steps++) {
    const ir_value *src[2];
    if (ir_view_sources(v, how, src)) {
      v = src[0];
      continue;
    }
    if (!v->def) {
      v = arg ? arg(ud, v) : NULL;
      continue;
    }
    const ir_op *d = v->def;
    if (ir_ops[d->code].cls == IR_C_ALLOC) return d;
    return d->code == IR_OP_TTG_MEMDESC_INDEX && (how & IR_VIEW_STOP_INDEX) ? d : NULL;
  }
  return NULL;
}
