/* sym_ctx.c: Z3 helpers for the symbolic layer: bit-vector term builders, satisfiability
 * checks under the argument facts, and counterexample minimisation (smallest trip count first). */
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

/* ------------------------------------------------------------------ terms */

Z3_ast sym_bv(sym_ctx *c, int64_t v, unsigned width) {
  return Z3_mk_int64(c->z, v, Z3_mk_bv_sort(c->z, width));
}

Z3_ast sym_int(sym_ctx *c, int64_t v) { return Z3_mk_int64(c->z, v, c->wide); }

unsigned sym_width(sym_ctx *c, Z3_ast t) {
  return Z3_get_bv_sort_size(c->z, Z3_get_sort(c->z, t));
}

Z3_ast sym_resize(sym_ctx *c, Z3_ast t, unsigned width, bool is_signed) {
  unsigned w = sym_width(c, t);
  if (w == width) return t;
  if (w > width) return Z3_mk_extract(c->z, width - 1, 0, t);
  return is_signed ? Z3_mk_sign_ext(c->z, width - w, t) : Z3_mk_zero_ext(c->z, width - w, t);
}

Z3_ast sym_wide(sym_ctx *c, Z3_ast t, bool is_signed) {
  return sym_resize(c, t, SYM_WIDE, is_signed);
}

Z3_ast sym_truth(sym_ctx *c, Z3_ast bv1) {
  return Z3_mk_eq(c->z, sym_resize(c, bv1, 1, false), Z3_mk_int(c->z, 1, c->bv1));
}

Z3_ast sym_bit(sym_ctx *c, Z3_ast b) {
  return Z3_mk_ite(c->z, b, Z3_mk_int(c->z, 1, c->bv1), Z3_mk_int(c->z, 0, c->bv1));
}

Z3_ast sym_and2(sym_ctx *c, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_and(c->z, 2, v);
}

Z3_ast sym_or2(sym_ctx *c, Z3_ast a, Z3_ast b) {
  Z3_ast v[2] = {a, b};
  return Z3_mk_or(c->z, 2, v);
}

Z3_ast sym_not(sym_ctx *c, Z3_ast a) { return Z3_mk_not(c->z, a); }
Z3_ast sym_eq(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_eq(c->z, a, b); }

unsigned sym_int_width(sym_ctx *c, Z3_ast t) {
  unsigned w = sym_width(c, t);
  return w > SYM_WIDE ? w : SYM_WIDE;
}

Z3_ast sym_eq_int(sym_ctx *c, Z3_ast a, Z3_ast b, int64_t add) {
  unsigned wa = sym_int_width(c, a), wb = sym_int_width(c, b), w = wa > wb ? wa : wb;
  Z3_ast rhs = sym_resize(c, b, w, true);
  if (add) rhs = sym_add(c, rhs, sym_bv(c, add, w));
  return Z3_mk_eq(c->z, sym_resize(c, a, w, true), rhs);
}
Z3_ast sym_slt(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvslt(c->z, a, b); }
Z3_ast sym_sle(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvsle(c->z, a, b); }
Z3_ast sym_add(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvadd(c->z, a, b); }
Z3_ast sym_sub(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvsub(c->z, a, b); }
Z3_ast sym_mul(sym_ctx *c, Z3_ast a, Z3_ast b) { return Z3_mk_bvmul(c->z, a, b); }
Z3_ast sym_ite(sym_ctx *c, Z3_ast k, Z3_ast a, Z3_ast b) { return Z3_mk_ite(c->z, k, a, b); }

/* bvsmod takes the divisor's sign, so with n > 0 it is the Euclidean remainder. */
Z3_ast sym_fmod(sym_ctx *c, Z3_ast a, int64_t n) {
  assert(n > 0);
  return Z3_mk_bvsmod(c->z, a, sym_bv(c, n, sym_width(c, a)));
}

Z3_ast sym_fdiv(sym_ctx *c, Z3_ast a, int64_t n) {
  assert(n > 0);
  return Z3_mk_bvsdiv(c->z, sym_sub(c, a, sym_fmod(c, a, n)), sym_bv(c, n, sym_width(c, a)));
}

Z3_ast sym_subst(sym_ctx *c, Z3_ast t, Z3_ast from, Z3_ast to) {
  Z3_ast f[1] = {from}, g[1] = {to};
  return Z3_substitute(c->z, t, 1, f, g);
}

Z3_ast sym_simplify(sym_ctx *c, Z3_ast t) { return Z3_simplify(c->z, t); }

bool sym_numeral(sym_ctx *c, Z3_ast t, int64_t *out) {
  Z3_ast s = Z3_simplify(c->z, t);
  if (Z3_get_ast_kind(c->z, s) != Z3_NUMERAL_AST) return false;
  uint64_t u;
  if (!Z3_get_numeral_uint64(c->z, s, &u)) return false;
  unsigned w = sym_width(c, s);
  if (w < 64 && (u >> (w - 1)) & 1) u |= ~(uint64_t)0 << w; /* sign-extend */
  *out = (int64_t)u;
  return true;
}

bool sym_is_true(sym_ctx *c, Z3_ast b) {
  return Z3_get_bool_value(c->z, Z3_simplify(c->z, b)) == Z3_L_TRUE;
}

Z3_ast sym_fresh(sym_ctx *c, const char *prefix, Z3_sort s) {
  return Z3_mk_fresh_const(c->z, prefix, s);
}

bool sym_ok(sym_ctx *c) {
  Z3_error_code e = Z3_get_error_code(c->z);
  if (e == Z3_OK) return true;
  if (!c->errbuf[0])
    snprintf(c->errbuf, sizeof c->errbuf, "%s", Z3_get_error_msg(c->z, e));
  return false;
}

/* ------------------------------------------------------------------ solving */

static bool mentions_lazy(sym_ctx *c, Z3_ast phi);

/* Query modes (docs/symbolic.md §2, "Divisions by constants"):
 *   Q_RAW   the formulas as built, in c->z;
 *   Q_FLOOR divisions by non-power-of-two constants computed from floor pairs of their
 *           dividends' atoms (sym_floordiv.c: equisatisfiable), which Z3 decides far more
 *           easily than divider circuits in a proof, not always in a counterexample search;
 *   Q_ABS   products of terms and divisions by a term as free constants, then floor pairs
 *           (sym_nlabs.c): a weakening, only its unsat answer is taken.
 *   Q_SLICE the query's nest slice (sym_slice.c: its conjuncts on a nest's flat counter, none
 *           on a defined variable), then as Q_ABS: a weakening (only its unsat answer is taken)
 *           for the questions about a nest's flat counter that need only "0 <= it < T" and
 *           T < 2^31 (a fused loop's phase: it div 3 against (it + 2) div 3), where the nest's
 *           definitions and T's multipliers only slow Z3 down.
 * A query is asked (ask_modes) with Q_SLICE at an eighth of its limit when it mentions a defined
 * variable and its slice has a division by a constant, with Q_ABS at an eighth of its limit when it has such a term,
 * with Q_FLOOR at a quarter of the limit when it has such a division (each in a Z3 context of
 * its own, as every query: qs_open), then as built at the full limit: every answer taken is the query's, the query as
 * built keeps its full limit, and its model (a counterexample) always comes from it. With
 * c->floor_full (a phase of a ring used several slots per padded step): Q_FLOOR at the full
 * limit, then as built.
 * TLXV_SYM_NO_FLOORDIV=1: only as built (to compare). */
enum { Q_RAW, Q_FLOOR, Q_ABS, Q_SLICE }; /* Q_RAW = 0: c->qmode outside ask_modes */
#define Q_MAX_MODES 4

static bool floordiv_off(void) {
  static int off = -1;
  if (off < 0) off = getenv("TLXV_SYM_NO_FLOORDIV") && *getenv("TLXV_SYM_NO_FLOORDIV") == '1';
  return off;
}

/* TLXV_SYM_NO_SLICE=1: no Q_SLICE (to compare). */
static bool slice_off(void) {
  static int off = -1;
  if (off < 0) off = getenv("TLXV_SYM_NO_SLICE") && *getenv("TLXV_SYM_NO_SLICE") == '1';
  return off;
}

static Z3_ast rewritten(Z3_context z, Z3_ast phi, int mode) {
  if (mode == Q_RAW) return phi;
  return sym_floor_div_elim(z, mode == Q_ABS ? sym_nl_abstract(z, phi) : phi);
}


static void needed_defs(sym_ctx *c, Z3_ast phi, bool lazy, bool *used);

/* Which rewrites change phi or a definition it needs: bit Q_FLOOR, bit Q_ABS of the result.
 * Asked in c->scratch, a context kept for these probes (their terms never enter c->z or a
 * query's context, see side_once): a term is changed by a rewrite or not whatever else its
 * context holds, so one context serves every probe. A fresh context per probe cost ~1-3 ms
 * each (Z3 initialises several MiB in every context) and under ASan most of the symbolic
 * layer's time (docs/reliability.md). It is renewed every SCRATCH_USES probes so that its
 * terms do not pile up. */
enum { SCRATCH_USES = 512 };

static unsigned rewrite_bits(Z3_context z, Z3_ast t) {
  unsigned bits = 0;
  if (!Z3_is_eq_ast(z, sym_floor_div_elim(z, t), t)) bits |= 1u << Q_FLOOR;
  if (!Z3_is_eq_ast(z, sym_nl_abstract(z, t), t)) bits |= 1u << Q_ABS;
  return bits;
}

static Z3_context scratch(sym_ctx *c) {
  if (c->scratch && c->scratch_uses++ < SCRATCH_USES) return c->scratch;
  if (c->scratch) Z3_del_context(c->scratch);
  Z3_config cfg = Z3_mk_config();
  c->scratch = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  Z3_set_error_handler(c->scratch, NULL);
  c->scratch_uses = 1;
  return c->scratch;
}

static unsigned rewrites(sym_ctx *c, Z3_ast phi) {
  if (floordiv_off()) return 0;
  Z3_context z = scratch(c);
  unsigned bits = rewrite_bits(z, Z3_translate(c->z, phi, z));
  if (bits != (1u << Q_FLOOR | 1u << Q_ABS) && c->n_defs) {
    bool *used = ir_xcalloc(c->n_defs, sizeof *used);
    needed_defs(c, phi, true, used);
    for (uint32_t k = 0; k < c->n_defs && bits != (1u << Q_FLOOR | 1u << Q_ABS); k++)
      if (used[k]) bits |= rewrite_bits(z, Z3_translate(c->z, c->def_phi[k], z));
    free(used);
  }
  return bits;
}

void sym_scratch_close(sym_ctx *c) {
  if (c->scratch) Z3_del_context(c->scratch);
  c->scratch = NULL;
}

static Z3_ast product_lemmas(sym_ctx *c, const bool *used);
static Z3_lbool check_in(sym_ctx *c, Z3_context z, Z3_solver s);
static void set_limits_in(sym_ctx *c, Z3_context z, Z3_solver s, uint64_t rl);

/* A solver in a Z3 context of its own, holding phi in mode (rewritten there), the facts and
 * the definitions phi needs (the lazy ones when lazy, else their lemmas, as abstract_check),
 * resource limit rl. Every query is asked so (h/symz3): Z3's time on a query near its limit
 * depends on the terms its context made before it (their ids): padded-around.bug's
 * counterexample, as built, ran out after rewritten queries had made their terms in c->z, and
 * triton_t09_descriptor_persistent_ws_90's first-iteration query ran out in c->z after a
 * different induction history (2.1M steps in a fresh context). In a fresh context (about a
 * millisecond) a query's answer depends on the query alone, not on term-creation order. */
typedef struct qs { Z3_context z; Z3_solver s; } qs;

static qs qs_open(sym_ctx *c, Z3_ast phi, int mode, uint64_t rl, bool lazy) {
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "model", "true");
  qs q = {.z = Z3_mk_context(cfg)};
  Z3_del_config(cfg);
  Z3_set_error_handler(q.z, NULL);
  Z3_context z = q.z;
  q.s = Z3_mk_solver_for_logic(z, Z3_mk_string_symbol(z, "QF_BV"));
  Z3_solver_inc_ref(z, q.s);
  set_limits_in(c, z, q.s, rl);
  if (mode == Q_SLICE) { /* the slice mentions no defined variable: no definition below */
    phi = sym_slice(c, phi);
    mode = Q_ABS;
  }
  Z3_solver_assert(z, q.s, rewritten(z, Z3_translate(c->z, c->facts, z), mode));
  Z3_solver_assert(z, q.s, rewritten(z, Z3_translate(c->z, phi, z), mode));
  if (c->n_defs) {
    bool *used = ir_xcalloc(c->n_defs, sizeof *used);
    needed_defs(c, phi, lazy, used);
    for (uint32_t k = 0; k < c->n_defs; k++)
      if (used[k])
        Z3_solver_assert(z, q.s, rewritten(z, Z3_translate(c->z, c->def_phi[k], z), mode));
    if (!lazy && c->n_prods) {
      memset(used, 0, c->n_defs * sizeof *used);
      needed_defs(c, phi, true, used);
      Z3_solver_assert(z, q.s, rewritten(z, Z3_translate(c->z, product_lemmas(c, used), z), mode));
    }
    free(used);
  }
  return q;
}

static void qs_close(qs *q) {
  if (!q->z) return;
  Z3_solver_dec_ref(q->z, q->s);
  Z3_del_context(q->z);
  q->z = NULL;
}

static Z3_lbool qs_check(sym_ctx *c, qs *q) {
  if (Z3_get_error_code(q->z) != Z3_OK) return Z3_L_UNDEF;
  Z3_lbool r = check_in(c, q->z, q->s);
  return Z3_get_error_code(q->z) == Z3_OK ? r : Z3_L_UNDEF;
}

static Z3_lbool side_once(sym_ctx *c, Z3_ast phi, int mode, uint64_t rl, bool lazy) {
  qs q = qs_open(c, phi, mode, rl, lazy);
  Z3_lbool r = qs_check(c, &q);
  qs_close(&q);
  return r;
}

/* The modes to ask phi in, in order (at most Q_MAX_MODES), and each one's share of the limit as a
 * divisor; returns their number. */
static int ask_modes(sym_ctx *c, Z3_ast phi, int *mode, unsigned *div) {
  int n = 0;
  unsigned bits = rewrites(c, phi);
  if (c->floor_full && (bits & 1u << Q_FLOOR)) { /* floor pairs at the full limit, then raw */
    mode[n] = Q_FLOOR, div[n++] = 1;
    mode[n] = Q_RAW, div[n++] = 1;
    return n;
  }
  if (!floordiv_off() && !slice_off() && sym_mentions_def(c, phi)) {
    Z3_ast sl = sym_slice(c, phi);
    Z3_context z = scratch(c);
    if (!Z3_is_eq_ast(c->z, sl, phi) && rewrite_bits(z, Z3_translate(c->z, sl, z)))
      mode[n] = Q_SLICE, div[n++] = 8;
  }
  if (bits & 1u << Q_ABS) mode[n] = Q_ABS, div[n++] = 8;
  if (bits & 1u << Q_FLOOR) mode[n] = Q_FLOOR, div[n++] = 4;
  mode[n] = Q_RAW, div[n++] = 1;
  return n;
}

/* Z3_solver_check, timed for TLXV_SYM_DEBUG. */
static Z3_lbool check_in(sym_ctx *c, Z3_context z, Z3_solver s) {
  double t0 = sym_debug_on() ? sym_debug_clock() : 0;
  Z3_lbool r = Z3_solver_check(z, s);
  if (sym_debug_on()) sym_debug_query(c, sym_debug_clock() - t0, r);
  if (sym_debug_on() && r == Z3_L_UNDEF && getenv("TLXV_SYM_ALLQ"))
    fprintf(stderr, "sym: (no answer: %s)\n", Z3_solver_get_reason_unknown(z, s));
  if (sym_debug_on() && getenv("TLXV_SYM_DUMP") && (sym_debug_clock() - t0 > 0.3 || getenv("TLXV_SYM_ALLQ"))) {
    static int nd = 0;
    char fn[512]; /* TLXV_SYM_DUMP=DIR (1: /tmp/sym), an existing directory */
    const char *dir = getenv("TLXV_SYM_DUMP");
    snprintf(fn, sizeof fn, "%s/q_%d.smt2", strcmp(dir, "1") ? dir : "/tmp/sym", nd++);
    FILE *f = fopen(fn, "w");
    if (f) { fprintf(f, "; %s\n%s\n", c->dbg, Z3_solver_to_string(z, s)); fclose(f); }
  }
  return r;
}


/* Z3's work on a query is bounded by its resource limit (rlimit), a count of solver steps, so
 * an answer never depends on the machine's load: the same input gives the same report. Only
 * the user's --time-limit (c->deadline) is wall-clock: near it a query also gets a timeout,
 * and past it none is asked. */
#define SYM_PROBE_DIV 8      /* a minimisation probe gets rlimit / SYM_PROBE_DIV */
#define SYM_MINIMISE_PROBES 48 /* per counterexample: all its minimisation probes together */

/* Milliseconds left before the deadline (UINT_MAX without one); 0 when it has passed. */
static unsigned query_ms(sym_ctx *c) {
  if (c->deadline <= 0) return UINT_MAX;
  double left = c->deadline - sym_now_s();
  if (left <= 0) return 0;
  return left * 1000 < 4e9 ? (unsigned)(left * 1000) + 1 : UINT_MAX - 1;
}

bool sym_past_deadline(sym_ctx *c) { return c->deadline > 0 && query_ms(c) == 0; }

/* The solver's limits: resource limit rl (Z3 counts it from the start of each check), and what the deadline leaves (1 ms when past). */
static void set_limits_in(sym_ctx *c, Z3_context z, Z3_solver s, uint64_t rl) {
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "rlimit"),
                     rl > UINT_MAX ? UINT_MAX : (unsigned)rl);
  if (c->deadline > 0) {
    unsigned left = query_ms(c);
    Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "timeout"), left ? left : 1);
  }
  Z3_solver_set_params(z, s, p);
  Z3_params_dec_ref(z, p);
}


Z3_lbool sym_sat(sym_ctx *c, Z3_ast phi) { return sym_sat_rl(c, phi, c->rlimit); }

/* phi's satisfiability at resource limit rlimit, in the query mode c->qmode. First without
 * the lazy definitions it needs (products of a flattened nest), at half the limit: most proofs
 * about a nest's rings need no product, and an unsat answer there is one with them (every model
 * of the full query is one of the abstraction). An undefined answer stands for the full
 * query's too (strictly more to decide): it is not asked then. */
static Z3_lbool abstract_check(sym_ctx *c, Z3_ast phi, uint64_t rlimit) {
  if (!mentions_lazy(c, phi)) return Z3_L_TRUE;
  return side_once(c, phi, c->qmode, rlimit / 2, false);
}

static Z3_lbool sat_once(sym_ctx *c, Z3_ast phi, uint64_t rlimit) {
  if (c->qmode == Q_SLICE) return side_once(c, phi, Q_SLICE, rlimit, true); /* no definitions */
  /* Q_ABS without lazy definitions: the abstraction is the whole question (before session 37
   * it was never asked then: abstract_check answers "ask on" for a query without them, and the
   * line below took that as Q_ABS's answer) */
  if (c->qmode == Q_ABS && !mentions_lazy(c, phi)) return side_once(c, phi, Q_ABS, rlimit, true);
  Z3_lbool r = abstract_check(c, phi, rlimit);
  /* Q_ABS: with the lazy definitions (products, abstracted there to constants) the query says
   * little more, and its sat answer is not taken: not asked (h/pers) */
  if (r == Z3_L_TRUE && c->qmode == Q_ABS) return Z3_L_TRUE;
  return r == Z3_L_TRUE ? side_once(c, phi, c->qmode, rlimit, true) : r;
}

/* Every mode ran out and Q_ABS had a share of the limit: the abstraction once more at the full
 * limit, the last resort of a query that is unknown otherwise (ttd_batched3d_100's phase of its
 * loop's accumulator wait: unsat at 5 M steps abstracted, no answer at 20 M as built). Only
 * its unsat answer is taken (a weakening); UNDEF otherwise. */
static Z3_lbool abs_last_resort(sym_ctx *c, Z3_ast phi, uint64_t rlimit) {
  if (!sym_ok(c) || !query_ms(c)) return Z3_L_UNDEF;
  int saved = c->qmode;
  c->qmode = Q_ABS;
  Z3_lbool r = sat_once(c, phi, rlimit);
  c->qmode = saved;
  return r == Z3_L_FALSE ? Z3_L_FALSE : Z3_L_UNDEF;
}

Z3_lbool sym_sat_rl(sym_ctx *c, Z3_ast phi, uint64_t rlimit) {
  if (!sym_ok(c) || !query_ms(c)) return Z3_L_UNDEF;
  for (uint32_t k = c->n_qmemo; k-- > 0;)
    if (c->qmemo[k].rl == rlimit && c->qmemo[k].phi == phi) return c->qmemo[k].r;
  int mode[Q_MAX_MODES];
  unsigned div[Q_MAX_MODES];
  int n = ask_modes(c, phi, mode, div);
  Z3_lbool r = Z3_L_UNDEF;
  bool abs_short = false; /* Q_ABS was asked at a share of the limit and gave no answer */
  for (int k = 0; k < n && r == Z3_L_UNDEF && sym_ok(c) && query_ms(c); k++) {
    c->qmode = mode[k];
    r = sat_once(c, phi, rlimit / div[k]);
    abs_short |= mode[k] == Q_ABS && div[k] > 1 && r == Z3_L_UNDEF;
    if ((mode[k] == Q_ABS || mode[k] == Q_SLICE) && r == Z3_L_TRUE)
      r = Z3_L_UNDEF; /* a weakening: only unsat */
  }
  if (r == Z3_L_UNDEF && abs_short) r = abs_last_resort(c, phi, rlimit);
  c->qmode = Q_RAW;
  if (!sym_ok(c)) return Z3_L_UNDEF;
  if (r != Z3_L_UNDEF || c->deadline <= 0) { /* a wall-clock timeout is not an answer */
    c->qmemo = ir_grow(c->qmemo, &c->cap_qmemo, c->n_qmemo + 1, sizeof *c->qmemo);
    c->qmemo[c->n_qmemo++] = (struct sym_qmemo){phi, rlimit, r};
  }
  return r;
}

Z3_lbool sym_sat_raw_rl(sym_ctx *c, Z3_ast phi, uint64_t rl) {
  if (!sym_ok(c) || !query_ms(c)) return Z3_L_UNDEF;
  Z3_lbool r = side_once(c, phi, Q_RAW, rl, true);
  return sym_ok(c) ? r : Z3_L_UNDEF;
}

/* Value of t in the solver's current model (signed), false when unavailable. */
static bool model_value(sym_ctx *c, const qs *q, Z3_ast t, int64_t *out) {
  Z3_model m = Z3_solver_get_model(q->z, q->s);
  if (!m) return false;
  Z3_model_inc_ref(q->z, m);
  Z3_ast v = NULL;
  bool ok = Z3_model_eval(q->z, m, Z3_translate(c->z, t, q->z), true, &v) && v;
  uint64_t u;
  if (ok) v = Z3_simplify(q->z, v);
  ok = ok && Z3_get_ast_kind(q->z, v) == Z3_NUMERAL_AST && Z3_get_numeral_uint64(q->z, v, &u);
  if (ok) {
    unsigned w = Z3_get_bv_sort_size(q->z, Z3_get_sort(q->z, v));
    if (w < 64 && (u >> (w - 1)) & 1) u |= ~(uint64_t)0 << w; /* sign-extend */
    *out = (int64_t)u;
  }
  Z3_model_dec_ref(q->z, m);
  return ok;
}

/* Counts a probe against the counterexample's budget (c->probes_left); false when spent. */
static bool take_probe(sym_ctx *c) {
  if (!c->probes_left) return false;
  c->probes_left--;
  return true;
}

/* A fresh solver for phi (with the facts and the definitions phi uses), checked with resource
 * limit rl; *r is its answer. Each probe gets its own solver rather than push / pop on one:
 * after a push Z3 switches to its incremental engine, whose preprocessing is weaker and whose
 * pop is not bounded by the rlimit (it took minutes on persistent kernels' closed forms). */
static qs probe(sym_ctx *c, Z3_ast phi, uint64_t rl, Z3_lbool *r) {
  qs q = qs_open(c, phi, Q_RAW, rl, true);
  *r = qs_check(c, &q);
  return q;
}

/* Smallest value of t (known to be >= 0 in every model of *phi) such that *phi stays
 * satisfiable: galloping probes 0, 1, 3, 7, ... then bisection, each probe with a short
 * resource limit. *best holds the current model's value on entry. On return *phi has the
 * conjunct t == best and *s (replaced) holds a model of it. Returns false when a probe gave no
 * answer (the value found so far is kept) or the model could not be refreshed in time (then
 * *phi and *s are unchanged): the caller stops minimising. */
static bool minimise(sym_ctx *c, qs *s, Z3_ast *phi, Z3_ast t, int64_t *best) {
  int64_t lo = 0, hi = *best;
  bool complete = true;
  if (hi <= 0) return true;
  Z3_ast t64 = sym_wide(c, t, true);
  for (int64_t x = 0; x < hi; x = 2 * x + 1) {
    if (sym_past_deadline(c) || !take_probe(c)) { complete = false; goto done; }
    Z3_lbool r;
    qs p = probe(c, sym_and2(c, *phi, sym_sle(c, t64, sym_int(c, x))),
                        c->rlimit / SYM_PROBE_DIV, &r);
    int64_t v;
    if (r == Z3_L_TRUE && model_value(c, &p, t64, &v)) hi = v;
    qs_close(&p);
    if (r == Z3_L_UNDEF) { complete = false; goto done; }
    if (r == Z3_L_TRUE) break;
    lo = x + 1;
  }
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (sym_past_deadline(c) || !take_probe(c)) { complete = false; break; }
    Z3_lbool r;
    qs p = probe(c, sym_and2(c, *phi, sym_sle(c, t64, sym_int(c, mid))),
                        c->rlimit / SYM_PROBE_DIV, &r);
    int64_t v;
    bool got = r == Z3_L_TRUE && model_value(c, &p, t64, &v);
    qs_close(&p);
    if (r == Z3_L_UNDEF) { complete = false; break; }
    if (got) hi = v; else lo = mid + 1;
  }
done: /* the probes left no model with the bound: make one */
  {
    Z3_lbool r;
    Z3_ast fixed = sym_and2(c, *phi, sym_eq(c, t64, sym_int(c, hi)));
    qs p = probe(c, fixed, c->rlimit / SYM_PROBE_DIV, &r);
    if (r != Z3_L_TRUE) { /* hi was satisfiable, but not in time now */
      qs_close(&p);
      return false;
    }
    qs_close(s);
    *s = p;
    *phi = fixed;
  }
  *best = hi;
  return complete;
}

/* The model's contents of the keyed loads (sym_load.c) as one line a + b * offset through every
 * (offset, value) the model gives them (all arguments' memory alike: the explorer has one fill,
 * sim_machine_set_fill); c->cex_has_fill false when they are no line or a value is unknown.
 * Only a confirmation run reads it, so a wrong line costs a "not reproduced", never a verdict. */
static void read_fill(sym_ctx *c, const qs *s) {
  enum { BIG = 1 << 30 }; /* i32-sized offsets and values: the products below stay in int64 */
  c->cex_has_fill = false;
  if (!c->n_keyed) return;
  int64_t o0 = 0, v0 = 0, o1 = 0, v1 = 0;
  bool have0 = false, have1 = false;
  int64_t *off = ir_xcalloc(c->n_keyed, sizeof *off), *val = ir_xcalloc(c->n_keyed, sizeof *val);
  uint32_t n = 0;
  for (uint32_t k = 0; k < c->n_keyed; k++) {
    if (!model_value(c, s, c->keyed[k].off, &off[n]) || !model_value(c, s, c->keyed[k].app, &val[n]))
      goto out;
    if (off[n] < -BIG || off[n] > BIG || val[n] < -BIG || val[n] > BIG) goto out; /* no overflow below */
    if (!have0) { o0 = off[n]; v0 = val[n]; have0 = true; }
    else if (!have1 && off[n] != o0) { o1 = off[n]; v1 = val[n]; have1 = true; }
    n++;
  }
  int64_t b = 0;
  if (have1) { /* the slope through the first two offsets, an integer */
    if ((v1 - v0) % (o1 - o0)) goto out;
    b = (v1 - v0) / (o1 - o0);
  }
  for (uint32_t k = 0; k < n; k++)
    if (val[k] != v0 + b * (off[k] - o0)) goto out;
  c->cex_fill_a = v0 - b * o0;
  c->cex_fill_b = b;
  c->cex_has_fill = true;
out:
  free(off);
  free(val);
}

/* Reads trip, iter, the used arguments and the extras from the solver's model; false (outputs
 * unchanged) when a value is unavailable. Unused arguments take their smallest legal value. */
static bool read_model(sym_ctx *c, const qs *s, const bool *used, Z3_ast trip, Z3_ast iter,
                       const Z3_ast *extra, unsigned n_extra, int64_t *args, int64_t *trip_out,
                       int64_t *iter_out, int64_t *extra_out) {
  int64_t tv = -1, iv = -1, *av = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *av);
  int64_t *ev = ir_xcalloc(n_extra ? n_extra : 1, sizeof *ev);
  bool ok = (!trip || model_value(c, s, trip, &tv)) && (!iter || model_value(c, s, iter, &iv));
  for (uint32_t a = 0; a < c->n_args && ok; a++) {
    if (!c->argvar[a]) continue;
    if (used[a]) {
      ok = model_value(c, s, c->argvar[a], &av[a]);
      continue;
    }
    av[a] = c->divisibility[a] > 1 ? c->divisibility[a] : 1;
    sym_arg_fixed(c, a, &av[a]);
  }
  for (unsigned k = 0; k < n_extra && ok; k++)
    if (extra[k] && !model_value(c, s, extra[k], &ev[k])) ok = false;
  if (ok) {
    read_fill(c, s);
    *trip_out = tv;
    *iter_out = iv;
    if (c->n_args) memcpy(args, av, c->n_args * sizeof *args);
    if (n_extra) memcpy(extra_out, ev, n_extra * sizeof *ev);
  }
  free(av);
  free(ev);
  return ok;
}

/* phi and the definitions (sym_define) that the terms t[0 .. n - 1] need and phi does not. */
static Z3_ast with_read_defs(sym_ctx *c, Z3_ast phi, Z3_ast trip, Z3_ast iter,
                             const Z3_ast *extra, unsigned n_extra) {
  if (!c->n_defs) return phi;
  bool *own = ir_xcalloc(c->n_defs, sizeof *own), *read = ir_xcalloc(c->n_defs, sizeof *read);
  needed_defs(c, phi, true, own);
  for (unsigned k = 0; k < n_extra + 2; k++) {
    Z3_ast t = k == 0 ? trip : k == 1 ? iter : extra[k - 2];
    if (t) needed_defs(c, t, true, read);
  }
  for (uint32_t d = 0; d < c->n_defs; d++)
    if (read[d] && !own[d]) phi = sym_and2(c, phi, c->def_phi[d]);
  free(own);
  free(read);
  return phi;
}

/* A model of phi with its arguments pinned to small values, after phi as built ran out of its
 * limit: each argument phi mentions (used) at 1 .. SMALL_MAX times its tile alignment (the
 * values the explicit check starts from), vectors in order of their sum, at most SMALL_VECS of
 * them at a SMALL_VECS-th of the limit each (one limit in all). A model found is one of phi
 * (the pins only add conjuncts): the counterexample, minimised and confirmed as any. Z3's time
 * on a satisfiable query near its limit depends on the order its terms were made in
 * (kv-lag-int-early.bug's release before the read: 4 s sat in one build, out of the limit
 * in another); with the arguments fixed its arithmetic is over constants. On success *s holds
 * the model and *phi the pinned query. */
enum { SMALL_MAX = 4, SMALL_VECS = 16 };
static Z3_lbool small_args(sym_ctx *c, qs *s, Z3_ast *phi, const bool *used) {
  uint32_t idx[8], n = 0;
  for (uint32_t a = 0; a < c->n_args && n < 8; a++)
    if (used[a] && c->argvar[a]) idx[n++] = a;
  if (!n) return Z3_L_UNDEF;
  unsigned tried = 0;
  /* vectors of values k_i in 1 .. SMALL_MAX by increasing sum (n <= 8 arguments) */
  for (uint32_t sum = n; sum <= n * SMALL_MAX && tried < SMALL_VECS; sum++) {
    uint32_t k[8];
    for (uint32_t i = 0; i < n; i++) k[i] = 1;
    for (;;) { /* every vector of 1 .. SMALL_MAX, in odometer order, filtered by its sum */
      uint32_t t = 0;
      for (uint32_t i = 0; i < n; i++) t += k[i];
      if (t == sum) {
        if (tried == SMALL_VECS || !sym_ok(c) || !query_ms(c) || sym_past_deadline(c))
          return Z3_L_UNDEF;
        tried++;
        Z3_ast pin = *phi;
        for (uint32_t i = 0; i < n; i++) {
          int64_t al = c->o->align && c->o->align[idx[i]] > 1 ? c->o->align[idx[i]] : 1;
          Z3_ast x = sym_wide(c, c->argvar[idx[i]], true);
          pin = sym_and2(c, pin, sym_eq(c, x, sym_int(c, al * (int64_t)k[i])));
        }
        Z3_lbool r;
        qs p = probe(c, pin, c->rlimit / SMALL_VECS, &r);
        if (sym_debug_on())
          fprintf(stderr, "sym: small arguments (vector %u) -> %s\n", tried,
                  r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "undef");
        if (r == Z3_L_TRUE) {
          qs_close(s);
          *s = p;
          *phi = pin;
          return r;
        }
        qs_close(&p);
      }
      uint32_t i = 0;
      while (i < n && k[i] == SMALL_MAX) k[i++] = 1;
      if (i == n) break;
      k[i]++;
    }
  }
  return Z3_L_UNDEF;
}

/* Does the model use an argument above the values small_args tries? */
static bool large_args(const sym_ctx *c, const bool *used, const int64_t *args) {
  for (uint32_t a = 0; a < c->n_args; a++) {
    int64_t al = c->o->align && c->o->align[a] > 1 ? c->o->align[a] : 1;
    if (used[a] && c->argvar[a] && args[a] > SMALL_MAX * al) return true;
  }
  return false;
}

Z3_lbool sym_cex(sym_ctx *c, Z3_ast phi, Z3_ast trip, Z3_ast iter, const Z3_ast *extra,
                 unsigned n_extra, int64_t *args, int64_t *trip_out, int64_t *iter_out,
                 int64_t *extra_out) {
  *trip_out = *iter_out = -1;
  c->cex_has_fill = false;
  for (unsigned k = 0; k < n_extra; k++) extra_out[k] = 0;
  for (uint32_t a = 0; a < c->n_args; a++) args[a] = 0;
  if (!sym_ok(c) || !query_ms(c)) return Z3_L_UNDEF;
  /* an unsat answer holds at every limit: a query asked again (the bounds of views indexed
   * alike: tws_matmul_tma_persistent_ws_kernel_90_pers's 55) is not asked */
  for (uint32_t k = c->n_qmemo; k-- > 0;)
    if (c->qmemo[k].phi == phi && c->qmemo[k].r == Z3_L_FALSE) return Z3_L_FALSE;
  /* in the modes of ask_modes; a rewriting mode's unsat answer is taken (side_once), its sat
   * answer is not (its model is another context's): the model comes from the query as built */
  int mode[Q_MAX_MODES];
  unsigned div[Q_MAX_MODES];
  int n = c->cex_direct ? 1 : ask_modes(c, phi, mode, div);
  Z3_lbool r = Z3_L_UNDEF;
  bool abs_short = false, floor_sat = false; /* as in sym_sat_rl; floor pairs found a model */
  for (int k = 0; k < n - 1 && r != Z3_L_FALSE && sym_ok(c) && query_ms(c); k++) {
    c->qmode = mode[k];
    r = sat_once(c, phi, c->rlimit / div[k]);
    abs_short |= mode[k] == Q_ABS && div[k] > 1 && r == Z3_L_UNDEF;
    floor_sat |= mode[k] == Q_FLOOR && r == Z3_L_TRUE;
  }
  c->qmode = Q_RAW;
  if (r != Z3_L_FALSE && sym_ok(c) && query_ms(c)) r = abstract_check(c, phi, c->rlimit);
  if (r == Z3_L_FALSE && sym_ok(c)) {
    c->qmemo = ir_grow(c->qmemo, &c->cap_qmemo, c->n_qmemo + 1, sizeof *c->qmemo);
    c->qmemo[c->n_qmemo++] = (struct sym_qmemo){phi, c->rlimit, Z3_L_FALSE};
  }
  if (r == Z3_L_FALSE) return Z3_L_FALSE;
  if (!sym_ok(c) || !query_ms(c)) return Z3_L_UNDEF;
  if (r != Z3_L_TRUE) return r;
  /* the model is read from phi and the definitions of the terms read back: a defined variable
   * only they mention (a prefix count in an op's round after the loop, sym_prefix.c) would
   * otherwise take any value, and a value read from it no model of the kernel has (ttd_reshape:
   * the after-loop wait's round read with K = 0 gave a lag of 1, a phase-agreement violation
   * no schedule has). Each definition is total, so phi stays satisfiable. */
  phi = with_read_defs(c, phi, trip, iter, extra, n_extra);
  qs s = qs_open(c, phi, Q_RAW, c->rlimit, true);
  r = qs_check(c, &s);
  if (r == Z3_L_UNDEF && abs_short && abs_last_resort(c, phi, c->rlimit) == Z3_L_FALSE) {
    qs_close(&s); /* (phi with the read definitions: satisfiable exactly when phi is) */
    return Z3_L_FALSE;
  }
  if (r == Z3_L_UNDEF && floor_sat && sym_ok(c) && query_ms(c)) {
    /* the query as built ran out where its floor pairs had a model: the model from them (the
     * rewrite is equisatisfiable and each pair a total function of its atom, so its values of
     * the query's own variables satisfy the query as built, §2 "Divisions by constants"; the
     * values read back are the terms as built, evaluated there). ttd_batched3d_100's first
     * iteration of its epilogue store and its after-loop wait's lag ran out as built. */
    qs_close(&s);
    s = qs_open(c, phi, Q_FLOOR, c->rlimit, true);
    r = qs_check(c, &s);
  }
  bool *used = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *used);
  sym_mark_args(c, phi, used);
  if (trip) sym_mark_args(c, trip, used);
  if (r == Z3_L_UNDEF && c->cex_small && sym_ok(c) && query_ms(c))
    r = small_args(c, &s, &phi, used);
  if (r == Z3_L_TRUE && !read_model(c, &s, used, trip, iter, extra, n_extra, args, trip_out,
                                    iter_out, extra_out))
    r = Z3_L_UNDEF;
  if (r == Z3_L_TRUE && c->cex_small && !c->o->no_minimize && large_args(c, used, args) &&
      sym_ok(c) && query_ms(c)) {
    /* a model at large arguments (the explorer cannot run it) whose minimisation may stop at
     * its first undecided probe: small arguments first, as after an undecided query
     * (alpha-turn-swap.bug's deadlock at the first step came at m = 302397867 in one build) */
    qs small = {NULL, NULL}; /* small_args fills it on success */
    Z3_ast small_phi = phi;
    bool got = small_args(c, &small, &small_phi, used) == Z3_L_TRUE;
    if (got && read_model(c, &small, used, trip, iter, extra, n_extra, args, trip_out, iter_out,
                          extra_out)) {
      qs_close(&s);
      s = small;
      phi = small_phi;
    } else {
      qs_close(&small);
      /* a failed read of the small model left the outputs half written: read them again */
      if (got && !read_model(c, &s, used, trip, iter, extra, n_extra, args, trip_out, iter_out,
                             extra_out))
        r = Z3_L_UNDEF;
    }
  }
  if (r == Z3_L_TRUE && getenv("TLXV_SYM_MODEL")) {
    Z3_model m = Z3_solver_get_model(s.z, s.s);
    Z3_model_inc_ref(s.z, m);
    fprintf(stderr, "sym: model (%s):\n%s\n", c->dbg, Z3_model_to_string(s.z, m));
    Z3_model_dec_ref(s.z, m);
  }
  if (r == Z3_L_TRUE && !c->o->no_minimize) {
    /* smallest trip count, then iteration, then each argument; every probe is short, and the
     * first one Z3 cannot decide in time ends the minimisation: values come from one model */
    c->probes_left = SYM_MINIMISE_PROBES; /* minimisation's own budget, in probes */
    uint32_t n_terms = c->cex_iter_only ? 2 : 2 + c->n_args;
    Z3_ast acc = phi; /* phi and the values fixed so far */
    for (uint32_t k = 0; k < n_terms; k++) {
      Z3_ast t = k == 0 ? trip : k == 1 ? iter : used[k - 2] ? c->argvar[k - 2] : NULL;
      int64_t v;
      if (!t || !model_value(c, &s, t, &v)) continue;
      bool go_on = minimise(c, &s, &acc, t, &v);
      if (!read_model(c, &s, used, trip, iter, extra, n_extra, args, trip_out, iter_out,
                      extra_out) || !go_on)
        break;
    }
  }
  free(used);
  qs_close(&s);
  if (!sym_ok(c)) return Z3_L_UNDEF;
  return r;
}

/* ------------------------------------------------------------------ argument occurrence */

/* Marks used[i] for every vars[i] (constants; NULL entries skipped) that term t mentions. */
void sym_mark_consts(sym_ctx *c, Z3_ast t, const Z3_ast *vars, uint32_t n_vars, bool *used) {
  /* iterative DFS over the term DAG with a small open-addressing set of visited ast ids */
  size_t cap = 256, n = 0, scap = 64, sp = 0;
  unsigned *seen = ir_xcalloc(cap, sizeof *seen); /* id + 1, 0 = empty */
  Z3_ast *stack = ir_xmalloc(scap, sizeof *stack);
  stack[sp++] = t;
  while (sp) {
    Z3_ast a = stack[--sp];
    unsigned id = Z3_get_ast_id(c->z, a) + 1;
    size_t h = (id * 2654435761u) & (cap - 1);
    while (seen[h] && seen[h] != id) h = (h + 1) & (cap - 1);
    if (seen[h]) continue;
    seen[h] = id;
    if (++n * 2 > cap) { /* grow and rehash */
      size_t ncap = cap * 2;
      unsigned *ns = ir_xcalloc(ncap, sizeof *ns);
      for (size_t i = 0; i < cap; i++)
        if (seen[i]) {
          size_t g = (seen[i] * 2654435761u) & (ncap - 1);
          while (ns[g]) g = (g + 1) & (ncap - 1);
          ns[g] = seen[i];
        }
      free(seen);
      seen = ns;
      cap = ncap;
    }
    if (Z3_get_ast_kind(c->z, a) != Z3_APP_AST) continue;
    Z3_app app = Z3_to_app(c->z, a);
    unsigned na = Z3_get_app_num_args(c->z, app);
    if (na == 0) {
      for (uint32_t i = 0; i < n_vars; i++)
        if (vars[i] && Z3_is_eq_ast(c->z, a, vars[i])) used[i] = true;
      continue;
    }
    for (unsigned k = 0; k < na; k++) {
      if (sp == scap) stack = ir_xrealloc(stack, scap *= 2, sizeof *stack);
      stack[sp++] = Z3_get_app_arg(c->z, app, k);
    }
  }
  free(seen);
  free(stack);
}

void sym_mark_args(sym_ctx *c, Z3_ast t, bool *used) {
  sym_mark_consts(c, t, c->argvar, c->n_args, used);
  if (!c->n_defs) return;
  /* a defined variable (a flattened nest's T1 * T2, sym_define / sym_product) stands for the
   * arguments of its definition, transitively: the trip count of a flattened nest is one */
  bool *seen = ir_xcalloc(c->n_defs, sizeof *seen), *now = ir_xcalloc(c->n_defs, sizeof *now);
  sym_mark_consts(c, t, c->def_var, c->n_defs, now);
  for (bool more = true; more;) {
    more = false;
    for (uint32_t k = 0; k < c->n_defs; k++)
      if (now[k] && !seen[k]) {
        seen[k] = more = true;
        sym_mark_consts(c, c->def_phi[k], c->argvar, c->n_args, used);
        sym_mark_consts(c, c->def_phi[k], c->def_var, c->n_defs, now);
      }
  }
  free(seen);
  free(now);
}

static void define(sym_ctx *c, Z3_ast var, Z3_ast phi, bool lazy) {
  if (c->n_defs == c->cap_defs) {
    c->cap_defs = c->cap_defs ? 2 * c->cap_defs : 16;
    c->def_var = ir_xrealloc(c->def_var, c->cap_defs, sizeof *c->def_var);
    c->def_phi = ir_xrealloc(c->def_phi, c->cap_defs, sizeof *c->def_phi);
    c->def_lazy = ir_xrealloc(c->def_lazy, c->cap_defs, sizeof *c->def_lazy);
  }
  c->def_var[c->n_defs] = var;
  c->def_lazy[c->n_defs] = lazy;
  c->def_phi[c->n_defs++] = phi;
}

void sym_define(sym_ctx *c, Z3_ast var, Z3_ast phi) { define(c, var, phi, false); }
void sym_define_lazy(sym_ctx *c, Z3_ast var, Z3_ast phi) { define(c, var, phi, true); }

void sym_product(sym_ctx *c, Z3_ast var, Z3_ast t, Z3_ast n, Z3_ast m) {
  sym_define_lazy(c, var, sym_eq(c, var, sym_mul(c, t, m)));
  c->prods = ir_xrealloc(c->prods, c->n_prods + 1, sizeof *c->prods);
  c->prods[c->n_prods++] = (struct sym_prod){var, t, n, m};
}

/* The monotonicity lemmas of the products among the definitions used[] (sym_product): each
 * holds in every model of the full definitions, where t * m < n * m fits the wide vectors. */
static Z3_ast product_lemmas(sym_ctx *c, const bool *used) {
  Z3_ast all = Z3_mk_true(c->z);
  uint32_t *at = ir_xcalloc(c->n_prods ? c->n_prods : 1, sizeof *at), k = 0;
  for (uint32_t p = 0; p < c->n_prods; p++)
    for (uint32_t d = 0; d < c->n_defs; d++)
      if (used[d] && c->def_var[d] == c->prods[p].var) {
        at[k++] = p;
        break;
      }
  Z3_ast zero = sym_int(c, 0);
  for (uint32_t a = 0; a < k; a++)
    for (uint32_t b = a + 1; b < k; b++) {
      const struct sym_prod *x = &c->prods[at[a]], *y = &c->prods[at[b]];
      if (x->m != y->m || x->n != y->n) continue;
      Z3_ast in = sym_and2(c, sym_and2(c, sym_sle(c, zero, x->t), sym_slt(c, x->t, x->n)),
                           sym_and2(c, sym_sle(c, zero, y->t), sym_slt(c, y->t, y->n)));
      Z3_ast lt = Z3_mk_implies(c->z, sym_slt(c, x->t, y->t), sym_sle(c, sym_add(c, x->var, x->m), y->var));
      Z3_ast gt = Z3_mk_implies(c->z, sym_slt(c, y->t, x->t), sym_sle(c, sym_add(c, y->var, y->m), x->var));
      Z3_ast eq = Z3_mk_implies(c->z, sym_eq(c, x->t, y->t), sym_eq(c, x->var, y->var));
      all = sym_and2(c, all, Z3_mk_implies(c->z, in, sym_and2(c, sym_and2(c, lt, gt), eq)));
    }
  free(at);
  return all;
}

void sym_assume(sym_ctx *c, Z3_ast phi, const char *text) {
  for (uint32_t k = 0; k < c->n_assume; k++)
    if (!strcmp(c->assume[k], text)) return;
  c->assume = ir_xrealloc(c->assume, c->n_assume + 1, sizeof *c->assume);
  size_t n = strlen(text) + 1;
  c->assume[c->n_assume] = memcpy(ir_xmalloc(n, 1), text, n);
  c->n_assume++;
  c->facts = sym_and2(c, c->facts, phi);
}

/* The definitions (indices into def_var) that phi needs: of the fresh variables it mentions,
 * and of those their definitions mention; with lazy false, lazy ones are left out (and what
 * only they mention). used[] has n_defs entries. */
static void needed_defs(sym_ctx *c, Z3_ast phi, bool lazy, bool *used) {
  bool *done = ir_xcalloc(c->n_defs, sizeof *done);
  sym_mark_consts(c, phi, c->def_var, c->n_defs, used);
  for (bool more = true; more;) {
    more = false;
    for (uint32_t k = 0; k < c->n_defs; k++)
      if (used[k] && !done[k] && (lazy || !c->def_lazy[k])) {
        done[k] = more = true;
        sym_mark_consts(c, c->def_phi[k], c->def_var, c->n_defs, used);
      }
  }
  for (uint32_t k = 0; k < c->n_defs; k++) used[k] = done[k];
  free(done);
}

/* Does phi need a lazy definition? */
static bool mentions_lazy(sym_ctx *c, Z3_ast phi) {
  if (!c->n_defs) return false;
  bool *used = ir_xcalloc(c->n_defs, sizeof *used), any = false;
  sym_mark_consts(c, phi, c->def_var, c->n_defs, used);
  /* a lazy variable reached through eager definitions counts too */
  needed_defs(c, phi, false, used);
  bool *all = ir_xcalloc(c->n_defs, sizeof *all);
  needed_defs(c, phi, true, all);
  for (uint32_t k = 0; k < c->n_defs; k++) any |= all[k] && !used[k];
  free(used);
  free(all);
  return any;
}
