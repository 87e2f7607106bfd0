/* sym_vc_cpasync.c: back-pressure (e), a thread against its own cp.async. A cp.async
 * (ttg.async_copy_global_to_local) writes its slot from issue until an async_wait retires
 * it: `ttg.async_commit_group` closes the thread's open group (the copies issued since the
 * previous commit) and `ttg.async_wait {num = P}` returns once every group but the P most
 * recently committed completed (semantics.md §2.2). An access of the copy's own thread to the
 * slot before then (a read of the stage, a second copy into it) races with the copy. Triton's
 * software pipeliner issues the copies of stage i + S - 1 in iteration i and waits with
 * {num = groups per iteration * (S - 2)} before reading stage i: the wait is right only
 * because of how many commits lie between the copy of a stage and its read, which this file
 * counts. Before session 24 the encoding took a cp.async as done at issue for its own thread:
 * tutorial 03's pipeline with {num = 4} (examples/real_planted/triton_t03_async_wait4) had all
 * seven conditions proved.
 *
 * The count. A thread's program is its top-level block (the kernel body, or a region of a
 * warp_specialize), whose ops and top-level scf.for loops (under scf.if ops at most) run in
 * order; a commit or wait there, or in a loop's body, directly or in scf.if branches, is
 * counted, with its path condition. gap(a, b), the commits issued strictly between program
 * points a and b, is a term: the counted commits between them in a's iteration, in b's, and in
 * the straight-line ops between, each where its condition holds, and trip * (unconditional
 * commits of the body) for each whole loop between (whole iterations of a's or b's loop count
 * their unconditional commits only). Copy instance w is retired at a wait instance q after it
 * once gap(w, q) >= num + 1: one commit closes w's group and num more leave it outside the
 * most recent ones. An access x of w's slot after w is fine when the latest instance before x
 * of some counted wait runs after w and retires it (the body's waits before x in x's
 * iteration, after it in the one before, an earlier loop's in its last iteration, the
 * block's). Commits and waits elsewhere (a nested loop, an scf.while, a condition the encoding
 * does not evaluate, the default region after a fork) are not counted: a commit left out only
 * lowers a gap and a wait left out only retires less, so a proof stays one; a model is a
 * counterexample only when every commit and wait is counted and none is conditional in a loop
 * (cp_thread.exact), else unknown. Tests: tests/symbolic/cpasync-loop.*, cpasync-drain.bug,
 * cpasync-own.*; docs/symbolic.md §2 "Back-pressure (e), a thread against its own cp.async". */
#include <stdio.h>
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* A counted loop of a thread: a top-level scf.for of the encoding, whose ancestors up to the
 * thread's block are scf.if ops only. */
typedef struct cp_loop {
  int l;          /* ctx.loops index */
  const ir_op *op;
  Z3_ast cond;    /* its path condition (the scf.if conditions above it: a straight-line term) */
  int64_t plain;  /* commits in its body that run in every iteration (no condition) */
} cp_loop;

/* A counted commit or async_wait: in the thread's block or a counted loop's body, directly or
 * in scf.if branches there. */
typedef struct cp_sync {
  const ir_op *op;
  int loop;       /* cp_thread.loops index, -1: straight-line */
  Z3_ast cond;    /* its path condition inside that body (over the loop's counter) */
  bool plain;     /* cond is true: it runs whenever its body does */
  bool commit;
  int64_t num;    /* a wait's groups left in flight */
} cp_sync;

/* One thread's program for the count: its top-level block (the kernel body, or a region of a
 * warp_specialize), its counted loops and counted commits and waits. Owns loops and syncs. */
typedef struct cp_thread {
  sym_ctx *c;
  const ir_block *root;
  cp_loop *loops;
  uint32_t n_loops;
  cp_sync *syncs;
  uint32_t n_syncs;
  /* every commit and wait of root's tree counted, none conditional in a loop (a conditional
   * commit counts in full iterations only as 0, a conditional wait only at its latest
   * instance): a model of the count is then a counterexample */
  bool exact;
} cp_thread;

/* A program point of the thread: op position pos (an op id) in counted loop `loop` (-1:
 * straight-line) at iteration t (NULL outside loops). */
typedef struct cp_point {
  int loop;
  Z3_ast t;
  uint32_t pos;
} cp_point;

static bool root_owner(const ir_op *o) {
  return o->code == IR_OP_TT_FUNC || o->code == IR_OP_TTG_WARP_SPECIALIZE ||
         o->code == IR_OP_TTG_WARP_SPEC_PARTITIONS;
}

/* The thread's top-level block holding op: the first block up whose region belongs to the
 * kernel or to a warp_specialize. */
static const ir_block *thread_root(const ir_op *op) {
  for (const ir_op *at = op; at && at->parent; at = ir_op_owner(at)) {
    const ir_op *owner = ir_op_owner(at);
    if (!owner || root_owner(owner)) return at->parent;
  }
  return NULL;
}

/* The loop whose counter numbers the events of top-level scf.for op's body (sym_body_loop,
 * with no enclosing loop), or -1. A loop whose step is no constant has a free trip count: a
 * count over it is one for some trip count, which the proof covers. */
static int top_loop(const sym_ctx *c, const ir_op *op) {
  int l = sym_body_loop(c, op);
  return l >= 0 && c->loops[l].parent < 0 ? l : -1;
}

/* Locates op in root's tree: *loop, the scf.for holding it below root (NULL: none); *in, its
 * path condition inside that loop's body (or in root); *out, the loop's own path condition.
 * False on another region op on the way (scf.while, a second scf.for, a region of several
 * blocks) or a condition the encoding does not evaluate. */
static bool locate(sym_ctx *c, const ir_block *root, const ir_op *op, const ir_op **loop,
                   Z3_ast *in, Z3_ast *out) {
  *loop = NULL;
  *in = *out = Z3_mk_true(c->z);
  Z3_ast *acc = in;
  for (const ir_op *at = op;;) {
    const ir_block *b = at->parent;
    if (b == root) return true;
    if (!b || !b->parent || b->parent->n_blocks != 1 || !b->parent->parent) return false;
    const ir_op *owner = b->parent->parent;
    if (owner->code == IR_OP_SCF_FOR) {
      if (*loop) return false;
      *loop = owner;
      acc = out;
    } else if (owner->code == IR_OP_SCF_IF && owner->n_operands) {
      Z3_ast k = sym_eval(c, owner->operands[0]);
      if (!k || sym_tainted(c, owner->operands[0])) return false;
      Z3_ast kb = sym_truth(c, k);
      *acc = sym_and2(c, *acc, b->parent == owner->regions[0] ? kb : sym_not(c, kb));
    } else {
      return false;
    }
    at = owner;
  }
}

/* The thread's counted loop of scf.for op (registered on first sight), or -1. */
static int loop_of(cp_thread *t, const ir_op *op, Z3_ast cond) {
  for (uint32_t k = 0; k < t->n_loops; k++)
    if (t->loops[k].op == op) return (int)k;
  int l = top_loop(t->c, op);
  if (l < 0) return -1;
  t->loops = ir_xrealloc(t->loops, t->n_loops + 1, sizeof *t->loops);
  t->loops[t->n_loops] = (cp_loop){l, op, cond, 0};
  return (int)t->n_loops++;
}

/* Collects the commits and waits of block b's tree (not the partitions of a warp_specialize:
 * other threads). */
static void collect(cp_thread *t, const ir_block *b) {
  sym_ctx *c = t->c;
  for (const ir_op *op = b->first; op; op = op->next) {
    if (op->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) continue;
    bool commit = op->code == IR_OP_TTG_ASYNC_COMMIT_GROUP;
    if (commit || op->code == IR_OP_TTG_ASYNC_WAIT) {
      const ir_op *loop;
      Z3_ast in, out;
      int k = -1;
      if (!locate(c, t->root, op, &loop, &in, &out) || (loop && (k = loop_of(t, loop, out)) < 0)) {
        t->exact = false; /* not counted: a proof stays one (the header) */
        continue;
      }
      bool plain = sym_is_true(c, in);
      if (k >= 0 && plain && commit) t->loops[k].plain++;
      if (k >= 0 && !plain) t->exact = false;
      t->syncs = ir_xrealloc(t->syncs, t->n_syncs + 1, sizeof *t->syncs);
      t->syncs[t->n_syncs++] =
          (cp_sync){op, k, in, plain, commit, commit ? 0 : ir_op_attr_int(op, "num", 0)};
    }
    for (uint32_t r = 0; r < op->n_regions; r++)
      for (uint32_t k = 0; k < op->regions[r]->n_blocks; k++) collect(t, op->regions[r]->blocks[k]);
  }
}

static void thread_init(cp_thread *t, sym_ctx *c, const ir_block *root) {
  *t = (cp_thread){c, root, NULL, 0, NULL, 0, true};
  collect(t, root);
}

static void thread_free(cp_thread *t) {
  free(t->loops);
  free(t->syncs);
}

/* Term v of counted loop k's iteration at iteration it (straight-line terms as they are). */
static Z3_ast at_it(cp_thread *t, int k, Z3_ast v, Z3_ast it) {
  return k >= 0 ? sym_at(t->c, t->loops[k].l, v, it) : v;
}

/* Counts are 64-bit terms: a loop's trip count (SYM_WIDE bits) times its commits per
 * iteration cannot wrap there. */
static Z3_ast cnt(sym_ctx *c, int64_t v) { return sym_bv(c, v, 64); }
static Z3_ast w64(sym_ctx *c, Z3_ast t) { return sym_resize(c, t, 64, true); }

/* Commits of loop k (-1: straight-line) at iteration it strictly between positions lo and hi
 * (0 / UINT32_MAX: from the start / to the end), each where its condition holds. */
static Z3_ast between(cp_thread *t, int k, Z3_ast it, uint32_t lo, uint32_t hi) {
  sym_ctx *c = t->c;
  Z3_ast n = cnt(c, 0);
  for (uint32_t s = 0; s < t->n_syncs; s++) {
    const cp_sync *y = &t->syncs[s];
    if (!y->commit || y->loop != k || y->op->id <= lo || y->op->id >= hi) continue;
    n = sym_add(c, n, y->plain ? cnt(c, 1)
                               : sym_ite(c, at_it(t, k, y->cond, it), cnt(c, 1), cnt(c, 0)));
  }
  return n;
}

/* Straight-line commits and whole counted loops strictly between root positions lo and hi
 * (a loop: the commits of every iteration that run in all of them). */
static Z3_ast root_between(cp_thread *t, uint32_t lo, uint32_t hi) {
  sym_ctx *c = t->c;
  Z3_ast n = between(t, -1, NULL, lo, hi);
  for (uint32_t k = 0; k < t->n_loops; k++) {
    const cp_loop *L = &t->loops[k];
    if (L->op->id <= lo || L->op->id >= hi || !L->plain) continue;
    Z3_ast all = sym_mul(c, w64(c, c->loops[L->l].trip), cnt(c, L->plain));
    n = sym_add(c, n, sym_ite(c, L->cond, all, cnt(c, 0)));
  }
  return n;
}

static uint32_t root_pos(const cp_thread *t, const cp_point *p) {
  return p->loop >= 0 ? t->loops[p->loop].op->id : p->pos;
}

/* Commits issued strictly between points a and b (b after a), a lower bound: whole
 * iterations count their unconditional commits only. */
static Z3_ast gap(cp_thread *t, const cp_point *a, const cp_point *b) {
  sym_ctx *c = t->c;
  if (a->loop >= 0 && a->loop == b->loop) {
    Z3_ast plain = cnt(c, t->loops[a->loop].plain);
    Z3_ast whole = sym_mul(c, sym_sub(c, w64(c, sym_sub(c, b->t, a->t)), cnt(c, 1)), plain);
    Z3_ast later = sym_add(c, sym_add(c, between(t, a->loop, a->t, a->pos, UINT32_MAX), whole),
                           between(t, b->loop, b->t, 0, b->pos));
    return sym_ite(c, sym_eq(c, a->t, b->t), between(t, a->loop, a->t, a->pos, b->pos), later);
  }
  Z3_ast n = root_between(t, root_pos(t, a), root_pos(t, b));
  if (a->loop >= 0) { /* the rest of a's iteration and of its loop */
    const cp_loop *L = &t->loops[a->loop];
    Z3_ast rest = sym_sub(c, w64(c, sym_sub(c, c->loops[L->l].trip, a->t)), cnt(c, 1));
    n = sym_add(c, n, between(t, a->loop, a->t, a->pos, UINT32_MAX));
    n = sym_add(c, n, sym_mul(c, rest, cnt(c, L->plain)));
  }
  if (b->loop >= 0) /* b's loop up to b's iteration */
    n = sym_add(c, sym_add(c, n, sym_mul(c, w64(c, b->t), cnt(c, t->loops[b->loop].plain))),
                between(t, b->loop, b->t, 0, b->pos));
  return n;
}

/* Is copy point w retired at access point x? A Bool: some counted async_wait whose latest
 * instance before x runs after w and leaves w's group out of its num most recent ones
 * (gap >= num + 1: one commit closes w's group). */
static Z3_ast retired_at(cp_thread *t, const cp_point *w, const cp_point *x) {
  sym_ctx *c = t->c;
  Z3_ast any = Z3_mk_false(c->z);
  uint32_t xr = root_pos(t, x), wr = root_pos(t, w);
  for (uint32_t s = 0; s < t->n_syncs; s++) {
    const cp_sync *y = &t->syncs[s];
    if (y->commit) continue;
    cp_point q = {y->loop, NULL, y->op->id};
    Z3_ast runs;
    if (y->loop >= 0 && y->loop == x->loop) { /* x's iteration, else the one before */
      bool first = y->op->id < x->pos;
      q.t = first ? x->t : sym_sub(c, x->t, sym_int(c, 1));
      runs = first ? Z3_mk_true(c->z) : sym_sle(c, sym_int(c, 1), x->t);
    } else if (y->loop >= 0) { /* an earlier loop's last iteration */
      const cp_loop *L = &t->loops[y->loop];
      if (L->op->id >= xr) continue;
      q.t = sym_sub(c, c->loops[L->l].trip, sym_int(c, 1));
      runs = sym_and2(c, L->cond, sym_sle(c, sym_int(c, 1), c->loops[L->l].trip));
    } else {
      if (y->op->id >= xr) continue;
      runs = Z3_mk_true(c->z);
    }
    if (!y->plain) runs = sym_and2(c, runs, at_it(t, y->loop, y->cond, q.t));
    /* after w: in w's loop a later iteration or later in w's; elsewhere by position */
    if (y->loop >= 0 && y->loop == w->loop) {
      Z3_ast later = y->op->id > w->pos ? sym_sle(c, w->t, q.t) : sym_slt(c, w->t, q.t);
      runs = sym_and2(c, runs, later);
    } else if (root_pos(t, &q) <= wr) {
      continue;
    }
    Z3_ast enough = sym_sle(c, cnt(c, y->num + 1), gap(t, w, &q));
    any = sym_or2(c, any, sym_and2(c, runs, enough));
  }
  return any;
}

/* Unconditional commits of loop k (-1: straight-line) strictly between positions lo and hi. */
static int64_t plain_between(const cp_thread *t, int k, uint32_t lo, uint32_t hi) {
  int64_t n = 0;
  for (uint32_t s = 0; s < t->n_syncs; s++) {
    const cp_sync *y = &t->syncs[s];
    n += y->commit && y->plain && y->loop == k && y->op->id > lo && y->op->id < hi;
  }
  return n;
}

/* Is copy point w retired at access point x by an unconditional wait whose instance before x
 * surely runs, counting only what is fixed (w and the wait not in one loop; iterations and
 * loops between count 0)? Spares a query (tpipe_matmul_kernel's prologue copies). */
static bool surely_retired(const cp_thread *t, const cp_point *w, const cp_point *x) {
  uint32_t wr = root_pos(t, w), xr = root_pos(t, x);
  for (uint32_t s = 0; s < t->n_syncs; s++) {
    const cp_sync *y = &t->syncs[s];
    if (y->commit || !y->plain || (y->loop >= 0 && y->loop == w->loop)) continue;
    int64_t g;
    if (y->loop < 0) { /* straight-line, between w and x */
      if (y->op->id <= wr || y->op->id >= xr) continue;
      g = plain_between(t, -1, wr, y->op->id);
    } else if (y->loop == x->loop && y->op->id < x->pos) { /* x's iteration, before x */
      uint32_t lr = t->loops[y->loop].op->id;
      if (lr <= wr) continue;
      g = plain_between(t, -1, wr, lr) + plain_between(t, y->loop, 0, y->op->id);
    } else {
      continue;
    }
    if (w->loop >= 0) g += plain_between(t, w->loop, w->pos, UINT32_MAX);
    if (g >= y->num + 1) return true;
  }
  return false;
}

/* Is straight-line copy w retired at straight-line access x of its thread through a
 * cp.async.mbarrier.arrive (Gluon's async_copy.mbarrier_arrive: the barrier receives an
 * arrival once every cp.async the thread issued before it completed; without .noinc it also
 * raises the pending count, so the phase cannot complete without it; PTX ISA
 * cp.async.mbarrier.arrive, semantics.md §2.2)? Only the shape where the phase it joins is
 * surely the one waited for: A after w, the ring's only wait Q after A and before x, both
 * unpredicated and on the same constant slot, and every other event on the ring (its
 * arrivals) straight-line in this thread after A, so that the phase cannot complete before
 * A is issued. Other shapes stay with the group-wait count (unknown where none retires it). */
static bool mbar_retired(const cp_thread *t, const sym_event *w, const sym_event *x) {
  sym_ctx *c = t->c;
  const ir_block *root = thread_root(w->op);
  if (w->loop >= 0 || x->loop >= 0 || thread_root(x->op) != root) return false;
  for (uint32_t ai = 0; ai < c->n_evs; ai++) {
    const sym_event *A = &c->evs[ai];
    if (A->op->code != IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE || A->kind != SYM_EV_ARRIVE ||
        A->loop >= 0 || A->ring < 0 || A->op->parent != w->op->parent ||
        A->op->id <= w->op->id || !sym_is_true(c, A->pred))
      continue;
    const sym_event *Q = NULL;
    bool ok = true;
    for (uint32_t i = 0; i < c->n_evs && ok; i++) {
      const sym_event *e = &c->evs[i];
      if (e == A || e->ring != A->ring) continue;
      if (e->kind == SYM_EV_WAIT) {
        ok = !Q && e->loop < 0 && e->op->parent == A->op->parent && e->op->id > A->op->id &&
             e->op->id < x->op->id && sym_is_true(c, e->pred);
        Q = e;
      } else {
        ok = e->loop < 0 && e->op->parent == A->op->parent && e->op->id > A->op->id;
      }
    }
    int64_t ka = 0, kq = 0;
    if (!ok || !Q || x->op->parent != A->op->parent) continue;
    if ((A->idx || Q->idx) && !(A->idx && Q->idx && sym_numeral(c, A->idx, &ka) &&
                                sym_numeral(c, Q->idx, &kq) && ka == kq))
      continue;
    return true;
  }
  return false;
}

/* The slot term of access x (a TMA load's destination) and whether it uses ring `ring`. */
static Z3_ast access_idx(const sym_event *x, int ring, bool *uses) {
  *uses = x->kind == SYM_EV_TMA_LOAD ? x->buf_ring == ring
                                     : sym_is_access(x->kind) && x->ring == ring;
  return x->kind == SYM_EV_TMA_LOAD ? x->buf_idx : x->idx;
}

/* One slot for w's instance at iteration i and x's (at its loop's counter) through their
 * sequence numbers, slot = seq mod n (sym_ring.c proved it): seq_x - seq_w = k * n for some k,
 * linear where the slot terms' mod is not (tutorial 03's pair took 0.4 s a query with them).
 * NULL when either has no plain sequence number or the ring is deeper than 64 (k * n must
 * not wrap: |k| < 2^33, sequence numbers below 2^31 * n). */
static Z3_ast seq_slot(sym_ctx *c, const sym_event *w, Z3_ast i, const sym_event *x) {
  int64_t n = c->rings[w->ring].n;
  bool tma = x->kind == SYM_EV_TMA_LOAD;
  if (!w->has_seq || w->base || w->seqt || !(tma ? x->buf_has_seq : x->has_seq) || x->base ||
      x->seqt || n > 64)
    return NULL;
  int64_t xm = tma ? x->buf_mul : x->mul, xo = tma ? x->buf_off : x->off;
  Z3_ast sw = sym_int(c, w->off), sx = sym_int(c, xo);
  if (w->loop >= 0) sw = sym_add(c, sym_mul(c, sym_int(c, w->mul), i), sw);
  if (x->loop >= 0) sx = sym_add(c, sym_mul(c, sym_int(c, xm), c->loops[x->loop].it), sx);
  Z3_ast k = sym_fresh(c, "cpk", c->wide), lim = sym_int(c, (int64_t)1 << 33);
  Z3_ast in = sym_and2(c, sym_slt(c, sym_sub(c, sym_int(c, 0), lim), k), sym_slt(c, k, lim));
  return sym_and2(c, in, sym_eq(c, sym_sub(c, sx, sw), sym_mul(c, k, sym_int(c, n))));
}

/* Copy w (point pw of thread t) and access x (point px: its own, or where it stands in w's
 * thread) on w's slot, x after w: every instance of x on the slot of an earlier instance of w
 * comes after a wait retiring it. exact: a model is a counterexample. */
static void check_own(cp_thread *t, vf_sym_condres *r, const sym_event *w, cp_point pw,
                      const sym_event *x, cp_point px, Z3_ast xidx, bool exact) {
  sym_ctx *c = t->c;
  char lb[256], wl[256];
  /* w's iteration i: a fresh counter when x runs in w's loop (x's is that loop's own) */
  Z3_ast i = NULL, wpred = w->pred, widx = w->idx, wrange = Z3_mk_true(c->z);
  if (pw.loop >= 0) {
    const sym_loop *L = &c->loops[w->loop];
    i = pw.loop == px.loop ? sym_fresh(c, "cpi", c->wide) : L->it;
    wpred = sym_at(c, w->loop, w->pred, i);
    widx = w->idx ? sym_at(c, w->loop, w->idx, i) : NULL;
    wrange = sym_at(c, w->loop, L->range, i);
    pw.t = i;
  }
  Z3_ast order = Z3_mk_true(c->z);
  if (pw.loop >= 0 && pw.loop == px.loop)
    order = w->op->id < x->op->id ? sym_sle(c, i, px.t) : sym_slt(c, i, px.t);
  Z3_ast phi = sym_and2(c, sym_and2(c, wrange, wpred), sym_and2(c, sym_ev_range(c, x), x->pred));
  Z3_ast slot = seq_slot(c, w, i, x);
  phi = sym_and2(c, sym_and2(c, phi, order), slot ? slot : sym_same_slot(c, widx, xidx));
  phi = sym_and2(c, phi, sym_not(c, retired_at(t, &pw, &px)));
  /* a trip count is no negative number (a loop whose step is no constant has a free one) */
  for (uint32_t k = 0; k < t->n_loops; k++)
    phi = sym_and2(c, phi, sym_sle(c, sym_int(c, 0), c->loops[t->loops[k].l].trip));
  r->n_checked++;
  ir_loc_str(x->op->loc, lb, sizeof lb);
  ir_loc_str(w->op->loc, wl, sizeof wl);
  if (!exact || !t->exact) {
    Z3_lbool st = sym_sat(c, phi);
    if (st != Z3_L_FALSE)
      sym_note_unknown(r, "access of %s at %s while its thread's cp.async at %s may still write "
                       "the slot: %s", c->rings[w->ring].name, lb, wl,
                       st == Z3_L_UNDEF ? "Z3 gave no answer"
                                        : "no counted async_wait retires it (commits or waits "
                                          "in a nested loop, conditional in a loop, or of warps "
                                          "that go on after a fork or join are not counted)");
    return;
  }
  Z3_ast extra[1] = {i ? i : sym_int(c, 0)};
  int64_t xv[1];
  Z3_lbool st;
  vf_sym_violation *v = sym_violation(c, r, x->op, x->part, phi, x->loop, sym_ev_it(c, x),
                                      w->tainted || x->tainted, extra, 1, xv, &st);
  if (!v) return;
  sym_site(v, w->op);
  char it[64] = "";
  if (pw.loop >= 0) snprintf(it, sizeof it, " (iteration %lld)", (long long)xv[0]);
  v->message = sym_fmt("accesses %s while the cp.async at %s%s may still write that slot: no "
                       "ttg.async_wait before the access retires its group (fewer than num + 1 "
                       "commits after the copy; semantics.md §2.2)",
                       c->rings[w->ring].name, wl, it);
}

/* The ancestor of op directly in block b, or NULL. */
static const ir_op *ancestor_in(const ir_op *op, const ir_block *b) {
  while (op && op->parent != b) op = ir_op_owner(op);
  return op;
}

/* Point of op (event e) in thread t: false when it is not counted there. */
static bool point_of(cp_thread *t, const sym_event *e, Z3_ast it, cp_point *p) {
  const ir_op *loop;
  Z3_ast in, out;
  if (!locate(t->c, t->root, e->op, &loop, &in, &out)) return false;
  *p = (cp_point){-1, NULL, e->op->id};
  if (!loop) return e->loop < 0;
  p->loop = loop_of(t, loop, out);
  p->t = it;
  return p->loop >= 0 && t->loops[p->loop].l == e->loop && e->pad_pos == SYM_PAD_NONE;
}

/* Where access x stands in the program of w's thread t when it runs in another block of a
 * fork: x in the regions of a warp_specialize of t's block stands at that op (the partitions
 * start after it: a wait before the fork must retire w); x after the join of the
 * warp_specialize holding t's block stands at the block's end (the join waits for no copy: a
 * wait of w's region must retire it). *own: the warps that issued w go on there (the default
 * region after the fork, the kernel body after the join), whose waits are not counted. */
static bool fork_point(cp_thread *t, const sym_event *w, const sym_event *x, cp_point *p,
                       bool *own) {
  *own = x->part == w->part;
  const ir_op *ws = ancestor_in(x->op, t->root);
  if (ws && ws != x->op && ws->code == IR_OP_TTG_WARP_SPECIALIZE) {
    *p = (cp_point){-1, NULL, ws->id};
    return true;
  }
  const ir_block *xr = thread_root(x->op);
  const ir_op *fork = xr ? ancestor_in(w->op, xr) : NULL;
  if (x->postjoin && fork && fork->code == IR_OP_TTG_WARP_SPECIALIZE && fork->id < x->op->id &&
      t->root->last) {
    *p = (cp_point){-1, NULL, t->root->last->id};
    return true;
  }
  return false;
}

void sym_vc_cp_own(sym_ctx *c, vf_sym_condres *r) {
  char lb[256], wl[256];
  for (uint32_t wi = 0; wi < c->n_evs; wi++) {
    const sym_event *w = &c->evs[wi];
    if (w->op->code != IR_OP_TTG_ASYNC_COPY_G2L || w->kind != SYM_EV_WRITE || w->ring < 0 ||
        c->rings[w->ring].elsewhere) /* elsewhere: sym_ring_fresh.c */
      continue;
    sym_debug_what(c, "back-pressure (e) own cp.async of ev %u", wi);
    const ir_block *root = thread_root(w->op);
    cp_thread t;
    thread_init(&t, c, root);
    cp_point pw;
    bool placed = root && point_of(&t, w, NULL, &pw);
    for (uint32_t xi = 0; xi < c->n_evs; xi++) {
      const sym_event *x = &c->evs[xi];
      bool uses, own = false;
      Z3_ast xidx = access_idx(x, w->ring, &uses);
      if (!uses || (xi && c->evs[xi - 1].op == x->op && c->evs[xi - 1].ring == x->ring))
        continue; /* one check per op (an async wgmma's two operands may share a ring) */
      if (sym_fp_disjoint(x, w) || sym_disjoint_slots(c, x, w, w->idx)) continue;
      cp_point px;
      bool same = placed && thread_root(x->op) == root &&
                  point_of(&t, x, sym_ev_it(c, x), &px);
      if (!same && !(placed && fork_point(&t, w, x, &px, &own))) {
        /* another thread's access (not through a fork or a join): sym_vc_acquire.c */
        if (x->part != w->part || x->prefork != w->prefork || x->postjoin != w->postjoin) continue;
        r->n_checked++;
        sym_note_unknown(r, "access of %s at %s while its thread's cp.async at %s may still "
                         "write the slot: not both in the thread's block or its top-level "
                         "loops (a nested loop, an scf.while, a condition the encoding does not "
                         "evaluate)", c->rings[w->ring].name,
                         ir_loc_str(x->op->loc, lb, sizeof lb),
                         ir_loc_str(w->op->loc, wl, sizeof wl));
        continue;
      }
      /* x before w in program order: not w's business */
      bool one_loop = pw.loop >= 0 && pw.loop == px.loop;
      if (!one_loop && root_pos(&t, &px) <= root_pos(&t, &pw))
        continue;
      if (surely_retired(&t, &pw, &px) || mbar_retired(&t, w, x)) {
        r->n_checked++;
        continue;
      }
      check_own(&t, r, w, pw, x, px, xidx, !own);
    }
    thread_free(&t);
  }
}
