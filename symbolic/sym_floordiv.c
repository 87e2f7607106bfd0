/* sym_floordiv.c: divisions by constants out of a query, through one floor pair per atom
 * (docs/symbolic.md §2, "Divisions by constants").
 *
 * The closed forms of a ring's slot and phase divide the loop counter by the ring depth: the
 * phase of a wait is b ^ ((it - 1 + c) div N & 1), its round is (it - it mod N) div N, the slot
 * of the previous use is (it - 1) mod N. Z3 bit-blasts each 40-bit signed division into a
 * divider circuit; the SAT solver then has to relate the dividers of it, it - 1 and
 * it - it mod N, which is multiplicative reasoning modulo 2^40 (3 is invertible there: only the
 * no-overflow facts rule out the wrapped solutions). A query doing that ran out of Z3's limit
 * on a persistent kernel's phase (tk_p_matmul_90_f16_batched_p). sym_div_elim (one truncating
 * pair per dividend) removes the dividers but keeps one pair per dividend, so the relation
 * between the pairs of it and it - 1 is still that hard modular fact.
 *
 * Here every division of a term x by a numeral p (bvsdiv, bvsrem, bvsmod; bvudiv, bvurem from
 * the same pair, unsigned_of) is computed from a
 * floor decomposition D(x) = (Q, R, G): G -> [x] = p * [Q] + [R], 0 <= [R] < p, with [.] the
 * signed value. D is structural, on the term as built:
 *   numeral n            (floor(n / p), n mod p, true)
 *   a1 + ... + ak        (sum Qi + carry, sum Ri - p * carry, all Gi and no overflow of the
 *                         integer sum), carry = #{j in 1..k-1 : sum Ri >= j * p}
 *   n * a, n = 0 mod p   ((n / p) * a, 0, no overflow of n * a)
 *   n * a, |n| < 16      from D(a), the carry of n * R as for a sum; a negative n negates
 *   -a, a - b            through the above (no overflow of the negation)
 *   x mod p, x rem p     (0 or -1, R of x, G of x): mod is R, rem is R - p when x < 0, R > 0
 *   ite(b, a1, a2)       component-wise ite
 *   sign_ext(a)          D(a), Q sign-extended, R zero-extended
 *   any other term a     an atom: fresh q, r with (a >= MIN + p) -> a = p * q + r, 0 <= r < p,
 *                        p * q and p * q + r without signed overflow (G is a >= MIN + p)
 * so it, it - 1 and it - it mod N share the one pair of it: their quotients differ by a carry
 * on r, which the SAT solver decides on two bits. Then x div p = Q + (x < 0 and R != 0),
 * x mod p = R, x rem p = R - (x < 0 and R != 0 ? p : 0) under G; where G fails (a wrapped sum,
 * an atom within p of the minimum) the division is the exact truncating pair of sym_div_elim
 * (x = p * q' + r', no overflow, the remainder's sign the dividend's). Each pair is a total
 * function of its atom (the atom's definition holds for every value of it), so the rewrite is
 * equisatisfiable with the query and its models are the query's on the original constants.
 *
 * The pairs' constants are named after their atom's term id and the divisor (fdq!ID!P), not
 * drawn from Z3's fresh counter: a rewrite does not renumber the fresh constants made after it,
 * and one atom has one pair in every query (a term lives until the context is deleted, so ids
 * are not reused). */
#include <stdio.h>
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

#define FD_MAX_P ((int64_t)1 << 20) /* larger divisors are left to Z3 */
#define FD_MAX_ADD 64               /* addends of one sum that get a carry chain */
#define FD_SMALL_MUL 16             /* |n| below this: n * a through a's pair */

typedef struct fdec { Z3_ast q, r, g; } fdec; /* NULL q: none (the term is an atom) */

typedef struct fmemo { unsigned id; int64_t p; Z3_ast to; fdec d; } fmemo;

typedef struct floordiv {
  Z3_context z;
  fmemo *m; /* open addressing on (id, p); p == 0: rewrite results; id 0 empty (ids + 1) */
  size_t n, cap;
  Z3_ast defs; /* the pairs' definitions */
} floordiv;

static size_t slot_of(const floordiv *f, unsigned id, int64_t p) {
  size_t h = ((id * 2654435761u) ^ (size_t)(p * 40503)) & (f->cap - 1);
  while (f->m[h].id && !(f->m[h].id == id && f->m[h].p == p)) h = (h + 1) & (f->cap - 1);
  return h;
}

static fmemo *memo(floordiv *f, Z3_ast t, int64_t p, bool create) {
  unsigned id = Z3_get_ast_id(f->z, t) + 1;
  size_t h = slot_of(f, id, p);
  if (f->m[h].id || !create) return f->m[h].id ? &f->m[h] : NULL;
  if (2 * (f->n + 1) > f->cap) {
    fmemo *old = f->m;
    size_t ocap = f->cap;
    f->cap *= 2;
    f->m = ir_xcalloc(f->cap, sizeof *f->m);
    for (size_t i = 0; i < ocap; i++)
      if (old[i].id) f->m[slot_of(f, old[i].id, old[i].p)] = old[i];
    free(old);
    h = slot_of(f, id, p);
  }
  f->n++;
  f->m[h] = (fmemo){.id = id, .p = p};
  return &f->m[h];
}

static unsigned width(floordiv *f, Z3_ast t) { return Z3_get_bv_sort_size(f->z, Z3_get_sort(f->z, t)); }
static Z3_ast bv(floordiv *f, int64_t v, unsigned w) { return Z3_mk_int64(f->z, v, Z3_mk_bv_sort(f->z, w)); }
static Z3_ast and2(floordiv *f, Z3_ast a, Z3_ast b) { Z3_ast v[2] = {a, b}; return Z3_mk_and(f->z, 2, v); }
static Z3_ast add(floordiv *f, Z3_ast a, Z3_ast b) { return Z3_mk_bvadd(f->z, a, b); }
static Z3_ast sle(floordiv *f, Z3_ast a, Z3_ast b) { return Z3_mk_bvsle(f->z, a, b); }
static Z3_ast minv(floordiv *f, unsigned w) { return bv(f, (int64_t)((uint64_t)1 << (w - 1)), w); }
/* k addends of remainders below p sum without wrap-around in w bits */
static bool room(unsigned k, int64_t p, unsigned w) { return w >= 64 || (double)k * (double)p < (double)((uint64_t)1 << (w - 1)); }
static Z3_ast b2bv(floordiv *f, Z3_ast b, unsigned w) { return Z3_mk_ite(f->z, b, bv(f, 1, w), bv(f, 0, w)); }

/* t is a numeral of at most 64 bits: its signed value. */
static bool numeral(floordiv *f, Z3_ast t, int64_t *out) {
  if (Z3_get_ast_kind(f->z, t) != Z3_NUMERAL_AST || width(f, t) > 64) return false;
  uint64_t u;
  if (!Z3_get_numeral_uint64(f->z, t, &u)) return false;
  unsigned w = width(f, t);
  if (w < 64 && (u >> (w - 1)) & 1) u |= ~(uint64_t)0 << w;
  *out = (int64_t)u;
  return true;
}

static Z3_decl_kind kind_of(floordiv *f, Z3_ast t) {
  if (Z3_get_ast_kind(f->z, t) != Z3_APP_AST) return Z3_OP_UNINTERPRETED;
  return Z3_get_decl_kind(f->z, Z3_get_app_decl(f->z, Z3_to_app(f->z, t)));
}
static Z3_ast arg(floordiv *f, Z3_ast t, unsigned i) {
  return Z3_get_app_arg(f->z, Z3_to_app(f->z, t), i);
}
static unsigned nargs(floordiv *f, Z3_ast t) { return Z3_get_app_num_args(f->z, Z3_to_app(f->z, t)); }

static bool is_div_kind(Z3_decl_kind k, int *which) { /* 0 div, 1 rem, 2 mod */
  if (k == Z3_OP_BSDIV || k == Z3_OP_BSDIV_I) return *which = 0, true;
  if (k == Z3_OP_BSREM || k == Z3_OP_BSREM_I) return *which = 1, true;
  if (k == Z3_OP_BSMOD || k == Z3_OP_BSMOD_I) return *which = 2, true;
  return false;
}

/* A division this module rewrites: its divisor (a numeral in [2, FD_MAX_P)), else 0. */
static int64_t divisor(floordiv *f, Z3_ast t, int *which) {
  int64_t p;
  if (!is_div_kind(kind_of(f, t), which) || nargs(f, t) != 2) return 0;
  Z3_ast a = arg(f, t, 0);
  unsigned w = width(f, a);
  if (w > 64 || w < 3 || !numeral(f, arg(f, t, 1), &p) || p < 2 || p >= FD_MAX_P) return 0;
  if (w < 64 && p >= ((int64_t)1 << (w - 2))) return 0; /* the carries need room */
  /* a power of two stays: Z3 bit-blasts its division into shifts, not a divider, and a pair
   * there only adds a product for the SAT search (the K-tile count (K + 63) / 64 times the
   * counter in a nest's induction step ran out of the limit with one) */
  if ((p & (p - 1)) == 0) return 0;
  return p;
}

static Z3_ast rewrite(floordiv *f, Z3_ast t);
static fdec decomp(floordiv *f, Z3_ast t, int64_t p);

/* An unsigned division (0) or remainder (1) this module rewrites (arith.divui / remui of a
 * counter: tws_matmul_tma_persistent_ws_kernel_90_pers's slot (i udiv 3)): its divisor, as for
 * divisor(), else 0. */
static int64_t udivisor(floordiv *f, Z3_ast t, int *which) {
  int64_t p;
  Z3_decl_kind k = kind_of(f, t);
  if (k == Z3_OP_BUDIV || k == Z3_OP_BUDIV_I) *which = 0;
  else if (k == Z3_OP_BUREM || k == Z3_OP_BUREM_I) *which = 1;
  else return 0;
  if (nargs(f, t) != 2) return 0;
  unsigned w = width(f, arg(f, t, 0));
  if (w > 64 || w < 3 || !numeral(f, arg(f, t, 1), &p) || p < 2 || p >= FD_MAX_P) return 0;
  if (w < 64 && p >= ((int64_t)1 << (w - 2))) return 0;
  if ((p & (p - 1)) == 0) return 0;
  return p;
}

/* x udiv p, x urem p from the signed floor pair (q, r) of x (x = p * q + r, 0 <= r < p): for
 * x >= 0 they are q and r; for x < 0 the unsigned value is x + 2^w = p * (q + D) + R0 + r
 * with 2^w = p * D + R0, so the quotient is q + D + c and the remainder R0 + r - p * c,
 * c = (R0 + r >= p) (R0 + r < 2p: no wrap, p < 2^(w-2)); the quotient is below 2^w / p, so
 * its w bits are its value. */
static Z3_ast unsigned_of(floordiv *f, Z3_ast x, fdec d, int64_t p, int which, unsigned w) {
  unsigned __int128 two_w = (unsigned __int128)1 << w;
  int64_t D = (int64_t)(two_w / (unsigned __int128)p), R0 = (int64_t)(two_w % (unsigned __int128)p);
  Z3_ast rr = add(f, bv(f, R0, w), d.r);
  Z3_ast c = Z3_mk_bvule(f->z, bv(f, p, w), rr);
  Z3_ast neg = Z3_mk_bvslt(f->z, x, bv(f, 0, w));
  if (which == 0)
    return Z3_mk_ite(f->z, neg, add(f, add(f, d.q, bv(f, D, w)), b2bv(f, c, w)), d.q);
  return Z3_mk_ite(f->z, neg, Z3_mk_ite(f->z, c, Z3_mk_bvsub(f->z, rr, bv(f, p, w)), rr), d.r);
}

/* The no-overflow fact of the signed product n * a. */
static Z3_ast mul_fits(floordiv *f, Z3_ast n, Z3_ast a) {
  return and2(f, Z3_mk_bvmul_no_overflow(f->z, n, a, true), Z3_mk_bvmul_no_underflow(f->z, n, a));
}

/* Fresh-by-name constant of the pair of atom a by p (see the file comment). */
static Z3_ast pair_const(floordiv *f, const char *what, Z3_ast a, int64_t p, unsigned w) {
  char name[64];
  snprintf(name, sizeof name, "fd%s!%u!%lld", what, Z3_get_ast_id(f->z, a), (long long)p);
  return Z3_mk_const(f->z, Z3_mk_string_symbol(f->z, name), Z3_mk_bv_sort(f->z, w));
}

/* The floor pair of an atom (already rewritten): a = p * q + r, 0 <= r < p, stated in one bit
 * more than a (q sign-extended, r zero-extended), where p * q cannot wrap for the true quotient:
 * a total definition (every a has its pair), so its G is true. */
static fdec atom(floordiv *f, Z3_ast a, int64_t p) {
  unsigned w = width(f, a);
  int64_t v;
  if (numeral(f, a, &v)) { /* floor division of a constant */
    int64_t r = ((v % p) + p) % p;
    return (fdec){bv(f, (v - r) / p, w), bv(f, r, w), Z3_mk_true(f->z)};
  }
  Z3_ast q = pair_const(f, "q", a, p, w), r = pair_const(f, "r", a, p, w);
  Z3_ast P = bv(f, p, w + 1), Q = Z3_mk_sign_ext(f->z, 1, q), R = Z3_mk_zero_ext(f->z, 1, r);
  Z3_ast pq = Z3_mk_bvmul(f->z, P, Q);
  Z3_ast d = and2(f, mul_fits(f, P, Q), Z3_mk_eq(f->z, Z3_mk_sign_ext(f->z, 1, a), add(f, pq, R)));
  d = and2(f, d, Z3_mk_bvult(f->z, r, bv(f, p, w))); /* r < p unsigned: 0 <= r too */
  f->defs = and2(f, f->defs, d);
  return (fdec){q, r, Z3_mk_true(f->z)};
}

/* Does D(t) need no atom of its own (a numeral, x mod p, x rem p, a multiple of p, or one of
 * these scaled or negated)? A sum is decomposed only when at most one addend needs an atom:
 * pairs of unrelated atoms (a product minus a program id) relate nothing and are harder for Z3
 * than the sum's one pair. */
static bool cheap(floordiv *f, Z3_ast t, int64_t p, int depth) {
  int which;
  int64_t n;
  if (Z3_get_ast_kind(f->z, t) == Z3_NUMERAL_AST) return true;
  if (Z3_get_ast_kind(f->z, t) != Z3_APP_AST || depth > 4) return false;
  Z3_decl_kind k = kind_of(f, t);
  if (is_div_kind(k, &which) && which != 0 && divisor(f, t, &which) == p) return true;
  if (k == Z3_OP_BNEG) return cheap(f, arg(f, t, 0), p, depth + 1);
  if (k == Z3_OP_BMUL && nargs(f, t) == 2)
    for (unsigned i = 0; i < 2; i++)
      if (numeral(f, arg(f, t, i), &n))
        return n % p == 0 || cheap(f, arg(f, t, 1 - i), p, depth + 1);
  return false;
}

static bool sum_ok(floordiv *f, Z3_ast t, int64_t p) {
  unsigned dear = 0;
  for (unsigned i = 0; i < nargs(f, t) && dear < 2; i++) dear += !cheap(f, arg(f, t, i), p, 0);
  return dear < 2;
}

/* Sum of decompositions: the remainders' sum S (at most k * (p - 1), no wrap: p < 2^(w-2)
 * and k <= FD_MAX_ADD is checked by the caller) gives the carry #{j : S >= j * p}. */
static fdec sum(floordiv *f, const fdec *d, unsigned k, int64_t p, unsigned w) {
  Z3_ast Q = bv(f, 0, w), S = bv(f, 0, w), G = Z3_mk_true(f->z);
  for (unsigned i = 0; i < k; i++) {
    Q = add(f, Q, d[i].q);
    S = add(f, S, d[i].r);
    G = and2(f, G, d[i].g);
  }
  Z3_ast carry = bv(f, 0, w);
  for (unsigned j = 1; j < k; j++)
    carry = add(f, carry, b2bv(f, sle(f, bv(f, j * p, w), S), w));
  return (fdec){add(f, Q, carry), Z3_mk_bvsub(f->z, S, Z3_mk_bvmul(f->z, bv(f, p, w), carry)), G};
}

/* -a from D(a) (the caller adds the negation's no-overflow fact). */
static fdec negate(floordiv *f, fdec d, int64_t p, unsigned w) {
  Z3_ast nz = Z3_mk_not(f->z, Z3_mk_eq(f->z, d.r, bv(f, 0, w)));
  return (fdec){Z3_mk_bvsub(f->z, Z3_mk_bvneg(f->z, d.q), b2bv(f, nz, w)),
                Z3_mk_ite(f->z, nz, Z3_mk_bvsub(f->z, bv(f, p, w), d.r), bv(f, 0, w)), d.g};
}

/* n * a for a numeral n. */
static fdec scale(floordiv *f, Z3_ast t, int64_t n, Z3_ast a, int64_t p, unsigned w) {
  Z3_ast N = bv(f, n, w), fits = mul_fits(f, N, rewrite(f, a));
  if (n % p == 0)
    return (fdec){Z3_mk_bvmul(f->z, bv(f, n / p, w), rewrite(f, a)), bv(f, 0, w), fits};
  int64_t m = n < 0 ? -n : n;
  if (n == INT64_MIN || m >= FD_SMALL_MUL || !room((unsigned)m, p, w)) return atom(f, rewrite(f, t), p);
  fdec da = decomp(f, a, p);
  fdec parts[FD_SMALL_MUL];
  for (int64_t i = 0; i < m; i++) parts[i] = da;
  fdec s = sum(f, parts, (unsigned)m, p, w); /* m * a */
  if (n < 0) s = negate(f, s, p, w);
  s.g = and2(f, s.g, fits);
  return s;
}

static fdec decomp_uncached(floordiv *f, Z3_ast t, int64_t p) {
  unsigned w = width(f, t);
  Z3_decl_kind k = kind_of(f, t);
  int which;
  int64_t n;
  if (Z3_get_ast_kind(f->z, t) == Z3_NUMERAL_AST) return atom(f, t, p);
  if (Z3_get_ast_kind(f->z, t) != Z3_APP_AST) return atom(f, rewrite(f, t), p);
  unsigned na = nargs(f, t);
  if (k == Z3_OP_BADD && na >= 2 && na <= FD_MAX_ADD && room(na, p, w) && sum_ok(f, t, p)) {
    fdec *d = ir_xcalloc(na, sizeof *d);
    Z3_ast wide = NULL; /* the integer sum, 8 bits wider: equal to the sum's value */
    for (unsigned i = 0; i < na; i++) {
      d[i] = decomp(f, arg(f, t, i), p);
      Z3_ast x = Z3_mk_sign_ext(f->z, 8, rewrite(f, arg(f, t, i)));
      wide = wide ? add(f, wide, x) : x;
    }
    fdec s = sum(f, d, na, p, w);
    free(d);
    s.g = and2(f, s.g, Z3_mk_eq(f->z, wide, Z3_mk_sign_ext(f->z, 8, rewrite(f, t))));
    return s;
  }
  if (k == Z3_OP_BSUB && na == 2 && sum_ok(f, t, p)) {
    fdec d[2] = {decomp(f, arg(f, t, 0), p), decomp(f, arg(f, t, 1), p)};
    Z3_ast b = rewrite(f, arg(f, t, 1));
    Z3_ast min = minv(f, w);
    d[1] = negate(f, d[1], p, w);
    d[1].g = and2(f, d[1].g, Z3_mk_not(f->z, Z3_mk_eq(f->z, b, min)));
    fdec s = sum(f, d, 2, p, w);
    Z3_ast x = Z3_mk_sign_ext(f->z, 8, rewrite(f, arg(f, t, 0)));
    Z3_ast wide = Z3_mk_bvsub(f->z, x, Z3_mk_sign_ext(f->z, 8, b));
    s.g = and2(f, s.g, Z3_mk_eq(f->z, wide, Z3_mk_sign_ext(f->z, 8, rewrite(f, t))));
    return s;
  }
  if (k == Z3_OP_BNEG && na == 1) {
    Z3_ast a = rewrite(f, arg(f, t, 0));
    Z3_ast min = minv(f, w);
    fdec s = negate(f, decomp(f, arg(f, t, 0), p), p, w);
    s.g = and2(f, s.g, Z3_mk_not(f->z, Z3_mk_eq(f->z, a, min)));
    return s;
  }
  if (k == Z3_OP_BMUL && na == 2) {
    for (unsigned i = 0; i < 2; i++)
      if (numeral(f, arg(f, t, i), &n)) return scale(f, t, n, arg(f, t, 1 - i), p, w);
  }
  if (is_div_kind(k, &which) && divisor(f, t, &which) == p && which != 0) {
    Z3_ast x = rewrite(f, arg(f, t, 0));
    fdec d = decomp(f, arg(f, t, 0), p);
    if (which == 2) return (fdec){bv(f, 0, w), d.r, d.g};
    /* rem: R - p (quotient -1) when x < 0 and R != 0, else R */
    Z3_ast neg = and2(f, Z3_mk_bvslt(f->z, x, bv(f, 0, w)),
                      Z3_mk_not(f->z, Z3_mk_eq(f->z, d.r, bv(f, 0, w))));
    return (fdec){Z3_mk_ite(f->z, neg, bv(f, -1, w), bv(f, 0, w)), d.r, d.g};
  }
  if (k == Z3_OP_ITE && na == 3) {
    Z3_ast b = rewrite(f, arg(f, t, 0));
    fdec x = decomp(f, arg(f, t, 1), p), y = decomp(f, arg(f, t, 2), p);
    return (fdec){Z3_mk_ite(f->z, b, x.q, y.q), Z3_mk_ite(f->z, b, x.r, y.r),
                  Z3_mk_ite(f->z, b, x.g, y.g)};
  }
  if (k == Z3_OP_SIGN_EXT && na == 1) {
    Z3_ast a = arg(f, t, 0);
    unsigned wa = width(f, a);
    if (wa >= 3 && p < ((int64_t)1 << (wa - 2))) {
      fdec d = decomp(f, a, p);
      return (fdec){Z3_mk_sign_ext(f->z, w - wa, d.q), Z3_mk_zero_ext(f->z, w - wa, d.r), d.g};
    }
  }
  return atom(f, rewrite(f, t), p);
}

static fdec decomp(floordiv *f, Z3_ast t, int64_t p) {
  fmemo *e = memo(f, t, p, false);
  if (e && e->d.q) return e->d;
  fdec d = decomp_uncached(f, t, p);
  e = memo(f, t, p, true);
  e->d = d;
  return d;
}

/* The exact truncating pair of x by p (sym_divelim.c), for where a floor decomposition's
 * no-overflow facts fail. */
static fdec trunc_pair(floordiv *f, Z3_ast x, int64_t p) {
  unsigned w = width(f, x);
  Z3_ast q = pair_const(f, "tq", x, p, w), r = pair_const(f, "tr", x, p, w);
  Z3_ast P = bv(f, p, w), zero = bv(f, 0, w), pq = Z3_mk_bvmul(f->z, P, q);
  Z3_ast ok = and2(f, mul_fits(f, P, q), and2(f, Z3_mk_bvadd_no_overflow(f->z, pq, r, true),
                                              Z3_mk_bvadd_no_underflow(f->z, pq, r)));
  ok = and2(f, ok, Z3_mk_eq(f->z, x, add(f, pq, r)));
  Z3_ast rpos = and2(f, sle(f, zero, r), Z3_mk_bvslt(f->z, r, P));
  Z3_ast rneg = and2(f, Z3_mk_bvslt(f->z, bv(f, -p, w), r), sle(f, r, zero));
  ok = and2(f, ok, Z3_mk_ite(f->z, sle(f, zero, x), rpos, rneg));
  f->defs = and2(f, f->defs, ok);
  return (fdec){q, r, NULL};
}

static Z3_ast rewrite(floordiv *f, Z3_ast t) {
  if (Z3_get_ast_kind(f->z, t) != Z3_APP_AST) return t;
  fmemo *e = memo(f, t, 0, false);
  if (e) return e->to;
  unsigned n = nargs(f, t);
  Z3_ast res = t;
  int which;
  int64_t p = divisor(f, t, &which);
  if (p) {
    Z3_ast x = rewrite(f, arg(f, t, 0));
    unsigned w = width(f, x);
    fdec d = decomp(f, arg(f, t, 0), p);
    /* no fallback where G holds for every value (an atom, a constant offset of one that
     * cannot wrap was not proved so: only a literal true counts) */
    bool total = Z3_get_bool_value(f->z, Z3_simplify(f->z, d.g)) == Z3_L_TRUE;
    fdec tp = total ? d : trunc_pair(f, x, p);
    Z3_ast neg = and2(f, Z3_mk_bvslt(f->z, x, bv(f, 0, w)),
                      Z3_mk_not(f->z, Z3_mk_eq(f->z, d.r, bv(f, 0, w))));
    Z3_ast fl, fb; /* floor form, fallback */
    if (which == 0) {
      fl = add(f, d.q, b2bv(f, neg, w));
      fb = tp.q;
    } else if (which == 1) {
      fl = Z3_mk_ite(f->z, neg, Z3_mk_bvsub(f->z, d.r, bv(f, p, w)), d.r);
      fb = tp.r;
    } else {
      fl = d.r;
      fb = Z3_mk_ite(f->z, Z3_mk_bvslt(f->z, tp.r, bv(f, 0, w)), add(f, tp.r, bv(f, p, w)), tp.r);
    }
    res = total ? fl : Z3_mk_ite(f->z, d.g, fl, fb);
  } else if ((p = udivisor(f, t, &which)) != 0) {
    /* where G fails, the division as built (its circuit): exact either way */
    Z3_ast x = rewrite(f, arg(f, t, 0));
    fdec d = decomp(f, arg(f, t, 0), p);
    Z3_ast fl = unsigned_of(f, x, d, p, which, width(f, x));
    bool total = Z3_get_bool_value(f->z, Z3_simplify(f->z, d.g)) == Z3_L_TRUE;
    Z3_ast same = which == 0 ? Z3_mk_bvudiv(f->z, x, arg(f, t, 1)) : Z3_mk_bvurem(f->z, x, arg(f, t, 1));
    res = total ? fl : Z3_mk_ite(f->z, d.g, fl, same);
  } else if (n) {
    Z3_ast *args = ir_xcalloc(n, sizeof *args);
    bool changed = false;
    for (unsigned i = 0; i < n; i++) {
      args[i] = rewrite(f, arg(f, t, i));
      changed |= !Z3_is_eq_ast(f->z, args[i], arg(f, t, i));
    }
    if (changed) res = Z3_update_term(f->z, t, n, args);
    free(args);
  }
  e = memo(f, t, 0, true);
  e->to = res;
  return res;
}

Z3_ast sym_floor_div_elim(Z3_context z, Z3_ast phi) {
  floordiv f = {.z = z, .cap = 256, .defs = Z3_mk_true(z)};
  f.m = ir_xcalloc(f.cap, sizeof *f.m);
  Z3_ast out = rewrite(&f, phi);
  if (!Z3_is_eq_ast(z, out, phi)) out = and2(&f, out, f.defs);
  free(f.m);
  return out;
}
