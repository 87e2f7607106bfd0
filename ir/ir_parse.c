/* ir_parse.c: the reader's core: module structure, ops (custom and generic form), regions,
 * blocks, SSA names with MLIR scoping, and the ir_parse() entry point. Per-op syntax lives
 * in ir_format.c / ir_formats.c (table-driven) and ir_custom.c (region ops). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"
#include "ir/ir_alloc.h"

/* ------------------------------------------------------------------ SSA name scopes */

static size_t ir_scope_mark(ir_parser *P) { return P->n_undo; }

static void ir_scope_pop(ir_parser *P, size_t mark) {
  while (P->n_undo > mark) {
    ir_undo *u = &P->undo[--P->n_undo];
    void **slot = ir_pmap_slot(&P->scope, u->name, false);
    assert(slot);
    if (u->had_old) {
      **(ir_scope_ent **)slot = u->old;
    } else {
      ((ir_scope_ent *)*slot)->v = NULL; /* entry stays allocated, marked empty */
    }
  }
}

static ir_scope_ent *ir_scope_get(ir_parser *P, const char *name) {
  void **slot = ir_pmap_slot(&P->scope, name, false);
  if (!slot) return NULL;
  ir_scope_ent *e = *slot;
  if (!e->v || e->iso != P->iso) return NULL;
  return e;
}

/* MLIR's dominance rule for a use written before the definition (a forward reference): the
 * definition in block D must dominate the use. Textually earlier, the use is legal only in
 * another block of D's region (or nested in an op of such a block), reached by a branch: a
 * use earlier in D itself (or inside an op earlier in D) precedes the definition, and a use
 * outside D's region cannot see it at all. Whether D dominates that other block in the CFG is
 * checked when the region ends (ir_dom.c). Triton's regions are SSA regions (only the
 * module body is a graph region, where any order is legal), and isolated ones
 * (tt.func, warp_specialize partitions) have their own name scope (P->iso), so a use never
 * crosses one. */
static void ir_check_fwd_dominance(ir_parser *P, const ir_fwdref *fr, const ir_block *def,
                                   const char *name, uint32_t line, uint32_t col) {
  const ir_block *b = fr->blk;
  while (b && b != def) {
    if (def->parent && b->parent == def->parent) return; /* another block of D's region */
    const ir_region *r = b->parent;
    b = r && r->parent ? r->parent->parent : NULL; /* the block of the op holding b */
  }
  /* a module's body is a graph region (MLIR's ModuleOp): any order there */
  bool graph = !def->parent || (def->parent->parent && def->parent->parent->code == IR_OP_BUILTIN_MODULE);
  if (b && graph) return;
  if (b)
    ir_fail_note_at(P, fr->line, fr->col, line, col, "it is defined here",
                    "'%%%s' is used before its definition in the same block (a value must be "
                    "defined before its uses: MLIR's dominance rule)", name);
  ir_fail_note_at(P, fr->line, fr->col, line, col, "it is defined here, in a region that does not enclose the use",
                  "'%%%s' is used outside the region that defines it (MLIR's dominance rule)", name);
}

/* Defines name -> vals[0..count) (a result group or one block argument of block def). A
 * pending forward reference of the same name is merged: the placeholder object becomes the
 * value (once the dominance rule and the types agree). */
static void ir_define(ir_parser *P, const char *name, ir_value **vals, uint32_t count,
                      const ir_block *def, uint32_t line, uint32_t col) {
  if (ir_scope_get(P, name)) ir_fail_at(P, line, col, "redefinition of SSA value '%%%s'", name);
  void **fs = ir_pmap_slot(&P->fwdmap, name, false);
  ir_fwdref *fr = fs ? *fs : NULL;
  for (uint32_t i = 0; i < count; i++) {
    vals[i]->name = name;
    vals[i]->name_sub = count > 1 ? (int32_t)i : -1;
  }
  if (fr && !fr->resolved && fr->iso == P->iso) {
    ir_check_fwd_dominance(P, fr, def, name, line, col);
    if (count != 1) ir_fail_at(P, line, col, "'%%%s' was used before its definition as a single value", name);
    ir_value *ph = fr->v;
    if (ph->type && vals[0]->type && ph->type != vals[0]->type) {
      /* the use wrote a type (given to the placeholder): the definition must agree */
      char have[160] = "?", want[160] = "?";
      FILE *f = fmemopen(have, sizeof have - 1, "w");
      if (f) {
        ir_print_type(vals[0]->type, f);
        fclose(f);
      }
      f = fmemopen(want, sizeof want - 1, "w");
      if (f) {
        ir_print_type(ph->type, f);
        fclose(f);
      }
      ir_fail_note_at(P, fr->line, fr->col, line, col, "it is defined here",
                      "type mismatch: '%%%s' is used as %s, but it is defined as %s", name, want,
                      have);
    }
    uint32_t id = ph->id;
    *ph = *vals[0];
    ph->id = id;
    if (ph->def) ph->def->results[ph->result_idx] = ph;
    else ph->block->args[ph->arg_idx] = ph;
    vals[0] = ph;
    fr->resolved = true;
    *fs = NULL;
  } else {
    for (uint32_t i = 0; i < count; i++) vals[i]->id = P->nval++;
  }
  void **slot = ir_pmap_slot(&P->scope, name, true);
  if (!*slot) *slot = ir_alloc(P->A, sizeof(ir_scope_ent));
  ir_scope_ent *e = *slot;
  if (P->n_undo == P->cap_undo) {
    size_t cap = P->cap_undo ? P->cap_undo * 2 : 256;
    ir_undo *nu = ir_xrealloc(P->undo, cap, sizeof *nu);
    if (!nu) ir_fail(P, "out of memory");
    P->undo = nu;
    P->cap_undo = cap;
  }
  ir_undo *u = &P->undo[P->n_undo++];
  u->name = name;
  u->had_old = e->v != NULL;
  u->old = *e;
  e->v = vals[0];
  e->count = count;
  e->iso = P->iso;
}

ir_value *ir_parse_value_use(ir_parser *P) {
  const ir_tok t = P->L.tok;
  if (t.kind != TK_PERCENT) {
    char b[64];
    ir_fail(P, "expected an SSA value, found %s", ir_describe_tok(&t, b, sizeof b));
  }
  const char *name = ir_tok_intern(P);
  ir_lex_next(P);
  long idx = -1;
  if (P->L.tok.kind == TK_HASH && P->L.tok.start == t.end) {
    ir_intlit l;
    if (!ir_intlit_scan(P->L.tok.s, P->L.tok.n, &l) || l.neg || (P->L.tok.n > 1 && P->L.tok.s[1] == 'x'))
      ir_fail(P, "expected a result number after '#'");
    if (l.big || l.mag > 65536) /* past any result count (at most 65536) */
      ir_fail_at(P, t.line, t.col, "result #%.*s of '%%%s' out of range", (int)(P->L.tok.n > 40 ? 40 : P->L.tok.n),
                 P->L.tok.s, name);
    idx = (long)l.mag;
    ir_lex_next(P);
  }
  ir_scope_ent *e = ir_scope_get(P, name);
  if (e) {
    if (idx < 0) return e->v;
    if ((uint32_t)idx >= e->count)
      ir_fail_at(P, t.line, t.col, "result #%ld of '%%%s' out of range (it has %u)", idx, name,
                 e->count);
    return e->v->def->results[e->v->result_idx + idx];
  }
  if (idx > 0) ir_fail_at(P, t.line, t.col, "use of undefined value '%%%s'", name);
  /* forward reference: a placeholder, filled in when the name is defined */
  void **fs = ir_pmap_slot(&P->fwdmap, name, true);
  ir_fwdref *fr = *fs;
  if (fr && !fr->resolved && fr->iso == P->iso) return fr->v;
  fr = ir_alloc(P->A, sizeof *fr);
  fr->v = ir_alloc(P->A, sizeof(ir_value));
  fr->v->name = name;
  fr->v->id = P->nval++;
  fr->v->result_idx = -1;
  fr->v->name_sub = -1;
  fr->line = t.line;
  fr->col = t.col;
  fr->iso = P->iso;
  fr->blk = P->cur_blk;
  *fs = fr;
  ir_vec_push(&P->fwd, fr);
  return fr->v;
}

/* Fails on forward references of the current isolated scope that were never defined. */
static void ir_check_fwd(ir_parser *P) {
  for (size_t i = 0; i < P->fwd.n; i++) {
    ir_fwdref *fr = P->fwd.v[i];
    if (!fr->resolved && fr->iso == P->iso)
      ir_fail_at(P, fr->line, fr->col, "use of undefined value '%%%s'", fr->v->name);
  }
}

ir_value **ir_parse_value_list(ir_parser *P, uint32_t *n) {
  ir_vec v = IR_VEC(P);
  if (P->L.tok.kind == TK_PERCENT) {
    do {
      ir_vec_push(&v, ir_parse_value_use(P));
    } while (ir_eat_punct(P, ','));
  }
  ir_value **r = (ir_value **)ir_vec_to_arena(P->A, &v);
  *n = (uint32_t)v.n;
  ir_vec_free(&v);
  return r;
}

uint32_t ir_parse_type_list(ir_parser *P, const ir_type ***out) {
  ir_vec v = IR_VEC(P);
  do {
    ir_vec_push(&v, (void *)ir_parse_type(P));
  } while (ir_eat_punct(P, ','));
  *out = (const ir_type **)ir_vec_to_arena(P->A, &v);
  uint32_t n = (uint32_t)v.n;
  ir_vec_free(&v);
  return n;
}

/* ------------------------------------------------------------------ ops */

ir_op *ir_new_op(ir_parser *P, ir_opcode code, uint32_t n_results) {
  ir_op *op = ir_alloc(P->A, sizeof *op);
  op->code = code;
  op->id = P->nop++;
  op->n_results = n_results;
  if (n_results) {
    op->results = ir_alloc(P->A, n_results * sizeof *op->results);
    for (uint32_t i = 0; i < n_results; i++) {
      ir_value *v = ir_alloc(P->A, sizeof *v);
      v->def = op;
      v->result_idx = (int32_t)i;
      v->name_sub = -1;
      op->results[i] = v;
    }
  }
  return op;
}

void ir_op_grow_results(ir_parser *P, ir_op *op, uint32_t n) {
  if (P->grow_op != op || n <= op->n_results) return;
  ir_value **nr = ir_alloc(P->A, n * sizeof *nr);
  if (op->n_results) memcpy(nr, op->results, op->n_results * sizeof *nr);
  for (uint32_t i = op->n_results; i < n; i++) {
    ir_value *v = ir_alloc(P->A, sizeof *v);
    v->def = op;
    v->result_idx = (int32_t)i;
    v->name_sub = -1;
    nr[i] = v;
  }
  op->results = nr;
  op->n_results = n;
}

ir_region *ir_add_region(ir_parser *P, ir_op *op) {
  ir_region *r = ir_alloc(P->A, sizeof *r);
  r->parent = op;
  ir_region **nr = ir_alloc(P->A, (op->n_regions + 1) * sizeof *nr);
  if (op->n_regions) memcpy(nr, op->regions, op->n_regions * sizeof *nr);
  nr[op->n_regions++] = r;
  op->regions = nr;
  return r;
}

void ir_set_attr(ir_parser *P, ir_op *op, const char *name, const ir_attr *a, bool is_prop) {
  for (uint32_t i = 0; i < op->n_attrs; i++)
    if (!strcmp(op->attrs[i].name, name)) {
      op->attrs[i].attr = a;
      op->attrs[i].is_prop = is_prop;
      return;
    }
  ir_namedattr *na = ir_alloc(P->A, (op->n_attrs + 1) * sizeof *na);
  if (op->n_attrs) memcpy(na, op->attrs, op->n_attrs * sizeof *na);
  na[op->n_attrs].name = ir_intern_str(&P->names, name, strlen(name));
  na[op->n_attrs].attr = a;
  na[op->n_attrs].is_prop = is_prop;
  op->attrs = na;
  op->n_attrs++;
}

void ir_add_attr_dict(ir_parser *P, ir_op *op, const ir_attr *dict) {
  if (!dict || !dict->n) return;
  ir_namedattr *na = ir_alloc(P->A, (op->n_attrs + dict->n) * sizeof *na);
  if (op->n_attrs) memcpy(na, op->attrs, op->n_attrs * sizeof *na);
  for (uint32_t i = 0; i < dict->n; i++) {
    for (uint32_t j = 0; j < op->n_attrs; j++)
      if (!strcmp(na[j].name, dict->names[i]))
        ir_fail_at(P, P->dict_line, P->dict_col, "attribute '%s' given twice (in the {...} and in the op's syntax)",
                   dict->names[i]);
    na[op->n_attrs + i].name = dict->names[i];
    na[op->n_attrs + i].attr = dict->elems[i];
  }
  op->attrs = na;
  op->n_attrs += dict->n;
}

void ir_set_operands(ir_parser *P, ir_op *op, ir_vec *segs, int n_segs) {
  uint32_t total = 0;
  for (int k = 0; k < n_segs; k++) total += (uint32_t)segs[k].n;
  op->operands = total ? ir_alloc(P->A, total * sizeof *op->operands) : NULL;
  op->n_operands = total;
  op->n_segs = (uint8_t)n_segs;
  uint32_t at = 0;
  for (int k = 0; k < n_segs; k++) {
    op->seg_start[k] = (uint16_t)at;
    for (size_t i = 0; i < segs[k].n; i++) op->operands[at++] = segs[k].v[i];
  }
  op->seg_start[n_segs] = (uint16_t)at;
}

void ir_assign_segments(ir_parser *P, ir_op *op, ir_value **vals, uint32_t n) {
  ir_seginfo si;
  ir_segs_info(op->code, &si);
  uint32_t sizes[IR_MAX_SEGS] = {0};
  const ir_attr *oss = ir_op_attr(op, "operandSegmentSizes");
  if (oss && oss->kind == IR_A_DENSE_ARRAY && (int)oss->n == si.n) {
    uint64_t sum = 0;
    for (int k = 0; k < si.n; k++) {
      /* each size in 0..n, so the sum cannot wrap around */
      if (oss->ivals[k] < 0 || oss->ivals[k] > (int64_t)n)
        ir_fail_at(P, P->op_line, P->op_col, "operandSegmentSizes[%d] = %lld is out of range (the op has %u operands)", k,
                (long long)oss->ivals[k], n);
      sum += sizes[k] = (uint32_t)oss->ivals[k];
    }
    if (sum != n)
      ir_fail(P, "operandSegmentSizes adds up to %llu but the op has %u operands",
              (unsigned long long)sum, n);
  } else {
    /* fixed segments take one each; the first variable segment takes the rest */
    uint32_t fixed = 0;
    int var = -1;
    for (int k = 0; k < si.n; k++) {
      if (si.kind[k] == '1') fixed++;
      else if (var < 0) var = k;
    }
    if (n < fixed || (var < 0 && n != fixed))
      ir_fail(P, "'%s' takes %s%u operands, found %u", ir_ops[op->code].name,
              var < 0 ? "" : "at least ", fixed, n);
    for (int k = 0; k < si.n; k++) sizes[k] = si.kind[k] == '1' ? 1 : k == var ? n - fixed : 0;
  }
  op->operands = vals;
  op->n_operands = n;
  op->n_segs = (uint8_t)si.n;
  uint32_t at = 0;
  for (int k = 0; k < si.n; k++) {
    op->seg_start[k] = (uint16_t)at;
    at += sizes[k];
  }
  op->seg_start[si.n] = (uint16_t)at;
}

ir_value *ir_new_block_arg(ir_parser *P, ir_block *b, const char *name, const ir_type *t,
                           ir_locattr *loc) {
  ir_value *v = ir_alloc(P->A, sizeof *v);
  v->type = t;
  v->block = b;
  v->result_idx = -1;
  v->name_sub = -1;
  v->loc_attr = loc;
  ir_value **na = ir_alloc(P->A, (b->n_args + 1) * sizeof *na);
  if (b->n_args) memcpy(na, b->args, b->n_args * sizeof *na);
  v->arg_idx = b->n_args;
  na[b->n_args++] = v;
  b->args = na;
  ir_define(P, name, &b->args[v->arg_idx], 1, b, P->L.tok.line, P->L.tok.col);
  return b->args[v->arg_idx];
}

uint32_t ir_parse_arg_list(ir_parser *P, ir_argdef **out, bool with_attrs) {
  ir_expect_punct(P, '(');
  ir_vec v = IR_VEC(P);
  if (!ir_is_punct(P, ')')) {
    do {
      ir_argdef *a = ir_alloc(P->A, sizeof *a);
      a->line = P->L.tok.line;
      a->col = P->L.tok.col;
      if (P->L.tok.kind != TK_PERCENT) {
        ir_vec_free(&v);
        char b[64];
        ir_fail(P, "expected an argument name, found %s", ir_describe_tok(&P->L.tok, b, sizeof b));
      }
      a->name = ir_tok_intern(P);
      ir_lex_next(P);
      ir_expect_punct(P, ':');
      a->type = ir_parse_type(P);
      if (with_attrs && ir_is_punct(P, '{')) a->attrs = ir_parse_attr_dict(P);
      a->loc = ir_parse_opt_loc(P);
      ir_vec_push(&v, a);
    } while (ir_eat_punct(P, ','));
  }
  if (!ir_is_punct(P, ')')) ir_vec_free(&v);
  ir_expect_punct(P, ')');
  uint32_t n = (uint32_t)v.n;
  ir_argdef *arr = n ? ir_alloc(P->A, n * sizeof *arr) : NULL;
  for (uint32_t i = 0; i < n; i++) arr[i] = *(ir_argdef *)v.v[i];
  ir_vec_free(&v);
  *out = arr;
  return n;
}

static ir_op *ir_parse_op(ir_parser *P, ir_block *blk);

/* A ^label of the region being parsed, and where it was first seen. */
typedef struct ir_labelref {
  ir_block *b;
  uint32_t line, col;
} ir_labelref;

static ir_block *ir_label_block(ir_parser *P, const char *label) {
  ir_vec *lv = P->labels;
  if (!lv) ir_fail(P, "block reference outside a region");
  for (size_t i = 0; i < lv->n; i++)
    if (((ir_labelref *)lv->v[i])->b->label == label) return ((ir_labelref *)lv->v[i])->b;
  ir_labelref *r = ir_alloc(P->A, sizeof *r);
  r->b = ir_alloc(P->A, sizeof *r->b);
  r->b->label = label;
  r->line = P->L.tok.line;
  r->col = P->L.tok.col;
  ir_vec_push(lv, r);
  return r->b;
}

/* A successor reference ^bbN (creates the block if not seen yet). */
ir_block *ir_parse_successor(ir_parser *P) {
  if (P->L.tok.kind != TK_CARET) {
    char b[64];
    ir_fail(P, "expected a block label, found %s", ir_describe_tok(&P->L.tok, b, sizeof b));
  }
  ir_block *b = ir_label_block(P, ir_tok_intern(P));
  ir_lex_next(P);
  return b;
}

static void ir_block_append(ir_block *b, ir_op *op) {
  op->parent = b;
  if (b->last) b->last->next = op;
  else b->first = op;
  b->last = op;
}

void ir_parse_region_body(ir_parser *P, ir_region *r, const ir_argdef *args, uint32_t n_args,
                          bool isolated) {
  if (++P->depth > 100) ir_fail(P, "regions nested too deeply");
  ir_expect_punct(P, '{');
  size_t mark = ir_scope_mark(P);
  if (isolated) P->iso++;
  ir_vec *saved_labels = P->labels;
  ir_block *saved_blk = P->cur_blk;
  ir_vec labels = IR_VEC(P);
  P->labels = &labels;
  ir_vec blocks = IR_VEC(P);
  ir_block *cur = NULL;
  if (n_args || !(ir_is_punct(P, '}') || P->L.tok.kind == TK_CARET)) {
    cur = ir_alloc(P->A, sizeof *cur);
    cur->parent = r;
    ir_vec_push(&blocks, cur);
    P->cur_blk = cur;
    for (uint32_t i = 0; i < n_args; i++)
      ir_new_block_arg(P, cur, args[i].name, args[i].type, args[i].loc);
  }
  for (;;) {
    const ir_tok t = P->L.tok;
    if (t.kind == TK_PUNCT && t.c == '}') break;
    if (t.kind == TK_EOF) {
      ir_vec_free(&labels);
      ir_vec_free(&blocks);
      ir_fail(P, "expected '}' to close a region, found end of input");
    }
    if (t.kind == TK_CARET) {
      if (n_args && blocks.n == 1 && !cur->first)
        ir_fail(P, "this region's entry block arguments are given by the op; "
                   "its entry block cannot have a label");
      ir_block *b = ir_label_block(P, ir_tok_intern(P));
      if (b->parent) ir_fail(P, "redefinition of block '^%s'", b->label);
      b->ir_line = t.line;
      b->ir_col = t.col;
      ir_lex_next(P);
      b->parent = r;
      P->cur_blk = b;
      if (ir_is_punct(P, '(')) {
        ir_argdef *ad;
        uint32_t na = ir_parse_arg_list(P, &ad, false);
        for (uint32_t i = 0; i < na; i++) ir_new_block_arg(P, b, ad[i].name, ad[i].type, ad[i].loc);
      }
      ir_expect_punct(P, ':');
      ir_vec_push(&blocks, b);
      cur = b;
      continue;
    }
    P->cur_blk = cur;
    ir_block_append(cur, ir_parse_op(P, cur));
  }
  ir_lex_next(P);
  for (size_t i = 0; i < labels.n; i++) {
    ir_labelref *lr = labels.v[i];
    if (!lr->b->parent)
      ir_fail_at(P, lr->line, lr->col, "reference to an undefined block '^%s'", lr->b->label);
  }
  r->blocks = (ir_block **)ir_vec_to_arena(P->A, &blocks);
  r->n_blocks = (uint32_t)blocks.n;
  ir_vec_free(&blocks);
  ir_vec_free(&labels);
  for (uint32_t i = 0; i < r->n_blocks; i++) r->blocks[i]->index = i;
  if (r->n_blocks > 1) ir_check_dominance(P, r);
  P->labels = saved_labels;
  P->cur_blk = saved_blk;
  if (isolated) {
    ir_check_fwd(P);
    P->iso--;
  }
  ir_scope_pop(P, mark);
  P->depth--;
}

void ir_ensure_terminator(ir_parser *P, ir_region *r, ir_opcode code) {
  for (uint32_t i = 0; i < r->n_blocks; i++) {
    ir_block *b = r->blocks[i];
    if (b->last && b->last->code == code) continue;
    ir_op *y = ir_new_op(P, code, 0);
    y->implicit = true; /* its location is its parent op's (set when locations resolve) */
    ir_vec none[1] = {IR_VEC(P)};
    ir_seginfo si;
    ir_segs_info(code, &si);
    ir_set_operands(P, y, none, si.n > 0 ? 1 : 0);
    ir_block_append(b, y);
  }
}

static void ir_parse_generic(ir_parser *P, ir_op *op) {
  ir_expect_punct(P, '(');
  uint32_t n;
  ir_value **vals = ir_parse_value_list(P, &n);
  ir_expect_punct(P, ')');
  if (ir_eat_punct(P, '[')) {
    ir_vec s = IR_VEC(P);
    do {
      ir_vec_push(&s, ir_parse_successor(P));
    } while (ir_eat_punct(P, ','));
    ir_expect_punct(P, ']');
    op->successors = (ir_block **)ir_vec_to_arena(P->A, &s);
    op->n_successors = (uint32_t)s.n;
    ir_vec_free(&s);
  }
  if (ir_is_punct(P, '<')) {
    ir_lex_next(P);
    const ir_attr *props = ir_parse_attr_dict(P);
    ir_expect_punct(P, '>');
    for (uint32_t i = 0; i < props->n; i++) ir_set_attr(P, op, props->names[i], props->elems[i], true);
  }
  if (ir_eat_punct(P, '(')) {
    bool iso = op->code == IR_OP_TT_FUNC || op->code == IR_OP_TTG_WARP_SPEC_PARTITIONS;
    do {
      ir_region *r = ir_add_region(P, op);
      ir_parse_region_body(P, r, NULL, 0, iso);
    } while (ir_eat_punct(P, ','));
    ir_expect_punct(P, ')');
  }
  if (ir_is_punct(P, '{')) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
  ir_expect_punct(P, ':');
  const ir_tok ft = P->L.tok;
  const ir_type *t = ir_parse_type(P);
  if (t->kind != IR_T_FUNC) ir_fail_at(P, ft.line, ft.col, "expected a function type (T...) -> (R...)");
  if (t->n_inputs != n)
    ir_fail_at(P, ft.line, ft.col, "%u operand types given for %u operands", t->n_inputs, n);
  ir_op_grow_results(P, op, t->n_results);
  if (t->n_results != op->n_results)
    ir_fail_at(P, ft.line, ft.col, "%u result types given but %u results are named", t->n_results,
               op->n_results);
  for (uint32_t i = 0; i < n; i++) ir_use_type(P, vals[i], t->inputs[i], ft.line, ft.col);
  for (uint32_t i = 0; i < op->n_results; i++) op->results[i]->type = t->results[i];
  ir_assign_segments(P, op, vals, n);
  op->generic = true;
}

typedef struct ir_resname {
  const char *name;
  uint32_t count, line, col;
} ir_resname;

static ir_op *ir_parse_op(ir_parser *P, ir_block *blk) {
  ir_resname rn[16];
  ir_resname *names = rn;
  ir_vec more = IR_VEC(P);
  uint32_t n_names = 0, n_results = 0;
  if (P->L.tok.kind == TK_PERCENT) {
    for (;;) {
      ir_resname r = {ir_tok_intern(P), 1, P->L.tok.line, P->L.tok.col};
      ir_lex_next(P);
      if (ir_eat_punct(P, ':')) {
        int64_t c = ir_parse_int_in(P, 1, 65536, "result count");
        r.count = (uint32_t)c;
      }
      if (n_names < 16) {
        rn[n_names] = r;
      } else {
        ir_resname *x = ir_alloc(P->A, sizeof *x);
        *x = r;
        if (n_names == 16)
          for (int i = 0; i < 16; i++) {
            ir_resname *y = ir_alloc(P->A, sizeof *y);
            *y = rn[i];
            ir_vec_push(&more, y);
          }
        ir_vec_push(&more, x);
      }
      n_names++;
      n_results += r.count;
      if (!ir_eat_punct(P, ',')) break;
      if (P->L.tok.kind != TK_PERCENT) ir_fail(P, "expected a result name after ','");
    }
    if (n_names > 16) {
      names = ir_alloc(P->A, n_names * sizeof *names);
      for (uint32_t i = 0; i < n_names; i++) names[i] = *(ir_resname *)more.v[i];
    }
    ir_vec_free(&more);
    ir_expect_punct(P, '=');
  }
  const ir_tok nt = P->L.tok;
  bool generic = nt.kind == TK_STRING;
  if (nt.kind != TK_BARE && !generic) {
    char b[64];
    ir_fail(P, "expected an operation name, found %s", ir_describe_tok(&nt, b, sizeof b));
  }
  const char *opname = ir_tok_intern(P);
  void **cs = ir_pmap_slot(&P->opcache, opname, true);
  if (!*cs) {
    ir_opcode c = ir_op_lookup(opname, strlen(opname));
    if (c == IR_OP__COUNT && !strchr(opname, '.')) {
      /* builtin ops may drop their dialect: `module` is builtin.module */
      char full[128];
      snprintf(full, sizeof full, "builtin.%s", opname);
      c = ir_op_lookup(full, strlen(full));
    }
    *cs = (void *)(uintptr_t)(c + 1);
  }
  ir_opcode code = (ir_opcode)((uintptr_t)*cs - 1);
  if (code == IR_OP__COUNT)
    ir_fail_at(P, nt.line, nt.col,
               "unsupported operation '%s': it is not in the op table (ir/ops.def; see "
               "'tlx-verify parse --list-ops')",
               opname);
  if (code == IR_OP_TT_FUNC && blk->parent && blk->parent->parent &&
      blk->parent->parent->code != IR_OP_BUILTIN_MODULE)
    ir_fail_at(P, nt.line, nt.col, "'tt.func' must be directly inside a module");
  ir_lex_next(P);
  ir_op *op = ir_new_op(P, code, n_results);
  op->parent = blk;
  op->ir_line = n_names ? names[0].line : nt.line;
  op->ir_col = n_names ? names[0].col : nt.col;
  ir_op *saved_grow = P->grow_op;
  P->grow_op = n_names ? NULL : op;
  uint32_t saved_line = P->op_line, saved_col = P->op_col;
  uint32_t nval0 = P->nval; /* placeholders made from here on are uses inside this op */
  P->op_line = nt.line;
  P->op_col = nt.col;
  if (generic) {
    ir_parse_generic(P, op);
  } else {
    const char *syn = ir_op_syntax[code];
    if (syn && !strcmp(syn, "@@generic")) {
      ir_fail(P, "'%s' must be written in generic form (\"%s\"(...) ...)", ir_ops[code].name,
              ir_ops[code].name);
    } else if (syn && syn[0] == '@' && syn[1] == '@') {
      if (!ir_custom_parse(P, op))
        ir_fail_at(P, nt.line, nt.col, "no parser for '%s'", opname);
    } else {
      ir_fmt_parse(P, op, ir_fmt_get(P->fmts, code));
    }
  }
  P->grow_op = saved_grow;
  P->op_line = saved_line;
  P->op_col = saved_col;
  if (!op->loc_attr) op->loc_attr = ir_parse_opt_loc(P);
  for (uint32_t i = 0; i < op->n_results; i++)
    if (!op->results[i]->type)
      ir_fail_at(P, nt.line, nt.col, "cannot determine the type of result #%u of '%s'", i, opname);
  uint32_t at = 0;
  for (uint32_t i = 0; i < n_names; i++) {
    if (at + names[i].count > op->n_results) break;
    /* an op cannot use its own result, in its operands or its regions (only graph regions
     * allow it; Triton's are SSA regions) */
    void **fs = ir_pmap_slot(&P->fwdmap, names[i].name, false);
    ir_fwdref *fr = fs ? *fs : NULL;
    if (fr && !fr->resolved && fr->iso == P->iso && fr->v->id >= nval0)
      ir_fail_at(P, names[i].line, names[i].col, "'%%%s' is used by the operation that defines it",
                 names[i].name);
    ir_define(P, names[i].name, &op->results[at], names[i].count, blk, names[i].line, names[i].col);
    at += names[i].count;
  }
  if (!n_names)
    for (uint32_t i = 0; i < op->n_results; i++) op->results[i]->id = P->nval++; /* unnamed */
  return op;
}

/* ------------------------------------------------------------------ top level */

static void ir_add_alias(ir_parser *P, const char *name, const ir_attr *a, bool after) {
  ir_module *m = P->m;
  uint32_t n = m->n_aliases;
  if ((n & (n - 1)) == 0) { /* grow at powers of two */
    uint32_t cap = n ? n * 2 : 8;
    const char **nn = ir_alloc(P->A, cap * sizeof *nn);
    const ir_attr **na = ir_alloc(P->A, cap * sizeof *na);
    bool *nf = ir_alloc(P->A, cap * sizeof *nf);
    if (n) {
      memcpy(nn, m->alias_names, n * sizeof *nn);
      memcpy(na, m->alias_attrs, n * sizeof *na);
      memcpy(nf, m->alias_after, n * sizeof *nf);
    }
    m->alias_names = nn;
    m->alias_attrs = na;
    m->alias_after = nf;
  }
  m->alias_names[n] = name;
  m->alias_attrs[n] = a;
  m->alias_after[n] = after;
  m->n_aliases = n + 1;
}

static void ir_parse_alias_def(ir_parser *P, bool after_module) {
  const ir_tok t = P->L.tok;
  const char *key = ir_intern_str(&P->names, t.start, t.end - t.start);
  if (t.kind == TK_HASH && memchr(t.s, '.', t.n))
    ir_fail(P, "alias names cannot contain '.' ('%s')", key);
  ir_lex_next(P);
  if (!ir_is_punct(P, '=')) {
    char b[64];
    ir_fail(P, "expected '=' after alias '%s', found %s", key, ir_describe_tok(&P->L.tok, b, sizeof b));
  }
  ir_lex_next(P);
  void **slot = ir_pmap_slot(&P->aliases, key, true);
  if (*slot) ir_fail_at(P, t.line, t.col, "redefinition of alias '%s'", key);
  const ir_attr *a;
  if (t.kind == TK_BANG) {
    ir_attr *ta = ir_alloc(P->A, sizeof *ta);
    ta->kind = IR_A_TYPE;
    ta->type = ir_parse_type(P);
    a = ta;
  } else {
    uint32_t made = P->n_attrs;
    a = ir_parse_attr(P);
    /* printed back as the alias only if the definition made it: a value some earlier text
     * already used would print as an alias defined after its use */
    if (a->kind != IR_A_LOC && !a->alias && ir_attr_serial(a) >= made) ((ir_attr *)a)->alias = key;
  }
  *slot = (void *)a;
  ir_add_alias(P, key, a, after_module);
}

static void ir_parser_cleanup(ir_parser *P) {
  ir_intern_free(&P->names);
  ir_pmap_free(&P->types);
  ir_pmap_free(&P->attrs);
  ir_pmap_free(&P->aliases);
  ir_pmap_free(&P->scope);
  ir_pmap_free(&P->fwdmap);
  ir_pmap_free(&P->opcache);
  free(P->undo);
  ir_vec_free(&P->fwd);
  ir_vec_free(&P->loc_aliases_used);
  ir_vec_free(&P->all_funcs);
  ir_fmt_free_cache(P->fmts);
}

void ir_register_func(ir_parser *P, ir_func *f) { ir_vec_push(&P->all_funcs, f); }

ir_module *ir_parse(const char *buf, size_t len, const char *filename, ir_diag *diag) {
  return ir_parse_ex(buf, len, filename, 0, diag);
}

ir_module *ir_parse_ex(const char *buf, size_t len, const char *filename, uint32_t line_base,
                       ir_diag *diag) {
  ir_parser *P = ir_xcalloc(1, sizeof *P);
  if (!P) return NULL;
  if (diag) diag->msg = NULL;
  P->filename = filename ? filename : "<input>";
  P->line_base = line_base;
  P->A = ir_arena_new();
  ir_intern_init(&P->names, P->A);
  P->fmts = ir_xcalloc(IR_OP__COUNT, sizeof *P->fmts);
  ir_module *m = ir_alloc(P->A, sizeof *m);
  m->arena = P->A;
  m->filename = ir_intern_str(&P->names, P->filename, strlen(P->filename));
  P->m = m;
  ir_lex_init(&P->L, buf, len);
  if (setjmp(P->jb)) {
    if (diag) diag->msg = P->err;
    else free(P->err);
    ir_parser_cleanup(P);
    ir_arena_free(P->A);
    free(P);
    return NULL;
  }
  if (!P->fmts) ir_fail(P, "out of memory");
  if (memchr(buf, 0, len)) {
    const char *z = memchr(buf, 0, len);
    uint32_t line = 1;
    const char *ls = buf;
    for (const char *c = buf; c < z; c++)
      if (*c == '\n') {
        line++;
        ls = c + 1;
      }
    ir_fail_at(P, line, (uint32_t)(z - ls) + 1, "unexpected NUL byte in the input");
  }
  ir_lex_next(P);
  ir_block *top = ir_alloc(P->A, sizeof *top);
  bool seen_op = false;
  for (;;) {
    const ir_tok t = P->L.tok;
    if (t.kind == TK_EOF) break;
    if (t.kind == TK_HASH || t.kind == TK_BANG) {
      ir_parse_alias_def(P, seen_op);
      continue;
    }
    if (t.kind == TK_PUNCT && t.c == '{' && t.end < P->L.end && *t.end == '-')
      ir_fail(P, "file metadata blocks ({-# ... #-}) are not supported");
    P->cur_blk = top;
    ir_op *op = ir_parse_op(P, top);
    ir_block_append(top, op);
    seen_op = true;
  }
  ir_check_fwd(P); /* names used at the top level (implicit module) and never defined */
  if (top->first && top->first == top->last && top->first->code == IR_OP_BUILTIN_MODULE) {
    m->module_op = top->first;
    m->module_op->parent = NULL;
  } else {
    /* ops without `module {}` around them (or none at all): an implicit module */
    ir_op *mod = ir_new_op(P, IR_OP_BUILTIN_MODULE, 0);
    ir_region *r = ir_add_region(P, mod);
    r->blocks = ir_alloc(P->A, sizeof *r->blocks);
    r->blocks[0] = top;
    r->n_blocks = 1;
    top->parent = r;
    m->module_op = mod;
    m->implicit_module = true;
  }
  ir_resolve_all_locs(P);
  m->funcs = (ir_func **)ir_vec_to_arena(P->A, &P->all_funcs);
  m->n_funcs = (uint32_t)P->all_funcs.n;
  ir_parser_cleanup(P);
  free(P);
  return m;
}

void ir_module_free(ir_module *m) {
  if (m) ir_arena_free(m->arena);
}
