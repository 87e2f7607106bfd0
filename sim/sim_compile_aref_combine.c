/* sim_compile_aref_combine.c: NVWSLowerAref's combineArefs (the fork's
 * third_party/nvidia/lib/Dialect/NVWS/Transforms/LowerAref.cpp, facebookexperimental/triton
 * db4666f), which runs before the aref lowering on every scf.for inside (or being) a loop with
 * tt.warp_specialize: the get.enters directly in the loop body are grouped by their dominant
 * consumer (getDominantConsumer: the shared-memory sinks findSharedMemorySinkOps finds, MMAv5
 * ops and local_loads through memdesc view ops, their nearest common dominator, that op's
 * ancestor in the loop body) and partition; a group of two or more whose put.enters share one
 * partition becomes one aref (sim_compile_aref.c lowers it). What the pass would crash on, or
 * rewrite in a way the model does not follow (moveUserAfter), is refused at the op. */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

static int refuse(sim_machine *m, sim_err *err, const ir_op *op, const char *why) {
  return sim_errf(err, m, op, "%s: %s; the model runs an aref as the barriers NVWSLowerAref "
                  "writes for it and refuses what that pass does not lower exactly so (docs/nvws.md)",
                  ir_ops[op->code].name, why);
}

/* The op of block b that is or contains op, or NULL. */
static const ir_op *anc(const ir_op *op, const ir_block *b) {
  while (op && op->parent != b) op = op->parent && op->parent->parent ? op->parent->parent->parent : NULL;
  return op;
}

static const ir_block *up(const ir_block *b) {
  return b->parent && b->parent->parent ? b->parent->parent->parent : NULL;
}

static int64_t part_of(const ir_op *op, int *n) {
  const ir_attr *a = ir_op_attr(op, "ttg.partition");
  *n = a && a->kind == IR_A_DENSE_ARRAY ? (int)a->n : 0;
  return *n ? a->ivals[0] : -1;
}

/* Ops with MemDescViewTrait (TritonGPUOps.td, TritonNvidiaGPUOps.td). */
static bool view_op(ir_opcode c) {
  switch (c) {
  case IR_OP_TTG_MEMDESC_INDEX: case IR_OP_TTG_MEMDESC_SUBSLICE: case IR_OP_TTG_MEMDESC_DYN_SUBSLICE:
  case IR_OP_TTG_MEMDESC_TRANS: case IR_OP_TTG_MEMDESC_RESHAPE: case IR_OP_TTG_MEMDESC_REINTERPRET:
  case IR_OP_TTNG_TMEM_SUBSLICE: case IR_OP_TTNG_MAP_TO_REMOTE_BUFFER: return true;
  default: return false;
  }
}

typedef struct opset {
  const ir_op **v;
  uint32_t n, cap;
} opset;

/* findSharedMemorySinkOps: the MMAv5 ops (tc_gen5_mma, _scaled) and local_loads that use v,
 * directly or through view ops. */
static void sinks(const ir_op *const *ops, uint32_t n_ops, const ir_value *v, opset *out, int depth) {
  if (depth > 64) return;
  for (uint32_t k = 0; k < n_ops; k++) {
    const ir_op *o = ops[k];
    for (uint32_t j = 0; j < o->n_operands; j++) {
      if (o->operands[j] != v) continue;
      if (o->code == IR_OP_TTNG_TC_GEN5_MMA || o->code == IR_OP_TTNG_TC_GEN5_MMA_SCALED ||
          o->code == IR_OP_TTG_LOCAL_LOAD)
        *(const ir_op **)IR_PUSH(out->v, out->n, out->cap) = o;
      else if (view_op(o->code) && o->n_results)
        sinks(ops, n_ops, o->results[0], out, depth + 1);
    }
  }
}

/* getDominantConsumer: the nearest common dominator of the sinks (findNearestCommonDominator:
 * the earliest of their ancestors in the deepest block holding them all) and its ancestor in
 * body. *bad when the sinks sit in different blocks of a region with several blocks (a CFG
 * dominance the model does not compute). */
static const ir_op *dominant(const opset *s, const ir_block *body, bool *bad) {
  const ir_block *dom = NULL;
  bool multi = false;
  for (const ir_block *b = s->v[0]->parent; b && !dom; b = up(b)) {
    bool all = true;
    for (uint32_t j = 0; j < s->n && all; j++) all = anc(s->v[j], b) != NULL;
    if (all) dom = b;
    else multi |= b->parent && b->parent->n_blocks > 1;
  }
  if (!dom) return NULL;
  if (multi) {
    *bad = true;
    return NULL;
  }
  const ir_op *first = NULL;
  for (uint32_t j = 0; j < s->n; j++) {
    const ir_op *a = anc(s->v[j], dom);
    if (!first || a->id < first->id) first = a;
  }
  return anc(first, body);
}

static bool uses(const ir_op *o, const ir_value *v) {
  for (uint32_t j = 0; j < o->n_operands; j++)
    if (o->operands[j] == v) return true;
  return false;
}

typedef struct key {
  const ir_op *dom;
  int64_t part;
  sim_aref_group g;
} key;

/* One group's members: each aref made by an nvws.aref.create with one buffer, used by exactly
 * one put.enter, put.exit, get.enter (the group's) and get.exit, all in the loop body (the pass
 * collects every user and erases them all; a second enter of one kind, an aref.buffer or a
 * user elsewhere would be left dangling or fail its block asserts). Returns 1 when the group is
 * combined, 0 when the pass skips it (producers in different partitions), -1 refused. */
static int members(sim_machine *m, sim_err *err, const ir_op *const *ops, uint32_t n_ops,
                   const ir_block *body, sim_aref_group *g) {
  int64_t prod = -1;
  bool mixed = false;
  for (uint32_t k = 0; k < g->n; k++) {
    const ir_op *ge = g->get_enter[k];
    const ir_value *aref = ge->operands[0];
    const ir_op *c = aref->def;
    if (!c || c->code != IR_OP_NVWS_AREF_CREATE)
      return refuse(m, err, ge, "combineArefs would merge this get.enter's aref, which is not made by "
                    "an nvws.aref.create (the pass casts its definition to one)");
    if (c->n_operands != 1)
      return refuse(m, err, c, "combineArefs would merge this aref, which has several buffers (the "
                    "combined aref takes the first buffer of each member only)");
    if (k && c->parent != g->create[0]->parent)
      return refuse(m, err, c, "combineArefs would merge arefs created in different blocks");
    g->create[k] = c;
    const ir_op **slot[4] = {&g->put_enter[k], &g->put_exit[k], NULL, &g->get_exit[k]};
    int n_get = 0;
    for (uint32_t i = 0; i < n_ops; i++) {
      const ir_op *o = ops[i];
      if (o == c || !uses(o, aref)) continue;
      int r = o->code == IR_OP_NVWS_AREF_PUT_ENTER ? 0 : o->code == IR_OP_NVWS_AREF_PUT_EXIT ? 1
            : o->code == IR_OP_NVWS_AREF_GET_ENTER ? 2 : o->code == IR_OP_NVWS_AREF_GET_EXIT ? 3 : -1;
      if (r < 0 || o->operands[0] != aref)
        return refuse(m, err, o, "combineArefs would merge this op's aref, and the pass rewrites only "
                      "its enters and exits (this op would keep the erased aref)");
      if (r == 2) {
        if (o != ge || n_get++)
          return refuse(m, err, o, "combineArefs would merge this aref, which has another get.enter "
                        "(the pass erases only the group's)");
        continue;
      }
      if (*slot[r])
        return refuse(m, err, o, "combineArefs would merge this aref, which has a second enter or "
                      "exit of one kind (not modelled: the combined ops take one buffer per aref)");
      *slot[r] = o;
      if (o->parent != body)
        return refuse(m, err, o, "combineArefs would merge this aref, whose enters and exits are not "
                      "all in the loop body of its get.enter (the pass asserts one block)");
    }
    if (!g->put_enter[k] || !g->put_exit[k] || !g->get_exit[k])
      return refuse(m, err, ge, "combineArefs would merge this aref, which lacks a put.enter, put.exit "
                    "or get.exit");
    if (g->put_enter[k]->n_results != 2 || ge->n_results != 2)
      return refuse(m, err, ge, "combineArefs would merge enters with several buffers");
    int np;
    int64_t pp = part_of(g->put_enter[k], &np);
    if (!np)
      return refuse(m, err, g->put_enter[k], "a put.enter without ttg.partition in a group "
                    "combineArefs would merge (the pass reads its partition unchecked)");
    if (k && pp != prod) mixed = true;
    prod = pp;
  }
  if (mixed) return 0; /* "Producer arefs must be in the same partition": left as they are */
  /* moveUserAfter: the combined get.enter sits right before the last put.exit; users of the
   * old get.enters before it would be moved after it (and their users, recursively) */
  const ir_op *lpe = g->put_exit[0];
  for (uint32_t k = 1; k < g->n; k++)
    if (g->put_exit[k]->id > lpe->id) lpe = g->put_exit[k];
  for (uint32_t k = 0; k < g->n; k++)
    for (uint32_t i = 0; i < n_ops; i++) {
      const ir_op *o = ops[i];
      bool u = false;
      for (uint32_t r = 0; r < g->get_enter[k]->n_results; r++) u |= uses(o, g->get_enter[k]->results[r]);
      const ir_op *a = u ? anc(o, body) : NULL;
      if (a && a->id < lpe->id)
        return refuse(m, err, o, "this user of a get.enter combineArefs merges precedes the last "
                      "put.exit of the group, so the pass would move it after the combined get.enter "
                      "(moveUserAfter): not modelled");
    }
  return 1;
}

int sim_aref_combine(sim_machine *m, const ir_op *const *ops, uint32_t n_ops, sim_err *err,
                     sim_aref_group **groups, uint32_t *n_groups) {
  *groups = NULL;
  *n_groups = 0;
  uint32_t cap = 0;
  for (uint32_t k = 0; k < n_ops; k++) {
    const ir_op *l = ops[k];
    if (l->code != IR_OP_SCF_FOR || !l->n_regions || !l->regions[0]->n_blocks) continue;
    bool ws = false;
    for (const ir_op *o = l; o && !ws; o = o->parent && o->parent->parent ? o->parent->parent->parent : NULL)
      ws = o->code == IR_OP_SCF_FOR && ir_op_has_attr(o, "tt.warp_specialize");
    if (!ws) continue;
    const ir_block *body = l->regions[0]->blocks[0];
    key *keys = NULL;
    uint32_t n_keys = 0, cap_keys = 0;
    int rc = 0;
    for (const ir_op *o = body->first; o && !rc; o = o->next) {
      if (o->code != IR_OP_NVWS_AREF_GET_ENTER || o->n_results < 2) continue;
      opset s = {0};
      sinks(ops, n_ops, o->results[0], &s, 0);
      bool bad = false;
      const ir_op *dom = s.n ? dominant(&s, body, &bad) : NULL;
      free(s.v);
      if (bad) {
        rc = refuse(m, err, o, "the shared-memory consumers of this get.enter sit in different blocks "
                    "of a region with several blocks (combineArefs' dominance is not modelled there)");
        break;
      }
      if (!dom) continue;
      int np;
      int64_t pt = part_of(o, &np);
      if (np != 1) {
        rc = refuse(m, err, o, "a get.enter with shared-memory consumers in a loop of a "
                    "tt.warp_specialize loop and not exactly one ttg.partition (combineArefs asserts one)");
        break;
      }
      uint32_t j = 0;
      while (j < n_keys && (keys[j].dom != dom || keys[j].part != pt)) j++;
      if (j == n_keys) {
        key *nk = IR_PUSH(keys, n_keys, cap_keys);
        nk->dom = dom;
        nk->part = pt;
      }
      if (keys[j].g.n == 8) {
        rc = refuse(m, err, o, "more than 8 get.enters combineArefs would merge into one aref");
        break;
      }
      keys[j].g.get_enter[keys[j].g.n++] = o;
    }
    for (uint32_t j = 0; j < n_keys && !rc; j++) {
      if (keys[j].g.n < 2) continue;
      int r = members(m, err, ops, n_ops, body, &keys[j].g);
      if (r < 0) rc = r;
      else if (r > 0) *(sim_aref_group *)IR_PUSH(*groups, *n_groups, cap) = keys[j].g;
    }
    free(keys);
    if (rc) {
      free(*groups);
      *groups = NULL;
      *n_groups = 0;
      return rc;
    }
  }
  return 0;
}
