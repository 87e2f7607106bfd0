/* sym_pad_graph.c: padded events as nodes of back-pressure's dependency graph (sym_vc_order.c,
 * docs/symbolic.md §2 "Back-pressure in a padded nest").
 *
 * The graph's edges name instances by flat iteration: program order gives offset 0 (an earlier
 * op of the same iteration) or -1 (the previous iteration), a wait needs its round's producers
 * at constant offsets. That takes every node to fire at every iteration. A padded event fires
 * at its position's steps only (the step before the inner loop, the inner steps, the step
 * after it), so an edge to it may name an instance that does not exist. A *class* is the set of
 * padded events of one partition, padded loop, ring, kind and sequence offset (and lag, for
 * waits) whose positions cover every step exactly once: before + inner (post step e = 0; the
 * op after the inner loop then shares the last inner step and is no member), or before + inner
 * + after (e = 1), one unpredicated member each. Exactly one member fires at every flat
 * iteration, with sequence number itF + off, so the class is one node that fires at every
 * iteration, as a plain loop event does: a wait needs the class of its producers (the member
 * firing there makes the round), and program order between two classes at one iteration is
 * that of their members at the same position, offset 0 only when every position agrees. A
 * padded event in no class (an op of one position only: once per tile) is no node: the graph
 * leaves it out, and a wait that needs it has no edges (unknown, never a dependency).
 *
 * A *delayed class* (session 38; nest of post step e = 0): an inner event numbered
 * itF + off and the one of its kind after the inner loop numbered itF + off + mul, with no
 * member before the inner loop (the FA MMA partition's V release through the view carried
 * into the K loop, tests/symbolic/kv-lag-int.ok: the inner arrival releases the previous
 * step's use, the one after the loop the last step's; session 40: any node kind, e.g. the FA O
 * ring's waits, expects and loads of a ring advanced once before the K loop, twice per K step
 * and once after it, tests/symbolic/oring.ok). At the pre step none fires, at the last step
 * both. As one node numbered itF + off at every iteration, its instance at a pre step is the
 * previous tile's event after the inner loop, which follows every op of the previous step and
 * precedes every op of this one: the class's member at the pre position is that event,
 * standing before every op there (position -1; two such members of one partition keep their
 * program order), and its graph iteration is its own plus one (sym_pad_graph_shift; offset
 * off - mul). At the first tile's pre step (graph iteration 0) no member fires: a wait of the
 * class has edges from iteration 1 on (sym_pad_delayed_class; sym_vc_order.c real_from); an
 * edge to a producer there leads only to instances before iteration 0, which no path to a
 * wait passes (path_start).
 *
 * An *advanced class* (session 41; nest of post step e = 1): a pre member and an inner member
 * numbered itF + off, no member after the inner loop, and one more event of the kind before
 * the inner loop, earlier in the body, numbered itF + off - mul (the FA MMA partition waits
 * twice on its one-slot S "free" barrier before the K loop and once per K step: T2 + 2 rounds
 * per tile, tests/symbolic/sfree.ok). That earlier event is the class's member after the inner
 * loop of the tile before: its instance at a tile's step 0 is numbered as the class at the
 * step before (the previous tile's step T2 + 1). It stands there after every op (position
 * +2^40), and its graph iteration is its own minus one (sym_pad_graph_shift -1; offset
 * off + mul). It really fires at the next step's pre position, so an op whose pre member comes
 * before it in the body does not follow the class's instance one iteration back
 * (sym_pad_po_offset gives -2 there), and at the loop's last iteration the class has no
 * instance (the next tile's event): its waits' edges hold where it fires (sym_pad_class_runs). */
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

static bool node_kind(const sym_event *e) {
  return e->kind == SYM_EV_WAIT || e->kind == SYM_EV_ARRIVE || e->kind == SYM_EV_EXPECT ||
         e->kind == SYM_EV_TMA_LOAD;
}

/* Could e be a member of a class? */
static bool candidate(sym_ctx *c, const sym_event *e) {
  return e->pad_pos != SYM_PAD_NONE && node_kind(e) && e->has_seq && !e->unsupported &&
         e->pad_plain && !e->tainted && (e->mul == 1 || sym_multi_step(c, e)) && !e->base && !e->seqt && !e->prefork &&
         !e->postjoin && e->ring >= 0 && sym_pad_loop_of(c, e->loop);
}

static bool same_class(sym_ctx *c, uint32_t a, uint32_t b) {
  const sym_event *x = &c->evs[a], *y = &c->evs[b];
  if (x->part != y->part || x->loop != y->loop || x->ring != y->ring || x->kind != y->kind ||
      x->off != y->off || x->weight != y->weight || x->bytes != y->bytes)
    return false;
  if (x->kind != SYM_EV_WAIT) return true;
  const char *how;
  return sym_wait_lag(c, (int)a, &how) == sym_wait_lag(c, (int)b, &how);
}

/* The one event of i's kind at padded position `at`, numbered `step` (+1 or -1) steps from i
 * (off + step * mul) and after i in the body for +1, before it for -1, with no other event of
 * that offset and i's class properties (candidate, mul, weight, bytes, a wait's lag); -1 when
 * there is none. i must be at position `from`. */
static int step_member(sym_ctx *c, uint32_t i, int from, int at, int step) {
  const sym_event *e = &c->evs[i];
  if (e->pad_pos != from) return -1;
  int g = -1;
  for (uint32_t j = 0; j < c->n_evs; j++) {
    const sym_event *f = &c->evs[j];
    if (f->pad_pos == SYM_PAD_NONE || f->part != e->part || f->loop != e->loop ||
        f->ring != e->ring || f->kind != e->kind || f->off != e->off + step * e->mul)
      continue;
    if (f->pad_pos != at || g >= 0 || !candidate(c, f) || f->mul != e->mul ||
        f->weight != e->weight || f->bytes != e->bytes || (step > 0) != (f->pos > e->pos))
      return -1;
    g = (int)j;
  }
  const char *how; /* a wait's class: one lag */
  if (g >= 0 && e->kind == SYM_EV_WAIT &&
      sym_wait_lag(c, (int)i, &how) != sym_wait_lag(c, g, &how))
    return -1;
  return g;
}

/* The delayed class of inner event i (no member of its offset before or after the inner
 * loop, nest of post step 0): the one event of its kind after the inner loop numbered one step
 * later (off + mul); -1 when there is none. */
static int delayed_post(sym_ctx *c, uint32_t i) {
  return step_member(c, i, SYM_PAD_INNER, SYM_PAD_POST, 1);
}

/* The advanced member of the class whose pre member is event i (nest of post step 1, no
 * member after the inner loop): the one event of its kind before the inner loop numbered one
 * step earlier (off - mul), earlier in the body; -1 when there is none. */
static int advanced_pre(sym_ctx *c, uint32_t i) {
  return step_member(c, i, SYM_PAD_PRE, SYM_PAD_PRE, -1);
}

/* c->pad_member[3 * i + p]: the member at position p (SYM_PAD_PRE - 1 ..) of event i's class,
 * for every member i of a complete class; -1 elsewhere (no node). c->pad_delayed[i]: 1 for a
 * delayed member (standing at the pre position), 2 for an advanced one (after the inner
 * loop). */
static void build(sym_ctx *c) {
  uint32_t n = c->n_evs ? c->n_evs : 1;
  c->pad_member = ir_xmalloc((size_t)3 * n, sizeof *c->pad_member);
  c->pad_delayed = ir_xcalloc(n, 1);
  for (uint32_t k = 0; k < 3 * n; k++) c->pad_member[k] = -1;
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (!candidate(c, e) || c->pad_member[3 * i + e->pad_pos - 1] >= 0) continue;
    int at[3] = {-1, -1, -1};
    bool ok = true;
    for (uint32_t j = 0; j < c->n_evs && ok; j++) {
      const sym_event *f = &c->evs[j];
      if (f->pad_pos == SYM_PAD_NONE || f->part != e->part || f->loop != e->loop ||
          f->ring != e->ring || f->kind != e->kind || f->off != e->off)
        continue;
      /* one unpredicated member per position, all of the class */
      if (!candidate(c, f) || !same_class(c, i, j) || at[f->pad_pos - 1] >= 0) ok = false;
      else at[f->pad_pos - 1] = (int)j;
    }
    int post = c->loops[c->loops[e->loop].flat_inner].pad_post;
    /* a delayed class: the inner member, and the one after the loop at the pre position */
    int g = ok && !post && at[0] < 0 && at[1] >= 0 && at[2] < 0 ? delayed_post(c, (uint32_t)at[1])
                                                                 : -1;
    if (g >= 0 && c->pad_member[3 * g] < 0) { /* members: pre g, inner at[1], no post */
      c->pad_delayed[g] = 1;
      c->pad_member[3 * at[1]] = c->pad_member[3 * g] = g;
      c->pad_member[3 * at[1] + 1] = c->pad_member[3 * g + 1] = at[1];
      continue;
    }
    /* an advanced class: the pre and inner members, and the earlier pre event after the loop */
    int adv = ok && post && at[0] >= 0 && at[1] >= 0 && at[2] < 0
                  ? advanced_pre(c, (uint32_t)at[0])
                  : -1;
    if (adv >= 0 && c->pad_member[3 * adv + 2] < 0) {
      c->pad_delayed[adv] = 2;
      at[2] = adv;
      for (int p = 0; p < 3; p++)
        for (int q = 0; q < 3; q++) c->pad_member[3 * at[p] + q] = at[q];
      continue;
    }
    /* every step exactly once: 0 (before), 1 .. T2 (inner), T2 + 1 (after, e = 1 only) */
    ok = ok && at[0] >= 0 && at[1] >= 0 && (post ? at[2] >= 0 : at[2] < 0);
    if (!ok) continue;
    for (int p = 0; p < 3; p++)
      if (at[p] >= 0)
        for (int q = 0; q < 3; q++) c->pad_member[3 * at[p] + q] = at[q];
  }
}

static int member_at(sym_ctx *c, uint32_t i, int pos) {
  if (!c->pad_member) build(c);
  return c->pad_member[3 * i + pos - 1];
}

/* Is i the delayed member after the inner loop (standing at the pre position)? */
static bool delayed(sym_ctx *c, int i) {
  if (!c->pad_member) build(c);
  return i >= 0 && c->pad_delayed[i] == 1;
}

/* Is i the advanced member before the inner loop (standing after the loop, a step back)? */
static bool advanced(sym_ctx *c, int i) {
  if (!c->pad_member) build(c);
  return i >= 0 && c->pad_delayed[i] == 2;
}

/* The graph position of member i: where it stands in its class. */
static int gpos(sym_ctx *c, int i) {
  return delayed(c, i) ? SYM_PAD_PRE : advanced(c, i) ? SYM_PAD_POST : c->evs[i].pad_pos;
}

/* The position of member m at padded position p: a delayed member at the pre position stands
 * before every op there, after the delayed members before it in program order (negative); an
 * advanced member at the post position after every op there. */
static int64_t mpos(sym_ctx *c, int m, int p) {
  int64_t pos = (int64_t)c->evs[m].pos;
  if (p == SYM_PAD_PRE && delayed(c, m)) return pos - ((int64_t)1 << 40);
  if (p == SYM_PAD_POST && advanced(c, m)) return pos + ((int64_t)1 << 40);
  return pos;
}

bool sym_pad_node(sym_ctx *c, uint32_t i) {
  const sym_event *e = &c->evs[i];
  if (e->pad_pos == SYM_PAD_NONE) return true;
  return member_at(c, i, gpos(c, (int)i)) == (int)i;
}

int sym_pad_graph_shift(sym_ctx *c, uint32_t i) {
  if (c->evs[i].pad_pos == SYM_PAD_NONE) return 0;
  return delayed(c, (int)i) ? 1 : advanced(c, (int)i) ? -1 : 0;
}

/* The advanced member of i's class, -1 when the class has none (or i is no node). */
static int class_advanced(sym_ctx *c, uint32_t i) {
  if (c->evs[i].pad_pos == SYM_PAD_NONE || !sym_pad_node(c, i)) return -1;
  int m = member_at(c, i, SYM_PAD_POST);
  return advanced(c, m) ? m : -1;
}

bool sym_pad_advanced_class(sym_ctx *c, uint32_t i) { return class_advanced(c, i) >= 0; }

Z3_ast sym_pad_class_runs(sym_ctx *c, uint32_t i, Z3_ast at) {
  if (class_advanced(c, i) < 0) return NULL;
  return sym_slt(c, sym_add(c, at, sym_int(c, 1)), c->loops[c->evs[i].loop].trip);
}

uint32_t sym_pad_class_members(sym_ctx *c, uint32_t i, uint32_t out[3]) {
  const sym_event *e = &c->evs[i];
  if (e->pad_pos == SYM_PAD_NONE || !sym_pad_node(c, i)) return 0;
  uint32_t n = 0;
  for (int p = SYM_PAD_PRE; p <= SYM_PAD_POST; p++) {
    int m = member_at(c, i, p);
    if (m >= 0) out[n++] = (uint32_t)m;
  }
  return n;
}

bool sym_pad_delayed_class(sym_ctx *c, uint32_t i) {
  if (c->evs[i].pad_pos == SYM_PAD_NONE || !sym_pad_node(c, i)) return false;
  return delayed(c, member_at(c, i, SYM_PAD_PRE));
}

bool sym_pad_graph_after(sym_ctx *c, uint32_t q, int64_t at, uint32_t w) {
  const sym_event *eq = &c->evs[q], *ew = &c->evs[w];
  at -= sym_pad_graph_shift(c, w); /* from w's graph iteration */
  if (at == 1 && advanced(c, (int)w)) {
    /* w stands after its tile's last step and fires at the next tile's first: q's instance one
     * step later follows it only where q's member there comes after w in the body */
    int b = eq->pad_pos == SYM_PAD_NONE ? -1 : member_at(c, q, SYM_PAD_PRE);
    return b >= 0 && mpos(c, b, SYM_PAD_PRE) > (int64_t)ew->pos;
  }
  if (at == 1 && ew->pad_pos == SYM_PAD_POST && !delayed(c, (int)w)) {
    /* w after the inner loop of a nest of post step 0 stands at its tile's last step: the
     * next step's delayed members are the tile's other ops after the inner loop */
    int b = member_at(c, q, SYM_PAD_PRE);
    return b < 0 || !delayed(c, b) || c->evs[b].pos >= ew->pos;
  }
  if (at != 0) return at > 0;
  if (ew->pad_pos == SYM_PAD_NONE || eq->pad_pos == SYM_PAD_NONE)
    return eq->pad_pos == SYM_PAD_NONE && eq->pos >= ew->pos;
  int p = gpos(c, (int)w);
  int b = member_at(c, q, p);
  if (b < 0) return false;
  return mpos(c, b, p) >= mpos(c, (int)w, p);
}

/* The offset of an edge to v's class one iteration back (-1), or two (-2) when v's class is
 * advanced and its advanced member, which fires at the pre step of the iteration after its
 * own, comes after the pre op `pre` (the member at u's pre position, -1 for none) in the
 * body. */
static int back(sym_ctx *c, uint32_t v, int pre) {
  int m = class_advanced(c, v);
  return m >= 0 && (pre < 0 || mpos(c, pre, SYM_PAD_PRE) < (int64_t)c->evs[m].pos) ? -2 : -1;
}

int sym_pad_po_offset(sym_ctx *c, uint32_t u, uint32_t v) {
  const sym_event *eu = &c->evs[u], *ev = &c->evs[v];
  if (eu->pad_pos == SYM_PAD_NONE && ev->pad_pos == SYM_PAD_NONE) return ev->pos < eu->pos ? 0 : -1;
  if (!sym_pad_node(c, v) || ev->pad_pos == SYM_PAD_NONE) return 1; /* no edge */
  /* an op after the loop standing at its last iteration (sym_vc_postloop.c): after every
   * node's instance there (an advanced class has none there: the one before) */
  if (eu->pad_pos == SYM_PAD_NONE)
    return ev->pos < eu->pos && class_advanced(c, v) < 0 ? 0 : -1;
  if (!sym_pad_node(c, u)) { /* the search's source, at an iteration where it fires: v's
                              * member at its step precedes it, or the previous iteration's */
    int b = member_at(c, v, eu->pad_pos);
    if (b >= 0 && mpos(c, b, eu->pad_pos) < (int64_t)eu->pos) return 0;
    return eu->pad_pos == SYM_PAD_PRE ? back(c, v, (int)u) : -1;
  }
  for (int p = SYM_PAD_PRE; p <= SYM_PAD_POST; p++) {
    int a = member_at(c, u, p), b = member_at(c, v, p);
    if (a < 0 && b < 0) continue;
    if (a < 0 || b < 0) return 1; /* classes of two nests (cannot be: one loop) */
    if (mpos(c, b, p) >= mpos(c, a, p)) return back(c, v, member_at(c, u, SYM_PAD_PRE));
  }
  return 0;
}
