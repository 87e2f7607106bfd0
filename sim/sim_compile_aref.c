/* sim_compile_aref.c: the nvws aref ops (NVWSOps.td) as the barrier ops Triton's NVWSLowerAref
 * pass writes for them, built here as synthetic IR ops that sim_compile.c compiles like any
 * other (so every checker sees ordinary mbarrier traffic). Sources: the fork's
 * third_party/nvidia/lib/Dialect/NVWS/Transforms/LowerAref.cpp and AssignStagePhase.cpp
 * (facebookexperimental/triton db4666f); docs/nvws.md states the semantics and what is refused.
 * Ownership: the plan owns every synthetic op, value, type and attribute (sim_aref_free); the
 * machine keeps it while its instructions point at them. */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "ir/ir_segs.h"

/* put and get enters, exits and aref.buffer share their segment indices */
_Static_assert(IR_SEG_NVWS_AREF_PUT_ENTER_STAGE == IR_SEG_NVWS_AREF_GET_ENTER_STAGE &&
               IR_SEG_NVWS_AREF_PUT_ENTER_PHASE == IR_SEG_NVWS_AREF_GET_ENTER_PHASE, "one segment");
_Static_assert(IR_SEG_NVWS_AREF_PUT_EXIT_TOKEN == IR_SEG_NVWS_AREF_GET_EXIT_TOKEN &&
               IR_SEG_NVWS_AREF_PUT_EXIT_TOKEN == IR_SEG_NVWS_AREF_BUFFER_TOKEN, "one segment");

enum { K_PUT = 0, K_GET = 1 };              /* the enter kinds (AssignStagePhase<T>) */
/* NVWSLowerAref's num-stages option (Passes.td default 3; Triton's backend adds the pass with no
 * options, triton_nvidia.cc add_lower_aref): the depth multiBufferAref gives a TMA-fed aref */
enum { NVWS_STAGES = 3 };
enum { A_NONE, A_TMA_LOAD, A_TC5MMA, A_TMEM_COPY, A_CP_ASYNC, A_WGMMA, A_BAD }; /* NVWSAttrDefs.td */

typedef struct aref_ctr {
  int kind;                    /* K_PUT / K_GET */
  int64_t part;                /* its ttg.partition, -1 when the enters have none */
  ir_value *ctr;               /* enters of this kind and partition run so far (a mutable slot) */
} aref_ctr;

typedef struct aref_info {
  const ir_op *create;
  int64_t depth;               /* getArefDepth: the first buffer's leading dimension */
  int64_t cnt_empty, cnt_full; /* getArrivalCount: consumer / producer arrivals per phase */
  bool tmem;                   /* the first buffer is in tensor memory */
  bool cons_tc5;               /* some get.exit has tc5mma (the put.exit fence) */
  bool prod_tma;               /* some put.exit has tma_load (the get.exit fence) */
  bool multibuf;               /* multiBufferAref: the buffers are new allocs of NVWS_STAGES slots */
  ir_value *bufs[8];           /* the buffers the views index: the create's, or the new allocs */
  uint32_t n_bufs;
  const sim_aref_group *grp;   /* combineArefs: the group this aref stands for (create: the last
                                * member's create, where the combined create goes), or NULL */
  int xk[2][8], nxk[2];        /* combined: the union of the members' put / get exit kinds */
  int64_t part[2];             /* combined: the partition of its put / get enter */
  ir_value *tok[2];            /* combined: the stage its put / get enter hands to its exit */
  ir_value *empty, *full;      /* the barrier arrays (synthetic local_allocs) */
  const ir_op *inval_after;    /* the op of the create's block after which the barriers die */
  aref_ctr ctr[8];
  uint32_t n_ctr;
} aref_info;

struct sim_aref_plan {
  const ir_func *fn;
  uint32_t next_id;            /* next synthetic value id (after fn's values) */
  sim_aref_step **steps;       /* per op id: the steps that run the op (NULL: not an aref op) */
  uint32_t *n_steps;
  sim_aref_step **after;       /* per op id: steps that run after the op (barrier invalidation) */
  uint32_t *n_after;
  aref_info *arefs;
  uint32_t n_arefs, cap_arefs;
  bool *replace;               /* per op id: a non-nvws op its steps replace (a store wait with
                                * nvws tokens, lower_store_wait) */
  ir_value **tma_bar;          /* per op id of an nvws.descriptor_load / _gather: the full barrier
                                * of its put.enter's slot (lowerTMALoad), NULL: not lowered */
  void **mem;                  /* every allocation of the plan */
  uint32_t n_mem, cap_mem;
  ir_type *i1, *i32, *i64;
  sim_aref_group *groups;      /* combineArefs' groups (sim_aref_combine), owned */
  uint32_t n_groups;
};

static void *pmem(sim_aref_plan *p, size_t n) {
  void *x = ir_xcalloc(1, n ? n : 1);
  p->mem = ir_grow(p->mem, &p->cap_mem, p->n_mem + 1, sizeof *p->mem);
  p->mem[p->n_mem++] = x;
  return x;
}

/* A signless integer type of `bits` owned by the plan. */
static ir_type *int_type(sim_aref_plan *p, uint16_t bits) {
  ir_type *t = pmem(p, sizeof *t);
  t->kind = IR_T_INT;
  t->bits = bits;
  return t;
}

void sim_aref_free(sim_aref_plan *p) {
  if (!p) return;
  for (uint32_t k = 0; k < p->n_mem; k++) free(p->mem[k]);
  free(p->mem);
  free(p->arefs);
  free(p->groups);
  free(p);
}

bool sim_aref_op(ir_opcode c) { return c >= IR_OP_NVWS_AREF_CREATE && c <= IR_OP_NVWS_CONSUMER_RELEASE; }

static bool desc_op(ir_opcode c) {
  switch (c) {
  case IR_OP_NVWS_DESCRIPTOR_LOAD: case IR_OP_NVWS_DESCRIPTOR_GATHER: return true; /* lower_desc */
  default: return false;
  }
}

/* The buffer an nvws.descriptor_load / _gather writes (its `result` operand). */
static const ir_value *desc_result(const ir_op *op) {
  return ir_seg(op, op->code == IR_OP_NVWS_DESCRIPTOR_LOAD ? IR_SEG_NVWS_DESCRIPTOR_LOAD_RESULT
                                                           : IR_SEG_NVWS_DESCRIPTOR_GATHER_RESULT, NULL);
}

/* ------------------------------------------------------------------ synthetic IR */

static ir_value *sval(sim_aref_plan *p, const ir_type *t) {
  ir_value *v = pmem(p, sizeof *v);
  v->id = p->next_id++;
  v->type = t;
  v->result_idx = 0;
  v->name_sub = -1;
  v->name = "aref";
  return v;
}

/* An op of code at the place of op `at` (its location, id and block), with operands in
 * segments of the given sizes, result r (or NULL) and an integer attribute. */
static ir_op *sop(sim_aref_plan *p, ir_opcode code, const ir_op *at, ir_value *const *ops,
                  const uint8_t *segs, uint8_t n_segs, ir_value *r, const char *attr, int64_t ival) {
  ir_op *o = pmem(p, sizeof *o);
  o->code = code;
  o->id = at->id;
  uint32_t n = 0;
  for (uint8_t s = 0; s < n_segs; s++) {
    o->seg_start[s] = (uint16_t)n;
    n += segs[s];
  }
  o->seg_start[n_segs] = (uint16_t)n;
  o->n_segs = n_segs;
  o->n_operands = n;
  o->operands = pmem(p, (n + 1) * sizeof *o->operands);
  if (n) memcpy(o->operands, ops, n * sizeof *ops); /* ops may be NULL when n is 0 */
  if (r) {
    o->results = pmem(p, sizeof *o->results);
    o->results[0] = r;
    o->n_results = 1;
    if (!r->def) r->def = o;
    r->loc = at->loc;
  }
  if (attr) {
    ir_attr *a = pmem(p, sizeof *a);
    a->kind = IR_A_INT;
    a->ival = ival;
    a->type = code == IR_OP_ARITH_CONSTANT && r ? r->type : NULL;
    o->attrs = pmem(p, sizeof *o->attrs);
    o->attrs[0] = (ir_namedattr){.name = attr, .attr = a};
    o->n_attrs = 1;
  }
  o->loc = at->loc;
  o->loc_attr = at->loc_attr;
  o->ir_line = at->ir_line;
  o->ir_col = at->ir_col;
  o->parent = at->parent;
  return o;
}

typedef struct steps {
  sim_aref_step *v;
  uint32_t n, cap;
} steps;

static void push(steps *s, sim_aref_step x) { *(sim_aref_step *)IR_PUSH(s->v, s->n, s->cap) = x; }
static void push_op(steps *s, ir_op *o) { push(s, (sim_aref_step){.op = o}); }

static ir_value *konst_t(sim_aref_plan *p, steps *s, const ir_op *at, const ir_type *t, int64_t k) {
  ir_value *v = sval(p, t);
  push_op(s, sop(p, IR_OP_ARITH_CONSTANT, at, NULL, NULL, 0, v, "value", k));
  return v;
}

static ir_value *konst(sim_aref_plan *p, steps *s, const ir_op *at, int64_t k) {
  return konst_t(p, s, at, p->i32, k);
}

static ir_value *bin(sim_aref_plan *p, steps *s, const ir_op *at, ir_opcode c, ir_value *a, ir_value *b) {
  static const uint8_t two[] = {1, 1};
  ir_value *ops[2] = {a, b}, *v = sval(p, p->i32);
  push_op(s, sop(p, c, at, ops, two, 2, v, NULL, 0));
  return v;
}

static ir_type *memdesc(sim_aref_plan *p, int rank, int64_t d0, const ir_type *elem) {
  ir_type *t = pmem(p, sizeof *t);
  t->kind = IR_T_MEMDESC;
  t->rank = (uint8_t)rank;
  t->shape[0] = d0;
  t->shape[1] = 1;
  t->elem = elem;
  t->is_mutable = true;
  return t;
}

/* The barrier of array bars at index idx: a view (memdesc_index), as createSingleBufferView. */
static ir_value *bar_at(sim_aref_plan *p, steps *s, const ir_op *at, ir_value *bars, ir_value *idx) {
  static const uint8_t two[] = {1, 1};
  ir_type *t = memdesc(p, 1, 1, p->i64);
  t->alloc_rank = 2;
  t->alloc_shape[0] = bars->type->shape[0];
  t->alloc_shape[1] = 1;
  ir_value *ops[2] = {bars, idx}, *v = sval(p, t);
  push_op(s, sop(p, IR_OP_TTG_MEMDESC_INDEX, at, ops, two, 2, v, NULL, 0));
  return v;
}

/* ------------------------------------------------------------------ facts of the IR */

static int64_t partition_of(const ir_op *op, int *n) {
  const ir_attr *a = ir_op_attr(op, "ttg.partition");
  *n = a && a->kind == IR_A_DENSE_ARRAY ? (int)a->n : 0;
  return *n ? a->ivals[0] : -1;
}

static int async_kind(const ir_attr *a) {
  static const char *const names[] = {"none", "tma_load", "tc5mma", "tmem_copy", "cp_async", "wgmma"};
  /* #nvws.async_op<KIND>: a dialect attribute the reader keeps with its body as text */
  const ir_encoding *e = a && a->kind == IR_A_ENCODING ? a->enc : NULL;
  if (!e || !e->mnemonic || strcmp(e->mnemonic, "nvws.async_op") || !e->raw) return A_BAD;
  const char *t = e->raw[0] == '<' ? e->raw + 1 : e->raw;
  for (int k = 0; k < A_BAD; k++) {
    size_t n = strlen(names[k]);
    if (!strncmp(t, names[k], n) && (t[n] == '>' || !t[n])) return k;
  }
  return A_BAD;
}

/* The kinds of an exit's async_ops (kinds[0..n)); -1 when the attribute is not a list of
 * #nvws.async_op values. */
static int async_kinds(const ir_op *op, int *kinds, int max) {
  const ir_attr *a = ir_op_attr(op, "async_ops");
  if (!a || a->kind != IR_A_ARRAY || (int)a->n > max) return -1;
  for (uint32_t k = 0; k < a->n; k++)
    if ((kinds[k] = async_kind(a->elems[k])) == A_BAD) return -1;
  return (int)a->n;
}

static const ir_value *aref_of(const ir_op *op) { return op->n_operands ? op->operands[0] : NULL; }

/* AssignStagePhase assigns stage and phase to the enters it reaches from the create's block
 * through scf.for and scf.if bodies only (assignArefIndexInBlock). */
static bool reached(const ir_op *op, const ir_op *create) {
  for (const ir_block *b = op->parent; b; ) {
    if (b == create->parent) return true;
    const ir_op *up = b->parent ? b->parent->parent : NULL;
    if (!up || (up->code != IR_OP_SCF_FOR && up->code != IR_OP_SCF_IF)) return false;
    b = up->parent;
  }
  return false;
}

/* The op of block b that is or contains op, or NULL. */
static const ir_op *ancestor_in(const ir_op *op, const ir_block *b) {
  while (op && op->parent != b) op = op->parent && op->parent->parent ? op->parent->parent->parent : NULL;
  return op;
}

typedef struct walkctx {
  sim_aref_plan *p;
  sim_machine *m;
  sim_err *err;
  const ir_op **ops;           /* the function's ops in textual order */
  uint32_t n_ops, cap_ops;
} walkctx;

static void collect(walkctx *w, const ir_region *r) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      *(const ir_op **)IR_PUSH(w->ops, w->n_ops, w->cap_ops) = op;
      for (uint32_t k = 0; k < op->n_regions; k++) collect(w, op->regions[k]);
    }
}

static aref_info *info_of(sim_aref_plan *p, const ir_value *aref) {
  for (uint32_t k = 0; k < p->n_arefs; k++) {
    const sim_aref_group *g = p->arefs[k].grp;
    for (uint32_t j = 0; g && j < g->n; j++)
      if (g->create[j]->results[0] == aref) return &p->arefs[k];
    if (!g && p->arefs[k].create->results[0] == aref) return &p->arefs[k];
  }
  return NULL;
}

/* The group whose member create is c, or NULL. */
static const sim_aref_group *group_of(const sim_aref_plan *p, const ir_op *c) {
  for (uint32_t k = 0; k < p->n_groups; k++)
    for (uint32_t j = 0; j < p->groups[k].n; j++)
      if (p->groups[k].create[j] == c) return &p->groups[k];
  return NULL;
}

static int refuse(walkctx *w, const ir_op *op, const char *why) {
  return sim_errf(w->err, w->m, op, "%s: %s; the model runs an aref as the barriers NVWSLowerAref "
                  "writes for it and refuses what that pass does not lower exactly so (docs/nvws.md)",
                  ir_ops[op->code].name, why);
}

/* multiBufferAref of a TMA-fed aref: NVWS_STAGES slots, the pass replacing each of bufs[0..nb)'s
 * alloc for every user; refused when an op other than the aref's own create (c), or the creates
 * of its combined group (g), uses one of them. */
static int multibuffer(walkctx *w, aref_info *a, uint32_t nb, const ir_op *c, const sim_aref_group *g) {
  for (uint32_t k = 0; k < w->n_ops; k++) {
    const ir_op *o = w->ops[k];
    if (g ? group_of(w->p, o) == g : o == c) continue;
    for (uint32_t j = 0; j < o->n_operands; j++)
      for (uint32_t b = 0; b < nb; b++)
        if (o->operands[j] == a->bufs[b])
          return refuse(w, o, "a TMA-fed aref's buffer used by another op (multiBufferAref replaces "
                        "the buffer's alloc for every user: not modelled)");
  }
  a->multibuf = true;
  a->depth = NVWS_STAGES;
  return 0;
}

/* Facts of one aref from its users (getArrivalCount, the fences' conditions, the combine and
 * multi-buffering passes that would rewrite it). */
static int study(walkctx *w, aref_info *a) {
  const ir_op *c = a->create;
  if (!c->n_operands || c->operands[0]->type->kind != IR_T_MEMDESC || c->operands[0]->type->rank < 1)
    return refuse(w, c, "an aref without a memdesc buffer");
  const ir_type *b0 = c->operands[0]->type;
  const ir_encoding *e0 = b0->enc ? b0->enc->enc : NULL;
  a->depth = e0 && e0->kind == IR_E_TMEM_SCALES ? 1 : b0->shape[0];
  if (a->depth < 1 || a->depth > 64) return refuse(w, c, "a ring depth outside [1, 64]");
  a->tmem = b0->space && b0->space->enc && b0->space->enc->kind == IR_E_SPACE_TMEM;
  for (uint32_t k = 1; k < c->n_operands; k++) {
    const ir_type *t = c->operands[k]->type;
    if (t->kind != IR_T_MEMDESC || t->rank < 1 || t->shape[0] != b0->shape[0])
      return refuse(w, c, "buffers whose leading dimensions differ (ArefCreateOp::verify)");
  }
  int64_t seen_part[2][32];
  int seen_nk[2][32];
  uint32_t n_seen[2] = {0, 0};
  int part_enter[2] = {0, 0}, bare_enter[2] = {0, 0};
  const ir_op *last = NULL;
  for (uint32_t k = 0; k < w->n_ops; k++) {
    const ir_op *op = w->ops[k];
    bool uses = false;
    for (uint32_t j = 0; j < op->n_operands; j++) uses |= op->operands[j] == c->results[0];
    if (!uses) continue;
    if (!sim_aref_op(op->code) || aref_of(op) != c->results[0])
      return refuse(w, op, "the aref is used by an op other than the nvws.aref ops");
    last = op;
    int np;
    int64_t part = partition_of(op, &np);
    if (np > 1) return refuse(w, op, "an aref op in several partitions (ttg.partition)");
    bool enter = op->code == IR_OP_NVWS_AREF_PUT_ENTER || op->code == IR_OP_NVWS_AREF_GET_ENTER;
    int side = op->code == IR_OP_NVWS_AREF_PUT_ENTER || op->code == IR_OP_NVWS_AREF_PUT_EXIT ? K_PUT : K_GET;
    if (enter) (np ? part_enter : bare_enter)[side]++;
    if (op->code != IR_OP_NVWS_AREF_PUT_EXIT && op->code != IR_OP_NVWS_AREF_GET_EXIT) continue;
    int kinds[8];
    int nk = async_kinds(op, kinds, 8);
    if (nk < 0) return refuse(w, op, "async_ops is not a list of #nvws.async_op values");
    for (int j = 0; j < nk; j++) {
      if (side == K_GET && kinds[j] == A_TC5MMA) a->cons_tc5 = true;
      if (side == K_PUT && kinds[j] == A_TMA_LOAD) a->prod_tma = true;
      if (kinds[j] == A_CP_ASYNC) return refuse(w, op, "a cp_async kind (NVWSLowerAref has no lowering for it)");
    }
    if (!np) continue; /* getArrivalCount counts only users with a partition */
    for (int j = 0; j < nk; j++) {
      bool ok = side == K_PUT ? kinds[j] == A_NONE || kinds[j] == A_TC5MMA || kinds[j] == A_TMA_LOAD
                              : kinds[j] == A_NONE || kinds[j] == A_TC5MMA || kinds[j] == A_WGMMA;
      if (!ok) return refuse(w, op, "an async kind getArrivalCount rejects for this side");
    }
    uint32_t s = 0;
    while (s < n_seen[side] && seen_part[side][s] != part) s++;
    if (s < n_seen[side]) {
      /* getArrivalCount counts the kinds of the first exit of a partition in use-list order: the
       * exits of one partition must have as many kinds for that to be one count (which kinds
       * does not matter: each valid kind counts 1) */
      if (seen_nk[side][s] != nk)
        return refuse(w, op, "exits of one partition with different numbers of async_ops kinds "
                      "(getArrivalCount counts the first in use-list order)");
      continue;
    }
    if (s == 32) return refuse(w, op, "more than 32 partitions");
    seen_part[side][s] = part;
    seen_nk[side][s] = nk;
    n_seen[side]++;
    if (side == K_PUT) a->cnt_full += nk;
    else a->cnt_empty += nk;
  }
  for (int side = 0; side < 2; side++)
    if (part_enter[side] && bare_enter[side])
      return refuse(w, c, "enters of one kind both with and without ttg.partition (AssignStagePhase "
                    "would assign the unpartitioned ones once per partition)");
  if (!a->cnt_full) a->cnt_full = 1;
  if (!a->cnt_empty) a->cnt_empty = 1;
  if (c->n_operands > 8) return refuse(w, c, "more than 8 buffers");
  for (uint32_t k = 0; k < c->n_operands; k++) a->bufs[k] = c->operands[k];
  a->n_bufs = c->n_operands;
  /* multiBufferAref (isProducerLoad): a put.enter of the aref whose buffer an
   * nvws.descriptor_load / _gather writes, and every buffer made by an op other than
   * tmem_alloc: each buffer is replaced by a new alloc of NVWS_STAGES slots (lower_create) */
  bool load = false, eligible = true;
  for (uint32_t k = 0; k < w->n_ops; k++) {
    const ir_op *o = w->ops[k];
    if (!desc_op(o->code)) continue;
    const ir_op *en = desc_result(o)->def;
    load |= en && en->code == IR_OP_NVWS_AREF_PUT_ENTER && aref_of(en) == c->results[0];
  }
  for (uint32_t k = 0; k < c->n_operands; k++) {
    const ir_op *d = c->operands[k]->def;
    eligible &= d && d->code != IR_OP_TTNG_TMEM_ALLOC;
  }
  if (load && eligible && multibuffer(w, a, c->n_operands, c, NULL)) return -1;
  a->inval_after = last ? ancestor_in(last, c->parent) : c;
  if (!a->inval_after) a->inval_after = c;
  return 0;
}

static bool has_kind(const int *k, int n, int kind) {
  for (int j = 0; j < n; j++)
    if (k[j] == kind) return true;
  return false;
}

/* Facts of a combined aref (combineArefs' createArefCreateOp / createCombinedArefOps): one buffer
 * per member, the members' exit kinds united per side, the put / get enter in the partition of
 * the first member enter, the exits in that of the last member exit (getArrivalCount counts
 * those), then multiBufferAref and the invalidation point as for any aref (study). */
static int study_group(walkctx *w, aref_info *a) {
  const sim_aref_group *g = a->grp;
  a->n_bufs = g->n;
  for (uint32_t k = 0; k < g->n; k++) {
    const ir_value *b = g->create[k]->operands[0];
    if (b->type->kind != IR_T_MEMDESC || b->type->rank < 1)
      return refuse(w, g->create[k], "an aref without a memdesc buffer");
    if (b->type->shape[0] != g->create[0]->operands[0]->type->shape[0])
      return refuse(w, g->create[k], "combineArefs would merge arefs whose buffers' leading "
                    "dimensions differ (the combined aref fails ArefCreateOp::verify)");
    a->bufs[k] = (ir_value *)b;
  }
  const ir_type *b0 = a->bufs[0]->type;
  const ir_encoding *e0 = b0->enc ? b0->enc->enc : NULL;
  a->depth = e0 && e0->kind == IR_E_TMEM_SCALES ? 1 : b0->shape[0];
  if (a->depth < 1 || a->depth > 64) return refuse(w, g->create[0], "a ring depth outside [1, 64]");
  a->tmem = b0->space && b0->space->enc && b0->space->enc->kind == IR_E_SPACE_TMEM;
  const ir_op *last_exit[2] = {NULL, NULL};
  for (uint32_t k = 0; k < g->n; k++) {
    const ir_op *ops4[4] = {g->put_enter[k], g->put_exit[k], g->get_enter[k], g->get_exit[k]};
    for (int r = 0; r < 4; r++) {
      int np;
      (void)partition_of(ops4[r], &np);
      if (np > 1) return refuse(w, ops4[r], "an aref op in several partitions (ttg.partition)");
      if (r != 1 && r != 3) continue;
      int side = r == 1 ? K_PUT : K_GET, kinds[8];
      int nk = async_kinds(ops4[r], kinds, 8);
      if (nk < 0) return refuse(w, ops4[r], "async_ops is not a list of #nvws.async_op values");
      for (int j = 0; j < nk; j++) {
        if (kinds[j] == A_CP_ASYNC) return refuse(w, ops4[r], "a cp_async kind (NVWSLowerAref has no lowering for it)");
        if (!has_kind(a->xk[side], a->nxk[side], kinds[j])) a->xk[side][a->nxk[side]++] = kinds[j];
      }
      if (!last_exit[side] || ops4[r]->id > last_exit[side]->id) last_exit[side] = ops4[r];
    }
  }
  int np;
  a->part[K_PUT] = partition_of(g->put_enter[0], &np);
  for (uint32_t k = 1; k < g->n; k++)
    if (g->put_enter[k]->id < g->put_enter[0]->id) a->part[K_PUT] = partition_of(g->put_enter[k], &np);
  a->part[K_GET] = partition_of(g->get_enter[0], &np); /* the first in textual order */
  for (int side = 0; side < 2; side++) {
    int64_t cnt = 1;
    (void)partition_of(last_exit[side], &np);
    if (np) { /* getArrivalCount: the combined exit has the last member exit's partition */
      for (int j = 0; j < a->nxk[side]; j++) {
        int k = a->xk[side][j];
        bool ok = side == K_PUT ? k == A_NONE || k == A_TC5MMA || k == A_TMA_LOAD
                                : k == A_NONE || k == A_TC5MMA || k == A_WGMMA;
        if (!ok) return refuse(w, last_exit[side], "an async kind getArrivalCount rejects for this side "
                               "(in the union of the kinds combineArefs gives the combined exit)");
      }
      if (a->nxk[side]) cnt = a->nxk[side];
    }
    if (side == K_PUT) a->cnt_full = cnt;
    else a->cnt_empty = cnt;
  }
  a->cons_tc5 = has_kind(a->xk[K_GET], a->nxk[K_GET], A_TC5MMA);
  a->prod_tma = has_kind(a->xk[K_PUT], a->nxk[K_PUT], A_TMA_LOAD);
  /* multiBufferAref on the combined aref: its put.enter feeds the loads that fed the members' */
  bool load = false, eligible = true;
  for (uint32_t k = 0; k < w->n_ops; k++) {
    const ir_op *o = w->ops[k];
    if (!desc_op(o->code)) continue;
    const ir_op *en = desc_result(o)->def;
    for (uint32_t j = 0; j < g->n; j++) load |= en == g->put_enter[j];
  }
  for (uint32_t k = 0; k < g->n; k++) {
    const ir_op *d = a->bufs[k]->def;
    eligible &= d && d->code != IR_OP_TTNG_TMEM_ALLOC;
  }
  if (load && eligible && multibuffer(w, a, g->n, NULL, g)) return -1;
  const ir_op *in[3] = {ancestor_in(g->put_enter[0], a->create->parent), ancestor_in(last_exit[K_PUT], a->create->parent),
                        ancestor_in(last_exit[K_GET], a->create->parent)};
  a->inval_after = a->create;
  for (int k = 0; k < 3; k++)
    if (in[k] && in[k]->id > a->inval_after->id) a->inval_after = in[k];
  return 0;
}

/* ------------------------------------------------------------------ the lowering of each op */

static ir_value *counter(sim_aref_plan *p, aref_info *a, int kind, int64_t part) {
  for (uint32_t k = 0; k < a->n_ctr; k++)
    if (a->ctr[k].kind == kind && a->ctr[k].part == part) return a->ctr[k].ctr;
  return NULL;
}

/* createAndInitMbar: the empty then the full array, each barrier initialised with its count;
 * then one counter per enter kind and partition (AssignStagePhase::run), at 0. */
static void lower_create(walkctx *w, aref_info *a, steps *s) {
  sim_aref_plan *p = w->p;
  const ir_op *c = a->create;
  static const uint8_t zero[] = {0}, one[] = {1};
  ir_value **arr[2] = {&a->empty, &a->full};
  int64_t cnt[2] = {a->cnt_empty, a->cnt_full};
  for (int k = 0; k < 2; k++) {
    *arr[k] = sval(p, memdesc(p, 2, a->depth, p->i64));
    (*arr[k])->name = k ? "aref_full" : "aref_empty";
    push_op(s, sop(p, IR_OP_TTG_LOCAL_ALLOC, c, NULL, zero, 1, *arr[k], NULL, 0));
    for (int64_t i = 0; i < a->depth; i++) {
      ir_value *v = bar_at(p, s, c, *arr[k], konst(p, s, c, i));
      push_op(s, sop(p, IR_OP_TTNG_INIT_BARRIER, c, &v, one, 1, NULL, "count", cnt[k]));
    }
  }
  for (uint32_t k = 0; a->multibuf && k < a->n_bufs; k++) {
    /* multiBufferAref: getMultiBufferedType(getBufferViewType(type), NVWS_STAGES) */
    ir_type *t = pmem(p, sizeof *t);
    *t = *a->bufs[k]->type;
    t->shape[0] = NVWS_STAGES;
    t->alloc_rank = 0;
    t->is_mutable = true;
    a->bufs[k] = sval(p, t);
    a->bufs[k]->name = "aref_buf";
    push_op(s, sop(p, IR_OP_TTG_LOCAL_ALLOC, c, NULL, zero, 1, a->bufs[k], NULL, 0));
  }
  for (int kind = 0; a->grp && kind < 2; kind++) {
    /* the combined enters: one counter each (at the first member put.enter / last put.exit) */
    const ir_op *at = kind == K_PUT ? a->grp->put_enter[0] : a->grp->put_exit[0];
    if (!reached(at, c)) continue;
    ir_value *v = sval(p, p->i32);
    push_op(s, sop(p, IR_OP_ARITH_CONSTANT, c, NULL, NULL, 0, v, "value", 0));
    a->ctr[a->n_ctr++] = (aref_ctr){.kind = kind, .part = a->part[kind], .ctr = v};
  }
  for (uint32_t k = 0; !a->grp && k < w->n_ops; k++) {
    const ir_op *op = w->ops[k];
    if ((op->code != IR_OP_NVWS_AREF_PUT_ENTER && op->code != IR_OP_NVWS_AREF_GET_ENTER) ||
        aref_of(op) != c->results[0] || !reached(op, c))
      continue;
    int np, kind = op->code == IR_OP_NVWS_AREF_PUT_ENTER ? K_PUT : K_GET;
    int64_t part = partition_of(op, &np);
    if (counter(p, a, kind, part) || a->n_ctr == 8) continue;
    ir_value *v = sval(p, p->i32);
    push_op(s, sop(p, IR_OP_ARITH_CONSTANT, c, NULL, NULL, 0, v, "value", 0));
    a->ctr[a->n_ctr++] = (aref_ctr){.kind = kind, .part = part, .ctr = v};
  }
}

/* The views of the aref's buffers at stage (getSubViews): memdesc_index, except a buffer in the
 * tensor-memory scales encoding, which is used as it is. */
static void views(sim_aref_plan *p, aref_info *a, const ir_op *op, ir_value *stage, ir_value *const *outs,
                  uint32_t n_bufs, steps *s) {
  static const uint8_t two[] = {1, 1};
  for (uint32_t k = 0; k < n_bufs && k < a->n_bufs; k++) {
    ir_value *buf = a->bufs[k];
    const ir_encoding *e = buf->type->enc ? buf->type->enc->enc : NULL;
    if (e && e->kind == IR_E_TMEM_SCALES) {
      push(s, (sim_aref_step){.copy_src = buf, .copy_dst = outs[k]});
      continue;
    }
    ir_value *ops[2] = {buf, stage};
    push_op(s, sop(p, IR_OP_TTG_MEMDESC_INDEX, op, ops, two, 2, outs[k], NULL, 0));
  }
}

/* lowerTMALoad (rewritePutEnterOp), for a put.enter whose put.exit (the one its token reaches)
 * has tma_load: the nvws.descriptor_load / _gather ops that use the enter's buffers (outs)
 * directly become TMA ops on the slot's full barrier (lower_desc), after one barrier_expect of
 * their summed txCount with a true predicate, placed after the enter's wait and views. */
static int lower_tma_loads(walkctx *w, aref_info *a, const ir_op *op, ir_value *stage, ir_value *const *outs,
                           uint32_t n_outs, steps *s) {
  sim_aref_plan *p = w->p;
  int64_t tx = 0;
  uint32_t nl = 0;
  ir_value *bar = NULL;
  for (uint32_t k = 0; k < w->n_ops; k++) {
    const ir_op *o = w->ops[k];
    if (!desc_op(o->code)) continue;
    bool mine = false;
    for (uint32_t j = 0; j < n_outs; j++) mine |= desc_result(o) == outs[j];
    if (!mine) continue;
    const ir_attr *t = ir_op_attr(o, "txCount");
    if (!t || t->kind != IR_A_INT || t->ival < 0 || t->ival > (int64_t)1 << 30)
      return refuse(w, o, "txCount is not an integer in [0, 2^30]");
    tx += t->ival;
    if (++nl > n_outs)
      return refuse(w, o, "more TMA loads than the put.enter has buffers (lowerTMALoad asserts)");
    if (!bar) bar = bar_at(p, s, op, a->full, stage);
    p->tma_bar[o->id] = bar;
  }
  if (!nl) return 0;
  static const uint8_t esegs[] = {1, 1};
  ir_value *ops[2] = {bar, konst_t(p, s, op, p->i1, 1)};
  push_op(s, sop(p, IR_OP_TTNG_BARRIER_EXPECT, op, ops, esegs, 2, NULL, "size", tx));
  return 0;
}

/* An nvws.descriptor_load / _gather lowered by its put.enter (lower_tma_loads): the TMA copy /
 * gather into its buffer on the slot's full barrier, predicate true (createTMALoad /
 * createTMAGather). One the lowering does not reach stays an nvws op no later pass lowers. */
static int lower_desc(walkctx *w, const ir_op *op, steps *s) {
  sim_aref_plan *p = w->p;
  ir_value *bar = p->tma_bar[op->id];
  if (!bar)
    return refuse(w, op, "it does not write a buffer of an nvws.aref.put.enter whose put.exit has "
                  "tma_load, so NVWSLowerAref leaves it unlowered");
  ir_value *pred = konst_t(p, s, op, p->i1, 1);
  ir_value *ops[70];
  uint32_t n = 0;
  ops[n++] = op->operands[0];
  if (op->code == IR_OP_NVWS_DESCRIPTOR_LOAD) {
    uint32_t ni = 0;
    (void)ir_seg(op, IR_SEG_NVWS_DESCRIPTOR_LOAD_INDICES, &ni);
    if (ni > 64) return refuse(w, op, "more than 64 indices");
    for (uint32_t j = 0; j < ni; j++) ops[n++] = op->operands[op->seg_start[IR_SEG_NVWS_DESCRIPTOR_LOAD_INDICES] + j];
    ops[n++] = (ir_value *)desc_result(op);
    ops[n++] = bar;
    ops[n++] = pred;
    const uint8_t segs[] = {1, (uint8_t)ni, 1, 1, 1, 0, 0};
    push_op(s, sop(p, IR_OP_TTNG_TMA_G2L, op, ops, segs, 7, NULL, NULL, 0));
    return 0;
  }
  ops[n++] = ir_seg(op, IR_SEG_NVWS_DESCRIPTOR_GATHER_X_OFFSETS, NULL);
  ops[n++] = ir_seg(op, IR_SEG_NVWS_DESCRIPTOR_GATHER_Y_OFFSET, NULL);
  ops[n++] = bar;
  ops[n++] = (ir_value *)desc_result(op);
  ops[n++] = pred;
  static const uint8_t gsegs[] = {1, 1, 1, 1, 1, 1};
  push_op(s, sop(p, IR_OP_TTNG_TMA_GATHER, op, ops, gsegs, 6, NULL, NULL, 0));
  return 0;
}

/* An enter of kind in partition part at op's place: stage and phase (the counter's, or op's own
 * where AssignStagePhase does not reach op), the wait on the slot's empty / full barrier, the
 * views into outs, the TMA loads of a put.enter whose exit has kinds xk (lowerTMALoad), and the
 * stage handed to tok, which carries it to the exits and aref.buffer ops (propagateStage). */
static int enter_steps(walkctx *w, aref_info *a, const ir_op *op, int kind, int64_t part, ir_value *const *outs,
                       uint32_t n_outs, const int *xk, int nxk, ir_value *tok, steps *s) {
  sim_aref_plan *p = w->p;
  ir_value *stage, *phase;
  if (reached(op, a->create)) {
    /* AssignStagePhase: stage starts at depth-1 and phase at 0 (put) / 1 (get); each enter
     * advances stage and flips phase on wrapping. After n earlier enters: stage = n mod depth,
     * phase = init ^ 1 ^ ((n / depth) & 1). */
    ir_value *ctr = counter(p, a, kind, part);
    if (!ctr) return refuse(w, op, "more than 8 stage counters for one aref");
    ir_value *d = konst(p, s, op, a->depth), *one = konst(p, s, op, 1);
    stage = bin(p, s, op, IR_OP_ARITH_REMUI, ctr, d);
    ir_value *q = bin(p, s, op, IR_OP_ARITH_ANDI, bin(p, s, op, IR_OP_ARITH_DIVUI, ctr, d), one);
    phase = bin(p, s, op, IR_OP_ARITH_XORI, q, konst(p, s, op, kind == K_PUT ? 1 : 0));
    (void)bin(p, s, op, IR_OP_ARITH_ADDI, ctr, one);
    s->v[s->n - 1].inplace = ctr; /* the sum goes to the counter's own slot */
  } else if (a->grp) {
    return refuse(w, op, "an enter combineArefs makes here, which AssignStagePhase does not reach (it "
                  "walks scf.for and scf.if bodies from the create's block): its stage and phase "
                  "would stay the constant 0");
  } else {
    uint32_t ns = 0, nph = 0;
    stage = ir_seg(op, IR_SEG_NVWS_AREF_PUT_ENTER_STAGE, &ns);
    phase = ir_seg(op, IR_SEG_NVWS_AREF_PUT_ENTER_PHASE, &nph);
    if (!ns || !nph)
      return refuse(w, op, "an enter AssignStagePhase does not reach (it walks scf.for and scf.if "
                    "bodies from the create's block) and that names no stage and phase");
  }
  static const uint8_t wsegs[] = {1, 1, 0, 0};
  ir_value *bar = bar_at(p, s, op, kind == K_PUT ? a->empty : a->full, stage);
  ir_value *ops[2] = {bar, phase};
  push_op(s, sop(p, IR_OP_TTNG_WAIT_BARRIER, op, ops, wsegs, 4, NULL, NULL, 0));
  views(p, a, op, stage, outs, n_outs, s);
  if (kind == K_PUT && has_kind(xk, nxk, A_TMA_LOAD)) {
    int rc = lower_tma_loads(w, a, op, stage, outs, n_outs, s);
    if (rc) return rc;
  }
  push(s, (sim_aref_step){.copy_src = stage, .copy_dst = tok});
  return 0;
}

/* put.enter / get.enter of an aref combineArefs leaves alone; a put.enter's exit kinds are those
 * of the put.exit its token reaches (rewritePutEnterOp). */
static int lower_enter(walkctx *w, aref_info *a, const ir_op *op, steps *s) {
  int np, kind = op->code == IR_OP_NVWS_AREF_PUT_ENTER ? K_PUT : K_GET;
  int64_t part = partition_of(op, &np);
  ir_value *tok = op->results[op->n_results - 1];
  int xk[8], nxk = 0;
  for (uint32_t k = 0; kind == K_PUT && k < w->n_ops; k++) {
    const ir_op *o = w->ops[k];
    uint32_t n = 0;
    if (o->code == IR_OP_NVWS_AREF_PUT_EXIT && ir_seg(o, IR_SEG_NVWS_AREF_PUT_EXIT_TOKEN, &n) == tok && n) {
      nxk = async_kinds(o, xk, 8);
      if (nxk < 0) nxk = 0; /* refused at the exit */
      break;
    }
  }
  return enter_steps(w, a, op, kind, part, op->results, op->n_results - 1, xk, nxk, tok, s);
}

/* The stage an exit or aref.buffer names: its enter's, carried by the token. */
static ir_value *token_stage(sim_aref_plan *p, const ir_op *op, steps *s) {
  uint32_t n = 0;
  ir_value *tok = ir_seg(op, IR_SEG_NVWS_AREF_PUT_EXIT_TOKEN, &n);
  ir_value *st = sval(p, p->i32);
  push(s, (sim_aref_step){.copy_src = tok, .copy_dst = st});
  return st;
}

/* An exit with kinds at op's place on stage: a fence where the generic proxy hands the buffer to
 * the async proxy, then one arrival per async kind on the slot's full / empty barrier
 * (insertArriveBarrier). */
static int exit_steps(walkctx *w, aref_info *a, const ir_op *op, bool put, const int *kinds, int nk,
                      ir_value *stage, steps *s) {
  sim_aref_plan *p = w->p;
  bool generic = has_kind(kinds, nk, A_NONE);
  /* rewritePutExitOp: an smem aref with a tc5mma consumer; rewriteGetExitOp: a tma_load
   * producer (the generic reads handed back to the async proxy's next write) */
  if (generic && ((put && !a->tmem && a->cons_tc5) || (!put && a->prod_tma)))
    push_op(s, sop(p, IR_OP_TTNG_FENCE_ASYNC_SHARED, op, NULL, NULL, 0, NULL, NULL, 0));
  ir_value *bar = bar_at(p, s, op, put ? a->full : a->empty, stage);
  for (int k = 0; k < nk; k++) {
    static const uint8_t asegs[] = {1, 0}, csegs[] = {1, 0, 0};
    switch (kinds[k]) {
    case A_NONE: case A_WGMMA:
      push_op(s, sop(p, IR_OP_TTNG_ARRIVE_BARRIER, op, &bar, asegs, 2, NULL, "count", 1));
      break;
    case A_TC5MMA: case A_TMEM_COPY:
      push_op(s, sop(p, IR_OP_TTNG_TC_GEN5_COMMIT, op, &bar, csegs, 3, NULL, NULL, 0));
      break;
    case A_TMA_LOAD:
      if (!put) return refuse(w, op, "a tma_load kind on a get.exit");
      break; /* the TMA's complete_tx completes the phase; the expect arrived (lower_tma_loads) */
    default: return refuse(w, op, "an async kind NVWSLowerAref does not lower here");
    }
  }
  return 0;
}

static int lower_exit(walkctx *w, aref_info *a, const ir_op *op, steps *s) {
  int kinds[8];
  int nk = async_kinds(op, kinds, 8);
  if (nk < 0) return refuse(w, op, "async_ops is not a list of #nvws.async_op values");
  return exit_steps(w, a, op, op->code == IR_OP_NVWS_AREF_PUT_EXIT, kinds, nk, token_stage(w->p, op, s), s);
}

/* The ops of a combined aref (createCombinedArefOps): its put.enter at the first member put.enter,
 * its put.exit right before the last member put.exit with the get.enter after it, its get.exit
 * right before the last member get.exit; the other member enters and exits are erased. The
 * combined enters' views are the member enters' first buffers (replaceAllUsesWith). */
static int lower_member(walkctx *w, aref_info *a, const ir_op *op, steps *s) {
  sim_aref_plan *p = w->p;
  const sim_aref_group *g = a->grp;
  const ir_op *first_pe = g->put_enter[0], *last_px = g->put_exit[0], *last_gx = g->get_exit[0];
  ir_value *outs[2][8];
  for (uint32_t k = 0; k < g->n; k++) {
    if (g->put_enter[k]->id < first_pe->id) first_pe = g->put_enter[k];
    if (g->put_exit[k]->id > last_px->id) last_px = g->put_exit[k];
    if (g->get_exit[k]->id > last_gx->id) last_gx = g->get_exit[k];
    outs[K_PUT][k] = g->put_enter[k]->results[0];
    outs[K_GET][k] = g->get_enter[k]->results[0];
  }
  for (int k = 0; k < 2; k++)
    if (!a->tok[k]) a->tok[k] = sval(p, p->i32);
  int rc = 0;
  if (op == first_pe)
    rc = enter_steps(w, a, op, K_PUT, a->part[K_PUT], outs[K_PUT], g->n, a->xk[K_PUT], a->nxk[K_PUT], a->tok[K_PUT], s);
  if (op == last_px) {
    ir_value *st = sval(p, p->i32);
    push(s, (sim_aref_step){.copy_src = a->tok[K_PUT], .copy_dst = st});
    rc = exit_steps(w, a, op, true, a->xk[K_PUT], a->nxk[K_PUT], st, s);
    if (!rc)
      rc = enter_steps(w, a, op, K_GET, a->part[K_GET], outs[K_GET], g->n, NULL, 0, a->tok[K_GET], s);
  }
  if (op == last_gx) {
    ir_value *st = sval(p, p->i32);
    push(s, (sim_aref_step){.copy_src = a->tok[K_GET], .copy_dst = st});
    rc = exit_steps(w, a, op, false, a->xk[K_GET], a->nxk[K_GET], st, s);
  }
  return rc;
}

/* ------------------------------------------------------------------ nvws tokens */

/* WSLowerToken.cpp (the fork's hopper warp specialization, doTokenLowering). A token of
 * numBuffers N is one synthetic array of 2N mbarriers named "token": [0, N) are the full
 * barriers, [N, 2N) the empty ones (the pass allocates two arrays; one array lets the token's
 * value, captured by ttg.warp_specialize like any other, carry both). Every barrier is
 * initialised with count 1 (the pass computes producer / consumer counts and passes 1), then a
 * CTA barrier; nothing invalidates them. */
static bool tok_op(ir_opcode c) { return c >= IR_OP_NVWS_CREATE_TOKEN && c <= IR_OP_NVWS_CONSUMER_RELEASE; }

/* The nvws.create_token a token operand v stands for (through warp_specialize captures). */
static const ir_op *token_create(const ir_value *v) {
  for (int k = 0; v && k < 16; k++) {
    if (v->def) return v->def->code == IR_OP_NVWS_CREATE_TOKEN ? v->def : NULL;
    v = ir_ws_capture(v);
  }
  return NULL;
}

/* getAsyncTaskIds: async_task_id as array<i32: ...> or dense<...> : vector<..xi32>; -1 when
 * absent or unreadable. */
static int task_ids(const ir_op *op, int64_t *ids, int max) {
  const ir_attr *a = ir_op_attr(op, "async_task_id");
  if (!a) return -1;
  if (a->kind == IR_A_DENSE_ARRAY) {
    if ((int)a->n > max) return -1;
    for (uint32_t k = 0; k < a->n; k++) ids[k] = a->ivals[k];
    return (int)a->n;
  }
  if (a->kind != IR_A_DENSE || !a->str) return -1;
  if (a->str[0] != '[') {
    ids[0] = a->ival; /* a splat */
    return 1;
  }
  int n = 0;
  for (const char *t = a->str + 1; *t && *t != ']';) {
    char *end;
    long long v = strtoll(t, &end, 10);
    if (end == t || n == max) return -1;
    ids[n++] = v;
    t = end;
    while (*t == ',' || *t == ' ') t++;
  }
  return n;
}

/* The same-partition rule of lowerTokenOperations: a producer_commit or consumer_wait of a task
 * (exactly one async_task_id) that has both commits and waits of the same token is erased. */
static bool same_task_pair(walkctx *w, const ir_op *op, const ir_op *tc) {
  if (op->code != IR_OP_NVWS_PRODUCER_COMMIT && op->code != IR_OP_NVWS_CONSUMER_WAIT) return false;
  int64_t id[8];
  if (task_ids(op, id, 8) != 1) return false;
  bool commit = false, wait = false;
  for (uint32_t k = 0; k < w->n_ops; k++) {
    const ir_op *o = w->ops[k];
    if ((o->code != IR_OP_NVWS_PRODUCER_COMMIT && o->code != IR_OP_NVWS_CONSUMER_WAIT) ||
        token_create(o->operands[0]) != tc)
      continue;
    int64_t j[8];
    if (task_ids(o, j, 8) != 1 || j[0] != id[0]) continue;
    commit |= o->code == IR_OP_NVWS_PRODUCER_COMMIT;
    wait |= o->code == IR_OP_NVWS_CONSUMER_WAIT;
  }
  return commit && wait;
}

static int lower_token(walkctx *w, const ir_op *op, steps *s) {
  sim_aref_plan *p = w->p;
  static const uint8_t zero[] = {0}, one[] = {1};
  if (op->code == IR_OP_NVWS_CREATE_TOKEN) {
    const ir_attr *nb = ir_op_attr(op, "numBuffers");
    if (!nb || nb->kind != IR_A_INT || nb->ival < 1 || nb->ival > 32)
      return refuse(w, op, "numBuffers is not an integer in [1, 32]");
    if (!op->n_results) return refuse(w, op, "a create_token without its result");
    int64_t n = nb->ival;
    ir_value *arr = sval(p, memdesc(p, 2, 2 * n, p->i64));
    arr->name = "token";
    push_op(s, sop(p, IR_OP_TTG_LOCAL_ALLOC, op, NULL, zero, 1, arr, NULL, 0));
    for (int64_t i = 0; i < 2 * n; i++) {
      ir_value *v = bar_at(p, s, op, arr, konst(p, s, op, i));
      push_op(s, sop(p, IR_OP_TTNG_INIT_BARRIER, op, &v, one, 1, NULL, "count", 1));
    }
    push_op(s, sop(p, IR_OP_GPU_BARRIER, op, NULL, NULL, 0, NULL, NULL, 0));
    push(s, (sim_aref_step){.copy_src = arr, .copy_dst = op->results[0]});
    return 0;
  }
  const ir_op *tc = op->n_operands >= 2 ? token_create(op->operands[0]) : NULL;
  if (!tc) return refuse(w, op, "its token is not made by an nvws.create_token of this function");
  int64_t id[8];
  if (task_ids(op, id, 8) < 0)
    return refuse(w, op, "a token op without a readable async_task_id (doTokenLowering asserts one)");
  if (same_task_pair(w, op, tc)) return 0; /* erased: program order within the task */
  const ir_attr *lt = ir_op_attr(tc, "loadType");
  if (op->code == IR_OP_NVWS_PRODUCER_COMMIT && lt && lt->kind == IR_A_INT && lt->ival == 1)
    return refuse(w, op, "a producer_commit of an asyncLoadOp token (processProducerCommitOp asserts "
                  "the load type is not asyncLoadOp)");
  int64_t n = ir_op_attr(tc, "numBuffers")->ival;
  ir_value *arr = sval(p, memdesc(p, 2, 2 * n, p->i64));
  arr->name = "token";
  push(s, (sim_aref_step){.copy_src = op->operands[0], .copy_dst = arr});
  bool full = op->code == IR_OP_NVWS_PRODUCER_COMMIT || op->code == IR_OP_NVWS_CONSUMER_WAIT;
  ir_value *idx = op->operands[1];
  if (!full) idx = bin(p, s, op, IR_OP_ARITH_ADDI, idx, konst(p, s, op, n));
  ir_value *bar = bar_at(p, s, op, arr, idx);
  if (op->code == IR_OP_NVWS_PRODUCER_ACQUIRE || op->code == IR_OP_NVWS_CONSUMER_WAIT) {
    if (op->n_operands < 3) return refuse(w, op, "a wait without its phase");
    ir_value *ph = op->operands[2];
    /* getMBarrierPhaseBit: the producer waits on the empty barrier with the phase flipped */
    if (op->code == IR_OP_NVWS_PRODUCER_ACQUIRE) ph = bin(p, s, op, IR_OP_ARITH_XORI, ph, konst(p, s, op, 1));
    static const uint8_t wsegs[] = {1, 1, 0, 0};
    ir_value *ops[2] = {bar, ph};
    push_op(s, sop(p, IR_OP_TTNG_WAIT_BARRIER, op, ops, wsegs, 4, NULL, NULL, 0));
    return 0;
  }
  static const uint8_t asegs[] = {1, 0};
  push_op(s, sop(p, IR_OP_TTNG_ARRIVE_BARRIER, op, &bar, asegs, 2, NULL, "count", 1));
  return 0;
}

/* ttng.async_tma_store_token_wait with nvws tokens (handleOneUser): each (token, index) pair adds
 * the token's empty barrier at index with a true predicate to the op's barriers, and the op stays
 * (the synthetic copy replaces it). */
static int lower_store_wait(walkctx *w, const ir_op *op, steps *s) {
  sim_aref_plan *p = w->p;
  uint32_t nb = 0, np = 0, nt = 0, ni = 0;
  ir_value *tok = ir_seg(op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_TOKEN, NULL);
  (void)ir_seg(op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_BARRIERS, &nb);
  (void)ir_seg(op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_BARRIER_PREDS, &np);
  (void)ir_seg(op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_NVWS_TOKENS, &nt);
  (void)ir_seg(op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_NVWS_TOKEN_INDICES, &ni);
  if (!tok || nt != ni || nb != np || nb + nt > 32)
    return refuse(w, op, "nvws tokens and indices (or barriers and predicates) that do not pair up, or "
                  "more than 32 barriers");
  ir_value *bars[32], *preds[32], *ops[65];
  for (uint32_t k = 0; k < nb; k++) {
    bars[k] = op->operands[op->seg_start[IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_BARRIERS] + k];
    preds[k] = op->operands[op->seg_start[IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_BARRIER_PREDS] + k];
  }
  for (uint32_t k = 0; k < nt; k++) {
    ir_value *t = op->operands[op->seg_start[IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_NVWS_TOKENS] + k];
    ir_value *ix = op->operands[op->seg_start[IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_NVWS_TOKEN_INDICES] + k];
    const ir_op *tc = token_create(t);
    if (!tc) return refuse(w, op, "an nvws token not made by an nvws.create_token of this function");
    int64_t n = ir_op_attr(tc, "numBuffers")->ival;
    ir_value *arr = sval(p, memdesc(p, 2, 2 * n, p->i64));
    arr->name = "token";
    push(s, (sim_aref_step){.copy_src = t, .copy_dst = arr});
    bars[nb + k] = bar_at(p, s, op, arr, bin(p, s, op, IR_OP_ARITH_ADDI, ix, konst(p, s, op, n)));
    preds[nb + k] = konst_t(p, s, op, p->i1, 1);
  }
  uint32_t m = 0;
  ops[m++] = tok;
  for (uint32_t k = 0; k < nb + nt; k++) ops[m++] = bars[k];
  for (uint32_t k = 0; k < nb + nt; k++) ops[m++] = preds[k];
  const uint8_t segs[] = {1, (uint8_t)(nb + nt), (uint8_t)(nb + nt), 0, 0};
  push_op(s, sop(p, IR_OP_TTNG_TMA_STORE_TOKEN_WAIT, op, ops, segs, 5, NULL, NULL, 0));
  p->replace[op->id] = true;
  return 0;
}

bool sim_aref_replaces(const sim_aref_plan *p, const ir_op *op) {
  return p && op->id < p->fn->n_ops && p->replace[op->id];
}

/* After the last user's ancestor in the create's block: each barrier invalidated, the arrays
 * deallocated (createBarriers). */
static void lower_inval(sim_aref_plan *p, aref_info *a, steps *s) {
  static const uint8_t one[] = {1};
  const ir_op *at = a->inval_after;
  ir_value *arr[2] = {a->empty, a->full};
  for (int k = 0; k < 2; k++) {
    for (int64_t i = 0; i < a->depth; i++) {
      ir_value *v = bar_at(p, s, at, arr[k], konst(p, s, at, i));
      push_op(s, sop(p, IR_OP_TTNG_INVAL_BARRIER, at, &v, one, 1, NULL, NULL, 0));
    }
    push_op(s, sop(p, IR_OP_TTG_LOCAL_DEALLOC, at, &arr[k], one, 1, NULL, NULL, 0));
  }
}

static void keep(sim_aref_plan *p, steps *s, sim_aref_step **out, uint32_t *n) {
  *out = pmem(p, (s->n + 1) * sizeof **out);
  if (s->n) memcpy(*out, s->v, s->n * sizeof *s->v);
  *n = s->n;
  free(s->v);
  *s = (steps){0};
}

sim_aref_plan *sim_aref_plan_new(sim_machine *m, const ir_func *fn, sim_err *err, int *rc) {
  *rc = 0;
  walkctx w = {.m = m, .err = err};
  collect(&w, fn->op->regions[0]);
  bool any = false;
  for (uint32_t k = 0; k < w.n_ops; k++) any |= sim_aref_op(w.ops[k]->code);
  if (!any) {
    free(w.ops);
    return NULL;
  }
  sim_aref_plan *p = ir_xcalloc(1, sizeof *p);
  w.p = p;
  p->fn = fn;
  p->next_id = fn->n_values + 1;
  p->i1 = int_type(p, 1);
  p->i32 = int_type(p, 32);
  p->i64 = int_type(p, 64);
  p->steps = pmem(p, (fn->n_ops + 1) * sizeof *p->steps);
  p->n_steps = pmem(p, (fn->n_ops + 1) * sizeof *p->n_steps);
  p->after = pmem(p, (fn->n_ops + 1) * sizeof *p->after);
  p->tma_bar = pmem(p, (fn->n_ops + 1) * sizeof *p->tma_bar);
  p->replace = pmem(p, (fn->n_ops + 1) * sizeof *p->replace);
  p->n_after = pmem(p, (fn->n_ops + 1) * sizeof *p->n_after);
  if (m->data) *rc = refuse(&w, w.ops[0], "simulate mode does not run nvws arefs");
  if (!*rc) *rc = sim_aref_combine(m, w.ops, w.n_ops, err, &p->groups, &p->n_groups);
  for (uint32_t k = 0; !*rc && k < w.n_ops; k++) {
    const ir_op *op = w.ops[k];
    if (op->code != IR_OP_NVWS_AREF_CREATE) continue;
    const sim_aref_group *g = group_of(p, op);
    bool last = true; /* a combined aref is made at its last member's create */
    for (uint32_t j = 0; g && j < g->n; j++) last &= g->create[j]->id <= op->id;
    if (!last) continue;
    aref_info *a = IR_PUSH(p->arefs, p->n_arefs, p->cap_arefs);
    memset(a, 0, sizeof *a);
    a->create = op;
    a->grp = g;
  }
  for (uint32_t k = 0; !*rc && k < p->n_arefs; k++)
    *rc = p->arefs[k].grp ? study_group(&w, &p->arefs[k]) : study(&w, &p->arefs[k]);
  for (uint32_t k = 0; !*rc && k < w.n_ops; k++) {
    const ir_op *op = w.ops[k];
    uint32_t nt = 0;
    if (op->code == IR_OP_TTNG_TMA_STORE_TOKEN_WAIT && op->id < fn->n_ops &&
        (ir_seg(op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_NVWS_TOKENS, &nt), nt)) {
      steps s = {0};
      *rc = lower_store_wait(&w, op, &s);
      keep(p, &s, &p->steps[op->id], &p->n_steps[op->id]);
      continue;
    }
    if (!sim_aref_op(op->code) || op->id >= fn->n_ops) continue;
    if (tok_op(op->code)) {
      steps s = {0};
      *rc = lower_token(&w, op, &s);
      keep(p, &s, &p->steps[op->id], &p->n_steps[op->id]);
      continue;
    }
    if (desc_op(op->code)) { /* after its put.enter (textual order: the enter dominates it) */
      steps s = {0};
      *rc = lower_desc(&w, op, &s);
      keep(p, &s, &p->steps[op->id], &p->n_steps[op->id]);
      continue;
    }
    aref_info *a = op->code == IR_OP_NVWS_AREF_CREATE ? info_of(p, op->results[0]) : info_of(p, aref_of(op));
    if (!a) {
      *rc = refuse(&w, op, "its aref is not made by an nvws.aref.create of this function");
      break;
    }
    steps s = {0};
    if (a->grp) {
      if (op == a->create) lower_create(&w, a, &s);
      else if (op->code != IR_OP_NVWS_AREF_CREATE) *rc = lower_member(&w, a, op, &s);
      keep(p, &s, &p->steps[op->id], &p->n_steps[op->id]);
      continue;
    }
    switch (op->code) {
    case IR_OP_NVWS_AREF_CREATE: lower_create(&w, a, &s); break;
    case IR_OP_NVWS_AREF_PUT_ENTER: case IR_OP_NVWS_AREF_GET_ENTER: *rc = lower_enter(&w, a, op, &s); break;
    case IR_OP_NVWS_AREF_PUT_EXIT: case IR_OP_NVWS_AREF_GET_EXIT: *rc = lower_exit(&w, a, op, &s); break;
    case IR_OP_NVWS_AREF_BUFFER: views(p, a, op, token_stage(p, op, &s), op->results, op->n_results, &s); break;
    default: break;
    }
    keep(p, &s, &p->steps[op->id], &p->n_steps[op->id]);
  }
  for (uint32_t k = 0; !*rc && k < p->n_arefs; k++) {
    aref_info *a = &p->arefs[k];
    steps s = {0};
    lower_inval(p, a, &s);
    uint32_t id = a->inval_after->id, n0 = p->n_after[id];
    sim_aref_step *old = p->after[id];
    p->after[id] = pmem(p, (n0 + s.n + 1) * sizeof *old);
    if (n0) memcpy(p->after[id], old, n0 * sizeof *old);
    if (s.n) memcpy(p->after[id] + n0, s.v, s.n * sizeof *s.v);
    p->n_after[id] = n0 + s.n;
    free(s.v);
  }
  free(w.ops);
  if (*rc) {
    sim_aref_free(p);
    return NULL;
  }
  return p;
}

uint32_t sim_aref_values(const sim_aref_plan *p) { return p ? p->next_id - p->fn->n_values : 0; }

const sim_aref_step *sim_aref_steps(const sim_aref_plan *p, const ir_op *op, bool after, uint32_t *n) {
  *n = 0;
  if (!p || op->id >= p->fn->n_ops) return NULL;
  *n = after ? p->n_after[op->id] : p->n_steps[op->id];
  return after ? p->after[op->id] : p->steps[op->id];
}
