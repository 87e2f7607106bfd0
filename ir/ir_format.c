/* ir_format.c: a small interpreter for per-op custom syntax, modelled on MLIR's ODS
 * assemblyFormat (operands, literals, attributes, types, optional groups, oilist), used both
 * to parse an op and to print it back with MLIR's spacing rules. Formats are in ir_formats.c.
 *
 * Format tokens (space separated):
 *   `lit`            literal punctuation or keyword; `` = no space before the next element
 *   $seg             operand segment (name from ops.def); '^' suffix marks a group's anchor
 *   @name:K          attribute stored under name; K: i int, k keyword (a|b), a attribute,
 *                    n int list, s string, y @symbol, b bool, g <raw>, u unit (no text)
 *   attrs, attrs-kw  attribute dictionary ({...} / attributes {...})
 *   attrs-alt        a second place the attribute dictionary may be read (parse only; the
 *                    op's `attrs` prints it): for ops whose printed order changed between
 *                    Triton versions
 *   type(X) utype(X) type(s) of X: a segment, rN (result N), r* (all results), * (all
 *                    operands); utype prints a memdesc without its !ttg.memdesc prefix,
 *                    ptype a pointer without !tt.ptr, dtype a descriptor without
 *                    !tt.tensordesc, stype a !proton_gpu.segment without its prefix,
 *                    atype a !nvws.aref without its prefix
 *                    (MLIR's stripped form of a typed constraint); the full form is read too
 *   ftype(X)         functional type (X: segment or *) -> all results
 *   ( ... )?         optional group      oi( a | b )oi   keyword groups in any order
 *   tok(seg,rN)      Triton custom<Token>: [dep] when result N is an async token
 *   bars(b,p)        Triton custom<BarriersAndPreds>: (, %bar[%pred])*
 *   ~rule[:X]        result type inference: i1:X (i1 shaped like X), tok, index, i32,
 *                    attr:NAME (type of an attribute), same:X, load:X (pointee of X) */
#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"
#include "ir/ir_alloc.h"

enum {
  FE_LIT, FE_NOSP, FE_OPERAND, FE_ATTR, FE_ATTRDICT, FE_ATTRDICT_KW, FE_ATTRDICT_ALT, FE_TYPE, FE_FTYPE,
  FE_OPT, FE_OPT_END, FE_OI, FE_OI_ALT, FE_OI_END, FE_TOKEN, FE_BARS, FE_INFER,
};
/* TGT_LASTRES: the last result when it follows result 0 and is not an async token (the
 * optional `red` result of ttng.tmem_load, after an optional token). */
enum { TGT_ALLRES = -1000, TGT_ALLOPS = -1001, TGT_LASTRES = -1002 };

typedef struct ir_fe {
  uint8_t kind;
  bool anchor;
  char stripped;               /* 'u': utype (memdesc without !ttg.memdesc), 'p': ptype (<T> ptr),
                                  'd': dtype (<tensor<...>> descriptor), 's': stype (<...>
                                  proton_gpu segment, an opaque type), 'a': atype (<[...]>
                                  !nvws.aref, an opaque type) */
  char akind;                  /* FE_ATTR kind letter */
  int16_t seg, seg2;           /* segment (or type target), second segment / result index */
  int16_t end;                 /* FE_OPT / FE_OI: matching end; FE_OI_ALT: next alt or end */
  const char *text;            /* literal / attribute name / inference rule */
  const char *arg;             /* inference argument */
} ir_fe;

struct ir_fmt {
  int n;
  ir_fe *e;
  ir_seginfo si;
  const char *skip[24];        /* attribute names the format prints itself */
  char *strs;                  /* owned copy of the format text the elements point into */
};

void ir_segs_info(ir_opcode code, ir_seginfo *out) {
  memset(out, 0, sizeof *out);
  const char *s = ir_ops[code].segs;
  while (*s) {
    while (*s == ' ') s++;
    if (!*s) break;
    const char *b = s;
    while (*s && *s != ' ') s++;
    size_t len = (size_t)(s - b);
    char kind = '1';
    if (b[len - 1] == '?' || b[len - 1] == '*') kind = b[--len];
    assert(out->n < IR_MAX_SEGS);
    out->name[out->n] = b;
    out->len[out->n] = (uint8_t)len;
    out->kind[out->n] = kind;
    out->n++;
  }
}

int ir_seg_index(const ir_seginfo *si, const char *name, size_t len) {
  for (int k = 0; k < si->n; k++)
    if (si->len[k] == len && !memcmp(si->name[k], name, len)) return k;
  return -1;
}

static _Noreturn void ir_fmt_bug(ir_opcode code, const char *what, const char *tok) {
  fprintf(stderr, "tlx-verify: internal error: bad syntax entry for '%s': %s '%s'\n",
          ir_ops[code].name, what, tok);
  abort();
}

static int ir_fmt_target(ir_opcode code, const ir_seginfo *si, const char *x) {
  if (!strcmp(x, "r*")) return TGT_ALLRES;
  if (!strcmp(x, "rlast")) return TGT_LASTRES;
  if (!strcmp(x, "*")) return TGT_ALLOPS;
  if (x[0] == 'r' && isdigit((unsigned char)x[1]) && !x[2]) return -1 - (x[1] - '0');
  int k = ir_seg_index(si, x, strlen(x));
  if (k < 0) ir_fmt_bug(code, "unknown segment", x);
  return k;
}

static ir_fmt *ir_fmt_compile(ir_opcode code) {
  const char *src = ir_op_syntax[code] ? ir_op_syntax[code] : "";
  ir_fmt *f = ir_xcalloc(1, sizeof *f);
  char *strs = ir_xstrdup(src);
  if (!f || !strs) abort();
  f->strs = strs;
  ir_segs_info(code, &f->si);
  size_t cap = 8;
  for (const char *c = src; *c; c++) cap += *c == ' ';
  f->e = ir_xcalloc(cap, sizeof *f->e);
  if (!f->e) abort();
  int stack[16], sp = 0, nskip = 0;
  for (char *tok = strtok(strs, " "); tok; tok = strtok(NULL, " ")) {
    ir_fe *e = &f->e[f->n];
    memset(e, 0, sizeof *e);
    size_t len = strlen(tok);
    if (len > 1 && tok[len - 1] == '^' && strcmp(tok, "^")) {
      e->anchor = true;
      tok[--len] = 0;
    }
    if (tok[0] == '`') {
      if (len < 2 || tok[len - 1] != '`') ir_fmt_bug(code, "bad literal", tok);
      tok[len - 1] = 0;
      e->kind = len == 2 ? FE_NOSP : FE_LIT;
      e->text = tok + 1;
    } else if (tok[0] == '$') {
      e->kind = FE_OPERAND;
      e->seg = (int16_t)ir_seg_index(&f->si, tok + 1, len - 1);
      if (e->seg < 0) ir_fmt_bug(code, "unknown segment", tok);
    } else if (tok[0] == '@') {
      char *colon = strchr(tok, ':');
      if (!colon || !colon[1]) ir_fmt_bug(code, "attribute without kind", tok);
      *colon = 0;
      e->kind = FE_ATTR;
      e->text = tok + 1;
      e->akind = colon[1];
      if (nskip < 23) f->skip[nskip++] = e->text;
    } else if (!strcmp(tok, "attrs")) {
      e->kind = FE_ATTRDICT;
    } else if (!strcmp(tok, "attrs-kw")) {
      e->kind = FE_ATTRDICT_KW;
    } else if (!strcmp(tok, "attrs-alt")) {
      e->kind = FE_ATTRDICT_ALT;
    } else if (!strncmp(tok, "type(", 5) || !strncmp(tok, "utype(", 6) || !strncmp(tok, "ptype(", 6) ||
               !strncmp(tok, "dtype(", 6) || !strncmp(tok, "stype(", 6) || !strncmp(tok, "atype(", 6) ||
               !strncmp(tok, "ftype(", 6)) {
      e->kind = tok[0] == 'f' ? FE_FTYPE : FE_TYPE;
      e->stripped = tok[0] == 'u' || tok[0] == 'p' || tok[0] == 'd' || tok[0] == 's' ||
                            tok[0] == 'a' ? tok[0] : 0;
      char *a = strchr(tok, '(') + 1;
      if (tok[len - 1] != ')') ir_fmt_bug(code, "bad type directive", tok);
      tok[len - 1] = 0;
      e->seg = (int16_t)ir_fmt_target(code, &f->si, a);
    } else if (!strcmp(tok, "(") || !strcmp(tok, "oi(")) {
      e->kind = tok[0] == '(' ? FE_OPT : FE_OI;
      stack[sp++] = f->n;
    } else if (!strcmp(tok, ")?") || !strcmp(tok, ")oi")) {
      if (!sp) ir_fmt_bug(code, "unbalanced", tok);
      e->kind = tok[1] == '?' ? FE_OPT_END : FE_OI_END;
      int open = stack[--sp];
      f->e[open].end = (int16_t)f->n;
      if (e->kind == FE_OI_END) {
        /* chain the alternatives: each FE_OI_ALT points at the next one (or the end) */
        int prev = open;
        for (int i = open + 1; i < f->n; i++)
          if (f->e[i].kind == FE_OI_ALT && (i == open + 1 || true)) {
            if (prev != open) f->e[prev].end = (int16_t)i;
            prev = i;
          }
        if (prev != open) f->e[prev].end = (int16_t)f->n;
      }
    } else if (!strcmp(tok, "|")) {
      e->kind = FE_OI_ALT;
    } else if (!strncmp(tok, "tok(", 4) || !strncmp(tok, "bars(", 5)) {
      e->kind = tok[0] == 't' ? FE_TOKEN : FE_BARS;
      char *a = strchr(tok, '(') + 1, *comma = strchr(a, ',');
      if (!comma || tok[len - 1] != ')') ir_fmt_bug(code, "bad custom directive", tok);
      *comma = 0;
      tok[len - 1] = 0;
      e->seg = (int16_t)ir_seg_index(&f->si, a, strlen(a));
      if (e->kind == FE_TOKEN) {
        if (comma[1] != 'r') ir_fmt_bug(code, "tok() needs a result", comma + 1);
        e->seg2 = (int16_t)atoi(comma + 2);
      } else {
        e->seg2 = (int16_t)ir_seg_index(&f->si, comma + 1, strlen(comma + 1));
      }
      if (e->seg < 0 || e->seg2 < 0) ir_fmt_bug(code, "unknown segment in", tok);
    } else if (tok[0] == '~') {
      e->kind = FE_INFER;
      e->text = tok + 1;
      char *colon = strchr(tok, ':');
      if (colon) {
        *colon = 0;
        e->arg = colon + 1;
      }
    } else {
      ir_fmt_bug(code, "unknown element", tok);
    }
    f->n++;
  }
  if (sp) ir_fmt_bug(code, "unbalanced group in", src);
  /* An oi( group starts with an implicit first alternative. */
  for (int i = 0; i < f->n; i++) {
    if (f->e[i].kind != FE_OI) continue;
    int first_alt_end = f->e[i].end;
    for (int j = i + 1; j < f->e[i].end; j++)
      if (f->e[j].kind == FE_OI_ALT) {
        first_alt_end = j;
        break;
      }
    f->e[i].seg2 = (int16_t)first_alt_end; /* end of the first alternative */
  }
  return f;
}

const ir_fmt *ir_fmt_get(const ir_fmt **cache, ir_opcode code) {
  if (!cache[code]) cache[code] = ir_fmt_compile(code);
  return cache[code];
}

void ir_fmt_free_cache(const ir_fmt **cache) {
  if (!cache) return;
  for (int i = 0; i < IR_OP__COUNT; i++)
    if (cache[i]) {
      ir_fmt *f = (ir_fmt *)cache[i];
      free(f->e);
      free(f->strs);
      free(f);
    }
  free(cache);
}

/* ------------------------------------------------------------------ parsing */

typedef struct ir_fparse {
  ir_vec segs[IR_MAX_SEGS];
} ir_fparse;

static bool ir_tok_is_lit(const ir_tok *t, const char *lit) {
  size_t n = strlen(lit);
  if (!strcmp(lit, "->")) return t->kind == TK_ARROW;
  if (n == 1 && !isalpha((unsigned char)lit[0]) && lit[0] != '_')
    return t->kind == TK_PUNCT && t->c == lit[0];
  return t->kind == TK_BARE && t->n == n && !memcmp(t->s, lit, n);
}

static void ir_expect_lit(ir_parser *P, const char *lit) {
  if (ir_tok_is_lit(&P->L.tok, lit)) {
    ir_lex_next(P);
    return;
  }
  char b[64];
  ir_fail(P, "expected '%s', found %s", lit, ir_describe_tok(&P->L.tok, b, sizeof b));
}

/* Does the group whose first element is e[i] start here? (a literal and the literal or operand
 * after it: two tokens of lookahead) */
static bool ir_group_present(ir_parser *P, const ir_fmt *f, int i, int end) {
  const ir_fe *e = &f->e[i];
  const ir_tok *t = &P->L.tok;
  switch (e->kind) {
  case FE_LIT:
    if (!ir_tok_is_lit(t, e->text)) return false;
    if (i + 1 < end && (f->e[i + 1].kind == FE_LIT || f->e[i + 1].kind == FE_OPERAND)) {
      /* `,` `barrier` vs `,` $pred: the token after the literal decides */
      ir_lexer save = P->L;
      ir_lex_next(P);
      bool ok = f->e[i + 1].kind == FE_LIT ? ir_tok_is_lit(&P->L.tok, f->e[i + 1].text)
                                           : P->L.tok.kind == TK_PERCENT;
      P->L = save;
      return ok;
    }
    return true;
  case FE_OPERAND: return t->kind == TK_PERCENT;
  case FE_TYPE: return ir_at_type_start(P) || (e->stripped && ir_is_punct(P, '<'));
  case FE_TOKEN: return ir_is_punct(P, '[');
  case FE_ATTR:
    if (e->akind == 'k')
      return t->kind == TK_BARE && !ir_is_kw(P, "loc") && !ir_is_kw(P, "attributes") &&
             !ir_is_kw(P, "fastmath") && !ir_is_kw(P, "overflow");
    if (e->akind == 'i' || e->akind == 'n') return t->kind == TK_INT;
    if (e->akind == 's') return t->kind == TK_STRING;
    return !ir_is_kw(P, "loc") && !ir_is_punct(P, ':') && t->kind != TK_EOF;
  default: return false;
  }
}

static const ir_attr *ir_fmt_parse_attr(ir_parser *P, char akind) {
  const ir_tok t = P->L.tok;
  char b[64];
  switch (akind) {
  case 'i': {
    /* an I32Attr written bare (a barrier count, a pending count): checked as `v : i32` */
    const ir_type *i32 = ir_type_int(P, 32, false);
    return ir_attr_mk_int(P, ir_parse_int_as(P, i32, NULL), i32);
  }
  case 'k': {
    if (t.kind != TK_BARE && t.kind != TK_STRING)
      ir_fail(P, "expected a keyword, found %s", ir_describe_tok(&t, b, sizeof b));
    const char *start = t.s;
    const char *endp = t.s + t.n;
    ir_lex_next(P);
    while (ir_is_punct(P, '|')) {
      ir_lex_next(P);
      if (P->L.tok.kind != TK_BARE)
        ir_fail(P, "expected a keyword after '|', found %s", ir_describe_tok(&P->L.tok, b, sizeof b));
      endp = P->L.tok.s + P->L.tok.n;
      ir_lex_next(P);
    }
    /* keep a|b as written, without spaces */
    size_t n = (size_t)(endp - start);
    char small[128];
    char *buf = n < sizeof small ? small : ir_xmalloc(n + 1, 1);
    if (!buf) ir_fail(P, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
      if (!isspace((unsigned char)start[i])) buf[k++] = start[i];
    buf[k] = 0;
    /* a quoted keyword must still print bare: bare identifiers ([A-Za-z_][A-Za-z0-9_$.]*)
     * joined by '|' */
    bool bare = k > 0;
    for (size_t i = 0; i < k && bare; i++) {
      unsigned char ch = (unsigned char)buf[i];
      bool first = i == 0 || buf[i - 1] == '|';
      bare = first ? isalpha(ch) || ch == '_' : isalnum(ch) || strchr("_$.|", ch);
    }
    bare = bare && buf[k - 1] != '|';
    /* nor one the custom form reads as something else (a location, the attribute dictionary) */
    static const char *const taken[] = {"loc", "attributes", "fastmath", "overflow"};
    for (size_t j = 0; j < sizeof taken / sizeof *taken && bare; j++) {
      size_t tl = strlen(taken[j]);
      bare = !(!strncmp(buf, taken[j], tl) && (buf[tl] == 0 || buf[tl] == '|'));
    }
    if (!bare) {
      if (buf != small) free(buf);
      ir_fail_at(P, t.line, t.col, "expected a keyword, found %s", ir_describe_tok(&t, b, sizeof b));
    }
    ir_attr a = {.kind = IR_A_KEYWORD, .str = ir_intern_str(&P->names, buf, k)};
    if (buf != small) free(buf);
    return ir_attr_unique(P, &a);
  }
  case 'a': return ir_parse_attr(P);
  case 'n': {
    int64_t v[64];
    uint32_t n = 0;
    if (t.kind == TK_INT) {
      do {
        if (n == 64) ir_fail(P, "too many offsets");
        v[n++] = ir_parse_int_as(P, ir_type_int(P, 32, false), NULL); /* DenseI32ArrayAttr */
      } while (ir_eat_punct(P, ','));
    }
    return ir_attr_mk_dense_i32(P, v, n);
  }
  case 's': {
    if (t.kind != TK_STRING) ir_fail(P, "expected a string, found %s", ir_describe_tok(&t, b, sizeof b));
    ir_attr a = {.kind = IR_A_STRING, .str = ir_tok_intern(P)};
    ir_lex_next(P);
    return ir_attr_unique(P, &a);
  }
  case 'y': {
    if (t.kind != TK_AT) ir_fail(P, "expected a @symbol, found %s", ir_describe_tok(&t, b, sizeof b));
    ir_attr a = {.kind = IR_A_SYMBOL, .str = ir_tok_intern(P)};
    ir_lex_next(P);
    return ir_attr_unique(P, &a);
  }
  case 'b': {
    if (!ir_is_kw(P, "true") && !ir_is_kw(P, "false"))
      ir_fail(P, "expected true or false, found %s", ir_describe_tok(&t, b, sizeof b));
    ir_attr a = {.kind = IR_A_BOOL, .ival = t.s[0] == 't'};
    ir_lex_next(P);
    return ir_attr_unique(P, &a);
  }
  case 'g': {
    if (!ir_is_punct(P, '<')) ir_fail(P, "expected '<', found %s", ir_describe_tok(&t, b, sizeof b));
    ir_attr a = {.kind = IR_A_KEYWORD, .str = ir_capture_angle(P)};
    return ir_attr_unique(P, &a);
  }
  case 'u': return ir_attr_mk_unit(P);
  }
  ir_fail(P, "internal error: attribute kind '%c'", akind);
}

static const ir_type *ir_fmt_one_type(ir_parser *P, char stripped) {
  P->type_line = P->L.tok.line;
  P->type_col = P->L.tok.col;
  if (stripped == 'u' && ir_is_punct(P, '<')) {
    ir_lex_next(P);
    return ir_parse_memdesc_body(P);
  }
  if (stripped == 'p' && ir_is_punct(P, '<')) {
    ir_lex_next(P);
    ir_type t = {.kind = IR_T_PTR, .addr_space = 1};
    t.elem = ir_parse_type(P);
    if (ir_eat_punct(P, ',')) t.addr_space = (int)ir_parse_int_in(P, INT32_MIN, INT32_MAX, "address space");
    ir_expect_punct(P, '>');
    return ir_type_unique(P, &t);
  }
  if (stripped == 'd' && ir_is_punct(P, '<')) {
    ir_lex_next(P);
    return ir_parse_tensordesc_body(P);
  }
  if (stripped == 's' && ir_is_punct(P, '<')) return ir_parse_opaque_body(P, "!proton_gpu.segment");
  if (stripped == 'a' && ir_is_punct(P, '<')) return ir_parse_opaque_body(P, "!nvws.aref");
  return ir_parse_type(P);
}

static void ir_fill_type(ir_parser *P, ir_value *v, const ir_type *t) {
  /* the type was just parsed: report a mismatch at the token before the current one */
  ir_use_type(P, v, t, P->type_line, P->type_col);
}

static void ir_fmt_parse_range(ir_parser *P, ir_op *op, const ir_fmt *f, ir_fparse *st, int i0,
                               int i1);

static void ir_fmt_parse_types(ir_parser *P, ir_op *op, const ir_fe *e, ir_fparse *st) {
  if (e->seg >= 0) {
    ir_vec *sv = &st->segs[e->seg];
    for (size_t i = 0; i < sv->n; i++) {
      if (i) ir_expect_punct(P, ',');
      ir_fill_type(P, sv->v[i], ir_fmt_one_type(P, e->stripped));
    }
  } else if (e->seg == TGT_ALLOPS) {
    bool first = true;
    for (int k = 0; k < IR_MAX_SEGS; k++)
      for (size_t i = 0; i < st->segs[k].n; i++) {
        if (!first) ir_expect_punct(P, ',');
        first = false;
        ir_fill_type(P, st->segs[k].v[i], ir_fmt_one_type(P, e->stripped));
      }
  } else if (e->seg == TGT_LASTRES) {
    uint32_t r = 1;
    while (r < op->n_results && op->results[r]->type) r++;
    ir_op_grow_results(P, op, r + 1);
    if (r >= op->n_results) ir_fail(P, "'%s' gives one more result type than it has results", ir_ops[op->code].name);
    op->results[r]->type = ir_fmt_one_type(P, e->stripped);
  } else if (e->seg == TGT_ALLRES) {
    if (!op->n_results) ir_op_grow_results(P, op, 1);
    for (uint32_t i = 0; i < op->n_results; i++) {
      if (i) ir_expect_punct(P, ',');
      op->results[i]->type = ir_fmt_one_type(P, e->stripped);
    }
  } else {
    uint32_t r = (uint32_t)(-1 - e->seg);
    ir_op_grow_results(P, op, r + 1);
    if (r >= op->n_results)
      ir_fail(P, "'%s' here gives the type of result #%u, but %u result%s named",
              ir_ops[op->code].name, r, op->n_results, op->n_results == 1 ? " is" : "s are");
    op->results[r]->type = ir_fmt_one_type(P, e->stripped);
  }
}

static void ir_fmt_parse_ftype(ir_parser *P, ir_op *op, const ir_fe *e, ir_fparse *st) {
  const ir_tok t0 = P->L.tok;
  const ir_type *ft = ir_parse_type(P);
  if (ft->kind != IR_T_FUNC) ir_fail_at(P, t0.line, t0.col, "expected a function type (T...) -> R");
  uint32_t at = 0, want = 0;
  for (int k = 0; k < IR_MAX_SEGS; k++)
    if (e->seg == TGT_ALLOPS || e->seg == k) want += (uint32_t)st->segs[k].n;
  if (ft->n_inputs != want)
    ir_fail_at(P, t0.line, t0.col, "%u operand types given for %u operands", ft->n_inputs, want);
  P->type_line = t0.line;
  P->type_col = t0.col;
  for (int k = 0; k < IR_MAX_SEGS; k++)
    if (e->seg == TGT_ALLOPS || e->seg == k)
      for (size_t i = 0; i < st->segs[k].n; i++) ir_fill_type(P, st->segs[k].v[i], ft->inputs[at++]);
  ir_op_grow_results(P, op, ft->n_results);
  if (ft->n_results != op->n_results)
    ir_fail_at(P, t0.line, t0.col, "%u result types given but %u results are named", ft->n_results,
               op->n_results);
  for (uint32_t i = 0; i < op->n_results; i++) op->results[i]->type = ft->results[i];
}

static void ir_fmt_parse_range(ir_parser *P, ir_op *op, const ir_fmt *f, ir_fparse *st, int i0,
                               int i1) {
  for (int i = i0; i < i1; i++) {
    const ir_fe *e = &f->e[i];
    switch (e->kind) {
    case FE_LIT: ir_expect_lit(P, e->text); break;
    case FE_NOSP:
    case FE_INFER:
    case FE_OPT_END:
    case FE_OI_ALT:
    case FE_OI_END: break;
    case FE_OPERAND:
      if (f->si.kind[e->seg] == '*') {
        if (P->L.tok.kind == TK_PERCENT) {
          do {
            ir_vec_push(&st->segs[e->seg], ir_parse_value_use(P));
          } while (ir_eat_punct(P, ','));
        }
      } else {
        if (st->segs[e->seg].n) ir_fail(P, "operand '%.*s' given twice", f->si.len[e->seg], f->si.name[e->seg]);
        ir_vec_push(&st->segs[e->seg], ir_parse_value_use(P));
      }
      break;
    case FE_ATTR:
      if (ir_op_attr(op, e->text))
        ir_fail(P, "attribute '%s' given twice (in the {...} and in the op's syntax)", e->text);
      ir_set_attr(P, op, e->text, ir_fmt_parse_attr(P, e->akind), false);
      break;
    case FE_ATTRDICT:
    case FE_ATTRDICT_ALT:
      if (ir_is_punct(P, '{')) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
      break;
    case FE_ATTRDICT_KW:
      if (ir_eat_kw(P, "attributes")) ir_add_attr_dict(P, op, ir_parse_attr_dict(P));
      break;
    case FE_TYPE: ir_fmt_parse_types(P, op, e, st); break;
    case FE_FTYPE: ir_fmt_parse_ftype(P, op, e, st); break;
    case FE_OPT:
      if (e->end > i + 1 && ir_group_present(P, f, i + 1, e->end)) ir_fmt_parse_range(P, op, f, st, i + 1, e->end);
      i = e->end;
      break;
    case FE_OI: {
      bool used[16] = {false};
      for (;;) {
        bool any = false;
        int a = 0;
        for (int s = i + 1; s < e->end; a++) {
          int s_end = a == 0 ? e->seg2 : f->e[s - 1].end;
          if (a > 0) s_end = f->e[s - 1].end;
          if (a < 16 && !used[a] && ir_group_present(P, f, s, s_end)) {
            ir_fmt_parse_range(P, op, f, st, s, s_end);
            used[a] = true;
            any = true;
          }
          s = s_end + 1;
        }
        if (!any) break;
      }
      i = e->end;
      break;
    }
    case FE_TOKEN:
      if (ir_eat_punct(P, '[')) {
        if (P->L.tok.kind == TK_PERCENT) ir_vec_push(&st->segs[e->seg], ir_parse_value_use(P));
        ir_expect_punct(P, ']');
        ir_op_grow_results(P, op, (uint32_t)e->seg2 + 1);
        if ((uint32_t)e->seg2 >= op->n_results)
          ir_fail(P, "'[...]' declares an async token result, but '%s' names %u result%s",
                  ir_ops[op->code].name, op->n_results, op->n_results == 1 ? "" : "s");
        op->results[e->seg2]->type = ir_type_simple(P, IR_T_TOKEN);
      }
      break;
    case FE_BARS:
      while (ir_eat_punct(P, ',')) {
        ir_vec_push(&st->segs[e->seg], ir_parse_value_use(P));
        ir_expect_punct(P, '[');
        ir_vec_push(&st->segs[e->seg2], ir_parse_value_use(P));
        ir_expect_punct(P, ']');
      }
      break;
    }
  }
}

static const ir_type *ir_fmt_seg_type(ir_parser *P, const ir_fmt *f, ir_fparse *st, const char *x) {
  int k = ir_seg_index(&f->si, x, strlen(x));
  if (k < 0 || !st->segs[k].n) return NULL;
  (void)P;
  return ((ir_value *)st->segs[k].v[0])->type;
}

static void ir_fmt_infer(ir_parser *P, ir_op *op, const ir_fmt *f, ir_fparse *st, const ir_fe *e) {
  const char *r = e->text;
  if (strcmp(r, "dup") && strcmp(r, "pass") && strcmp(r, "same")) ir_op_grow_results(P, op, 1);
  if (!strcmp(r, "tok")) {
    for (uint32_t i = 0; i < op->n_results; i++)
      if (!op->results[i]->type) op->results[i]->type = ir_type_simple(P, IR_T_TOKEN);
    return;
  }
  if (!strcmp(r, "dup")) {
    for (uint32_t i = 1; i < op->n_results; i++)
      if (!op->results[i]->type) op->results[i]->type = op->results[0]->type;
    return;
  }
  if (!strcmp(r, "pass")) {
    int k = ir_seg_index(&f->si, e->arg, strlen(e->arg));
    for (uint32_t i = 0; k >= 0 && i < op->n_results && i < st->segs[k].n; i++)
      if (!op->results[i]->type) op->results[i]->type = ((ir_value *)st->segs[k].v[i])->type;
    return;
  }
  if (!op->n_results || op->results[0]->type) return;
  const ir_type *t = NULL;
  if (!strcmp(r, "index")) t = ir_type_simple(P, IR_T_INDEX);
  else if (!strcmp(r, "i32")) t = ir_type_int(P, 32, false);
  else if (!strcmp(r, "i64")) t = ir_type_int(P, 64, false);
  else if (!strcmp(r, "elem")) {
    const ir_type *x = ir_fmt_seg_type(P, f, st, e->arg);
    if (x && (x->kind == IR_T_TENSOR || x->kind == IR_T_MEMDESC)) t = x->elem;
  }
  else if (!strcmp(r, "i1")) {
    const ir_type *x = ir_fmt_seg_type(P, f, st, e->arg);
    if (x) t = ir_type_like(P, x, ir_type_int(P, 1, false));
  } else if (!strcmp(r, "same")) {
    t = ir_fmt_seg_type(P, f, st, e->arg);
    for (uint32_t i = 1; i < op->n_results; i++)
      if (!op->results[i]->type) op->results[i]->type = t;
  } else if (!strcmp(r, "load")) {
    const ir_type *x = ir_fmt_seg_type(P, f, st, e->arg);
    if (x && x->kind == IR_T_PTR) t = x->elem;
    else if (x && x->kind == IR_T_TENSOR && x->elem->kind == IR_T_PTR) t = ir_type_like(P, x, x->elem->elem);
  } else if (!strcmp(r, "attr")) {
    const ir_attr *a = ir_op_attr(op, e->arg);
    if (a && a->kind == IR_A_BOOL) t = ir_type_int(P, 1, false);
    else if (a && a->type && a->kind != IR_A_DENSE_ARRAY) t = a->type;
    else if (a && (a->kind == IR_A_INT || a->kind == IR_A_FLOAT))
      ir_fail_at(P, P->op_line, P->op_col, "'%s' value needs a type (e.g. ': i32')",
                 ir_ops[op->code].name);
  }
  op->results[0]->type = t;
}

void ir_fmt_parse(ir_parser *P, ir_op *op, const ir_fmt *f) {
  ir_fparse st;
  memset(&st, 0, sizeof st);
  for (int k = 0; k < IR_MAX_SEGS; k++) st.segs[k].arena = P->A;
  ir_fmt_parse_range(P, op, f, &st, 0, f->n);
  ir_set_operands(P, op, st.segs, f->si.n);
  for (int i = 0; i < f->n; i++)
    if (f->e[i].kind == FE_INFER) ir_fmt_infer(P, op, f, &st, &f->e[i]);
  for (int k = 0; k < IR_MAX_SEGS; k++) ir_vec_free(&st.segs[k]);
  /* operands named in the text must have been defined (forward references need a type) */
}

/* ------------------------------------------------------------------ printing */

typedef struct ir_fprint {
  ir_printer *pr;
  bool sp, lastp;              /* MLIR ODS: shouldEmitSpace, lastWasPunctuation */
  const char *skip[24];        /* attributes printed in custom positions (NULL-terminated) */
} ir_fprint;

static bool ir_space_before(const char *v, bool lastp) {
  size_t n = strlen(v);
  if (n != 1 && strcmp(v, "->")) return true;
  if (lastp) return !strchr(">)}],", v[0]);
  return !strchr("<>(){}[],", v[0]);
}

static void ir_fp_lit(ir_fprint *s, const char *v) {
  FILE *o = s->pr->out;
  if (s->sp && ir_space_before(v, s->lastp)) fputc(' ', o);
  fputs(v, o);
  s->sp = !(strlen(v) == 1 && strchr("<({[", v[0]));
  s->lastp = !(v[0] == '_' || isalpha((unsigned char)v[0]));
}

static void ir_fp_elem(ir_fprint *s) {
  if (s->sp || !s->lastp) fputc(' ', s->pr->out);
  s->lastp = false;
  s->sp = true;
}

static const ir_attr *ir_op_attr_raw(const ir_op *op, const char *name) {
  for (uint32_t i = 0; i < op->n_attrs; i++)
    if (!strcmp(op->attrs[i].name, name)) return op->attrs[i].attr;
  return NULL;
}

/* Can the format print this attribute in its custom position? (an attribute of another kind,
 * e.g. `cache = 1 : i32` from an old dump, stays in the attribute dictionary) */
static bool ir_fe_attr_ok(const ir_fe *e, const ir_attr *a) {
  if (!a) return false;
  switch (e->akind) {
  case 'i': return a->kind == IR_A_INT;
  case 'k':
  case 'g': return a->kind == IR_A_KEYWORD;
  case 'n': return a->kind == IR_A_DENSE_ARRAY;
  case 's': return a->kind == IR_A_STRING;
  case 'y': return a->kind == IR_A_SYMBOL;
  case 'b': return a->kind == IR_A_BOOL;
  case 'u': return a->kind == IR_A_UNIT;
  default: return true;
  }
}

static bool ir_fp_anchor_present(const ir_op *op, const ir_fmt *f, const ir_fe *e) {
  switch (e->kind) {
  case FE_OPERAND: {
    uint32_t n;
    ir_seg(op, e->seg, &n);
    return n > 0;
  }
  case FE_ATTR: return ir_fe_attr_ok(e, ir_op_attr_raw(op, e->text));
  case FE_TYPE:
    if (e->seg >= 0) {
      uint32_t n;
      ir_seg(op, e->seg, &n);
      return n > 0;
    }
    if (e->seg == TGT_ALLRES) return op->n_results > 0;
    if (e->seg == TGT_LASTRES)
      return op->n_results > 1 && op->results[op->n_results - 1]->type->kind != IR_T_TOKEN;
    if (e->seg == TGT_ALLOPS) return op->n_operands > 0;
    return (uint32_t)(-1 - e->seg) < op->n_results;
  case FE_TOKEN:
    return (uint32_t)e->seg2 < op->n_results && op->results[e->seg2]->type->kind == IR_T_TOKEN;
  default: (void)f; return false;
  }
}

/* Is group [i0, i1) printed? Its anchor decides; without one, its first element. */
static bool ir_fp_group_present(const ir_op *op, const ir_fmt *f, int i0, int i1) {
  for (int i = i0; i < i1; i++)
    if (f->e[i].anchor) return ir_fp_anchor_present(op, f, &f->e[i]);
  for (int i = i0; i < i1; i++)
    if (f->e[i].kind == FE_OPERAND || f->e[i].kind == FE_ATTR || f->e[i].kind == FE_TYPE)
      return ir_fp_anchor_present(op, f, &f->e[i]);
  return false;
}

static void ir_fp_types(ir_fprint *s, const ir_op *op, const ir_fe *e) {
  FILE *o = s->pr->out;
  bool first = true;
  if (e->seg >= 0 || e->seg == TGT_ALLOPS) {
    uint32_t lo = 0, hi = op->n_operands;
    if (e->seg >= 0) {
      lo = op->seg_start[e->seg];
      hi = op->seg_start[e->seg + 1];
    }
    for (uint32_t i = lo; i < hi; i++) {
      if (!first) fputs(", ", o);
      first = false;
      ir_print_type_ex(op->operands[i]->type, o, e->stripped);
    }
  } else if (e->seg == TGT_LASTRES) {
    ir_print_type_ex(op->results[op->n_results - 1]->type, o, e->stripped);
  } else if (e->seg == TGT_ALLRES) {
    for (uint32_t i = 0; i < op->n_results; i++) {
      if (i) fputs(", ", o);
      ir_print_type_ex(op->results[i]->type, o, e->stripped);
    }
  } else {
    uint32_t r = (uint32_t)(-1 - e->seg);
    if (r < op->n_results) ir_print_type_ex(op->results[r]->type, o, e->stripped);
  }
}

static void ir_fp_attr(ir_fprint *s, const ir_op *op, const ir_fe *e) {
  FILE *o = s->pr->out;
  const ir_attr *a = ir_op_attr_raw(op, e->text);
  if (!ir_fe_attr_ok(e, a) || e->akind == 'u') return;
  ir_fp_elem(s);
  switch (e->akind) {
  case 'i':
    if (a->kind == IR_A_INT || a->kind == IR_A_BOOL) fprintf(o, "%lld", (long long)a->ival);
    else ir_print_attr(a, o);
    break;
  case 'n':
    if (a->kind == IR_A_DENSE_ARRAY) {
      for (uint32_t i = 0; i < a->n; i++) fprintf(o, i ? ", %lld" : "%lld", (long long)a->ivals[i]);
    } else {
      ir_print_attr(a, o);
    }
    break;
  case 'g':
    if (a->kind == IR_A_KEYWORD) fprintf(o, "<%s>", a->str);
    else ir_print_attr(a, o);
    break;
  default: ir_print_attr(a, o); break;
  }
}

static void ir_fp_range(ir_fprint *s, const ir_op *op, const ir_fmt *f, int i0, int i1) {
  FILE *o = s->pr->out;
  for (int i = i0; i < i1; i++) {
    const ir_fe *e = &f->e[i];
    switch (e->kind) {
    case FE_LIT: ir_fp_lit(s, e->text); break;
    case FE_NOSP:
      s->sp = false;
      s->lastp = true;
      break;
    case FE_OPERAND: {
      uint32_t n;
      ir_seg(op, e->seg, &n);
      uint32_t lo = op->seg_start[e->seg];
      ir_fp_elem(s);
      for (uint32_t k = 0; k < n; k++) {
        if (k) fputs(", ", o);
        ir_print_value(op->operands[lo + k], o);
      }
      break;
    }
    case FE_ATTR: ir_fp_attr(s, op, e); break;
    case FE_ATTRDICT:
      ir_print_op_attrs(s->pr, op, s->skip, false);
      s->lastp = false;
      break;
    case FE_ATTRDICT_KW:
      ir_print_op_attrs(s->pr, op, s->skip, true);
      s->lastp = false;
      break;
    case FE_ATTRDICT_ALT: break; /* printed by the op's `attrs` */
    case FE_TYPE:
      ir_fp_elem(s);
      ir_fp_types(s, op, e);
      break;
    case FE_FTYPE: {
      ir_fp_elem(s);
      fputc('(', o);
      uint32_t lo = 0, hi = op->n_operands;
      if (e->seg >= 0) {
        lo = op->seg_start[e->seg];
        hi = op->seg_start[e->seg + 1];
      }
      for (uint32_t k = lo; k < hi; k++) {
        if (k > lo) fputs(", ", o);
        ir_print_type(op->operands[k]->type, o);
      }
      fputs(") -> ", o);
      if (op->n_results == 1 && op->results[0]->type->kind != IR_T_FUNC) {
        ir_print_type(op->results[0]->type, o);
      } else {
        fputc('(', o);
        for (uint32_t k = 0; k < op->n_results; k++) {
          if (k) fputs(", ", o);
          ir_print_type(op->results[k]->type, o);
        }
        fputc(')', o);
      }
      break;
    }
    case FE_OPT:
      if (ir_fp_group_present(op, f, i + 1, e->end)) ir_fp_range(s, op, f, i + 1, e->end);
      i = e->end;
      break;
    case FE_OI: {
      int a = 0;
      for (int st = i + 1; st < e->end; a++) {
        int st_end = a == 0 ? e->seg2 : f->e[st - 1].end;
        if (ir_fp_group_present(op, f, st, st_end)) ir_fp_range(s, op, f, st, st_end);
        st = st_end + 1;
      }
      i = e->end;
      break;
    }
    case FE_TOKEN: {
      ir_fp_elem(s);
      if (ir_fp_anchor_present(op, f, e)) {
        uint32_t n;
        ir_value *dep = ir_seg(op, e->seg, &n);
        fputc('[', o);
        if (dep) ir_print_value(dep, o);
        fputc(']', o);
      }
      break;
    }
    case FE_BARS: {
      ir_fp_elem(s);
      uint32_t nb, np;
      ir_seg(op, e->seg, &nb);
      ir_seg(op, e->seg2, &np);
      for (uint32_t k = 0; k < nb && k < np; k++) {
        fputs(", ", o);
        ir_print_value(op->operands[op->seg_start[e->seg] + k], o);
        fputc('[', o);
        ir_print_value(op->operands[op->seg_start[e->seg2] + k], o);
        fputc(']', o);
      }
      break;
    }
    default: break;
    }
  }
}

void ir_fmt_print(ir_printer *pr, const ir_op *op, const ir_fmt *f) {
  ir_fprint s = {.pr = pr, .sp = true, .lastp = false};
  int n = 0;
  for (int i = 0; i < f->n && n < 23; i++)
    if (f->e[i].kind == FE_ATTR && ir_fe_attr_ok(&f->e[i], ir_op_attr_raw(op, f->e[i].text)))
      s.skip[n++] = f->e[i].text;
  ir_fp_range(&s, op, f, 0, f->n);
}
