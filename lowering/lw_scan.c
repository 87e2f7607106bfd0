/* lw_scan.c: tt.scan, the inclusive scan along one axis with the op's combiner (reverse: from
 * the last element down), in the order the simulator folds: acc = combine(acc, next).
 *
 * The axis coordinate of an element is the XOR of the axis parts of its layout's register,
 * lane and warp bases (lw_int.h lw_ll). Each axis bit j must come from exactly one basis that
 * moves along the axis only, by 2^j (blocked, slice and the usual linear layouts do: the
 * axis's register bits, then lane bits, then warp bits). The scan runs one axis bit at a time,
 * lowest first, keeping for every element
 *   P = the scan of the element's block of 2^j axis positions up to and including it,
 *   T = the combination of the whole block;
 * at bit j each block is paired with its partner block (axis coordinate ^ 2^j), read from
 *   - another register of the thread (a register basis),
 *   - another lane (a butterfly shuffle: lw_shfl_bfly, wave64 on AMD), or
 *   - another warp (through the op's shared scratch, between region barriers),
 * and the block that comes second in scan order (bit j set; clear when reverse) takes
 *   P = combine(T', P), T = combine(T', T), the first one T = combine(T, T'),
 * so both compute the same T in scan order. After the top bit P is the result. Associativity
 * of the combiner is assumed, as Triton's own scan lowering assumes it. */
#include <string.h>

#include "lw_int.h"

#define MAX_OPS 4
#define MAX_REGS 4096

/* Which basis provides each axis bit. */
typedef enum sc_src { SC_REG, SC_LANE, SC_WARP } sc_src;
typedef struct sc_bit {
  sc_src src;
  int b;   /* basis index of that kind */
} sc_bit;

/* Fills bits[0 .. log2(shape[axis])) from l; -1 when the layout does not have the form above. */
static int axis_bits(const lw_ll *l, int axis, sc_bit *bits, int *nbits) {
  int n = 0;
  while ((int64_t)1 << n < l->shape[axis]) n++;
  if ((int64_t)1 << n != l->shape[axis]) return -1;
  bool seen[32] = {false};
  for (int k = 0; k < 3; k++) {
    int cnt = k == 0 ? l->nreg : k == 1 ? l->nlane : l->nwarp;
    for (int b = 0; b < cnt; b++) {
      const int32_t *v = k == 0 ? l->reg[b] : k == 1 ? l->lane[b] : l->warp[b];
      int32_t a = v[axis];
      if (!a) continue;
      for (int d = 0; d < l->rank; d++)
        if (d != axis && v[d]) return -1; /* mixes the axis with another dim */
      if (a < 0 || (a & (a - 1))) return -1;
      int j = __builtin_ctz((unsigned)a);
      if (j >= n || seen[j]) return -1;
      seen[j] = true;
      bits[j] = (sc_bit){.src = (sc_src)k, .b = b};
    }
  }
  for (int j = 0; j < n; j++)
    if (!seen[j]) return -1;
  *nbits = n;
  return 0;
}

static bool any_warp_bit(const sc_bit *bits, int n) {
  for (int j = 0; j < n; j++)
    if (bits[j].src == SC_WARP) return true;
  return false;
}

uint64_t lw_scan_scratch_bytes(const ir_op *op) {
  /* One 8-byte slot per (element, operand) when some axis bit crosses warps. */
  if (!op->n_operands || op->code != IR_OP_TT_SCAN) return 0;
  int axis = (int)ir_op_attr_int(op, "axis", 0);
  lw_ll l;
  char err[160];
  sc_bit bits[32];
  int n;
  if (lw_ll_of_type(op->operands[0]->type, &l, err, sizeof err) || axis < 0 || axis >= l.rank ||
      axis_bits(&l, axis, bits, &n) || !any_warp_bit(bits, n))
    return 0; /* lw_scan reports the error */
  return (uint64_t)ir_type_numel(op->operands[0]->type) * op->n_operands * 8u;
}

typedef struct scan {
  lw_ctx *c;
  const ir_op *op;
  const ir_block *comb;
  uint32_t n;
  const char *ty[MAX_OPS];
} scan;

/* out = combine(a, b) over the n operands. */
static int comb2(scan *s, const lw_ssa *a, const lw_ssa *b, lw_ssa *out) {
  lw_ssa acc[MAX_OPS];
  memcpy(acc, a, s->n * sizeof *acc);
  if (lw_combine(s->c, s->op, s->comb, s->n, s->ty, acc, b)) return -1;
  memcpy(out, acc, s->n * sizeof *acc);
  return 0;
}

static lw_ssa sel(lw_ctx *c, lw_ssa cond, lw_ssa a, lw_ssa b, const char *ty) {
  return lw_op(c, "llvm.select %s, %s, %s : i1, %s", lw_n(c, cond), lw_n(c, a), lw_n(c, b), ty);
}

/* Byte offset of slot (row-major index of coordinate co over shape, operand q). */
static lw_ssa slot_addr(lw_ctx *c, const lw_ll *l, const lw_ssa *co, uint32_t q, uint32_t n) {
  lw_ssa lin = 0;
  for (int d = 0; d < l->rank; d++)
    lin = lin ? lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", lin, l->shape[d], "i32"), co[d], "i32") : co[d];
  lw_ssa slot = lw_bin_imm(c, "llvm.add", lw_bin_imm(c, "llvm.mul", lin, n, "i32"), q, "i32");
  return lw_bin_imm(c, "llvm.mul", slot, 8, "i32");
}

int lw_scan(lw_ctx *c, const ir_op *op) {
  scan s = {.c = c, .op = op, .n = op->n_operands};
  int axis = (int)ir_op_attr_int(op, "axis", 0);
  bool reverse = ir_op_attr_int(op, "reverse", 0) != 0;
  if (!s.n || s.n > MAX_OPS || op->n_results != s.n || !op->n_regions || !op->regions[0]->n_blocks)
    return lw_fail(c, op, "malformed tt.scan");
  s.comb = op->regions[0]->blocks[0];
  if (s.comb->n_args != 2 * s.n) return lw_fail(c, op, "tt.scan combiner has the wrong arguments");
  lw_ll l;
  char err[160];
  if (lw_ll_of_type(op->operands[0]->type, &l, err, sizeof err)) return lw_fail(c, op, "%s", err);
  if (lw_ll_nwarps(&l) != c->rg->num_warps)
    return lw_fail(c, op, "the tensor layout spans %d warps but the code runs on %d", lw_ll_nwarps(&l),
                   c->rg->num_warps);
  if (axis < 0 || axis >= l.rank) return lw_fail(c, op, "tt.scan axis out of range");
  sc_bit bits[32];
  int nbits;
  if (axis_bits(&l, axis, bits, &nbits))
    return lw_fail(c, op, "tt.scan over a layout whose axis bits do not each come from one basis along the axis");
  uint32_t nreg = lw_ll_nregs(&l);
  if (nreg > MAX_REGS) return lw_fail(c, op, "tensor too large to scan");
  const lw_val *src[MAX_OPS];
  for (uint32_t q = 0; q < s.n; q++) {
    src[q] = lw_get(c, op->operands[q]);
    lw_ll rl;
    if (src[q]->kind != LV_TENSOR || src[q]->n != nreg || lw_ll_of_type(op->results[q]->type, &rl, err, sizeof err) ||
        !lw_ll_equal(&rl, &l) || (q && lw_ll_of_type(op->operands[q]->type, &rl, err, sizeof err)) ||
        !lw_ll_equal(&rl, &l))
      return lw_fail(c, op, "tt.scan operands and results must share one layout");
    s.ty[q] = src[q]->ty;
  }
  lw_ssa (*P)[MAX_OPS] = lw_alloc(c, nreg * sizeof *P);
  lw_ssa (*T)[MAX_OPS] = lw_alloc(c, nreg * sizeof *T);
  lw_ssa (*Tp)[MAX_OPS] = lw_alloc(c, nreg * sizeof *Tp);
  for (uint32_t i = 0; i < nreg; i++)
    for (uint32_t q = 0; q < s.n; q++) P[i][q] = T[i][q] = src[q]->el[i];
  lw_ssa base = 0, thr[IR_MAX_RANK];
  if (any_warp_bit(bits, nbits)) {
    uint32_t off = c->plan.off[op->id];
    if (off == LW_NO_OFF || !c->smem) return lw_fail(c, op, "tt.scan without scratch memory");
    base = lw_gep_imm(c, c->smem, off);
    lw_thread_coord(c, &l, thr);
  }
  for (int j = 0; j < nbits; j++) {
    const sc_bit *bt = &bits[j];
    /* 1. The partner block's total, for every register. */
    if (bt->src == SC_REG) {
      for (uint32_t i = 0; i < nreg; i++) memcpy(Tp[i], T[i ^ (1u << bt->b)], sizeof Tp[i]);
    } else if (bt->src == SC_LANE) {
      for (uint32_t i = 0; i < nreg; i++)
        for (uint32_t q = 0; q < s.n; q++) Tp[i][q] = lw_shfl_bfly(c, T[i][q], s.ty[q], 1 << bt->b);
    } else {
      lw_region_barrier(c); /* earlier readers of the scratch are done */
      lw_ssa co[IR_MAX_RANK];
      for (uint32_t i = 0; i < nreg; i++) {
        lw_elem_coord(c, &l, thr, i, co);
        for (uint32_t q = 0; q < s.n; q++) {
          lw_ssa p = lw_gep(c, base, slot_addr(c, &l, co, q, s.n));
          lw_stmt(c, "llvm.store %s, %s : %s, !llvm.ptr<3>", lw_n(c, T[i][q]), lw_n(c, p), s.ty[q]);
        }
      }
      lw_region_barrier(c);
      for (uint32_t i = 0; i < nreg; i++) {
        lw_elem_coord(c, &l, thr, i, co);
        co[axis] = lw_bin_imm(c, "llvm.xor", co[axis], (int64_t)1 << j, "i32");
        for (uint32_t q = 0; q < s.n; q++) {
          lw_ssa p = lw_gep(c, base, slot_addr(c, &l, co, q, s.n));
          Tp[i][q] = lw_op(c, "llvm.load %s : !llvm.ptr<3> -> %s", lw_n(c, p), s.ty[q]);
        }
      }
      lw_scratch_read_done(c);
    }
    /* 2. Combine in scan order. */
    if (bt->src == SC_REG) {
      for (uint32_t i = 0; i < nreg; i++) {
        bool second = ((i >> bt->b) & 1) != reverse;
        if (second) {
          if (comb2(&s, Tp[i], P[i], P[i]) || comb2(&s, Tp[i], T[i], T[i])) return -1;
        } else if (comb2(&s, T[i], Tp[i], T[i])) {
          return -1;
        }
      }
      continue;
    }
    /* Lane / warp bit: which block this thread is in is known at run time. */
    lw_ssa id = bt->src == SC_LANE ? c->rg->tid : lw_bin_imm(c, "llvm.lshr", c->rg->tid, c->lane_bits, "i32");
    lw_ssa bit = lw_bin_imm(c, "llvm.and", lw_bin_imm(c, "llvm.lshr", id, bt->b, "i32"), 1, "i32");
    lw_ssa second = lw_icmp(c, reverse ? "eq" : "ne", bit, lw_i32(c, 0), "i32");
    for (uint32_t i = 0; i < nreg; i++) {
      lw_ssa a[MAX_OPS], b[MAX_OPS], np[MAX_OPS];
      for (uint32_t q = 0; q < s.n; q++) {
        a[q] = sel(c, second, Tp[i][q], T[i][q], s.ty[q]);
        b[q] = sel(c, second, T[i][q], Tp[i][q], s.ty[q]);
      }
      if (comb2(&s, Tp[i], P[i], np) || comb2(&s, a, b, T[i])) return -1;
      for (uint32_t q = 0; q < s.n; q++) P[i][q] = sel(c, second, np[q], P[i][q], s.ty[q]);
    }
  }
  for (uint32_t q = 0; q < s.n; q++) {
    lw_val v = {.kind = LV_TENSOR, .ty = s.ty[q], .n = nreg};
    v.el = lw_alloc(c, (nreg + 1) * sizeof *v.el);
    for (uint32_t i = 0; i < nreg; i++) v.el[i] = P[i][q];
    lw_set(c, op->results[q], v);
  }
  return 0;
}
