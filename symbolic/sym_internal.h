/* sym_internal.h: data shared by the Z3 layer's files (symbolic/sym_*.c): the symbolic
 * context, partitions, normalised loops, rings (barrier and buffer allocations) and events.
 * Ownership: a sym_ctx owns its Z3 context and every Z3 term made in it (freed with
 * the context); ops point into the module. */
#ifndef TLXV_SYM_INTERNAL_H
#define TLXV_SYM_INTERNAL_H

#include <z3.h>

#include "sym.h"

/* Width of the "wide" bit-vectors: iteration counters, trip counts, sequence numbers and
 * arrival / byte sums. Trip counts and ring sequence numbers stay far below 2^39 for
 * arguments bounded by 2^31 - 1; loop bounds are assumed to fit in it (docs/symbolic.md). */
#define SYM_WIDE 40

/* A warp_specialize region (or the function body of a kernel without one). */
typedef struct sym_part {
  const ir_region *region;
  const char *label;           /* "default", "partition0", ... ("main" without warp_specialize) */
  int main_loop;               /* index into ctx.loops of the one top-level loop holding ring
                                  events, or -1 */
  bool multi_loop;             /* ring events in more than one top-level loop: unsupported */
  int stage;                   /* index in ctx.stages of its warp_specialize (sym_stage.c) */
} sym_part;

/* An scf.for, normalised: iteration counter it in [0, trip), iv = lb + step * it. */
typedef struct sym_loop {
  const ir_op *op;
  int part;                    /* owning partition */
  int parent;                  /* enclosing loop index, -1 at the partition's top level */
  Z3_ast it;                   /* wide BV constant: the symbolic iteration */
  Z3_ast trip;                 /* wide BV trip count over the arguments (and outer iterations) */
  Z3_ast range;                /* Bool: 0 <= it < trip, and the enclosing loops' ranges */
  bool step_ok;                /* step is a positive constant (else the loop is unsupported) */
  uint32_t n_carried;          /* iter_args */
  Z3_ast *carried_var;         /* per iter_arg: the free variable used before induction */
  Z3_ast *closed;              /* per iter_arg: closed form over it proved by induction, or NULL */
  Z3_ast *final;               /* per iter_arg after induction: closed form, else a havoc h(it, ...)
                                  (sym_havoc.c) */
  Z3_ast *after;               /* per iter_arg after induction (scf.for): the value after the
                                  loop, a term over the arguments and enclosing loops: the closed
                                  form at it = trip once its last step (it + 1 = trip) and the
                                  zero-trip case are proved, else a havoc h(trip, ...) (sym_havoc.c) */
  bool *after_ok;              /* per iter_arg: after is proved (false: havoc, tainted) */
  int64_t *range_n;            /* per iter_arg, no closed form: N > 0 when the value is proved in
                                  [0, N) (sym_range.c; final is then clamped, and, after_ok
                                  false, the loop's result is its own havoc clamped), else 0 */
  Z3_ast *result_var;          /* per iter_arg: stands for the loop's result in terms built before
                                  its induction (a later sibling loop's init: loops are inducted
                                  last first); sym_resolve_carried replaces it by `after`
                                  (tainted when havoc) */
  bool induct_done;
  const char **closed_form;    /* per iter_arg: the template's name ("(i + 1) mod 3"), or NULL */
  /* Loop nests (docs/symbolic.md §1, "Nested loops"): an inner loop k of a top-level loop t
   * whose trip count T2 does not depend on t is also seen as one flattened loop F with
   * counter it = t * T2 + k over [0, T1 * T2). F is an extra entry of ctx.loops: its `it` is
   * its own variable, its range ties it to the two original counters, and its events'
   * terms stay over those counters; sym_at() instantiates them at another iteration. */
  int flat;                    /* original inner loop: index of its flattened loop, or -1 */
  /* original inner loop k of a nest (sym_nest_vars): the variables standing for t * T2
   * (nest_base) and T1 * T2 (nest_trip), defined lazily; NULL until asked */
  Z3_ast nest_base, nest_trip;
  int flat_outer, flat_inner;  /* flattened loop: the outer and inner loops, else -1 */
  /* A padded nest (sym_pad.c, docs/symbolic.md §1, "Padded nests"): a virtual inner loop V of
   * T2 + 1 steps v per outer iteration t (no op of its own: op is the real inner loop's),
   * flattened with the outer loop like a real inner loop (itF = t * (T2 + 1) + v); step 0 is
   * the outer body before the inner loop, the inner loop's iteration k is step k + 1, the outer
   * body after it step T2. pad_inner: V's real inner loop (-1 for every other loop).
   * pad_post (e, 0 or 1): the outer body after the inner loop is step T2 + e and V has
   * T2 + 1 + e steps. e = 0: it shares the last K step (t07_persistent: one op before the K
   * loop or one after it per tile); e = 1: a step of its own, for a ring used before, in and
   * after the K loop (the FA kernels' correction barriers: T2 + 2 uses per tile). An inner
   * loop may have one V of each e (rings of different strides in one nest). */
  bool pad;
  int pad_inner;
  int8_t pad_post;
  /* A fused loop (sym_fused.c, docs/symbolic.md §1 "Fused loops"): an scf.for that Triton's
   * automatic warp specialization fused from a tile x K nest is seen as the flattened loop of
   * a virtual nest: `fused` on the loop itself (its flat_outer / flat_inner are the virtual
   * loops), `virt` on the two virtual loops (their op is the fused loop's, for program
   * positions only: no op of the IR opens them) */
  bool fused, virt;
  /* A top-level scf.while whose trip count equals other partitions' while loops' (sym_clc.c:
   * they follow the same CLC responses): 1 + the index of the group's first loop, 0 when it
   * is linked to none; clc_read is the response read its condition follows */
  int clc_link;
  const ir_op *clc_read;
  /* scf.while: the response op (clc_query_cancel / clc_is_canceled) whose success the next
   * round's condition is, NULL when none (sym_while.c) */
  const ir_op *cont_op;
} sym_loop;

/* An allocation indexed by memdesc_index: a barrier ring or a buffer ring. */
typedef struct sym_ring {
  const ir_op *alloc;          /* the ttg.local_alloc (or tmem_alloc) */
  const char *name;            /* SSA name of the allocation ("lr", "a_bufs") */
  int64_t n;                   /* slots: the leading dimension */
  bool is_barrier;             /* some view of it is used as an mbarrier */
  int64_t *count;              /* barrier: init count per slot, 0 when never initialised */
  bool irregular;              /* some event on it falls outside the encoding */
  const char *why;             /* first reason it is irregular (static string or arena) */
  /* its per-ring conditions (phase, arrival and byte balance) are decided by the other
   * context of a fresh-ring check (sym_ring_fresh.c): in the kernel's context, a barrier
   * allocated in a loop's body (one fresh instance per iteration); in an iteration's
   * context, a barrier allocated outside that loop. Skipped there, its events unsupported. */
  bool elsewhere;
  /* A sub-ring of its allocation (sym_ring_split.c): its slot s is the allocation's slot
   * split_m * s + split_r, every event of the allocation is on exactly one of its split_m
   * sub-rings (the others share alloc and name); split_m 0 for every other ring. */
  int64_t split_m, split_r;
} sym_ring;

/* The allocation's slot of sequence number q on ring R (messages): its slot q mod n, mapped
 * to the allocation's for a sub-ring (sym_ring_split.c). */
static inline int64_t sym_ring_slot(const sym_ring *R, int64_t q) {
  int64_t s = (q % R->n + R->n) % R->n;
  return R->split_m ? R->split_m * s + R->split_r : s;
}

typedef enum sym_evkind {
  SYM_EV_WAIT,       /* ttng.wait_barrier: phase parity */
  SYM_EV_ARRIVE,     /* ttng.arrive_barrier (weight = count), tcgen05 commit / mma barrier */
  SYM_EV_EXPECT,     /* ttng.barrier_expect: one arrival plus expect-tx(bytes) (§1.8) */
  SYM_EV_TMA_LOAD,   /* TMA global->shared: complete-tx(bytes) on the barrier; writes buf */
  SYM_EV_READ,       /* synchronous read of a buffer view (local_load, wgmma / mma operand) */
  SYM_EV_WRITE,      /* synchronous write of a buffer view (local_store, tmem_store) */
  SYM_EV_ASYNC_READ, /* an async engine reads the buffer until a group wait retires it: TMA
                        store (group SYM_G_TMA_STORE), async wgmma operand (SYM_G_WGMMA) */
  SYM_EV_ASYNC_WAIT, /* async_tma_store_wait / warp_group_dot_wait {pendings} of a group */
  SYM_EV_FENCE,      /* fence.proxy.async (ttng.fence_async_shared): orders the thread's generic
                        and async proxy accesses to shared memory (semantics.md §2.3) */
  SYM_EV_ASYNC_WRITE, /* an async engine writes the buffer until retired: the TMEM accumulator of
                        a tcgen05 MMA (group SYM_G_TC05) */
} sym_evkind;

/* Buffer accesses (no rounds of their own; they name a slot's use). */
static inline bool sym_is_access(sym_evkind k) {
  return k == SYM_EV_READ || k == SYM_EV_WRITE || k == SYM_EV_ASYNC_READ || k == SYM_EV_ASYNC_WRITE;
}

/* Async groups. TMA stores and async wgmma: each op is one group; a wait of the group with
 * {pendings = P} returns once at most P of the thread's most recent groups are still in flight
 * (semantics.md §2.2). tcgen05 MMAs (SYM_G_TC05) read their operands and write their accumulator
 * until a later commit of the issuing thread (tc_gen5_commit, or an MMA's barrier operand: a
 * commit right after it) arrives, which it does once every earlier tcgen05 op of the thread
 * completed (§4.4): the access is retired by that arrival, and for the thread itself by a wait
 * that observed the phase it completes (sym_tc05_retired, sym_vc_tc05.c). A cp.async is a
 * WRITE event at issue, in no group (its own thread's later accesses are the explicit check's);
 * back-pressure (e) asks for an async_wait retiring it before the thread's next arrival when
 * another thread accesses its slot (sym_vc_acquire.c retired_in_block, which reads the IR). */
enum { SYM_G_TMA_STORE, SYM_G_WGMMA, SYM_G_TC05 };

/* One op of a partition that touches a ring (or a store_wait). Terms are over the event's
 * loop counter (ctx.loops[loop].it). */
typedef struct sym_event {
  sym_evkind kind;
  const ir_op *op;
  int part;
  int loop;                    /* innermost loop, -1 outside any loop */
  uint32_t pos;                /* program-order position (op id) */
  Z3_ast pred;                 /* Bool: path condition and the op's own predicate */
  int ring;                    /* barrier ring (or buffer ring for READ/WRITE/ASYNC_READ); -1 */
  Z3_ast idx;                  /* slot term (BV of the index width), NULL when unindexed */
  Z3_ast idx_alloc;            /* on a sub-ring (sym_ring_split.c): the allocation's slot term
                                  (idx is the sub-ring's); NULL otherwise */
  const ir_op *view;           /* the memdesc_index producing the view, NULL when unindexed */
  const ir_value *mem;         /* accesses: the memdesc value accessed; TMA_LOAD: its destination
                                  (sym_fp.c: footprints inside the slot); NULL otherwise */
  Z3_ast phase;                /* WAIT: the phase operand (BV) */
  int64_t weight;              /* ARRIVE / EXPECT: arrivals */
  int64_t bytes;               /* EXPECT: expected bytes; TMA_LOAD: delivered bytes */
  int64_t pendings;            /* ASYNC_WAIT: groups that may stay in flight */
  int group;                   /* ASYNC_READ / ASYNC_WAIT: SYM_G_TMA_STORE or SYM_G_WGMMA */
  int buf_ring;                /* TMA_LOAD: destination buffer ring (or -1) */
  Z3_ast buf_idx;              /* TMA_LOAD: destination slot term */
  Z3_ast buf_idx_alloc;        /* TMA_LOAD on a sub-ring: as idx_alloc */
  const ir_op *buf_view;       /* TMA_LOAD: the destination memdesc_index */
  bool buf_has_seq;            /* TMA_LOAD: destination sequence number known */
  int64_t buf_mul, buf_off;    /* TMA_LOAD: destination seq = buf_mul * it + buf_off */
  bool tainted;                /* a term depends on a value the encoding does not model */
  bool prefork;                /* an op of the parent body before the warp_specialize (part 0:
                                  the default partition continues the parent's program order) */
  bool postjoin;               /* an op of the parent body after the warp_specialize (part 0:
                                  every partition has finished; the default partition's program
                                  order goes on). With several warp_specialize stages both are
                                  relative to the stage whose partitions use the event's ring,
                                  and the part is that stage's default region (sym_stage.c) */
  const char *unsupported;     /* why this event cannot be encoded (NULL: fine) */
  bool dead;                   /* WAIT: executes for no argument value (set by sym_wait_lag): it
                                  orders nothing, and every condition on it holds vacuously */
  int8_t silent;               /* loop producer: 0 not asked yet, 1 may fire, 2 fires for no
                                  argument value (its predicate fails in every iteration of its
                                  loop): it makes no round and is no wait's producer
                                  (sym_vc_order.c, silent_producer) */
  /* sequence number: the event's k-th firing on a slot is that slot's round k (the barrier
   * counts arrivals per slot), seq = mul * it + off, slot = seq mod n, round = seq div n;
   * straight-line events (loop -1) fire once: mul = 0, seq = off */
  bool has_seq;
  int64_t mul, off;
  Z3_ast seqx;                 /* the IR's own counter x of "x % N" (its width): x = seq +
                                  seqx_shift * N when the event fires; NULL when there is none */
  int64_t seqx_shift;          /* rounds between the IR's counter and the normalised seq */
  bool off_mod_n;              /* off is fixed only mod N: a slot index taken as its own
                                  counter wrapping in [0, N) (infer_seq; a padded group picks
                                  the representatives that its check proves, sym_pad.c) */
  /* A loop event that continues the firings of its kind on the ring in an earlier sibling loop
   * of its partition (sym_sibling.c): seq = base + mul * it + off with the symbolic base (the
   * earlier loop's firings, mul_A * T_A); NULL for every other event. Rules that compare two
   * events' integer offsets do so only when their bases are equal (sym_same_base). */
  bool sibling;                /* deferred to sym_place_siblings */
  Z3_ast base;
  /* A straight-line op after its partition's loop on a ring the loop uses (an epilogue wait):
   * it fires once with the symbolic sequence number seqt = mul_L * T + off_L + k, T the
   * loop's trip count (sym_after.c); NULL for every other event */
  bool post_loop;
  Z3_ast seqt;
  /* An op of the parent after the join on a ring the partitions use: its round counts every
   * arrival made before it (sym_join.c gives it seqt over the trip counts); join_slot is its
   * constant slot once placed */
  bool join_round;
  int64_t join_slot;
  /* an event moved into a padded nest's flattened loop (sym_pad.c): SYM_PAD_PRE (outer body
   * before the inner loop: step 0), SYM_PAD_INNER (step k + 1), SYM_PAD_POST (after it: step
   * T2); SYM_PAD_NONE for every other event */
  int8_t pad_pos;
  bool pad_self;               /* padded: its group's numbers were proved by the group's own
                                  checks (sym_pad_check), not taken from a labelling group */
  bool pad_plain;              /* padded: no predicate besides its step (fires at every step
                                  of its position) */
  bool hoisted;                /* a tcgen05 accumulator write of a K loop on its tile's slot,
                                  moved to the tile loop (sym_hoist.c): one event per tile */
  int hoist_inner;             /* hoisted: the K loop it was moved from (its op's position lies
                                  inside that loop; the events array keeps walk order, so it
                                  comes after the K loop's events) */
} sym_event;

enum { SYM_PAD_NONE, SYM_PAD_PRE, SYM_PAD_INNER, SYM_PAD_POST };

/* An event that makes (part of) a barrier round: an arrival, an expect, a TMA load's
 * complete-tx. */
static inline bool sym_is_producer(const sym_event *e) {
  return e->kind == SYM_EV_ARRIVE || e->kind == SYM_EV_EXPECT || e->kind == SYM_EV_TMA_LOAD;
}

/* The kernel body's blocks (sym_cfg.c), when it has several. */
typedef struct sym_cfg {
  const ir_region *r;          /* the kernel's body */
  uint32_t n;                  /* reachable blocks */
  const ir_block **order;      /* the reachable blocks in reverse postorder, entry first */
  uint32_t *pos;               /* per block index: position in order, UINT32_MAX unreachable */
  Z3_ast *path;                /* per block index: memoised path (Bool), NULL until asked;
                                  dropped by sym_forget (a term over values) */
  uint8_t *taint;              /* per block index: the memoised path rests on havoc */
  uint8_t *busy;               /* per block index: path being computed (cycle guard) */
  Z3_ast *fresh;               /* per block index: its cf.cond_br's fresh Bool, when its
                                  condition is no term (kept across epochs) */
} sym_cfg;

typedef struct sym_ctx {
  const ir_module *m;
  const ir_func *fn;
  const vf_sym_opts *o;
  /* An iteration's context (sym_ring_fresh.c): the body of this scf.for (or scf.while's do
   * block), in its partition or in a nest, is the kernel's one partition, run for one symbolic
   * iteration iter_it of [0, trip) (in the facts; a while's trip is free); its induction
   * variable is lb + step * iter_it, its carried values are free (iter_carried, one per
   * iter_arg) and so are the block arguments of the loops around it (sym_fresh_outer_arg):
   * the conditions hold for every value.
   * NULL in the kernel's own context. */
  const ir_op *iter_loop;
  Z3_ast iter_it;
  Z3_ast *iter_carried;
  uint32_t n_iter_carried;
  bool structure_only;         /* sym_build stops before sequence numbers (argument suggestions) */
  Z3_context z;
  Z3_context scratch;          /* sym_ctx.c rewrites(): probes whether a query's rewrites
                                  change it; owned, renewed every 512 probes, NULL until used */
  uint32_t scratch_uses;
  uint64_t rlimit;             /* Z3 resource limit per query (deterministic, unlike time) */
  /* While a condition is checked (sym_check.c): the instance queries of sym_violation that
   * ran out of their limit. The condition is unknown after one, whatever its other instances
   * give, so each lowers the limit of its later instance queries (rlimit / 4, then / 16): a
   * proved condition never had one, and a hard kernel no longer spends the full limit on every
   * instance. Helper queries (lags, sequence numbers; cached, shared by the conditions) keep the
   * full limit. */
  unsigned vc_undef;
  /* first firings found (sym_ring.c first_firing), by loop and predicate: the events of one op
   * (a TMA store's write and read, an MMA's operands) share them */
  struct sym_first { int loop; Z3_ast pred; int64_t it0; bool ok; const char *why; } *firsts;
  uint32_t n_firsts;
  /* answers of sym_sat_rl by formula and limit (terms are hash-consed, so a query asked again,
   * e.g. the slot proof of two buffers indexed alike, is one pointer comparison away) */
  struct sym_qmemo { Z3_ast phi; uint64_t rl; Z3_lbool r; } *qmemo;
  uint32_t n_qmemo, cap_qmemo;
  bool cex_iter_only;          /* sym_cex minimises the trip count and iteration only (set by
                                  callers that read nothing else from the model) */
  bool cex_direct;             /* sym_cex asks the query as built only, not first its rewrites
                                  (set by callers that expect a model: a rewrite's sat answer
                                  is not taken, so it only costs time there) */
  bool cex_small;              /* sym_cex may pin the arguments to small values when the query
                                  as built runs out (sym_ctx.c small_args): set by sym_violation
                                  only (a counterexample, not the default-argument search) */
  int qmode;                   /* how solvers get the formulas (sym_ctx.c solver_assert) */
  /* ask_modes asks Q_FLOOR at the full limit, then as built (no slice, no abstraction): set
   * around a phase-agreement query of a ring used several slots per padded step (sym_vc.c),
   * whose round and phase divide two linear terms of one counter (2 itF + 1 and 2 itF) that
   * floor pairs relate (4M steps; the slice and the abstraction ran out at their eighth) */
  bool floor_full;
  unsigned probes_left;        /* minimisation probes left for the current counterexample */
  double deadline;             /* CLOCK_MONOTONIC seconds after which no query runs; 0 = none */
  Z3_sort wide, bv1;             /* SYM_WIDE-bit and 1-bit bit-vector sorts */
  /* per value id of fn */
  Z3_ast *memo;                /* evaluated term, NULL when not yet evaluated */
  uint8_t *taint;              /* 2: the memoised term depends on a havoc value */
  uint8_t *busy;               /* recursion guard */
  /* kernel arguments */
  const ir_block *entry;
  uint32_t n_args;
  Z3_ast *argvar;              /* BV term per integer argument, NULL otherwise */
  int64_t *divisibility;       /* tt.divisibility per argument (1 when absent) */
  Z3_ast facts;                /* Bool: what is assumed of the arguments */
  Z3_ast pid[3], nprog[3];     /* program id / count queries (created on first use) */
  /* structure */
  const ir_op *ws;             /* the (first) ttg.warp_specialize, NULL when absent */
  const ir_op **stages;        /* the warp_specialize ops of the kernel's body in program order
                                  (c->ws first; sym_stage.c): each a stage of partitions */
  uint32_t n_stages;
  int *stage_default;          /* per stage: the part index of its default region */
  sym_part *parts; uint32_t n_parts;
  sym_loop *loops; uint32_t n_loops, cap_loops;
  sym_ring *rings; uint32_t n_rings;
  sym_event *evs; uint32_t n_evs;
  const ir_op **views; uint32_t n_views; /* every memdesc_index in the kernel (bounds) */
  const ir_op **untraced;      /* accesses whose memdesc view reaches no allocation: no event
                                  numbers them, so the access conditions they could break are
                                  unknown (sym_untraced_unknown; docs/symbolic.md §4) */
  uint32_t n_untraced, cap_untraced;
  /* ops with an effect the encoding does not model (sym_build.c op_events): named and cluster
   * barriers (a deadlock through them: progress unknown), writes of another CTA's shared
   * memory (back-pressure and proxy-fence unknown); sym_unencoded_unknown */
  const ir_op **unencoded;
  uint32_t n_unencoded, cap_unencoded;
  const char *unsupported;     /* a kernel-wide reason the protocol conditions are unknown */
  char *unsupported_owned;     /* unsupported when formatted (freed with the context) */
  int8_t *lag;                 /* per event: cached sym_wait_lag (-2 = not computed yet) */
  int8_t *edges;               /* per event: cached wait_edges_ok of sym_vc_order.c (-2 = not
                                  computed yet, 0 no, 1 yes) */
  const char **lag_how;        /* per event: the rule that decided the lag */
  int64_t *sib_thr;            /* per event: sibling_threshold of sym_vc_order.c (INT64_MIN = not
                                  computed yet) */
  int8_t *apart_waits;         /* per loop: sym_vc_order.c apart_waits (-1 = not computed) */
  int8_t *tile_twin;           /* per pair of loops: sym_tile_twin (-1 = not computed) */
  int8_t *active;              /* per event: wait_active of sym_vc_order.c (-1 = not computed
                                  yet, 0 no, 1 yes) */
  int *graph_pred;             /* per event: its predecessor on the longest path of the last
                                  graph search (sym_vc_order.c graph_longest; -1 at the source) */
  int graph_end;               /* the event of w's loop at which the last depends_search found
                                  the dependency (-1: through a cycle or a blocked wait) */
  int *pad_member;             /* sym_pad_graph.c: per event, its class's member at each of the
                                  three padded positions (-1: none, or no class); NULL until
                                  asked */
  uint8_t *pad_delayed;        /* sym_pad_graph.c: per event, 1 for the member after the inner
                                  loop of a delayed class (it stands at the next step's pre
                                  position), 2 for the earlier pre member of an advanced class
                                  (it stands at the previous step's post position); allocated
                                  with pad_member */
  uint8_t *graph_condw;        /* per event: a wait not active in every iteration that the
                                  last conditional graph search of depends() (sym_vc_order.c)
                                  reached; the dependency holds where it runs there */
  uint32_t n_invariants;
  /* definitions of fresh variables (sym_at on flattened loops): def_phi[k] constrains
   * def_var[k] to its unique value; a query gets the definitions of the variables it uses.
   * A lazy definition (def_lazy[k]: a product t * T2 of a flattened nest) is left out of a
   * query's first attempt (sym_sat_rl: an unsat answer without it is one with it) and asserted
   * in the second, and always for counterexamples */
  Z3_ast *def_var, *def_phi;
  bool *def_lazy;
  uint32_t n_defs, cap_defs;
  /* the lazily defined products var = t * m (sym_product), 0 <= t < n keeping it below
   * n * m: two of one nest (same m, n) are monotone in t, a lemma the first attempt gets */
  struct sym_prod { Z3_ast var, t, n, m; } *prods;
  uint32_t n_prods;
  /* sym_at's decompositions of an iteration j of a flattened loop l into (t', k', TB'):
   * functional, so one per (l, j) (hash-consed terms: the same j is the same pointer); two
   * events instantiated at one iteration then share it (padded nests' arrival sums) */
  struct sym_split { int l; Z3_ast j, t, k, tb; } *splits;
  uint32_t n_splits, cap_splits;
  /* printed with the arguments' constraints ("assuming ..."): bounds the encoding assumes of
   * the arguments beyond their types (a flattened nest's trip count below 2^38) */
  char **assume;
  uint32_t n_assume;
  /* a value loaded from memory (tt.load, amdg.buffer_load) reaches a trip count, predicate,
   * index or phase: it is an unknown of its own at each load (sym_exec.c havoc), and the
   * result's constraints say so */
  bool loaded_control;
  /* the kernel arguments fn may write through (sim_ldchoice_written_args), once asked */
  uint64_t written_args;
  bool written_known;
  /* the keyed loads made (sym_load_keyed): application and its element offset, to read the
   * memory a counterexample's model chose (sym_ctx.c read_fill) */
  struct sym_keyed { Z3_ast app, off; } *keyed;
  uint32_t n_keyed;
  /* the fill of the last counterexample sym_cex read (valid when cex_has_fill) */
  bool cex_has_fill;
  int64_t cex_fill_a, cex_fill_b;
  /* prefix predicates asked for (sym_prefix.c), by loop and term: count the variable K of
   * their count, NULL when the predicate is not one */
  struct sym_prefix { int loop; Z3_ast q, count; } *prefixes;
  uint32_t n_prefixes;
  sym_cfg *cfg;                /* the body's blocks and their paths; NULL for one block */
  char errbuf[256];            /* first Z3 error message */
  char dbg[160];               /* TLXV_SYM_DEBUG: what the next queries are for (sym_debug.c) */
} sym_ctx;

/* ---- sym_ctx.c: Z3 term helpers */
Z3_ast sym_bv(sym_ctx *c, int64_t v, unsigned width);
Z3_ast sym_int(sym_ctx *c, int64_t v);
unsigned sym_width(sym_ctx *c, Z3_ast t);
Z3_ast sym_wide(sym_ctx *c, Z3_ast t, bool is_signed); /* sign / zero extend or truncate */
Z3_ast sym_resize(sym_ctx *c, Z3_ast t, unsigned width, bool is_signed);
Z3_ast sym_truth(sym_ctx *c, Z3_ast bv1);              /* i1 -> Bool */
Z3_ast sym_bit(sym_ctx *c, Z3_ast b);                  /* Bool -> i1 */
Z3_ast sym_and2(sym_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast sym_or2(sym_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast sym_not(sym_ctx *c, Z3_ast a);
Z3_ast sym_eq(sym_ctx *c, Z3_ast a, Z3_ast b);
/* a == b + add as signed integers: both sign-extended to the wider of their widths (at least
 * SYM_WIDE), never truncated (an i64 counter is not compared through its low 40 bits) */
Z3_ast sym_eq_int(sym_ctx *c, Z3_ast a, Z3_ast b, int64_t add);
unsigned sym_int_width(sym_ctx *c, Z3_ast t); /* max(width of t, SYM_WIDE) */
Z3_ast sym_slt(sym_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast sym_sle(sym_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast sym_add(sym_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast sym_sub(sym_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast sym_mul(sym_ctx *c, Z3_ast a, Z3_ast b);
Z3_ast sym_ite(sym_ctx *c, Z3_ast cond, Z3_ast a, Z3_ast b);
Z3_ast sym_fmod(sym_ctx *c, Z3_ast a, int64_t n);      /* Euclidean a mod n, n > 0 (wide BV) */
Z3_ast sym_fdiv(sym_ctx *c, Z3_ast a, int64_t n);      /* floor(a / n), n > 0 (wide BV) */
Z3_ast sym_subst(sym_ctx *c, Z3_ast t, Z3_ast from, Z3_ast to);
Z3_ast sym_simplify(sym_ctx *c, Z3_ast t);
bool sym_numeral(sym_ctx *c, Z3_ast t, int64_t *out);  /* signed value of a BV numeral */
bool sym_is_true(sym_ctx *c, Z3_ast b);                /* Bool simplifies to true */
Z3_ast sym_fresh(sym_ctx *c, const char *prefix, Z3_sort s);
/* A scalar integer load of read-only kernel input memory: the same term for one address
 * (sym_load.c); NULL when the load is not one (then an independent unknown). */
Z3_ast sym_load_keyed(sym_ctx *c, const ir_op *op, unsigned w);
/* phi's unknowns are keyed loads only: it mentions one and no havoc symbol (a name starting
 * with '?', sym_exec.c havoc and the like; an iteration context's inputs, '@tile', '@carried',
 * '@outer' of sym_ring_fresh.c, are free values like the arguments, not havoc); then a tainted
 * instance over it is a proof for every content of read-only memory and gets SYM_KEYED_MUL
 * times the limit (sym_report.c). */
bool sym_keyed_only(sym_ctx *c, Z3_ast phi);
/* phi mentions no havoc symbol: its unknowns are arguments, keyed loads (one term per address)
 * and an iteration context's inputs, each the same term wherever the kernel computes it, so a
 * proof over phi holds for every value of them even where an event using it is tainted (its
 * counterexamples are not concrete inputs, its proofs are proofs). */
bool sym_havoc_free(sym_ctx *c, Z3_ast phi);
bool sym_ok(sym_ctx *c);                               /* no Z3 error so far */
bool sym_past_deadline(sym_ctx *c);                    /* the --time-limit has run out */
double sym_now_s(void);                 /* the layer's clock: CLOCK_MONOTONIC seconds (sym_clock.c) */
/* Checks phi together with the argument facts: Z3_L_TRUE (sat), FALSE, UNDEF (timeout). */
Z3_lbool sym_sat(sym_ctx *c, Z3_ast phi);
/* The same with another resource limit. */
Z3_lbool sym_sat_rl(sym_ctx *c, Z3_ast phi, uint64_t rlimit);
/* phi as built (no rewriting mode, no memo), with the definitions it needs, at limit rl. */
Z3_lbool sym_sat_raw_rl(sym_ctx *c, Z3_ast phi, uint64_t rl);
/* phi's satisfiability when a model is the likely answer (sym_witness.c): first phi with every
 * integer argument at a sample value and the program id 0 of 1 (a strengthening: its model is
 * one of phi) at a small limit; only when that finds none, sym_sat(c, phi). */
Z3_lbool sym_sat_likely(sym_ctx *c, Z3_ast phi);
void sym_scratch_close(sym_ctx *c); /* frees c->scratch (sym_ctx.c rewrites) */
/* A tainted instance gets this share of the rlimit: a model only makes it unknown, and the
 * proofs that hold whatever the havoc values are (an index "x % n") are quick. */
#define SYM_TAINTED_DIV 16
/* ... unless its unknowns are keyed loads only (sym_keyed_only): a proof for every content of
 * read-only memory, whose terms carry the loaded value through products and divisions (the
 * ragged matmuls' `useful_grid_m * grid_n` in the trip count): this multiple of the limit
 * (tk_p_matmul_90_bf16_ragged_swiglu_p's over-arrival query needs more than 1x, 2026-12-04). */
#define SYM_KEYED_MUL 4
/* A counterexample: phi is satisfiable; minimises trip, then iter, then the arguments that
 * phi mentions (unless opts->no_minimize), and fills args, *trip_out / *iter_out (-1 when the
 * term is NULL) and extra_out[k] = value of extra[k] in the final model (0 if unavailable).
 * Returns Z3_L_TRUE on success, Z3_L_FALSE when phi is unsatisfiable, Z3_L_UNDEF on timeout. */
Z3_lbool sym_cex(sym_ctx *c, Z3_ast phi, Z3_ast trip, Z3_ast iter, const Z3_ast *extra,
                 unsigned n_extra, int64_t *args, int64_t *trip_out, int64_t *iter_out,
                 int64_t *extra_out);
/* Marks used[i] for every constant vars[i] (NULL entries skipped) that term t mentions. */
void sym_mark_consts(sym_ctx *c, Z3_ast t, const Z3_ast *vars, uint32_t n_vars, bool *used);
/* No signed wrap-around in any narrow (below SYM_WIDE bits) addition, subtraction or product of
 * t: the IR's i32 / i64 arithmetic as integers (sym_nowrap.c). For an assumption (sym_assume). */
Z3_ast sym_nowrap(sym_ctx *c, Z3_ast t);
/* sym_slice.c: does t mention a defined variable (sym_define, sym_define_lazy)? */
bool sym_mentions_def(sym_ctx *c, Z3_ast t);
/* sym_slice.c: phi's nest slice: its conjuncts, with a defined variable D of a link conjunct
 * V = D + X replaced by V - X, that mention no defined variable; implied by phi (a weakening:
 * only its unsat answer is phi's); a new term of c->z. */
Z3_ast sym_slice(sym_ctx *c, Z3_ast phi);
/* Marks (in used[n_args]) the kernel arguments a term mentions. */
void sym_mark_args(sym_ctx *c, Z3_ast t, bool *used);
/* Registers phi as the definition of the fresh variable var: total (satisfiable for every
 * value of the other variables) and functional, so conjoining it changes no answer. */
void sym_define(sym_ctx *c, Z3_ast var, Z3_ast phi);
/* The same for a definition a query first tries without (an abstraction: var free there):
 * phi must hold of var's value, the eager definitions of var being consequences of it. */
void sym_define_lazy(sym_ctx *c, Z3_ast var, Z3_ast phi);
/* var = t * m, a lazy definition, for 0 <= t < n (n * m has no overflow, a lazy definition
 * elsewhere): queries without the product get, for two such variables of the same n and m,
 * t1 < t2 -> var1 + m <= var2 and t1 = t2 -> var1 = var2 when both t are in [0, n). */
void sym_product(sym_ctx *c, Z3_ast var, Z3_ast t, Z3_ast n, Z3_ast m);
/* Records an assumption on the arguments (printed; text copied) and conjoins phi to the
 * facts, unless the same text was recorded before. */
void sym_assume(sym_ctx *c, Z3_ast phi, const char *text);
/* Does integer argument a range from 0 (vf_sym_opts.zero_arg), not from 1? */
bool sym_arg_from_zero(const sym_ctx *c, uint32_t a);

/* ---- sym_exec.c: structure and symbolic evaluation */
int sym_build(sym_ctx *c, char **err);      /* 0 ok; 2 input error (*err malloc'd) */
Z3_ast sym_eval(sym_ctx *c, const ir_value *v);  /* BV term, or NULL for a non-scalar */
bool sym_tainted(sym_ctx *c, const ir_value *v); /* evaluated value depends on havoc */
void sym_forget(sym_ctx *c);                /* drops memoised terms (bindings stay) */
/* t with the carried variables of inducted loops replaced by their final terms; *taint is set
 * when one of them is havoc (no closed form). */
Z3_ast sym_resolve_carried(sym_ctx *c, Z3_ast t, bool *taint);
/* The loops the layer models: scf.for, and scf.while (no bound: its trip count is a free
 * variable, its carried values the before-region arguments). */
static inline bool sym_is_loop(const ir_op *op) {
  return op && (op->code == IR_OP_SCF_FOR || op->code == IR_OP_SCF_WHILE);
}
/* The block argument holding carried value k of loop op f (scf.for: body argument k + 1;
 * scf.while: before-region argument k), NULL when there is none. */
static inline const ir_value *sym_carried_arg(const ir_op *f, uint32_t k) {
  if (!f->n_regions || !f->regions[0]->n_blocks) return NULL;
  const ir_block *b = f->regions[0]->blocks[0];
  uint32_t j = f->code == IR_OP_SCF_WHILE ? k : k + 1;
  return j < b->n_args ? b->args[j] : NULL;
}
/* The scf.yield ending loop op f's body (its first region's first block), NULL when there is none. */
static inline const ir_op *sym_body_yield(const ir_op *f) {
  const ir_block *b = f->n_regions && f->regions[0]->n_blocks ? f->regions[0]->blocks[0] : NULL;
  return b && b->last && b->last->code == IR_OP_SCF_YIELD ? b->last : NULL;
}
int sym_loop_of_op(sym_ctx *c, const ir_op *op); /* innermost registered loop, -1 */
/* Argument a's value given with --arg (the last one of its name): true and *val, else false. */
bool sym_arg_fixed(const sym_ctx *c, uint32_t a, int64_t *val);
/* The multiple argument a is known to be: tt.divisibility, or the tile alignment the
 * suggestion asks for when larger; at least 1. */
int64_t sym_arg_mult(const sym_ctx *c, uint32_t a);
int sym_value_width(const ir_type *t);      /* bits of an integer / index type, 0 otherwise */
/* The width of v's term (sym_eval): an integer's bits, SYM_SLOT_WIDTH for a slot view, 0 for
 * a value with no term. A slot view is a ttg.memdesc_index result (its term: the index) or a
 * view carried through scf.for iter_args whose init (not a constant slot) and yield are slot
 * views of one allocation (its term: the carried slot, proved like a counter: sym_pad_roll.c's shadow
 * indices; the FA kernels carry the previous K step's V buffer and barrier into the K loop). */
#define SYM_SLOT_WIDTH 32
int sym_term_width(const ir_value *v);
/* sym_term_width of carried value k of loop op f (0 when f has no such argument). */
int sym_carried_width(const ir_op *f, uint32_t k);

/* The variables of the nest of inner loop l (flattenable: sym_nestable): *tb stands for
 * t * T2, *tf for T1 * T2 (lazy definitions, with their linear consequences eager); the
 * first call assumes T1 * T2 < 2^38 (sym_assume). */
bool sym_nestable(sym_ctx *c, int l);
/* Do terms a and b have one value wherever the arguments' assumptions hold (equal terms, equal
 * after Z3's simplifier, or a query: the trip counts of two partitions' nests, kt + 2 and
 * (kt + 1) + 1)? */
bool sym_same_value(sym_ctx *c, Z3_ast a, Z3_ast b);
void sym_nest_vars(sym_ctx *c, int l, Z3_ast *tb, Z3_ast *tf);
/* Adds the flattened loop of the nest of inner loop l (sym_nestable, not flattened yet). */
/* A new loop of no IR op of its own (a flattened, virtual or padded loop, sym_build.c): op
 * its program position, counter "PREFIX<index>", no carried values, flat links -1; returns
 * its index (c->loops may move). */
int sym_loop_virtual(sym_ctx *c, const ir_op *op, int part, int parent, const char *prefix);
void sym_flatten_nest(sym_ctx *c, int l);

/* ---- sym_cfg.c: the kernel body's blocks joined by forward branches (cf.br / cf.cond_br: a
 * DAG, e.g. an early exit), each block under its path condition */
/* NULL when region r's blocks are one block or such a DAG; else the op where they are not
 * (a back edge, a non-integer block argument, ...), *why the reason. Needs no Z3. */
const ir_op *sym_cfg_refusal(const ir_region *r, const char **why);
void sym_cfg_open(sym_ctx *c);   /* c->cfg for a body of several blocks sym_cfg_refusal admits
                                    (else it stays NULL) */
void sym_cfg_close(sym_ctx *c);
void sym_cfg_forget(sym_ctx *c); /* drops the memoised paths (with sym_forget) */
/* Bool: block b of the body runs (true for the entry or a single-block body); *taint is set
 * when it rests on havoc or a fresh Bool. */
Z3_ast sym_cfg_path(sym_ctx *c, const ir_block *b, bool *taint);
/* The value of v, an argument of a non-entry block of the body: an ite over its incoming
 * edges of the operands they pass; NULL when not such an argument or an operand is no term. */
Z3_ast sym_cfg_arg(sym_ctx *c, const ir_value *v, bool *taint);

/* ---- sym_pad.c: padded nests (a ring used in an outer loop's body and in its inner loop) */
/* The virtual inner loop V of the nest of inner loop l whose outer body after l is step
 * T2 + e (e = 0 or 1; V has T2 + 1 + e steps), and its flattened loop (created on the first
 * call); -1 when l is not nestable. */
int sym_pad_loop(sym_ctx *c, int l, int e);
/* Counters carried across a padded nest: outer value a + t * (T2 + 1), inner a + t * (T2 + 1)
 * + d + k (d = 0 or 1), proved by induction over a free base (sym_pad_induct.c). */
void sym_induct_pad(sym_ctx *c, int l);
/* Rollover slots and phases carried across a padded nest ((a + m * u) mod N and
 * p0 ^ (((a + m * u) div N) & 1), u the padded steps so far), proved by induction over a free
 * base (sym_pad_roll.c); the loops' terms as sym_induct_pad evaluated them (I's init and next
 * per carried value of l, O's init and next per carried value of l's parent). */
void sym_pad_roll(sym_ctx *c, int l, Z3_ast *initI, Z3_ast *nextI, Z3_ast *initO, Z3_ast *nextO,
                  const bool *taintO);
/* Moves the events of each ring that a partition uses in an outer body and in the inner loop
 * of a nest into the padded nest's flattened loop (after the walk, before assign_main_loops). */
void sym_pad_events(sym_ctx *c);
/* Does term t contain x? A walk of its DAG that makes no term; *budget bounds the nodes
 * visited (spent: true). */
bool sym_term_has(sym_ctx *c, Z3_ast t, Z3_ast x, int *budget);
/* Does t mention loop L's iterations: its counter, the base of its nest, or one of its
 * carried variables? The walk's budget spent counts as yes (sym_term_has). */
bool sym_term_has_loop(sym_ctx *c, const sym_loop *L, Z3_ast t, int *budget);
/* Moves each tcgen05 accumulator write of a K loop whose slot the tile loop picks into the tile
 * loop, one event per tile (sym_hoist.c; after the walk, before sym_pad_events). */
void sym_hoist_accumulators(sym_ctx *c);
/* Is loop l the inner loop I itself, or the flattened (or padded) loop of I's nest? */
bool sym_loop_of_inner(const sym_ctx *c, int l, int I);
/* Term t of padded event e (its IR's counter, sym_ring.c infer_seq) over the padded loop:
 * equal to t whenever e fires; t itself for other events. */
Z3_ast sym_pad_term(sym_ctx *c, const sym_event *e, Z3_ast t);
/* The sequence numbers of each partition's events of one kind on a padded ring must number
 * their firings in program order without gaps from 0; otherwise they are made unsupported. */
void sym_pad_check(sym_ctx *c);
/* Padded event e fires with sequence number n (sym_fires; old: its term over the step n - off's
 * own split of the nest): over n's split when n is a step of the nest and e's step is at most a
 * tile away (one split for all the ring's events of a query: no products between them). */
Z3_ast sym_pad_fires(sym_ctx *c, const sym_event *e, Z3_ast n, Z3_ast old);
/* Padded events a and b (of one padded loop) never fire at the same step: their positions'
 * step sets (pre {0}, inner [1, T2], post {T2 + e}) are disjoint for every T2. */
bool sym_pad_disjoint(sym_ctx *c, const sym_event *a, const sym_event *b);
/* Padded events a at step s and b at step s + d of one padded nest never both fire, by their
 * positions alone (d = 0: sym_pad_disjoint; d = +-1: the earlier one after the inner loop, at
 * its tile's last step, the later one not before the inner loop). */
bool sym_pad_apart(sym_ctx *c, const sym_event *a, const sym_event *b, int64_t d);
/* Padded wait w's round is made by producers of its own thread at its step, before it (the
 * padded form of the self-signalled wait, sym_wait_lag: lag 0). */
bool sym_pad_self_signalled(sym_ctx *c, const sym_event *w);
/* Loop l is a padded nest's flattened loop (its events fire at some steps only). */
bool sym_pad_loop_of(sym_ctx *c, int l);
/* Does event e, left in its own loop (no ring event: a fence), run in the same step as padded
 * event w whenever its body runs: in w's real inner loop for an inner step, in the tile loop's
 * body before (after) the inner loop for the step before (after) it? */
bool sym_pad_same_step(sym_ctx *c, const sym_event *w, const sym_event *e);
/* sym_pad_graph.c: padded events as graph nodes. A padded event is a node when it is a member
 * of a class (one partition, loop, ring, kind, offset, lag) whose members cover every step of
 * the nest exactly once, unpredicated: the class fires at every iteration. */
bool sym_pad_node(sym_ctx *c, uint32_t i); /* true for every event that is not padded */
/* Program-order offset of graph edge u -> v in one loop (0: v's instance of u's iteration
 * precedes u's; -1: only the previous iteration's does), 1 when the edge is not in the graph
 * (a padded event that is no node). */
int sym_pad_po_offset(sym_ctx *c, uint32_t u, uint32_t v);
/* The graph's iteration of event i relative to its own: 1 for the member after the inner loop
 * of a delayed class (its node's instance is the next step's), 0 otherwise. Its graph
 * sequence offset is off - shift * mul. */
int sym_pad_graph_shift(sym_ctx *c, uint32_t i);
/* Is node i a member of a delayed class (whose pre-position member is the previous tile's op
 * after the inner loop: at graph iteration 0 none fires)? */
bool sym_pad_delayed_class(sym_ctx *c, uint32_t i);
/* Is padded event i a node of an advanced class (sym_pad_graph.c: an earlier event before the
 * inner loop stands after the loop a step back)? */
bool sym_pad_advanced_class(sym_ctx *c, uint32_t i);
/* Where node i's class fires at graph iteration at (a term, at >= 0): NULL when at every
 * iteration of its loop; for an advanced class, at + 1 < the loop's trip count. */
Z3_ast sym_pad_class_runs(sym_ctx *c, uint32_t i, Z3_ast at);
/* The members of node i's class (out[], by position: pre, inner, post), their number; 0 when i
 * is no padded node. */
uint32_t sym_pad_class_members(sym_ctx *c, uint32_t i, uint32_t out[3]);
/* Does event q's graph instance at graph iteration (w's own iteration + at) follow padded or
 * loop event w's instance at its own iteration in program order (q, w of one partition and
 * loop)? Delayed members stand at the next step's pre position, before its other ops. */
bool sym_pad_graph_after(sym_ctx *c, uint32_t q, int64_t at, uint32_t w);
/* Padded wait ei (sequence number, supported) of a partition whose waits are all private
 * padded waits (or prologue waits) and none of whose padded rings is shared: each of its
 * producers fires after the wait for its round's previous round (private_wait_ok), which
 * back-pressure (f) takes without a query. */
bool sym_pad_graph_ok(sym_ctx *c, uint32_t ei);
/* sym_floordiv.c: phi with every signed division / remainder of a term by a numeral computed
 * from floor pairs of the atoms of its dividend (one pair per atom and divisor, shared by
 * it, it - 1, it - it mod N ...) and their definitions: equisatisfiable, a model of it is one
 * of phi. phi itself when it has no such division. */
Z3_ast sym_floor_div_elim(Z3_context z, Z3_ast phi);
/* sym_nlabs.c: phi with every product of terms and every division by a term replaced by a
 * constant named after the term: a weakening (its unsat answer is phi's, its models are not
 * phi's). phi itself when it has none. */
Z3_ast sym_nl_abstract(Z3_context z, Z3_ast phi);
/* sym_pad_groups.c: Z3 Bool, true when the async read rd's instance at step itF + D of a padded
 * loop is retired by a group wait before w's instance at itF (group counts over the steps
 * between); NULL when the window is outside the encoding (*why). *tainted: a term of the group's
 * ops is havoc. */
/* Padded event e fires at step itF + d (d <= 0): its predicate and the loop's range there,
 * linear in the tile's base (sym_pad_groups.c). */
Z3_ast sym_pad_fires_at(sym_ctx *c, const sym_event *e, int64_t d);
/* The same where step itF + d is in itF's tile (the inner step v + d >= 0): the term without
 * the tile crossings, equal to sym_pad_fires_at there. */
Z3_ast sym_pad_fires_in_tile(sym_ctx *c, const sym_event *e, int64_t d);
/* Is phi, a query at step itF of padded loop l whose terms reach back at most K steps, unsat at
 * each of the tile's steps v = 0 .. K - 1 and at v >= K, asked separately (`what` names them for
 * TLXV_SYM_DEBUG)? In each case the tile crossings of sym_pad_fires_at collapse (as one query
 * t07_persistent_100's refills ran out of the limit). At v >= K every step the terms reach is in
 * itF's tile: that case is asked as phi_in, phi with sym_pad_fires_in_tile's terms (equal there;
 * with the crossings Z3 ran out of its limit on t07_persistent_100's refill in the K loop). */
bool sym_pad_steps_unsat(sym_ctx *c, int l, Z3_ast phi, Z3_ast phi_in, int64_t K,
                         const char *what);
/* Padded loops l and L (flattened padded nests) are twins: as many tiles, and as many steps per
 * tile wherever a tile runs, so a flat step is the same (tile, step) in both (the FA softmax and
 * correction partitions' nests; a query, memoised, when the terms differ). */
bool sym_pad_twin(sym_ctx *c, int l, int L);
/* Is e a padded event numbered one per step (seq = itF + off: no base, term or multiplier) of a
 * nest twin of padded loop L? The events sym_pad_fires_twin places. */
bool sym_pad_on_twin(sym_ctx *c, const sym_event *e, int L);

/* An event of a flattened nest (plain, or padded: sym_pad.c) of tile loop `outer` over real K
 * loop `inner`, on the one step layout of the tile that every such nest of its partition shares
 * (sym_tile_steps.c): sigma = 0 before the K loop, k + 1 in its iteration k, T2 + 1 after it.
 * Its nest's counter is it = t * S + v (S the nest's steps per tile), sigma = v + a, and v lies
 * in [lo, hi], each end lo[0] * S + lo[1]. */
typedef struct sym_tile_at {
  int outer, inner;     /* (inner -1: a tile body with no K loop) */
  bool tile_body;       /* an op of the tile loop's own body: it = t, S = 1, v = 0; after the K
                           loop (region 2) its a is no constant (sigma = T2 + 1) */
  int8_t region;        /* 0 before the K loop (sigma 0), 1 in it, 2 after it (sigma T2 + 1) */
  int64_t a;
  int64_t lo[2], hi[2];
} sym_tile_at;
/* False for an event of no such nest (straight-line, prefork / postjoin, a term or base in its
 * sequence number, a hoisted or fused loop's). */
bool sym_tile_place(sym_ctx *c, const sym_event *e, sym_tile_at *at);
/* Producer p fires k steps of its nest after wait w's instance (twin nests: one round per
 * step, equal steps per tile): is p's instance always in w's tile or an earlier one? */
bool sym_tile_not_later(const sym_tile_at *w, const sym_tile_at *p, int64_t k);
/* Bool: sigma (a wide term) is a step of at's region of the tile layout (T2 its K loop's trip
 * count). */
Z3_ast sym_tile_in_region(sym_ctx *c, const sym_tile_at *at, Z3_ast sigma);
/* Loops l and L of two placed events number one round per step with equal steps per tile:
 * both tile bodies (one step each), or flattened nests that sym_pad_twin relates (memoised
 * per pair in c->tile_twin). */
bool sym_tile_twin(sym_ctx *c, int l, int L);
/* ... and in w's tile or a later one? */
bool sym_tile_not_earlier(const sym_tile_at *w, const sym_tile_at *p, int64_t k);
/* ... and in w's tile or the next one at the latest? */
bool sym_tile_within_next(const sym_tile_at *w, const sym_tile_at *p, int64_t k);
/* Back-pressure (a) across a partition's nests (sym_vc_tile.c): true when producer ei's
 * instance k nest steps after each instance of wait wi (the wait's next round) waits, through
 * a path on the tiles' step layouts, for an op of wi's partition after wi; NULL when that is
 * not shown. */
Z3_ast sym_tile_held(sym_ctx *c, uint32_t wi, uint32_t ei, int64_t k);
/* Such an event fires at step itF + d of L (d <= 0): sym_pad_fires_at (in_tile:
 * sym_pad_fires_in_tile) in L's variables. */
Z3_ast sym_pad_fires_twin(sym_ctx *c, const sym_event *e, int64_t d, int L, bool in_tile);
/* phi in the padded loop l's first tile when that is satisfiable (a counterexample found
 * without the tile base's product), else phi. */
Z3_ast sym_pad_first_tile(sym_ctx *c, int l, Z3_ast phi);
/* Term t of the padded loop l in its first tile of a one-tile run (the tile counter and base
 * 0, the flattened trip count T2 + 1): the tile base's and the trip count's products gone. */
Z3_ast sym_pad_in_first_tile(sym_ctx *c, int l, Z3_ast t);
/* Is phi (a query at step itF of padded loop l about a read at itF + D, D < 0) unsat both with
 * the read in itF's tile and in an earlier one (asked separately)? False when not proved. */
bool sym_pad_split_unsat(sym_ctx *c, int l, Z3_ast phi, int64_t D);
Z3_ast sym_pad_retired(sym_ctx *c, const sym_event *w, const sym_event *rd, int64_t D,
                       bool *tainted, const char **why);

/* ---- sym_induct.c: closed forms of loop-carried values, proved by induction */
void sym_induct_loop(sym_ctx *c, int loop);
/* Counters carried across a two-level nest (outer value = g(t * T2), inner g(t * T2 + k)),
 * for carried values the loops' own inductions left havoc; run after them. */
void sym_induct_nest(sym_ctx *c, int inner);
/* ---- sym_havoc.c: havoc terms (fresh functions named "?...", docs/symbolic.md §1 "Havoc terms
 * in loop nests"). An unmodelled value in loop l (-1: none): a function of the counters of l
 * and of every loop enclosing it (a fresh constant outside loops). */
Z3_ast sym_havoc_at(sym_ctx *c, const char *name, Z3_sort s, int l);
/* Carried value k of loop l that no template fits, at key (l's counter in the loop, its trip
 * count after it): a function of key and of the inits of the carried values k depends on
 * when their next values mention only l's counter, those values, the arguments, program ids
 * and keyed loads; else of key and the counters of the loops enclosing l. init / next: per
 * carried value (NULL: unknown, the second form). */
Z3_ast sym_havoc_carried(sym_ctx *c, const char *name, int l, uint32_t k, Z3_ast key,
                         const Z3_ast *init, const Z3_ast *next);
/* ---- sym_range.c: slot ranges [0, N) of carried values left havoc, proved by induction over
 * every loop at once; their havoc terms (final, after) are clamped to the range. Run after the
 * inductions, before the nests are flattened. */
void sym_range_invariants(sym_ctx *c);
/* x clamped to [0, n): ite(0 <= x < n, x, 0). */
Z3_ast sym_range_clamp(sym_ctx *c, Z3_ast x, int64_t n);
/* Events of flattened loops: the subterm TB + k (t * T2 + k) replaced by the flattened counter. */
void sym_flat_rewrite(sym_ctx *c);
/* For sym_fused.c: the first template (linear, mod, parity, step) that reproduces samples
 * s[0..n), as a closed form at u in width w (*name describes it); NULL when none fits. */
Z3_ast sym_fit_form(sym_ctx *c, const int64_t *s, int n, Z3_ast u, unsigned w, const char **name);
/* t evaluated at the samples' argument values (other loops' counters 0), from[k] := to[k]
 * first; false when it is not a numeral then. */
bool sym_sample_concrete(sym_ctx *c, int l, Z3_ast t, unsigned n, const Z3_ast *from,
                         const Z3_ast *to, int64_t *out);

/* ---- sym_fused.c: loops fused from a tile x K nest (a counter reset at a symbolic bound) */
/* Recognises each fused loop, proves its counters by induction over the virtual nest's
 * successor and adds the virtual outer / inner loops (*cap: ctx.loops' capacity). */
void sym_fused_loops(sym_ctx *c);
/* Moves the events of a fused loop's tile end (under the reset) to its virtual outer loop;
 * run after the events are collected, before the main loops are assigned. */
void sym_fused_place(sym_ctx *c);

/* ---- sym_prefix.c: prefix predicates of a loop (once false, false in every later iteration) */
/* The number K of iterations of top-level scf.for l in which Bool q (over its counter) holds:
 * a fresh variable with its definition (sym_define), once q is proved a prefix predicate;
 * NULL when it is not one (or the loop is nested, flattened, or not an scf.for). Cached. */
Z3_ast sym_prefix_count(sym_ctx *c, int l, Z3_ast q);
/* 0 <= j < T -> (q(j) <-> j < K): true of a prefix predicate's count K (an induction Z3 is
 * not asked to do), for a query to assume at iteration j. */
Z3_ast sym_prefix_lemma(sym_ctx *c, int l, Z3_ast q, Z3_ast K, Z3_ast j);

/* ---- sym_ring.c: views -> (ring, slot term), init counts, sequence numbers */
int sym_ring_of_view(sym_ctx *c, const ir_value *v, Z3_ast *idx, const ir_op **view);
/* sym_carried_view.c: a view carried through scf.for iter_args (or an scf.for result) whose
 * initial and yielded values are all one constant slot of one allocation: that ring, *idx the
 * slot numeral, *view the first such memdesc_index; -1 otherwise. */
int sym_ring_of_carried_view(sym_ctx *c, const ir_value *v, Z3_ast *idx, const ir_op **view);
/* The ring of a view carried through iter_args (or an scf.for result) whose initial and
 * yielded values are all slots of that one allocation, whatever their indices; -1 otherwise.
 * Its events are on that ring with no slot (unsupported: sym_carried_slot_why). */
int sym_carried_view_ring(sym_ctx *c, const ir_value *v);
extern const char *const sym_carried_slot_why; /* its events' `unsupported` (the pointer) */
void sym_ring_counts(sym_ctx *c);
/* sym_stage.c: several warp_specialize ops in sequence (stages) */
void sym_stage_find(sym_ctx *c);
const char *sym_stage_label(const char *base, int stage);
void sym_stage_place(sym_ctx *c);
int sym_stage_segment(const sym_ctx *c, const sym_event *e);
/* The counter x of a ring index written "x % n" (or "x & (n - 1)"); the index otherwise. */
const ir_value *sym_mod_argument(const ir_value *index, int64_t n);
/* v without integer casts (index_cast, extsi, extui, trunci) around it. */
const ir_value *sym_strip_casts(const ir_value *v);
void sym_ring_seq(sym_ctx *c);
/* t at iteration j of loop l (for a flattened loop: outer counter 0), its prefix predicates
 * true: a guess of an index's shape, to be proved. */
Z3_ast sym_ring_guess(sym_ctx *c, int l, Z3_ast t, int64_t j);
/* sym_ring_split.c: before sym_ring_seq, an allocation whose every event keeps to one residue
 * of slots mod m (proved) becomes m rings of n / m slots (events moved, slot terms divided). */
void sym_ring_split(sym_ctx *c);
/* Events e fires with sequence number n (wide BV): Bool over n and the arguments. */
Z3_ast sym_fires(sym_ctx *c, const sym_event *e, Z3_ast n);
/* Round (seq div N) of e in its iteration: built from the IR's own counter and division
 * when possible, so a kernel that computes it the same way gives identical terms. */
Z3_ast sym_round_term(sym_ctx *c, const sym_event *e, unsigned width);
/* Iteration of e that has sequence number n (wide BV), valid when sym_fires holds. */
Z3_ast sym_iter_of_seq(sym_ctx *c, const sym_event *e, Z3_ast n);
/* Reports v at op of partition part instead (the event that fires in the counterexample,
 * where the query was asked for a whole ring). */
void sym_violation_move(sym_ctx *c, vf_sym_violation *v, const ir_op *op, int part);
/* Is e a padded op of a ring used several slots per step (seq = mul * itF + off, 1 < mul < n:
 * sym_ring.c infer_seq, numbered by sym_pad_check)? */
bool sym_multi_step(const sym_ctx *c, const sym_event *e);
Z3_ast sym_seq_term(sym_ctx *c, const sym_event *e); /* mul * it + off, or seqt (wide BV) */
Z3_ast sym_ev_range(sym_ctx *c, const sym_event *e); /* its loop's range, true outside loops */
Z3_ast sym_ev_it(sym_ctx *c, const sym_event *e);    /* its loop counter, NULL outside loops */
/* Term t of loop l's iteration, instantiated at iteration j (wide BV): a substitution of the
 * counter, and for a flattened loop also of the two original counters (by fresh variables
 * defined through sym_define). */
Z3_ast sym_at(sym_ctx *c, int l, Z3_ast t, Z3_ast j);
/* t with loop l's counter replaced by j, and the base TB (t * T2) of each nest whose outer
 * loop is l by j * T2 (TF when j is l's trip count): a closed form carried across a nest
 * (sym_induct_nest) at another outer iteration, or after the loop. */
Z3_ast sym_subst_counter(sym_ctx *c, int l, Z3_ast t, Z3_ast j);

/* ---- sym_while.c: the CLC response an scf.while's condition follows, tied to its trip count */
/* Sets loop l's cont_op when its next round's condition holds exactly on the success values of
 * a response op of its body (after its induction; forgets the memoised terms). */
void sym_while_responses(sym_ctx *c, int l);
/* The value of such a response op (width w): failure exactly in the loop's last iteration;
 * NULL for any other op. */
Z3_ast sym_while_response(sym_ctx *c, const ir_op *op, unsigned w);

/* ---- sym_clc.c: one trip count for partitions' scf.while loops that follow the same CLC
 * responses */
static inline bool sym_ring_event(const sym_event *e) {
  return e->kind == SYM_EV_WAIT || e->kind == SYM_EV_ARRIVE || e->kind == SYM_EV_EXPECT ||
         e->kind == SYM_EV_TMA_LOAD;
}
/* Links the top-level while loops whose conditions are the same function of a response read
 * (before the rings' sequence numbers; assign_main_loops then lets them share rings). */
void sym_clc_link(sym_ctx *c);
/* After sym_ring_seq: confirms each link on the reads' and the waits' rounds and adds
 * trip = trip' to the facts, or unlinks the loops (their shared rings unsupported). */
void sym_clc_confirm(sym_ctx *c);
/* Events e and f of two partitions on one ring, one in an scf.while loop not linked to the
 * other's: their rounds are not comparable (the trip counts are independent). */
bool sym_while_shared(const sym_ctx *c, const sym_event *e, const sym_event *f);
const char *sym_while_free_trips(void);

/* ---- sym_sibling.c: a ring used by sibling loops of one partition */
/* Loop event e has an event of its kind on its ring in an earlier sibling loop of its
 * partition (its sequence continues those firings): marks it e->sibling and returns true. */
bool sym_sibling_defer(sym_ctx *c, sym_event *e);
/* Gives each deferred event base / mul / off (proved to index its slot), or makes it
 * unsupported; makes straight-line ops between / after sibling loops on such rings unsupported. */
void sym_place_siblings(sym_ctx *c);
/* a and b have the same symbolic base (both none, or one term): their integer offsets compare. */
bool sym_same_base(sym_ctx *c, const sym_event *a, const sym_event *b);
/* The partition's top-level loops that hold ring events may be several plain scf.for loops. */
bool sym_sibling_loops_ok(sym_ctx *c, int part);

/* ---- sym_after.c: ops after a partition's loop (epilogues) */
/* Gives each post_loop event its sequence number seqt, or makes it unsupported. */
void sym_place_after(sym_ctx *c);
/* Do straight-line events a and b (both with sequence numbers) use the same sequence number?
 * 1 yes, 0 no, -1 cannot tell (a symbolic one against another). */
int sym_same_seq(sym_ctx *c, const sym_event *a, const sym_event *b);

/* ---- sym_join.c: ops after the warp_specialize join on a ring the partitions use */
/* Gives each join_round event its sequence number seqt, or makes it unsupported. */
void sym_place_join(sym_ctx *c);
/* Bool: the round before the one post-join wait wi is for has completed when it starts (no
 * asynchronous completion of the ring can still be in flight, or an earlier wait passed on
 * it). */
Z3_ast sym_join_settled(sym_ctx *c, int wi);
/* Back-pressure of the buffer accesses after the join that sym_place_join leaves unplaced: a
 * synchronous access of the same buffer (any partition's, the parent's) is ordered before
 * them by the join or by program order; an asynchronous one that may overlap (one of the two
 * writes) must be retired by a group wait of its thread after it, else the condition is
 * unknown (docs/symbolic.md §1, "Accesses after the join"). */
void sym_join_accesses(sym_ctx *c, vf_sym_condres *r);

/* ---- sym_ring_fresh.c: barriers allocated in a loop's body (a fresh instance per iteration) */
/* Before sequence numbers: marks elsewhere the buffer rings the other context decides, and
 * gives a barrier op whose view is not traced to a slot (a view handed from iteration to
 * iteration of a loop the encoding does not follow) the ring of a fresh barrier when every
 * value the view may be is a view of that one allocation (then its ring's reason applies). */
void sym_fresh_mark(sym_ctx *c);
/* The reason events of ring R are not encoded in this context (R->elsewhere set when the other
 * context decides its per-ring conditions), or NULL when they are. */
const char *sym_fresh_why(sym_ctx *c, sym_ring *R);
/* An iteration's context: keeps the partition holding c->iter_loop, its body as the region,
 * and puts the iteration's range in the facts (after build_parts); sets c->unsupported when
 * the loop's bounds are outside the encoding. */
void sym_fresh_parts(sym_ctx *c);
/* An iteration's context: the value of block argument v of c->iter_loop (width w). */
Z3_ast sym_fresh_iter_arg(sym_ctx *c, const ir_value *v, unsigned w);
/* An iteration's context: a block argument v of a loop enclosing c->iter_loop (a nest: the
 * iteration is checked for every iteration of the loops around it) is a free value of width
 * w; NULL for any other v. */
Z3_ast sym_fresh_outer_arg(sym_ctx *c, const ir_value *v, unsigned w);
/* The block one run of which is an iteration of loop O checked on its own (an scf.for's body,
 * an scf.while's do block when its condition region only computes), or NULL. */
const ir_block *sym_fresh_body(const ir_op *O);
/* The kernel's context c after its conditions (res): decides the per-ring conditions of its
 * fresh barriers in an iteration's context of each loop allocating them, merged into res. */
void sym_fresh_check(sym_ctx *c, vf_sym_result *res);
/* sym_check.c: a context's lifetime (sym_ctx.c keeps the term helpers) */
void sym_ctx_open(sym_ctx *c, const ir_module *m, const vf_sym_opts *o);
void sym_ctx_close(sym_ctx *c);

/* ---- sym_vc.c / sym_vc_order.c: the verification conditions */
void sym_vc_phase(sym_ctx *c, vf_sym_condres *r);
void sym_vc_arrivals(sym_ctx *c, vf_sym_condres *r);
void sym_vc_bytes(sym_ctx *c, vf_sym_condres *r);
void sym_vc_bounds(sym_ctx *c, vf_sym_condres *r);
void sym_vc_backpressure(sym_ctx *c, vf_sym_condres *r);
void sym_vc_proxy(sym_ctx *c, vf_sym_condres *r);
/* Progress, sym_vc_progress.c: no cycle of waits across threads (a deadlock) for any argument. */
void sym_vc_progress(sym_ctx *c, vf_sym_condres *r);
/* Is async read rd (an async wgmma operand, a TMA store) retired by a group wait of its
 * partition before event e? D: rd's iteration minus e's (0 outside loops). *unknown is set
 * when predicated reads or waits make the group count inexact (sym_vc_order.c). */
bool sym_async_retired(sym_ctx *c, const sym_event *e, const sym_event *rd, int64_t D,
                       bool *unknown);
/* ---- sym_vc_tc05.c: tcgen05 MMAs are asynchronous (§4.4) */
/* e is a commit: a tc_gen5_commit, or the arrival of an MMA's barrier operand. */
bool sym_is_commit(const sym_event *e);
/* sym_ring_fresh.c: the scf.for whose every iteration makes a fresh instance of barrier ring
 * `ring` (allocated directly in its body, checked per iteration), or NULL. */
const ir_op *sym_fresh_ring_loop(const sym_ctx *c, int ring);
/* Is tcgen05 access a (an MMA operand read or accumulator write of x's partition) complete when
 * event x of the same partition runs? D: a's iteration minus x's (both in one loop; 0 when both
 * are straight-line); a straight-line x after a's loop stands for every instance of a. True when
 * x is a commit after a, or a wait of the partition before x observed the phase a commit after a
 * completes; *unknown is set when predicated commits / waits or shapes the rule does not cover
 * leave it open. */
bool sym_tc05_retired(sym_ctx *c, const sym_event *x, const sym_event *a, int64_t D, bool *unknown);
/* Back-pressure (d): a partition accesses a slot that its own in-flight MMA reads (overwrite) or
 * writes (accumulator load / store) only after the MMA is retired; an arrive that hands an
 * accumulator to another partition comes after the MMA writing it is retired. */
void sym_vc_tc05(sym_ctx *c, vf_sym_condres *r);
/* ---- sym_vc_cpasync.c: back-pressure (e), a thread's accesses of the slot of its own
 * in-flight cp.async: each comes after an async_wait that retires the copy (commit groups
 * counted over the thread's top-level block and loops; unknown where they are not counted) */
void sym_vc_cp_own(sym_ctx *c, vf_sym_condres *r);
/* sym_build.c: the loop whose counter numbers the events of scf.for op's body (not a padded or
 * virtual one; a fused loop's own entry), or -1. */
int sym_body_loop(const sym_ctx *c, const ir_op *op);
/* The partition's top-level loop around loop l: l itself, or the outer loop of a flattened,
 * fused or nested one, climbed to the top; -1 for straight-line code (l < 0). */
int sym_top_loop(const sym_ctx *c, int l);
/* sym_vc_tc05_pre.c: straight-line MMA access a, access x of its slot in a later loop: is every
 * instance of x after a wait (in x's loop) that observed a commit after a? (true: retired) */
bool sym_tc05_retired_before_loop(sym_ctx *c, const sym_event *a, const sym_event *x);
/* a before a loop, x after it, a straight-line wait between (sym_vc_tc05_pre.c) */
bool sym_tc05_retired_across_loop(sym_ctx *c, const sym_event *a, const sym_event *x);
/* The same pair when no rule retires a: asks Z3 for an instance of x on a's slot before any
 * wait that may have observed a commit after a (over-approximated); true when the pair was
 * checked (a violation appended, or none found), false when a wait between them has a shape the
 * rule does not follow (the caller notes unknown). */
bool sym_tc05_before_loop_violation(sym_ctx *c, vf_sym_condres *r, const sym_event *a,
                                    const sym_event *x);
/* Back-pressure (e), sym_vc_acquire.c: an access of a buffer slot a TMA load writes follows a
 * wait of its thread that observed that load's round (the acquire side). */
void sym_vc_acquire(sym_ctx *c, vf_sym_condres *r);
/* sym_vc_acquire.c: a's instance of sequence number n + d comes before b's instance of n in
 * program order (one thread, or across the fork / join); Bool: e fires with sequence number
 * n + d, n being x's number in x's iteration (x's range and predicate asserted). */
bool sym_precedes_shift(sym_ctx *c, const sym_event *a, const sym_event *b, int64_t d);
/* Does a buffer-empty (lag 1) wait guard buffer ring b (written after the wait, up to its
 * partition's next wait): back-pressure (b) then asks each read of b before the release that
 * wait observes (sym_vc_order.c). */
bool sym_bp_guarded(sym_ctx *c, int b);
Z3_ast sym_fires_shift(sym_ctx *c, const sym_event *e, const sym_event *x, Z3_ast n, int64_t d);
/* Back-pressure (f), sym_vc_early.c: a wait for round r >= 1 of a slot is reached only after
 * round r - 1 of the slot completed (else its parity matches the pending phase r - 1 and it
 * passes at once, semantics.md §1.4). */
void sym_vc_early(sym_ctx *c, vf_sym_condres *r);
/* The producer side: an arrival, expect or TMA load of round r >= 1 of a slot is issued only
 * after round r - 1 completed (else it lands in round r - 1: an over-arrival, or a round that
 * completes early). a_seen: what back-pressure (a)'s graph established (sym_vc_order.c
 * ordering, add_seen). */
void sym_vc_early_producers(sym_ctx *c, vf_sym_condres *r, Z3_ast const *a_seen);
/* Access x and p's access of slot term pidx (p's buffer slot for a TMA load) of one ring never
 * touch one slot: different constants, or no firing instances on one slot (x and p in
 * different loops or threads). */
bool sym_disjoint_slots(sym_ctx *c, const sym_event *x, const sym_event *p, Z3_ast pidx);
/* x and p (accesses or TMA loads) touch disjoint parts of one slot: constant views between each
 * and the slot whose footprints (elements, or tensor-memory cells) do not meet (sym_fp.c). */
bool sym_fp_disjoint(const sym_event *x, const sym_event *p);
/* Bool: slot terms a and b (NULL: an unindexed access, every slot) name one slot. */
Z3_ast sym_same_slot(sym_ctx *c, Z3_ast a, Z3_ast b);
/* Wait wi is straight-line on ring G and observes the round of sequence number off (its own
 * number minus its lag's shift, sym_wait_shift). */
bool sym_straight_observer(sym_ctx *c, uint32_t wi, int G, int64_t off);
/* Straight-line ops a (first) and b of two threads: Bool where an arrival of a's thread after a
 * and a wait of b's thread before b observing that arrival's round both run (false when no such
 * pair exists; *any set when one does, *taint when a term is havoc). */
Z3_ast sym_straight_order(sym_ctx *c, const sym_event *a, const sym_event *b, bool *any,
                          bool *taint);
/* Back-pressure (c), sym_vc_reuse.c: a partition overwrites a slot only after its own async
 * reads of the slot's previous use were retired by a group wait (semantics.md §2.2, §3). */
void sym_vc_reuse(sym_ctx *c, vf_sym_condres *r);
/* The lag of a wait: 0 when it waits for the phase its own use of the slot produces (data
 * ready), 1 when it waits for the previous use's release (buffer empty, §1.3); -1 unknown.
 * *how names the rule that decided. */
int sym_wait_lag(sym_ctx *c, int wait, const char **how);
/* The rounds, in sequence numbers, between a wait's own number and the round it observes: its
 * lag times its ring's depth (a wait of lag L at number s passes once round s - L * N
 * completed); -1 when the lag is unknown. */
int64_t sym_wait_shift(sym_ctx *c, int wait);

/* ---- sym_report.c: results */
/* Solves phi (a violation of condition r at op). On a model, appends a violation with
 * minimised arguments, the trip count of `loop` and the value of iter, evaluates extra[] in
 * the same model, and returns it (the caller writes its message). When the event is tainted
 * (depends on an unmodelled value) a model only makes the instance unknown. Sets *st to the
 * solver's answer; returns NULL when nothing was appended. */
vf_sym_violation *sym_violation(sym_ctx *c, vf_sym_condres *r, const ir_op *op, int part,
                                Z3_ast phi, int loop, Z3_ast iter, bool tainted,
                                const Z3_ast *extra, unsigned n_extra, int64_t *extra_out,
                                Z3_lbool *st);
/* sym_sites.c: the ops a violation is about besides its own (vf_sym_violation.sites): op
 * itself; every event of ring `ring` and the buffer accesses its waits guard (after a wait
 * until its partition's next wait) and its arrivals release (before an arrival back to the
 * previous wait). */
void sym_site(vf_sym_violation *v, const ir_op *op);
void sym_ring_sites(sym_ctx *c, vf_sym_violation *v, int ring);
void sym_note_unknown(vf_sym_condres *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* sym_vc_order.c: one unknown note per access of c->untraced (a view no allocation numbers):
 * the access conditions (back-pressure, proxy-fence) cannot say it is ordered. */
void sym_untraced_unknown(const sym_ctx *c, vf_sym_condres *r);
/* sym_vc_order.c: one unknown note per op of c->unencoded whose effect condition `progress`
 * (sync: a named or cluster barrier) or the access conditions (a remote shared-memory write)
 * would need. */
void sym_unencoded_unknown(const sym_ctx *c, vf_sym_condres *r, bool sync);
/* Sets status and sorts violations (smallest trip count, then iteration, first). */
void sym_finish_cond(vf_sym_condres *r, const char *proved_detail);
char *sym_strdup(const char *s);
char *sym_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *sym_part_label(sym_ctx *c, int part);
/* "lr[(i + 1) % 2]" style text of an event's slot, into buf. */
const char *sym_slot_text(sym_ctx *c, const sym_event *e, char *buf, size_t n);

/* ---- sym_debug.c: TLXV_SYM_DEBUG=1 (a developer's aid) */
bool sym_debug_on(void);
void sym_debug_events(sym_ctx *c);
/* Names what the following queries are for (printed with each slow one); a no-op unless on. */
void sym_debug_what(sym_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Reports a query that took `seconds` (printed when slow). */
void sym_debug_query(sym_ctx *c, double seconds, Z3_lbool r);
double sym_debug_clock(void); /* CPU seconds of the process */
void sym_debug_summary(void); /* queries per category: count and seconds */

#endif
