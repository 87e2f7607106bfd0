/* sym_sibling.c: a ring used by several sibling loops of one partition (docs/symbolic.md §1,
 * "Sibling loops"): a loop continuing an earlier loop's ring counter, as two consecutive
 * pipelines over one barrier ring do.
 *
 * A thread's k-th op of a kind on a slot is in that slot's round k (§1.4, the rule every loop
 * event follows). Let loop B hold event e of kind K on ring R, and A be the latest earlier
 * top-level loop of e's partition with an op of kind K on R. When A has exactly one such op l,
 * which fires in each of its T_A iterations with seq = mul * it + off (mul 1: a rotating slot,
 * mul N: a constant slot), no straight-line op of the partition fires kind K on R outside the
 * fork, and e also fires in every iteration, then e's firings continue l's:
 *     seq_e = base + mul * it + off,  base = base_l + mul * T_A
 * (base_l: l's own base when A continues a loop before it). The slot index of e is proved to be
 * seq_e mod N whenever e fires (else e stays unsupported, never guessed). The base is a Z3 term
 * over the arguments; rules that compare two events' integer offsets (lags, iteration offsets
 * of the dependency graph, retirement distances) do so only for events of equal bases
 * (sym_same_base), and otherwise ask Z3 or stay unknown.
 *
 * A straight-line op of such a partition after its first ring loop, on a ring that loops use,
 * is placed by sym_after.c only when exactly one of the partition's loops uses the ring and
 * that loop precedes the op; otherwise it is unsupported (its round would depend on which
 * loop it follows). */
#include "sym_internal.h"

bool sym_same_base(sym_ctx *c, const sym_event *a, const sym_event *b) {
  if (!a->base || !b->base) return !a->base && !b->base;
  return Z3_is_eq_ast(c->z, a->base, b->base);
}

/* A plain top-level scf.for of the partition (not a flattened nest, not a while loop). */
static bool plain_top(sym_ctx *c, int l) {
  const sym_loop *L = &c->loops[l];
  return L->parent < 0 && L->flat_outer < 0 && L->op && L->op->code == IR_OP_SCF_FOR;
}

static bool ring_event(const sym_event *e) {
  return e->kind == SYM_EV_WAIT || e->kind == SYM_EV_ARRIVE || e->kind == SYM_EV_EXPECT ||
         e->kind == SYM_EV_TMA_LOAD;
}

bool sym_sibling_loops_ok(sym_ctx *c, int part) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->part == part && ring_event(e) && e->loop >= 0 && !e->prefork && !plain_top(c, e->loop))
      return false;
  }
  return true;
}

/* An event of e's kind on e's ring in an earlier plain top-level loop of e's partition. */
static bool same_use(const sym_event *e, const sym_event *l) {
  return l != e && l->part == e->part && l->ring == e->ring && l->kind == e->kind && !l->prefork &&
         !l->postjoin;
}

bool sym_sibling_defer(sym_ctx *c, sym_event *e) {
  if (e->loop < 0 || e->prefork || e->ring < 0 || !plain_top(c, e->loop) ||
      !sym_sibling_loops_ok(c, e->part))
    return false;
  uint32_t at = c->loops[e->loop].op->id;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *l = &c->evs[i];
    if (same_use(e, l) && l->loop >= 0 && l->loop != e->loop && plain_top(c, l->loop) &&
        c->loops[l->loop].op->id < at) {
      e->sibling = true;
      return true;
    }
  }
  return false;
}

/* e fires in every iteration of its loop (proved). */
static bool every_iteration(sym_ctx *c, const sym_event *e) {
  if (sym_is_true(c, e->pred)) return true;
  const sym_loop *L = &c->loops[e->loop];
  return sym_sat(c, sym_and2(c, L->range, sym_not(c, e->pred))) == Z3_L_FALSE;
}

/* An index "x % n" whose x is seq (proved, in x's own width): the round is then computed from
 * x as the kernel computes its phase (sym_round_term), which keeps the phase proof of an i64
 * counter's division small. Leaves e->seqx NULL otherwise. */
static void own_counter(sym_ctx *c, sym_event *e, Z3_ast seq) {
  int64_t n = c->rings[e->ring].n;
  if (!e->view || e->mul != 1 || n == 1) return;
  const ir_value *xv = sym_mod_argument(e->view->operands[1], n);
  if (!xv || xv == e->view->operands[1]) return;
  Z3_ast x = sym_eval(c, xv);
  if (!x || sym_tainted(c, xv)) return;
  const sym_loop *L = &c->loops[e->loop];
  if (sym_sat(c, sym_and2(c, sym_and2(c, L->range, e->pred), sym_not(c, sym_eq_int(c, x, seq, 0)))) ==
      Z3_L_FALSE)
    e->seqx = x;
}

/* Places deferred event i, or returns why not. */
static const char *place(sym_ctx *c, uint32_t i) {
  sym_event *e = &c->evs[i];
  int64_t n = c->rings[e->ring].n, k;
  uint32_t at = c->loops[e->loop].op->id;
  /* the latest earlier loop with an op of e's kind on the ring, and its one op there */
  int tl = -1;
  for (uint32_t j = 0; j < c->n_evs; j++) {
    const sym_event *l = &c->evs[j];
    if (!same_use(e, l)) continue;
    if (l->loop < 0)
      return "ring op in a sibling loop: an op of its kind on the ring outside the loops (its "
             "round depends on the trip counts)";
    if (l->loop != e->loop && c->loops[l->loop].op->id < at &&
        (tl < 0 || c->loops[l->loop].op->id > c->loops[tl].op->id))
      tl = l->loop;
  }
  if (tl < 0) return "ring op in a sibling loop: no earlier loop op of its kind";
  const sym_event *twin = NULL;
  for (uint32_t j = 0; j < c->n_evs; j++) {
    const sym_event *l = &c->evs[j];
    if (!same_use(e, l) || l->loop != tl) continue;
    if (twin && twin->op != l->op)
      return "ring op in a sibling loop: the earlier loop has several ops of its kind on the ring";
    if (!twin) twin = l;
  }
  if (!twin->has_seq || twin->unsupported || twin->tainted)
    return "ring op in a sibling loop: the earlier loop's op of its kind is outside the encoding";
  if (e->tainted) return "ring op in a sibling loop: its index depends on an unmodelled value";
  if (twin->mul != 1 && twin->mul != n)
    return "ring op in a sibling loop: the earlier loop's op advances by more than one slot";
  if (!every_iteration(c, twin) || !every_iteration(c, e))
    return "ring op in a sibling loop: predicated (its firings are not the trip count)";
  Z3_ast base = sym_mul(c, sym_int(c, twin->mul), c->loops[tl].trip);
  if (twin->base) base = sym_add(c, twin->base, base);
  base = sym_simplify(c, base);
  const sym_loop *L = &c->loops[e->loop];
  Z3_ast seq = sym_add(c, base, sym_add(c, sym_mul(c, sym_int(c, twin->mul), L->it),
                                        sym_int(c, twin->off)));
  Z3_ast bad = sym_slt(c, seq, sym_int(c, 0));
  if (!e->idx) {
    if (n != 1) return "ring used without an index";
  } else if (twin->mul == n) { /* a constant slot: the same one as the earlier loop's */
    if (!sym_numeral(c, e->idx, &k) || k != ((twin->off % n) + n) % n)
      return "ring op in a sibling loop: its constant slot is not the earlier loop's";
  } else {
    bad = sym_or2(c, bad, sym_not(c, sym_eq_int(c, e->idx, sym_fmod(c, seq, n), 0)));
  }
  Z3_lbool r = sym_sat(c, sym_and2(c, sym_and2(c, L->range, e->pred), bad));
  if (r != Z3_L_FALSE)
    return r == Z3_L_TRUE ? "ring op in a sibling loop: its index does not continue the earlier "
                            "loop's sequence"
                          : "Z3 timed out on the ring index";
  e->has_seq = true;
  e->mul = twin->mul;
  e->off = twin->off;
  e->base = base;
  e->seqx = NULL;
  e->seqx_shift = 0;
  own_counter(c, e, seq);
  return NULL;
}

/* Straight-line op e after the first ring loop of its multi-loop partition: fine only when one
 * loop of the partition uses the ring and it precedes e (sym_after.c places e after it). */
static const char *straight_line(sym_ctx *c, const sym_event *e) {
  int first = c->parts[e->part].main_loop, users = 0;
  if (first < 0 || e->pos < c->loops[first].op->id) return NULL;
  bool looped = false;
  for (uint32_t j = 0; j < c->n_evs; j++) looped |= c->evs[j].ring == e->ring && c->evs[j].loop >= 0;
  if (!looped) return NULL;
  for (uint32_t l = 0; l < c->n_loops; l++) {
    bool uses = false;
    for (uint32_t j = 0; j < c->n_evs && !uses; j++)
      uses = c->evs[j].part == e->part && c->evs[j].ring == e->ring && c->evs[j].loop == (int)l;
    if (!uses) continue;
    users++;
    if (c->loops[l].op->id > e->pos) users = 99;
  }
  return users > 1 ? "ring op between or after sibling loops of its partition that use the ring"
                   : NULL;
}

void sym_place_siblings(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (e->ring < 0 || e->unsupported || e->kind == SYM_EV_ASYNC_WAIT) continue;
    if (e->loop < 0 && !e->prefork && !e->postjoin && c->parts[e->part].multi_loop) {
      const char *why = straight_line(c, e);
      if (why) e->unsupported = why;
      continue;
    }
    if (!e->sibling) continue;
    sym_debug_what(c, "seq of ev %u in a sibling loop", i);
    const char *why = place(c, i);
    if (why) e->unsupported = why;
  }
}
