/* ir_loc.c: location attributes `loc(...)`: parsing, printing, and resolution to the best
 * user source position (callsite -> callee if it names a user file, else the caller;
 * name(child) -> child; fused -> first known; #alias -> its definition). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"

static ir_locattr *ir_loc_new(ir_parser *P, ir_lockind k) {
  ir_locattr *l = ir_alloc(P->A, sizeof *l);
  l->kind = k;
  return l;
}

ir_locattr *ir_parse_loc_body(ir_parser *P) {
  if (++P->depth > 200) ir_fail(P, "location nested too deeply");
  const ir_tok t = P->L.tok;
  ir_locattr *l = NULL;
  if (t.kind == TK_BARE && ir_is_kw(P, "unknown")) {
    ir_lex_next(P);
    l = ir_loc_new(P, IR_L_UNKNOWN);
  } else if (t.kind == TK_STRING) {
    const char *s = ir_tok_intern(P);
    ir_lex_next(P);
    if (ir_eat_punct(P, ':')) {
      l = ir_loc_new(P, IR_L_FILE);
      l->file = s;
      l->line = (uint32_t)ir_parse_int_in(P, 0, UINT32_MAX, "line number");
      ir_expect_punct(P, ':');
      l->col = (uint32_t)ir_parse_int_in(P, 0, UINT32_MAX, "column number");
      if (ir_is_kw(P, "to")) ir_fail(P, "location ranges ('to') are not supported");
    } else {
      l = ir_loc_new(P, IR_L_NAME);
      l->name = s;
      if (ir_eat_punct(P, '(')) {
        l->a = ir_parse_loc_body(P);
        ir_expect_punct(P, ')');
      }
    }
  } else if (t.kind == TK_BARE && ir_is_kw(P, "callsite")) {
    ir_lex_next(P);
    ir_expect_punct(P, '(');
    l = ir_loc_new(P, IR_L_CALLSITE);
    l->a = ir_parse_loc_body(P);
    ir_expect_kw(P, "at");
    l->b = ir_parse_loc_body(P);
    ir_expect_punct(P, ')');
  } else if (t.kind == TK_BARE && ir_is_kw(P, "fused")) {
    ir_lex_next(P);
    l = ir_loc_new(P, IR_L_FUSED);
    if (ir_is_punct(P, '<')) l->name = ir_capture_angle(P); /* metadata, printed back */
    ir_expect_punct(P, '[');
    ir_vec v = IR_VEC(P);
    if (!ir_is_punct(P, ']')) {
      do {
        ir_vec_push(&v, ir_parse_loc_body(P));
      } while (ir_eat_punct(P, ','));
    }
    l->list = (ir_locattr **)ir_vec_to_arena(P->A, &v);
    l->n = (uint32_t)v.n;
    ir_vec_free(&v);
    ir_expect_punct(P, ']');
  } else if (t.kind == TK_HASH) {
    /* name keeps the interned "#locN" minus its sigil; `a` is linked at the end */
    const char *key = ir_intern_str(&P->names, t.start, t.end - t.start);
    l = ir_loc_new(P, IR_L_ALIAS);
    l->name = key + 1;
    l->line = t.line;
    l->col = t.col;
    ir_lex_next(P);
    ir_vec_push(&P->loc_aliases_used, l);
  } else {
    char b[64];
    ir_fail(P, "expected a location, found %s", ir_describe_tok(&t, b, sizeof b));
  }
  P->depth--;
  return l;
}

ir_locattr *ir_parse_opt_loc(ir_parser *P) {
  if (!ir_is_kw(P, "loc")) return NULL;
  ir_lex_next(P);
  ir_expect_punct(P, '(');
  ir_locattr *l = ir_parse_loc_body(P);
  ir_expect_punct(P, ')');
  return l;
}

void ir_print_locattr(const ir_locattr *l, FILE *out) {
  switch (l->kind) {
  case IR_L_UNKNOWN: fputs("unknown", out); break;
  case IR_L_FILE: fprintf(out, "\"%s\":%u:%u", l->file, l->line, l->col); break;
  case IR_L_NAME:
    fprintf(out, "\"%s\"", l->name);
    if (l->a) {
      fputc('(', out);
      ir_print_locattr(l->a, out);
      fputc(')', out);
    }
    break;
  case IR_L_CALLSITE:
    fputs("callsite(", out);
    ir_print_locattr(l->a, out);
    fputs(" at ", out);
    ir_print_locattr(l->b, out);
    fputc(')', out);
    break;
  case IR_L_FUSED:
    fputs("fused", out);
    if (l->name) fprintf(out, "<%s>", l->name);
    fputc('[', out);
    for (uint32_t i = 0; i < l->n; i++) {
      if (i) fputs(", ", out);
      ir_print_locattr(l->list[i], out);
    }
    fputc(']', out);
    break;
  case IR_L_ALIAS: fprintf(out, "#%s", l->name); break;
  }
}

void ir_print_opt_loc(const ir_locattr *l, FILE *out) {
  if (!l) return;
  fputs(" loc(", out);
  ir_print_locattr(l, out);
  fputc(')', out);
}

/* Library frames (Triton's own Python) are skipped in favour of the user's call site. */
static bool ir_is_user_file(const char *f) {
  static const char *const lib[] = {"triton/language/", "triton/experimental/", "triton/runtime/",
                                    "triton/compiler/", "triton/tools/", "site-packages/triton/"};
  for (size_t i = 0; i < sizeof lib / sizeof lib[0]; i++)
    if (strstr(f, lib[i])) return false;
  return true;
}

static ir_loc ir_resolve_rec(const ir_locattr *l, int depth) {
  ir_loc none = {0};
  if (!l || depth > 64) return none;
  switch (l->kind) {
  case IR_L_UNKNOWN: return none;
  case IR_L_FILE: return (ir_loc){l->file, l->line, l->col};
  case IR_L_NAME: return ir_resolve_rec(l->a, depth + 1);
  case IR_L_ALIAS: return ir_resolve_rec(l->a, depth + 1);
  case IR_L_CALLSITE: {
    ir_loc callee = ir_resolve_rec(l->a, depth + 1);
    if (callee.file && ir_is_user_file(callee.file)) return callee;
    ir_loc caller = ir_resolve_rec(l->b, depth + 1);
    return caller.file ? caller : callee;
  }
  case IR_L_FUSED:
    for (uint32_t i = 0; i < l->n; i++) {
      ir_loc r = ir_resolve_rec(l->list[i], depth + 1);
      if (r.file) return r;
    }
    return none;
  }
  return none;
}

ir_loc ir_resolve_loc(const ir_parser *P, const ir_locattr *l) {
  (void)P;
  return ir_resolve_rec(l, 0);
}

static void ir_resolve_region(ir_region *r, ir_loc parent_loc);

static void ir_resolve_op(ir_op *op, ir_loc parent_loc) {
  op->loc = ir_resolve_rec(op->loc_attr, 0);
  if (op->implicit && !op->loc.file) op->loc = parent_loc; /* omitted scf.yield: its loop */
  for (uint32_t i = 0; i < op->n_results; i++) op->results[i]->loc = op->loc;
  for (uint32_t i = 0; i < op->n_regions; i++) ir_resolve_region(op->regions[i], op->loc);
}

static void ir_resolve_region(ir_region *r, ir_loc parent_loc) {
  for (uint32_t b = 0; b < r->n_blocks; b++) {
    ir_block *bl = r->blocks[b];
    for (uint32_t i = 0; i < bl->n_args; i++) {
      ir_value *v = bl->args[i];
      v->loc = ir_resolve_rec(v->loc_attr, 0);
      if (!v->loc.file) v->loc = parent_loc; /* iv / unknown: the owning op's position */
    }
    for (ir_op *op = bl->first; op; op = op->next) ir_resolve_op(op, parent_loc);
  }
}

void ir_resolve_all_locs(ir_parser *P) {
  /* Link #locN references to their definitions (which may follow the module). */
  for (size_t i = 0; i < P->loc_aliases_used.n; i++) {
    ir_locattr *l = P->loc_aliases_used.v[i];
    void **slot = ir_pmap_slot(&P->aliases, l->name - 1, false);
    const ir_attr *a = slot ? *slot : NULL;
    if (!a) ir_fail_at(P, l->line, l->col, "undefined location alias '#%s'", l->name);
    if (a->kind != IR_A_LOC) ir_fail_at(P, l->line, l->col, "'#%s' is not a location", l->name);
    l->a = a->loc;
  }
  ir_loc none = {0};
  if (P->m->module_op) ir_resolve_op(P->m->module_op, none);
}

char *ir_loc_str(ir_loc loc, char *buf, size_t n) {
  if (!loc.file) snprintf(buf, n, "<unknown>");
  else snprintf(buf, n, "%s:%u:%u", loc.file, loc.line, loc.col);
  return buf;
}
