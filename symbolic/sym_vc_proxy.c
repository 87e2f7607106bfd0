/* sym_vc_proxy.c: the proxy-fence condition: a shared buffer written through the generic proxy
 * (local_store, or local_alloc with an initial value) and read by the async proxy (TMA store,
 * wgmma / tcgen05 operand) needs a fence.proxy.async by the writer between the two
 * (semantics.md §2.3). */
#include <stdio.h>

#include "sym_internal.h"

/* Generic-proxy writes of shared memory: local_store, local_atomic_scatter_rmw, and a local_alloc
 * with an initial value (Triton's lowering adds no fence after it: measured, sim_ops_mem.c). */
static bool generic_write(const sym_event *e) {
  return e->kind == SYM_EV_WRITE && e->ring >= 0 &&
         (e->op->code == IR_OP_TTG_LOCAL_STORE || e->op->code == IR_OP_TTG_LOCAL_ALLOC ||
          e->op->code == IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW);
}

/* Reads through the async proxy: TMA stores, async wgmma and tcgen05 MMA operands
 * (ASYNC_READ), and the shared memory operands of synchronous wgmma (§2.3, §3, §4). */
static bool async_read(const sym_event *e) {
  if (e->ring < 0) return false;
  if (e->kind == SYM_EV_ASYNC_READ) return true;
  return e->kind == SYM_EV_READ && e->op->code == IR_OP_TTNG_WARP_GROUP_DOT;
}

/* The two events touch the same slot in the same iteration. */
static bool same_slot(sym_ctx *c, const sym_event *w, const sym_event *r) {
  if (w->ring != r->ring || w->loop != r->loop) return false;
  if (c->rings[w->ring].n == 1 && !w->view && !r->view) return true;
  if (!w->has_seq || !r->has_seq || w->mul != r->mul || !sym_same_base(c, w, r)) return false;
  return w->loop < 0 ? sym_same_seq(c, w, r) != 0 : w->off == r->off;
}

/* Straight-line write w before the loop of its thread's read rd (same part of the parent). */
static bool before_loop(const sym_event *w, const sym_event *rd) {
  return w->loop < 0 && rd->loop >= 0 && w->part == rd->part && w->prefork == rd->prefork &&
         w->postjoin == rd->postjoin && w->pos < rd->pos;
}

/* Program order puts write w before every instance of async read rd: w of the parent before
 * the fork, or a straight-line w before rd's loop in its thread (fork_pair decides the pair). */
static bool program_ordered(const sym_event *w, const sym_event *rd) {
  return (w->prefork && !rd->prefork) || before_loop(w, rd);
}

typedef enum fenced { FENCED_NO, FENCED_YES, FENCED_MAYBE } fenced;

/* A fence of write w's partition in w's loop strictly between w and program position hi: YES
 * when one runs whenever w does (unconditional, or its path condition follows from w's in the
 * same iteration: both under one scf.if), MAYBE when only another predicated one is there. */
static fenced fence_between(sym_ctx *c, const sym_event *w, uint32_t hi) {
  fenced f = FENCED_NO;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->kind != SYM_EV_FENCE || e->part != w->part || e->pos <= w->pos || e->pos >= hi) continue;
    if (e->loop == w->loop &&
        (sym_is_true(c, e->pred) ||
         sym_sat(c, sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred), sym_not(c, e->pred))) ==
             Z3_L_FALSE))
      return FENCED_YES;
    f = FENCED_MAYBE;
  }
  return f;
}

/* The first arrival of w's partition after w in its loop: where the writer hands the buffer
 * to another partition. -1 when there is none. */
static int next_release(sym_ctx *c, int wi) {
  const sym_event *w = &c->evs[wi];
  for (uint32_t i = (uint32_t)wi + 1; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->part != w->part) break;
    if (e->loop == w->loop && (e->kind == SYM_EV_ARRIVE || e->kind == SYM_EV_EXPECT)) return (int)i;
  }
  return -1;
}

/* The reader's partition waits on barrier ring `ring` before the read. */
static bool waits_before(sym_ctx *c, const sym_event *rd, int ring) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->kind == SYM_EV_WAIT && e->part == rd->part && e->ring == ring && e->pos < rd->pos)
      return true;
  }
  return false;
}

/* Write w of the parent before the fork, async read rd in a partition (or the parent after
 * the join), or a straight-line write w before a loop of its thread reading it: program order
 * (the fork) orders w before rd, so a fence of w's thread between w and the fork (or rd),
 * straight-line and running whenever w does, covers every instance of rd (semantics.md §2.3:
 * the writer's fence). None: a violation where both run; a fence only in rd's partition, a
 * predicated one or a write in a loop of the parent: unknown (the pair is not decided). */
static void fork_pair(sym_ctx *c, vf_sym_condres *r, const sym_event *w, const sym_event *rd) {
  char wl[256], rl[256];
  r->n_checked++;
  ir_loc_str(w->op->loc, wl, sizeof wl);
  ir_loc_str(rd->op->loc, rl, sizeof rl);
  bool other = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->kind != SYM_EV_FENCE) continue;
    if (e->part == w->part && e->prefork == w->prefork && e->loop < 0 && w->loop < 0 &&
        e->pos > w->pos && e->pos < rd->pos &&
        (sym_is_true(c, e->pred) ||
         sym_sat(c, sym_and2(c, w->pred, sym_not(c, e->pred))) == Z3_L_FALSE))
      return;
    other |= (e->part == w->part && e->pos > w->pos && e->pos < rd->pos) ||
             (e->part == rd->part && !e->prefork);
  }
  if (other || w->loop >= 0) {
    sym_note_unknown(r, "write at %s before the fork or the loop, async-proxy read at %s: %s", wl, rl,
                     w->loop >= 0 ? "the write is in a loop of the parent (not paired)"
                                  : "the only fence after the write is predicated or the "
                                    "reader's (not decided)");
    return;
  }
  Z3_ast phi = sym_and2(c, w->pred, sym_and2(c, sym_ev_range(c, rd), rd->pred));
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, w->op, w->part, phi, rd->loop, sym_ev_it(c, rd),
                                      w->tainted || rd->tainted, NULL, 0, NULL, &st);
  if (!v) return;
  sym_site(v, rd->op);
  v->message = sym_fmt("%s writes %s before the warp_specialize (or the loop), and %s reads it "
                       "through the async proxy at %s with no fence.proxy.async of the writer "
                       "between them: the async proxy may read stale data (semantics.md §2.3)",
                       w->op->code == IR_OP_TTG_LOCAL_ALLOC ? "local_alloc" : "local_store",
                       c->rings[w->ring].name, sym_part_label(c, rd->part), rl);
}

/* Straight-line write w and async read rd of two threads: whenever both run, an arrival of
 * rd's thread after rd and a wait of w's thread before w on one round order the read's issue
 * before the write (a write after the read is no write-then-read pair: whether the read
 * completed first is back-pressure's). */
static bool read_first(sym_ctx *c, const sym_event *w, const sym_event *rd) {
  if (w->loop >= 0 || rd->loop >= 0 || w->seqt || rd->seqt) return false;
  bool any = false, taint = false;
  Z3_ast ord = sym_straight_order(c, rd, w, &any, &taint);
  if (!any || taint) return false;
  return sym_sat(c, sym_and2(c, sym_and2(c, w->pred, rd->pred), sym_not(c, ord))) == Z3_L_FALSE;
}

static void check_pair(sym_ctx *c, vf_sym_condres *r, int wi, int ri) {
  sym_debug_what(c, "proxy-fence of ev %d, %d", wi, ri);
  const sym_event *w = &c->evs[wi], *rd = &c->evs[ri];
  char wl[256], rl[256], al[256];
  const sym_event *rel = NULL; /* the arrive that hands the buffer over (cross-partition) */
  uint32_t hi = rd->pos;
  if (w->postjoin && !rd->postjoin) return; /* the join: the write follows the read */
  if (program_ordered(w, rd)) {
    fork_pair(c, r, w, rd);
    return;
  }
  if (rd->part != w->part) {
    int a = next_release(c, wi);
    if (a < 0 || !waits_before(c, rd, c->evs[a].ring)) {
      if (sym_disjoint_slots(c, rd, w, w->idx)) return; /* different buffers */
      if (read_first(c, w, rd)) return; /* the read is ordered before the write: no pair */
      /* the writer hands the buffer over otherwise (a relay, another loop): not paired */
      r->n_checked++;
      sym_note_unknown(r, "write at %s, async-proxy read at %s: not handed over by the writer's "
                       "next arrive in its loop, which the reader waits on (the pair is not "
                       "checked)", ir_loc_str(w->op->loc, wl, sizeof wl),
                       ir_loc_str(rd->op->loc, rl, sizeof rl));
      return;
    }
    rel = &c->evs[a];
    hi = rel->pos;
  } else if (rd->pos <= w->pos) {
    return; /* read before the write in the iteration: ordered by the previous iteration's code */
  }
  r->n_checked++;
  fenced f = fence_between(c, w, hi);
  if (f == FENCED_YES) return;
  if (f == FENCED_MAYBE) {
    sym_note_unknown(r, "write at %s: the fence after it is predicated",
                     ir_loc_str(w->op->loc, wl, sizeof wl));
    return;
  }
  const sym_event *last = rel ? rel : rd;
  Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred), last->pred);
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, w->op, w->part, phi, w->loop, sym_ev_it(c, w),
                                      w->tainted || last->tainted, NULL, 0, NULL, &st);
  if (!v) return;
  sym_site(v, rd->op);
  if (rel) sym_site(v, rel->op);
  ir_loc_str(rd->op->loc, rl, sizeof rl);
  char when[48] = "";
  if (v->iteration >= 0) snprintf(when, sizeof when, " in iteration %lld", (long long)v->iteration);
  const char *buf = c->rings[w->ring].name;
  const char *wop = w->op->code == IR_OP_TTG_LOCAL_ALLOC ? "local_alloc" : "local_store";
  if (!rel)
    v->message = sym_fmt("%s writes %s%s, then the async-proxy read at %s (%s) reads it "
                         "with no fence.proxy.async between them: the async proxy may read stale "
                         "data (semantics.md §2.3)",
                         wop, buf, when, rl, ir_ops[rd->op->code].name);
  else
    v->message = sym_fmt("%s writes %s%s and hands it over by the arrive at %s with no "
                         "fence.proxy.async between them; %s reads it through the async proxy at "
                         "%s (semantics.md §2.3)",
                         wop, buf, when, ir_loc_str(rel->op->loc, al, sizeof al),
                         sym_part_label(c, rd->part), rl);
}

void sym_vc_proxy(sym_ctx *c, vf_sym_condres *r) {
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    if (!generic_write(&c->evs[wi])) continue;
    for (uint32_t ri = 0; ri < c->n_evs; ri++) {
      const sym_event *rd = &c->evs[ri];
      if (!async_read(rd)) continue;
      const sym_event *w = &c->evs[wi];
      if (rd->part == w->part && rd->ring == w->ring && rd->loop == w->loop &&
          c->rings[w->ring].n != 1 && (!w->has_seq || !rd->has_seq)) {
        char wl[256]; /* which slot each touches is unknown: the pair is not checked */
        r->n_checked++;
        sym_note_unknown(r, "write at %s: its slot of %s is not in (i + c) mod N form",
                         ir_loc_str(w->op->loc, wl, sizeof wl), c->rings[w->ring].name);
        continue;
      }
      if (rd->ring == w->ring && program_ordered(w, rd))
        check_pair(c, r, (int)wi, (int)ri); /* program order (fork_pair) */
      else if (rd->part == w->part ? same_slot(c, w, rd) : rd->ring == w->ring)
        check_pair(c, r, (int)wi, (int)ri);
      else if (rd->part == w->part && rd->ring == w->ring && rd->loop != w->loop &&
               !(rd->loop < 0 && rd->pos < w->pos)) { /* (a straight-line read before: no) */
        char wl[256], rl[256]; /* a write and a read in different loops: not paired */
        r->n_checked++;
        sym_note_unknown(r, "write at %s, async-proxy read at %s: in different loops (the pair "
                         "is not checked)", ir_loc_str(w->op->loc, wl, sizeof wl),
                         ir_loc_str(rd->op->loc, rl, sizeof rl));
      }
    }
  }
  sym_finish_cond(r, "every shared buffer written through the generic proxy is read by the async "
                     "proxy only after a fence.proxy.async of its writer (writes and reads in one "
                     "partition and iteration, or handed over by the writer's next arrive; "
                     "other pairs are left to the explicit check)");
}
