/* sim_compile.c: flattens a kernel function into the machine's instruction array: one code
 * region for the parent (kernel body, default partitions, inlined calls) and one per
 * warp_specialize partition; structured control becomes jumps and parallel copies. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim_amd.h"
#include "sim_size.h"

/* Where the values of a terminator (scf.yield, scf.condition, tt.return, warp_yield) go. */
typedef enum { Y_FOR, Y_IF, Y_WHILE_BEFORE, Y_WHILE_AFTER, Y_WS, Y_EXEC, Y_CALL, Y_TILE, Y_TOP } ykind;

typedef struct yctx {
  ykind kind;
  const uint32_t *dst;         /* destination slots */
  const ir_value **dst_vals;   /* destination values (payload copies) */
  uint32_t n_dst;
  uint32_t iv, step, head;     /* Y_FOR: induction slot, step slot, loop head */
  unsigned width;              /* Y_FOR: bit width of the induction variable */
  const uint32_t *dst2;        /* Y_WHILE_BEFORE: after-region block args */
  const ir_value **dst2_vals;
  uint32_t n_dst2;
  uint32_t *fix;               /* jumps to patch with the end of the construct */
  uint32_t n_fix, cap_fix;
  struct yctx *up;
} yctx;

typedef struct pending_part {
  uint32_t ws, part;
  const ir_region *reg;
  const ir_func *fn;
  ir_value **caps;             /* nvws.warp_group: the values its partitions use from above, in
                                * the order of the fork's captures (owned; NULL: block args) */
  uint32_t ncaps;
} pending_part;

typedef struct cctx {
  sim_machine *m;
  sim_err *err;
  uint32_t region;
  uint32_t *vmap;              /* slot per value id of the current function instance */
  const ir_func *fn;
  int depth;                   /* tt.call inline depth */
  yctx *y;
  pending_part *pend;
  uint32_t n_pend, cap_pend;
  const ir_value *alias_spec[16]; /* tlx.storage_alias_spec values seen, and their backing */
  uint32_t alias_alloc[16];
  uint32_t n_alias;
  struct cfgctx *cf;           /* the region of several blocks being compiled, or NULL */
} cctx;

/* A region of several blocks joined by cf.br / cf.cond_br (compile_blocks): the first pc of
 * each block once laid out, and the jumps to patch with a block's start. */
typedef struct cfgfix {
  uint32_t ins, blk;           /* a jump instruction and the block index it goes to */
} cfgfix;

typedef struct cfgctx {
  const ir_region *r;
  uint32_t *start;             /* per block index: its first pc, UINT32_MAX before layout */
  cfgfix *fix;                 /* owned; patched when the region is laid out */
  uint32_t n_fix, cap_fix;
  struct cfgctx *up;
} cfgctx;

/* ------------------------------------------------------------------ emission helpers */

static bool needs_slot(const ir_type *t) {
  if (!t) return false;
  switch (t->kind) {
  case IR_T_INT: case IR_T_INDEX: case IR_T_FLOAT: case IR_T_PTR: case IR_T_TENSORDESC:
  case IR_T_MEMDESC:
  case IR_T_TOKEN: /* names one TMA store for async_tma_store_token_wait (sim_ops_async.c) */
    return true;
  case IR_T_TENSOR: /* a tensor of !nvws.token holds the token's barrier array (sim_compile_aref.c) */
    return t->elem && t->elem->kind == IR_T_OPAQUE && t->elem->text && strstr(t->elem->text, "nvws.token");
  default:
    return false;
  }
}

static uint32_t new_slot(cctx *c) {
  sim_region *r = &c->m->regions[c->region];
  return r->n_slots++;
}

static uint32_t def_slot(cctx *c, const ir_value *v) {
  if (!needs_slot(v->type)) {
    c->vmap[v->id] = SIM_NOSLOT;
    return SIM_NOSLOT;
  }
  uint32_t s = new_slot(c);
  c->vmap[v->id] = s;
  return s;
}

/* Writes *out on every path (SIM_NOSLOT on an error), so callers never read it uninitialised. */
static int use_slot(cctx *c, const ir_value *v, uint32_t *out) {
  *out = SIM_NOSLOT;
  if (!needs_slot(v->type)) return 0;
  uint32_t s = c->vmap[v->id];
  if (s == UINT32_MAX) {
    const ir_op *where = v->def ? v->def : NULL;
    return sim_errf(c->err, c->m, where, "value %%%s is used where the model cannot see its definition",
                    v->name ? v->name : "?");
  }
  *out = s;
  return 0;
}

static uint32_t opnd_push(sim_machine *m, uint32_t s) {
  m->opnd = ir_grow(m->opnd, &m->cap_opnd, m->n_opnd + 1, sizeof *m->opnd);
  m->opnd[m->n_opnd] = s;
  return m->n_opnd++;
}

static sim_ins *emit(cctx *c, uint16_t code, const ir_op *op, uint32_t n_in, const uint32_t *in,
                     uint32_t n_out, const uint32_t *out) {
  sim_machine *m = c->m;
  /* the operand list exists even when no instruction has operands: ins_in / ins_out add
   * offsets to it (an offset added to NULL is undefined, found by fuzz_check) */
  if (!m->opnd) m->opnd = ir_grow(m->opnd, &m->cap_opnd, 1, sizeof *m->opnd);
  m->code = ir_grow(m->code, &m->cap_code, m->n_code + 1, sizeof *m->code);
  sim_ins *i = &m->code[m->n_code++];
  memset(i, 0, sizeof *i);
  i->code = code;
  i->op = op;
  i->region = (uint8_t)c->region;
  i->pred_in = SIM_NOPRED;
  i->opnd = m->n_opnd;
  i->n_in = (uint16_t)n_in;
  i->n_out = (uint16_t)n_out;
  for (uint32_t k = 0; k < n_in; k++) opnd_push(m, in[k]);
  for (uint32_t k = 0; k < n_out; k++) opnd_push(m, out[k]);
  return i;
}

static uint32_t here(cctx *c) { return c->m->n_code; }

static void yfix(yctx *y, uint32_t ins) {
  y->fix = ir_grow(y->fix, &y->cap_fix, y->n_fix + 1, sizeof *y->fix);
  y->fix[y->n_fix++] = ins;
}

static void ypatch(cctx *c, yctx *y, uint32_t target) {
  for (uint32_t k = 0; k < y->n_fix; k++) c->m->code[y->fix[k]].target = target;
  free(y->fix);
  y->fix = NULL;
  y->n_fix = y->cap_fix = 0;
}

/* Parallel copy of n values (slots src -> dst); records the IR values for payload copies. */
static int emit_copy(cctx *c, const ir_op *op, uint32_t n, const uint32_t *src,
                     const ir_value **src_vals, const uint32_t *dst, const ir_value **dst_vals) {
  if (!n) return 0;
  sim_ins *i = emit(c, SIM_I_COPY, op, n, src, n, dst);
  i->vin = ir_xmalloc(n * sizeof *i->vin, 1);
  i->vout = ir_xmalloc(n * sizeof *i->vout, 1);
  for (uint32_t k = 0; k < n; k++) {
    i->vin[k] = src_vals ? src_vals[k] : NULL;
    i->vout[k] = dst_vals ? dst_vals[k] : NULL;
  }
  return 0;
}

static int slots_of(cctx *c, ir_value *const *vals, uint32_t n, uint32_t *out) {
  for (uint32_t k = 0; k < n; k++)
    if (use_slot(c, vals[k], &out[k])) return -1;
  return 0;
}

/* ------------------------------------------------------------------ op classification */

static uint8_t visibility(const ir_op *op) {
  switch (op->code) {
  case IR_OP_TTG_BARRIER: case IR_OP_GPU_BARRIER:
    return SIM_V_NONE; /* partition-scoped bar.sync: a no-op for an atomic agent */
  case IR_OP_TTG_LOCAL_LOAD: case IR_OP_TTG_LOCAL_STORE: case IR_OP_TTNG_TMEM_LOAD:
  case IR_OP_TTNG_TMEM_STORE: case IR_OP_TTG_REMOTE_SHMEM_STORE:
  case IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW: /* a shared-memory read-modify-write (sim_ops_mem.c) */
  case IR_OP_TT_DESCRIPTOR_LOAD: case IR_OP_TT_DESCRIPTOR_STORE: /* global boxes (sim_global.c) */
  case IR_OP_TT_DESCRIPTOR_REDUCE:
  case IR_OP_TTNG_CLC_QUERY_CANCEL: case IR_OP_TTNG_CLC_LOAD_RESULT: /* CLC responses (sim_clc.c) */
    return SIM_V_MEM;
  case IR_OP_TTNG_FENCE_ASYNC_SHARED:
    return SIM_V_SYNC;
  case IR_OP_TTG_LOCAL_ALLOC: case IR_OP_TTNG_TMEM_ALLOC: /* with a value: writes the buffer */
    return sim_alloc_writes(op) ? SIM_V_MEM : SIM_V_NONE;
  default: break;
  }
  switch (ir_ops[op->code].cls) {
  case IR_C_BARRIER: case IR_C_ASYNC_WAIT: return SIM_V_SYNC;
  case IR_C_ASYNC: return SIM_V_ASYNC;
  default: return SIM_V_NONE;
  }
}

/* Segment holding an op's predicate operand, or -1. */
static int pred_seg(ir_opcode code) {
  switch (code) {
  case IR_OP_TTNG_WAIT_BARRIER: return 2;
  case IR_OP_TTNG_ARRIVE_BARRIER: return 1;
  case IR_OP_TTNG_BARRIER_EXPECT: return 1;
  case IR_OP_TTNG_TMA_G2L: return 4;
  case IR_OP_TTNG_TMA_GATHER: return 5;
  case IR_OP_TTNG_TMEM_STORE: return 3;
  case IR_OP_TTNG_TC_GEN5_MMA: return 5;
  case IR_OP_TTNG_TC_GEN5_MMA_SCALED: return 7;
  case IR_OP_TTNG_TC_GEN5_COMMIT: return 1;
  case IR_OP_AMDG_COND_BARRIER: return 0;
  default: return -1;
  }
}

/* Why the model refuses an op the op table marks IR_F_SIM_NO (a format taking the op's
 * name): a reason per op where there is more to say than the default. */
static const char *const refusal_reason[IR_OP__COUNT] = {
#define CLC "%s is the fork's high-level cluster launch control, before the pass that materializes " \
            "its response buffer and mbarrier (which CTA and which partition issue the request is " \
            "left to that pass): the model checks the lowered form (ttng.clc_try_cancel / " \
            "async_clc_try_cancel, wait_barrier, clc_load_result)"
    [IR_OP_TTNG_CLC_ADVANCE] = CLC, [IR_OP_TTNG_CLC_TRY_CANCEL_ASYNC] = CLC,
    [IR_OP_TTNG_CLC_READ] = CLC,
#undef CLC
    [IR_OP_TTNG_TWO_CTA_PEER_GATHER] =
        "%s is not modelled: it is the fork's abstract 2-CTA exchange (each CTA's result is CTA 0's first half and CTA "
        "1's second half of src along split_dim), with no synchronization of its own and no LLVM "
        "lowering: the nvgpu-materialize-2cta-exchange pass rewrites it together with its "
        "consumer local_store and the following full-barrier arrive (init count raised to 2, a "
        "barrier_expect added) into local_store + ttg.async_remote_shmem_store to the peer; the "
        "model checks that materialized form",
};

/* The refusal of an op the model does not run (the op table's IR_F_SIM_NO column), or NULL.
 * AMD ops (IR_F_SIM_AMD) are decided by sim_amd_check_op before this: which the AMD model runs
 * (sim_amd_ops.c, sim_amd_mbar.c), which it refuses on every AMD target and why (amd_refusal),
 * and that every one is refused in an NVIDIA kernel. */
static const char *refusal(ir_opcode code) {
  if (!(ir_op_flags[code] & IR_F_SIM_NO)) return NULL;
  return refusal_reason[code] ? refusal_reason[code]
                              : "%s is not supported by the model yet; the kernel cannot be checked";
}

/* ------------------------------------------------------------------ allocations */

static uint32_t new_alloc(cctx *c, const ir_op *op, uint8_t space) {
  sim_machine *m = c->m;
  if (!m->n_allocs) m->n_allocs = 1; /* id 0 unused */
  uint32_t id = m->n_allocs;
  sim_alloc *al = IR_PUSH(m->allocs, m->n_allocs, m->cap_allocs);
  al->op = op;
  al->space = space;
  al->init_ins = UINT32_MAX;
  al->bar_base = UINT32_MAX;
  al->tmem_col = op ? ir_op_attr_int(op, "tensor_memory_col_offset", -1) : -1;
  const ir_type *t = op && op->n_results ? op->results[0]->type : NULL;
  al->name = op && op->n_results && op->results[0]->name ? op->results[0]->name : "alloc";
  if (t && t->kind == IR_T_MEMDESC) {
    al->rank = t->rank;
    al->ebytes = t->elem ? ir_type_elem_bytes(t->elem) : 1;
    if (al->ebytes <= 0) al->ebytes = 1;
    for (int d = 0; d < t->rank; d++) al->shape[d] = t->shape[d];
    uint64_t s = (uint64_t)al->ebytes;
    bool fits = true;
    for (int d = t->rank - 1; d >= 0; d--) {
      al->stride[d] = (int64_t)s;
      fits = fits && t->shape[d] >= 0 && sim_mul_u64(s, (uint64_t)t->shape[d], &s);
    }
    /* shared / tensor memory is far below 4 GiB: a larger buffer is refused at its op */
    if (!fits || s > UINT32_MAX) {
      sim_errf(c->err, m, op, "this buffer of %s bytes is larger than any GPU memory space the "
               "model knows (at most 4 GiB)", fits ? "more than 2^32" : "over 2^64");
      return UINT32_MAX;
    }
    al->bytes = (uint32_t)s;
  } else if (op && op->code == IR_OP_TTG_GLOBAL_SCRATCH_ALLOC) {
    al->space = SIM_SPACE_GLOBAL;
    al->ebytes = 1;
    al->rank = 1;
    al->bytes = (uint32_t)ir_op_attr_int(op, "nbytes", 0);
    al->shape[0] = al->bytes;
    al->stride[0] = 1;
  }
  if (id >= 0xfff) return 0;
  return id;
}

/* tlx.storage_alias_local_alloc (sim_compile_alias.c): the first of a spec's allocations makes the
 * backing allocation, typed as the largest of them; each is a view at its offset 0, regular
 * when its type is the backing's (or both are TMEM views), else laid out contiguously
 * (imm2 = 1: sim_exec_alloc marks the view irregular, as tlx.local_alias would). With a
 * tlx.set_buffer_overlap the backing has the placement's size and the memdesc_index ops of the
 * allocation rewrite their index (sim_compile_overlap.c; sim_ins.ovl). */
static int alias_alloc(cctx *c, const ir_op *op, sim_ins *i) {
  sim_machine *m = c->m;
  const ir_value *spec = op->n_operands ? op->operands[0] : NULL;
  const ir_type *t = op->n_results ? op->results[0]->type : NULL;
  if (!spec || !t || t->kind != IR_T_MEMDESC) return sim_errf(c->err, m, op, "malformed %s", ir_ops[op->code].name);
  const ir_op *overlap = NULL;
  const ir_op *big = sim_alias_group(c->fn, spec, &overlap);
  uint32_t placed = 0;
  if (overlap && sim_overlap_alias(m, c->err, c->fn, op, overlap, &placed)) return -1;
  if (!big) big = op;
  uint32_t k = 0;
  while (k < c->n_alias && c->alias_spec[k] != spec) k++;
  if (k == c->n_alias) {
    if (k == 16) return sim_errf(c->err, m, op, "more than 16 storage_alias_spec values in one kernel");
    const ir_type *bt = big->results[0]->type;
    bool tmem = bt->space && bt->space->enc && bt->space->enc->kind == IR_E_SPACE_TMEM;
    uint32_t id = new_alloc(c, big, tmem ? SIM_SPACE_TMEM : SIM_SPACE_SHARED);
    if (id == UINT32_MAX) return -1;
    if (!id) return sim_errf(c->err, m, op, "too many allocations (more than 4094)");
    c->alias_spec[k] = spec;
    c->alias_alloc[k] = id;
    c->n_alias++;
    if (overlap) {
      m->allocs[id].bytes = placed;
      m->allocs[id].placed = 1;
    }
  }
  const sim_alloc *al = &m->allocs[c->alias_alloc[k]];
  i->imm = c->alias_alloc[k];
  sim_vtype at, bt, vt;
  sim_vtype_decode(al->op && al->op->n_results ? al->op->results[0]->type : NULL, &at);
  sim_vtype_decode(big->results[0]->type, &bt);
  sim_vtype_decode(t, &vt);
  i->imm2 = op != big && !sim_view_alias_regular(al, &at, &bt, &vt);
  return 0;
}

/* ------------------------------------------------------------------ compiling */

static int compile_block(cctx *c, const ir_block *b);
static int compile_blocks(cctx *c, const ir_region *r);
static int compile_branch(cctx *c, const ir_op *op);
static int compile_region_inline(cctx *c, const ir_region *r);

static int map_block_args(cctx *c, const ir_block *b, uint32_t *slots) {
  for (uint32_t k = 0; k < b->n_args; k++) {
    uint32_t s = def_slot(c, b->args[k]);
    if (slots) slots[k] = s;
  }
  return 0;
}

static int compile_for(cctx *c, const ir_op *op) {
  uint32_t n_lb, n_ub, n_step, n_init;
  ir_value *lb = ir_seg(op, IR_SEG_SCF_FOR_LB, &n_lb), *ub = ir_seg(op, IR_SEG_SCF_FOR_UB, &n_ub);
  ir_value *step = ir_seg(op, IR_SEG_SCF_FOR_STEP, &n_step);
  ir_seg(op, IR_SEG_SCF_FOR_INITS, &n_init);
  if (!lb || !ub || !step || op->n_regions < 1 || op->regions[0]->n_blocks < 1)
    return sim_errf(c->err, c->m, op, "malformed scf.for");
  const ir_block *body = op->regions[0]->blocks[0];
  if (body->n_args != 1 + n_init) return sim_errf(c->err, c->m, op, "scf.for body arguments do not match");
  uint32_t s_lb, s_ub, s_step;
  if (use_slot(c, lb, &s_lb) || use_slot(c, ub, &s_ub) || use_slot(c, step, &s_step)) return -1;
  uint32_t in3[3] = {s_lb, s_ub, s_step};
  emit(c, SIM_I_FOR_INIT, op, 3, in3, 0, NULL)->imm = sim_int_width(lb->type);
  uint32_t n = 1 + n_init;
  uint32_t *src = ir_xcalloc(n, sizeof *src), *dst = ir_xcalloc(n, sizeof *dst);
  const ir_value **sv = ir_xcalloc(n, sizeof *sv), **dv = ir_xcalloc(n, sizeof *dv);
  src[0] = s_lb;
  sv[0] = lb;
  for (uint32_t k = 0; k < n_init; k++) {
    sv[k + 1] = op->operands[op->seg_start[3] + k];
    if (use_slot(c, sv[k + 1], &src[k + 1])) goto fail;
  }
  map_block_args(c, body, dst);
  for (uint32_t k = 0; k < n; k++) dv[k] = body->args[k];
  /* The bound and the step are read on every iteration: keep private copies so that the
   * loop never depends on slots that later code may reuse. */
  uint32_t ub2 = new_slot(c), step2 = new_slot(c);
  uint32_t cs[2] = {s_ub, s_step}, cd[2] = {ub2, step2};
  emit_copy(c, op, 2, cs, NULL, cd, NULL);
  emit_copy(c, op, n, src, sv, dst, dv);
  uint32_t head = here(c);
  uint32_t tin[2] = {dst[0], ub2};
  sim_ins *t = emit(c, SIM_I_FOR_TEST, op, 2, tin, 0, NULL);
  t->imm = sim_int_width(lb->type);
  uint32_t test = head;
  yctx y = {.kind = Y_FOR, .dst = dst + 1, .dst_vals = dv + 1, .n_dst = n_init, .iv = dst[0],
            .step = step2, .head = head, .width = sim_int_width(lb->type), .up = c->y};
  c->y = &y;
  int rc = compile_block(c, body);
  c->y = y.up;
  free(y.fix);
  if (rc) goto fail;
  if (!body->last || body->last->code != IR_OP_SCF_YIELD) {
    /* the printed form omits an empty scf.yield */
    uint32_t in[2] = {dst[0], step2};
    sim_ins *s = emit(c, SIM_I_FOR_STEP, op, 2, in, 1, &dst[0]);
    s->target = head;
    s->imm = sim_int_width(lb->type);
  }
  c->m->code[test].target = here(c);
  /* results = final iter values */
  if (op->n_results) {
    uint32_t *rs = ir_xcalloc(op->n_results, sizeof *rs);
    for (uint32_t k = 0; k < op->n_results; k++) rs[k] = def_slot(c, op->results[k]);
    emit_copy(c, op, op->n_results, dst + 1, dv + 1, rs, (const ir_value **)op->results);
    free(rs);
  }
  free(src); free(dst); free(sv); free(dv);
  return 0;
fail:
  free(src); free(dst); free(sv); free(dv);
  return -1;
}

static int compile_if(cctx *c, const ir_op *op) {
  uint32_t s_cond;
  if (!op->n_operands || use_slot(c, op->operands[0], &s_cond)) return -1;
  uint32_t *rs = ir_xcalloc(op->n_results + 1, sizeof *rs);
  for (uint32_t k = 0; k < op->n_results; k++) rs[k] = def_slot(c, op->results[k]);
  uint32_t br = here(c);
  emit(c, SIM_I_BRZ, op, 1, &s_cond, 0, NULL);
  yctx y = {.kind = Y_IF, .dst = rs, .dst_vals = (const ir_value **)op->results,
            .n_dst = op->n_results, .up = c->y};
  c->y = &y;
  int rc = 0;
  if (op->n_regions >= 1 && op->regions[0]->n_blocks) rc = compile_region_inline(c, op->regions[0]);
  if (!rc) {
    yfix(&y, here(c));
    emit(c, SIM_I_JMP, op, 0, NULL, 0, NULL);
    c->m->code[br].target = here(c);
    if (op->n_regions >= 2 && op->regions[1]->n_blocks) rc = compile_region_inline(c, op->regions[1]);
  }
  c->y = y.up;
  ypatch(c, &y, here(c));
  free(rs);
  return rc;
}

static int compile_while(cctx *c, const ir_op *op) {
  if (op->n_regions < 2 || !op->regions[0]->n_blocks || !op->regions[1]->n_blocks)
    return sim_errf(c->err, c->m, op, "malformed scf.while");
  const ir_block *before = op->regions[0]->blocks[0], *after = op->regions[1]->blocks[0];
  uint32_t n_init = op->n_operands;
  uint32_t *src = ir_xcalloc(n_init + 1, sizeof *src), *bargs = ir_xcalloc(before->n_args + 1, sizeof *bargs);
  uint32_t *aargs = ir_xcalloc(after->n_args + 1, sizeof *aargs), *rs = ir_xcalloc(op->n_results + 1, sizeof *rs);
  int rc = slots_of(c, op->operands, n_init, src);
  if (!rc) {
    map_block_args(c, before, bargs);
    map_block_args(c, after, aargs);
    for (uint32_t k = 0; k < op->n_results; k++) rs[k] = def_slot(c, op->results[k]);
    emit_copy(c, op, n_init, src, (const ir_value **)op->operands, bargs,
              (const ir_value **)before->args);
    uint32_t head = here(c);
    yctx yb = {.kind = Y_WHILE_BEFORE, .dst = rs, .dst_vals = (const ir_value **)op->results,
               .n_dst = op->n_results, .dst2 = aargs, .dst2_vals = (const ir_value **)after->args,
               .n_dst2 = after->n_args, .up = c->y};
    c->y = &yb;
    rc = compile_block(c, before);
    c->y = yb.up;
    if (!rc) {
      yctx ya = {.kind = Y_WHILE_AFTER, .dst = bargs, .dst_vals = (const ir_value **)before->args,
                 .n_dst = before->n_args, .head = head, .up = c->y};
      c->y = &ya;
      rc = compile_block(c, after);
      c->y = ya.up;
      free(ya.fix);
    }
    ypatch(c, &yb, here(c));
  }
  free(src); free(bargs); free(aargs); free(rs);
  return rc;
}

static int compile_call(cctx *c, const ir_op *op) {
  const ir_attr *ca = ir_op_attr(op, "callee");
  const char *name = ca ? ca->str : NULL;
  if (name && name[0] == '@') name++;
  const ir_func *f = name ? ir_module_func(c->m->mod, name) : NULL;
  if (!f || !f->op || !f->op->n_regions || !f->op->regions[0]->n_blocks)
    return sim_errf(c->err, c->m, op, "tt.call of unknown function @%s", name ? name : "?");
  if (c->depth >= 16)
    return sim_errf(c->err, c->m, op, "tt.call nests deeper than 16 (recursion is not supported)");
  const ir_block *entry = f->op->regions[0]->blocks[0];
  uint32_t *args = ir_xcalloc(op->n_operands + 1, sizeof *args);
  if (slots_of(c, op->operands, op->n_operands, args)) {
    free(args);
    return -1;
  }
  uint32_t *rs = ir_xcalloc(op->n_results + 1, sizeof *rs);
  for (uint32_t k = 0; k < op->n_results; k++) rs[k] = def_slot(c, op->results[k]);
  /* a fresh value map for this inlined instance */
  uint32_t *saved_map = c->vmap;
  const ir_func *saved_fn = c->fn;
  c->vmap = ir_xmalloc((f->n_values + 1) * sizeof *c->vmap, 1);
  memset(c->vmap, 0xff, (f->n_values + 1) * sizeof *c->vmap);
  c->fn = f;
  c->depth++;
  uint32_t *pargs = ir_xcalloc(entry->n_args + 1, sizeof *pargs);
  map_block_args(c, entry, pargs);
  uint32_t n = entry->n_args < op->n_operands ? entry->n_args : op->n_operands;
  emit_copy(c, op, n, args, (const ir_value **)op->operands, pargs, (const ir_value **)entry->args);
  yctx y = {.kind = Y_CALL, .dst = rs, .dst_vals = (const ir_value **)op->results,
            .n_dst = op->n_results, .up = c->y};
  c->y = &y;
  int rc = compile_blocks(c, f->op->regions[0]); /* its entry arguments are pargs */
  c->y = y.up;
  ypatch(c, &y, here(c));
  c->depth--;
  free(c->vmap);
  c->vmap = saved_map;
  c->fn = saved_fn;
  free(pargs); free(args); free(rs);
  return rc;
}

/* Why a ttng.subtiled_region cannot be expanded as lowerSubtiledRegion expands it, or NULL:
 * the rules of SubtiledRegionOp::verify (numTiles >= 1, per_tile a multiple of it, the yield
 * terminator, numTiles results per yielded value with its type, K + M block arguments and an
 * optional trailing i32 tile index), one block (SizedRegion<1>), and block arguments typed as
 * the operands bound to them (the verifier does not check it; the clones would be ill-typed). */
static const char *subtiled_shape(const ir_op *op, int64_t n, uint32_t *k_pos, uint32_t *n_shared) {
  uint32_t n_pt, n_sh;
  ir_seg(op, IR_SEG_TTNG_SUBTILED_REGION_PER_TILE, &n_pt);
  ir_seg(op, IR_SEG_TTNG_SUBTILED_REGION_SHARED, &n_sh);
  *n_shared = n_sh;
  ir_value *const *sh = op->operands + op->seg_start[IR_SEG_TTNG_SUBTILED_REGION_SHARED];
  if (n < 1 || n > 1024) return "numTiles must be an integer in [1, 1024]";
  if (n_pt % (uint64_t)n) return "the number of per_tile operands is not a multiple of numTiles";
  if (op->n_regions != 1 || op->regions[0]->n_blocks != 1) return "the tile region must have one block";
  const ir_block *b = op->regions[0]->blocks[0];
  const ir_op *y = b->last;
  if (!y || y->code != IR_OP_TTNG_SUBTILED_REGION_YIELD)
    return "the tile region must end with ttng.subtiled_region_yield";
  if ((uint64_t)y->n_operands * (uint64_t)n != op->n_results)
    return "the op must have numTiles results per yielded value";
  for (uint32_t r = 0; r < op->n_results; r++)
    if (op->results[r]->type != y->operands[r / n]->type) return "a result's type is not its yielded value's";
  uint32_t k = n_pt / (uint32_t)n;
  *k_pos = k;
  if (b->n_args != k + n_sh && b->n_args != k + n_sh + 1)
    return "the tile region needs one block argument per per_tile position and per shared operand, "
           "and optionally an i32 tile index";
  if (b->n_args == k + n_sh + 1) {
    const ir_type *t = b->args[k + n_sh]->type;
    if (t->kind != IR_T_INT || t->bits != 32) return "the tile index argument must be i32";
  }
  for (uint32_t j = 0; j < k; j++)
    for (int64_t t = 0; t < n; t++)
      if (op->operands[j * n + t]->type != b->args[j]->type)
        return "a per_tile operand's type is not its block argument's";
  for (uint32_t j = 0; j < n_sh; j++)
    if (sh[j]->type != b->args[k + j]->type) return "a shared operand's type is not its block argument's";
  return NULL;
}

/* ttng.subtiled_region as the fork's lowerSubtiledRegion expands it (lib/Dialect/
 * TritonNvidiaGPU/IR/Ops.cpp, db4666f; the warp-specialization pass calls it on every such op,
 * docs/SubtileOperator.md): the tile body once per tile t = 0 .. numTiles-1 in tile order,
 * block argument j < K bound to per_tile[j*numTiles + t], K + j to shared[j], the trailing
 * tile index to the constant t (arith.constant t : i32); yielded value j of tile t becomes
 * result j*numTiles + t. Each tile is a fresh instance of the body's values (as tt.call's). */
static int compile_subtiled(cctx *c, const ir_op *op) {
  const ir_attr *na = ir_op_attr(op, "numTiles");
  int64_t n = na && na->kind == IR_A_INT ? na->ival : 0;
  uint32_t k = 0, n_sh = 0;
  const char *why = subtiled_shape(op, n, &k, &n_sh);
  if (why) return sim_errf(c->err, c->m, op, "ttng.subtiled_region: %s (SubtiledRegionOp::verify)", why);
  const ir_block *b = op->regions[0]->blocks[0];
  ir_value *const *sh = op->operands + op->seg_start[IR_SEG_TTNG_SUBTILED_REGION_SHARED];
  bool has_idx = b->n_args == k + n_sh + 1;
  uint32_t ny = b->last->n_operands;
  uint32_t *rs = ir_xcalloc(op->n_results + 1, sizeof *rs);
  for (uint32_t r = 0; r < op->n_results; r++) rs[r] = def_slot(c, op->results[r]);
  uint32_t *src = ir_xcalloc(b->n_args + 1, sizeof *src), *dst = ir_xcalloc(b->n_args + 1, sizeof *dst);
  const ir_value **sv = ir_xcalloc(b->n_args + 1, sizeof *sv);
  uint32_t *ydst = ir_xcalloc(ny + 1, sizeof *ydst);
  const ir_value **yv = ir_xcalloc(ny + 1, sizeof *yv);
  int rc = 0;
  for (int64_t t = 0; t < n && !rc; t++) {
    for (uint32_t j = 0; j < k; j++) sv[j] = op->operands[j * n + t];
    for (uint32_t j = 0; j < n_sh; j++) sv[k + j] = sh[j];
    if (slots_of(c, (ir_value *const *)sv, k + n_sh, src)) {
      rc = -1;
      break;
    }
    map_block_args(c, b, dst);
    emit_copy(c, op, k + n_sh, src, sv, dst, (const ir_value **)b->args);
    if (has_idx && dst[k + n_sh] != SIM_NOSLOT) /* the clone's arith.constant t : i32 */
      emit(c, IR_OP_ARITH_CONSTANT, op, 0, NULL, 1, &dst[k + n_sh])->imm = t;
    for (uint32_t j = 0; j < ny; j++) {
      ydst[j] = rs[j * n + t];
      yv[j] = op->results[j * n + t];
    }
    yctx y = {.kind = Y_TILE, .dst = ydst, .dst_vals = yv, .n_dst = ny, .up = c->y};
    c->y = &y;
    rc = compile_block(c, b);
    c->y = y.up;
    free(y.fix);
  }
  free(rs); free(src); free(dst); free(sv); free(ydst); free(yv);
  return rc;
}

/* The default region, partition regions and captures of a ttg.warp_specialize. */
static int ws_shape(const ir_op *op, const ir_region **def, const ir_region **parts, uint32_t *np,
                    uint32_t *np_all, ir_value *const **caps, uint32_t *ncaps) {
  *def = NULL;
  *np = *np_all = 0;
  *caps = op->operands;
  *ncaps = op->n_operands;
  for (uint32_t k = 0; k < op->n_regions; k++) {
    const ir_region *r = op->regions[k];
    if (r->label && !strncmp(r->label, "partition", 9)) {
      if (*np < SIM_MAX_AGENTS) parts[(*np)++] = r;
      ++*np_all;
    } else if (!*def && (!r->label || !strcmp(r->label, "default"))) {
      /* a region that only holds the partitions op is not the default region */
      const ir_op *first = r->n_blocks ? r->blocks[0]->first : NULL;
      if (first && first->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) {
        for (uint32_t j = 0; j < first->n_regions && *np < SIM_MAX_AGENTS; j++)
          parts[(*np)++] = first->regions[j];
        *np_all += first->n_regions;
        if (!*ncaps) {
          *caps = first->operands;
          *ncaps = first->n_operands;
        }
      } else {
        *def = r;
      }
    }
  }
  return *def ? 0 : -1;
}

/* The wave id of partition p's first wave: its warpGroupStartIds entry, else the waves of the
 * default and of the partitions before it (sim_layout.c agent_first_warp). */
static int64_t part_start(const sim_machine *m, const int64_t *ids, uint32_t n_ids, const int32_t *nw,
                          uint32_t p) {
  if (ids && p < n_ids) return ids[p];
  int64_t w = m->num_warps;
  for (uint32_t k = 0; k < p; k++) w += nw[k];
  return w;
}

/* gfx1250: warp_specialize op has the partitions of the kernel's first one (ws0): as many, with
 * the same num_warps and the same first wave ids. */
static bool same_partition_waves(const sim_machine *m, const sim_ws *ws0, const ir_op *op,
                                 const ir_region *const *parts, uint32_t np) {
  if (np != ws0->n_parts) return false;
  int32_t nw0[SIM_MAX_AGENTS], nw1[SIM_MAX_AGENTS];
  for (uint32_t k = 0; k < np; k++) {
    nw0[k] = (int32_t)m->regions[ws0->part_region[k]].num_warps;
    nw1[k] = (int32_t)parts[k]->num_warps;
    if (nw0[k] != nw1[k]) return false;
  }
  const ir_attr *ids = ir_op_attr(op, "warpGroupStartIds");
  const int64_t *v = ids && ids->kind == IR_A_DENSE_ARRAY ? ids->ivals : NULL;
  uint32_t n = v ? ids->n : 0;
  for (uint32_t k = 0; k < np; k++)
    if (part_start(m, ws0->start_ids, ws0->n_start_ids, nw0, k) != part_start(m, v, n, nw1, k)) return false;
  return true;
}

/* v is defined inside region r (by an op or as a block argument of a block nested in r). */
static bool defined_in(const ir_value *v, const ir_region *r) {
  const ir_block *b = v->def ? v->def->parent : v->block;
  while (b) {
    if (b->parent == r) return true;
    const ir_op *up = b->parent ? b->parent->parent : NULL;
    b = up ? up->parent : NULL;
  }
  return false;
}

static void wg_uses(const ir_region *r, const ir_region *part, ir_value ***caps, uint32_t *n, uint32_t *cap) {
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *o = r->blocks[b]->first; o; o = o->next) {
      for (uint32_t k = 0; k < o->n_operands; k++) {
        ir_value *v = o->operands[k];
        if (defined_in(v, part)) continue;
        uint32_t j = 0;
        while (j < *n && (*caps)[j] != v) j++;
        if (j == *n) *(ir_value **)IR_PUSH(*caps, *n, *cap) = v;
      }
      for (uint32_t k = 0; k < o->n_regions; k++) wg_uses(o->regions[k], part, caps, n, cap);
    }
}

/* NVWSLowerWarpGroup (the fork's LowerWarpGroup.cpp): the first region is the default one when
 * its num_warps is the module's (its terminator's operands are the results), else the default
 * region is empty; the other regions are the partitions, in order, and every value they use from
 * above (getUsedValuesDefinedAbove over all of them) is captured by each (the pass also
 * rematerializes constants and pure tensor ops, and passes other tensors through shared memory:
 * neither changes synchronization). */
static int wg_shape(const sim_machine *m, const ir_op *op, const ir_region **def, const ir_region **parts,
                    uint32_t *np, uint32_t *np_all, ir_value ***caps, uint32_t *ncaps) {
  *def = NULL;
  *np = *np_all = 0;
  *caps = NULL;
  *ncaps = 0;
  uint32_t first = 0, cap = 0;
  if (op->n_regions && op->regions[0]->num_warps == (int32_t)m->num_warps) {
    *def = op->regions[0];
    first = 1;
  } else if (op->n_results) {
    return -1;
  }
  for (uint32_t k = first; k < op->n_regions; k++) {
    if (*np < SIM_MAX_AGENTS) parts[(*np)++] = op->regions[k];
    ++*np_all;
    wg_uses(op->regions[k], op->regions[k], caps, ncaps, &cap);
  }
  return 0;
}

static int compile_ws_body(cctx *c, const ir_op *op, const ir_region *def, const ir_region *const *parts,
                           uint32_t np, uint32_t np_all, ir_value *const *caps, uint32_t ncaps);

/* A ttg.warp_specialize, or an nvws.warp_group run as the one NVWSLowerWarpGroup makes of it. */
static int compile_ws(cctx *c, const ir_op *op) {
  sim_machine *m = c->m;
  if (c->region != 0)
    return sim_errf(c->err, c->m, op, "ttg.warp_specialize inside a partition is not supported");
  if (ir_op_ancestor(op, IR_OP_TTNG_SUBTILED_REGION)) /* the fork makes subtiled regions inside partitions */
    return sim_errf(c->err, c->m, op, "ttg.warp_specialize inside a ttng.subtiled_region is not supported");
  const ir_region *def, *parts[SIM_MAX_AGENTS];
  uint32_t np, np_all, ncaps;
  ir_value *const *caps;
  ir_value **wg_caps = NULL; /* nvws.warp_group: the captures (handed to its pending parts) */
  bool wg = op->code == IR_OP_NVWS_WARP_GROUP;
  if (wg) {
    if (wg_shape(m, op, &def, parts, &np, &np_all, &wg_caps, &ncaps))
      return sim_errf(c->err, c->m, op, "nvws.warp_group with results whose first region does not have "
                      "the module's num-warps (NVWSLowerWarpGroup fails: no default region)");
    caps = wg_caps;
  } else if (ws_shape(op, &def, parts, &np, &np_all, &caps, &ncaps))
    return sim_errf(c->err, c->m, op, "ttg.warp_specialize without a default region");
  int rc = compile_ws_body(c, op, def, parts, np, np_all, caps, ncaps);
  free(wg_caps);
  return rc;
}

static int compile_ws_body(cctx *c, const ir_op *op, const ir_region *def, const ir_region *const *parts, uint32_t np,
                       uint32_t np_all, ir_value *const *caps, uint32_t ncaps) {
  sim_machine *m = c->m;
  bool wg = op->code == IR_OP_NVWS_WARP_GROUP;
  /* agents (the default and one per partition, per CTA) are bits of 32-bit masks in the
   * state (waiters, releases, blocked sets): at most SIM_MAX_AGENTS of them */
  uint32_t ctas = m->n_ctas ? m->n_ctas : 1;
  if ((uint64_t)(np_all + 1) * ctas > SIM_MAX_AGENTS)
    return sim_errf(c->err, c->m, op, "ttg.warp_specialize with %u partitions%s: the model runs at "
                    "most %u agents per machine (the default and each partition, in each of %u "
                    "CTA%s): agent sets are 32-bit masks in the model's state, so at most %u "
                    "partitions per CTA", np_all, ctas > 1 ? " per CTA" : "", SIM_MAX_AGENTS, ctas,
                    ctas > 1 ? "s" : "", SIM_MAX_AGENTS / ctas - 1);
  if (m->amd_gfx) {
    /* gfx1250: every wave of every partition is an agent (sim_amd_machine.c), after the
     * default's num_warps waves */
    uint32_t waves = m->num_warps;
    for (uint32_t k = 0; k < np; k++) {
      if (parts[k]->num_warps < 1)
        return sim_errf(c->err, c->m, op, "ttg.warp_specialize partition %u without num_warps", k);
      waves += (uint32_t)parts[k]->num_warps;
    }
    if (np != np_all || waves > SIM_MAX_AGENTS)
      return sim_errf(c->err, c->m, op, "ttg.warp_specialize with %u waves in all: the AMD model runs "
                      "every wave as an agent, at most %d", waves, SIM_MAX_AGENTS);
    /* MODEL (docs/amd-gfx1250.md): a later warp_specialize runs on the same partition waves
     * (the worker waves loop back to the switch of WarpSpecializeUtility.cpp between two), so
     * the model reuses the first one's agents: its partitions must have the same waves */
    if (m->n_ws && !same_partition_waves(m, &m->ws[0], op, parts, np))
      return sim_errf(c->err, c->m, op, "a second ttg.warp_specialize on gfx1250 whose partitions "
                      "differ from the first's (number, num_warps or warpGroupStartIds): the model runs "
                      "every warp_specialize of a kernel on the same partition waves");
  }
  uint32_t w = m->n_ws;
  sim_ws *ws = IR_PUSH(m->ws, m->n_ws, m->cap_ws);
  ws->n_parts = np;
  ws->n_caps = ncaps;
  const ir_attr *ids = ir_op_attr(op, "warpGroupStartIds"); /* sim_layout.c agent_first_warp */
  if (ids && ids->kind == IR_A_DENSE_ARRAY) {
    ws->start_ids = ids->ivals;
    ws->n_start_ids = ids->n;
  }
  ws->cap_slots = ir_xcalloc(ncaps + 1, sizeof *ws->cap_slots);
  ws->cap_vals = ir_xcalloc(ncaps + 1, sizeof *ws->cap_vals);
  for (uint32_t k = 0; k < ncaps; k++) {
    ws->cap_vals[k] = caps[k];
    if (use_slot(c, caps[k], &ws->cap_slots[k])) return -1;
  }
  if (np > m->max_parts) m->max_parts = np;
  ws->fork_ins = here(c);
  sim_ins *f = emit(c, SIM_I_FORK, op, ncaps, ws->cap_slots, 0, NULL);
  f->vis = SIM_V_SYNC;
  f->imm = w;
  uint32_t *rs = ir_xcalloc(op->n_results + 1, sizeof *rs);
  for (uint32_t k = 0; k < op->n_results; k++) rs[k] = def_slot(c, op->results[k]);
  yctx y = {.kind = Y_WS, .dst = rs, .dst_vals = (const ir_value **)op->results,
            .n_dst = op->n_results, .up = c->y};
  c->y = &y;
  int rc = def ? compile_region_inline(c, def) : 0;
  c->y = y.up;
  ypatch(c, &y, here(c));
  free(rs);
  if (rc) return rc;
  m->ws[w].join_ins = here(c);
  sim_ins *j = emit(c, SIM_I_JOIN, op, 0, NULL, 0, NULL);
  j->vis = SIM_V_SYNC;
  j->imm = w;
  for (uint32_t k = 0; k < np; k++) {
    c->pend = ir_grow(c->pend, &c->cap_pend, c->n_pend + 1, sizeof *c->pend);
    c->pend[c->n_pend++] = (pending_part){.ws = w, .part = k, .reg = parts[k], .fn = c->fn};
    if (wg) { /* the partition reads the captured values themselves (no block arguments) */
      c->pend[c->n_pend - 1].caps = ir_xcalloc(ncaps + 1, sizeof *caps);
      if (ncaps) memcpy(c->pend[c->n_pend - 1].caps, caps, ncaps * sizeof *caps);
      c->pend[c->n_pend - 1].ncaps = ncaps;
    }
  }
  return 0;
}

/* Terminators: where yielded values go. */
static int compile_yield(cctx *c, const ir_op *op) {
  yctx *y = c->y;
  if (!y) return sim_errf(c->err, c->m, op, "%s outside a construct the model knows", ir_ops[op->code].name);
  uint32_t n = op->n_operands;
  uint32_t *src = ir_xcalloc(n + 1, sizeof *src);
  if (slots_of(c, op->operands, n, src)) {
    free(src);
    return -1;
  }
  const ir_value **sv = (const ir_value **)op->operands;
  switch (y->kind) {
  case Y_FOR: {
    emit_copy(c, op, n < y->n_dst ? n : y->n_dst, src, sv, y->dst, y->dst_vals);
    uint32_t in[2] = {y->iv, y->step};
    sim_ins *s = emit(c, SIM_I_FOR_STEP, op, 2, in, 1, &y->iv);
    s->target = y->head;
    s->imm = y->width;
    break;
  }
  case Y_IF: case Y_WS: case Y_EXEC: case Y_CALL:
    emit_copy(c, op, n < y->n_dst ? n : y->n_dst, src, sv, y->dst, y->dst_vals);
    yfix(y, here(c));
    emit(c, SIM_I_JMP, op, 0, NULL, 0, NULL);
    break;
  case Y_WHILE_AFTER: {
    emit_copy(c, op, n < y->n_dst ? n : y->n_dst, src, sv, y->dst, y->dst_vals);
    sim_ins *j = emit(c, SIM_I_JMP, op, 0, NULL, 0, NULL);
    j->target = y->head;
    break;
  }
  case Y_WHILE_BEFORE: {
    /* scf.condition(%k) args: results = args; exit unless k; after-args = args */
    if (n < 1) break;
    emit_copy(c, op, (n - 1) < y->n_dst ? n - 1 : y->n_dst, src + 1, sv + 1, y->dst, y->dst_vals);
    yfix(y, here(c));
    emit(c, SIM_I_BRZ, op, 1, &src[0], 0, NULL);
    emit_copy(c, op, (n - 1) < y->n_dst2 ? n - 1 : y->n_dst2, src + 1, sv + 1, y->dst2, y->dst2_vals);
    break;
  }
  case Y_TILE: /* the tile's results; the next tile's copy follows */
    emit_copy(c, op, n < y->n_dst ? n : y->n_dst, src, sv, y->dst, y->dst_vals);
    break;
  case Y_TOP:
    break;
  }
  free(src);
  return 0;
}

/* Attributes the step functions need, decoded once into the instruction (the step loop does
 * not look attributes up by name): counts, sizes, pendings and arrive flags (sim_internal.h
 * SIM_ARRIVE_*). */
/* ir_op_attr_ints into int32 slots: up to max of them; the number stored, -1 when absent. */
static int attr_ints(const ir_op *op, const char *name, int32_t *out, int max) {
  int64_t v[IR_MAX_RANK];
  assert(max <= IR_MAX_RANK);
  int n = ir_op_attr_ints(op, name, v, max);
  if (n > max) n = max;
  for (int k = 0; k < n; k++) out[k] = (int32_t)v[k];
  return n;
}

/* An axis attribute (an integer, or the keyword x / y / z) as 0..2. */
static int32_t attr_axis(const ir_op *op, const char *name, const char *alt) {
  const ir_attr *ax = ir_op_attr(op, name);
  if (!ax && alt) ax = ir_op_attr(op, alt);
  int32_t axis = 0;
  if (ax && ax->kind == IR_A_INT) axis = (int32_t)ax->ival;
  else if (ax && ax->str) axis = ax->str[0] == 'y' ? 1 : ax->str[0] == 'z' ? 2 : 0;
  return axis < 0 || axis > 2 ? 0 : axis;
}

int sim_compile_bar_spaces(const ir_op *op) {
  const ir_attr *at = ir_op_attr(op, "addrSpace");
  const char *sp = at && at->str ? at->str : "all";
  return (strstr(sp, "local") || strstr(sp, "all") ? 1 : 0) | (strstr(sp, "global") || strstr(sp, "all") ? 2 : 0);
}

const ir_value *sim_compile_seg0(const ir_op *op, int seg) { return ir_seg(op, seg, NULL); }

bool sim_compile_seg_bounds(const ir_op *op, int k, uint32_t *lo, uint32_t *hi) {
  if (!op || k >= op->n_segs) return false;
  *lo = op->seg_start[k];
  *hi = op->seg_start[k + 1];
  return true;
}

bool sim_compile_tid_x(const ir_op *op) {
  const ir_attr *ax = ir_op_attr(op, "dimension");
  return !ax || (ax->kind == IR_A_INT ? ax->ival == 0 : !ax->str || ax->str[0] == 'x');
}

/* What running op needs of its attributes and operand segments, into i (sim_ins: the step
 * loop reads no attribute by name and no segment table of the IR). */
static void decode_attrs(sim_ins *i, const ir_op *op) {
  i->n_seg = op->n_segs;
  memcpy(i->seg, op->seg_start, (size_t)(op->n_segs + 1) * sizeof *i->seg);
  i->af = (uint16_t)((attr_true(op, "isAsync") || attr_true(op, "is_async") ? SIM_AF_ASYNC : 0) |
                     (attr_true(op, "multicast") ? SIM_AF_MULTICAST : 0) |
                     (attr_true(op, "two_cta") || attr_true(op, "two_ctas") ? SIM_AF_TWO_CTA : 0) |
                     (ir_op_has_attr(op, "ctaMask") ? SIM_AF_CTA_MASK : 0) |
                     (ir_op_has_attr(op, "reduce_kind") ? SIM_AF_REDUCE : 0));
  /* scalar ops; queries and views use its widths */
  ir_opclass cl = ir_ops[op->code].cls;
  if (cl == IR_C_SCALAR || cl == IR_C_QUERY || cl == IR_C_VIEW || op->code == IR_OP_TTNG_CLC_GET_PROGRAM_ID)
    sim_scalar_decode(op, &i->sc);
  switch (op->code) {
  case IR_OP_TT_GET_PROGRAM_ID: case IR_OP_TT_GET_NUM_PROGRAMS: case IR_OP_NVGPU_CLUSTER_ID:
  case IR_OP_NVG_CLUSTER_ID: case IR_OP_TTNG_CLUSTER_CTA_ID: case IR_OP_TTG_WARP_ID:
  case IR_OP_TTNG_CLUSTER_SIZE_1D: case IR_OP_GPU_THREAD_ID: case IR_OP_ROCDL_WORKITEM_ID_X:
    i->ai = attr_axis(op, "axis", "dimension");
    if ((op->code == IR_OP_GPU_THREAD_ID || op->code == IR_OP_ROCDL_WORKITEM_ID_X) && sim_compile_tid_x(op))
      i->af |= SIM_AF_TID_X;
    break;
  case IR_OP_TTNG_CLC_GET_PROGRAM_ID: i->ai = attr_axis(op, "dim", NULL); break;
  case IR_OP_TTG_MEMDESC_SUBSLICE: {
    int n = attr_ints(op, "offsets", i->xi, IR_MAX_RANK);
    if (n >= 0) {
      i->n_xi = (uint8_t)n;
      i->af |= SIM_AF_HAS_AI;
    }
    break;
  }
  case IR_OP_TTNG_TMEM_SUBSLICE:
    if (attr_ints(op, "N", &i->ai, 1) >= 0 || attr_ints(op, "offset", &i->ai, 1) >= 0) i->af |= SIM_AF_HAS_AI;
    break;
  case IR_OP_AMDG_ASYNC_WAIT: i->ai = (int32_t)ir_op_attr_int(op, "num_inst", 0); break;
  case IR_OP_AMDG_MEMORY_COUNTER_WAIT:
    if (attr_ints(op, "load", &i->ai, 1) >= 0) i->af |= SIM_AF_HAS_AI;
    if (attr_ints(op, "ds", &i->xi[0], 1) >= 0) i->af |= SIM_AF_HAS_AI2;
    break;
  case IR_OP_TTG_BARRIER: i->ai = sim_compile_bar_spaces(op); break;
  case IR_OP_TTNG_TMA_REDUCE: {
    const ir_attr *k = ir_op_attr(op, "kind");
    i->astr = k && k->str ? k->str : "add";
    break;
  }
  default: break;
  }
  switch (op->code) {
  case IR_OP_TTNG_INIT_BARRIER: case IR_OP_AMDG_INIT_BARRIER: case IR_OP_AMDG_ARRIVE_BARRIER:
    i->imm = ir_op_attr_int(op, "count", 1);
    break;
  case IR_OP_AMDG_TDM_WAIT: i->imm = ir_op_attr_int(op, "num", 0); break;
  case IR_OP_AMDG_TDM_INTRINSIC_WAIT: i->imm = ir_op_attr_int(op, "count", 0); break;
  case IR_OP_TTNG_BARRIER_EXPECT: i->imm = ir_op_attr_int(op, "size", 0); break;
  case IR_OP_TTNG_ARRIVE_BARRIER: {
    i->imm = ir_op_attr_int(op, "count", 1);
    const ir_attr *mask = ir_op_attr(op, "ctaMask");
    i->imm2 = (attr_true(op, "perThread") ? SIM_ARRIVE_PER_THREAD : 0) |
              (mask ? SIM_ARRIVE_MASKED | ((int64_t)(uint32_t)mask->ival << 32) : 0);
    break;
  }
  case IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE: i->imm = attr_true(op, "noIncrement"); break;
  case IR_OP_TTNG_TMA_STORE_WAIT:
  case IR_OP_TTNG_WARP_GROUP_DOT_WAIT: i->imm = ir_op_attr_int(op, "pendings", 0); break;
  case IR_OP_TTG_ASYNC_WAIT: i->imm = ir_op_attr_int(op, "num", 0); break;
  case IR_OP_TTNG_TMA_STORE_TOKEN_WAIT: i->imm = op->seg_start[0]; break; /* the token operand */
  default: break;
  }
}

static int compile_op1(cctx *c, const ir_op *op);

/* The steps of an nvws aref op, or those after an op (sim_compile_aref.c): synthetic ops
 * compiled like the others, and slot copies at op. */
static int aref_steps(cctx *c, const ir_op *op, bool after) {
  sim_machine *m = c->m;
  uint32_t n = 0;
  const sim_aref_step *s = c->fn == m->fn ? sim_aref_steps(m->aref, op, after, &n) : NULL;
  for (uint32_t k = 0; k < n; k++, s++) {
    if (s->op) {
      if (compile_op1(c, s->op)) return -1;
      if (s->inplace) {
        uint32_t slot;
        if (use_slot(c, s->inplace, &slot)) return -1;
        const sim_ins *i = &m->code[m->n_code - 1];
        m->opnd[i->opnd + i->n_in] = slot;
      }
      continue;
    }
    uint32_t src, dst;
    if (use_slot(c, s->copy_src, &src)) return -1;
    dst = def_slot(c, s->copy_dst);
    if (emit_copy(c, op, 1, &src, NULL, &dst, NULL)) return -1;
  }
  return 0;
}

static int compile_op(cctx *c, const ir_op *op) {
  uint32_t nt = 0;
  if (op->code == IR_OP_TTNG_TMA_STORE_TOKEN_WAIT && !sim_aref_replaces(c->m->aref, op) &&
      (ir_seg(op, IR_SEG_TTNG_TMA_STORE_TOKEN_WAIT_NVWS_TOKENS, &nt), nt))
    return sim_errf(c->err, c->m, op, "%s with nvws tokens not made by an nvws.create_token of the kernel "
                    "function is not supported by the model", ir_ops[op->code].name);
  if (sim_aref_op(op->code) || sim_aref_replaces(c->m->aref, op)) {
    if (c->fn != c->m->fn || !c->m->aref)
      return sim_errf(c->err, c->m, op, "%s outside the kernel function (in a called function) is not "
                      "supported by the model", ir_ops[op->code].name);
    return aref_steps(c, op, false);
  }
  if (compile_op1(c, op)) return -1;
  return c->m->aref ? aref_steps(c, op, true) : 0;
}

static int compile_op1(cctx *c, const ir_op *op) {
  sim_machine *m = c->m;
  ir_opcode code = op->code;
  if (sim_amd_check_op(m, op, c->err)) return -1;
  const char *why = refusal(code);
  if (why) return sim_errf(c->err, c->m, op, why, ir_ops[code].name);
  if (m->amd_gfx && m->amd_wp && op->id < m->fn->n_ops && (m->amd_wp[op->id] & ~SIM_WP_INSIDE)) {
    /* a warp pipeline's barriers before this op, in the order ConvertWarpPipeline writes them:
     * the previous pipeline's reconverge, this one's prelude, a cluster barrier
     * (sim_compile_amd_wpipe.c) */
    static const struct { uint8_t flag; uint16_t code; int64_t imm; } wpb[] = {
        {SIM_WP_CBAR_LOW, SIM_I_AMD_CBAR, 0}, {SIM_WP_PRE_LOCAL, SIM_I_AMD_BAR, 0},
        {SIM_WP_CBAR_HIGH, SIM_I_AMD_CBAR, 1}, {SIM_WP_BAR_LOCAL, SIM_I_AMD_BAR, 0},
        {SIM_WP_BAR_RAW, SIM_I_AMD_SBAR, 0}};
    for (size_t k = 0; k < sizeof wpb / sizeof wpb[0]; k++)
      if (m->amd_wp[op->id] & wpb[k].flag) {
        sim_ins *s = emit(c, wpb[k].code, op, 0, NULL, 0, NULL);
        s->vis = SIM_V_SYNC;
        s->imm = wpb[k].imm;
      }
  }
  if (m->amd_gfx && sim_amd_bar_before(m, op)) {
    /* a CTA barrier Triton's Membar pass puts before this op (sim_compile_amd_membar.c) */
    sim_ins *s = emit(c, SIM_I_AMD_BAR, op, 0, NULL, 0, NULL);
    s->vis = SIM_V_SYNC;
  }
  /* paired-CTA ops (cta_group::2) the model cannot run are refused (sim_pair.c) */
  if (sim_pair_check_op(m, op, c->err)) return -1;
  if (sim_pair_mma_cluster_sync(m, op)) {
    /* upstream's barrier.cluster arrive + wait before a paired MMA (sim_compile_pair.c) */
    sim_ins *s = emit(c, SIM_I_CLSYNC, op, 0, NULL, 0, NULL);
    s->vis = SIM_V_SYNC;
    s->imm = 2;
  }
  switch (code) {
  case IR_OP_SCF_FOR: return compile_for(c, op);
  case IR_OP_SCF_IF: return compile_if(c, op);
  case IR_OP_SCF_WHILE: return compile_while(c, op);
  case IR_OP_SCF_EXECUTE_REGION: {
    uint32_t *rs = ir_xcalloc(op->n_results + 1, sizeof *rs);
    for (uint32_t k = 0; k < op->n_results; k++) rs[k] = def_slot(c, op->results[k]);
    yctx y = {.kind = Y_EXEC, .dst = rs, .dst_vals = (const ir_value **)op->results,
              .n_dst = op->n_results, .up = c->y};
    c->y = &y;
    int rc = op->n_regions ? compile_region_inline(c, op->regions[0]) : 0;
    c->y = y.up;
    ypatch(c, &y, here(c));
    free(rs);
    return rc;
  }
  case IR_OP_SCF_YIELD: case IR_OP_SCF_CONDITION: case IR_OP_TTG_WARP_YIELD: case IR_OP_NVWS_WARP_GROUP_YIELD:
    return compile_yield(c, op);
  case IR_OP_NVWS_WARP_GROUP_RETURN: /* the default region's terminator yields (no values) */
    if (c->y && c->y->kind == Y_WS) return compile_yield(c, op);
    emit(c, SIM_I_PEND, op, 0, NULL, 0, NULL);
    return 0;
  case IR_OP_TTNG_SUBTILED_REGION: return compile_subtiled(c, op);
  case IR_OP_TTNG_SUBTILED_REGION_YIELD:
    if (!c->y || c->y->kind != Y_TILE) /* only directly in the tile block (ODS ParentOneOf) */
      return sim_errf(c->err, c->m, op, "ttng.subtiled_region_yield outside the tile region of a "
                      "ttng.subtiled_region");
    return compile_yield(c, op);
  case IR_OP_TT_RETURN:
    if (c->depth == 0) {
      /* implicit cluster barrier before ret for clustered kernels (tlx-ir.md §0); NVIDIA
       * only: Triton's AMD lowering adds none (its CTAs share no LDS, sim_amd_cluster.c) */
      if (m->n_ctas > 1 && !m->amd_gfx) {
        sim_ins *s = emit(c, SIM_I_CLSYNC, op, 0, NULL, 0, NULL);
        s->vis = SIM_V_SYNC;
        s->imm = 1;
      }
      emit(c, SIM_I_END, op, 0, NULL, 0, NULL);
      return 0;
    }
    return compile_yield(c, op);
  case IR_OP_TTG_WARP_RETURN:
    emit(c, SIM_I_PEND, op, 0, NULL, 0, NULL);
    return 0;
  case IR_OP_TT_CALL: return compile_call(c, op);
  case IR_OP_CF_BR: case IR_OP_CF_COND_BR: return compile_branch(c, op);
  case IR_OP_TTG_WARP_SPECIALIZE: case IR_OP_NVWS_WARP_GROUP: return compile_ws(c, op);
  case IR_OP_TT_REDUCE_RETURN: case IR_OP_TT_SCAN_RETURN: case IR_OP_TT_MAP_ELEMENTWISE_RETURN:
    return 0; /* only inside combiner regions, which the data plane evaluates */
  default: break;
  }
  ir_opclass cls = ir_ops[code].cls;
  if (cls == IR_C_META) return 0;
  /* layout bookkeeping on a memory descriptor (TTIR / pre-propagation TTGIR): the same view */
  if ((code == IR_OP_TLX_REQUIRE_LAYOUT || code == IR_OP_TLX_RELEASE_LAYOUT ||
       code == IR_OP_TTG_CONVERT_LAYOUT) && op->n_operands == 1 && op->n_results == 1 &&
      op->results[0]->type->kind == IR_T_MEMDESC) {
    uint32_t src, dst;
    if (use_slot(c, op->operands[0], &src)) return -1;
    dst = def_slot(c, op->results[0]);
    return emit_copy(c, op, 1, &src, (const ir_value **)op->operands, &dst, (const ir_value **)op->results);
  }
  if (cls == IR_C_SPECIAL)
    return sim_errf(c->err, c->m, op, "%s cannot appear inside a function body", ir_ops[code].name);
  /* an undefined token (a loop's initial value, pipelined code): names no TMA store, 0 */
  /* ... and an undefined global pointer (a loop-carried pointer's initial value, pipelined
   * code): the model computes no synchronization from a global address, 0 */
  if (code == IR_OP_UB_POISON && op->n_results == 1 &&
      (op->results[0]->type->kind == IR_T_TOKEN || op->results[0]->type->kind == IR_T_PTR)) {
    uint32_t zero = SIM_NOSLOT, dst = def_slot(c, op->results[0]);
    return emit_copy(c, op, 1, &zero, NULL, &dst, NULL);
  }

  /* An op with regions that no case above compiles would run as one instruction with its
   * regions skipped: a kernel whose synchronization sits in them would verify unseen (it
   * happened to ttng.subtiled_region before compile_subtiled). Only the combiner regions of
   * reductions, scans and elementwise maps, which the data plane evaluates, are expected. */
  if (op->n_regions && code != IR_OP_TT_REDUCE && code != IR_OP_TT_SCAN && code != IR_OP_TT_MAP_ELEMENTWISE)
    return sim_errf(c->err, c->m, op, "%s has regions the model does not run", ir_ops[code].name);
  /* Every other op: inputs = its operands, outputs = its results, in order. */
  uint32_t nin = op->n_operands, nout = op->n_results;
  uint32_t *in = ir_xcalloc(nin + 1, sizeof *in), *out = ir_xcalloc(nout + 1, sizeof *out);
  if (slots_of(c, op->operands, nin, in)) {
    free(in);
    free(out);
    return -1;
  }
  for (uint32_t k = 0; k < nout; k++) out[k] = def_slot(c, op->results[k]);
  sim_ins *i = emit(c, (uint16_t)code, op, nin, in, nout, out);
  free(in);
  free(out);
  if (op == m->cl_init_after) {
    /* the implicit cluster sync after the last entry-block barrier init (tlx-ir.md §0) */
    sim_ins *s = emit(c, SIM_I_CLSYNC, op, 0, NULL, 0, NULL);
    s->vis = SIM_V_SYNC;
    s->imm = 0;
    i = s - 1;
  }
  i->vis = visibility(op);
  decode_attrs(i, op);
  /* simulate mode: the data plane's view of the op's attributes (sim_compile_dec.c), decoded now
   * rather than when the op first computes (ops only the data plane reaches, a reduction's
   * combiner, are decoded on their first use by the same function) */
  if (m->data) (void)sim_data_dec(m->data, op);
  if (m->amd_gfx) i->vis = sim_amd_visibility(op, i->vis);
  if (m->amd_gfx == 1250 && sim_amd_mbar_op(code)) sim_amd_mbar_compile(m, i, op);
  /* a cluster_barrier inside warp_specialize (or an nvws.warp_group) meets only its own region
   * in the other CTAs (sim_ops_bar.c, partition_cluster_op) */
  if (code == IR_OP_TTNG_CLUSTER_BARRIER) i->imm = ir_op_ws_ancestor(op) != NULL;
  int ps = pred_seg(code);
  if (ps >= 0 && ps < op->n_segs) {
    uint32_t n = 0;
    ir_seg(op, ps, &n);
    if (n == 1) {
      i->pred_in = op->seg_start[ps];
      i->dyn_pred = 1;
    }
  }
  if (m->amd_gfx && sim_amd_bar_after(op)) {
    /* Membar puts a CTA barrier after every async wait (sim_compile_amd_membar.c) */
    sim_ins *s = emit(c, SIM_I_AMD_BAR, op, 0, NULL, 0, NULL);
    s->vis = SIM_V_SYNC;
    return 0;
  }
  if (code == IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC) return alias_alloc(c, op, i);
  if (code == IR_OP_TTG_MEMDESC_INDEX) return sim_overlap_index_op(m, c->err, c->fn, op, &i->ovl);
  if (cls == IR_C_ALLOC) {
    uint8_t space = code == IR_OP_TTNG_TMEM_ALLOC ? SIM_SPACE_TMEM : SIM_SPACE_SHARED;
    if (code == IR_OP_TTG_LOCAL_DEALLOC) return 0;
    if (code == IR_OP_TTG_GLOBAL_SCRATCH_ALLOC) space = SIM_SPACE_GLOBAL;
    uint32_t id = new_alloc(c, op, space);
    if (id == UINT32_MAX) return -1; /* err set */
    if (!id) return sim_errf(c->err, c->m, op, "too many allocations (more than 4094)");
    i->imm = id;
    return 0;
  }
  if (code == IR_OP_ARITH_CONSTANT) {
    const ir_attr *a = ir_op_attr(op, "value");
    const ir_type *t = nout ? op->results[0]->type : NULL;
    if (!t || !needs_slot(t)) {
      i->data_op = 1;
      return 0;
    }
    if (!a) return sim_errf(c->err, c->m, op, "arith.constant without a value");
    if (a->kind == IR_A_INT || a->kind == IR_A_BOOL) i->imm = (int64_t)sim_trunc((uint64_t)a->ival, sim_int_width(t));
    else if (a->kind == IR_A_FLOAT) i->imm = (int64_t)sim_bits_from_double(sim_dtype_of(t), a->fval, SIM_RNE);
    else return sim_errf(c->err, c->m, op, "arith.constant value of an unsupported kind");
    return 0;
  }
  if (cls == IR_C_SCALAR || cls == IR_C_TENSOR) {
    /* tensor-producing ops (and scalars computed from tensors) need payloads: simulate mode only */
    bool all_scalar = true;
    for (uint32_t k = 0; k < op->n_operands; k++)
      if (!needs_slot(op->operands[k]->type) && op->operands[k]->type->kind != IR_T_TOKEN) all_scalar = false;
    for (uint32_t k = 0; k < op->n_results; k++)
      if (!needs_slot(op->results[k]->type) || op->results[k]->type->kind == IR_T_TOKEN) all_scalar = false;
    if (cls == IR_C_TENSOR || !all_scalar) i->data_op = 1;
    if (code == IR_OP_TT_MAKE_TENSOR_DESC || code == IR_OP_TTNG_REINTERPRET_TENSOR_DESC) i->data_op = 1;
  }
  return 0;
}

static int compile_block(cctx *c, const ir_block *b) {
  for (const ir_op *op = b->first; op; op = op->next)
    if (compile_op(c, op)) return -1;
  return 0;
}

/* The blocks of region r (its entry block's arguments already have slots). One block is
 * straight-line code; several, joined by cf.br / cf.cond_br, are laid out in reverse
 * postorder, each branch becoming the parallel copy of its operands into the target's block
 * arguments and a jump (compile_branch), as scf.for / scf.while become (MLIR's block
 * argument semantics). A cycle among the blocks is a loop like an scf.while: its back edge is
 * a backward jump (sim_may_cycle), and a run that does not end hits the explorer's bounds. */
static int compile_blocks(cctx *c, const ir_region *r) {
  if (!r->n_blocks) return 0;
  if (r->n_blocks == 1) return compile_block(c, r->blocks[0]);
  uint32_t *order = ir_xcalloc(r->n_blocks + 1, sizeof *order);
  uint32_t n = ir_region_rpo(r, order);
  /* AMD: Membar's barrier placement (sim_compile_amd_membar.c) runs over the blocks in order,
   * each entered with the join of the branches into it: a DAG of forward branches (an early
   * exit) of the kernel's body. A branch back to an earlier block (a loop through blocks) is
   * refused at it, and so are the blocks of a callee or of a nested region (the wave analysis,
   * sim_compile_amd_waves.c, and Membar's walk follow the kernel's body only). */
  const ir_op *fop = c->m->fn->op;
  if (c->m->amd_gfx && n > 1 && !(fop && fop->n_regions && r == fop->regions[0])) {
    const ir_op *br = r->blocks[0]->last;
    free(order);
    return sim_errf(c->err, c->m, br, "unstructured control flow (%s between the blocks of a "
                    "region) is not supported by the AMD model outside the kernel's body",
                    ir_ops[br->code].name);
  }
  for (uint32_t b = 0; c->m->amd_gfx && b < r->n_blocks; b++) {
    const ir_op *br = r->blocks[b]->last;
    for (uint32_t s = 0; br && s < br->n_successors; s++)
      if (br->successors[s] && br->successors[s]->parent == r && br->successors[s]->index <= b) {
        free(order);
        return sim_errf(c->err, c->m, br, "unstructured control flow (%s between the blocks of a "
                        "region) is not supported by the AMD model: its barrier placement "
                        "(sim_compile_amd_membar.c) follows forward branches only (here a branch "
                        "back to ^%s)", ir_ops[br->code].name,
                        br->successors[s]->label ? br->successors[s]->label : "?");
      }
  }
  cfgctx g = {.r = r, .start = ir_xmalloc((r->n_blocks + 1) * sizeof *g.start, 1), .up = c->cf};
  memset(g.start, 0xff, (r->n_blocks + 1) * sizeof *g.start);
  for (uint32_t k = 1; k < n; k++) map_block_args(c, r->blocks[order[k]], NULL);
  c->cf = &g;
  int rc = 0;
  for (uint32_t k = 0; k < n && !rc; k++) {
    g.start[order[k]] = here(c);
    rc = compile_block(c, r->blocks[order[k]]);
  }
  c->cf = g.up;
  for (uint32_t k = 0; k < g.n_fix && !rc; k++) {
    assert(g.start[g.fix[k].blk] != UINT32_MAX); /* every successor of a laid-out block is */
    c->m->code[g.fix[k].ins].target = g.start[g.fix[k].blk];
  }
  free(g.fix); free(g.start); free(order);
  return rc;
}

/* A jump to block `to` of the region being laid out, patched by compile_blocks. */
static int branch_to(cctx *c, const ir_op *op, const ir_block *to) {
  cfgctx *g = c->cf;
  if (!g || !to || to->parent != g->r)
    return sim_errf(c->err, c->m, op, "%s to a block outside its region", ir_ops[op->code].name);
  g->fix = ir_grow(g->fix, &g->cap_fix, g->n_fix + 1, sizeof *g->fix);
  g->fix[g->n_fix++] = (cfgfix){.ins = here(c), .blk = to->index};
  emit(c, SIM_I_JMP, op, 0, NULL, 0, NULL);
  return 0;
}

/* The parallel copy of segment seg of a branch into the arguments of block `to`. */
static int branch_args(cctx *c, const ir_op *op, int seg, const ir_block *to) {
  uint32_t n = 0;
  ir_seg(op, seg, &n);
  ir_value *const *vals = n ? op->operands + op->seg_start[seg] : NULL;
  if (!to || n != to->n_args)
    return sim_errf(c->err, c->m, op, "%s passes %u values to a block of %u arguments",
                    ir_ops[op->code].name, n, to ? to->n_args : 0);
  if (!n) return 0;
  uint32_t *src = ir_xcalloc(n, sizeof *src), *dst = ir_xcalloc(n, sizeof *dst);
  int rc = slots_of(c, vals, n, src);
  for (uint32_t k = 0; k < n && !rc; k++) dst[k] = c->vmap[to->args[k]->id];
  if (!rc) emit_copy(c, op, n, src, (const ir_value **)vals, dst, (const ir_value **)to->args);
  free(src); free(dst);
  return rc;
}

/* cf.br ^b(args): copy, jump. cf.cond_br %c, ^t(a), ^f(b): branch on %c to the false edge;
 * each edge copies its own operands (a block may be both targets, with different values). */
static int compile_branch(cctx *c, const ir_op *op) {
  if (op->code == IR_OP_CF_BR) {
    if (op->n_successors != 1) return sim_errf(c->err, c->m, op, "malformed cf.br");
    if (branch_args(c, op, IR_SEG_CF_BR_ARGS, op->successors[0])) return -1;
    return branch_to(c, op, op->successors[0]);
  }
  uint32_t nc = 0;
  ir_value *cond = ir_seg(op, IR_SEG_CF_COND_BR_COND, &nc);
  uint32_t s_cond;
  if (op->n_successors != 2 || nc != 1 || !cond) return sim_errf(c->err, c->m, op, "malformed cf.cond_br");
  /* AMD: the model runs lane 0 of each wave (sim_amd_wave_tid); a branch the lanes of one wave
   * take differently (an early exit of some lanes) is not modelled */
  if (c->m->amd_gfx && !sim_amd_lane_uniform(c->m, cond))
    return sim_errf(c->err, c->m, op, "cf.cond_br on a condition that may differ between the lanes of "
                    "a wave (computed from the thread id): the AMD model runs one lane per wave and "
                    "does not model a branch some lanes of a wave take");
  if (use_slot(c, cond, &s_cond)) return -1;
  uint32_t br = here(c);
  emit(c, SIM_I_BRZ, op, 1, &s_cond, 0, NULL);
  if (branch_args(c, op, IR_SEG_CF_COND_BR_TRUE_ARGS, op->successors[0]) ||
      branch_to(c, op, op->successors[0]))
    return -1;
  c->m->code[br].target = here(c);
  if (branch_args(c, op, IR_SEG_CF_COND_BR_FALSE_ARGS, op->successors[1])) return -1;
  return branch_to(c, op, op->successors[1]);
}

static int compile_region_inline(cctx *c, const ir_region *r) {
  if (!r->n_blocks) return 0;
  map_block_args(c, r->blocks[0], NULL);
  return compile_blocks(c, r);
}

static uint32_t new_region(sim_machine *m, int32_t ws, int32_t part, int32_t warps, const char *label) {
  m->regions = ir_grow(m->regions, &m->cap_regions, m->n_regions + 1, sizeof *m->regions);
  sim_region *r = &m->regions[m->n_regions];
  memset(r, 0, sizeof *r);
  r->start = m->n_code;
  r->n_slots = 1; /* slot 0: discard */
  r->ws = ws;
  r->part = part;
  r->num_warps = warps;
  r->label = label;
  return m->n_regions++;
}

int sim_compile(sim_machine *m, sim_err *err) {
  const ir_func *fn = m->fn;
  if (!fn->op || !fn->op->n_regions || !fn->op->regions[0]->n_blocks)
    return sim_errf(err, m, fn->op, "kernel @%s has no body", fn->name);
  /* a kernel receives pointers, tensor descriptors and scalars; a memory descriptor argument
   * (device functions, lowering tests) names shared memory nobody allocated */
  const ir_block *blk0 = fn->op->regions[0]->blocks[0];
  for (uint32_t k = 0; k < blk0->n_args; k++)
    if (blk0->args[k]->type && blk0->args[k]->type->kind == IR_T_MEMDESC)
      return sim_errf(err, m, fn->op, "argument %%%s of @%s is a memory descriptor (!ttg.memdesc): a "
                      "kernel's arguments are global pointers, tensor descriptors and scalars, "
                      "so its shared or tensor memory is unknown; check the kernel that "
                      "allocates it", blk0->args[k]->name ? blk0->args[k]->name : "?", fn->name);
  int arc = 0;
  m->aref = sim_aref_plan_new(m, fn, err, &arc); /* nvws arefs (sim_compile_aref.c) */
  if (arc) return arc;
  /* the kernel's value map also holds the synthetic values of its arefs */
  uint32_t nv = fn->n_values + 1 + sim_aref_values(m->aref);
  cctx c = {.m = m, .err = err, .fn = fn};
  c.vmap = ir_xmalloc(nv * sizeof *c.vmap, 1);
  memset(c.vmap, 0xff, nv * sizeof *c.vmap);
  c.region = new_region(m, -1, -1, (int32_t)m->num_warps, "default");
  const ir_block *entry = fn->op->regions[0]->blocks[0];
  /* kernel arguments: slots 1..n in entry order (values set by sim_init) */
  m->arg_slots = ir_xcalloc(entry->n_args + 1, sizeof *m->arg_slots);
  map_block_args(&c, entry, m->arg_slots);
  /* each !tt.tensordesc argument names a global tensor: an allocation of its own (distinct
   * arguments are taken to be distinct tensors) */
  m->arg_galloc = ir_xcalloc(entry->n_args + 1, sizeof *m->arg_galloc);
  for (uint32_t k = 0; k < entry->n_args; k++) {
    const ir_value *v = entry->args[k];
    const ir_type *blk = v->type && v->type->kind == IR_T_TENSORDESC ? v->type->elem : NULL;
    if (!blk) continue;
    uint32_t id = new_alloc(&c, NULL, SIM_SPACE_GLOBAL);
    if (!id) break;
    sim_alloc *al = &m->allocs[id];
    al->name = v->name ? v->name : "desc";
    al->is_desc = 1;
    al->rank = blk->rank;
    al->ebytes = blk->elem ? ir_type_elem_bytes(blk->elem) : 1;
    for (int d = 0; d < blk->rank && d < IR_MAX_RANK; d++) al->shape[d] = blk->shape[d];
    m->arg_galloc[k] = (uint16_t)id;
  }
  yctx top = {.kind = Y_TOP};
  c.y = &top;
  int rc = compile_blocks(&c, fn->op->regions[0]);
  if (!rc && (m->n_code == 0 || m->code[m->n_code - 1].code != SIM_I_END))
    emit(&c, SIM_I_END, NULL, 0, NULL, 0, NULL);
  m->regions[0].end = m->n_code;
  free(c.vmap);
  /* partitions, each its own region */
  for (uint32_t k = 0; !rc && k < c.n_pend; k++) {
    pending_part *p = &c.pend[k];
    const ir_region *reg = p->reg;
    /* an nvws.warp_group's partitions are numbered as the ttg.warp_specialize it becomes */
    const char *plabel = p->caps ? NULL : reg->label;
    c.region = new_region(m, (int32_t)p->ws, (int32_t)p->part, reg->num_warps > 0 ? reg->num_warps : 1,
                          plabel);
    if (!plabel) {
      char *label = ir_xmalloc(24, 1);
      snprintf(label, 24, "partition%u", p->part);
      m->regions[c.region].label = label;
      m->regions[c.region].owns_label = true;
    }
    c.fn = p->fn;
    nv = p->fn->n_values + 1 + (p->fn == fn ? sim_aref_values(m->aref) : 0);
    c.vmap = ir_xmalloc(nv * sizeof *c.vmap, 1);
    memset(c.vmap, 0xff, nv * sizeof *c.vmap);
    c.y = &top;
    c.depth = 0;
    sim_region *r = &m->regions[c.region];
    if (!reg->n_blocks) {
      rc = sim_errf(err, m, NULL, "empty partition region");
    } else if (p->caps) { /* nvws.warp_group: the captures are the entry values */
      r->n_entry = p->ncaps;
      r->entry_slots = ir_xcalloc(p->ncaps + 1, sizeof *r->entry_slots);
      r->entry_vals = (const ir_value **)p->caps;
      r->owns_entry_vals = true; /* the pending part hands its captures over */
      p->caps = NULL;
      for (uint32_t j = 0; j < r->n_entry; j++) r->entry_slots[j] = def_slot(&c, r->entry_vals[j]);
      rc = compile_blocks(&c, reg);
      if (!rc && (m->n_code == m->regions[c.region].start ||
                  m->code[m->n_code - 1].code != SIM_I_PEND))
        emit(&c, SIM_I_PEND, NULL, 0, NULL, 0, NULL);
    } else {
      const ir_block *b = reg->blocks[0];
      r->n_entry = b->n_args;
      r->entry_slots = ir_xcalloc(b->n_args + 1, sizeof *r->entry_slots);
      r->entry_vals = (const ir_value **)b->args;
      map_block_args(&c, b, r->entry_slots);
      rc = compile_blocks(&c, reg);
      if (!rc && (m->n_code == m->regions[c.region].start ||
                  m->code[m->n_code - 1].code != SIM_I_PEND))
        emit(&c, SIM_I_PEND, NULL, 0, NULL, 0, NULL);
    }
    m->regions[c.region].end = m->n_code;
    m->ws[p->ws].part_region[p->part] = c.region;
    free(c.vmap);
  }
  for (uint32_t k = 0; k < c.n_pend; k++) free(c.pend[k].caps); /* those not handed over */
  free(c.pend);
  for (uint32_t k = 0; k < m->n_regions; k++)
    if (m->regions[k].n_slots > m->max_slots) m->max_slots = m->regions[k].n_slots;
  if (!rc) sim_compile_types(m);
  if (!rc && m->amd_gfx) {
    sim_compile_amd_ins(m);
    sim_compile_amd_stale(m);
  }
  return rc;
}
