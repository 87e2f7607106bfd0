/* sym_hoist.c: a tcgen05 accumulator written in a K loop, on the slot its tile picks
 * (docs/symbolic.md §1, "Per-tile accumulators"). A persistent Blackwell matmul's MMA partition
 * writes acc_bufs[acc_index] at every K step, acc_index carried by the tile loop (Gluon
 * tutorials 08 and 10: two TMEM accumulators, one per tile in turn). The K loop's counters
 * number the K steps, while the accumulator's rounds are the tiles (the epilogue reads the
 * slot once per tile): sequence numbers of the inner loop (a padded or flattened nest's, one
 * round per step) do not fit it, and Z3 gave up on proving that they do (the row of
 * t10_matmul_accumulate in tests/corpus/real/symbolic.tsv, unknown since session 20).
 *
 * The write is moved to the tile loop: one event per tile at the op's position, firing where
 * its predicate holds and the K loop runs at least once. Program order against the tile
 * loop's other ops is exact for every instance: an op before the K loop precedes every K
 * step's write, an op after it follows every one (a commit there tracks them all, semantics.md
 * §4.4). Ops inside the K loop stay in the inner (flattened) loop, a loop other than the
 * moved event's: no rule orders events of two loops by position (sym_precedes_shift,
 * before_in_iteration), so nothing is concluded from them, which can only leave a condition
 * unknown. Two moved events of one K loop would be ordered by position though they
 * interleave: only one access of its ring per thread and K loop is moved, and none when the
 * thread has any other event of the ring in that loop.
 *
 * Moved: an ASYNC_WRITE of group SYM_G_TC05 (the MMA's accumulator) in an scf.for nested in a
 * top-level scf.for of its partition, whose slot term is no constant (constant slots keep the
 * nest's numbering: a round per K step, sym_vc_acquire.c all_instances) and whose slot and
 * predicate mention neither the inner loop's counter nor its nest's base (no value the K loop
 * carries), nothing havoc. */
#include "sym_internal.h"

/* Does t mention the inner loop I's iterations (its counter, the base t * T2 its carried
 * counters are written over, or one of its carried variables)? The walk's budget spent counts
 * as yes. */
static bool inner_term(sym_ctx *c, const sym_loop *I, Z3_ast t) {
  int budget = 20000;
  return sym_term_has_loop(c, I, t, &budget);
}

static bool movable(sym_ctx *c, const sym_event *e) {
  if (e->kind != SYM_EV_ASYNC_WRITE || e->group != SYM_G_TC05 || e->loop < 0 || e->ring < 0 ||
      e->prefork || e->postjoin || e->tainted || e->unsupported || !e->view || !e->idx ||
      c->rings[e->ring].is_barrier)
    return false;
  const sym_loop *I = &c->loops[e->loop];
  if (I->pad || I->virt || I->fused || I->parent < 0 || !I->trip || !I->step_ok ||
      I->op->code != IR_OP_SCF_FOR)
    return false;
  const sym_loop *O = &c->loops[I->parent];
  if (O->parent >= 0 || O->op->code != IR_OP_SCF_FOR || !O->step_ok) return false;
  int64_t k;
  if (sym_numeral(c, e->idx, &k)) return false;
  return !inner_term(c, I, e->idx) && !inner_term(c, I, e->pred);
}

void sym_hoist_accumulators(sym_ctx *c) {
  /* the argument plan (sym_check.c) reads which loops use which rings as the IR has them */
  if (c->structure_only) return;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (!movable(c, e)) continue;
    /* the only event of its ring in its thread's K loop */
    bool alone = true;
    for (uint32_t j = 0; j < c->n_evs && alone; j++)
      alone = j == i || c->evs[j].ring != e->ring || c->evs[j].part != e->part ||
              c->evs[j].loop != e->loop;
    if (!alone) continue;
    const sym_loop *I = &c->loops[e->loop];
    e->pred = sym_and2(c, e->pred, sym_slt(c, sym_int(c, 0), I->trip));
    e->hoisted = true;
    e->hoist_inner = e->loop;
    e->loop = I->parent;
  }
}

bool sym_loop_of_inner(const sym_ctx *c, int l, int I) {
  if (l < 0 || I < 0) return false;
  if (l == I) return true;
  int v = c->loops[l].flat_inner;
  return v >= 0 && (v == I || (c->loops[v].pad && c->loops[v].pad_inner == I));
}
