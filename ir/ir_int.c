/* ir_int.c: integer literals and MLIR's range rule for them. Every integer the reader keeps
 * is checked against the type it is read as, so no value is silently truncated on the way
 * into the IR (issue 11: an mbarrier count 4294967297 became 1, a 23-digit literal 0). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ir_priv.h"

bool ir_intlit_scan(const char *s, size_t n, ir_intlit *out) {
  memset(out, 0, sizeof *out);
  size_t i = 0;
  if (i < n && s[i] == '-') {
    out->neg = true;
    i++;
  }
  bool hex = i + 2 < n && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
  if (hex) i += 2;
  if (i >= n) return false;
  unsigned base = hex ? 16 : 10;
  for (; i < n; i++) {
    int c = (unsigned char)s[i];
    unsigned d;
    if (isdigit(c)) d = (unsigned)(c - '0');
    else if (hex && isxdigit(c)) d = (unsigned)(tolower(c) - 'a' + 10);
    else return false;
    if (!out->big && out->mag > (UINT64_MAX - d) / base) out->big = true;
    if (!out->big) out->mag = out->mag * base + d;
  }
  if (out->big) out->mag = 0;
  return true;
}

int64_t ir_intlit_value(const ir_intlit *l) {
  /* two's complement of the 64-bit pattern, as MLIR's getInt() gives for 64 bits and as the
   * reader has always stored attributes (a value is kept as written, not sign-folded to N bits) */
  return l->neg ? (int64_t)(0 - l->mag) : (int64_t)l->mag;
}

/* The whole of s as a literal (ir.h ir_num_i64): IR_NUM_OK with *l filled, or why not. */
static ir_num num_scan(const char *s, ir_intlit *l) {
  if (!s || !ir_intlit_scan(s, strlen(s), l)) return IR_NUM_MALFORMED;
  return l->big ? IR_NUM_RANGE : IR_NUM_OK;
}

ir_num ir_num_i64(const char *s, int64_t lo, int64_t hi, int64_t *out) {
  ir_intlit l;
  ir_num st = num_scan(s, &l);
  if (st != IR_NUM_OK) return st;
  if (l.mag > (uint64_t)INT64_MAX + (l.neg ? 1 : 0)) return IR_NUM_RANGE;
  int64_t v = ir_intlit_value(&l);
  if (v < lo || v > hi) return IR_NUM_RANGE;
  *out = v;
  return IR_NUM_OK;
}

ir_num ir_num_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
  ir_intlit l;
  ir_num st = num_scan(s, &l);
  if (st != IR_NUM_OK) return st;
  if ((l.neg && l.mag) || l.mag < lo || l.mag > hi) return IR_NUM_RANGE;
  *out = l.mag;
  return IR_NUM_OK;
}

/* MLIR's rule (Parser::parseDecOrHexAttr / buildAttributeAPInt): the magnitude must fit in N
 * bits; a negative literal must fit N-bit two's complement (magnitude <= 2^(N-1)) and is not
 * allowed for uiN; a positive siN or index literal must be below 2^(N-1). So a signless iN
 * takes any value that fits signed or unsigned N bits: `255 : i8` and `-1 : i8` both read,
 * `-1 : i1` is true, `256 : i8` and `-129 : i8` do not. One deviation: MLIR also rejects
 * `-0`, which is read here as 0. */
bool ir_int_fits(const ir_intlit *l, unsigned bits, char sign) {
  if (l->big) return bits > 64 && !(l->neg && sign == 'u'); /* width unknown past 64 bits */
  if (l->mag == 0) return true;
  if (bits == 0) return false;
  if (bits < 64 && (l->mag >> bits)) return false;
  if (l->neg) {
    if (sign == 'u') return false;
    return bits > 64 || l->mag <= (UINT64_C(1) << (bits - 1));
  }
  if (sign == 's') return bits > 64 || l->mag < (UINT64_C(1) << (bits - 1));
  return true;
}

/* The width and signedness a literal of type t is checked against; false when t is not an
 * integer-like type (then there is nothing to check). */
static bool ir_int_type_range(const ir_type *t, unsigned *bits, char *sign) {
  if (!t) { /* a bare integer attribute is an i64 in MLIR */
    *bits = 64;
    *sign = 'l';
    return true;
  }
  if (t->kind == IR_T_INDEX) {
    *bits = 64;
    *sign = 's';
    return true;
  }
  if (t->kind == IR_T_INT) {
    *bits = t->bits;
    *sign = t->is_unsigned ? 'u' : t->is_signed ? 's' : 'l';
    return true;
  }
  return false;
}

void ir_int_check(ir_parser *P, const ir_intlit *l, const ir_type *t, uint32_t line,
                  uint32_t col, const char *what) {
  unsigned bits;
  char sign;
  if (!ir_int_type_range(t, &bits, &sign)) return;
  if (ir_int_fits(l, bits, sign)) return;
  char ty[32];
  if (!t) snprintf(ty, sizeof ty, "i64");
  else if (t->kind == IR_T_INDEX) snprintf(ty, sizeof ty, "index");
  else snprintf(ty, sizeof ty, "%si%u", sign == 'u' ? "u" : sign == 's' ? "s" : "", bits);
  const char *rule = sign == 'u' ? "unsigned" : sign == 's' ? "signed" : "signed or unsigned";
  int len = (int)(l->n > 60 ? 60 : l->n);
  ir_fail_at(P, line, col, "%s %.*s%s is out of range for %s (it must fit in %u bits, %s)",
             what ? what : "integer constant", len, l->text, l->n > 60 ? "..." : "", ty, bits, rule);
}

void ir_tok_intlit(ir_parser *P, ir_intlit *out) {
  const ir_tok *t = &P->L.tok;
  if (t->kind != TK_INT) {
    char b[64];
    ir_fail(P, "expected an integer, found %s", ir_describe_tok(t, b, sizeof b));
  }
  if (!ir_intlit_scan(t->s, t->n, out)) ir_fail(P, "malformed integer '%.*s'", (int)t->n, t->s);
  out->text = t->s;
  out->n = t->n;
  out->line = t->line;
  out->col = t->col;
}

int64_t ir_parse_int_as(ir_parser *P, const ir_type *t, const char *what) {
  ir_intlit l;
  ir_tok_intlit(P, &l);
  ir_int_check(P, &l, t, l.line, l.col, what);
  if (l.big) ir_fail_at(P, l.line, l.col, "integer constant %.*s does not fit in 64 bits",
                        (int)(l.n > 60 ? 60 : l.n), l.text);
  ir_lex_next(P);
  return ir_intlit_value(&l);
}

int64_t ir_parse_int_in(ir_parser *P, int64_t lo, int64_t hi, const char *what) {
  ir_intlit l;
  ir_tok_intlit(P, &l);
  int64_t v = ir_intlit_value(&l);
  bool ok = !l.big && (l.neg ? l.mag <= (uint64_t)INT64_MAX + 1 : l.mag <= (uint64_t)INT64_MAX) &&
            v >= lo && v <= hi;
  if (!ok)
    ir_fail_at(P, l.line, l.col, "%s %.*s is out of range (%lld to %lld)", what,
               (int)(l.n > 60 ? 60 : l.n), l.text, (long long)lo, (long long)hi);
  ir_lex_next(P);
  return v;
}

void ir_dense_check(ir_parser *P, const char *body, const ir_type *elem, uint32_t line,
                    uint32_t col) {
  if (!elem || !(elem->kind == IR_T_INT || elem->kind == IR_T_INDEX)) return;
  /* Walk the element literals of dense<[[1, -2], [3, 0x4]]> (strings are hex blobs: skipped);
   * the body is on one line (ir_capture_angle), so an element's column is col + offset. */
  for (const char *p = body; *p;) {
    if (*p == '"') {
      p++;
      while (*p && *p != '"') p += (*p == '\\' && p[1]) ? 2 : 1;
      if (*p) p++;
      continue;
    }
    bool num = isdigit((unsigned char)*p) || (*p == '-' && isdigit((unsigned char)p[1]));
    if (!num) {
      p++;
      continue;
    }
    const char *s = p;
    if (*p == '-') p++;
    while (isalnum((unsigned char)*p) || *p == '.' || ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E')))
      p++;
    uint32_t at = col + (uint32_t)(s - body);
    ir_intlit l;
    if (!ir_intlit_scan(s, (size_t)(p - s), &l))
      ir_fail_at(P, line, at, "dense<> element %.*s is not an integer (the element type is an integer)",
                 (int)(p - s > 40 ? 40 : p - s), s);
    l.text = s;
    l.n = (uint32_t)(p - s);
    ir_int_check(P, &l, elem, line, at, "dense<> element");
  }
}
