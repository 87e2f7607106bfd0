/* sym_vc_tc05.c: tcgen05 MMAs are asynchronous (semantics.md §4.4). An MMA reads its operands
 * and writes its TMEM accumulator in flight (events ASYNC_READ / ASYNC_WRITE, group SYM_G_TC05)
 * until a later commit of its thread arrives: tcgen05.commit arrives once every earlier tcgen05
 * op of the thread completed, and each barrier operand of an MMA is such a commit right after
 * it. The thread itself knows the MMA is done only once a wait of it observed the barrier
 * phase that commit completes. Back-pressure (d) asks, for every slot an in-flight MMA reads or
 * writes, that the partition overwrites (operands) or accesses (accumulator) it only after the
 * MMA is retired, and that an arrive handing an accumulator to another partition comes after
 * the MMA writing it is retired (a commit does that by construction).
 *
 * Soundness leans on the other conditions, as the layer's proof does (docs/symbolic.md §3): a
 * wait passes exactly when the round it waits for completes (phase-agreement, back-pressure
 * (a)), and that round receives exactly its count of arrivals, the commit's among them
 * (arrival-balance): so the wait passing implies the commit arrived. Shapes the rule does not
 * cover (predicated commits or waits, events in different loops) give unknown. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

bool sym_is_commit(const sym_event *e) {
  ir_opcode k = e->op->code;
  return e->kind == SYM_EV_ARRIVE && (k == IR_OP_TTNG_TC_GEN5_COMMIT ||
                                      k == IR_OP_TTNG_TC_GEN5_MMA ||
                                      k == IR_OP_TTNG_TC_GEN5_MMA_SCALED || k == IR_OP_TTNG_TMEM_COPY);
}

/* x is a straight-line op after the loop of a (same partition): it follows every instance. */
static bool after_loop_of(const sym_event *a, const sym_event *x) {
  return a->loop >= 0 && x->loop < 0 && x->pos > a->pos && !x->prefork && !a->prefork;
}

static int64_t pmod(int64_t a, int64_t n) { return ((a % n) + n) % n; }

/* Is the instance of a at iteration i + D (x at i) before x in program order? */
static bool precedes(const sym_event *a, const sym_event *x, int64_t D) {
  if (a->loop == x->loop)
    return a->loop < 0 ? a->pos < x->pos : D < 0 || (D == 0 && a->pos < x->pos);
  return after_loop_of(a, x);
}

/* Can an instance of a come before x in program order (same partition)? */
static bool may_precede(const sym_ctx *c, const sym_event *a, const sym_event *x) {
  int ta = sym_top_loop(c, a->loop);
  return a->pos < x->pos || (ta >= 0 && ta == sym_top_loop(c, x->loop));
}

/* Does wait w observe the round commit cm completes, with cm after the instance of a at
 * iteration i + D and w before x at iteration i? 1 yes, 0 no, -1 cannot tell. Straight-line x
 * after a's loop is taken as an op at the end of the loop's last iteration (D = 0 is then the
 * last instance of a; when that one is retired every earlier one is: a commit tracks every
 * earlier op of its thread). */
static int observes(sym_ctx *c, const sym_event *w, const sym_event *cm, const sym_event *a,
                    const sym_event *x, int64_t D, bool *same, int64_t *dwc) {
  *same = false; /* set when w observes cm's instance of a's own iteration (straight-line: once) */
  if (dwc) dwc[0] = dwc[1] = INT64_MIN; /* dwc: w's and cm's offsets, set by the one-loop rule */
  bool x_end = after_loop_of(a, x);     /* x stands at the end of a's loop */
  int loop = x_end ? a->loop : x->loop; /* the frame: x's loop, or a's for x_end */
  if (a->loop != loop) return -1;
  if (loop >= 0 && !x_end) { /* one loop: cm and w must be in it (else cm precedes a or w
                              * follows x, unless they are in a nest of it) */
    if (cm->loop != loop || w->loop != loop) {
      int top = sym_top_loop(c, loop);
      return sym_top_loop(c, cm->loop) == top && sym_top_loop(c, w->loop) == top ? -1 : 0;
    }
  } else if (loop < 0) { /* straight-line: a, cm, w, x in program order */
    if (cm->pos < a->pos || w->pos > x->pos || cm->pos > w->pos) return 0;
    if (cm->loop >= 0 || w->loop >= 0) return -1;
  } else { /* x after a's loop: cm in the loop or after it, w before x */
    if (w->pos > x->pos || (cm->loop != loop && cm->pos < a->pos)) return 0;
    if (w->loop != loop && w->loop >= 0) return -1;
    if (cm->loop != loop && cm->loop >= 0) return -1;
    if (cm->loop < 0 && w->loop == loop) return 0; /* w before cm */
  }
  const char *how;
  int lag = sym_wait_lag(c, (int)(w - c->evs), &how);
  if (lag < 0 || w->dead || !w->has_seq || !cm->has_seq || w->unsupported || cm->unsupported ||
      c->rings[w->ring].irregular)
    return -1;
  int64_t n = c->rings[w->ring].n;
  if (loop >= 0 && w->loop == loop && cm->loop == loop) { /* one loop: iteration offsets */
    if (w->seqt || cm->seqt || w->mul != cm->mul || (w->mul != 1 && w->mul != n) ||
        !sym_same_base(c, w, cm))
      return -1;
    int64_t x0 = w->off - lag * n - cm->off;
    if (x0 % w->mul) return 0; /* w waits for rounds of another slot */
    int64_t k = x0 / w->mul;   /* w at iteration j waits for cm's round of iteration j + k */
    if (k > 0) return 0;       /* (a later iteration: w is not known to have run) */
    int64_t dw = x_end || w->pos < x->pos ? 0 : -1, dc = dw + k;
    *same = !x_end && dc == D;
    if (dwc) dwc[0] = dw, dwc[1] = dc;
    return dc > D || (dc == D && a->pos <= cm->pos);
  }
  if (loop >= 0 && cm->loop == loop) {
    /* cm in a's loop, w after it (an epilogue wait on the loop's last MMA barrier): does w
     * wait for cm's round of the last iteration, for every argument? */
    if (!w->seqt || cm->pos < a->pos) return -1;
    const sym_loop *L = &c->loops[loop];
    Z3_ast last = sym_sub(c, L->trip, sym_int(c, 1));
    Z3_ast target = sym_sub(c, w->seqt, sym_int(c, lag * n));
    Z3_ast hit = sym_and2(c, sym_eq(c, target, sym_at(c, loop, sym_seq_term(c, cm), last)),
                          sym_at(c, loop, cm->pred, last));
    Z3_ast ran = sym_and2(c, sym_slt(c, sym_int(c, 0), L->trip), w->pred);
    Z3_ast phi = sym_and2(c, ran, sym_not(c, hit));
    return sym_sat(c, phi) == Z3_L_FALSE ? 1 : -1;
  }
  /* cm and w straight-line, cm before w */
  if (cm->pos > w->pos) return 0;
  *same = loop < 0 && a->loop < 0 && cm->loop < 0;
  if (!w->seqt && !cm->seqt) return w->off - lag * n == cm->off;
  /* after a loop (sequence numbers over the trip count): the same round for every argument? */
  Z3_ast target = sym_sub(c, sym_seq_term(c, w), sym_int(c, lag * n));
  Z3_ast other = sym_not(c, sym_eq(c, target, sym_seq_term(c, cm)));
  Z3_lbool st = sym_sat(c, sym_and2(c, w->pred, other));
  return st == Z3_L_FALSE ? 1 : -1;
}

/* Partitions that may have observed a commit of partition `part` (marked in seen[]): those that
 * wait on a barrier such a commit arrives on, and, transitively, those that wait on a barrier an
 * arrive of a marked partition (other than part) reaches. */
static void observers(sym_ctx *c, int part, bool *seen) {
  for (uint32_t p = 0; p < c->n_parts; p++) seen[p] = false;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t i = 0; i < c->n_evs; i++) {
      const sym_event *w = &c->evs[i];
      if (w->kind != SYM_EV_WAIT || w->ring < 0 || w->part == part || seen[w->part]) continue;
      for (uint32_t j = 0; j < c->n_evs && !seen[w->part]; j++) {
        const sym_event *p = &c->evs[j];
        if (p->ring == w->ring && ((p->part == part && sym_is_commit(p)) ||
                                   (p->part != part && seen[p->part] &&
                                    (p->kind == SYM_EV_ARRIVE || p->kind == SYM_EV_EXPECT))))
          seen[w->part] = changed = true;
      }
    }
  }
}

/* A wait of x's partition that may come between a and x, on a barrier that a partition which
 * may have observed the MMA's commit arrives on: the wait may order x after the MMA
 * transitively, a shape the rule does not follow. */
static bool relayed(sym_ctx *c, const sym_event *w, const sym_event *a, const sym_event *x,
                    int64_t D, const bool *seen) {
  int ta = sym_top_loop(c, a->loop), tw = sym_top_loop(c, w->loop);
  bool between = a->pos < w->pos && w->pos < x->pos;
  if (a->loop == x->loop && a->loop >= 0 && D == 0 && a->pos < x->pos)
    between = between && w->loop == a->loop; /* within one iteration */
  else
    between = between || (tw >= 0 && (tw == ta || tw == sym_top_loop(c, x->loop)));
  if (!between) return false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *p = &c->evs[i];
    if (p->ring == w->ring && p->part != w->part && seen[p->part] &&
        (p->kind == SYM_EV_ARRIVE || p->kind == SYM_EV_EXPECT))
      return true;
  }
  return false;
}

static Z3_ast fires_with(sym_ctx *c, const sym_event *x, const sym_event *a, int D, Z3_ast *j);

/* Wait w fires whenever x and the instance of a that x must not overlap both do: w is
 * unpredicated, or (w and x straight-line: the pipeliner's epilogue wait under `scf.if 0 < k`
 * before the accumulator is read) Z3 proves that predicate from x's and a's firing; a tainted
 * predicate only when it is free of havoc values (sym_havoc_free: a K read from a table is a
 * keyed load, the same term wherever the kernel loads it). */
static bool loop_free(sym_ctx *c, Z3_ast t);

static bool fires_for(sym_ctx *c, const sym_event *w, const sym_event *x, const sym_event *a,
                      int64_t D) {
  if (sym_is_true(c, w->pred)) return true;
  if (w->tainted && !sym_havoc_free(c, w->pred)) return false;
  /* in a loop: a predicate no iteration changes (an scf.if around the whole loop: Triton's
   * `k_tiles == 0` branch of test_tensor_descriptor's matmuls) holds in w's instance when it
   * holds where x and a fire, as an unpredicated w does */
  if ((w->loop >= 0 || x->loop >= 0) && !loop_free(c, w->pred)) return false;
  Z3_ast j = NULL;
  Z3_ast both = fires_with(c, x, a, (int)D, &j);
  return sym_sat(c, sym_and2(c, both, sym_not(c, w->pred))) == Z3_L_FALSE;
}

/* Does t mention no loop's counter, nest base or carried value (the same in every iteration of
 * every loop)? A walk whose budget runs out counts as no. */
static bool loop_free(sym_ctx *c, Z3_ast t) {
  int budget = 20000;
  for (uint32_t l = 0; l < c->n_loops; l++)
    if (sym_term_has_loop(c, &c->loops[l], t, &budget)) return false;
  return budget > 0;
}

/* A padded wait and commit that retire an MMA are looked for up to this many steps before the
 * access (each step back makes sym_pad_fires_at's terms longer). */
#define PAD_BACK 4

/* x and the in-flight access a in one padded loop (sym_pad.c: steps itF in (itF, position)
 * order, each op firing at the steps of its position only), the latest instance of a before x
 * on its slot at step itF + D or earlier. observes() relates a wait w and a commit cm of x's
 * partition by their sequence numbers as in a plain loop: w at step itF + dw (before x)
 * observes cm's round at step itF + dc, after a's instance at itF + D (every earlier one with
 * it: a commit tracks every earlier op of its thread). In a padded loop that holds only where
 * w and cm fire at those steps, which the pair's term says (sym_pad_fires_at: the predicates,
 * steps included, relocated into their tiles). a is retired before x when Z3 shows that
 * wherever x fires, a has no instance up to itF + D (itF + D < 0) or some pair fires there.
 * When every wait and commit that may retire a was such a pair (none undecided by observes(),
 * none outside the offsets asked), *gap gets the firings of x that no pair covers and *unknown
 * is cleared: check_access asks for a counterexample among them where a fires at itF + D
 * (the explorer confirms it or not); else unknown. */
static bool retired_padded(sym_ctx *c, const sym_event *x, const sym_event *a, int64_t D,
                           int64_t per, bool *unknown, Z3_ast *gap) {
  *unknown = true;
  if (gap) *gap = NULL;
  if (a->loop != x->loop || a->part != x->part || a->group != SYM_G_TC05 || x->tainted || D > 0)
    return false;
  if (sym_is_commit(x) && (x->op == a->op || precedes(a, x, D))) {
    *unknown = false;
    return true;
  }
  bool *seen = ir_xcalloc(c->n_parts ? c->n_parts : 1, sizeof *seen);
  observers(c, x->part, seen);
  enum { MAXP = 64 };
  struct { const sym_event *w, *cm; int64_t dw, dc; } pr[MAXP]; /* the pairs found */
  uint32_t n_pr = 0;
  bool relay = false, open = false;
  for (uint32_t wi = 0; wi < c->n_evs && !relay; wi++) {
    const sym_event *w = &c->evs[wi];
    if (w->kind != SYM_EV_WAIT || w->part != x->part) continue;
    if (w->ring < 0 || relayed(c, w, a, x, D, seen)) {
      relay = true; /* an order through another partition: not followed */
      break;
    }
    for (uint32_t ci = 0; ci < c->n_evs; ci++) {
      const sym_event *cm = &c->evs[ci];
      if (!sym_is_commit(cm) || cm->part != x->part || cm->ring != w->ring) continue;
      bool same;
      int64_t d[2];
      int o = observes(c, w, cm, a, x, D, &same, d);
      /* o == 0 with the offsets set: the pair's commit is before a's instance at itF + D, kept
       * for an earlier instance (below) */
      if (o == 0 && d[0] == INT64_MIN) continue;
      if (o < 0 || d[0] == INT64_MIN || w->loop != x->loop || cm->loop != x->loop || w->tainted ||
          cm->tainted || d[0] < -PAD_BACK || d[1] < -PAD_BACK || d[0] > 0 || d[1] > 0) {
        if (o != 0) open = true; /* it may retire a, in a way the rule does not decide */
        continue;
      }
      /* w's instances at earlier steps observe cm's rounds as many steps earlier: in a padded
       * loop the latest one before x may be one that does not fire (a K step's wait seen from
       * the tile's first K step: the previous tile's last wait is two steps back) */
      for (int64_t j = 0; d[0] - j >= -PAD_BACK && d[1] - j >= -PAD_BACK && n_pr < MAXP; j++) {
        pr[n_pr].w = w, pr[n_pr].cm = cm, pr[n_pr].dw = d[0] - j, pr[n_pr++].dc = d[1] - j;
      }
    }
  }
  free(seen);
  if (relay) return false;
  /* a's instance on x's slot at itF + D, or, where it does not fire, the one per steps earlier
   * (the caller's period of x's slot: the ring's n steps for a slot sequence over the counter,
   * one where every instance may be on x's slot, so that no instance lies between): a pair
   * whose commit follows the latest instance that fired retires it and every earlier one
   * (t07_persistent_100: the K loop's refill at the tile's second K step, whose slot's reader
   * two steps back would be at the tile's first step, which has no MMA; its previous reader is
   * the last tile's, and the first K step's wait observes that tile's last commit) */
  const sym_loop *F = &c->loops[x->loop];
  int64_t back = -D; /* the farthest step back a term of the query reaches */
  Z3_ast cover = NULL, cover_in = NULL; /* cover_in: its terms where every step is in itF's tile */
  bool any = false;
  for (int lev = 1; lev >= 0; lev--) { /* the instance a period earlier, then itF + D's */
    int64_t Dl = D - lev * per;
    Z3_ast cv = sym_slt(c, sym_add(c, F->it, sym_int(c, Dl)), sym_int(c, 0)), cv_in = cv;
    bool used = false;
    for (uint32_t k = 0; k < n_pr; k++) {
      if (!(pr[k].dc > Dl || (pr[k].dc == Dl && a->pos <= pr[k].cm->pos))) continue;
      cv = sym_or2(c, cv, sym_and2(c, sym_pad_fires_at(c, pr[k].w, pr[k].dw),
                                   sym_pad_fires_at(c, pr[k].cm, pr[k].dc)));
      cv_in = sym_or2(c, cv_in, sym_and2(c, sym_pad_fires_in_tile(c, pr[k].w, pr[k].dw),
                                         sym_pad_fires_in_tile(c, pr[k].cm, pr[k].dc)));
      used = true;
      back = -pr[k].dc > back ? -pr[k].dc : back;
    }
    any = any || used;
    if (lev == 1) { /* kept only when a pair covers it */
      if (used) cover = cv, cover_in = cv_in;
      continue;
    }
    if (cover) { /* the earlier instance counts where a does not fire at itF + D */
      cv = sym_or2(c, cv, sym_and2(c, sym_not(c, sym_pad_fires_at(c, a, D)), cover));
      cv_in = sym_or2(c, cv_in, sym_and2(c, sym_not(c, sym_pad_fires_in_tile(c, a, D)), cover_in));
    }
    cover = cv, cover_in = cv_in;
  }
  Z3_ast phi = sym_and2(c, sym_pad_fires_at(c, x, 0), sym_not(c, cover));
  if (any) {
    sym_debug_what(c, "back-pressure (d) in a padded loop, ev %u after ev %u at %lld",
                   (unsigned)(x - c->evs), (unsigned)(a - c->evs), (long long)D);
    /* the split first: its cases are small where the whole query ran out of the limit
     * (t07_persistent_100: twice, 7 CPU s); the whole query then for a model (the gap) */
    Z3_ast phi_in = sym_and2(c, sym_pad_fires_at(c, x, 0), sym_not(c, cover_in));
    Z3_lbool st =
        sym_pad_steps_unsat(c, x->loop, phi, phi_in, back, "back-pressure (d) in a padded loop")
            ? Z3_L_FALSE
            : sym_sat(c, phi);
    if (st == Z3_L_FALSE) {
      *unknown = false;
      return true;
    }
    if (st != Z3_L_TRUE) return false;
  }
  if (!open && gap && a->pad_plain) {
    *gap = phi;
    *unknown = false;
  }
  return false;
}

/* a's completion observed in its own iteration through a barrier allocated in the body of a's
 * loop (a fresh instance per iteration, sym_ring_fresh.c): a's arrive on it (a's own barrier,
 * or an unconditional commit after a) and an unconditional wait of a's partition on it after
 * that arrive, both in the loop's body. The iteration's context proves (phase-agreement,
 * arrival-balance, progress there) that the wait passes only once that round completed, i.e.
 * once a completed (semantics.md §4.4: the commit arrives when the thread's earlier tcgen05 ops
 * are done): every instance of a in an earlier iteration of x's loop, the one of x's own
 * iteration when the wait comes before x, and every instance before x after a's loop, is retired (Triton's MMA made synchronous by a per-iteration barrier:
 * test_matmul.py's scaled matmuls, test_tensor_descriptor's two-CTA matmul). */
static bool retired_in_iteration(sym_ctx *c, const sym_event *a, const sym_event *x, int64_t D) {
  if (a->loop < 0) return false;
  /* x in a's iteration (D 0) after a: the wait must come before x too */
  bool same_it = x->loop == a->loop && D == 0 && a->pos < x->pos;
  if (!after_loop_of(a, x) && !(x->loop == a->loop && D < 0) && !same_it) return false;
  const ir_op *L = c->loops[a->loop].op;
  for (uint32_t ci = 0; ci < c->n_evs; ci++) {
    const sym_event *cm = &c->evs[ci];
    if (cm->kind != SYM_EV_ARRIVE || cm->part != a->part || cm->loop != a->loop || cm->ring < 0 ||
        sym_fresh_ring_loop(c, cm->ring) != L)
      continue;
    if (!(cm->op == a->op || (sym_is_commit(cm) && cm->pos > a->pos && sym_is_true(c, cm->pred))))
      continue;
    for (uint32_t wi = 0; wi < c->n_evs; wi++) {
      const sym_event *w = &c->evs[wi];
      if (w->kind == SYM_EV_WAIT && w->ring == cm->ring && w->part == a->part && w->loop == a->loop &&
          w->pos > cm->pos && (!same_it || w->pos < x->pos) && sym_is_true(c, w->pred))
        return true;
    }
  }
  return false;
}

bool sym_tc05_retired(sym_ctx *c, const sym_event *x, const sym_event *a, int64_t D,
                      bool *unknown) {
  if (sym_pad_loop_of(c, x->loop) || sym_pad_loop_of(c, a->loop)) /* steps: sym_pad.c */
    return retired_padded(c, x, a, D, 1, unknown, NULL); /* any instance may be on the slot */
  if (a->part != x->part || a->group != SYM_G_TC05) {
    *unknown = true;
    return false;
  }
  /* a commit after a arrives only once a completed */
  if (sym_is_commit(x) && (x->op == a->op || precedes(a, x, D))) return true;
  if (sym_tc05_retired_across_loop(c, a, x)) return true; /* sym_vc_tc05_pre.c */
  if (retired_in_iteration(c, a, x, D)) return true;
  bool open = false;
  bool *seen = ir_xcalloc(c->n_parts ? c->n_parts : 1, sizeof *seen);
  observers(c, x->part, seen);
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    if (w->kind != SYM_EV_WAIT || w->part != x->part) continue;
    if (w->ring < 0 || relayed(c, w, a, x, D, seen)) {
      open |= w->ring < 0 || !w->dead;
      if (w->ring < 0) continue;
    }
    for (uint32_t ci = 0; ci < c->n_evs; ci++) {
      const sym_event *cm = &c->evs[ci];
      if (!sym_is_commit(cm) || cm->part != x->part || cm->ring != w->ring) continue;
      bool same;
      int o = observes(c, w, cm, a, x, D, &same, NULL);
      if (o == 0) continue;
      /* a predicated commit that is a's own barrier fires exactly when a does: w observing
       * that instance's round (same) retires an instance of a that fired (ConSan's
       * multibuffered_loop: MMA and barrier under i < 9) */
      if (o < 0 || !fires_for(c, w, x, a, D) ||
          (!sym_is_true(c, cm->pred) && !(cm->op == a->op && same) && !fires_for(c, cm, x, a, D))) {
        open = true; /* it may retire a, in a way the rule does not decide */
        continue;
      }
      free(seen);
      return true;
    }
  }
  free(seen);
  if (open || (a->loop != x->loop && !after_loop_of(a, x) && may_precede(c, a, x))) *unknown = true;
  return false;
}

/* ------------------------------------------------------------------ checks */

/* x conflicts with in-flight tcgen05 access a of its partition: an overwrite of an operand
 * slot, any synchronous access of an accumulator. *ring, *mul, *off: x's slot sequence. */
static bool conflicts(const sym_event *a, const sym_event *x, bool *has_seq, int64_t *mul,
                      int64_t *off) {
  if (x->op == a->op || x->part != a->part) return false;
  *has_seq = x->has_seq, *mul = x->mul, *off = x->off;
  if (a->kind == SYM_EV_ASYNC_READ) {
    if (x->kind == SYM_EV_WRITE && x->ring == a->ring) return true;
    if (x->kind == SYM_EV_TMA_LOAD && x->buf_ring == a->ring) {
      *has_seq = x->buf_has_seq, *mul = x->buf_mul, *off = x->buf_off;
      return true;
    }
    return false;
  }
  return (x->kind == SYM_EV_READ || x->kind == SYM_EV_WRITE) && x->ring == a->ring;
}

/* The iteration offset D of the latest instance of a on x's slot before x (same loop). */
static bool latest_same_slot(sym_ctx *c, const sym_event *a, const sym_event *x, bool has_seq,
                             int64_t mul, int64_t off, int64_t *D, bool *none) {
  int64_t n = c->rings[a->ring].n, t = a->pos < x->pos ? 0 : -1;
  *none = false;
  if (x->loop < 0) { /* both straight-line */
    if (a->pos > x->pos) { *none = true; return true; }
    *D = 0;
    if (n == 1) return true;
    if (!has_seq || !a->has_seq || a->seqt || x->seqt) return false;
    *none = pmod(off - a->off, n) != 0;
    return true;
  }
  *D = t;
  if (n == 1) return true;
  /* sibling loops (sym_sibling.c): x's base (a TMA load's buffer sequence has none) */
  if (!has_seq || !a->has_seq || mul != a->mul || a->base || x->base) return false;
  if (mul == n) { /* constant slots */
    *none = pmod(off - a->off, n) != 0;
    return true;
  }
  if (mul != 1) return false;
  *D = t - pmod(t - (off - a->off), n);
  return true;
}

/* "tcgen05 MMA" or "tcgen05.cp": the async op of access a. */
static const char *tc05_name(const sym_event *a) {
  return a->op->code == IR_OP_TTNG_TMEM_COPY ? "tcgen05.cp" : "tcgen05 MMA";
}

static const char *access_text(const sym_event *x) {
  switch (x->kind) {
  case SYM_EV_READ: return "reads";
  case SYM_EV_TMA_LOAD: return "refills (TMA load)";
  default: return "writes";
  }
}

/* The condition that x fires in iteration i and a in i + D of x's loop (x after a's loop: a in
 * its last iteration; straight-line x and a: both predicates); *j gets a's iteration (NULL when
 * neither is in a loop). */
static Z3_ast fires_with(sym_ctx *c, const sym_event *x, const sym_event *a, int D, Z3_ast *j) {
  if (x->loop >= 0) {
    const sym_loop *L = &c->loops[x->loop];
    *j = sym_add(c, L->it, sym_int(c, D));
    return sym_and2(c, sym_and2(c, L->range, x->pred),
                    sym_at(c, x->loop, sym_and2(c, L->range, a->pred), *j));
  }
  if (a->loop >= 0) {
    const sym_loop *L = &c->loops[a->loop];
    *j = sym_sub(c, L->trip, sym_int(c, 1));
    return sym_and2(c, x->pred, sym_at(c, a->loop, sym_and2(c, L->range, a->pred), *j));
  }
  return sym_and2(c, x->pred, a->pred);
}

/* x (in a's loop, after a in the body) accesses the slot a's instance of the previous iteration
 * used, and not the one a's instance of x's own iteration uses: x's index is the block argument
 * of a carried value the loop yields a's index as (the slot the MMA used is handed to the next
 * iteration: Triton's pipelined persistent tcgen05 matmul reads the previous tile's accumulator
 * slot in its epilogue while this iteration's MMA already writes the next one, an index that
 * advances per tile, not per iteration), and Z3 shows the two indices differ wherever x and a
 * fire in one iteration. Then the latest instance of a on x's slot is at offset -1. */
static bool previous_slot(sym_ctx *c, const sym_event *a, const sym_event *x) {
  if (a->loop < 0 || x->loop != a->loop || a->pos > x->pos || !a->view || !x->view || !a->idx ||
      !x->idx || a->view->n_operands < 2 || x->view->n_operands < 2)
    return false; /* havoc values in the indices are free in the query: its unsat holds for all */
  /* a fires in the previous iteration whenever it fires in x's (no iteration changes its
   * predicate), so its instance there is the one that used x's slot */
  if (!sym_is_true(c, a->pred) && !loop_free(c, a->pred)) return false;
  const ir_op *f = c->loops[a->loop].op;
  const ir_op *y = sym_body_yield(f);
  if (!y || f->code != IR_OP_SCF_FOR) return false;
  const ir_value *xi = x->view->operands[1], *ai = a->view->operands[1];
  bool handed = false;
  for (uint32_t k = 0; k < y->n_operands && !handed; k++)
    handed = sym_carried_arg(f, k) == xi && y->operands[k] == ai;
  if (!handed) return false;
  Z3_ast j = NULL;
  Z3_ast both = fires_with(c, x, a, 0, &j);
  return sym_sat(c, sym_and2(c, both, sym_eq(c, sym_resize(c, x->idx, sym_width(c, a->idx), true),
                                             a->idx))) == Z3_L_FALSE;
}

/* One in-flight MMA access a against a later access x of its partition. */
static void check_access(sym_ctx *c, vf_sym_condres *r, const sym_event *a, const sym_event *x,
                         bool has_seq, int64_t mul, int64_t off) {
  char xl[256], al[256];
  ir_loc_str(x->op->loc, xl, sizeof xl);
  ir_loc_str(a->op->loc, al, sizeof al);
  const char *buf = c->rings[a->ring].name;
  int64_t D = 0;
  bool none = false, unknown = false;
  if (x->loop == a->loop) {
    if (!latest_same_slot(c, a, x, has_seq, mul, off, &D, &none)) {
      /* the last instance retired: every earlier one is (a commit tracks every earlier op
       * of its thread); the last on x's slot, where the loop hands a's slot to x */
      D = x->loop < 0 ? 0 : a->pos < x->pos && !previous_slot(c, a, x) ? 0 : -1;
      r->n_checked++;
      if ((x->loop >= 0 || a->pos < x->pos) && !sym_tc05_retired(c, x, a, D, &unknown))
        sym_note_unknown(r, "%s at %s: which slot of %s the %s at %s used before is not "
                         "modelled", access_text(x), xl, buf, tc05_name(a), al);
      return;
    }
    if (none) return;
  } else if (!after_loop_of(a, x)) {
    if (sym_tc05_retired_before_loop(c, a, x)) { /* a before x's loop: sym_vc_tc05_pre.c */
      r->n_checked++;
      return;
    }
    if (sym_tc05_before_loop_violation(c, r, a, x)) return;
    if (may_precede(c, a, x)) {
      r->n_checked++;
      sym_note_unknown(r, "%s at %s: the %s at %s that accesses %s is in another loop",
                       access_text(x), xl, tc05_name(a), al, buf);
    }
    return;
  }
  r->n_checked++;
  Z3_ast gap = NULL; /* padded: the firings of x no wait covers (retired_padded) */
  bool padded = sym_pad_loop_of(c, x->loop) || sym_pad_loop_of(c, a->loop);
  /* x's slot recurs every n instances of a slot sequence over the counter (latest_same_slot) */
  int64_t n = c->rings[a->ring].n, per = x->loop == a->loop && mul == 1 && n > 1 ? n : 1;
  if (padded ? retired_padded(c, x, a, D, per, &unknown, &gap)
             : sym_tc05_retired(c, x, a, D, &unknown))
    return;
  if (unknown || (!padded && !sym_is_true(c, a->pred)) ||
      (after_loop_of(a, x) && c->rings[a->ring].n != 1)) {
    sym_note_unknown(r, "%s at %s: whether the %s at %s on %s is complete is outside the "
                     "encoding (predicated MMA, commit or wait, or another loop)",
                     access_text(x), xl, tc05_name(a), al, buf);
    return;
  }
  /* a violation: x fires in iteration i, a in i + D (x after a's loop: a in its last iteration) */
  Z3_ast j = NULL;
  int loop = x->loop;
  Z3_ast phi = fires_with(c, x, a, D, &j);
  if (gap) phi = sym_and2(c, phi, gap);
  Z3_ast extra[1] = {j ? j : sym_int(c, -1)};
  int64_t xv[1];
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, x->op, x->part, phi, loop, sym_ev_it(c, x),
                                      x->tainted || a->tainted, extra, 1, xv, &st);
  if (!v) return;
  sym_site(v, a->op);
  char when[64] = "", at[64] = "";
  if (v->iteration >= 0) snprintf(when, sizeof when, " in iteration %lld", (long long)v->iteration);
  if (j) snprintf(at, sizeof at, " in iteration %lld", (long long)xv[0]);
  v->message = sym_fmt("%s %s%s while the %s issued at %s%s may still %s it: no commit after "
                       "it whose barrier phase this partition waited for retires it first "
                       "(semantics.md §4.4)",
                       access_text(x), buf, when, tc05_name(a), al, at,
                       a->kind == SYM_EV_ASYNC_READ ? "be reading" : "be writing");
}

/* Can wait w be for a round that arrive x makes? False only when Z3 shows that no sequence
 * number of x is the one w's round needs (an epilogue's arrive on a round past the loop's
 * waits: a fused loop's last hand-off, sym_fused.c). */
static bool may_wait_for(sym_ctx *c, const sym_event *w, const sym_event *x) {
  const char *how;
  int lag = sym_wait_lag(c, (int)(w - c->evs), &how);
  if (lag < 0 || !w->has_seq || !x->has_seq || w->unsupported || x->unsupported ||
      c->rings[w->ring].irregular)
    return true;
  Z3_ast n = sym_fresh(c, "n", c->wide);
  Z3_ast m = sym_add(c, n, sym_int(c, lag * c->rings[w->ring].n));
  return sym_sat(c, sym_and2(c, sym_fires(c, x, n), sym_fires(c, w, m))) != Z3_L_FALSE;
}

/* A partition other than a's waits on ring b, for a round that arrive x may make, and then,
 * before its next wait, accesses a's buffer ring (the wait guards that access). */
static const sym_event *waiter_using(sym_ctx *c, int b, const sym_event *a, const sym_event *x) {
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    if (w->kind != SYM_EV_WAIT || w->ring != b || w->part == a->part) continue;
    for (uint32_t i = wi + 1; i < c->n_evs; i++) {
      const sym_event *e = &c->evs[i];
      if (e->part != w->part || e->kind == SYM_EV_WAIT) break;
      if (sym_is_access(e->kind) && e->ring == a->ring && may_wait_for(c, w, x)) return w;
    }
  }
  return NULL;
}

/* An arrive (not a commit) of a's partition after a hands a's accumulator to a waiter. */
static void check_handoff(sym_ctx *c, vf_sym_condres *r, const sym_event *a, const sym_event *e) {
  const sym_event *w = waiter_using(c, e->ring, a, e);
  if (!w) return;
  char el[256], al[256];
  ir_loc_str(e->op->loc, el, sizeof el);
  ir_loc_str(a->op->loc, al, sizeof al);
  int64_t D = e->loop == a->loop && e->loop >= 0 && a->pos >= e->pos ? -1 : 0;
  if (e->loop != a->loop && !after_loop_of(a, e)) {
    if (may_precede(c, a, e)) {
      r->n_checked++;
      sym_note_unknown(r, "arrive at %s: the %s at %s is in another loop", el, tc05_name(a), al);
    }
    return;
  }
  if (e->loop < 0 && a->loop < 0 && a->pos > e->pos) return;
  r->n_checked++;
  bool unknown = false;
  if (sym_tc05_retired(c, e, a, D, &unknown)) return;
  if (unknown || !sym_is_true(c, a->pred) || c->rings[a->ring].n != 1) {
    sym_note_unknown(r, "arrive at %s: whether the %s at %s writing %s is complete is outside "
                     "the encoding", el, tc05_name(a), al, c->rings[a->ring].name);
    return;
  }
  Z3_ast j = NULL;
  Z3_ast phi = fires_with(c, e, a, D, &j);
  Z3_ast extra[1] = {j ? j : sym_int(c, -1)};
  int64_t xv[1];
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, e->op, e->part, phi, e->loop, sym_ev_it(c, e),
                                      e->tainted || a->tainted, extra, 1, xv, &st);
  if (!v) return;
  sym_site(v, a->op);
  sym_ring_sites(c, v, e->ring); /* the waiter and the accesses it guards */
  char when[64] = "", at[64] = "", wl[256];
  if (v->iteration >= 0) snprintf(when, sizeof when, " in iteration %lld", (long long)v->iteration);
  if (j) snprintf(at, sizeof at, " in iteration %lld", (long long)xv[0]);
  v->message = sym_fmt("arrives on %s%s, which %s waits for at %s before accessing %s, while the "
                       "%s issued at %s%s may still be writing it: an arrive_barrier does not "
                       "wait for it (a tc_gen5_commit does, semantics.md §4.4)",
                       c->rings[e->ring].name, when, sym_part_label(c, w->part),
                       ir_loc_str(w->op->loc, wl, sizeof wl), c->rings[a->ring].name,
                       tc05_name(a), al, at);
}

void sym_vc_tc05(sym_ctx *c, vf_sym_condres *r) {
  for (uint32_t ai = 0; ai < c->n_evs; ai++) {
    const sym_event *a = &c->evs[ai];
    if ((a->kind != SYM_EV_ASYNC_READ && a->kind != SYM_EV_ASYNC_WRITE) || a->group != SYM_G_TC05 ||
        a->ring < 0 || c->rings[a->ring].elsewhere) /* elsewhere: sym_ring_fresh.c */
      continue;
    /* an MMA whose two operands share a ring: one check */
    if (ai && c->evs[ai - 1].op == a->op && c->evs[ai - 1].ring == a->ring) continue;
    sym_debug_what(c, "back-pressure (d) of ev %u", ai);
    for (uint32_t xi = 0; xi < c->n_evs; xi++) {
      const sym_event *x = &c->evs[xi];
      bool has_seq;
      int64_t mul, off;
      if (conflicts(a, x, &has_seq, &mul, &off)) check_access(c, r, a, x, has_seq, mul, off);
      else if (a->kind == SYM_EV_ASYNC_WRITE && x->part == a->part && x->ring >= 0 &&
               (x->kind == SYM_EV_ARRIVE || x->kind == SYM_EV_EXPECT) && !sym_is_commit(x))
        check_handoff(c, r, a, x);
    }
  }
}
