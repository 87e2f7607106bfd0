/* ir_attr.c: MLIR attributes (integers, floats, strings, arrays, dictionaries, dense and
 * dense-array literals, symbols, aliases, dialect attributes): parsing, uniquing, printing. */
#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"
#include "ir/ir_alloc.h"

typedef struct ir_attr_node {
  ir_attr a;                   /* first member */
  struct ir_attr_node *next;
  uint32_t hash;
  uint32_t serial;              /* order of creation (P->n_attrs) */
} ir_attr_node;

static uint32_t ir_attr_hash(const ir_attr *a) {
  uint64_t k[6];
  k[0] = (uint64_t)a->kind | (uint64_t)a->n << 8;
  k[1] = (uint64_t)a->ival;
  memcpy(&k[2], &a->fval, sizeof k[2]);
  k[3] = (uint64_t)(uintptr_t)a->str;
  k[4] = (uint64_t)(uintptr_t)a->type;
  k[5] = 0;
  if (a->kind == IR_A_ENCODING) {
    k[3] = (uint64_t)(uintptr_t)a->enc->mnemonic;
    k[4] = (uint64_t)(uintptr_t)a->enc->params;
    k[5] = (uint64_t)(uintptr_t)a->enc->raw;
  }
  uint32_t h = ir_hash_bytes(k, sizeof k, 7);
  if (a->n && a->elems) h = ir_hash_bytes(a->elems, a->n * sizeof *a->elems, h);
  if (a->n && a->names) h = ir_hash_bytes(a->names, a->n * sizeof *a->names, h);
  if (a->n && a->ivals) h = ir_hash_bytes(a->ivals, a->n * sizeof *a->ivals, h);
  return h;
}

static bool ir_attr_eq(const ir_attr *x, const ir_attr *y) {
  if (x->kind != y->kind || x->ival != y->ival || memcmp(&x->fval, &y->fval, sizeof x->fval) ||
      x->str != y->str || x->type != y->type || x->n != y->n ||
      !x->elems != !y->elems || !x->names != !y->names || !x->ivals != !y->ivals)
    return false;
  if (x->kind == IR_A_ENCODING) {
    const ir_encoding *a = x->enc, *b = y->enc;
    if (a->mnemonic != b->mnemonic || a->params != b->params || a->raw != b->raw ||
        a->has_body != b->has_body)
      return false;
  }
  for (uint32_t i = 0; i < x->n; i++) {
    if (x->elems && x->elems[i] != y->elems[i]) return false;
    if (x->names && x->names[i] != y->names[i]) return false;
    if (x->ivals && x->ivals[i] != y->ivals[i]) return false;
  }
  return true;
}

/* Returns the module's copy of a (copying it and its arrays into the arena if new). */
uint32_t ir_attr_serial(const ir_attr *a) {
  return ((const ir_attr_node *)(const void *)((const char *)a - offsetof(ir_attr_node, a)))->serial;
}

const ir_attr *ir_attr_unique(ir_parser *P, const ir_attr *a) {
  assert(a->kind != IR_A_LOC);
  uint32_t h = ir_attr_hash(a);
  void **slot = ir_pmap_slot(&P->attrs, (const void *)(uintptr_t)((uintptr_t)h * 2 + 1), true);
  for (ir_attr_node *n = *slot; n; n = n->next)
    if (n->hash == h && ir_attr_eq(&n->a, a)) return &n->a;
  ir_attr_node *n = ir_alloc(P->A, sizeof *n);
  n->a = *a;
  if (a->n && a->elems) {
    n->a.elems = ir_alloc(P->A, a->n * sizeof *a->elems);
    memcpy(n->a.elems, a->elems, a->n * sizeof *a->elems);
  }
  if (a->n && a->names) {
    n->a.names = ir_alloc(P->A, a->n * sizeof *a->names);
    memcpy(n->a.names, a->names, a->n * sizeof *a->names);
  }
  if (a->n && a->ivals) {
    n->a.ivals = ir_alloc(P->A, a->n * sizeof *a->ivals);
    memcpy(n->a.ivals, a->ivals, a->n * sizeof *a->ivals);
  }
  if (a->kind == IR_A_ENCODING) {
    ir_encoding *e = ir_alloc(P->A, sizeof *e);
    *e = *a->enc;
    n->a.enc = e;
  }
  n->hash = h;
  n->serial = P->n_attrs++;
  n->next = *slot;
  *slot = n;
  return &n->a;
}

const ir_attr *ir_attr_mk_int(ir_parser *P, int64_t v, const ir_type *t) {
  ir_attr a = {.kind = IR_A_INT, .ival = v, .type = t};
  return ir_attr_unique(P, &a);
}

const ir_attr *ir_attr_mk_kw(ir_parser *P, const char *s) {
  ir_attr a = {.kind = IR_A_KEYWORD, .str = ir_intern_str(&P->names, s, strlen(s))};
  return ir_attr_unique(P, &a);
}

const ir_attr *ir_attr_mk_unit(ir_parser *P) {
  ir_attr a = {.kind = IR_A_UNIT};
  return ir_attr_unique(P, &a);
}

const ir_attr *ir_attr_mk_dict(ir_parser *P, const char **names, const ir_attr **vals,
                               uint32_t n) {
  ir_attr a = {.kind = IR_A_DICT, .names = names, .elems = vals, .n = n};
  return ir_attr_unique(P, &a);
}

const ir_attr *ir_attr_mk_dense_i32(ir_parser *P, const int64_t *v, uint32_t n) {
  ir_attr a = {.kind = IR_A_DENSE_ARRAY, .ivals = (int64_t *)v, .n = n,
               .type = ir_type_int(P, 32, false)};
  return ir_attr_unique(P, &a);
}

/* Converts a bit pattern of a float type to double (hex float literals). */
static double ir_bits_to_double(uint64_t bits, const ir_type *t) {
  if (t->bits == 64) {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
  }
  if (t->bits == 32 || t->fkind == IR_TF32) {
    uint32_t b = (uint32_t)bits;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
  }
  if (t->fkind == IR_BF16) {
    uint32_t b = (uint32_t)bits << 16;
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
  }
  if (t->fkind == IR_F16) {
    int s = (bits >> 15) & 1, e = (bits >> 10) & 31, m = bits & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
    return s ? -v : v;
  }
  return (double)bits; /* fp8 and narrower: kept as text, value not decoded */
}

static const ir_attr *ir_parse_number(ir_parser *P) {
  ir_tok t = P->L.tok;
  ir_attr a = {0};
  const char *text = ir_intern_str(&P->names, t.s, t.n);
  if (t.kind == TK_FLOAT) {
    a.kind = IR_A_FLOAT;
    a.fval = strtod(text, NULL);
    a.str = text;
    ir_lex_next(P);
    if (ir_eat_punct(P, ':')) a.type = ir_parse_type(P);
  } else {
    ir_intlit l;
    ir_tok_intlit(P, &l);
    bool hex = t.n > 2 && (t.s[1] == 'x' || t.s[1] == 'X');
    a.kind = IR_A_INT;
    a.ival = ir_intlit_value(&l);
    if (hex || l.big) a.str = text; /* printed back as written (hex; wider than 64 bits) */
    ir_lex_next(P);
    if (ir_eat_punct(P, ':')) a.type = ir_parse_type(P);
    if (a.type && a.type->kind == IR_T_FLOAT) {
      /* hex bit pattern of a float: 0xFF800000 : f32 (MLIR takes no decimal integer here) */
      if (!hex) ir_fail_at(P, t.line, t.col, "a decimal integer cannot be a floating-point constant (write %s.0)", text);
      if (l.neg || l.big || (a.type->bits < 64 && (l.mag >> a.type->bits)))
        ir_fail_at(P, t.line, t.col, "hexadecimal constant %s does not fit the %u bits of %s", text,
                   a.type->bits, ir_float_name(a.type->fkind));
      a.kind = IR_A_FLOAT;
      a.fval = ir_bits_to_double(l.mag, a.type);
    } else {
      /* `N : iN` and a bare N (an i64): MLIR's range rule, an error at the literal */
      ir_int_check(P, &l, a.type, t.line, t.col, NULL);
    }
  }
  return ir_attr_unique(P, &a);
}

const char *ir_capture_angle(ir_parser *P) {
  /* At '<': scan the raw text to the matching '>' (strings and '->' skipped). */
  assert(ir_is_punct(P, '<'));
  const char *p = P->L.tok.start + 1, *e = P->L.end, *s = p;
  int depth = 1;
  while (p < e) {
    char c = *p;
    if (c == '"') {
      p++;
      while (p < e && *p != '"') p += (*p == '\\' && p + 1 < e) ? 2 : 1;
      p++;
      continue;
    }
    if (c == '-' && p + 1 < e && p[1] == '>') {
      p += 2;
      continue;
    }
    if (c == '\n') ir_fail(P, "unterminated '<' (bodies must be on one line)");
    if (c == '<') depth++;
    if (c == '>' && --depth == 0) break;
    p++;
  }
  if (p >= e) ir_fail(P, "unterminated '<'");
  const char *body = ir_intern_str(&P->names, s, (size_t)(p - s));
  ir_lex_reset(P, p + 1);
  return body;
}

static const ir_attr *ir_parse_dense(ir_parser *P) {
  /* dense<...> : type; the body is kept verbatim, splat scalars are also decoded */
  if (!ir_is_punct(P, '<')) ir_fail(P, "expected '<' after 'dense'");
  ir_attr a = {.kind = IR_A_DENSE};
  uint32_t line = P->L.tok.line, col = P->L.tok.col + 1; /* the body's first column */
  a.str = ir_capture_angle(P);
  const char *s = a.str;
  ir_intlit l;
  if (!strcmp(s, "true")) a.ival = 1;
  else if (!strcmp(s, "false")) a.ival = 0;
  else if (s[0] != '[' && s[0] != '"' && s[0]) {
    char *end;
    a.fval = strtod(s, &end);
    if (ir_intlit_scan(s, strlen(s), &l)) a.ival = ir_intlit_value(&l);
  }
  ir_expect_punct(P, ':');
  a.type = ir_parse_type(P);
  /* every integer element is range-checked against the element type */
  const ir_type *elem = a.type->kind == IR_T_TENSOR ? a.type->elem : a.type;
  ir_dense_check(P, s, elem, line, col);
  return ir_attr_unique(P, &a);
}

static const ir_attr *ir_parse_dense_array(ir_parser *P) {
  /* array<i32: 1, 0> or array<i32> */
  ir_expect_punct(P, '<');
  ir_attr a = {.kind = IR_A_DENSE_ARRAY};
  a.type = ir_parse_type(P);
  int64_t small[64];
  ir_vec big = IR_VEC(P);
  uint32_t n = 0;
  if (ir_eat_punct(P, ':')) {
    do {
      int64_t v;
      if (ir_eat_kw(P, "true")) v = 1;
      else if (ir_eat_kw(P, "false")) v = 0;
      else if (P->L.tok.kind == TK_FLOAT) ir_fail(P, "floating-point array<> attributes are not supported");
      else v = ir_parse_int_as(P, a.type, "array element");
      if (n < 64) small[n] = v;
      else {
        if (n == 64)
          for (int i = 0; i < 64; i++) ir_vec_push(&big, (void *)(intptr_t)small[i]);
        ir_vec_push(&big, (void *)(intptr_t)v);
      }
      n++;
    } while (ir_eat_punct(P, ','));
  }
  ir_expect_punct(P, '>');
  int64_t *vals = small;
  if (n > 64) {
    vals = ir_alloc(P->A, n * sizeof *vals);
    for (uint32_t i = 0; i < n; i++) vals[i] = (int64_t)(intptr_t)big.v[i];
  }
  ir_vec_free(&big);
  a.ivals = vals;
  a.n = n;
  return ir_attr_unique(P, &a);
}

const ir_attr *ir_parse_attr_dict(ir_parser *P) {
  uint32_t line = P->L.tok.line, col = P->L.tok.col;
  ir_expect_punct(P, '{');
  ir_vec names = IR_VEC(P), vals = IR_VEC(P);
  if (!ir_is_punct(P, '}')) {
    do {
      const ir_tok t = P->L.tok;
      const char *name;
      if (t.kind == TK_BARE || t.kind == TK_STRING) {
        name = ir_tok_intern(P);
        ir_lex_next(P);
      } else {
        char b[64];
        ir_vec_free(&names);
        ir_vec_free(&vals);
        ir_fail(P, "expected an attribute name, found %s", ir_describe_tok(&t, b, sizeof b));
      }
      const ir_attr *v = ir_eat_punct(P, '=') ? ir_parse_attr(P) : ir_attr_mk_unit(P);
      ir_vec_push(&names, (void *)name);
      ir_vec_push(&vals, (void *)v);
    } while (ir_eat_punct(P, ','));
  }
  if (!ir_is_punct(P, '}')) {
    ir_vec_free(&names);
    ir_vec_free(&vals);
    ir_expect_punct(P, '}');
  }
  ir_lex_next(P);
  P->dict_line = line;
  P->dict_col = col;
  const ir_attr *d = ir_attr_mk_dict(P, (const char **)names.v, (const ir_attr **)vals.v,
                                     (uint32_t)names.n);
  ir_vec_free(&names);
  ir_vec_free(&vals);
  return d;
}

const ir_attr *ir_parse_attr(ir_parser *P) {
  if (++P->depth > 200) ir_fail(P, "attribute nested too deeply");
  const ir_tok t = P->L.tok;
  const ir_attr *res = NULL;
  ir_attr a = {0};
  switch (t.kind) {
  case TK_INT:
  case TK_FLOAT: res = ir_parse_number(P); break;
  case TK_STRING:
    a.kind = IR_A_STRING;
    a.str = ir_tok_intern(P);
    ir_lex_next(P);
    if (ir_eat_punct(P, ':')) a.type = ir_parse_type(P);
    res = ir_attr_unique(P, &a);
    break;
  case TK_AT:
    a.kind = IR_A_SYMBOL;
    a.str = ir_tok_intern(P);
    ir_lex_next(P);
    res = ir_attr_unique(P, &a);
    break;
  case TK_PUNCT:
    if (t.c == '[') {
      ir_lex_next(P);
      ir_vec el = IR_VEC(P);
      if (!ir_is_punct(P, ']')) {
        do {
          ir_vec_push(&el, (void *)ir_parse_attr(P));
        } while (ir_eat_punct(P, ','));
      }
      if (!ir_is_punct(P, ']')) {
        ir_vec_free(&el);
        ir_expect_punct(P, ']');
      }
      ir_lex_next(P);
      a.kind = IR_A_ARRAY;
      a.elems = (const ir_attr **)el.v;
      a.n = (uint32_t)el.n;
      res = ir_attr_unique(P, &a);
      ir_vec_free(&el);
    } else if (t.c == '{') {
      res = ir_parse_attr_dict(P);
    } else if (t.c == '(') {
      a.kind = IR_A_TYPE;
      a.type = ir_parse_type(P);
      res = ir_attr_unique(P, &a);
    }
    break;
  case TK_HASH: {
    bool has_dot = memchr(t.s, '.', t.n) != NULL;
    ir_lex_next(P);
    bool body = ir_is_punct(P, '<') && P->L.tok.start == t.end;
    if (has_dot || body) {
      res = ir_parse_dialect_attr(P, ir_intern_str(&P->names, t.s, t.n));
    } else {
      const char *key = ir_intern_str(&P->names, t.start, t.end - t.start);
      void **slot = ir_pmap_slot(&P->aliases, key, false);
      if (!slot || !*slot) ir_fail_at(P, t.line, t.col, "undefined attribute alias '#%.*s'", (int)t.n, t.s);
      res = *slot;
    }
    break;
  }
  case TK_BANG: a.kind = IR_A_TYPE; a.type = ir_parse_type(P); res = ir_attr_unique(P, &a); break;
  case TK_BARE:
    if (ir_is_kw(P, "true") || ir_is_kw(P, "false")) {
      a.kind = IR_A_BOOL;
      a.ival = t.s[0] == 't';
      ir_lex_next(P);
      res = ir_attr_unique(P, &a);
    } else if (ir_is_kw(P, "unit")) {
      ir_lex_next(P);
      res = ir_attr_mk_unit(P);
    } else if (ir_is_kw(P, "dense")) {
      ir_lex_next(P);
      res = ir_parse_dense(P);
    } else if (ir_is_kw(P, "array")) {
      ir_lex_next(P);
      res = ir_parse_dense_array(P);
    } else if (ir_is_kw(P, "loc")) {
      ir_locattr *l = ir_parse_opt_loc(P);
      ir_attr *la = ir_alloc(P->A, sizeof *la);
      la->kind = IR_A_LOC;
      la->loc = l;
      res = la;
    } else if (ir_is_kw(P, "affine_map") || ir_is_kw(P, "affine_set") || ir_is_kw(P, "strided") ||
               ir_is_kw(P, "dense_resource") || ir_is_kw(P, "sparse") || ir_is_kw(P, "distinct")) {
      ir_lex_next(P);
      if (!ir_is_punct(P, '<')) ir_fail(P, "expected '<' after '%.*s'", (int)t.n, t.s);
      const char *body = ir_capture_angle(P);
      size_t bl = strlen(body);
      char *txt = ir_xmalloc(t.n + bl + 3, 1);
      if (!txt) ir_fail(P, "out of memory");
      memcpy(txt, t.s, t.n);
      txt[t.n] = '<';
      memcpy(txt + t.n + 1, body, bl);
      txt[t.n + 1 + bl] = '>';
      a.kind = IR_A_OPAQUE;
      a.str = ir_intern_str(&P->names, txt, t.n + bl + 2);
      free(txt);
      res = ir_attr_unique(P, &a);
    } else if (ir_at_type_start(P)) {
      a.kind = IR_A_TYPE;
      a.type = ir_parse_type(P);
      res = ir_attr_unique(P, &a);
    } else {
      /* a bare enum keyword, as dialect attribute bodies use (ctaMode = twocta_rhs) */
      a.kind = IR_A_KEYWORD;
      a.str = ir_tok_intern(P);
      ir_lex_next(P);
      res = ir_attr_unique(P, &a);
    }
    break;
  default: break;
  }
  if (!res) {
    char b[64];
    ir_fail(P, "expected an attribute value, found %s", ir_describe_tok(&t, b, sizeof b));
  }
  P->depth--;
  return res;
}

/* ---- printing */

static bool ir_is_bare_name(const char *s) {
  if (!(isalpha((unsigned char)s[0]) || s[0] == '_')) return false;
  for (const char *p = s + 1; *p; p++)
    if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '$' || *p == '.')) return false;
  return true;
}

void ir_print_string(const char *s, FILE *out) {
  fputc('"', out);
  fputs(s, out);
  fputc('"', out);
}

static void ir_print_float(const ir_attr *a, FILE *out) {
  if (a->str) {
    fputs(a->str, out);
    return;
  }
  char buf[64];
  snprintf(buf, sizeof buf, "%.6e", a->fval);
  if (strtod(buf, NULL) == a->fval) fputs(buf, out);
  else fprintf(out, "%.17g", a->fval);
}

static void ir_print_name(const char *n, FILE *out) {
  if (ir_is_bare_name(n)) fputs(n, out);
  else ir_print_string(n, out);
}

void ir_print_dict_entries(const ir_namedattr *a, uint32_t n, const char *const *skip, FILE *out) {
  bool first = true;
  for (uint32_t i = 0; i < n; i++) {
    bool skipped = false;
    for (const char *const *s = skip; s && *s; s++)
      if (!strcmp(*s, a[i].name)) skipped = true;
    if (skipped) continue;
    fputs(first ? "{" : ", ", out);
    first = false;
    ir_print_name(a[i].name, out);
    if (a[i].attr->kind != IR_A_UNIT) {
      fputs(" = ", out);
      ir_print_attr(a[i].attr, out);
    }
  }
  if (!first) fputc('}', out);
}

void ir_print_attr_ex(const ir_attr *a, FILE *out, bool expand_alias) {
  if (!a) {
    fputs("<<null attr>>", out);
    return;
  }
  if (a->alias && !expand_alias) {
    fputs(a->alias, out);
    return;
  }
  switch (a->kind) {
  case IR_A_INT:
    if (a->str) fputs(a->str, out);
    else fprintf(out, "%lld", (long long)a->ival);
    if (a->type) {
      fputs(" : ", out);
      ir_print_type(a->type, out);
    }
    break;
  case IR_A_FLOAT:
    ir_print_float(a, out);
    if (a->type) {
      fputs(" : ", out);
      ir_print_type(a->type, out);
    }
    break;
  case IR_A_BOOL: fputs(a->ival ? "true" : "false", out); break;
  case IR_A_STRING:
    ir_print_string(a->str, out);
    if (a->type) {
      fputs(" : ", out);
      ir_print_type(a->type, out);
    }
    break;
  case IR_A_UNIT: fputs("unit", out); break;
  case IR_A_ARRAY:
    fputc('[', out);
    for (uint32_t i = 0; i < a->n; i++) {
      if (i) fputs(", ", out);
      ir_print_attr(a->elems[i], out);
    }
    fputc(']', out);
    break;
  case IR_A_DENSE_ARRAY:
    fputs("array<", out);
    ir_print_type(a->type, out);
    for (uint32_t i = 0; i < a->n; i++) {
      fputs(i ? ", " : ": ", out);
      if (a->type && a->type->kind == IR_T_INT && a->type->bits == 1)
        fputs(a->ivals[i] ? "true" : "false", out);
      else fprintf(out, "%lld", (long long)a->ivals[i]);
    }
    fputc('>', out);
    break;
  case IR_A_DENSE:
    fprintf(out, "dense<%s> : ", a->str);
    ir_print_type(a->type, out);
    break;
  case IR_A_DICT:
    fputc('{', out);
    for (uint32_t i = 0; i < a->n; i++) {
      if (i) fputs(", ", out);
      ir_print_name(a->names[i], out);
      if (a->elems[i]->kind != IR_A_UNIT) {
        fputs(" = ", out);
        ir_print_attr(a->elems[i], out);
      }
    }
    fputc('}', out);
    break;
  case IR_A_TYPE: ir_print_type(a->type, out); break;
  case IR_A_SYMBOL: fprintf(out, "@%s", a->str); break;
  case IR_A_KEYWORD: fputs(a->str, out); break;
  case IR_A_ENCODING: ir_print_encoding(a->enc, out); break;
  case IR_A_LOC:
    fputs("loc(", out);
    ir_print_locattr(a->loc, out);
    fputc(')', out);
    break;
  case IR_A_OPAQUE: fputs(a->str, out); break;
  }
}

void ir_print_attr(const ir_attr *a, FILE *out) { ir_print_attr_ex(a, out, false); }

const ir_attr *ir_dict_get(const ir_attr *dict, const char *name) {
  if (!dict || dict->kind != IR_A_DICT) return NULL;
  for (uint32_t i = 0; i < dict->n; i++)
    if (dict->names[i] && !strcmp(dict->names[i], name)) return dict->elems[i];
  return NULL;
}
