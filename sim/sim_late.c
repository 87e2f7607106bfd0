/* sim_late.c: late arrivals of invalidated mbarriers (semantics.md §1.5.1; docs/verifier.md
 * "Late arrivals"). mbarrier.inval while an async op (TMA, tcgen05.mma / commit, cp.async
 * arrive, bulk copy) still signals the barrier is undefined by the PTX ISA ("any mbarrier op
 * except init on an invalid object"), yet the arrival only writes the barrier's own 8 bytes:
 * it has an effect only when those bytes hold something else by then. So an inval with a
 * signaller in flight marks the barrier (sim_mbar.late) instead of stopping the path, and:
 * - the arrival landing on the still invalid barrier is a *warning* (UB, no effect);
 * - the barrier initialised again, or used by any mbarrier op, while the arrival is pending is
 *   an *error* (sim_ops_bar.c, sim_sync.c: the arrival would corrupt the live barrier);
 * - the arrival landing after the CTA exited is an *error* (its shared memory may already be
 *   another CTA's, as for any async op in flight at the exit, §9.3);
 * - an op touching an allocation that Triton's shared-memory allocator may place over the
 *   barrier's bytes (one defined after the barrier allocation's live range ended) while the
 *   arrival is pending is an *error* here: the arrival would write into that buffer.
 * Landings of pending arrivals depend on everything for the partial-order reduction
 * (sim_effects.c), so every order of a landing and such an access is explored. */
#include <stdio.h>
#include <stdlib.h>

#include "sim_internal.h"
#include "sim_size.h"

/* ------------------------------------------------------------------ static part */

/* The op that contains op (its parent block's region's op), or NULL at the top. */
static const ir_op *parent_op(const ir_op *op) {
  const ir_block *b = op ? op->parent : NULL;
  return b && b->parent ? b->parent->parent : NULL;
}

/* Whether op lies inside anc (anc itself excluded). */
static bool inside(const ir_op *op, const ir_op *anc) {
  for (const ir_op *p = parent_op(op); p; p = parent_op(p))
    if (p == anc) return true;
  return false;
}

/* The largest op id nested in op (ids are in textual order: its last region's last op, down
 * to the innermost). */
static uint32_t last_nested_id(const ir_op *op) {
  while (op->n_regions) {
    const ir_region *r = op->regions[op->n_regions - 1];
    const ir_block *b = r->n_blocks ? r->blocks[r->n_blocks - 1] : NULL;
    if (!b || !b->last) break;
    op = b->last;
  }
  return op->id;
}

/* Notes a use of allocation al by op (an op of the kernel function): its id, or the end of
 * the outermost loop around it that does not also hold the allocation's definition (the
 * buffer is live around the whole loop). */
static void note_use(sim_alloc *al, const ir_op *op) {
  uint32_t last = op->id;
  for (const ir_op *p = parent_op(op); p; p = parent_op(p))
    if ((p->code == IR_OP_SCF_FOR || p->code == IR_OP_SCF_WHILE) && !(al->op && inside(al->op, p))) {
      uint32_t end = last_nested_id(p);
      if (end > last) last = end;
    }
  /* blocks joined by cf.br / cf.cond_br may loop back (sim_compile.c compile_blocks): a use
   * in such a region is taken to last to the region's end (a longer live range: fewer
   * allocations placed over a dead barrier, never a false one) */
  for (const ir_block *b = op->parent; b && b->parent; ) {
    const ir_region *r = b->parent;
    if (r->n_blocks > 1 && r->parent) {
      uint32_t end = last_nested_id(r->parent);
      if (end > last) last = end;
    }
    b = r->parent ? r->parent->parent : NULL;
  }
  if (al->last_id == UINT32_MAX || last > al->last_id) al->last_id = last;
}

/* Whether op belongs to the kernel function fn (inlined callees' ops do not: their ids are
 * numbered in their own function). */
static bool in_kernel(const ir_op *op, const ir_func *fn) {
  for (const ir_op *p = op; p; p = parent_op(p))
    if (p == fn->op) return true;
  return false;
}

/* Whether shared allocation x may be placed over the bytes of barrier allocation b: x is
 * defined after b's live range ended (Triton's allocator gives buffers with disjoint live
 * ranges the same bytes). */
static bool over(const sim_alloc *x, const sim_alloc *b) {
  return x != b && x->space == SIM_SPACE_SHARED && b->is_barrier && x->first_id != UINT32_MAX &&
         b->last_id != UINT32_MAX && x->first_id > b->last_id;
}

void sim_late_analyze(sim_machine *m, uint64_t *const *pts, uint32_t W) {
  for (uint32_t a = 1; a < m->n_allocs; a++) {
    sim_alloc *al = &m->allocs[a];
    al->first_id = al->last_id = UINT32_MAX;
    al->may_reuse = 0;
    if (al->space == SIM_SPACE_SHARED && al->op && in_kernel(al->op, m->fn)) al->first_id = al->op->id;
  }
  /* uses: every instruction whose slots may name the allocation */
  for (uint32_t pc = 0; pc < m->n_code; pc++) {
    const sim_ins *i = &m->code[pc];
    if (!i->op || !in_kernel(i->op, m->fn)) continue;
    const uint32_t *slots = ins_in(m, i);
    for (uint32_t k = 0; k < (uint32_t)i->n_in + i->n_out; k++) {
      const uint64_t *p = pts[i->region] + (size_t)slots[k] * W;
      for (uint32_t w = 0; w < W; w++)
        for (uint64_t bits = p[w]; bits; bits &= bits - 1) {
          uint32_t a = w * 64 + (uint32_t)__builtin_ctzll(bits);
          if (a && a < m->n_allocs && m->allocs[a].first_id != UINT32_MAX) note_use(&m->allocs[a], i->op);
        }
    }
  }
  /* ttg.local_dealloc compiles to nothing, but ends the live range where it stands */
  for (uint32_t a = 1; a < m->n_allocs; a++) {
    sim_alloc *al = &m->allocs[a];
    if (al->first_id == UINT32_MAX || !al->op->n_results) continue;
    for (const ir_op *d = al->op; d; d = d->next) /* its block, as Triton's passes place it */
      if (d->code == IR_OP_TTG_LOCAL_DEALLOC && d->n_operands && d->operands[0] == al->op->results[0])
        note_use(al, d);
  }
  /* the barrier allocation that dies first decides: x may lie over some barrier iff it is
   * defined after that one's live range ended */
  uint32_t first_death = UINT32_MAX;
  for (uint32_t b = 1; b < m->n_allocs; b++)
    if (m->allocs[b].is_barrier && m->allocs[b].last_id < first_death) first_death = m->allocs[b].last_id;
  if (first_death == UINT32_MAX) return;
  uint64_t *mask = ir_xcalloc(W, sizeof *mask); /* bit a: allocation a has may_reuse */
  bool any = false;
  for (uint32_t x = 1; x < m->n_allocs; x++) {
    sim_alloc *al = &m->allocs[x];
    for (uint32_t b = 1; b < m->n_allocs && al->first_id != UINT32_MAX && al->first_id > first_death &&
                         !al->may_reuse; b++)
      if (over(al, &m->allocs[b])) al->may_reuse = 1;
    if (!al->may_reuse) continue;
    mask[x >> 6] |= 1ull << (x & 63);
    any = true;
  }
  /* the visible ops on such allocations are checked before they run */
  for (uint32_t pc = 0; any && pc < m->n_code; pc++) {
    sim_ins *i = &m->code[pc];
    if (i->vis == SIM_V_NONE || !i->op) continue;
    const uint32_t *slots = ins_in(m, i);
    for (uint32_t k = 0; k < (uint32_t)i->n_in + i->n_out && !i->late_chk; k++) {
      const uint64_t *p = pts[i->region] + (size_t)slots[k] * W;
      for (uint32_t w = 0; w < W && !i->late_chk; w++)
        if (p[w] & mask[w]) i->late_chk = 1;
    }
  }
  free(mask);
}

/* ------------------------------------------------------------------ dynamic part */

const sim_event *sim_late_signaller(const sim_machine *m, const void *st, uint32_t bar) {
  const sim_event *ev = st_cevents(m, st);
  for (uint32_t k = 0; k < st_chdr(st)->n_events; k++)
    if (ev[k].bar == bar || ev[k].bar2 == bar) return &ev[k];
  return NULL;
}

void sim_late_mark(sim_machine *m, void *st, uint32_t bar, uint32_t ins) {
  sim_mbar *b = st_mbar(m, st, bar);
  b->late = 1;
  b->late_ins = ins;
}

void sim_late_note(const sim_machine *m, const void *st, uint32_t bar, sim_viol *v) {
  const sim_mbar *b = st_cmbar(m, st, bar);
  if (!b->late) return;
  sim_viol_rel(v, b->late_ins, "invalidated here while an async op still signalled it");
  const sim_event *ev = sim_late_signaller(m, st, bar);
  if (ev) sim_viol_rel(v, ev->ins, "its arrival is still pending");
}

bool sim_late_land(sim_machine *m, void *st, uint32_t bar, uint32_t ins, sim_log *log) {
  sim_mbar *b = st_mbar(m, st, bar);
  if (b->valid || !b->late) return false;
  char nm[64];
  uint32_t cta = bar / m->n_bars;
  if ((st_chdr(st)->exited >> cta) & 1) {
    /* the CTA's shared memory went back to the SM at its exit: the next CTA placed there may
     * already use these bytes (the same rule as an async op in flight at exit, §9.3) */
    sim_viol *v = sim_viol_add(
        log, SIM_BUG_LIFECYCLE, -1, ins,
        "the arrival of this async op lands on %s after the CTA exited (it was invalidated with "
        "the op in flight): the CTA's shared memory may already belong to another CTA (§1.5.1, "
        "§9.3: wait for the op before the inval and the exit)", sim_barrier_name(m, bar, nm, sizeof nm));
    sim_viol_rel(v, b->late_ins, "invalidated here while the op was in flight");
    log->halt = true;
    return true;
  }
  sim_viol *v = sim_viol_add(
      log, SIM_BUG_LIFECYCLE, -1, b->late_ins,
      "%s is invalidated while an async op still signals it; its arrival lands on the invalid "
      "barrier: undefined behaviour per PTX (§1.5.1), without effect here since nothing reuses "
      "the barrier's memory first (wait for the op before the inval to be safe)",
      sim_barrier_name(m, bar, nm, sizeof nm));
  v->severity = SIM_SEV_WARNING;
  sim_viol_rel(v, ins, "async op whose arrival lands after the inval");
  if (!sim_late_signaller(m, st, bar)) b->late = 0;
  return true;
}

/* Allocation and CTA of slot value x of instruction i's operand or result k when it is a
 * memdesc view (0 otherwise). */
static uint32_t view_alloc(const sim_exec *e, uint32_t k, uint32_t *cta) {
  const sim_ins *i = e->i;
  const ir_op *op = i->op;
  if (k >= i->n_in) { /* a result: an allocation with a value names its own buffer */
    if (ir_ops[i->code].cls == IR_C_ALLOC && i->imm > 0 && (uint64_t)i->imm < e->m->n_allocs) {
      *cta = e->cta;
      return (uint32_t)i->imm;
    }
    return 0;
  }
  if (k >= op->n_operands || ins_tin(e->m, i, k)->kind != IR_T_MEMDESC) return 0;
  uint64_t v = ex_in(e, k);
  *cta = sim_view_cta(v);
  return sim_view_alloc(v);
}

int sim_late_reuse_check(sim_exec *e) {
  sim_machine *m = e->m;
  const sim_ins *i = e->i;
  for (uint32_t k = 0; k < (uint32_t)i->n_in + i->n_out; k++) {
    uint32_t cta, x = view_alloc(e, k, &cta);
    if (!x || x >= m->n_allocs || !m->allocs[x].may_reuse || cta >= m->n_ctas) continue;
    for (uint32_t a = 1; a < m->n_allocs; a++) {
      const sim_alloc *b = &m->allocs[a];
      if (!over(&m->allocs[x], b)) continue;
      for (uint32_t j = 0; j < b->n_bars; j++) {
        uint32_t bar = cta * m->n_bars + b->bar_base + j;
        const sim_mbar *mb = st_cmbar(m, e->st, bar);
        if (!mb->late) continue;
        char nm[64];
        const char *xn = m->allocs[x].name ? m->allocs[x].name : "a buffer";
        sim_barrier_name(m, bar, nm, sizeof nm);
        sim_viol *v = sim_viol_add(
            e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc,
            "%s uses %s, which Triton's allocator may place over %s (defined after its last "
            "use), while an async op's arrival on that barrier is pending (invalidated with the "
            "op in flight): the late arrival would write into %s (§1.5.1)",
            ir_ops[i->code].name, xn, nm, xn);
        sim_logf(e->log, "%s on %s while the arrival on %s is pending", ir_ops[i->code].name, xn, nm);
        sim_late_note(m, e->st, bar, v);
        e->log->halt = true;
        return -1;
      }
    }
  }
  return 0;
}
