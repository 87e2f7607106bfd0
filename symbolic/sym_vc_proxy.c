/* sym_vc_proxy.c: the proxy-fence condition: a shared buffer written through the generic proxy
 * (local_store, or local_alloc with an initial value) and read by the async proxy (TMA store,
 * wgmma / tcgen05 operand) needs a fence.proxy.async by the writer between the two; a slot read
 * through the generic proxy (local_load) and then written by another thread's TMA load needs one
 * by the reader before it hands the slot back (semantics.md §2.3). */
#include <stdio.h>
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* Generic-proxy writes of shared memory: local_store, local_atomic_scatter_rmw, and a local_alloc
 * with an initial value (Triton's lowering adds no fence after it: measured, sim_ops_mem.c). */
static bool generic_write(const sym_event *e) {
  return e->kind == SYM_EV_WRITE && e->ring >= 0 &&
         (e->op->code == IR_OP_TTG_LOCAL_STORE || e->op->code == IR_OP_TTG_LOCAL_ALLOC ||
          e->op->code == IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW || e->op->code == IR_OP_TTG_ASYNC_COPY_G2L);
}

/* cp.async writes its slot through the generic proxy ("a weak memory operation performed in the
 * generic proxy", PTX ISA cp.async; the explicit model: sim_events.c): an async-proxy read of it
 * needs a fence.proxy.async of the writer after the cp.async wait that made the write visible to
 * it, which position alone (fence_between) does not show. */
static bool is_cpasync(const sym_event *e) { return e->op->code == IR_OP_TTG_ASYNC_COPY_G2L; }

/* A fence_async_shared directly in the block of read rd, before rd, with no op holding a `wait`
 * between it and rd (and, when need_wait, after one such op of the block): the fence follows
 * every wait of the block before rd. */
static bool fenced_after(const sym_event *rd, ir_opcode wait, bool need_wait) {
  if (!rd->op->parent) return false;
  bool waited = !need_wait, fenced = false;
  for (const ir_op *o = rd->op->parent->first; o && o != rd->op; o = o->next) {
    if (o->code == IR_OP_TTNG_FENCE_ASYNC_SHARED) fenced = waited;
    else if (ir_op_holds(o, wait)) waited = true, fenced = false;
  }
  return fenced;
}

/* The cp.async wait that retires the copy before rd (which the cp.async condition,
 * sym_vc_cpasync.c, checks) ran before the fence, so the fence follows the write. */
static bool fenced_after_wait(const sym_event *rd) {
  return fenced_after(rd, IR_OP_TTG_ASYNC_WAIT, false);
}

/* The fence follows every wait_barrier of the block before rd, the one that acquires a
 * hand-over among them, so it lies on the causality path from a write handed over to rd's
 * thread to rd (the reader's fence, sim_proxy.c). */
static bool fenced_after_acquire(const sym_event *rd) {
  return fenced_after(rd, IR_OP_TTNG_WAIT_BARRIER, true);
}

/* Some fence of rd's partition comes before rd in program order. */
static bool reader_fence_before(sym_ctx *c, const sym_event *rd) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->kind == SYM_EV_FENCE && e->part == rd->part && e->pos < rd->pos) return true;
  }
  return false;
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
 * the fork, or a straight-line w before rd's loop in its thread (program_pair decides the pair). */
static bool program_ordered(const sym_event *w, const sym_event *rd) {
  return (w->prefork && !rd->prefork) || before_loop(w, rd);
}

typedef enum fenced { FENCED_NO, FENCED_YES, FENCED_MAYBE } fenced;

/* A fence of write w's partition in w's loop strictly between w and program position hi: YES
 * when one runs whenever w does (unconditional, or its path condition follows from w's in the
 * same iteration: both under one scf.if), MAYBE when only another predicated one is there. */
static fenced fence_range(sym_ctx *c, const sym_event *w, uint32_t lo, uint32_t hi) {
  fenced f = FENCED_NO;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->kind != SYM_EV_FENCE || e->part != w->part || e->pos <= lo || e->pos >= hi) continue;
    /* a fence of w's step's body in a padded nest (sym_pad_same_step), unpredicated: it runs
     * whenever w does, between w and hi in that body */
    if (hi != UINT32_MAX && sym_is_true(c, e->pred) && sym_pad_same_step(c, w, e))
      return FENCED_YES;
    if (e->loop == w->loop &&
        (sym_is_true(c, e->pred) ||
         sym_sat(c, sym_and2(c, sym_and2(c, sym_ev_range(c, w), w->pred), sym_not(c, e->pred))) ==
             Z3_L_FALSE))
      return FENCED_YES;
    f = FENCED_MAYBE;
  }
  return f;
}

static fenced fence_between(sym_ctx *c, const sym_event *w, uint32_t hi) {
  return fence_range(c, w, w->pos, hi);
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

/* Write w and async read rd that program order relates across threads (join false: w of the
 * parent before the fork, rd in a partition or the parent after the join, or a straight-line w
 * before a loop of its thread reading it; join true: w of a partition, rd of the parent after
 * the join, which hands w over as an arrive does). Fork: a fence of w's thread between w and
 * the fork (or rd), straight-line and running whenever w does, covers every instance of rd
 * (semantics.md §2.3: the writer's fence); a fence only in rd's partition, a predicated one or
 * a write in a loop of the parent: unknown. Join: an unconditional fence of w's partition after
 * w, or a straight-line unconditional fence of the parent between the join and rd (the
 * reader's fence after its acquire, sim_proxy.c); only predicated ones: unknown. No fence at
 * all: a violation where both run. */
static void program_pair(sym_ctx *c, vf_sym_condres *r, const sym_event *w, const sym_event *rd,
                         bool join) {
  char wl[256], rl[256];
  r->n_checked++;
  ir_loc_str(w->op->loc, wl, sizeof wl);
  ir_loc_str(rd->op->loc, rl, sizeof rl);
  bool other = false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->kind != SYM_EV_FENCE) continue;
    bool covers, near;
    if (join) {
      bool writer = e->part == w->part && !e->postjoin && !e->prefork && e->pos > w->pos &&
                    (e->loop < 0 || e->loop == w->loop);
      bool reader = e->postjoin && e->part == rd->part && e->loop < 0 && e->pos < rd->pos;
      near = writer || reader;
      covers = near && sym_is_true(c, e->pred);
    } else {
      covers = e->part == w->part && e->prefork == w->prefork && e->loop < 0 && w->loop < 0 &&
               e->pos > w->pos && e->pos < rd->pos &&
               (sym_is_true(c, e->pred) ||
                sym_sat(c, sym_and2(c, w->pred, sym_not(c, e->pred))) == Z3_L_FALSE);
      near = (e->part == w->part && e->pos > w->pos && e->pos < rd->pos) ||
             (e->part == rd->part && !e->prefork);
    }
    if (covers) return;
    other |= near;
  }
  if (join && other) {
    sym_note_unknown(r, "write at %s in a partition, async-proxy read at %s after the join: the "
                     "only fences between them are predicated (not decided)", wl, rl);
    return;
  }
  if (other || w->loop >= 0) {
    sym_note_unknown(r, "write at %s before the fork or the loop, async-proxy read at %s: %s", wl, rl,
                     w->loop >= 0 ? "the write is in a loop of the parent (not paired)"
                                  : "the only fence after the write is predicated or the "
                                    "reader's (not decided)");
    return;
  }
  const sym_event *at = join ? w : rd; /* the iteration the counterexample names */
  Z3_ast phi = sym_and2(c, sym_and2(c, join ? sym_ev_range(c, w) : Z3_mk_true(c->z), w->pred),
                        sym_and2(c, sym_ev_range(c, rd), rd->pred));
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, w->op, w->part, phi, at->loop, sym_ev_it(c, at),
                                      w->tainted || rd->tainted, NULL, 0, NULL, &st);
  if (!v) return;
  sym_site(v, rd->op);
  const char *wop = w->op->code == IR_OP_TTG_LOCAL_ALLOC ? "local_alloc" : "local_store";
  if (join)
    v->message = sym_fmt("%s writes %s in %s, and the parent reads it through the async proxy at "
                         "%s after the join with no fence.proxy.async between them: the async "
                         "proxy may read stale data (semantics.md §2.3)",
                         wop, c->rings[w->ring].name, sym_part_label(c, w->part), rl);
  else
    v->message = sym_fmt("%s writes %s before the warp_specialize (or the loop), and %s reads it "
                         "through the async proxy at %s with no fence.proxy.async of the writer "
                         "between them: the async proxy may read stale data (semantics.md §2.3)",
                         wop, c->rings[w->ring].name, sym_part_label(c, rd->part), rl);
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

/* cp.async write w and async-proxy read rd of its ring: fenced when the reader is w's thread
 * and a fence follows the last cp.async wait before the read (fenced_after_wait), or the
 * reader is another partition whose fence follows the waits before the read
 * (fenced_after_acquire); otherwise not decided here: the explicit check reports a missing
 * fence, and the writer's fence after its cp.async completes is not encoded. */
static void cp_pair(sym_ctx *c, vf_sym_condres *r, const sym_event *w, const sym_event *rd) {
  char wl[256], rl[256];
  if (sym_disjoint_slots(c, rd, w, w->idx)) return;
  /* a straight-line write after the read in the read's thread: the read is issued first (one
   * still in flight at the write is back-pressure's race, not a proxy order) */
  if (w->loop < 0 && rd->part == w->part && rd->pos < w->pos && w->prefork == rd->prefork &&
      w->postjoin == rd->postjoin)
    return;
  r->n_checked++;
  if (rd->part == w->part && fenced_after_wait(rd)) return;
  /* another partition's read: its fence after the wait that acquires the bytes (handed over by
   * cp.async.mbarrier.arrive, or by an arrive after the writer's cp.async wait) is on the
   * causality path from the copy to the read (sim_proxy.c); whether that wait orders the read
   * after the copy at all is back-pressure's */
  if (rd->part != w->part && fenced_after_acquire(rd)) return;
  sym_note_unknown(r, "cp.async write at %s (generic proxy), async-proxy read at %s: %s",
                   ir_loc_str(w->op->loc, wl, sizeof wl), ir_loc_str(rd->op->loc, rl, sizeof rl),
                   rd->part != w->part ? "read by another partition with no fence of its own "
                                         "after its waits (the writer's fence after its "
                                         "cp.async completes is not encoded)"
                                       : "no fence.proxy.async between the last cp.async wait "
                                         "before the read and the read");
}

static void check_pair(sym_ctx *c, vf_sym_condres *r, int wi, int ri) {
  sym_debug_what(c, "proxy-fence of ev %d, %d", wi, ri);
  const sym_event *w = &c->evs[wi], *rd = &c->evs[ri];
  char wl[256], rl[256], al[256];

  const sym_event *rel = NULL; /* the arrive that hands the buffer over (cross-partition) */
  uint32_t hi = rd->pos;
  if (w->postjoin && !rd->postjoin) return; /* the join: the write follows the read */
  if (program_ordered(w, rd)) {
    program_pair(c, r, w, rd, false);
    return;
  }
  if (rd->postjoin && !w->postjoin && !w->prefork && w->part != rd->part) {
    program_pair(c, r, w, rd, true); /* a partition's write, the parent's read after the join */
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
  /* handed over: the reader's fence after the wait that acquires the buffer, before the read,
   * also orders the pair (a fence on the causality path, sim_proxy.c) */
  if (rel && fenced_after_acquire(rd)) return;
  if (rel && reader_fence_before(c, rd)) {
    sym_note_unknown(r, "write at %s handed over by the arrive at %s: the reader's fence before "
                     "the read at %s is not shown to follow the wait that acquires it",
                     ir_loc_str(w->op->loc, wl, sizeof wl),
                     ir_loc_str(rel->op->loc, al, sizeof al), ir_loc_str(rd->op->loc, rl, sizeof rl));
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

/* ------------------------------------------------------------------ generic read, async write */

/* Generic-proxy reads of shared memory that an async-proxy write may follow: local_load and
 * the CLC response reads (the explicit model's sim_uf_note readers). */
static bool generic_read(const sym_event *e) {
  return e->kind == SYM_EV_READ && e->ring >= 0 &&
         (e->op->code == IR_OP_TTG_LOCAL_LOAD || e->op->code == IR_OP_TTNG_CLC_QUERY_CANCEL ||
          e->op->code == IR_OP_TTNG_CLC_LOAD_RESULT);
}

/* Straight-line TMA load p and straight-line read g of another thread: a wait of g's thread
 * before g observes p's round whenever g runs, so p's write comes first (no write after the
 * read). */
static bool load_first(sym_ctx *c, const sym_event *p, const sym_event *g) {
  if (p->loop >= 0 || g->loop >= 0 || !p->has_seq || p->seqt || g->seqt) return false;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *w = &c->evs[i];
    if (!sym_straight_observer(c, i, p->ring, p->off) || w->part != g->part ||
        w->prefork != g->prefork || w->pos >= g->pos)
      continue;
    if (sym_is_true(c, w->pred) ||
        sym_sat(c, sym_and2(c, g->pred, sym_not(c, w->pred))) == Z3_L_FALSE)
      return true;
  }
  return false;
}

/* Loop l is lp or encloses it. */
static bool encloses(const sym_ctx *c, int l, int lp) {
  for (; lp >= 0; lp = c->loops[lp].parent)
    if (lp == l) return true;
  return false;
}

/* Arrival e of g's thread may follow g (later in program order, or earlier in a loop around
 * g: its next iteration). */
static bool arrives_after_read(const sym_ctx *c, const sym_event *e, const sym_event *g) {
  if ((e->kind != SYM_EV_ARRIVE && e->kind != SYM_EV_EXPECT) || e->part != g->part ||
      (e->prefork && !g->prefork))
    return false;
  return e->pos > g->pos || (e->loop >= 0 && encloses(c, e->loop, g->loop));
}

/* Some chain of arrivals and waits may order read g before p's thread: g's thread arrives on a
 * ring after g, a thread waits on it, that thread arrives on rings (any of its arrivals and TMA
 * loads), and so on, until p's thread waits on one (an over-approximation: positions are not
 * followed past the first arrival). Without one the load is not ordered after the read at all:
 * a race, back-pressure's; the explicit model asks a fence only of reads that a release of the
 * reader published (sim_proxy.c). */
static bool may_reach(sym_ctx *c, const sym_event *g, const sym_event *p) {
  bool *ring = ir_xcalloc(c->n_rings ? c->n_rings : 1, 1);
  bool *part = ir_xcalloc(c->n_parts ? c->n_parts : 1, 1);
  for (uint32_t i = 0; i < c->n_evs; i++)
    if (c->evs[i].ring >= 0 && arrives_after_read(c, &c->evs[i], g)) ring[c->evs[i].ring] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t i = 0; i < c->n_evs; i++) {
      const sym_event *w = &c->evs[i];
      if (w->kind != SYM_EV_WAIT || w->ring < 0 || !ring[w->ring] || part[w->part]) continue;
      part[w->part] = changed = true;
      for (uint32_t k = 0; k < c->n_evs; k++) {
        const sym_event *a = &c->evs[k];
        if (a->part == w->part && a->ring >= 0 &&
            (a->kind == SYM_EV_ARRIVE || a->kind == SYM_EV_EXPECT || a->kind == SYM_EV_TMA_LOAD))
          ring[a->ring] = true;
      }
    }
  }
  bool reached = part[p->part];
  free(ring);
  free(part);
  return reached;
}

/* The first arrival of g's partition in g's loop, earlier in the body than g (it follows g in
 * the next iteration); -1 when there is none or g is in no loop. */
static int loop_head_release(sym_ctx *c, const sym_event *g) {
  for (uint32_t i = 0; g->loop >= 0 && i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->part == g->part && e->loop == g->loop && e->pos < g->pos && !e->prefork &&
        !e->postjoin && (e->kind == SYM_EV_ARRIVE || e->kind == SYM_EV_EXPECT))
      return (int)i;
  }
  return -1;
}

/* Generic read g (index gi) of a slot and another thread's TMA load p into its ring (semantics.md
 * §2.3, WAR: consumers that ld.shared a TMA-filled stage fence before releasing it). The reader
 * hands the slot back by its next arrive in its loop, which p's thread waits on before p: a
 * fence.proxy.async of the reader between g and that arrive is needed. The explicit model's
 * rule (sim_proxy.c): a read of its own thread before the load is program order, a read the
 * load precedes is no write-after-read. Other shapes are unknown, never proved. */
static void war_pair(sym_ctx *c, vf_sym_condres *r, int gi, const sym_event *p) {
  const sym_event *g = &c->evs[gi];
  char gl[256], pl[256], al[256];
  if (p->part == g->part && p->prefork == g->prefork && p->postjoin == g->postjoin) return;
  if ((p->prefork && !g->prefork) || (g->postjoin && !p->postjoin)) return; /* load first */
  if (sym_disjoint_slots(c, g, p, p->buf_idx) || sym_fp_disjoint(g, p)) return;
  if (load_first(c, p, g) || !may_reach(c, g, p)) return;
  sym_debug_what(c, "proxy-fence (read) of ev %d, %d", gi, (int)(p - c->evs));
  r->n_checked++;
  ir_loc_str(g->op->loc, gl, sizeof gl);
  ir_loc_str(p->op->loc, pl, sizeof pl);
  bool wrap = false; /* no arrive after g in its iteration: the next iteration's first one */
  int a = g->prefork || g->postjoin || p->prefork || p->postjoin ? -1 : next_release(c, gi);
  if (a < 0 && !g->prefork && !g->postjoin && !p->prefork && !p->postjoin) {
    a = loop_head_release(c, g);
    wrap = a >= 0;
  }
  const char *nohand = "read at %s, TMA load at %s: the slot is not handed back by the "
                       "reader's next arrive in its loop, which the loader waits on (the pair is "
                       "not checked)";
  if (a < 0) {
    sym_note_unknown(r, nohand, gl, pl);
    return;
  }
  const sym_event *rel = &c->evs[a];
  /* wrap: a fence after g in its iteration, or before the release in the next one (a YES of
   * either suffices; else a MAYBE of either) */
  fenced f = fence_between(c, g, wrap ? UINT32_MAX : rel->pos);
  if (wrap && f != FENCED_YES) {
    fenced f2 = fence_range(c, g, 0, rel->pos);
    if (f2 != FENCED_NO) f = f2;
  }
  /* a fence before the reader's first arrive after g precedes every arrive that can hand the
   * slot over, on whatever ring the loader waits (session 38: the FA MMA partition releases
   * the previous step's V on the split V ring between its K read and the K release) */
  if (f == FENCED_YES) return;
  if (!waits_before(c, p, rel->ring)) {
    sym_note_unknown(r, nohand, gl, pl);
    return;
  }
  if (f == FENCED_MAYBE || wrap) { /* wrap: the model would need the next iteration's arrive */
    sym_note_unknown(r, "read at %s: the fence after it is predicated%s", gl,
                     wrap && f != FENCED_MAYBE ? " or missing (a hand-back in the next iteration)" : "");
    return;
  }
  /* the load of the slot's next round (g's number + N) writes after the hand-back */
  if (!p->buf_has_seq || p->base || p->seqt || g->seqt || !g->has_seq || g->base ||
      p->pad_pos != SYM_PAD_NONE || g->pad_pos != SYM_PAD_NONE) {
    sym_note_unknown(r, "read at %s, TMA load at %s: the load's round of the slot is not "
                     "numbered (the pair is not checked)", gl, pl);
    return;
  }
  int64_t N = g->view || g->idx ? c->rings[g->ring].n : 1;
  Z3_ast J = p->loop >= 0 ? sym_fresh(c, "J", c->wide) : NULL;
  Z3_ast pf = sym_and2(c, sym_ev_range(c, p), p->pred);
  Z3_ast bseq = sym_int(c, p->buf_off);
  if (J) {
    pf = sym_at(c, p->loop, pf, J);
    bseq = sym_add(c, sym_mul(c, sym_int(c, p->buf_mul), J), bseq);
  }
  Z3_ast next = sym_and2(c, pf, sym_eq(c, bseq, sym_add(c, sym_seq_term(c, g), sym_int(c, N))));
  Z3_ast phi = sym_and2(c, sym_and2(c, sym_ev_range(c, g), g->pred), rel->pred);
  phi = sym_and2(c, phi, next);
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, g->op, g->part, phi, g->loop, sym_ev_it(c, g),
                                      g->tainted || rel->tainted || p->tainted, NULL, 0, NULL,
                                      &st);
  if (!v) return;
  sym_site(v, rel->op);
  sym_site(v, p->op);
  char when[48] = "";
  if (v->iteration >= 0) snprintf(when, sizeof when, " in iteration %lld", (long long)v->iteration);
  v->message = sym_fmt("%s reads %s%s and hands it back by the arrive at %s with no "
                       "fence.proxy.async between them; the TMA load at %s writes it through the "
                       "async proxy (semantics.md §2.3, write after read)",
                       ir_ops[g->op->code].name, c->rings[g->ring].name, when,
                       ir_loc_str(rel->op->loc, al, sizeof al), pl);
}

void sym_vc_proxy(sym_ctx *c, vf_sym_condres *r) {
  sym_untraced_unknown(c, r);
  sym_unencoded_unknown(c, r, false);
  for (uint32_t gi = 0; gi < c->n_evs; gi++) {
    if (!generic_read(&c->evs[gi])) continue;
    for (uint32_t pi = 0; pi < c->n_evs; pi++) {
      const sym_event *p = &c->evs[pi];
      if (p->kind == SYM_EV_TMA_LOAD && p->buf_ring == c->evs[gi].ring && p->ring >= 0)
        war_pair(c, r, (int)gi, p);
    }
  }
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    if (!generic_write(&c->evs[wi])) continue;
    for (uint32_t ri = 0; ri < c->n_evs; ri++) {
      const sym_event *rd = &c->evs[ri];
      if (!async_read(rd)) continue;
      const sym_event *w = &c->evs[wi];
      if (is_cpasync(w)) {
        if (rd->ring == w->ring) cp_pair(c, r, w, rd);
        continue;
      }
      if (rd->part == w->part && rd->ring == w->ring && rd->loop == w->loop &&
          c->rings[w->ring].n != 1 && (!w->has_seq || !rd->has_seq)) {
        char wl[256]; /* which slot each touches is unknown: the pair is not checked */
        r->n_checked++;
        sym_note_unknown(r, "write at %s: its slot of %s is not in (i + c) mod N form",
                         ir_loc_str(w->op->loc, wl, sizeof wl), c->rings[w->ring].name);
        continue;
      }
      if (rd->ring == w->ring && program_ordered(w, rd))
        check_pair(c, r, (int)wi, (int)ri); /* program order (program_pair) */
      else if (rd->part == w->part ? same_slot(c, w, rd) : rd->ring == w->ring)
        check_pair(c, r, (int)wi, (int)ri);
      else if (rd->part == w->part && rd->ring == w->ring && rd->loop != w->loop &&
               !(rd->loop < 0 && rd->pos < w->pos)) { /* (a straight-line read before: no) */
        /* a read in a loop before a straight-line write: every instance of it precedes the
         * write in program order, so it never reads the write's data (a read still in flight
         * at the write is a race, not a proxy order: back-pressure's); a write in a loop
         * followed in its iteration by a fence that runs whenever it does, and a straight-line
         * read after the loop: the fence orders every instance before the read (semantics.md
         * §2.3: fence.proxy.async orders the thread's earlier generic accesses with its later
         * async-proxy ones) */
        if ((w->loop < 0 && rd->pos < w->pos) ||
            (rd->loop < 0 && rd->pos > w->pos && fence_between(c, w, UINT32_MAX) == FENCED_YES)) {
          r->n_checked++;
          continue;
        }
        char wl[256], rl[256]; /* a write and a read in different loops: not paired */
        r->n_checked++;
        sym_note_unknown(r, "write at %s, async-proxy read at %s: in different loops (the pair "
                         "is not checked)", ir_loc_str(w->op->loc, wl, sizeof wl),
                         ir_loc_str(rd->op->loc, rl, sizeof rl));
      }
    }
  }
  sym_finish_cond(r, "every shared buffer written through the generic proxy is read by the async "
                     "proxy only after a fence.proxy.async of its writer, or of its reader after "
                     "the wait that acquires it (writes and reads in one partition and iteration, "
                     "or handed over by the writer's next arrive; other pairs are left to the "
                     "explicit check), and every slot read through "
                     "it is handed back to a TMA load after a fence of the reader");
}
