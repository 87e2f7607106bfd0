/* vf_align.c: the tile alignment of integer kernel arguments, read from the IR: the unit the
 * default argument values are multiples of (vf_args.c, vf_argstatic.c, the Z3 suggestion).
 *
 * A kernel cuts an extent argument into tiles: `range(0, N, BLOCK)` (a loop whose bound is the
 * argument, stepping by a constant), `N // BLOCK` and `cdiv(N, BLOCK)` (arith.divsi / divui /
 * ceildiv / floordiv / shr by a constant, `(N + BLOCK - 1) / BLOCK` included). When N is not a
 * multiple of BLOCK the last tile is partial, and kernels that round one way in one partition
 * and the other way in another (Triton's Blackwell attention example: the softmax loop runs
 * `range(0, N_CTX, 128)`, the MMA partition `N_CTX // 128 - 1` times) are only correct for
 * whole tiles, which is what their hosts launch. Default values are therefore multiples of
 *
 *   A = lcm(tt.divisibility, the tile sizes of the argument)
 *
 * and values that are not (partial tiles) are probed separately (cli_check.c).
 *
 * A tile size may not make a loop over the argument skip trip counts: every tile size taken
 * must divide the *granularity* of each loop whose bound is the argument (its step, times the
 * divisor when the bound is a quotient of the argument), so the defaults still reach trip
 * counts 1, 2, S, S+1, 2S+1. A coarser tile (the attention example's BLOCK_M = 256 in
 * cdiv(N_CTX, 256), next to its KV loop of step 128) is left out: its partial tiles are the
 * kernel's own concern (rounded up, masked by TMA), not a disagreement between loops. */
#include <stdlib.h>
#include <string.h>

#include "vf_run.h"
#include "ir/ir_alloc.h"

enum { ALIGN_MAX = 4096, /* bound on A: larger tiles are left out */
       SIZES_MAX = 32 };  /* tile sizes noted per argument */

/* The tile sizes and loop granularities of one argument. */
typedef struct arg_tiles {
  int64_t size[SIZES_MAX];     /* divisors and loop granularities, as found */
  uint32_t n_size;
  int64_t gran[SIZES_MAX];     /* granularities of the loops whose bound is the argument */
  uint32_t n_gran;
} arg_tiles;

typedef struct actx {
  const ir_func *fn;
  const ir_block *entry;
  arg_tiles *t;                /* per argument */
} actx;

static bool const_pos(const ir_value *v, int64_t *c) { return ir_value_const_int(v, c) && *c > 0; }

/* When v is (argument k + a constant) / g for a product g of constant divisors (casts,
 * constant offsets, divisions and right shifts by constants in between): returns k and sets
 * *g (1: the argument itself); -1 otherwise. */
static int32_t arg_scaled(const actx *c, const ir_value *v, int64_t *g, int depth) {
  if (!v || depth > 32) return -1;
  if (!v->def) {
    if (v->block == c->entry) {
      *g = 1;
      return (int32_t)v->arg_idx;
    }
    const ir_value *cap = ir_ws_capture(v);
    return cap ? arg_scaled(c, cap, g, depth + 1) : -1;
  }
  const ir_op *op = v->def;
  int64_t k;
  switch (op->code) {
  case IR_OP_ARITH_EXTSI:
  case IR_OP_ARITH_EXTUI:
  case IR_OP_ARITH_TRUNCI:
  case IR_OP_ARITH_INDEX_CAST:
  case IR_OP_ARITH_INDEX_CASTUI:
    return op->n_operands == 1 ? arg_scaled(c, op->operands[0], g, depth + 1) : -1;
  case IR_OP_ARITH_ADDI:
    if (op->n_operands != 2) return -1;
    if (ir_value_const_int(op->operands[1], &k)) return arg_scaled(c, op->operands[0], g, depth + 1);
    if (ir_value_const_int(op->operands[0], &k)) return arg_scaled(c, op->operands[1], g, depth + 1);
    return -1;
  case IR_OP_ARITH_SUBI:
    return op->n_operands == 2 && ir_value_const_int(op->operands[1], &k)
               ? arg_scaled(c, op->operands[0], g, depth + 1) : -1;
  case IR_OP_ARITH_DIVSI:
  case IR_OP_ARITH_DIVUI:
  case IR_OP_ARITH_CEILDIVSI:
  case IR_OP_ARITH_CEILDIVUI:
  case IR_OP_ARITH_FLOORDIVSI: {
    int32_t a = op->n_operands == 2 && const_pos(op->operands[1], &k) && k <= ALIGN_MAX
                    ? arg_scaled(c, op->operands[0], g, depth + 1) : -1;
    if (a >= 0) *g *= k;
    return a >= 0 && *g <= ALIGN_MAX ? a : -1;
  }
  case IR_OP_ARITH_SHRSI:
  case IR_OP_ARITH_SHRUI: {
    int32_t a = op->n_operands == 2 && const_pos(op->operands[1], &k) && k <= 12
                    ? arg_scaled(c, op->operands[0], g, depth + 1) : -1;
    if (a >= 0) *g <<= k;
    return a >= 0 && *g <= ALIGN_MAX ? a : -1;
  }
  default:
    return -1;
  }
}

static void note(int64_t *a, uint32_t *n, int64_t x) {
  for (uint32_t k = 0; k < *n; k++)
    if (a[k] == x) return;
  if (*n < SIZES_MAX) a[(*n)++] = x;
}

/* A value that is the argument cut into tiles of g: a tile size g of k (g > 1). */
static void note_size(actx *c, const ir_value *v) {
  int64_t g = 1;
  int32_t k = arg_scaled(c, v, &g, 0);
  if (k >= 0 && g > 1) note(c->t[k].size, &c->t[k].n_size, g);
}

static void scan(actx *c, const ir_region *r) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_SCF_FOR && op->n_operands >= 3) {
        /* a loop from a constant (or from the argument) to the argument stepping by s: its
         * trip count moves once per s x g of the argument */
        int64_t s, lo, g = 1;
        int32_t k = -1;
        if (const_pos(op->operands[2], &s)) {
          int64_t g2 = 1;
          int32_t kl = arg_scaled(c, op->operands[0], &g2, 0);
          k = arg_scaled(c, op->operands[1], &g, 0);
          if (k < 0 || !(ir_value_const_int(op->operands[0], &lo) || kl == k)) k = -1;
        }
        if (k >= 0 && s * g <= ALIGN_MAX) {
          note(c->t[k].gran, &c->t[k].n_gran, s * g);
          if (s * g > 1) note(c->t[k].size, &c->t[k].n_size, s * g);
        }
      }
      switch (op->code) {
      case IR_OP_ARITH_DIVSI:
      case IR_OP_ARITH_DIVUI:
      case IR_OP_ARITH_CEILDIVSI:
      case IR_OP_ARITH_CEILDIVUI:
      case IR_OP_ARITH_FLOORDIVSI:
      case IR_OP_ARITH_SHRSI:
      case IR_OP_ARITH_SHRUI:
        if (op->n_results == 1) note_size(c, op->results[0]);
        break;
      default:
        break;
      }
      for (uint32_t k = 0; k < op->n_regions; k++) scan(c, op->regions[k]);
    }
}

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

void vf_argplan_align(vf_argplan *p) {
  for (uint32_t k = 0; k < p->n_args; k++) p->align[k] = p->divisor[k];
  if (!p->n_args) return;
  actx c = {.fn = p->fn, .entry = p->fn->op->regions[0]->blocks[0]};
  c.t = ir_xcalloc(p->n_args, sizeof *c.t);
  scan(&c, p->fn->op->regions[0]);
  for (uint32_t k = 0; k < p->n_args; k++) {
    arg_tiles *t = &c.t[k];
    if (!p->is_int[k] || !t->n_size) continue;
    /* smallest tiles first: a coarser one that would break a loop's granularity is left out */
    qsort(t->size, t->n_size, sizeof *t->size, cmp_i64);
    int64_t a = p->divisor[k];
    for (uint32_t j = 0; j < t->n_size; j++) {
      int64_t l = a / gcd64(a, t->size[j]) * t->size[j];
      bool fits = l <= ALIGN_MAX;
      for (uint32_t i = 0; i < t->n_gran && fits; i++) fits = t->gran[i] % l == 0;
      if (fits) a = l;
    }
    p->align[k] = a;
  }
  free(c.t);
}
