/* sym_divelim.c: divisions by constants out of a query (docs/symbolic.md §2, phase-agreement).
 * A phase closed form divides the loop counter by the ring depth (round = seq div N, a parity
 * template b ^ ((it - 1 + c) div N & 1)); Z3 bit-blasts each 40-bit signed division and
 * remainder into a divider circuit, and a query comparing two of them (the wait's carried phase
 * against the round of its sequence number) ran out of its limit on tk_p_matmul_90's
 * persistent loop. Every bvsdiv / bvsrem / bvsmod of a term x by a numeral p >= 2 is replaced
 * by a fresh quotient q and remainder r of x (one pair per x and p) defined by
 *   x = p * q + r  (no signed overflow of p * q or of the sum)
 *   x >= 0 -> 0 <= r < p,   x < 0 -> -p < r <= 0
 * which is SMT-LIB's truncating division exactly: one (q, r) satisfies it for every x (the true
 * quotient has |p * q| <= |x|, so the no-overflow facts exclude only the wrapped solutions). Then
 * bvsdiv(x, p) = q, bvsrem(x, p) = r and bvsmod(x, p) = r < 0 ? r + p : r (p > 0). The query
 * and its rewrite are equisatisfiable, and a model of the rewrite is one of the query on the
 * original constants (the pairs are functions of them), so proofs and counterexamples stand. */
#include <stdlib.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

typedef struct divpair { Z3_ast x; int64_t p; Z3_ast q, r; } divpair;

typedef struct divelim {
  sym_ctx *c;
  /* rewritten subterms: open addressing on the ast id (id + 1; 0 empty) */
  unsigned *memo_id;
  Z3_ast *memo_to;
  size_t n_memo, cap_memo;
  divpair *pairs;
  uint32_t n_pairs, cap_pairs;
  Z3_ast defs;
} divelim;

/* The pair of x by p, defined on first use. */
static const divpair *pair_of(divelim *d, Z3_ast x, int64_t p) {
  sym_ctx *c = d->c;
  for (uint32_t k = 0; k < d->n_pairs; k++)
    if (d->pairs[k].p == p && Z3_is_eq_ast(c->z, d->pairs[k].x, x)) return &d->pairs[k];
  Z3_sort s = Z3_get_sort(c->z, x);
  unsigned w = Z3_get_bv_sort_size(c->z, s);
  Z3_ast q = sym_fresh(c, "dq", s), r = sym_fresh(c, "dr", s);
  Z3_ast P = sym_bv(c, p, w), zero = sym_bv(c, 0, w), negp = sym_bv(c, -p, w);
  Z3_ast pq = Z3_mk_bvmul(c->z, P, q);
  Z3_ast ok = sym_and2(c, Z3_mk_bvmul_no_overflow(c->z, P, q, true),
                       Z3_mk_bvmul_no_underflow(c->z, P, q));
  ok = sym_and2(c, ok, sym_and2(c, Z3_mk_bvadd_no_overflow(c->z, pq, r, true),
                                Z3_mk_bvadd_no_underflow(c->z, pq, r)));
  ok = sym_and2(c, ok, sym_eq(c, x, Z3_mk_bvadd(c->z, pq, r)));
  Z3_ast nonneg = Z3_mk_bvsle(c->z, zero, x);
  Z3_ast rpos = sym_and2(c, Z3_mk_bvsle(c->z, zero, r), Z3_mk_bvslt(c->z, r, P));
  Z3_ast rneg = sym_and2(c, Z3_mk_bvslt(c->z, negp, r), Z3_mk_bvsle(c->z, r, zero));
  ok = sym_and2(c, ok, sym_ite(c, nonneg, rpos, rneg));
  d->defs = sym_and2(c, d->defs, ok);
  d->pairs = ir_grow(d->pairs, &d->cap_pairs, d->n_pairs + 1, sizeof *d->pairs);
  d->pairs[d->n_pairs] = (divpair){x, p, q, r};
  return &d->pairs[d->n_pairs++];
}

static void memo_put(divelim *d, unsigned id, Z3_ast res) {
  if (2 * (d->n_memo + 1) > d->cap_memo) { /* grow and rehash */
    size_t ncap = d->cap_memo * 2;
    unsigned *ni = ir_xcalloc(ncap, sizeof *ni);
    Z3_ast *nt = ir_xcalloc(ncap, sizeof *nt);
    for (size_t i = 0; i < d->cap_memo; i++)
      if (d->memo_id[i]) {
        size_t g = (d->memo_id[i] * 2654435761u) & (ncap - 1);
        while (ni[g]) g = (g + 1) & (ncap - 1);
        ni[g] = d->memo_id[i];
        nt[g] = d->memo_to[i];
      }
    free(d->memo_id);
    free(d->memo_to);
    d->memo_id = ni, d->memo_to = nt, d->cap_memo = ncap;
  }
  size_t h = (id * 2654435761u) & (d->cap_memo - 1);
  while (d->memo_id[h]) h = (h + 1) & (d->cap_memo - 1);
  d->memo_id[h] = id;
  d->memo_to[h] = res;
  d->n_memo++;
}

static Z3_ast rewrite(divelim *d, Z3_ast t) {
  sym_ctx *c = d->c;
  if (Z3_get_ast_kind(c->z, t) != Z3_APP_AST) return t;
  unsigned id = Z3_get_ast_id(c->z, t) + 1;
  size_t h = (id * 2654435761u) & (d->cap_memo - 1);
  while (d->memo_id[h] && d->memo_id[h] != id) h = (h + 1) & (d->cap_memo - 1);
  if (d->memo_id[h]) return d->memo_to[h];
  Z3_app a = Z3_to_app(c->z, t);
  unsigned n = Z3_get_app_num_args(c->z, a);
  Z3_ast res = t;
  if (n) {
    Z3_ast *args = ir_xcalloc(n, sizeof *args);
    bool changed = false;
    for (unsigned i = 0; i < n; i++) {
      args[i] = rewrite(d, Z3_get_app_arg(c->z, a, i));
      changed |= !Z3_is_eq_ast(c->z, args[i], Z3_get_app_arg(c->z, a, i));
    }
    if (changed) res = Z3_update_term(c->z, t, n, args);
    Z3_decl_kind k = Z3_get_decl_kind(c->z, Z3_get_app_decl(c->z, a));
    int64_t p;
    bool div = k == Z3_OP_BSDIV || k == Z3_OP_BSDIV_I, rem = k == Z3_OP_BSREM || k == Z3_OP_BSREM_I,
         mod = k == Z3_OP_BSMOD || k == Z3_OP_BSMOD_I;
    if (n == 2 && (div || rem || mod) && sym_numeral(c, args[1], &p) && p >= 2 &&
        p < ((int64_t)1 << 20) && Z3_get_bv_sort_size(c->z, Z3_get_sort(c->z, args[0])) <= 64) {
      const divpair *dp = pair_of(d, args[0], p);
      unsigned w = Z3_get_bv_sort_size(c->z, Z3_get_sort(c->z, args[0]));
      if (div) res = dp->q;
      else if (rem) res = dp->r;
      else
        res = sym_ite(c, Z3_mk_bvslt(c->z, dp->r, sym_bv(c, 0, w)),
                      Z3_mk_bvadd(c->z, dp->r, sym_bv(c, p, w)), dp->r);
    }
    free(args);
  }
  memo_put(d, id, res);
  return res;
}

Z3_ast sym_div_elim(sym_ctx *c, Z3_ast phi) {
  divelim d = {.c = c, .defs = Z3_mk_true(c->z), .cap_memo = 256};
  d.memo_id = ir_xcalloc(d.cap_memo, sizeof *d.memo_id);
  d.memo_to = ir_xcalloc(d.cap_memo, sizeof *d.memo_to);
  Z3_ast out = rewrite(&d, phi);
  if (d.n_pairs) out = sym_and2(c, out, d.defs);
  free(d.memo_id);
  free(d.memo_to);
  free(d.pairs);
  return out;
}
