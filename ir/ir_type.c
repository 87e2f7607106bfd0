/* ir_type.c: MLIR / Triton types: parsing (builtin, !tt.*, !ttg.*), uniquing per module,
 * printing, and the small type queries of ir.h. */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"
#include "ir/ir_alloc.h"

typedef struct ir_type_node {
  ir_type t;                   /* first member: &node->t is the public type */
  struct ir_type_node *next;   /* hash chain */
  uint32_t hash;
} ir_type_node;

static const struct {
  const char *name;
  ir_floatkind k;
  uint16_t bits;
} ir_floats[] = {
    {"f16", IR_F16, 16},           {"bf16", IR_BF16, 16},
    {"f32", IR_F32, 32},           {"f64", IR_F64, 64},
    {"tf32", IR_TF32, 19},         {"f8E4M3FN", IR_F8E4M3FN, 8},
    {"f8E5M2", IR_F8E5M2, 8},      {"f8E4M3FNUZ", IR_F8E4M3FNUZ, 8},
    {"f8E5M2FNUZ", IR_F8E5M2FNUZ, 8}, {"f8E4M3B11FNUZ", IR_F8E4M3B11FNUZ, 8},
    {"f8E4M3", IR_F8E4M3, 8},      {"f6E2M3FN", IR_F6E2M3FN, 6},
    {"f6E3M2FN", IR_F6E3M2FN, 6},  {"f4E2M1FN", IR_F4E2M1FN, 4},
    {"f8E8M0FNU", IR_F8E8M0FNU, 8},
};

const char *ir_float_name(ir_floatkind k) {
  for (size_t i = 0; i < sizeof ir_floats / sizeof ir_floats[0]; i++)
    if (ir_floats[i].k == k) return ir_floats[i].name;
  return "f?";
}

static uint32_t ir_type_hash(const ir_type *t) {
  /* one pass over a packed copy of the fields that decide equality */
  uint64_t k[2 * IR_MAX_RANK + 10];
  size_t n = 0;
  k[n++] = (uint64_t)t->kind | (uint64_t)t->bits << 8 | (uint64_t)t->fkind << 24 |
           (uint64_t)t->rank << 32 | (uint64_t)t->alloc_rank << 40 | (uint64_t)t->is_mutable << 48 |
           (uint64_t)t->is_unsigned << 49 | (uint64_t)t->is_signed << 50 | (uint64_t)t->desc_short << 51;
  k[n++] = (uint64_t)(uintptr_t)t->elem ^ (uint64_t)(uintptr_t)t->enc * 31;
  k[n++] = (uint64_t)(uintptr_t)t->space ^ (uint64_t)(uintptr_t)t->text * 31 ^ (uint64_t)t->addr_space;
  k[n++] = (uint64_t)t->n_inputs << 32 | t->n_results;
  for (int i = 0; i < t->rank; i++) k[n++] = (uint64_t)t->shape[i];
  for (int i = 0; i < t->alloc_rank; i++) k[n++] = (uint64_t)t->alloc_shape[i];
  uint32_t h = ir_hash_bytes(k, n * sizeof k[0], 0);
  if (t->n_inputs) h = ir_hash_bytes(t->inputs, t->n_inputs * sizeof *t->inputs, h);
  if (t->n_results) h = ir_hash_bytes(t->results, t->n_results * sizeof *t->results, h);
  return h;
}

static bool ir_type_eq(const ir_type *a, const ir_type *b) {
  if (a->kind != b->kind || a->bits != b->bits || a->is_unsigned != b->is_unsigned ||
      a->fkind != b->fkind || a->rank != b->rank || a->alloc_rank != b->alloc_rank ||
      a->elem != b->elem || a->enc != b->enc || a->space != b->space ||
      a->is_mutable != b->is_mutable || a->addr_space != b->addr_space ||
      a->n_inputs != b->n_inputs || a->n_results != b->n_results || a->text != b->text ||
      a->desc_short != b->desc_short || a->is_signed != b->is_signed)
    return false;
  if (memcmp(a->shape, b->shape, a->rank * sizeof a->shape[0])) return false;
  if (memcmp(a->alloc_shape, b->alloc_shape, a->alloc_rank * sizeof a->shape[0])) return false;
  for (uint32_t i = 0; i < a->n_inputs; i++)
    if (a->inputs[i] != b->inputs[i]) return false;
  for (uint32_t i = 0; i < a->n_results; i++)
    if (a->results[i] != b->results[i]) return false;
  return true;
}

const ir_type *ir_type_unique(ir_parser *P, const ir_type *t) {
  uint32_t h = ir_type_hash(t);
  void **slot = ir_pmap_slot(&P->types, (const void *)(uintptr_t)((uintptr_t)h * 2 + 1), true);
  for (ir_type_node *n = *slot; n; n = n->next)
    if (n->hash == h && ir_type_eq(&n->t, t)) return &n->t;
  ir_type_node *n = ir_alloc(P->A, sizeof *n);
  n->t = *t;
  if (t->n_inputs) {
    n->t.inputs = ir_alloc(P->A, t->n_inputs * sizeof *t->inputs);
    memcpy(n->t.inputs, t->inputs, t->n_inputs * sizeof *t->inputs);
  }
  if (t->n_results) {
    n->t.results = ir_alloc(P->A, t->n_results * sizeof *t->results);
    memcpy(n->t.results, t->results, t->n_results * sizeof *t->results);
  }
  n->hash = h;
  n->next = *slot;
  *slot = n;
  return &n->t;
}

const ir_type *ir_type_int(ir_parser *P, int bits, bool is_unsigned) {
  ir_type t = {.kind = IR_T_INT, .bits = (uint16_t)bits, .is_unsigned = is_unsigned};
  return ir_type_unique(P, &t);
}

const ir_type *ir_type_simple(ir_parser *P, ir_typekind k) {
  ir_type t = {.kind = k};
  return ir_type_unique(P, &t);
}

const ir_type *ir_type_like(ir_parser *P, const ir_type *shape_of, const ir_type *elem) {
  if (shape_of->kind != IR_T_TENSOR) return elem;
  ir_type t = *shape_of;
  t.elem = elem;
  return ir_type_unique(P, &t);
}

/* Scans `DxDx...` at the raw position of the current token. with_elem: the list ends with
 * an element type, so every dimension is followed by 'x'; otherwise dimensions are
 * separated by 'x' (alloc shapes). Re-lexes after the list. Returns the rank. */
static int ir_scan_dims(ir_parser *P, int64_t *shape, bool with_elem) {
  const char *p = P->L.tok.start, *e = P->L.end;
  int rank = 0;
  for (;;) {
    const char *q = p;
    int64_t d;
    if (q < e && *q == '?') {
      d = -1;
      q++;
    } else if (q < e && isdigit((unsigned char)*q)) {
      d = 0;
      const char *ds = q;
      while (q < e && isdigit((unsigned char)*q)) {
        int dig = *q++ - '0';
        if (d > (INT64_MAX - dig) / 10) {
          while (q < e && isdigit((unsigned char)*q)) q++;
          ir_fail_at(P, P->L.tok.line, P->L.tok.col + (uint32_t)(ds - P->L.tok.start),
                     "dimension %.*s does not fit in 64 bits", (int)(q - ds > 40 ? 40 : q - ds), ds);
        }
        d = d * 10 + dig;
      }
    } else {
      break;
    }
    bool has_x = q < e && *q == 'x';
    if (with_elem && !has_x) break; /* a number not followed by 'x' is not a dimension */
    if (rank == IR_MAX_RANK) ir_fail(P, "shape has more than %d dimensions", IR_MAX_RANK);
    shape[rank++] = d;
    p = has_x ? q + 1 : q;
    if (!has_x) break;
  }
  ir_lex_reset(P, p);
  return rank;
}

/* Fails unless the shape's element count, and its size in bits, fit in int64 arithmetic:
 * everything downstream multiplies dimensions (ir_type_numel) and element sizes. */
static void ir_check_shape_size(ir_parser *P, const int64_t *shape, int rank, const ir_type *elem,
                                uint32_t line, uint32_t col) {
  int64_t n = 1;
  int64_t bits = elem && elem->bits ? elem->bits : 64;
  for (int i = 0; i < rank; i++) {
    if (shape[i] < 0) continue; /* '?' */
    if (__builtin_mul_overflow(n, shape[i], &n))
      ir_fail_at(P, line, col, "shape has more elements than fit in 64 bits");
  }
  int64_t size;
  if (__builtin_mul_overflow(n, bits, &size))
    ir_fail_at(P, line, col, "shape of %lld elements is too large (its size in bits does not fit in 64 bits)",
               (long long)n);
}

static const ir_type *ir_parse_tensor_body(ir_parser *P, ir_typekind kind) {
  /* after '<': dims x elem [, encoding] */
  ir_type t = {.kind = kind};
  uint32_t line = P->L.tok.line, col = P->L.tok.col;
  t.rank = (uint8_t)ir_scan_dims(P, t.shape, true);
  t.elem = ir_parse_type(P);
  ir_check_shape_size(P, t.shape, t.rank, t.elem, line, col);
  if (ir_eat_punct(P, ',')) t.enc = ir_parse_attr(P);
  ir_expect_punct(P, '>');
  return ir_type_unique(P, &t);
}

const ir_type *ir_parse_memdesc_body(ir_parser *P) {
  ir_type t = {.kind = IR_T_MEMDESC};
  uint32_t line = P->L.tok.line, col = P->L.tok.col;
  t.rank = (uint8_t)ir_scan_dims(P, t.shape, true);
  t.elem = ir_parse_type(P);
  ir_check_shape_size(P, t.shape, t.rank, t.elem, line, col);
  int nattr = 0;
  while (ir_eat_punct(P, ',')) {
    if (ir_eat_kw(P, "mutable")) {
      t.is_mutable = true;
    } else if (P->L.tok.kind == TK_INT) {
      uint32_t al = P->L.tok.line, ac = P->L.tok.col;
      t.alloc_rank = (uint8_t)ir_scan_dims(P, t.alloc_shape, false);
      ir_check_shape_size(P, t.alloc_shape, t.alloc_rank, t.elem, al, ac);
    } else {
      const ir_attr *a = ir_parse_attr(P);
      if (nattr == 0) t.enc = a;
      else if (nattr == 1) t.space = a;
      else ir_fail(P, "unexpected extra attribute in !ttg.memdesc");
      nattr++;
    }
  }
  ir_expect_punct(P, '>');
  /* an alloc shape equal to the shape is the same type (Triton prints it without) */
  if (t.alloc_rank == t.rank && !memcmp(t.alloc_shape, t.shape, t.rank * sizeof t.shape[0]))
    t.alloc_rank = 0;
  return ir_type_unique(P, &t);
}

bool ir_at_type_start(const ir_parser *P) {
  const ir_tok *t = &P->L.tok;
  if (t->kind == TK_BANG) return true;
  if (t->kind == TK_PUNCT && t->c == '(') return true;
  if (t->kind != TK_BARE) return false;
  const char *s = t->s;
  uint32_t n = t->n;
  if ((s[0] == 'i' && n > 1 && isdigit((unsigned char)s[1])) ||
      (n > 2 && (s[0] == 'u' || s[0] == 's') && s[1] == 'i' && isdigit((unsigned char)s[2])))
    return true;
  static const char *const kws[] = {"index", "none", "tensor", "vector", "memref",
                                    "complex", "tuple"};
  for (size_t i = 0; i < sizeof kws / sizeof kws[0]; i++)
    if (strlen(kws[i]) == n && !memcmp(kws[i], s, n)) return true;
  for (size_t i = 0; i < sizeof ir_floats / sizeof ir_floats[0]; i++)
    if (strlen(ir_floats[i].name) == n && !memcmp(ir_floats[i].name, s, n)) return true;
  return false;
}

/* Opaque `prefix<...>` type: kept verbatim. */
static const ir_type *ir_opaque_type(ir_parser *P, const char *prefix, size_t plen) {
  const char *body = ir_is_punct(P, '<') ? ir_capture_angle(P) : NULL;
  size_t bl = body ? strlen(body) : 0;
  char *txt = ir_xmalloc(plen + bl + 3, 1);
  if (!txt) ir_fail(P, "out of memory");
  memcpy(txt, prefix, plen);
  size_t n = plen;
  if (body) {
    txt[n++] = '<';
    memcpy(txt + n, body, bl);
    n += bl;
    txt[n++] = '>';
  }
  ir_type t = {.kind = IR_T_OPAQUE};
  t.text = ir_intern_str(&P->names, txt, n);
  free(txt);
  return ir_type_unique(P, &t);
}

const ir_type *ir_parse_opaque_body(ir_parser *P, const char *prefix) {
  return ir_opaque_type(P, prefix, strlen(prefix));
}

static const ir_type *ir_parse_func_type(ir_parser *P) {
  ir_expect_punct(P, '(');
  const ir_type *ins[64], **inv = ins;
  ir_vec big = IR_VEC(P);
  uint32_t nin = 0;
  if (!ir_is_punct(P, ')')) {
    do {
      ir_vec_push(&big, (void *)ir_parse_type(P));
    } while (ir_eat_punct(P, ','));
  }
  ir_expect_punct(P, ')');
  nin = (uint32_t)big.n;
  if (nin <= 64) {
    for (uint32_t i = 0; i < nin; i++) ins[i] = big.v[i];
  } else {
    inv = (const ir_type **)ir_vec_to_arena(P->A, &big);
  }
  ir_vec_free(&big);
  ir_expect_arrow(P);
  ir_type t = {.kind = IR_T_FUNC, .inputs = inv, .n_inputs = nin};
  const ir_type **outs = NULL;
  if (ir_is_punct(P, '(')) {
    ir_lex_next(P);
    ir_vec r = IR_VEC(P);
    if (!ir_is_punct(P, ')')) {
      do {
        ir_vec_push(&r, (void *)ir_parse_type(P));
      } while (ir_eat_punct(P, ','));
    }
    ir_expect_punct(P, ')');
    outs = (const ir_type **)ir_vec_to_arena(P->A, &r);
    t.n_results = (uint32_t)r.n;
    ir_vec_free(&r);
  } else {
    outs = ir_alloc(P->A, sizeof *outs);
    outs[0] = ir_parse_type(P);
    t.n_results = 1;
  }
  t.results = outs;
  return ir_type_unique(P, &t);
}

/* After the '<' of a !tt.tensordesc (or of its stripped form `<...>` in a custom assembly):
 * `tensor<...>>` or the short block body `64x64xf16, #enc>`. */
const ir_type *ir_parse_tensordesc_body(ir_parser *P) {
  ir_type t = {.kind = IR_T_TENSORDESC};
  if (ir_is_kw(P, "tensor")) {
    t.elem = ir_parse_type(P);
    ir_expect_punct(P, '>');
  } else {
    t.elem = ir_parse_tensor_body(P, IR_T_TENSOR);
    t.desc_short = true;
  }
  return ir_type_unique(P, &t);
}

const ir_type *ir_parse_type(ir_parser *P) {
  if (++P->depth > 200) ir_fail(P, "type nested too deeply");
  const ir_tok tk = P->L.tok;
  const ir_type *res = NULL;
  if (tk.kind == TK_PUNCT && tk.c == '(') {
    res = ir_parse_func_type(P);
  } else if (tk.kind == TK_BARE) {
    const char *s = tk.s;
    uint32_t n = tk.n;
    bool is_u = n > 2 && s[0] == 'u' && s[1] == 'i';
    bool is_s = n > 2 && s[0] == 's' && s[1] == 'i';
    const char *digits = is_u || is_s ? s + 2 : s + 1;
    if ((s[0] == 'i' || is_u || is_s) && digits < s + n && isdigit((unsigned char)*digits)) {
      int bits = 0;
      for (const char *q = digits; q < s + n; q++) {
        if (!isdigit((unsigned char)*q)) ir_fail(P, "unknown type '%.*s'", (int)n, s);
        bits = bits * 10 + (*q - '0');
        if (bits > 65535) ir_fail(P, "integer type too wide");
      }
      ir_lex_next(P);
      ir_type it = {.kind = IR_T_INT, .bits = (uint16_t)bits, .is_unsigned = is_u, .is_signed = is_s};
      res = ir_type_unique(P, &it);
    } else if (n == 5 && !memcmp(s, "index", 5)) {
      ir_lex_next(P);
      res = ir_type_simple(P, IR_T_INDEX);
    } else if (n == 4 && !memcmp(s, "none", 4)) {
      ir_lex_next(P);
      res = ir_type_simple(P, IR_T_NONE);
    } else if (n == 6 && !memcmp(s, "tensor", 6)) {
      ir_lex_next(P);
      ir_expect_punct(P, '<');
      res = ir_parse_tensor_body(P, IR_T_TENSOR);
    } else if ((n == 6 && !memcmp(s, "vector", 6)) || (n == 6 && !memcmp(s, "memref", 6)) ||
               (n == 7 && !memcmp(s, "complex", 7)) || (n == 5 && !memcmp(s, "tuple", 5))) {
      ir_lex_next(P);
      if (!ir_is_punct(P, '<')) ir_fail(P, "expected '<' after '%.*s'", (int)n, s);
      res = ir_opaque_type(P, s, n);
    } else {
      for (size_t i = 0; i < sizeof ir_floats / sizeof ir_floats[0]; i++) {
        if (strlen(ir_floats[i].name) == n && !memcmp(ir_floats[i].name, s, n)) {
          ir_type t = {.kind = IR_T_FLOAT, .fkind = ir_floats[i].k, .bits = ir_floats[i].bits};
          ir_lex_next(P);
          res = ir_type_unique(P, &t);
          break;
        }
      }
      if (!res) ir_fail(P, "unknown type '%.*s'", (int)n, s);
    }
  } else if (tk.kind == TK_BANG) {
    const char *s = tk.s;
    uint32_t n = tk.n;
    bool has_dot = memchr(s, '.', n) != NULL;
    ir_lex_next(P);
    bool body = ir_is_punct(P, '<') && P->L.tok.start == tk.end;
    if (!has_dot && !body) {
      const char *key = ir_intern_str(&P->names, tk.start, tk.end - tk.start);
      void **slot = ir_pmap_slot(&P->aliases, key, false);
      if (!slot || !*slot) ir_fail_at(P, tk.line, tk.col, "undefined type alias '!%.*s'", (int)n, s);
      const ir_attr *a = *slot;
      res = a->type;
    } else if (n == 6 && !memcmp(s, "tt.ptr", 6)) {
      ir_expect_punct(P, '<');
      ir_type t = {.kind = IR_T_PTR, .addr_space = 1};
      t.elem = ir_parse_type(P);
      if (ir_eat_punct(P, ',')) t.addr_space = (int)ir_parse_int_in(P, INT32_MIN, INT32_MAX, "address space");
      ir_expect_punct(P, '>');
      res = ir_type_unique(P, &t);
    } else if (n == 13 && !memcmp(s, "tt.tensordesc", 13)) {
      ir_expect_punct(P, '<');
      res = ir_parse_tensordesc_body(P);
    } else if (n == 11 && !memcmp(s, "ttg.memdesc", 11)) {
      ir_expect_punct(P, '<');
      res = ir_parse_memdesc_body(P);
    } else if (n == 15 && !memcmp(s, "ttg.async.token", 15)) {
      res = ir_type_simple(P, IR_T_TOKEN);
    } else {
      res = ir_opaque_type(P, tk.start, tk.end - tk.start);
    }
  } else {
    char b[64];
    ir_fail(P, "expected a type, found %s", ir_describe_tok(&tk, b, sizeof b));
  }
  P->depth--;
  return res;
}

void ir_use_type(ir_parser *P, ir_value *v, const ir_type *t, uint32_t line, uint32_t col) {
  if (!v->type) {
    v->type = t;
    return;
  }
  if (v->type == t) return;
  char have[160] = "?", want[160] = "?";
  FILE *f = fmemopen(have, sizeof have - 1, "w");
  if (f) {
    ir_print_type(v->type, f);
    fclose(f);
  }
  f = fmemopen(want, sizeof want - 1, "w");
  if (f) {
    ir_print_type(t, f);
    fclose(f);
  }
  ir_fail_at(P, line, col, "type mismatch: '%%%s' has type %s, but %s is written here",
             v->name ? v->name : "?", have, want);
}

/* ---- printing */

static void ir_print_dims(const int64_t *d, int n, FILE *out, bool trailing_x) {
  for (int i = 0; i < n; i++) {
    if (d[i] < 0) fputc('?', out);
    else fprintf(out, "%lld", (long long)d[i]);
    if (trailing_x || i + 1 < n) fputc('x', out);
  }
}

void ir_print_type_ex(const ir_type *t, FILE *out, bool stripped) {
  if (!t) {
    fputs("<<null type>>", out);
    return;
  }
  switch (t->kind) {
  case IR_T_INT: fprintf(out, "%si%u", t->is_unsigned ? "u" : t->is_signed ? "s" : "", t->bits); break;
  case IR_T_INDEX: fputs("index", out); break;
  case IR_T_NONE: fputs("none", out); break;
  case IR_T_FLOAT: fputs(ir_float_name(t->fkind), out); break;
  case IR_T_TENSOR:
    fputs("tensor<", out);
    ir_print_dims(t->shape, t->rank, out, true);
    ir_print_type_ex(t->elem, out, false);
    if (t->enc) {
      fputs(", ", out);
      ir_print_attr(t->enc, out);
    }
    fputc('>', out);
    break;
  case IR_T_PTR:
    fputs(stripped ? "<" : "!tt.ptr<", out);
    ir_print_type_ex(t->elem, out, false);
    if (t->addr_space != 1) fprintf(out, ", %d", t->addr_space);
    fputc('>', out);
    break;
  case IR_T_TENSORDESC:
    fputs(stripped ? "<" : "!tt.tensordesc<", out);
    if (t->desc_short) {
      const ir_type *b = t->elem;
      ir_print_dims(b->shape, b->rank, out, true);
      ir_print_type_ex(b->elem, out, false);
      if (b->enc) {
        fputs(", ", out);
        ir_print_attr(b->enc, out);
      }
    } else {
      ir_print_type_ex(t->elem, out, false);
    }
    fputc('>', out);
    break;
  case IR_T_MEMDESC:
    fputs(stripped ? "<" : "!ttg.memdesc<", out);
    ir_print_dims(t->shape, t->rank, out, true);
    ir_print_type_ex(t->elem, out, false);
    if (t->enc) {
      fputs(", ", out);
      ir_print_attr(t->enc, out);
    }
    if (t->space) {
      fputs(", ", out);
      ir_print_attr(t->space, out);
    }
    if (t->is_mutable) fputs(", mutable", out);
    if (t->alloc_rank) {
      fputs(", ", out);
      ir_print_dims(t->alloc_shape, t->alloc_rank, out, false);
    }
    fputc('>', out);
    break;
  case IR_T_TOKEN: fputs("!ttg.async.token", out); break;
  case IR_T_FUNC:
    fputc('(', out);
    for (uint32_t i = 0; i < t->n_inputs; i++) {
      if (i) fputs(", ", out);
      ir_print_type_ex(t->inputs[i], out, false);
    }
    fputs(") -> ", out);
    if (t->n_results == 1 && t->results[0]->kind != IR_T_FUNC) {
      ir_print_type_ex(t->results[0], out, false);
    } else {
      fputc('(', out);
      for (uint32_t i = 0; i < t->n_results; i++) {
        if (i) fputs(", ", out);
        ir_print_type_ex(t->results[i], out, false);
      }
      fputc(')', out);
    }
    break;
  case IR_T_OPAQUE: {
    /* the stripped form (a format's stype) drops the dialect prefix before '<' */
    const char *lt = stripped ? strchr(t->text, '<') : NULL;
    fputs(lt ? lt : t->text, out);
    break;
  }
  }
}

void ir_print_type(const ir_type *t, FILE *out) { ir_print_type_ex(t, out, false); }

/* ---- queries */

int ir_type_elem_bytes(const ir_type *t) {
  if (!t) return 0;
  switch (t->kind) {
  case IR_T_INT:
  case IR_T_FLOAT:
    if (t->kind == IR_T_FLOAT && t->fkind == IR_TF32) return 4;
    return t->bits <= 8 ? 1 : (t->bits + 7) / 8;
  case IR_T_PTR:
  case IR_T_INDEX: return 8;
  case IR_T_TENSOR:
  case IR_T_MEMDESC: return ir_type_elem_bytes(t->elem);
  default: return 0;
  }
}

int64_t ir_type_numel(const ir_type *t) {
  if (!t || (t->kind != IR_T_TENSOR && t->kind != IR_T_MEMDESC)) return 1;
  int64_t n = 1;
  for (int i = 0; i < t->rank; i++) n *= t->shape[i] < 0 ? 0 : t->shape[i];
  return n;
}

bool ir_type_is_scalar(const ir_type *t) {
  return t && (t->kind == IR_T_INT || t->kind == IR_T_FLOAT || t->kind == IR_T_INDEX ||
               t->kind == IR_T_PTR);
}

const ir_encoding *ir_type_encoding(const ir_type *t) {
  if (!t) return NULL;
  if (t->kind == IR_T_TENSORDESC) t = t->elem;
  if (!t || !t->enc || t->enc->kind != IR_A_ENCODING) return NULL;
  return t->enc->enc;
}

int32_t ir_enc_cta_split(const ir_encoding *e) {
  if (!e) return 1;
  int32_t n = 1;
  if (e->cta_layout && e->cta_layout->kind == IR_A_ARRAY) {
    /* one basis per bit of the CTA id: zeros replicate the block, any other basis halves it */
    for (uint32_t k = 0; k < e->cta_layout->n && n < (1 << 16); k++) {
      const ir_attr *row = e->cta_layout->elems[k];
      bool zero = true;
      for (uint32_t j = 0; row && row->kind == IR_A_ARRAY && j < row->n; j++)
        if (row->elems[j] && row->elems[j]->kind == IR_A_INT && row->elems[j]->ival) zero = false;
      if (!zero) n *= 2;
    }
    return n;
  }
  for (int k = 0; k < IR_MAX_RANK && n < (1 << 16); k++)
    if (e->cta_split_num[k] > 1) n *= e->cta_split_num[k];
  return n;
}
