/* sym_induct.c: closed forms for loop-carried values (ring counters, phases), guessed from a
 * concrete run of the loop body and proved by induction over the iteration (Houdini). */
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

#define SAMPLES 20   /* iterations run concretely to guess a template */
#define MAX_P 10     /* largest period / stage count a template tries */

typedef struct tmpl {
  enum { T_NONE, T_LINEAR, T_MOD, T_PARITY, T_STEP, T_SYMLINEAR, T_TABLE } kind;
  int64_t a, d, p, c, b; /* see closed_form() */
  bool first;            /* the template holds from iteration 1 on, with value a0 at 0 (a
                            software-pipelined counter starting at -1: -1, 0, 1, 2, 0, ...) */
  int64_t a0;
  Z3_ast sym_init, sym_step; /* T_SYMLINEAR */
  int64_t tab[SAMPLES];  /* T_TABLE: the value in each iteration of a loop with a constant trip
                            count ntab <= SAMPLES (a counter advanced under a condition) */
  int ntab;
} tmpl;

/* The closed form of a template in the value's width w:
 *   LINEAR  a + d*it        MOD    (it + c) mod p
 *   PARITY  b ^ (((it + c) div p) & 1)    STEP  a + (it + c) div p
 *   SYMLINEAR  init + step*it (symbolic init and step)
 *   TABLE  tab[it] for it < ntab (a constant trip count: ntab = T + 1, or T when T = SAMPLES,
 *          then the value after the loop is not proved), tab[ntab - 1] beyond. */
static Z3_ast closed_form(sym_ctx *c, const tmpl *t, Z3_ast it, unsigned w) {
  if (t->first) {
    tmpl in = *t;
    in.first = false;
    Z3_ast later = closed_form(c, &in, sym_sub(c, it, sym_int(c, 1)), w);
    return later ? sym_ite(c, sym_eq(c, it, sym_int(c, 0)), sym_bv(c, t->a0, w), later) : NULL;
  }
  Z3_ast v;
  Z3_ast shifted = sym_add(c, it, sym_int(c, t->c));
  switch (t->kind) {
  case T_LINEAR: v = sym_add(c, sym_int(c, t->a), sym_mul(c, sym_int(c, t->d), it)); break;
  case T_MOD: v = sym_fmod(c, shifted, t->p); break;
  case T_PARITY:
    v = Z3_mk_bvxor(c->z, sym_int(c, t->b),
                    Z3_mk_bvand(c->z, sym_fdiv(c, shifted, t->p), sym_int(c, 1)));
    break;
  case T_STEP: v = sym_add(c, sym_int(c, t->a), sym_fdiv(c, shifted, t->p)); break;
  case T_SYMLINEAR:
    return sym_add(c, t->sym_init, sym_mul(c, t->sym_step, sym_resize(c, it, w, true)));
  case T_TABLE:
    v = sym_bv(c, t->tab[t->ntab - 1], w);
    for (int i = t->ntab - 1; i-- > 0;)
      v = sym_ite(c, sym_eq(c, it, sym_int(c, i)), sym_bv(c, t->tab[i], w), v);
    return v;
  default: return NULL;
  }
  return sym_resize(c, v, w, true);
}

static const char *describe(const tmpl *t) {
  if (t->first)
    switch (t->kind) {
    case T_LINEAR: return "i = 0 ? a0 : a + d*(i - 1)";
    case T_MOD: return "i = 0 ? a0 : (i - 1 + c) mod N";
    case T_PARITY: return "i = 0 ? a0 : b ^ ((i - 1 + c) / N & 1)";
    case T_STEP: return "i = 0 ? a0 : a + (i - 1 + c) / N";
    default: return NULL;
    }
  switch (t->kind) {
  case T_LINEAR: return "a + d*i";
  case T_MOD: return "(i + c) mod N";
  case T_PARITY: return "b ^ ((i + c) / N & 1)";
  case T_STEP: return "a + (i + c) / N";
  case T_SYMLINEAR: return "init + step*i";
  case T_TABLE: return "a value per iteration (constant trip count)";
  default: return NULL;
  }
}

static int64_t fmod64(int64_t a, int64_t n) { int64_t r = a % n; return r < 0 ? r + n : r; }
static int64_t fdiv64(int64_t a, int64_t n) { return (a - fmod64(a, n)) / n; }

/* t's value in iteration i, for the templates fit() gives; false for another. */
static bool tmpl_value(const tmpl *t, int64_t i, int64_t *out) {
  if (t->first && i == 0) {
    *out = t->a0;
    return true;
  }
  if (t->first) i--;
  switch (t->kind) {
  case T_LINEAR: *out = t->a + t->d * i; return true;
  case T_MOD: *out = fmod64(i + t->c, t->p); return true;
  case T_PARITY: *out = t->b ^ (fdiv64(i + t->c, t->p) & 1); return true;
  case T_STEP: *out = t->a + fdiv64(i + t->c, t->p); return true;
  default: return false;
  }
}

/* Does template t give s[0..n)? */
static bool reproduces(tmpl t, const int64_t *s, int n) {
  for (int i = 0; i < n; i++) {
    int64_t v;
    if (!tmpl_value(&t, i, &v) || v != s[i]) return false;
  }
  return true;
}

/* Fits the first template that reproduces the samples s[0..n). */
static tmpl fit(const int64_t *s, int n) {
  tmpl t = {.kind = T_LINEAR, .a = s[0], .d = s[1] - s[0]};
  if (reproduces(t, s, n)) return t;
  for (int64_t p = 2; p <= MAX_P; p++)
    for (int64_t c0 = 0; c0 < p; c0++)
      if (reproduces(t = (tmpl){.kind = T_MOD, .p = p, .c = c0}, s, n)) return t;
  for (int64_t p = 1; p <= MAX_P; p++)
    for (int64_t c0 = 0; c0 < p; c0++)
      for (int64_t b = 0; b < 2; b++)
        if (reproduces(t = (tmpl){.kind = T_PARITY, .p = p, .c = c0, .b = b}, s, n)) return t;
  for (int64_t p = 2; p <= MAX_P; p++)
    for (int64_t c0 = 0; c0 < p; c0++)
      if (reproduces(t = (tmpl){.kind = T_STEP, .a = s[0] - fdiv64(c0, p), .p = p, .c = c0}, s,
                     n))
        return t;
  return (tmpl){.kind = T_NONE};
}

/* Substitution used for the concrete run: arguments, program ids and other loops' counters
 * and carried variables get fixed sample values. */
typedef struct sample_subst { Z3_ast *from, *to; unsigned n, cap; } sample_subst;

static void ss_add(sample_subst *ss, Z3_ast f, Z3_ast t) {
  if (ss->n == ss->cap) {
    ss->cap = ss->cap ? 2 * ss->cap : 32;
    ss->from = ir_xrealloc(ss->from, ss->cap, sizeof *ss->from);
    ss->to = ir_xrealloc(ss->to, ss->cap, sizeof *ss->to);
  }
  ss->from[ss->n] = f;
  ss->to[ss->n++] = t;
}

/* scale: 1 for the run the templates are fitted to, 3 for the run that checks them (check_run) */
static void sample_values(sym_ctx *c, int l, sample_subst *ss, int64_t scale) {
  for (uint32_t a = 0; a < c->n_args; a++) {
    if (!c->argvar[a]) continue;
    int64_t d = c->divisibility[a], v = (d > 64 ? d : 64 - 64 % d) * scale;
    ss_add(ss, c->argvar[a], Z3_mk_int64(c->z, v, Z3_get_sort(c->z, c->argvar[a])));
  }
  for (int k = 0; k < 3; k++) {
    if (c->pid[k]) ss_add(ss, c->pid[k], sym_int(c, 0));
    if (c->nprog[k]) ss_add(ss, c->nprog[k], sym_int(c, 1));
  }
  for (uint32_t o = 0; o < c->n_loops; o++) {
    if ((int)o == l) continue;
    ss_add(ss, c->loops[o].it, sym_int(c, 0));
    for (uint32_t k = 0; k < c->loops[o].n_carried; k++)
      if (!c->loops[o].induct_done)
        ss_add(ss, c->loops[o].carried_var[k],
               Z3_mk_int64(c->z, 0, Z3_get_sort(c->z, c->loops[o].carried_var[k])));
  }
}

static bool concrete(sym_ctx *c, Z3_ast t, const sample_subst *ss, int64_t *out) {
  return sym_numeral(c, Z3_substitute(c->z, t, ss->n, ss->from, ss->to), out);
}

/* The loop body run concretely from the inits (sample_values for the rest): s[k][i] is carried
 * value k in iteration i, have[k] whether every sample of it evaluated to a constant; *trip
 * (when trip is not NULL) the trip count there, -1 unless it is a constant and the facts hold. */
static void sample_run(sym_ctx *c, int l, Z3_ast const *init, Z3_ast const *next,
                       const unsigned *w, int64_t (*s)[SAMPLES], bool *have, int64_t scale,
                       int64_t *trip) {
  const sym_loop *L = &c->loops[l];
  uint32_t n = L->n_carried;
  sample_subst ss = {0};
  sample_values(c, l, &ss, scale);
  /* the trip count there, when the facts hold there (-1 otherwise: no trip count known) */
  int64_t ok = 0;
  if (trip && (!concrete(c, L->trip, &ss, trip) ||
               !(sym_numeral(c, sym_bit(c, Z3_substitute(c->z, c->facts, ss.n, ss.from, ss.to)),
                             &ok) &&
                 ok)))
    *trip = -1;
  for (uint32_t k = 0; k < n; k++) have[k] = w[k] && init[k] && concrete(c, init[k], &ss, &s[k][0]);
  unsigned base = ss.n;
  for (int i = 1; i < SAMPLES; i++) {
    ss.n = base;
    ss_add(&ss, L->it, sym_int(c, i - 1));
    for (uint32_t k = 0; k < n; k++)
      if (w[k])
        ss_add(&ss, L->carried_var[k],
               Z3_mk_int64(c->z, have[k] ? s[k][i - 1] : 0, Z3_get_sort(c->z, L->carried_var[k])));
    for (uint32_t k = 0; k < n; k++)
      if (have[k] && !(next[k] && concrete(c, next[k], &ss, &s[k][i]))) have[k] = false;
  }
  free(ss.from);
  free(ss.to);
}

/* Does a template fitted to the samples disagree with a second concrete run s2 of the loop, at
 * other argument values (sample_values scale 3) that satisfy the facts, in an iteration below
 * the trip count T2 there? Then the closed form is false for those arguments (a run of the loop
 * from its init), so no induction proves it: its step query, whose counterexample needs
 * arguments other than the samples' (an outer tile loop's counter that advances by the K loop's
 * trip count: a division of an argument and of the program count), is not asked (it took Z3's
 * full limit without an answer on t07_persistent_90). Sound either way: a candidate is only
 * dropped. */
static bool refuted(const tmpl *t, const int64_t *s2, bool have2, int64_t T2) {
  if (!have2 || T2 < 1) return false;
  for (int64_t i = 0; i < SAMPLES && i < T2; i++) {
    int64_t v;
    if (!tmpl_value(t, i, &v)) return false;
    if (v != s2[i]) return true;
  }
  return false;
}

/* Maps every free symbol of t that ss does not map yet to `fill` (false for a Bool): an
 * uninterpreted constant (a fresh predicate), and an uninterpreted function's applications (a
 * load's memory: a constant function is one of its interpretations). False when the walk meets
 * a constant the context defines (sym_define: a product's variable, whose definition a model
 * must satisfy), a symbol of another sort, or spends its budget. */
static bool fix_free(sym_ctx *c, Z3_ast t, sample_subst *ss, int64_t fill, int *budget) {
  if (--*budget < 0) return false;
  if (Z3_get_ast_kind(c->z, t) != Z3_APP_AST) return Z3_get_ast_kind(c->z, t) == Z3_NUMERAL_AST;
  Z3_app a = Z3_to_app(c->z, t);
  unsigned n = Z3_get_app_num_args(c->z, a);
  if (Z3_get_decl_kind(c->z, Z3_get_app_decl(c->z, a)) == Z3_OP_UNINTERPRETED) {
    for (unsigned i = 0; i < ss->n; i++)
      if (Z3_is_eq_ast(c->z, ss->from[i], t)) return true;
    for (uint32_t i = 0; i < c->n_defs; i++)
      if (Z3_is_eq_ast(c->z, c->def_var[i], t)) return false;
    Z3_sort so = Z3_get_sort(c->z, t);
    Z3_sort_kind k = Z3_get_sort_kind(c->z, so);
    if (k == Z3_BOOL_SORT) ss_add(ss, t, Z3_mk_false(c->z));
    else if (k == Z3_BV_SORT) ss_add(ss, t, Z3_mk_int64(c->z, fill, so));
    else return false;
    return true;
  }
  for (unsigned i = 0; i < n; i++)
    if (!fix_free(c, Z3_get_app_arg(c->z, a, i), ss, fill, budget)) return false;
  return true;
}

/* The substitution of varies' points: the arguments as sample_values sets them, loop L's
 * counter and its carried variables first (in that order, their values set per point), every
 * other free symbol of t and of the argument facts at fill (fix_free). False when fix_free
 * cannot fix them. */
static bool points_subst(sym_ctx *c, const sym_loop *L, Z3_ast t, int64_t fill,
                         sample_subst *ss) {
  *ss = (sample_subst){0};
  ss_add(ss, L->it, sym_int(c, 0));
  for (uint32_t j = 0; j < L->n_carried; j++)
    if (L->carried_var[j])
      ss_add(ss, L->carried_var[j], Z3_mk_int64(c->z, 0, Z3_get_sort(c->z, L->carried_var[j])));
  sample_values(c, (int)(L - c->loops), ss, 1);
  int budget = 20000;
  return fix_free(c, t, ss, fill, &budget) && fix_free(c, c->facts, ss, fill, &budget);
}

/* t at a point of ss (points_subst): counter it, carried value j at x0 + dx * j; false unless t
 * is a constant there and the argument facts hold. */
static bool step_at(sym_ctx *c, const sym_loop *L, Z3_ast t, sample_subst *ss, int64_t it,
                    int64_t x0, int64_t dx, int64_t *v) {
  unsigned q = 0;
  ss->to[q++] = sym_int(c, it);
  for (uint32_t j = 0; j < L->n_carried; j++)
    if (L->carried_var[j])
      ss->to[q++] =
          Z3_mk_int64(c->z, x0 + dx * (int64_t)j, Z3_get_sort(c->z, L->carried_var[j]));
  int64_t holds = 0;
  return concrete(c, t, ss, v) &&
         sym_numeral(c, sym_bit(c, Z3_substitute(c->z, c->facts, ss->n, ss->from, ss->to)),
                     &holds) &&
         holds;
}

/* Is the step t of loop L's carried value not loop-invariant, shown by a model of symlinear's
 * query found without Z3: t at it differs from t at it + 1 for some carried values (symlinear
 * asks for t(it, x) != t(it + 1, x') over free x, x'), a few points tried (step_at). That
 * query took 1-3 s each, with the same answer, on the fused loops of the triton_kernels
 * persistent matmuls (tk_p_*: carried tile offsets set from loads when a tile starts). False
 * when it cannot tell; either way only a candidate template is dropped (sound). */
static bool varies(sym_ctx *c, const sym_loop *L, Z3_ast t) {
  /* carried value j at x0 + dx * j at it, and at x0' + dx' * j at it + 1: the first one 0 in
   * some (a flag compared with 0), the others apart */
  static const int64_t pts[][4] = {{0, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 0, 1},
                                   {0, 0, 7, 3}, {7, 3, 0, 0}, {0, 5, 1, 1}};
  static const int64_t its[] = {0, 2, -8}, fills[] = {0, 3};
  int r = 0; /* 1: varies, -1: cannot tell */
  for (size_t f = 0; f < sizeof fills / sizeof *fills && !r; f++) {
    sample_subst ss;
    if (!points_subst(c, L, t, fills[f], &ss)) r = -1;
    for (size_t k = 0; k < sizeof its / sizeof *its && !r; k++)
      for (size_t i = 0; i < sizeof pts / sizeof *pts && !r; i++) {
        int64_t a, b;
        if (!step_at(c, L, t, &ss, its[k], pts[i][0], pts[i][1], &a) ||
            !step_at(c, L, t, &ss, its[k] + 1, pts[i][2], pts[i][3], &b))
          r = -1;
        else if (a != b)
          r = 1;
      }
    free(ss.from);
    free(ss.to);
  }
  return r == 1;
}

/* init + step*it, for a carried value whose step next - v is loop-invariant (it depends on
 * neither the counter nor a carried value); T_NONE otherwise. */
static tmpl symlinear(sym_ctx *c, const sym_loop *L, Z3_ast init, Z3_ast next, Z3_ast var) {
  if (!init || !next) return (tmpl){.kind = T_NONE};
  Z3_ast step = sym_simplify(c, sym_sub(c, next, var));
  Z3_ast moved = sym_subst(c, step, L->it, sym_add(c, L->it, sym_int(c, 1)));
  for (uint32_t j = 0; j < L->n_carried; j++) {
    Z3_ast fresh = sym_fresh(c, "x", Z3_get_sort(c->z, L->carried_var[j]));
    moved = sym_subst(c, moved, L->carried_var[j], fresh);
  }
  /* after the fresh constants, which number the later ones (Z3's time on queries near their
   * limit depends on that: tests/symbolic/padded-roll.bug's phase-agreement ran out when the
   * skipped query's constants were not made) */
  if (varies(c, L, step)) return (tmpl){.kind = T_NONE};
  if (sym_sat(c, sym_not(c, sym_eq(c, step, moved))) != Z3_L_FALSE) return (tmpl){.kind = T_NONE};
  return (tmpl){.kind = T_SYMLINEAR, .sym_init = init, .sym_step = step};
}

/* The samples as a table, for a loop whose trip count is a constant T <= SAMPLES: the values
 * of iterations 0 .. T - 1 and, when sampled (T < SAMPLES), the value after the loop (it = T),
 * which the last step must reach (sym_induct_loop). */
static tmpl table(sym_ctx *c, const sym_loop *L, const int64_t *s, bool have) {
  int64_t T;
  if (!have || !sym_numeral(c, L->trip, &T) || T < 1 || T > SAMPLES) return (tmpl){.kind = T_NONE};
  int m = T < SAMPLES ? (int)T + 1 : (int)T;
  tmpl t = {.kind = T_TABLE, .ntab = m};
  memcpy(t.tab, s, (size_t)m * sizeof *s);
  return t;
}

/* The template to try once t failed its base case or step: the symbolic linear form, then the
 * table; T_NONE when both were tried. */
static tmpl fallback(sym_ctx *c, const sym_loop *L, const tmpl *t, Z3_ast init, Z3_ast next,
                     Z3_ast var, const int64_t *s, bool have) {
  if (t->kind != T_SYMLINEAR && t->kind != T_TABLE) {
    tmpl u = symlinear(c, L, init, next, var);
    if (u.kind != T_NONE) return u;
  }
  if (t->kind != T_TABLE) return table(c, L, s, have);
  return (tmpl){.kind = T_NONE};
}

/* The template's value at iteration 0 is the init whenever the loop runs. */
static bool base_case(sym_ctx *c, const sym_loop *L, Z3_ast init, const tmpl *t, unsigned w) {
  Z3_ast zero = sym_int(c, 0), f0 = closed_form(c, t, zero, w);
  return f0 && sym_sat(c, sym_and2(c, sym_slt(c, zero, L->trip),
                                   sym_not(c, sym_eq(c, init, f0)))) == Z3_L_FALSE;
}

/* A havoc value after the loop (tainted: after_ok false): a fresh function of the trip count
 * and of the inits it depends on, or of the enclosing loops' counters (sym_havoc.c). */
static Z3_ast havoc_after(sym_ctx *c, const sym_loop *L, uint32_t k, Z3_ast const *init,
                          Z3_ast const *next) {
  return sym_havoc_carried(c, "?after", (int)(L - c->loops), k, L->trip, init, next);
}

/* The values after an scf.for (L->after). The induction proves the closed form f for the
 * iterations 0 <= it < T (base case for T > 0, steps with it + 1 < T); the value after the
 * loop is the last iteration's yield when T > 0 and the init when T = 0. So f(T) is that value
 * only once the last step (it + 1 = T: the yield of iteration T - 1 is f(T)) holds, and, where
 * T = 0 is possible, f(0) is the init (else the init is kept as ite(T = 0, init, f(T))). A
 * value whose last step does not hold (a counter the last iteration advances differently:
 * tests/symbolic/last-step.bug) is havoc after the loop, never f(T). */
static void after_loop(sym_ctx *c, sym_loop *L, const bool *cand, const tmpl *t,
                       Z3_ast const *init, Z3_ast const *next, const unsigned *w, uint32_t init_at) {
  uint32_t n = L->n_carried;
  Z3_ast zero = sym_int(c, 0), T = L->trip, it1 = sym_add(c, L->it, sym_int(c, 1));
  Z3_ast last = sym_and2(c, sym_sle(c, zero, L->it), sym_eq(c, it1, T));
  for (uint32_t k = 0; k < n; k++)
    if (cand[k]) last = sym_and2(c, last, sym_eq(c, L->carried_var[k], L->closed[k]));
  Z3_ast all = Z3_mk_true(c->z);
  for (uint32_t k = 0; k < n; k++)
    if (cand[k]) all = sym_and2(c, all, sym_eq(c, next[k], closed_form(c, &t[k], it1, w[k])));
  /* one query for every candidate, then one per candidate if that fails */
  bool every = sym_sat(c, sym_and2(c, last, sym_not(c, all))) == Z3_L_FALSE;
  Z3_ast empty = sym_eq(c, T, zero);
  for (uint32_t k = 0; k < n; k++) {
    L->after_ok[k] = false;
    if (!w[k]) continue;
    L->after[k] = havoc_after(c, L, k, init, next);
    if (!cand[k]) continue;
    Z3_ast goal = sym_eq(c, next[k], closed_form(c, &t[k], it1, w[k]));
    if (!every && sym_sat(c, sym_and2(c, last, sym_not(c, goal))) != Z3_L_FALSE) continue;
    /* at it = T, with the bases of the nests under this loop at their totals (sym_subst_counter) */
    Z3_ast fT = sym_subst_counter(c, (int)(L - c->loops), L->closed[k], T);
    if (sym_sat(c, sym_and2(c, empty, sym_not(c, sym_eq(c, init[k], closed_form(c, &t[k], zero,
                                                                               w[k]))))) !=
        Z3_L_FALSE) {
      if (sym_tainted(c, L->op->operands[init_at + k])) continue;
      fT = sym_ite(c, empty, init[k], fT);
    }
    L->after[k] = fT;
    L->after_ok[k] = true;
  }
}

static bool mentions(sym_ctx *c, Z3_ast t, Z3_ast x);

/* The condition of a next value "cond ? x : c_k" (or "cond ? c_k : x": *keep_when true then):
 * the value advances only where it holds, and is kept otherwise. NULL for another shape, or a
 * condition over the loop's carried values (a prefix predicate is over the counter and the
 * arguments only). */
static Z3_ast advance_cond(sym_ctx *c, const sym_loop *L, uint32_t k, Z3_ast next, bool *keep_when) {
  if (!next || Z3_get_ast_kind(c->z, next) != Z3_APP_AST) return NULL;
  Z3_app a = Z3_to_app(c->z, next);
  if (Z3_get_decl_kind(c->z, Z3_get_app_decl(c->z, a)) != Z3_OP_ITE) return NULL;
  Z3_ast cond = Z3_get_app_arg(c->z, a, 0);
  if (Z3_is_eq_ast(c->z, Z3_get_app_arg(c->z, a, 2), L->carried_var[k])) *keep_when = false;
  else if (Z3_is_eq_ast(c->z, Z3_get_app_arg(c->z, a, 1), L->carried_var[k])) *keep_when = true;
  else return NULL;
  for (uint32_t j = 0; j < L->n_carried; j++)
    if (mentions(c, cond, L->carried_var[j])) return NULL;
  return cond;
}

/* What the guarded induction claims of carried value k at iteration j (value v there):
 *   clamped  v = (q(j) ? g(j) : F)     F = (K = 0 ? init : g(K)), the value once q failed
 *   guarded  q(j) -> v = g(j)          (nothing where q fails) */
static Z3_ast guarded_claim(sym_ctx *c, int l, Z3_ast q, bool clamped, Z3_ast F, const tmpl *t,
                            Z3_ast v, Z3_ast j, unsigned w) {
  Z3_ast qj = sym_at(c, l, q, j), g = closed_form(c, t, j, w);
  if (clamped) return sym_eq(c, v, sym_ite(c, qj, g, F));
  return Z3_mk_implies(c->z, qj, sym_eq(c, v, g));
}

/* Carried values advanced under a prefix predicate (docs/symbolic.md §1, "Counters advanced
 * under a prefix predicate"): those the templates left havoc, when one of them advances only
 * where q holds ("q ? x : c") and q is a prefix predicate of the loop with count K
 * (sym_prefix.c). Templates g are fitted to the body run with q true in every iteration, and
 * proved by a simultaneous induction (the closed forms of sym_induct_loop as hypotheses,
 * and the instances at it and it + 1 of q(j) <-> j < K):
 *   clamped (a value kept where q fails, whose init is modelled): c = (q(it) ? g(it) : F),
 *     F = (K = 0 ? init : g(K)); exact in every iteration, and F is the value after the loop
 *     once the last step (it + 1 = T: next = F) holds (with no iteration K = 0: the init);
 *   guarded (another value, e.g. a phase flipped by the clamped slot): q(it) -> c = g(it);
 *     havoc where q fails, so its uses stay tainted (a wait predicated on q still gets its
 *     exact phase in every query, which asks under the wait's predicate).
 * The induction: base T > 0 -> claim(init, 0); step 0 <= it, it + 1 < T, the hypotheses at
 * it -> claim(next, it + 1). A clamped claim that fails is retried as a guarded one. */
static void induct_guarded(sym_ctx *c, int l, const ir_op *y, const bool *cand,
                           Z3_ast const *init, Z3_ast const *next, const unsigned *w,
                           uint32_t init_at) {
  sym_loop *L = &c->loops[l];
  uint32_t n = L->n_carried;
  Z3_ast cond = NULL;
  bool keep_when = false;
  for (uint32_t k = 0; k < n && !cond; k++)
    /* a condition over unmodelled values (loaded data) would hide them in a closed form */
    if (w[k] && !cand[k] && !sym_tainted(c, y->operands[k]))
      cond = advance_cond(c, L, k, next[k], &keep_when);
  if (!cond) return;
  Z3_ast q = keep_when ? sym_not(c, cond) : cond;
  Z3_ast K = sym_prefix_count(c, l, q);
  if (!K) return;
  sym_debug_what(c, "guarded induction of loop %d", l);
  /* samples of the body with q true in every iteration */
  Z3_ast adv = keep_when ? Z3_mk_false(c->z) : Z3_mk_true(c->z);
  Z3_ast *nq = ir_xcalloc(n, sizeof *nq), *F = ir_xcalloc(n, sizeof *F);
  for (uint32_t k = 0; k < n; k++)
    if (next[k]) nq[k] = Z3_substitute(c->z, next[k], 1, &cond, &adv);
  int64_t (*s)[SAMPLES] = ir_xcalloc(n, sizeof *s);
  bool *have = ir_xcalloc(n, sizeof *have), *g = ir_xcalloc(n, sizeof *g);
  bool *clamped = ir_xcalloc(n, sizeof *clamped);
  tmpl *t = ir_xcalloc(n, sizeof *t);
  Z3_ast zero = sym_int(c, 0), it1 = sym_add(c, L->it, sym_int(c, 1));
  Z3_ast runs = sym_slt(c, zero, L->trip);
  /* the run starts from the inits of arguments where q holds in iteration 0 (one model: the
   * sample arguments may give q false, where the inits can differ: a prologue's slot) */
  Z3_ast *start = ir_xcalloc(n, sizeof *start), *ex = ir_xcalloc(n, sizeof *ex);
  int64_t *args = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *args), *val = ir_xcalloc(n, sizeof *val);
  int64_t trip, iter;
  unsigned m = 0;
  for (uint32_t k = 0; k < n; k++)
    if (w[k] && init[k]) ex[m++] = init[k];
  c->cex_iter_only = true; /* one model: only the inits are read */
  Z3_lbool r = sym_cex(c, sym_and2(c, runs, sym_at(c, l, q, zero)), NULL, NULL, ex, m, args, &trip,
                       &iter, val);
  c->cex_iter_only = false;
  m = 0;
  for (uint32_t k = 0; k < n; k++)
    if (w[k] && init[k]) {
      start[k] = r == Z3_L_TRUE ? sym_bv(c, val[m], w[k]) : init[k];
      m++;
    }
  sample_run(c, l, start, nq, w, s, have, 1, NULL);
  for (uint32_t k = 0; k < n; k++) {
    if (!w[k] || cand[k] || !next[k] || !have[k]) continue;
    t[k] = fit(s[k], SAMPLES);
    if (t[k].kind == T_NONE) { /* a first value apart */
      t[k] = fit(s[k] + 1, SAMPLES - 1);
      t[k].first = t[k].kind != T_NONE;
      t[k].a0 = s[k][0];
    }
    if (t[k].kind == T_NONE) continue;
    bool kw;
    Z3_ast ck = advance_cond(c, L, k, next[k], &kw);
    clamped[k] = ck && Z3_is_eq_ast(c->z, ck, cond) && kw == keep_when &&
                 !sym_tainted(c, L->op->operands[init_at + k]) && !sym_tainted(c, y->operands[k]);
    F[k] = sym_ite(c, sym_eq(c, K, zero), init[k], closed_form(c, &t[k], K, w[k]));
    for (g[k] = true; g[k]; clamped[k] = false) { /* base case, clamped first */
      Z3_ast base = guarded_claim(c, l, q, clamped[k], F[k], &t[k], init[k], zero, w[k]);
      if (sym_sat(c, sym_and2(c, runs, sym_not(c, base))) == Z3_L_FALSE) break;
      if (!clamped[k]) g[k] = false;
    }
  }
  /* hypotheses shared by the step and the last step: the closed forms of the plain induction
   * and q's lemma at it */
  Z3_ast known = sym_and2(c, sym_and2(c, sym_sle(c, zero, L->it), sym_slt(c, L->it, L->trip)),
                          sym_prefix_lemma(c, l, q, K, L->it));
  for (uint32_t k = 0; k < n; k++)
    if (cand[k]) known = sym_and2(c, known, sym_eq(c, L->carried_var[k], L->closed[k]));
  Z3_ast hyp = NULL;
  for (bool changed = true; changed;) {
    changed = false;
    hyp = known;
    for (uint32_t k = 0; k < n; k++)
      if (g[k])
        hyp = sym_and2(c, hyp, guarded_claim(c, l, q, clamped[k], F[k], &t[k], L->carried_var[k],
                                             L->it, w[k]));
    Z3_ast step = sym_and2(c, sym_and2(c, hyp, sym_slt(c, it1, L->trip)),
                           sym_prefix_lemma(c, l, q, K, it1));
    for (uint32_t k = 0; k < n && !changed; k++) {
      if (!g[k]) continue;
      Z3_ast goal = guarded_claim(c, l, q, clamped[k], F[k], &t[k], next[k], it1, w[k]);
      if (sym_sat(c, sym_and2(c, step, sym_not(c, goal))) != Z3_L_FALSE) {
        if (clamped[k]) clamped[k] = false; /* its base case holds for the guarded claim too */
        else g[k] = false;
        changed = true;
      }
    }
  }
  for (uint32_t k = 0; k < n; k++) {
    if (!g[k]) continue;
    c->n_invariants++;
    Z3_ast gk = closed_form(c, &t[k], L->it, w[k]);
    if (!clamped[k]) {
      Z3_ast h = sym_havoc_carried(c, "?carried", l, k, L->it, init, next);
      L->final[k] = sym_ite(c, q, gk, h); /* closed stays NULL */
      L->closed_form[k] = "q(i) -> template, q a prefix predicate (havoc once q fails)";
      continue;
    }
    L->closed[k] = L->final[k] = sym_ite(c, q, gk, F[k]);
    L->closed_form[k] = "q(i) ? template : value when q failed, q a prefix predicate";
    /* the last step: the yield of iteration T - 1 is F (with no iteration K = 0: F = init) */
    Z3_ast last = sym_and2(c, hyp, sym_eq(c, it1, L->trip));
    if (L->op->code == IR_OP_SCF_FOR &&
        sym_sat(c, sym_and2(c, last, sym_not(c, sym_eq(c, next[k], F[k])))) == Z3_L_FALSE) {
      L->after[k] = F[k];
      L->after_ok[k] = true;
    }
  }
  free(nq);
  free(F);
  free(start);
  free(ex);
  free(args);
  free(val);
  free(s);
  free(have);
  free(g);
  free(clamped);
  free(t);
}

static Z3_ast closed_form_u(sym_ctx *c, const tmpl *t, Z3_ast q, Z3_ast r, unsigned w);

/* The Euclidean quotient and remainder of the loop counter by each period of the step's
 * periodic templates: it = p * q + r, 0 <= r < p, 0 <= q, without wrap-around (a definition:
 * for every it >= 0 exactly one pair satisfies it), shared by the templates of one period. */
typedef struct qr_pairs {
  int64_t p[8];
  Z3_ast q[8], r[8];
  int n;
  Z3_ast def; /* the pairs' definitions, a hypothesis of the step */
} qr_pairs;

/* Template t at it (at it + 1 when next) in the step of sym_induct_loop, through the pair of
 * its period (no division of the counter: a step over a division by 3 of a 40-bit counter ran
 * out of Z3's limit on tk_p_matmul_90's phase, whose template starts after a first value);
 * closed_form for another template, or when the pairs are full. Asked only when the step
 * with closed_form gave no answer (the fresh pairs renumber later fresh constants, and
 * Z3's time on a query near its limit depends on that: padded-nest.bug's lag query ran out). */
static Z3_ast step_form(sym_ctx *c, const tmpl *t, Z3_ast it, bool next, qr_pairs *qp,
                        unsigned w) {
  bool periodic = t->kind == T_MOD || t->kind == T_PARITY || t->kind == T_STEP;
  int k = 0;
  while (periodic && k < qp->n && qp->p[k] != t->p) k++;
  if (periodic && k == qp->n && qp->n < 8) {
    Z3_ast p = sym_int(c, t->p), q = sym_fresh(c, "q", c->wide), r = sym_fresh(c, "r", c->wide);
    qp->p[k] = t->p, qp->q[k] = q, qp->r[k] = r, qp->n++;
    /* no wrap-around: without it, p * q + r = it mod 2^40 has a solution for every r when p
     * is odd */
    Z3_ast pq = sym_mul(c, p, q);
    Z3_ast nowrap = sym_and2(c, Z3_mk_bvmul_no_overflow(c->z, p, q, true),
                             Z3_mk_bvadd_no_overflow(c->z, pq, r, true));
    qp->def = sym_and2(c, qp->def, sym_and2(c, sym_eq(c, it, sym_add(c, pq, r)),
                                            sym_and2(c, sym_and2(c, sym_sle(c, sym_int(c, 0), r),
                                                                 sym_slt(c, r, p)),
                                                     sym_and2(c, sym_sle(c, sym_int(c, 0), q),
                                                              nowrap))));
  }
  if (!periodic || k == qp->n) return closed_form(c, t, next ? sym_add(c, it, sym_int(c, 1)) : it, w);
  Z3_ast q = qp->q[k], r = qp->r[k], one = sym_int(c, 1), last = sym_int(c, t->p - 1);
  tmpl g = *t;
  g.first = false;
  if (next && t->first) return closed_form_u(c, &g, q, r, w); /* g(it + 1 - 1) */
  if (next) { /* it + 1 */
    Z3_ast wrap = sym_eq(c, r, last);
    return closed_form_u(c, &g, sym_ite(c, wrap, sym_add(c, q, one), q),
                         sym_ite(c, wrap, sym_int(c, 0), sym_add(c, r, one)), w);
  }
  if (!t->first) return closed_form_u(c, &g, q, r, w);
  /* i = 0 ? a0 : g(it - 1) */
  Z3_ast under = sym_eq(c, r, sym_int(c, 0));
  Z3_ast gm = closed_form_u(c, &g, sym_ite(c, under, sym_sub(c, q, one), q),
                            sym_ite(c, under, last, sym_sub(c, r, one)), w);
  return sym_ite(c, sym_eq(c, it, sym_int(c, 0)), sym_bv(c, t->a0, w), gm);
}

void sym_induct_loop(sym_ctx *c, int l) {
  sym_debug_what(c, "induction of loop %d", l);
  sym_loop *L = &c->loops[l];
  uint32_t n = L->n_carried;
  const ir_op *f = L->op;
  /* scf.for: inits are operands 3.., the body's yield the next values; scf.while: inits are
   * its operands, the after region's yield the next values */
  bool wl = f->code == IR_OP_SCF_WHILE;
  const ir_region *yr = wl ? f->regions[1] : f->regions[0];
  const ir_block *yb = yr->n_blocks ? yr->blocks[0] : NULL;
  const ir_op *y = yb && yb->last && yb->last->code == IR_OP_SCF_YIELD ? yb->last : NULL;
  uint32_t n_init = wl ? f->n_operands : 0, init_at = wl ? 0 : f->n_operands ? f->seg_start[IR_SEG_SCF_FOR_INITS] : 0;
  if (!wl) ir_seg(f, IR_SEG_SCF_FOR_INITS, &n_init);
  if (!n || !y || y->n_operands != n || n_init != n) {
    for (uint32_t k = 0; k < n; k++) L->final[k] = NULL;
    L->induct_done = true;
    for (uint32_t k = 0; k < n; k++) /* unmodelled: fresh per iteration */
      if (sym_carried_width(f, k)) {
        L->final[k] = sym_havoc_carried(c, "?carried", l, k, L->it, NULL, NULL);
        L->after[k] = havoc_after(c, L, k, NULL, NULL);
      }
    return;
  }
  Z3_ast *init = ir_xcalloc(n, sizeof *init), *next = ir_xcalloc(n, sizeof *next);
  unsigned *w = ir_xcalloc(n, sizeof *w);
  tmpl *t = ir_xcalloc(n, sizeof *t);
  for (uint32_t k = 0; k < n; k++) {
    w[k] = (unsigned)sym_carried_width(f, k);
    if (!w[k]) continue;
    init[k] = sym_eval(c, f->operands[init_at + k]);
    next[k] = sym_eval(c, y->operands[k]);
  }
  /* concrete run of the body to guess templates */
  int64_t (*s)[SAMPLES] = ir_xcalloc(n, sizeof *s), (*s2)[SAMPLES] = ir_xcalloc(n, sizeof *s2);
  bool *have = ir_xcalloc(n, sizeof *have), *have2 = ir_xcalloc(n, sizeof *have2);
  int64_t T2 = -1;
  sample_run(c, l, init, next, w, s, have, 1, NULL);
  sample_run(c, l, init, next, w, s2, have2, 3, &T2);
  for (uint32_t k = 0; k < n; k++) {
    if (!w[k] || !next[k]) continue;
    if (have[k]) t[k] = fit(s[k], SAMPLES);
    if (have[k] && t[k].kind == T_NONE) { /* a first value apart (pipeline prologue) */
      t[k] = fit(s[k] + 1, SAMPLES - 1);
      t[k].first = t[k].kind != T_NONE;
      t[k].a0 = s[k][0];
    }
    if (t[k].kind != T_NONE && refuted(&t[k], s2[k], have2[k], T2)) t[k] = (tmpl){.kind = T_NONE};
    if (t[k].kind == T_NONE && init[k]) {
      sym_debug_what(c, "induction of loop %d: carried %u's step invariant", l, k);
      t[k] = symlinear(c, L, init[k], next[k], L->carried_var[k]);
    }
  }
  /* Houdini: drop candidates until base case and inductive step both hold for the rest */
  bool *cand = ir_xcalloc(n, sizeof *cand);
  for (uint32_t k = 0; k < n; k++) cand[k] = t[k].kind != T_NONE;
  Z3_ast zero = sym_int(c, 0), it1 = sym_add(c, L->it, sym_int(c, 1));
  for (uint32_t k = 0; k < n; k++) { /* base case: it = 0 */
    if (t[k].kind == T_NONE && w[k]) t[k] = table(c, L, s[k], have[k]);
    cand[k] = t[k].kind != T_NONE;
    /* the samples' argument values may have given a template that holds only for them (a
     * symbolic init that is 0 there): the fallbacks are the candidates then */
    sym_debug_what(c, "induction of loop %d: carried %u's base case", l, k);
    while (cand[k] && !base_case(c, L, init[k], &t[k], w[k])) {
      t[k] = fallback(c, L, &t[k], init[k], next[k], L->carried_var[k], s[k], have[k]);
      cand[k] = t[k].kind != T_NONE;
    }
  }
  sym_debug_what(c, "induction of loop %d", l);
  for (bool changed = true; changed;) {
    changed = false;
    /* it < T too: without it, it + 1 < T holds for the counter's largest value, where it + 1
     * wraps around */
    Z3_ast hyp = sym_and2(c, sym_and2(c, sym_sle(c, zero, L->it), sym_slt(c, L->it, L->trip)),
                          sym_slt(c, it1, L->trip));
    Z3_ast hyp0 = hyp, hqr = NULL; /* hqr: the hypotheses through quotient pairs, on demand */
    /* not for a loop of a nest: the pairs' fresh constants renumber later ones, and its
     * queries near their limit (t07_persistent_90's back-pressure) ran out then */
    bool nest = L->parent >= 0;
    for (uint32_t o = 0; o < c->n_loops && !nest; o++) nest = c->loops[o].parent == l;
    qr_pairs qp = {.n = 0, .def = Z3_mk_true(c->z)};
    for (uint32_t k = 0; k < n; k++)
      if (cand[k])
        hyp = sym_and2(c, hyp, sym_eq(c, L->carried_var[k], closed_form(c, &t[k], L->it, w[k])));
    for (uint32_t k = 0; k < n && !changed; k++) {
      if (!cand[k]) continue;
      Z3_ast goal = sym_eq(c, next[k], closed_form(c, &t[k], it1, w[k]));
      Z3_lbool st = sym_sat(c, sym_and2(c, hyp, sym_not(c, goal)));
      if (st == Z3_L_UNDEF && !nest) { /* the same step without dividing the counter */
        if (!hqr) {
          hqr = hyp0;
          for (uint32_t j = 0; j < n; j++)
            if (cand[j])
              hqr = sym_and2(c, hqr, sym_eq(c, L->carried_var[j],
                                            step_form(c, &t[j], L->it, false, &qp, w[j])));
          for (uint32_t j = 0; j < n; j++) /* the goals' pairs too, before the definitions */
            if (cand[j]) (void)step_form(c, &t[j], L->it, true, &qp, w[j]);
          hqr = sym_and2(c, hqr, qp.def);
        }
        Z3_ast gqr = sym_eq(c, next[k], step_form(c, &t[k], L->it, true, &qp, w[k]));
        st = sym_sat(c, sym_and2(c, hqr, sym_not(c, gqr)));
      }
      if (st != Z3_L_FALSE) {
        if (sym_debug_on())
          fprintf(stderr, "sym: loop %d carried %u: step of %s not proved (%s)\n", l, k,
                  describe(&t[k]), st == Z3_L_TRUE ? "sat" : "undef");
        /* a template the samples suggested with a symbolic step (a persistent loop's counter
         * advancing by the inner trip count + 1), or a table: the next candidate */
        do {
          t[k] = fallback(c, L, &t[k], init[k], next[k], L->carried_var[k], s[k], have[k]);
        } while (t[k].kind != T_NONE && !base_case(c, L, init[k], &t[k], w[k]));
        cand[k] = t[k].kind != T_NONE;
        changed = true;
      }
    }
  }
  for (uint32_t k = 0; k < n; k++) {
    if (!w[k]) continue;
    if (cand[k]) {
      L->closed[k] = closed_form(c, &t[k], L->it, w[k]);
      L->final[k] = L->closed[k];
      L->closed_form[k] = describe(&t[k]);
      c->n_invariants++;
    } else {
      L->final[k] = sym_havoc_carried(c, "?carried", l, k, L->it, init, next);
    }
  }
  if (!wl) after_loop(c, L, cand, t, init, next, w, init_at);
  induct_guarded(c, l, y, cand, init, next, w, init_at);
  L->induct_done = true;
  free(s);
  free(s2);
  free(have);
  free(have2);
  free(cand);
  free(init);
  free(next);
  free(w);
  free(t);
}

/* ------------------------------------------------------------------ counters across a nest */

/* A periodic template (MOD, PARITY, STEP with period p, shift c) at u, given the quotient q and
 * remainder r of u + c by p (u + c = p * q + r, 0 <= r < p): the same value without a
 * division, which Z3 decides far more easily over a free u. NULL for other templates. */
static Z3_ast closed_form_qr(sym_ctx *c, const tmpl *t, Z3_ast q, Z3_ast r, unsigned w) {
  Z3_ast v;
  switch (t->first ? T_NONE : t->kind) {
  case T_MOD: v = r; break;
  case T_PARITY: v = Z3_mk_bvxor(c->z, sym_int(c, t->b), Z3_mk_bvand(c->z, q, sym_int(c, 1))); break;
  case T_STEP: v = sym_add(c, sym_int(c, t->a), q); break;
  default: return NULL;
  }
  return sym_resize(c, v, w, true);
}

/* Template t at u, from the Euclidean quotient q and remainder r of u itself by t->p: u + c
 * (0 <= c < p) has quotient q + 1 and remainder r + c - p when r + c >= p, else q and r + c. */
static Z3_ast closed_form_u(sym_ctx *c, const tmpl *t, Z3_ast q, Z3_ast r, unsigned w) {
  Z3_ast over = sym_sle(c, sym_int(c, t->p), sym_add(c, r, sym_int(c, t->c)));
  Z3_ast qc = sym_ite(c, over, sym_add(c, q, sym_int(c, 1)), q);
  Z3_ast rc = sym_ite(c, over, sym_add(c, r, sym_int(c, t->c - t->p)), sym_add(c, r, sym_int(c, t->c)));
  return closed_form_qr(c, t, qc, rc, w);
}

/* Template t at u (u = p * q + r for a periodic one: closed_form_u; a linear one a + d * u). */
static Z3_ast nest_form(sym_ctx *c, const tmpl *t, Z3_ast u, Z3_ast q, Z3_ast r, unsigned w) {
  if (t->kind == T_LINEAR) return closed_form(c, t, u, w);
  return closed_form_u(c, t, q, r, w);
}

/* Index j of the carried value whose block argument in loop op f is v; -1 when v is none. */
static int carried_index(const ir_op *f, const ir_value *v) {
  for (uint32_t j = 0;; j++) {
    const ir_value *a = sym_carried_arg(f, j);
    if (!a) return -1;
    if (a == v) return (int)j;
  }
}

/* Does term t mention x? */
static bool mentions(sym_ctx *c, Z3_ast t, Z3_ast x) {
  Z3_ast moved = sym_subst(c, t, x, sym_fresh(c, "m", Z3_get_sort(c->z, x)));
  return !Z3_is_eq_ast(c->z, sym_simplify(c, moved), sym_simplify(c, t));
}

/* A counter carried across a two-level nest (docs/symbolic.md §1, "Counters carried across a
 * nest"): the inner loop I (directly in the top-level loop O's body, trip count T2 independent
 * of O: sym_nestable) starts carried value k at O's carried value j, and O's next value j is
 * I's result k (a ring counter the K loop advances and the tile loop hands on: "outer counter
 * += inner trip count"). A periodic one stays havoc when each loop is inducted alone; a linear
 * one gets a symbolic step (x0 + T2 * t) whose products Z3 bit-blasts. With a template g
 * fitted to the samples (I's body run from O's init), this proves for a fresh B (standing for
 * t * T2):
 *   base   0 < T1  ->  init_O[j] = g(0)
 *   step   0 <= kk < T2, 0 <= B, B + T2 < 2^38, I's candidates at kk (g_k'(B + kk)) and its
 *          other closed forms  ->  next_I[k] = g(B + kk + 1)
 * The outer step holds by construction (I's result is its value after T2 iterations, or its
 * init when T2 = 0, both g(B + T2)); so O's value is g(t * T2) and I's g(t * T2 + kk) (the
 * step covers the last iteration, so I's result g(t * T2 + T2) is proved too). T1 * T2 < 2^38
 * (the flattened nest's assumption, §4) becomes an assumption on the arguments. */
void sym_induct_nest(sym_ctx *c, int l) {
  sym_loop *I = &c->loops[l];
  int o = I->parent;
  if (!I->n_carried || !sym_nestable(c, l)) return;
  sym_loop *O = &c->loops[o];
  if (!O->n_carried) return;
  const ir_op *yO = sym_body_yield(O->op), *yI = sym_body_yield(I->op);
  uint32_t n = I->n_carried, nI = 0, nO = 0, atI = I->op->seg_start[IR_SEG_SCF_FOR_INITS], atO = O->op->seg_start[IR_SEG_SCF_FOR_INITS];
  ir_seg(I->op, IR_SEG_SCF_FOR_INITS, &nI);
  ir_seg(O->op, IR_SEG_SCF_FOR_INITS, &nO);
  if (!yO || !yI || nI != n || yI->n_operands != n || nO != O->n_carried ||
      yO->n_operands != O->n_carried || I->op->n_results != n)
    return;
  /* T2 must not depend on the outer loop's carried values either */
  for (uint32_t j = 0; j < O->n_carried; j++)
    if (mentions(c, I->trip, O->carried_var[j])) return;
  int *pair = ir_xcalloc(n, sizeof *pair);
  unsigned *w = ir_xcalloc(n, sizeof *w);
  bool any = false;
  for (uint32_t k = 0; k < n; k++) {
    pair[k] = -1;
    w[k] = (unsigned)sym_carried_width(I->op, k);
    if (!w[k]) continue;
    int j = carried_index(O->op, I->op->operands[atI + k]);
    if (j < 0 || yO->operands[j] != I->op->results[k]) continue;
    /* a closed form of the loops' own (a symbolic step) is replaced when g is proved */
    pair[k] = j;
    any = true;
  }
  if (!any) {
    free(pair);
    free(w);
    return;
  }
  sym_debug_what(c, "nest induction of loop %d in loop %d", l, o);
  /* I's next values over its carried variables (as before its own induction) */
  Z3_ast *next = ir_xcalloc(n, sizeof *next), *init = ir_xcalloc(n, sizeof *init);
  I->induct_done = false;
  sym_forget(c);
  for (uint32_t k = 0; k < n; k++)
    if (pair[k] >= 0) {
      next[k] = sym_eval(c, yI->operands[k]);
      init[k] = sym_eval(c, O->op->operands[atO + (uint32_t)pair[k]]);
      if (!next[k] || !init[k]) pair[k] = -1;
    }
  I->induct_done = true;
  sym_forget(c);
  /* samples: I's body run from O's init (other loops at their sample values) */
  sample_subst ss = {0};
  sample_values(c, l, &ss, 1);
  int64_t (*s)[SAMPLES] = ir_xcalloc(n, sizeof *s);
  bool *cand = ir_xcalloc(n, sizeof *cand);
  tmpl *t = ir_xcalloc(n, sizeof *t);
  for (uint32_t k = 0; k < n; k++) cand[k] = pair[k] >= 0 && concrete(c, init[k], &ss, &s[k][0]);
  unsigned base = ss.n;
  for (int i = 1; i < SAMPLES; i++) {
    ss.n = base;
    ss_add(&ss, I->it, sym_int(c, i - 1));
    for (uint32_t k = 0; k < n; k++) {
      if (!w[k]) continue;
      int64_t v = 0;
      if (cand[k]) v = s[k][i - 1];
      else if (I->closed[k]) {
        Z3_ast ck = sym_subst(c, I->closed[k], I->it, sym_int(c, i - 1));
        if (!concrete(c, ck, &ss, &v)) v = 0;
      }
      ss_add(&ss, I->carried_var[k], Z3_mk_int64(c->z, v, Z3_get_sort(c->z, I->carried_var[k])));
    }
    for (uint32_t k = 0; k < n; k++)
      if (cand[k] && !concrete(c, next[k], &ss, &s[k][i])) cand[k] = false;
  }
  for (uint32_t k = 0; k < n; k++)
    if (cand[k]) {
      t[k] = fit(s[k], SAMPLES);
      cand[k] = !t[k].first && (t[k].kind == T_MOD || t[k].kind == T_PARITY ||
                                t[k].kind == T_STEP || t[k].kind == T_LINEAR);
    }
  Z3_ast zero = sym_int(c, 0), lim = sym_int(c, (int64_t)1 << (SYM_WIDE - 2));
  Z3_ast B = sym_fresh(c, "B", c->wide), kk = I->it, T2 = I->trip;
  Z3_ast at = sym_add(c, B, kk);
  /* per candidate: u = p * q + r at u = B + kk (one pair per period p: candidates of one
   * period share it, so Z3 needs no uniqueness of division), and q', r' at u + 1 */
  Z3_ast *q = ir_xcalloc(n, sizeof *q), *r = ir_xcalloc(n, sizeof *r);
  Z3_ast *q1 = ir_xcalloc(n, sizeof *q1), *r1 = ir_xcalloc(n, sizeof *r1);
  Z3_ast qrdef = Z3_mk_true(c->z);
  for (uint32_t k = 0; k < n; k++) {
    if (!cand[k] || t[k].kind == T_LINEAR) continue;
    for (uint32_t k2 = 0; k2 < k && !q[k]; k2++)
      if (q[k2] && t[k2].p == t[k].p) {
        q[k] = q[k2];
        r[k] = r[k2];
      }
    if (!q[k]) {
      q[k] = sym_fresh(c, "q", c->wide);
      r[k] = sym_fresh(c, "r", c->wide);
      Z3_ast p = sym_int(c, t[k].p);
      qrdef = sym_and2(c, qrdef, sym_and2(c, sym_eq(c, at, sym_add(c, sym_mul(c, p, q[k]), r[k])),
                                          sym_and2(c, sym_sle(c, sym_int(c, 0), r[k]),
                                                   sym_slt(c, r[k], p))));
    }
    Z3_ast wrap = sym_eq(c, r[k], sym_int(c, t[k].p - 1));
    q1[k] = sym_ite(c, wrap, sym_add(c, q[k], sym_int(c, 1)), q[k]);
    r1[k] = sym_ite(c, wrap, sym_int(c, 0), sym_add(c, r[k], sym_int(c, 1)));
  }
  for (uint32_t k = 0; k < n; k++) /* base case */
    if (cand[k] && sym_sat(c, sym_and2(c, sym_slt(c, zero, O->trip),
                                       sym_not(c, sym_eq(c, init[k],
                                                         closed_form(c, &t[k], zero, w[k]))))) !=
                       Z3_L_FALSE)
      cand[k] = false;
  for (bool changed = true; changed;) {
    changed = false;
    Z3_ast hyp = sym_and2(c, sym_and2(c, sym_sle(c, zero, kk), sym_slt(c, kk, T2)),
                          sym_and2(c, sym_sle(c, zero, B), sym_slt(c, sym_add(c, B, T2), lim)));
    hyp = sym_and2(c, hyp, sym_and2(c, sym_slt(c, T2, lim), sym_slt(c, B, lim))); /* no wrap */
    hyp = sym_and2(c, hyp, qrdef);
    for (uint32_t k = 0; k < n; k++) {
      if (cand[k])
        hyp = sym_and2(c, hyp, sym_eq(c, I->carried_var[k], nest_form(c, &t[k], at, q[k], r[k], w[k])));
      else if (I->closed[k] && pair[k] < 0)
        hyp = sym_and2(c, hyp, sym_eq(c, I->carried_var[k], I->closed[k]));
    }
    for (uint32_t k = 0; k < n && !changed; k++) {
      if (!cand[k]) continue;
      Z3_ast goal = sym_eq(c, next[k], nest_form(c, &t[k], sym_add(c, at, sym_int(c, 1)), q1[k],
                                                  r1[k], w[k]));
      if (sym_sat(c, sym_and2(c, hyp, sym_not(c, goal))) != Z3_L_FALSE) {
        cand[k] = false;
        changed = true;
      }
    }
  }
  Z3_ast tb = NULL, tf = NULL;
  for (uint32_t k = 0; k < n; k++) {
    if (!cand[k]) continue;
    uint32_t j = (uint32_t)pair[k];
    if (!tb) sym_nest_vars(c, l, &tb, &tf);
    if (!O->closed[j]) c->n_invariants++;
    if (!I->closed[k]) c->n_invariants++;
    O->closed[j] = O->final[j] = closed_form(c, &t[k], tb, w[k]);
    O->closed_form[j] = "g(t * T2), g a template of the nested loop's counter";
    I->closed[k] = I->final[k] = closed_form(c, &t[k], sym_add(c, tb, I->it), w[k]);
    I->closed_form[k] = "g(t * T2 + i), carried across the nest";
    /* the value after the inner loop: g(TB + T2). The steps above hold for every k < T2, the
     * last one included, and with no trip the result is the init, O's carried g(TB) (pair:
     * I's init is that carried value), so it holds for T2 = 0 too (sym_induct.c after_loop) */
    I->after[k] = sym_subst(c, I->closed[k], I->it, I->trip);
    I->after_ok[k] = true;
  }
  free(q);
  free(r);
  free(q1);
  free(r1);
  free(ss.from);
  free(ss.to);
  free(s);
  free(cand);
  free(t);
  free(next);
  free(init);
  free(pair);
  free(w);
}

/* Terms of events in a flattened loop F (counter itF, its range linking itF = TB + k, TB
 * standing for t * T2) are built over t and k; a closed form carried across the nest
 * (sym_induct_nest) holds the link's right-hand side TB + k as a subterm. Replacing it by itF
 * (equal wherever the event fires: its conditions are all asked under F's range) gives terms
 * over one counter, as in a single loop. */
void sym_flat_rewrite(sym_ctx *c) {
  for (uint32_t i = 0; i < c->n_evs; i++) {
    sym_event *e = &c->evs[i];
    if (e->loop < 0 || c->loops[e->loop].flat_outer < 0) continue;
    const sym_loop *F = &c->loops[e->loop];
    const sym_loop *I = &c->loops[F->flat_inner];
    if (!I->nest_base) continue;
    Z3_ast from = sym_add(c, I->nest_base, I->it), to = F->it;
    Z3_ast *terms[4] = {&e->idx, &e->phase, &e->pred, &e->buf_idx};
    for (int k = 0; k < 4; k++)
      if (*terms[k]) *terms[k] = Z3_substitute(c->z, *terms[k], 1, &from, &to);
  }
}

/* ------------------------------------------------------------------ for sym_fused.c */

Z3_ast sym_fit_form(sym_ctx *c, const int64_t *s, int n, Z3_ast u, unsigned w, const char **name) {
  tmpl t = fit(s, n);
  if (t.first || (t.kind != T_LINEAR && t.kind != T_MOD && t.kind != T_PARITY && t.kind != T_STEP))
    return NULL;
  *name = describe(&t);
  return closed_form(c, &t, u, w);
}

bool sym_sample_concrete(sym_ctx *c, int l, Z3_ast t, unsigned n, const Z3_ast *from,
                         const Z3_ast *to, int64_t *out) {
  sample_subst ss = {0};
  for (unsigned k = 0; k < n; k++) ss_add(&ss, from[k], to[k]); /* first: they win */
  sample_values(c, l, &ss, 1);
  bool ok = concrete(c, t, &ss, out);
  free(ss.from);
  free(ss.to);
  return ok;
}
