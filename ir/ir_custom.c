/* ir_custom.c: ops whose syntax is written in C rather than ir_formats.c: module, tt.func,
 * scf.for / scf.if / scf.while / scf.execute_region, ttg.warp_specialize, cf.br /
 * cf.cond_br, arith.select and ttng.subtiled_region (parse and print, mirroring MLIR's / Triton's C++ printers). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"

static void ir_one_seg(ir_parser *P, ir_op *op, ir_value **vals, uint32_t n) {
  ir_vec v = IR_VEC(P);
  for (uint32_t i = 0; i < n; i++) ir_vec_push(&v, vals[i]);
  ir_set_operands(P, op, &v, 1);
  ir_vec_free(&v);
}

/* `-> T` or `-> (T, ...)` (MLIR's optional arrow type list); returns the count. */
static uint32_t ir_parse_arrow_types(ir_parser *P, const ir_type ***out) {
  *out = NULL;
  if (!ir_eat_arrow(P)) return 0;
  if (ir_eat_punct(P, '(')) {
    uint32_t n = 0;
    if (!ir_is_punct(P, ')')) n = ir_parse_type_list(P, out);
    ir_expect_punct(P, ')');
    return n;
  }
  const ir_type **one = ir_alloc(P->A, sizeof *one);
  one[0] = ir_parse_type(P);
  *out = one;
  return 1;
}

static void ir_need_results(ir_parser *P, ir_op *op, uint32_t n, const ir_tok *at) {
  ir_op_grow_results(P, op, n);
  if (op->n_results != n)
    ir_fail_at(P, at->line, at->col, "'%s' has %u result%s but %u %s named", ir_ops[op->code].name, n,
               n == 1 ? "" : "s", op->n_results, op->n_results == 1 ? "is" : "are");
}

/* ------------------------------------------------------------------ module */

static void ir_parse_module(ir_parser *P, ir_op *op) {
  if (P->L.tok.kind == TK_AT) {
    ir_attr a = {.kind = IR_A_SYMBOL, .str = ir_tok_intern(P)};
    ir_lex_next(P);
    ir_set_attr(P, op, "sym_name", ir_attr_unique(P, &a), false);
  }
  if (ir_eat_kw(P, "attributes")) {
    const ir_attr *d = ir_parse_attr_dict(P);
    ir_add_attr_dict(P, op, d);
    if (!op->parent->parent && !P->m->attrs) P->m->attrs = d;
  }
  ir_region *r = ir_add_region(P, op);
  ir_parse_region_body(P, r, NULL, 0, true);
  ir_set_operands(P, op, NULL, 0);
}

static void ir_print_module(ir_printer *pr, const ir_op *op) {
  const ir_attr *name = ir_op_attr(op, "sym_name");
  if (name) fprintf(pr->out, " @%s", name->str);
  static const char *const skip[] = {"sym_name", NULL};
  ir_print_op_attrs(pr, op, skip, true);
  fputc(' ', pr->out);
  ir_print_region(pr, op->regions[0], false, true);
}

/* ------------------------------------------------------------------ tt.func */

static void ir_parse_func(ir_parser *P, ir_op *op) {
  ir_func *f = ir_alloc(P->A, sizeof *f);
  f->op = op;
  if (ir_is_kw(P, "public") || ir_is_kw(P, "private") || ir_is_kw(P, "nested")) {
    f->visibility = ir_tok_intern(P);
    ir_lex_next(P);
  }
  f->is_public = !f->visibility || !strcmp(f->visibility, "public");
  if (P->L.tok.kind != TK_AT) {
    char b[64];
    ir_fail(P, "expected the function name (@name), found %s", ir_describe_tok(&P->L.tok, b, sizeof b));
  }
  f->name = ir_tok_intern(P);
  ir_lex_next(P);
  /* values and ops are numbered per function; the tt.func op itself is op 0 */
  P->nval = 0;
  op->id = 0;
  P->nop = 1;
  ir_argdef *args = NULL;
  uint32_t n_args = 0;
  bool named = false;
  const ir_type **in_types = NULL;
  {
    ir_lexer save = P->L;
    ir_expect_punct(P, '(');
    named = P->L.tok.kind == TK_PERCENT || ir_is_punct(P, ')');
    P->L = save;
  }
  if (named) {
    n_args = ir_parse_arg_list(P, &args, true);
    in_types = n_args ? ir_alloc(P->A, n_args * sizeof *in_types) : NULL;
    for (uint32_t i = 0; i < n_args; i++) in_types[i] = args[i].type;
  } else {
    ir_expect_punct(P, '(');
    if (!ir_is_punct(P, ')')) n_args = ir_parse_type_list(P, &in_types);
    ir_expect_punct(P, ')');
  }
  const ir_type **res = NULL;
  uint32_t n_res = ir_parse_arrow_types(P, &res);
  ir_type ft = {.kind = IR_T_FUNC, .inputs = in_types, .n_inputs = n_args, .results = res,
                .n_results = n_res};
  f->type = ir_type_unique(P, &ft);
  if (args) {
    f->arg_attrs = ir_alloc(P->A, n_args * sizeof *f->arg_attrs);
    for (uint32_t i = 0; i < n_args; i++) f->arg_attrs[i] = args[i].attrs;
  }
  if (ir_eat_kw(P, "attributes")) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
  if (ir_is_punct(P, '{')) {
    if (!args && n_args) ir_fail(P, "a function with a body needs named arguments (%%name: type)");
    ir_region *r = ir_add_region(P, op);
    ir_parse_region_body(P, r, args, n_args, true);
  }
  ir_set_operands(P, op, NULL, 0);
  f->n_values = P->nval;
  f->n_ops = P->nop;
  ir_register_func(P, f);
}

static const ir_func *ir_find_func(const ir_printer *pr, const ir_op *op) {
  for (uint32_t i = 0; pr->m && i < pr->m->n_funcs; i++)
    if (pr->m->funcs[i]->op == op) return pr->m->funcs[i];
  return NULL;
}

static void ir_print_func(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  const ir_func *f = ir_find_func(pr, op);
  assert(f);
  if (f->visibility) fprintf(o, " %s", f->visibility);
  fprintf(o, " @%s(", f->name);
  bool body = op->n_regions > 0 && op->regions[0]->n_blocks > 0;
  for (uint32_t i = 0; i < f->type->n_inputs; i++) {
    if (i) fputs(", ", o);
    if (body) ir_print_block_arg(pr, op->regions[0]->blocks[0]->args[i], f->arg_attrs ? f->arg_attrs[i] : NULL);
    else ir_print_type(f->type->inputs[i], o);
  }
  fputc(')', o);
  if (f->type->n_results == 1) {
    fputs(" -> ", o);
    ir_print_type(f->type->results[0], o);
  } else if (f->type->n_results > 1) {
    fputs(" -> (", o);
    for (uint32_t i = 0; i < f->type->n_results; i++) {
      if (i) fputs(", ", o);
      ir_print_type(f->type->results[i], o);
    }
    fputc(')', o);
  }
  ir_print_op_attrs(pr, op, NULL, true);
  if (op->n_regions) {
    fputc(' ', o);
    ir_print_region(pr, op->regions[0], false, true);
  }
}

/* ------------------------------------------------------------------ scf */

static void ir_parse_for(ir_parser *P, ir_op *op) {
  const ir_tok t0 = P->L.tok;
  if (t0.kind != TK_PERCENT) ir_fail(P, "expected the induction variable of scf.for");
  ir_argdef iv = {.name = ir_tok_intern(P), .line = t0.line, .col = t0.col};
  ir_lex_next(P);
  ir_expect_punct(P, '=');
  ir_vec segs[4] = {IR_VEC(P), IR_VEC(P), IR_VEC(P), IR_VEC(P)};
  ir_vec_push(&segs[0], ir_parse_value_use(P));
  ir_expect_kw(P, "to");
  ir_vec_push(&segs[1], ir_parse_value_use(P));
  ir_expect_kw(P, "step");
  ir_vec_push(&segs[2], ir_parse_value_use(P));
  ir_vec names = IR_VEC(P);
  if (ir_eat_kw(P, "iter_args")) {
    ir_expect_punct(P, '(');
    if (!ir_is_punct(P, ')')) {
      do {
        if (P->L.tok.kind != TK_PERCENT) ir_fail(P, "expected an iter_args name");
        ir_argdef *a = ir_alloc(P->A, sizeof *a);
        a->name = ir_tok_intern(P);
        a->line = P->L.tok.line;
        a->col = P->L.tok.col;
        ir_lex_next(P);
        ir_expect_punct(P, '=');
        ir_vec_push(&segs[3], ir_parse_value_use(P));
        ir_vec_push(&names, a);
      } while (ir_eat_punct(P, ','));
    }
    ir_expect_punct(P, ')');
  }
  const ir_type **rt = NULL;
  uint32_t nr = ir_parse_arrow_types(P, &rt);
  if (nr != names.n)
    ir_fail_at(P, P->op_line, P->op_col, "scf.for has %zu iter_args but %u result types", names.n, nr);
  ir_need_results(P, op, nr, &t0);
  iv.type = ir_eat_punct(P, ':') ? ir_parse_type(P) : ir_type_simple(P, IR_T_INDEX);
  ir_argdef *args = ir_alloc(P->A, (nr + 1) * sizeof *args);
  args[0] = iv;
  for (uint32_t i = 0; i < nr; i++) {
    args[i + 1] = *(ir_argdef *)names.v[i];
    args[i + 1].type = rt[i];
    op->results[i]->type = rt[i];
    ir_use_type(P, segs[3].v[i], rt[i], P->op_line, P->op_col);
  }
  ir_vec_free(&names);
  ir_set_operands(P, op, segs, 4);
  for (int k = 0; k < 4; k++) ir_vec_free(&segs[k]);
  ir_region *r = ir_add_region(P, op);
  ir_parse_region_body(P, r, args, nr + 1, false);
  ir_ensure_terminator(P, r, IR_OP_SCF_YIELD);
  if (ir_is_punct(P, '{')) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
}

/* lead, then "(T0, T1, ...)": the types of op's results. */
static void print_results(FILE *o, const ir_op *op, const char *lead) {
  fputs(lead, o);
  fputc('(', o);
  for (uint32_t i = 0; i < op->n_results; i++) {
    if (i) fputs(", ", o);
    ir_print_type(op->results[i]->type, o);
  }
  fputc(')', o);
}

static void ir_print_for(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  const ir_block *b = op->regions[0]->blocks[0];
  fputc(' ', o);
  ir_print_value(b->args[0], o);
  fputs(" = ", o);
  ir_print_value(op->operands[0], o);
  fputs(" to ", o);
  ir_print_value(op->operands[1], o);
  fputs(" step ", o);
  ir_print_value(op->operands[2], o);
  if (op->n_operands > 3) {
    fputs(" iter_args(", o);
    for (uint32_t i = 3; i < op->n_operands; i++) {
      if (i > 3) fputs(", ", o);
      ir_print_value(b->args[i - 2], o);
      fputs(" = ", o);
      ir_print_value(op->operands[i], o);
    }
    print_results(o, op, ") -> ");
  }
  fputc(' ', o);
  if (b->args[0]->type->kind != IR_T_INDEX) {
    fputs(" : ", o);
    ir_print_type(b->args[0]->type, o);
    fputc(' ', o);
  }
  ir_print_region(pr, op->regions[0], false, false);
  ir_print_op_attrs(pr, op, NULL, false);
}

static void ir_parse_if(ir_parser *P, ir_op *op) {
  const ir_tok t0 = P->L.tok;
  ir_value *c = ir_parse_value_use(P);
  ir_one_seg(P, op, &c, 1);
  const ir_type **rt = NULL;
  uint32_t nr = ir_parse_arrow_types(P, &rt);
  ir_need_results(P, op, nr, &t0);
  for (uint32_t i = 0; i < nr; i++) op->results[i]->type = rt[i];
  ir_region *r = ir_add_region(P, op);
  ir_parse_region_body(P, r, NULL, 0, false);
  ir_ensure_terminator(P, r, IR_OP_SCF_YIELD);
  if (ir_eat_kw(P, "else")) {
    r = ir_add_region(P, op);
    ir_parse_region_body(P, r, NULL, 0, false);
    ir_ensure_terminator(P, r, IR_OP_SCF_YIELD);
  }
  if (ir_is_punct(P, '{')) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
}

static void ir_print_if(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  fputc(' ', o);
  ir_print_value(op->operands[0], o);
  if (op->n_results) {
    print_results(o, op, " -> ");
  }
  fputc(' ', o);
  ir_print_region(pr, op->regions[0], false, false);
  if (op->n_regions > 1 && op->regions[1]->n_blocks) {
    fputs(" else ", o);
    ir_print_region(pr, op->regions[1], false, false);
  }
  ir_print_op_attrs(pr, op, NULL, false);
}

static void ir_parse_while(ir_parser *P, ir_op *op) {
  const ir_tok t0 = P->L.tok;
  ir_vec inits = IR_VEC(P), names = IR_VEC(P);
  if (ir_eat_punct(P, '(')) {
    if (!ir_is_punct(P, ')')) {
      do {
        if (P->L.tok.kind != TK_PERCENT) ir_fail(P, "expected a block argument name");
        ir_argdef *a = ir_alloc(P->A, sizeof *a);
        a->name = ir_tok_intern(P);
        ir_lex_next(P);
        ir_expect_punct(P, '=');
        ir_vec_push(&inits, ir_parse_value_use(P));
        ir_vec_push(&names, a);
      } while (ir_eat_punct(P, ','));
    }
    ir_expect_punct(P, ')');
  }
  ir_expect_punct(P, ':');
  const ir_tok ft = P->L.tok;
  const ir_type *t = ir_parse_type(P);
  if (t->kind != IR_T_FUNC) ir_fail_at(P, ft.line, ft.col, "expected a function type after ':' in scf.while");
  if (t->n_inputs != inits.n)
    ir_fail_at(P, ft.line, ft.col, "scf.while has %zu initial values but %u input types", inits.n, t->n_inputs);
  ir_need_results(P, op, t->n_results, &t0);
  ir_argdef *args = inits.n ? ir_alloc(P->A, inits.n * sizeof *args) : NULL;
  for (size_t i = 0; i < inits.n; i++) {
    args[i] = *(ir_argdef *)names.v[i];
    args[i].type = t->inputs[i];
    ir_use_type(P, inits.v[i], t->inputs[i], ft.line, ft.col);
  }
  for (uint32_t i = 0; i < t->n_results; i++) op->results[i]->type = t->results[i];
  ir_set_operands(P, op, &inits, 1);
  uint32_t na = (uint32_t)inits.n;
  ir_vec_free(&inits);
  ir_vec_free(&names);
  ir_parse_region_body(P, ir_add_region(P, op), args, na, false);
  ir_expect_kw(P, "do");
  ir_parse_region_body(P, ir_add_region(P, op), NULL, 0, false);
  if (ir_eat_kw(P, "attributes")) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
}

static void ir_print_while(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  const ir_block *b = op->regions[0]->n_blocks ? op->regions[0]->blocks[0] : NULL;
  if (op->n_operands) {
    fputs(" (", o);
    for (uint32_t i = 0; i < op->n_operands; i++) {
      if (i) fputs(", ", o);
      if (b && i < b->n_args) ir_print_value(b->args[i], o);
      fputs(" = ", o);
      ir_print_value(op->operands[i], o);
    }
    fputc(')', o);
  }
  ir_print_fn_type(op, o);
  fputc(' ', o);
  ir_print_region(pr, op->regions[0], false, true);
  fputs(" do ", o);
  ir_print_region(pr, op->regions[1], true, true);
  ir_print_op_attrs(pr, op, NULL, true);
}

static void ir_parse_execute_region(ir_parser *P, ir_op *op) {
  const ir_tok t0 = P->L.tok;
  const ir_type **rt = NULL;
  uint32_t nr = ir_parse_arrow_types(P, &rt);
  ir_need_results(P, op, nr, &t0);
  for (uint32_t i = 0; i < nr; i++) op->results[i]->type = rt[i];
  if (ir_eat_kw(P, "no_inline")) ir_set_attr(P, op, "no_inline", ir_attr_mk_unit(P), false);
  ir_parse_region_body(P, ir_add_region(P, op), NULL, 0, false);
  if (ir_is_punct(P, '{')) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
  ir_set_operands(P, op, NULL, 0);
}

static void ir_print_execute_region(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  if (op->n_results) {
    print_results(o, op, " -> ");
  }
  if (ir_op_has_attr(op, "no_inline")) fputs(" no_inline", o);
  fputc(' ', o);
  ir_print_region(pr, op->regions[0], false, true);
  static const char *const skip[] = {"no_inline", NULL};
  ir_print_op_attrs(pr, op, skip, false);
}

/* ------------------------------------------------------------------ ttg.warp_specialize */

/* "num_warps(N) {body}" of a partition named `want` (ttg.warp_specialize's partitionK, after its
 * argument list; nvws.warp_group's partitionK): a region of op labelled want. */
static void partition_region(ir_parser *P, ir_op *op, const char *want, ir_argdef *args, uint32_t na,
                             bool isolated) {
  ir_expect_kw(P, "num_warps");
  ir_expect_punct(P, '(');
  int64_t nw = ir_parse_int_in(P, 1, 64, "num_warps");
  ir_expect_punct(P, ')');
  ir_region *r = ir_add_region(P, op);
  r->label = ir_intern_str(&P->names, want, strlen(want));
  r->num_warps = (int32_t)nw;
  ir_parse_region_body(P, r, args, na, isolated);
}

static void ir_parse_ws(ir_parser *P, ir_op *op) {
  const ir_tok t0 = P->L.tok;
  ir_expect_punct(P, '(');
  uint32_t n;
  ir_value **caps = ir_parse_value_list(P, &n);
  ir_expect_punct(P, ')');
  ir_one_seg(P, op, caps, n);
  if (ir_eat_kw(P, "attributes")) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
  ir_expect_kw(P, "default");
  ir_region *def = ir_add_region(P, op);
  def->label = "default";
  ir_parse_region_body(P, def, NULL, 0, false);
  for (int k = 0;; k++) {
    char want[32];
    snprintf(want, sizeof want, "partition%d", k);
    if (!ir_is_kw(P, want)) {
      if (P->L.tok.kind == TK_BARE && P->L.tok.n > 9 && !memcmp(P->L.tok.s, "partition", 9))
        ir_fail(P, "expected '%s' (partitions are numbered in order)", want);
      break;
    }
    ir_lex_next(P);
    ir_argdef *args;
    uint32_t na = ir_parse_arg_list(P, &args, false);
    partition_region(P, op, want, args, na, true);
  }
  ir_expect_punct(P, ':');
  const ir_tok ft = P->L.tok;
  const ir_type *t = ir_parse_type(P);
  if (t->kind != IR_T_FUNC) ir_fail_at(P, ft.line, ft.col, "expected a function type after ':' in ttg.warp_specialize");
  if (t->n_inputs != n)
    ir_fail_at(P, ft.line, ft.col, "ttg.warp_specialize captures %u values but %u types are given", n, t->n_inputs);
  for (uint32_t i = 0; i < n; i++) ir_use_type(P, caps[i], t->inputs[i], ft.line, ft.col);
  ir_need_results(P, op, t->n_results, &t0);
  for (uint32_t i = 0; i < t->n_results; i++) op->results[i]->type = t->results[i];
}

static void ir_print_ws(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  fputc('(', o);
  for (uint32_t i = 0; i < op->n_operands; i++) {
    if (i) fputs(", ", o);
    ir_print_value(op->operands[i], o);
  }
  fputc(')', o);
  static const char *const skip[] = {"partitionNumWarps", NULL};
  ir_print_op_attrs(pr, op, skip, true);
  fprintf(o, "\n%*sdefault ", pr->indent, "");
  ir_print_region(pr, op->regions[0], false, true);
  for (uint32_t k = 1; k < op->n_regions; k++) {
    const ir_region *r = op->regions[k];
    fprintf(o, "\n%*s%s(", pr->indent, "", r->label ? r->label : "partition?");
    const ir_block *b = r->n_blocks ? r->blocks[0] : NULL;
    for (uint32_t i = 0; b && i < b->n_args; i++) {
      if (i) fputs(", ", o);
      ir_print_block_arg(pr, b->args[i], NULL);
    }
    fprintf(o, ") num_warps(%d) ", r->num_warps);
    ir_print_region(pr, r, false, true);
  }
  ir_print_fn_type(op, o);
}

/* ------------------------------------------------------------------ nvws.warp_group */

/* WarpGroupOp::parse / print (the fork's third_party/nvidia/lib/Dialect/NVWS/IR/Ops.cpp):
 *   nvws.warp_group [attributes {...}] (partitionK num_warps(N) {region})+
 * The regions take no arguments (they use values defined above); numWarps is kept per region
 * (r->num_warps) and printed back the same way. */
static void ir_parse_warp_group(ir_parser *P, ir_op *op) {
  if (ir_eat_kw(P, "attributes")) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
  for (int k = 0;; k++) {
    char want[32];
    snprintf(want, sizeof want, "partition%d", k);
    if (!ir_is_kw(P, want)) {
      if (!k) ir_fail(P, "expected 'partition0' after nvws.warp_group");
      break;
    }
    ir_lex_next(P);
    partition_region(P, op, want, NULL, 0, false);
  }
}

static void ir_print_warp_group(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  static const char *const skip[] = {"numWarps", NULL};
  ir_print_op_attrs(pr, op, skip, true);
  for (uint32_t k = 0; k < op->n_regions; k++) {
    const ir_region *r = op->regions[k];
    fprintf(o, "\n%*s%s num_warps(%d) ", pr->indent, "", r->label ? r->label : "partition?", r->num_warps);
    ir_print_region(pr, r, false, true);
  }
}

/* ------------------------------------------------------------------ ttng.subtiled_region */

/* SubtiledRegionOp::parse of the TLX fork (lib/Dialect/TritonNvidiaGPU/IR/Ops.cpp, db4666f):
 *   [per_tile(%a, ... : T, ...)] [shared(%s, ... : T, ...)] [{attrs}] tile(%x: T, ...) {...}
 *   [-> (T, ...)]
 * The fork's printer writes the tile arguments as the entry block's label (printRegion with
 * printEntryBlockArgs), `tile {^bb0(%x: T):`, which its own parser does not read back; both
 * forms are read here. The region is isolated from above (ODS IsolatedFromAbove). */
static void ir_parse_subtiled(ir_parser *P, ir_op *op) {
  const ir_tok t0 = P->L.tok;
  static const char *const kw[2] = {"per_tile", "shared"};
  ir_vec segs[2] = {IR_VEC(P), IR_VEC(P)};
  for (int k = 0; k < 2; k++) {
    if (!ir_eat_kw(P, kw[k])) continue;
    ir_expect_punct(P, '(');
    if (P->L.tok.kind == TK_PERCENT) {
      do {
        ir_vec_push(&segs[k], ir_parse_value_use(P));
      } while (ir_eat_punct(P, ','));
    }
    ir_expect_punct(P, ':');
    for (size_t i = 0; i < segs[k].n; i++) {
      if (i) ir_expect_punct(P, ',');
      uint32_t line = P->L.tok.line, col = P->L.tok.col;
      ir_use_type(P, segs[k].v[i], ir_parse_type(P), line, col);
    }
    ir_expect_punct(P, ')');
  }
  ir_set_operands(P, op, segs, 2);
  for (int k = 0; k < 2; k++) ir_vec_free(&segs[k]);
  if (ir_is_punct(P, '{')) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
  ir_expect_kw(P, "tile");
  ir_region *r = ir_add_region(P, op);
  ir_argdef *args = NULL;
  uint32_t na = ir_is_punct(P, '(') ? ir_parse_arg_list(P, &args, false) : 0;
  ir_parse_region_body(P, r, args, na, true);
  const ir_type **rt = NULL;
  uint32_t nr = ir_parse_arrow_types(P, &rt);
  ir_need_results(P, op, nr, &t0);
  for (uint32_t i = 0; i < nr; i++) op->results[i]->type = rt[i];
}

/* Operand segment seg of op (n values) as `(%a, %b : T1, T2)`. */
static void print_seg_typed(FILE *o, const ir_op *op, int seg, uint32_t n) {
  uint32_t lo = op->seg_start[seg];
  fputc('(', o);
  for (uint32_t i = 0; i < n; i++) {
    if (i) fputs(", ", o);
    ir_print_value(op->operands[lo + i], o);
  }
  fputs(" : ", o);
  for (uint32_t i = 0; i < n; i++) {
    if (i) fputs(", ", o);
    ir_print_type(op->operands[lo + i]->type, o);
  }
  fputc(')', o);
}

/* In the form the fork's parser reads: the tile arguments after `tile`. */
static void ir_print_subtiled(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  static const char *const kw[2] = {"per_tile", "shared"};
  for (int k = 0; k < 2 && k < op->n_segs; k++) {
    uint32_t n;
    ir_seg(op, k, &n);
    if (!n) continue;
    fprintf(o, " %s", kw[k]);
    print_seg_typed(o, op, k, n);
  }
  static const char *const skip[] = {"operandSegmentSizes", NULL};
  ir_print_op_attrs(pr, op, skip, false);
  fputs(" tile", o);
  const ir_block *b = op->n_regions && op->regions[0]->n_blocks ? op->regions[0]->blocks[0] : NULL;
  if (b && b->n_args) {
    fputc('(', o);
    for (uint32_t i = 0; i < b->n_args; i++) {
      if (i) fputs(", ", o);
      ir_print_block_arg(pr, b->args[i], NULL);
    }
    fputc(')', o);
  }
  fputc(' ', o);
  if (op->n_regions) ir_print_region(pr, op->regions[0], false, true);
  if (op->n_results) print_results(o, op, " -> ");
}

/* ------------------------------------------------------------------ cf */

/* `^bb(%a, %b : T, U)` successor with operands into v; returns the block. */
static ir_block *ir_parse_succ_args(ir_parser *P, ir_vec *v) {
  ir_block *b = ir_parse_successor(P);
  if (ir_eat_punct(P, '(')) {
    size_t first = v->n;
    if (P->L.tok.kind == TK_PERCENT) {
      do {
        ir_vec_push(v, ir_parse_value_use(P));
      } while (ir_eat_punct(P, ','));
      ir_expect_punct(P, ':');
      for (size_t i = first; i < v->n; i++) {
        if (i > first) ir_expect_punct(P, ',');
        uint32_t line = P->L.tok.line, col = P->L.tok.col;
        ir_use_type(P, v->v[i], ir_parse_type(P), line, col);
      }
    }
    ir_expect_punct(P, ')');
  }
  return b;
}

static void ir_parse_br(ir_parser *P, ir_op *op) {
  ir_vec v = IR_VEC(P);
  ir_block *b = ir_parse_succ_args(P, &v);
  op->successors = ir_alloc(P->A, sizeof *op->successors);
  op->successors[0] = b;
  op->n_successors = 1;
  ir_set_operands(P, op, &v, 1);
  ir_vec_free(&v);
  if (ir_is_punct(P, '{')) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
}

static void ir_parse_cond_br(ir_parser *P, ir_op *op) {
  ir_vec segs[3] = {IR_VEC(P), IR_VEC(P), IR_VEC(P)};
  ir_vec_push(&segs[0], ir_parse_value_use(P));
  ir_expect_punct(P, ',');
  op->successors = ir_alloc(P->A, 2 * sizeof *op->successors);
  op->successors[0] = ir_parse_succ_args(P, &segs[1]);
  ir_expect_punct(P, ',');
  op->successors[1] = ir_parse_succ_args(P, &segs[2]);
  op->n_successors = 2;
  ir_set_operands(P, op, segs, 3);
  for (int k = 0; k < 3; k++) ir_vec_free(&segs[k]);
  if (ir_is_punct(P, '{')) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
}

static void ir_print_succ(ir_printer *pr, const ir_op *op, int k, int seg) {
  FILE *o = pr->out;
  fprintf(o, "^%s", op->successors[k]->label ? op->successors[k]->label : "bb?");
  uint32_t n;
  ir_seg(op, seg, &n);
  if (!n) return;
  print_seg_typed(o, op, seg, n);
}

static void ir_print_br(ir_printer *pr, const ir_op *op) {
  fputc(' ', pr->out);
  ir_print_succ(pr, op, 0, 0);
  ir_print_op_attrs(pr, op, NULL, false);
}

static void ir_print_cond_br(ir_printer *pr, const ir_op *op) {
  fputc(' ', pr->out);
  ir_print_value(op->operands[0], pr->out);
  fputs(", ", pr->out);
  ir_print_succ(pr, op, 0, 1);
  fputs(", ", pr->out);
  ir_print_succ(pr, op, 1, 2);
  ir_print_op_attrs(pr, op, NULL, false);
}

/* ------------------------------------------------------------------ arith.select */

static void ir_parse_select(ir_parser *P, ir_op *op) {
  ir_vec segs[3] = {IR_VEC(P), IR_VEC(P), IR_VEC(P)};
  for (int k = 0; k < 3; k++) {
    if (k) ir_expect_punct(P, ',');
    ir_vec_push(&segs[k], ir_parse_value_use(P));
  }
  ir_set_operands(P, op, segs, 3);
  for (int k = 0; k < 3; k++) ir_vec_free(&segs[k]);
  if (ir_is_punct(P, '{')) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
  ir_expect_punct(P, ':');
  uint32_t line = P->L.tok.line, col = P->L.tok.col;
  const ir_type *t = ir_parse_type(P);
  if (ir_eat_punct(P, ',')) {
    ir_use_type(P, op->operands[0], t, line, col);
    line = P->L.tok.line;
    col = P->L.tok.col;
    t = ir_parse_type(P);
  }
  if (op->n_results != 1) ir_fail(P, "arith.select has one result");
  op->results[0]->type = t;
  ir_use_type(P, op->operands[1], t, line, col);
  ir_use_type(P, op->operands[2], t, line, col);
}

static void ir_print_select(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  for (int k = 0; k < 3; k++) {
    fputs(k ? ", " : " ", o);
    ir_print_value(op->operands[k], o);
  }
  ir_print_op_attrs(pr, op, NULL, false);
  fputs(" : ", o);
  if (op->operands[0]->type->kind == IR_T_TENSOR) {
    ir_print_type(op->operands[0]->type, o);
    fputs(", ", o);
  }
  ir_print_type(op->results[0]->type, o);
}

/* ------------------------------------------------------------------ dispatch */

/* The syntax written in C, by op (ir_formats.c marks these ops "@@name"; test_ir_parse checks
 * that each such op has a row here): its reader and its printer side by side. */
static const struct {
  void (*parse)(ir_parser *P, ir_op *op);
  void (*print)(ir_printer *pr, const ir_op *op);
} customs[IR_OP__COUNT] = {
    [IR_OP_BUILTIN_MODULE] = {ir_parse_module, ir_print_module},
    [IR_OP_TT_FUNC] = {ir_parse_func, ir_print_func},
    [IR_OP_SCF_FOR] = {ir_parse_for, ir_print_for},
    [IR_OP_SCF_IF] = {ir_parse_if, ir_print_if},
    [IR_OP_SCF_WHILE] = {ir_parse_while, ir_print_while},
    [IR_OP_SCF_EXECUTE_REGION] = {ir_parse_execute_region, ir_print_execute_region},
    [IR_OP_TTG_WARP_SPECIALIZE] = {ir_parse_ws, ir_print_ws},
    [IR_OP_CF_BR] = {ir_parse_br, ir_print_br},
    [IR_OP_CF_COND_BR] = {ir_parse_cond_br, ir_print_cond_br},
    [IR_OP_ARITH_SELECT] = {ir_parse_select, ir_print_select},
    [IR_OP_TTNG_SUBTILED_REGION] = {ir_parse_subtiled, ir_print_subtiled},
    [IR_OP_NVWS_WARP_GROUP] = {ir_parse_warp_group, ir_print_warp_group},
};

bool ir_custom_has(ir_opcode code) { return customs[code].parse && customs[code].print; }

bool ir_custom_parse(ir_parser *P, ir_op *op) {
  if (!customs[op->code].parse) return false;
  customs[op->code].parse(P, op);
  return true;
}

bool ir_custom_print(ir_printer *pr, const ir_op *op) {
  if (!customs[op->code].print) return false;
  customs[op->code].print(pr, op);
  return true;
}
