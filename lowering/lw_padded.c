/* lw_padded.c: #ttg.padded_shared (Triton's PaddedSharedEncodingAttr, TritonGPUAttrDefs.td):
 * a linear layout from the 1-D shared offset to the tensor coordinates (`offset` bases, or the
 * short form `order` / `shape` for the identity), then `interval:+pad` pairs: pad elements of
 * padding after every interval elements, the pairs adding up (i + sum (i / interval) * pad).
 * A leading buffer dim counts whole tiles before the padding, as ttg.memdesc_index does
 * (ViewOpToLLVM.cpp: the padding applied to index * tile elements). Here the inverse of the
 * offset bases gives the element index of a coordinate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_int.h"

static int fail(char *err, size_t errn, const char *msg) {
  snprintf(err, errn, "padded_shared: %s", msg);
  return -1;
}

static int log2_exact(int64_t v) {
  if (v <= 0 || (v & (v - 1))) return -1;
  int k = 0;
  while ((1LL << k) < v) k++;
  return k;
}

typedef struct cursor {
  const char *p;
} cursor;

static void ws(cursor *c) {
  while (*c->p == ' ' || *c->p == '\t' || *c->p == '\n') c->p++;
}

static bool eat(cursor *c, char ch) {
  ws(c);
  if (*c->p != ch) return false;
  c->p++;
  return true;
}

static bool num(cursor *c, int64_t *v) {
  ws(c);
  char *end;
  long long x = strtoll(c->p, &end, 10);
  if (end == c->p) return false;
  c->p = end;
  *v = x;
  return true;
}

/* [[a, b], [c, d], ...] into rows of n values (at most max rows); -1 on a syntax error. */
static int rows(cursor *c, int64_t (*out)[IR_MAX_RANK], int max, int *n, int *width) {
  *n = 0;
  *width = -1;
  if (!eat(c, '[')) return -1;
  if (eat(c, ']')) return 0;
  do {
    if (!eat(c, '[') || *n >= max) return -1;
    int w = 0;
    if (!eat(c, ']')) {
      do {
        if (w >= IR_MAX_RANK || !num(c, &out[*n][w])) return -1;
        w++;
      } while (eat(c, ','));
      if (!eat(c, ']')) return -1;
    }
    if (*width >= 0 && w != *width) return -1;
    *width = w;
    (*n)++;
  } while (eat(c, ','));
  return eat(c, ']') ? 0 : -1;
}

/* [a, b, ...] */
static int list(cursor *c, int64_t *out, int max, int *n) {
  *n = 0;
  if (!eat(c, '[')) return -1;
  if (eat(c, ']')) return 0;
  do {
    if (*n >= max || !num(c, &out[*n])) return -1;
    (*n)++;
  } while (eat(c, ','));
  return eat(c, ']') ? 0 : -1;
}

#define PAD_MAXBASES 40

int lw_padded_layout(const ir_encoding *e, lw_smem_layout *l, char *err, size_t errn) {
  if (!e->raw) return fail(err, errn, "no body");
  cursor c = {e->raw};
  eat(&c, '<');
  /* [interval:+pad, ...] */
  if (!eat(&c, '[')) return fail(err, errn, "expected [interval:+pad, ...]");
  do {
    int64_t iv, pd;
    if (l->npad >= LW_PAD_MAXPAIRS || !num(&c, &iv) || !eat(&c, ':') || !eat(&c, '+') || !num(&c, &pd))
      return fail(err, errn, "expected interval:+pad pairs");
    l->pint[l->npad] = log2_exact(iv);
    l->ppad[l->npad] = log2_exact(pd);
    if (l->pint[l->npad] < 0 || l->ppad[l->npad] < 0) return fail(err, errn, "intervals and paddings are powers of two");
    l->npad++;
  } while (eat(&c, ','));
  if (!eat(&c, ']') || !eat(&c, '{')) return fail(err, errn, "expected {offset = ..., block = ...}");
  int64_t bases[PAD_MAXBASES][IR_MAX_RANK], order[IR_MAX_RANK], shape[IR_MAX_RANK];
  int nb = -1, er = -1, nord = -1, nshape = -1;
  do {
    ws(&c);
    const char *key = c.p;
    while ((*c.p >= 'a' && *c.p <= 'z') || *c.p == '_') c.p++;
    size_t kn = (size_t)(c.p - key);
    if (!eat(&c, '=')) return fail(err, errn, "expected key = value");
    int64_t blk[PAD_MAXBASES][IR_MAX_RANK];
    int n, w;
    if (kn == 6 && !strncmp(key, "offset", 6)) {
      if (rows(&c, bases, PAD_MAXBASES, &nb, &er)) return fail(err, errn, "bad offset bases");
    } else if (kn == 5 && !strncmp(key, "block", 5)) {
      if (rows(&c, blk, PAD_MAXBASES, &n, &w)) return fail(err, errn, "bad block bases");
      for (int i = 0; i < n; i++)
        for (int d = 0; d < w; d++)
          if (blk[i][d]) return fail(err, errn, "CTA-split (block) bases are not supported");
    } else if (kn == 5 && !strncmp(key, "order", 5)) {
      if (list(&c, order, IR_MAX_RANK, &nord)) return fail(err, errn, "bad order");
    } else if (kn == 5 && !strncmp(key, "shape", 5)) {
      if (list(&c, shape, IR_MAX_RANK, &nshape)) return fail(err, errn, "bad shape");
    } else {
      return fail(err, errn, "unknown key (want offset, block, order, shape)");
    }
  } while (eat(&c, ','));
  if (!eat(&c, '}')) return fail(err, errn, "expected }");
  if (nb < 0) { /* short form: the identity over shape, order[0] fastest */
    if (nord < 1 || nord != nshape) return fail(err, errn, "needs offset bases, or order and shape");
    er = nord;
    nb = 0;
    for (int k = 0; k < nord; k++) {
      if (order[k] < 0 || order[k] >= nord) return fail(err, errn, "bad order");
      for (int64_t v = 1; v < shape[order[k]]; v *= 2) {
        if (nb >= PAD_MAXBASES) return fail(err, errn, "too many bases");
        memset(bases[nb], 0, sizeof bases[nb]);
        bases[nb++][order[k]] = v;
      }
    }
  }
  if (er < 1 || er > l->rank) return fail(err, errn, "offset bases of another rank than the memdesc");
  l->er = er;
  int lead = l->rank - er, total = 0;
  for (int d = 0; d < er; d++) {
    l->pbits[d] = log2_exact(l->tile[lead + d]);
    if (l->pbits[d] < 0 || l->pbits[d] > LW_PAD_MAXBITS) return fail(err, errn, "tile dims must be powers of two");
    total += l->pbits[d];
  }
  if (nb != total || total > 62) return fail(err, errn, "the offset bases do not cover the tile once (broadcast bases)");
  /* Gauss-Jordan over GF(2): rows (coordinate bits packed, index bits); every coordinate bit
   * ends as the pivot of one row, whose index bits are its inverse. */
  uint64_t rc[PAD_MAXBASES], ri[PAD_MAXBASES];
  int at[IR_MAX_RANK];
  for (int d = 0, a = 0; d < er; d++) {
    at[d] = a;
    a += l->pbits[d];
  }
  for (int i = 0; i < nb; i++) {
    rc[i] = 0;
    ri[i] = 1ull << i;
    for (int d = 0; d < er; d++) {
      if (bases[i][d] < 0 || bases[i][d] >= l->tile[lead + d]) return fail(err, errn, "offset basis outside the tile");
      rc[i] |= (uint64_t)bases[i][d] << at[d];
    }
  }
  for (int j = 0; j < total; j++) {
    int p = -1;
    for (int i = j; i < nb && p < 0; i++)
      if (rc[i] >> j & 1) p = i;
    if (p < 0) return fail(err, errn, "the offset bases are not invertible");
    uint64_t t = rc[p]; rc[p] = rc[j]; rc[j] = t;
    t = ri[p]; ri[p] = ri[j]; ri[j] = t;
    for (int i = 0; i < nb; i++)
      if (i != j && (rc[i] >> j & 1)) {
        rc[i] ^= rc[j];
        ri[i] ^= ri[j];
      }
  }
  for (int d = 0; d < er; d++)
    for (int b = 0; b < l->pbits[d]; b++) l->pinv[d][b] = (int64_t)ri[at[d] + b];
  /* the contiguous run: offset bases 1, 2, 4, ... along the dim of base 0 */
  int d0 = 0;
  for (int d = 0; d < er; d++)
    if (bases[0][d]) d0 = d;
  l->order[0] = lead + d0; /* the others: only order[0] is read for this kind */
  for (int k = 1, d = l->rank - 1; k < l->rank; k++, d--) l->order[k] = d == l->order[0] ? --d : d;
  l->prun = 0;
  while (l->prun < nb) {
    bool ok = true;
    for (int d = 0; d < er; d++) ok &= bases[l->prun][d] == (d == d0 ? 1LL << l->prun : 0);
    if (!ok) break;
    l->prun++;
  }
  for (int i = 0; i < l->npad; i++)
    if (l->prun > l->pint[i]) l->prun = l->pint[i];
  return 0;
}

int64_t lw_padded_index(const lw_smem_layout *l, const int64_t *coord) {
  int lead = l->rank - l->er;
  int64_t tile = 1, buf = 0, idx = 0;
  for (int d = 0; d < l->er; d++) {
    tile <<= l->pbits[d];
    for (int b = 0; b < l->pbits[d]; b++)
      if (coord[lead + d] >> b & 1) idx ^= l->pinv[d][b];
  }
  for (int d = 0; d < lead; d++) buf = buf * l->tile[d] + coord[d];
  return buf * tile + idx;
}

int64_t lw_padded_pad(const lw_smem_layout *l, int64_t idx) {
  int64_t pad = 0;
  for (int i = 0; i < l->npad; i++) pad += (idx >> l->pint[i]) << l->ppad[i];
  return idx + pad;
}

lw_ssa lw_padded_index_emit(lw_ctx *c, const lw_smem_layout *l, const lw_ssa *coord) {
  int lead = l->rank - l->er;
  lw_ssa x = 0;
  for (int d = 0; d < l->er; d++)
    for (int b = 0; b < l->pbits[d];) {
      int64_t v = l->pinv[d][b];
      if (!v) {
        b++;
        continue;
      }
      /* a run of bits b.. that map to consecutive single index bits: one shift and mask */
      int n = 1, sh = 0;
      if ((v & (v - 1)) == 0) {
        while ((1LL << sh) < v) sh++;
        while (b + n < l->pbits[d] && l->pinv[d][b + n] == v << n) n++;
      }
      lw_ssa t = lw_bin_imm(c, "llvm.and", b ? lw_bin_imm(c, "llvm.lshr", coord[lead + d], b, "i32") : coord[lead + d],
                            (1LL << n) - 1, "i32");
      if ((v & (v - 1)) == 0) {
        if (sh) t = lw_bin_imm(c, "llvm.shl", t, sh, "i32");
      } else {
        t = lw_bin_imm(c, "llvm.mul", t, v, "i32"); /* one bit: 0 or v */
      }
      x = x ? lw_bin(c, "llvm.xor", x, t, "i32") : t;
      b += n;
    }
  if (!x) x = lw_i32(c, 0);
  if (lead) {
    int64_t tile = 1;
    for (int d = 0; d < l->er; d++) tile <<= l->pbits[d];
    lw_ssa buf = 0;
    for (int d = 0; d < lead; d++)
      buf = buf ? lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", buf, l->tile[d], "i32"), coord[d], "i32") : coord[d];
    x = lw_bin(c, "llvm.add", x, lw_bin_imm(c, "llvm.mul", buf, tile, "i32"), "i32");
  }
  return x;
}

lw_ssa lw_padded_bytes_emit(lw_ctx *c, const lw_smem_layout *l, lw_ssa idx) {
  lw_ssa o = idx;
  for (int i = 0; i < l->npad; i++) {
    lw_ssa p = lw_bin_imm(c, "llvm.shl", lw_bin_imm(c, "llvm.lshr", idx, l->pint[i], "i32"), l->ppad[i], "i32");
    o = lw_bin(c, "llvm.add", o, p, "i32");
  }
  return lw_bin_imm(c, "llvm.mul", o, l->eb, "i32");
}
