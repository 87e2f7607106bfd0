/* sim_amd_waves.c: what in an AMD kernel depends on which wave runs it (semantics.md §8.2):
 * the values computed from the thread id, the control flow they steer (a barrier inside it is
 * in wave-divergent control flow: amd.barrier-divergent), and the wave classes that decide
 * which waves the model runs. In Triton's IR every scalar is uniform across the workgroup
 * except what is computed from the thread id (rocdl.workitem.id.x, gpu.thread_id), which only
 * the AMD passes insert: the block ping-pong's and the warp pipeline's wave groups
 * (BlockPingpong.cpp addAsymmetricSyncToLoop: tid / 256, then cond_barrier on == 0 / != 0). */
#include <stdlib.h>

#include "sim_amd.h"
#include "sim_size.h"

/* The analysis state: one flag per IR value (wave-dependent) and per op (a control op whose
 * condition or bounds are wave-dependent). */
typedef struct wctx {
  const ir_func *fn;
  uint8_t *dep;                /* per value id */
  uint8_t *ctl;                /* per op id */
  bool changed;
} wctx;

static bool is_tid(ir_opcode c) { return c == IR_OP_ROCDL_WORKITEM_ID_X || c == IR_OP_GPU_THREAD_ID; }

static bool dep(const wctx *c, const ir_value *v) { return v && v->id < c->fn->n_values && c->dep[v->id]; }

static void set(wctx *c, const ir_value *v, bool d) {
  if (d && v && v->id < c->fn->n_values && !c->dep[v->id]) {
    c->dep[v->id] = 1;
    c->changed = true;
  }
}

static void set_ctl(wctx *c, const ir_op *op, bool d) {
  if (d && op->id < c->fn->n_ops && !c->ctl[op->id]) {
    c->ctl[op->id] = 1;
    c->changed = true;
  }
}

static bool any_operand(const wctx *c, const ir_op *op, uint32_t lo, uint32_t hi) {
  for (uint32_t k = lo; k < hi && k < op->n_operands; k++)
    if (dep(c, op->operands[k])) return true;
  return false;
}

/* Operand k of the terminator of region r's entry block (a yield), or NULL. */
static const ir_value *yielded(const ir_op *op, uint32_t r, uint32_t k) {
  if (r >= op->n_regions || !op->regions[r]->n_blocks) return NULL;
  const ir_op *y = op->regions[r]->blocks[0]->last;
  return y && k < y->n_operands ? y->operands[k] : NULL;
}

/* Does any op nested in op's regions read a wave-dependent value? */
static bool nested_dep(const wctx *c, const ir_op *op) {
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next)
        if (any_operand(c, o, 0, o->n_operands) || nested_dep(c, o)) return true;
  return false;
}

static void walk_block(wctx *c, const ir_block *b);

static void walk_regions(wctx *c, const ir_op *op) {
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++) walk_block(c, op->regions[r]->blocks[b]);
}

/* scf.for: a wave-dependent bound or step gives the waves different trip counts, so every
 * value the loop carries, and the loop's control, depend on the wave. */
static void walk_for(wctx *c, const ir_op *op) {
  bool ctl = op->n_segs >= 3 && any_operand(c, op, op->seg_start[0], op->seg_start[3]);
  set_ctl(c, op, ctl);
  const ir_block *body = op->n_regions && op->regions[0]->n_blocks ? op->regions[0]->blocks[0] : NULL;
  uint32_t init = op->n_segs >= 4 ? op->seg_start[3] : op->n_operands;
  if (body && body->n_args) set(c, body->args[0], ctl);
  for (uint32_t k = 0; body && k + 1 < body->n_args; k++) {
    bool d = ctl || (init + k < op->n_operands && dep(c, op->operands[init + k])) || dep(c, yielded(op, 0, k));
    set(c, body->args[k + 1], d);
    if (k < op->n_results) set(c, op->results[k], d);
  }
  walk_regions(c, op);
}

/* scf.if: a wave-dependent condition sends the waves different ways; each result is the
 * value one branch yields. */
static void walk_if(wctx *c, const ir_op *op) {
  bool ctl = any_operand(c, op, 0, 1);
  set_ctl(c, op, ctl);
  walk_regions(c, op);
  for (uint32_t k = 0; k < op->n_results; k++)
    set(c, op->results[k], ctl || dep(c, yielded(op, 0, k)) || dep(c, yielded(op, 1, k)));
}

/* scf.while: region 0 (before) ends in scf.condition(%c) args, region 1 (do) yields the next
 * arguments of region 0. */
static void walk_while(wctx *c, const ir_op *op) {
  if (op->n_regions < 2 || !op->regions[0]->n_blocks || !op->regions[1]->n_blocks) {
    walk_regions(c, op);
    return;
  }
  const ir_block *before = op->regions[0]->blocks[0], *after = op->regions[1]->blocks[0];
  const ir_op *cond = before->last;
  bool ctl = cond && cond->n_operands && dep(c, cond->operands[0]);
  set_ctl(c, op, ctl);
  for (uint32_t k = 0; k < before->n_args; k++)
    set(c, before->args[k], ctl || (k < op->n_operands && dep(c, op->operands[k])) || dep(c, yielded(op, 1, k)));
  for (uint32_t k = 0; cond && k + 1 < cond->n_operands; k++) {
    bool d = ctl || dep(c, cond->operands[k + 1]);
    if (k < after->n_args) set(c, after->args[k], d);
    if (k < op->n_results) set(c, op->results[k], d);
  }
  walk_regions(c, op);
}

static void walk_block(wctx *c, const ir_block *b) {
  for (const ir_op *op = b->first; op; op = op->next) {
    switch (op->code) {
    case IR_OP_SCF_FOR: walk_for(c, op); break;
    case IR_OP_SCF_IF: walk_if(c, op); break;
    case IR_OP_SCF_WHILE: walk_while(c, op); break;
    default: {
      /* any other op: its results depend on the wave when an operand does, or, for an op with
       * regions (scf.execute_region, tt.reduce, ...), when anything inside reads such a value */
      bool d = is_tid(op->code) || any_operand(c, op, 0, op->n_operands) || (op->n_regions && nested_dep(c, op));
      for (uint32_t k = 0; k < op->n_results; k++) set(c, op->results[k], d);
      walk_regions(c, op);
    }
    }
  }
}

void sim_amd_wave_deps(sim_machine *m) {
  const ir_func *fn = m->fn;
  wctx c = {.fn = fn, .dep = ir_xcalloc(fn->n_values + 1, 1), .ctl = ir_xcalloc(fn->n_ops + 1, 1)};
  const ir_op *f = fn->op;
  do {
    c.changed = false;
    for (uint32_t r = 0; f && r < f->n_regions; r++)
      for (uint32_t b = 0; b < f->regions[r]->n_blocks; b++) walk_block(&c, f->regions[r]->blocks[b]);
  } while (c.changed);
  m->amd_wdep = c.dep;
  m->amd_wctl = c.ctl;
}

const ir_op *sim_amd_wave_ctl(const sim_machine *m, const ir_op *op) {
  if (!m->amd_wctl || !op) return NULL;
  for (const ir_block *b = op->parent; b && b->parent && b->parent->parent; b = b->parent->parent->parent) {
    const ir_op *p = b->parent->parent;
    if (p->id < m->fn->n_ops && m->amd_wctl[p->id]) return p;
  }
  return NULL;
}

bool sim_amd_bar_divergent(const sim_machine *m, uint32_t pc) {
  const sim_ins *i = &m->code[pc];
  /* cond_barrier is the barrier meant to run in some waves only: the phase shift of a wave
   * group (BlockPingpong.cpp, ConvertWarpPipeline.cpp) */
  return i->code != IR_OP_AMDG_COND_BARRIER && sim_amd_wave_ctl(m, i->op) != NULL;
}
