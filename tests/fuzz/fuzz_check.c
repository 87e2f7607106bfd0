/* fuzz_check.c: libFuzzer target for the machine model (sim/) and the explorer (verify/).
 * Each input is TTGIR text; the target runs it through `check` (vf_cmd_check, the entry the
 * command line uses) with small bounds and small argument values (small_args), so every
 * input finishes fast. Exit codes 0-3 are all
 * fine outcomes; a crash, a sanitizer report, an assert, a leak or a timeout is a finding.
 *
 * The custom mutator works on the IR, not on bytes, so mutants stay well-formed kernels and
 * reach the model instead of the parser's error paths: it parses the input, applies one to
 * three IR mutations, and prints the module back (ir_print). Mutations:
 *   - an integer attribute (arith.constant values, hence loop bounds and indices; mbarrier
 *     counts, expect bytes, partition warp counts, ...) gets a nearby or boundary value;
 *   - an op is deleted (its results' uses are replaced by dominating values of the same type;
 *     skipped when there are none);
 *   - an operand is replaced by another dominating value of the same type (another barrier,
 *     another buffer index, another phase);
 *   - two adjacent ops of a block are swapped (when the second does not use the first);
 *   - an op without results or regions (arrive, wait, expect, store, fence, ...) is duplicated.
 * The printed module is parsed again by the target, which renumbers everything, so in-memory
 * edits only need to print right. Inputs that do not parse fall back to libFuzzer's byte
 * mutations. Ownership: duplicated ops are malloc'd here and freed with the module's print. */
#define _GNU_SOURCE /* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ir/ir.h"
#include "cli/cli.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

/* ------------------------------------------------------------------ the target */

static int g_fd = -1;
static char g_path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  g_fd = memfd_create("fuzz_check.ttgir", 0);
  if (g_fd < 0) abort();
  snprintf(g_path, sizeof g_path, "/proc/self/fd/%d", g_fd);
  if (!freopen("/dev/null", "w", stdout)) abort(); /* the reports; libFuzzer writes to stderr */
  vf_cli_sym_use(vf_sym_api_v1()); /* the Z3 layer is linked in, not loaded (cli/cli_modload.c) */
  return 0;
}

/* FNV-1a of the input: the target's choices must be a function of the input (replays). */
static uint64_t hash_input(const uint8_t *data, size_t size) {
  uint64_t h = 1469598103934665603ull;
  for (size_t k = 0; k < size; k++) h = (h ^ data[k]) * 1099511628211ull;
  return h;
}

/* Small values for the kernel's integer arguments: seven inputs in eight give every integer
 * argument one (so the default-argument search, which asks Z3, does not dominate the time);
 * the eighth leaves them to check's defaults. Multiples of 16 pass tt.divisibility. */
static uint32_t small_args(const uint8_t *data, size_t size, char vals[][80], uint32_t cap) {
  static const int64_t pick[] = {1, 16, 64, 128, 256, 1024, 2048};
  uint64_t h = hash_input(data, size);
  if (h % 8 == 0) return 0;
  ir_diag d = {0};
  ir_module *m = ir_parse((const char *)data, size, "fuzz.ttgir", &d);
  free(d.msg);
  if (!m) return 0;
  uint32_t n = 0;
  const ir_func *fn = ir_module_kernel(m);
  const ir_block *entry = fn && fn->op->n_regions && fn->op->regions[0]->n_blocks
                              ? fn->op->regions[0]->blocks[0] : NULL;
  for (uint32_t k = 0; entry && k < entry->n_args && n < cap; k++) {
    const ir_value *v = entry->args[k];
    if (!v->name || !v->type || (v->type->kind != IR_T_INT && v->type->kind != IR_T_INDEX)) continue;
    h = h * 6364136223846793005ull + 1442695040888963407ull;
    snprintf(vals[n++], sizeof vals[0], "%s=%lld", v->name,
             (long long)pick[(h >> 33) % (sizeof pick / sizeof pick[0])]);
  }
  ir_module_free(m);
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (ftruncate(g_fd, 0) || pwrite(g_fd, data, size, 0) != (ssize_t)size) abort();
  char vals[32][80];
  uint32_t nv = small_args(data, size, vals, 32);
  char *argv[10 + 2 * 32] = {"check", g_path, "--max-states", "2000", "--time-limit", "1",
                             "--max-trip", "64", "-q"};
  int argc = 9;
  for (uint32_t k = 0; k < nv; k++) {
    argv[argc++] = "--arg";
    argv[argc++] = vals[k];
  }
  argv[argc] = NULL;
  int rc = vf_cmd_check(argc, argv);
  fflush(stdout);
  if (rc < 0 || rc > 3) abort();
  return 0;
}

/* ------------------------------------------------------------------ the mutator */

static uint64_t g_rng;
static uint32_t rnd(uint32_t n) { /* uniform-ish in [0, n), n > 0 */
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 7;
  g_rng ^= g_rng << 17;
  return (uint32_t)(g_rng % n);
}

/* Every op of the module in textual order (pre-order), with the module and func ops. */
typedef struct oplist {
  ir_op **v;
  uint32_t n, cap;
} oplist;

static void push(oplist *l, ir_op *op) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 256;
    l->v = realloc(l->v, l->cap * sizeof *l->v);
    if (!l->v) abort();
  }
  l->v[l->n++] = op;
}

static void collect(ir_op *op, oplist *l) {
  push(l, op);
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) collect(o, l);
}

static bool is_structural(const ir_op *op) {
  return op->code == IR_OP__COUNT || ir_ops[op->code].cls == IR_C_SPECIAL || !op->parent ||
         op->implicit;
}

/* An op that may move or go: not a terminator (the last op of its block), not structural. */
static bool is_movable(const ir_op *op) {
  return !is_structural(op) && op->parent->last != op;
}

/* Does op (or an op nested in it) use a result of def? */
static bool uses_results_of(const ir_op *op, const ir_op *def) {
  for (uint32_t k = 0; k < op->n_operands; k++)
    if (op->operands[k] && op->operands[k]->def == def) return true;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next)
        if (uses_results_of(o, def)) return true;
  return false;
}

/* A value of type t visible just before op (defined earlier in its block or an enclosing
 * one, or a block argument on the way), other than not; NULL when there is none. Stops at
 * warp_specialize partitions (isolated from above: captures only). */
static ir_value *pick_dominating(const ir_op *op, const ir_type *t, const ir_value *not) {
  ir_value *cand[64];
  uint32_t n = 0, seen = 0;
  for (const ir_op *at = op; at && at->parent;) {
    const ir_block *blk = at->parent;
    for (const ir_op *o = blk->first; o && o != at; o = o->next)
      for (uint32_t k = 0; k < o->n_results; k++)
        if (o->results[k]->type == t && o->results[k] != not) {
          seen++;
          if (n < 64) cand[n++] = o->results[k];
          else cand[rnd(seen) % 64] = o->results[k];
        }
    for (uint32_t k = 0; k < blk->n_args; k++)
      if (blk->args[k]->type == t && blk->args[k] != not && n < 64) cand[n++] = blk->args[k];
    const ir_op *up = blk->parent ? blk->parent->parent : NULL;
    if (!up || up->code == IR_OP_TTG_WARP_SPEC_PARTITIONS || up->code == IR_OP_TT_FUNC) break;
    at = up;
  }
  return n ? cand[rnd(n)] : NULL;
}

/* Replaces every use of v in the ops of l by a dominating value of the same type; false
 * (nothing changed) when some use has none. */
static bool replace_uses(oplist *l, const ir_value *v) {
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t i = 0; i < l->n; i++)
      for (uint32_t k = 0; k < l->v[i]->n_operands; k++)
        if (l->v[i]->operands[k] == v) {
          ir_value *r = pick_dominating(v->def, v->type, v);
          if (!r) return false;
          if (pass) l->v[i]->operands[k] = r;
        }
  return true;
}

static void unlink_op(ir_op *op) {
  ir_block *b = op->parent;
  if (b->first == op) b->first = op->next;
  else {
    ir_op *p = b->first;
    while (p->next != op) p = p->next;
    p->next = op->next;
    if (b->last == op) b->last = p;
  }
}

static void insert_after(ir_op *at, ir_op *op) {
  op->next = at->next;
  at->next = op;
  op->parent = at->parent;
  if (at->parent->last == at) at->parent->last = op;
}

/* Integer attributes of an op, nested in arrays and dictionaries too. */
typedef struct intref {
  ir_attr *a;
  int64_t *dense; /* an element of a dense array (then a is that array) */
} intref;

static void collect_ints(const ir_attr *a, intref *out, uint32_t *n, uint32_t cap) {
  if (!a || *n >= cap) return;
  if (a->kind == IR_A_INT || a->kind == IR_A_BOOL) out[(*n)++] = (intref){(ir_attr *)a, NULL};
  else if (a->kind == IR_A_DENSE_ARRAY)
    for (uint32_t k = 0; k < a->n && *n < cap; k++) out[(*n)++] = (intref){(ir_attr *)a, &a->ivals[k]};
  else if (a->kind == IR_A_ARRAY || a->kind == IR_A_DICT)
    for (uint32_t k = 0; k < a->n; k++) collect_ints(a->elems[k], out, n, cap);
}

static int64_t new_int(int64_t v, bool is_bool) {
  if (is_bool) return !v;
  switch (rnd(12)) {
  case 0: return 0;
  case 1: return 1;
  case 2: return -1;
  case 3: return v + 1;
  case 4: return v - 1;
  case 5: return v * 2;
  case 6: return v / 2;
  case 7: return (int64_t)1 << rnd(31);
  case 8: return v + (int64_t)rnd(64) - 32;
  case 9: return (int64_t)rnd(5);
  case 10: return v == 0 ? 128 : -v;
  default: return (int64_t)rnd(1u << 20);
  }
}

static bool mut_int(oplist *l) {
  intref refs[128];
  uint32_t n = 0;
  for (uint32_t i = 0; i < l->n; i++)
    if (l->v[i]->code != IR_OP_BUILTIN_MODULE)
      for (uint32_t k = 0; k < l->v[i]->n_attrs; k++) {
        const ir_attr *a = l->v[i]->attrs[k].attr;
        if (n < 128) collect_ints(a, refs, &n, 128);
        else if (rnd(4) == 0) { /* keep sampling the tail of big modules */
          n = rnd(128);
          collect_ints(a, refs, &n, 128);
        }
      }
  if (!n) return false;
  intref r = refs[rnd(n)];
  if (r.dense) *r.dense = new_int(*r.dense, false);
  else {
    r.a->ival = new_int(r.a->ival, r.a->kind == IR_A_BOOL);
    r.a->str = NULL; /* printed from ival now, not the text as written */
  }
  return true;
}

static ir_op *pick_movable(oplist *l) {
  for (int tries = 0; tries < 32; tries++) {
    ir_op *op = l->v[rnd(l->n)];
    if (is_movable(op)) return op;
  }
  return NULL;
}

static bool mut_delete(oplist *l) {
  ir_op *op = pick_movable(l);
  if (!op) return false;
  for (uint32_t k = 0; k < op->n_results; k++)
    if (!replace_uses(l, op->results[k])) return false;
  unlink_op(op);
  return true;
}

static bool mut_operand(oplist *l) {
  for (int tries = 0; tries < 32; tries++) {
    ir_op *op = l->v[rnd(l->n)];
    if (is_structural(op) || !op->n_operands) continue;
    uint32_t k = rnd(op->n_operands);
    ir_value *v = op->operands[k];
    if (!v) continue;
    ir_value *r = pick_dominating(op, v->type, v);
    if (!r) continue;
    op->operands[k] = r;
    return true;
  }
  return false;
}

static bool mut_swap(oplist *l) {
  for (int tries = 0; tries < 32; tries++) {
    ir_op *a = pick_movable(l);
    if (!a) return false;
    ir_op *b = a->next;
    if (!b || !is_movable(b) || uses_results_of(b, a)) continue;
    unlink_op(a);
    insert_after(b, a);
    return true;
  }
  return false;
}

static bool mut_duplicate(oplist *l, oplist *owned) {
  for (int tries = 0; tries < 32; tries++) {
    ir_op *op = pick_movable(l);
    if (!op) return false;
    if (op->n_results || op->n_regions || op->n_successors) continue;
    ir_op *c = malloc(sizeof *c);
    if (!c) abort();
    *c = *op;
    insert_after(op, c);
    push(owned, c);
    return true;
  }
  return false;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  g_rng = seed * 0x9E3779B97F4A7C15ull + 1;
  ir_diag d = {0};
  ir_module *m = ir_parse((const char *)data, size, "fuzz.ttgir", &d);
  if (!m) {
    free(d.msg);
    return LLVMFuzzerMutate(data, size, max_size);
  }
  oplist l = {0}, owned = {0};
  if (m->module_op) collect(m->module_op, &l);
  uint32_t want = 1 + rnd(3), done = 0;
  for (int tries = 0; l.n && done < want && tries < 16; tries++) {
    bool ok;
    switch (rnd(8)) {
    case 0: case 1: case 2: ok = mut_int(&l); break;
    case 3: ok = mut_delete(&l); break;
    case 4: case 5: ok = mut_operand(&l); break;
    case 6: ok = mut_swap(&l); break;
    default: ok = mut_duplicate(&l, &owned); break;
    }
    if (ok) {
      done++;
      l.n = 0; /* deleted / moved ops: list again */
      collect(m->module_op, &l);
    }
  }
  size_t n = 0;
  char *text = NULL;
  if (done) {
    FILE *f = open_memstream(&text, &n);
    if (!f) abort();
    ir_print(m, f);
    fclose(f);
  }
  for (uint32_t k = 0; k < owned.n; k++) free(owned.v[k]);
  free(owned.v);
  free(l.v);
  ir_module_free(m);
  if (!done || n > max_size) {
    free(text);
    return LLVMFuzzerMutate(data, size, max_size);
  }
  memcpy(data, text, n);
  free(text);
  return n;
}
