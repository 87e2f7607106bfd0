/* ir_print.c: prints a module back in Triton's textual syntax (aliases, module, functions,
 * regions, ops in their custom or generic form, locations). Printing the output of a parse
 * of this output gives the same text. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"
#include "ir/ir_alloc.h"

void ir_print_value(const ir_value *v, FILE *out) {
  fprintf(out, "%%%s", v->name ? v->name : "<<unnamed>>");
  if (v->name_sub >= 0) fprintf(out, "#%d", v->name_sub);
}

void ir_print_block_arg(ir_printer *pr, const ir_value *v, const ir_attr *attrs) {
  ir_print_value(v, pr->out);
  fputs(": ", pr->out);
  ir_print_type(v->type, pr->out);
  if (attrs && attrs->kind == IR_A_DICT && attrs->n) {
    fputc(' ', pr->out);
    ir_print_attr(attrs, pr->out);
  }
  ir_print_opt_loc(v->loc_attr, pr->out);
}

void ir_print_op_attrs(ir_printer *pr, const ir_op *op, const char *const *skip, bool kw) {
  uint32_t shown = 0;
  for (uint32_t i = 0; i < op->n_attrs; i++) {
    bool skipped = false;
    for (const char *const *s = skip; s && *s; s++)
      if (!strcmp(*s, op->attrs[i].name)) skipped = true;
    shown += !skipped;
  }
  if (!shown) return;
  fputs(kw ? " attributes " : " ", pr->out);
  ir_print_dict_entries(op->attrs, op->n_attrs, skip, pr->out);
}

static void ir_print_block_name(const ir_block *b, uint32_t idx, FILE *o) {
  if (b->label) fprintf(o, "^%s", b->label);
  else fprintf(o, "^bb%u", idx);
}

/* MLIR's comment after a non-entry block's label: "  // pred: ^bb0" (one predecessor edge),
 * "  // N preds: ^bb0, ^bb2" (edges counted, their blocks in region order) or "  // no
 * predecessors", so that Triton's output prints back as written (parse_roundtrip). */
static void ir_print_block_preds(const ir_region *r, const ir_block *b, FILE *o) {
  uint32_t n = 0;
  for (int pass = 0; pass < 2; pass++) {
    uint32_t k = 0;
    for (uint32_t j = 0; j < r->n_blocks; j++) {
      const ir_op *t = r->blocks[j]->first;
      while (t && t->next) t = t->next;
      for (uint32_t s = 0; t && s < t->n_successors; s++) {
        if (t->successors[s] != b) continue;
        if (pass == 0) n++;
        else {
          fputs(k++ ? ", " : (n == 1 ? "  // pred: " : ""), o);
          ir_print_block_name(r->blocks[j], j, o);
        }
      }
    }
    if (pass == 0 && n == 0) fputs("  // no predecessors", o);
    if (pass == 0 && n > 1) fprintf(o, "  // %u preds: ", n);
    if (n == 0) return;
  }
}

static void ir_print_block_label(ir_printer *pr, const ir_block *b, uint32_t idx) {
  FILE *o = pr->out;
  fprintf(o, "%*s", pr->indent - 2 > 0 ? pr->indent - 2 : 0, "");
  ir_print_block_name(b, idx, o);
  if (b->n_args) {
    fputc('(', o);
    for (uint32_t i = 0; i < b->n_args; i++) {
      if (i) fputs(", ", o);
      ir_print_block_arg(pr, b->args[i], NULL);
    }
    fputc(')', o);
  }
  fputc(':', o);
  if (idx > 0 && b->parent) ir_print_block_preds(b->parent, b, o);
  fputc('\n', o);
}

void ir_print_region(ir_printer *pr, const ir_region *r, bool print_entry_args,
                     bool print_terminators) {
  (void)print_terminators; /* omitted terminators are the ops marked implicit */
  FILE *o = pr->out;
  fputs("{\n", o);
  pr->indent += 2;
  for (uint32_t i = 0; i < r->n_blocks; i++) {
    const ir_block *b = r->blocks[i];
    if (i > 0 || (print_entry_args && b->n_args)) ir_print_block_label(pr, b, i);
    for (const ir_op *op = b->first; op; op = op->next)
      if (!op->implicit) ir_print_op(pr, op);
  }
  pr->indent -= 2;
  fprintf(o, "%*s}", pr->indent, "");
}

/* " : (operand types) -> result type(s)": the function type that ends the generic form and
 * warp_specialize (a lone function-typed result is parenthesised). */
void ir_print_fn_type(const ir_op *op, FILE *o) {
  fputs(" : (", o);
  for (uint32_t i = 0; i < op->n_operands; i++) {
    if (i) fputs(", ", o);
    ir_print_type(op->operands[i]->type, o);
  }
  fputs(") -> ", o);
  if (op->n_results == 1 && op->results[0]->type->kind != IR_T_FUNC) {
    ir_print_type(op->results[0]->type, o);
  } else {
    fputc('(', o);
    for (uint32_t i = 0; i < op->n_results; i++) {
      if (i) fputs(", ", o);
      ir_print_type(op->results[i]->type, o);
    }
    fputc(')', o);
  }
}

static void ir_print_generic(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  fprintf(o, "\"%s\"(", ir_ops[op->code].name);
  for (uint32_t i = 0; i < op->n_operands; i++) {
    if (i) fputs(", ", o);
    ir_print_value(op->operands[i], o);
  }
  fputc(')', o);
  if (op->n_successors) {
    fputs("[", o);
    for (uint32_t i = 0; i < op->n_successors; i++)
      fprintf(o, "%s^%s", i ? ", " : "", op->successors[i]->label ? op->successors[i]->label : "bb?");
    fputs("]", o);
  }
  bool any_prop = false, any_attr = false;
  for (uint32_t i = 0; i < op->n_attrs; i++) {
    if (op->attrs[i].is_prop) any_prop = true;
    else any_attr = true;
  }
  if (any_prop) {
    fputs(" <{", o);
    bool first = true;
    for (uint32_t i = 0; i < op->n_attrs; i++) {
      if (!op->attrs[i].is_prop) continue;
      ir_namedattr one = op->attrs[i];
      if (!first) fputs(", ", o);
      first = false;
      /* print "name = value" without the braces ir_print_dict_entries adds */
      fputs(one.name, o);
      if (one.attr->kind != IR_A_UNIT) {
        fputs(" = ", o);
        ir_print_attr(one.attr, o);
      }
    }
    fputs("}>", o);
  }
  if (op->n_regions) {
    fputs(" (", o);
    for (uint32_t i = 0; i < op->n_regions; i++) {
      if (i) fputs(", ", o);
      ir_print_region(pr, op->regions[i], true, true);
    }
    fputc(')', o);
  }
  if (any_attr) {
    fputc(' ', o);
    ir_namedattr *plain = ir_xmalloc(op->n_attrs, sizeof *plain);
    uint32_t n = 0;
    for (uint32_t i = 0; plain && i < op->n_attrs; i++)
      if (!op->attrs[i].is_prop) plain[n++] = op->attrs[i];
    if (plain) ir_print_dict_entries(plain, n, NULL, o);
    free(plain);
  }
  ir_print_fn_type(op, o);
}

static void ir_print_results(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  if (!op->n_results || !op->results[0]->name) return; /* written without `%r =` */
  for (uint32_t i = 0; i < op->n_results;) {
    const ir_value *v = op->results[i];
    if (i) fputs(", ", o);
    fprintf(o, "%%%s", v->name ? v->name : "<<unnamed>>");
    uint32_t j = i + 1;
    if (v->name_sub >= 0) {
      while (j < op->n_results && op->results[j]->name == v->name && op->results[j]->name_sub > 0) j++;
      fprintf(o, ":%u", j - i);
    }
    i = j;
  }
  fputs(" = ", o);
}

void ir_print_op(ir_printer *pr, const ir_op *op) {
  FILE *o = pr->out;
  fprintf(o, "%*s", pr->indent, "");
  ir_print_results(pr, op);
  const char *syn = ir_op_syntax[op->code];
  if (op->generic || (syn && !strcmp(syn, "@@generic"))) {
    ir_print_generic(pr, op);
  } else {
    const char *name = ir_ops[op->code].name;
    fputs(strncmp(name, "builtin.", 8) ? name : name + 8, o);
    if (syn && syn[0] == '@' && syn[1] == '@') {
      bool ok = ir_custom_print(pr, op);
      assert(ok);
      (void)ok;
    } else {
      ir_fmt_print(pr, op, ir_fmt_get(pr->fmts, op->code));
    }
  }
  ir_print_opt_loc(op->loc_attr, o);
  fputc('\n', o);
}

/* Attribute aliases are all printed before the module (ops of any top-level op may use
 * them); location aliases keep their place, since they may be used before they appear. */
static void ir_print_aliases(const ir_module *m, FILE *out, bool after) {
  for (uint32_t i = 0; i < m->n_aliases; i++) {
    bool is_loc = m->alias_attrs[i]->kind == IR_A_LOC;
    if ((is_loc ? m->alias_after[i] : false) != after) continue;
    fprintf(out, "%s = ", m->alias_names[i]);
    ir_print_attr_ex(m->alias_attrs[i], out, true);
    fputc('\n', out);
  }
}

void ir_print(const ir_module *m, FILE *out) {
  ir_printer pr = {.out = out, .m = m};
  pr.fmts = ir_xcalloc(IR_OP__COUNT, sizeof *pr.fmts);
  if (!pr.fmts) return;
  ir_print_aliases(m, out, false);
  const ir_op *mod = m->module_op;
  if (m->implicit_module) {
    for (const ir_op *op = mod->regions[0]->blocks[0]->first; op; op = op->next) ir_print_op(&pr, op);
  } else if (mod) {
    ir_print_op(&pr, mod);
  }
  ir_print_aliases(m, out, true);
  ir_fmt_free_cache(pr.fmts);
}
