/* ir_lex.c: the MLIR text lexer (one token of lookahead, no allocation) and the
 * parser's diagnostic exit (one "FILE:LINE:COL: error: ..." line, then longjmp). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_priv.h"
#include "ir/ir_alloc.h"

static void ir_one_line(char *s) {
  for (char *c = s; *c; c++) /* cut the message at any newline it quotes */
    if (*c == '\n' || *c == '\r') *c = ' ';
}

static void ir_vfail(ir_parser *P, uint32_t line, uint32_t col, const char *note, uint32_t nline,
                     uint32_t ncol, const char *fmt, va_list ap) {
  char msg[512], nmsg[256] = "";
  vsnprintf(msg, sizeof msg, fmt, ap);
  ir_one_line(msg);
  if (note) {
    snprintf(nmsg, sizeof nmsg, "%s", note);
    ir_one_line(nmsg);
  }
  size_t n = 2 * strlen(P->filename) + strlen(msg) + strlen(nmsg) + 128;
  P->err = ir_xmalloc(n, 1);
  if (P->err) {
    int k = snprintf(P->err, n, "%s:%u:%u: error: %s", P->filename, line + P->line_base, col, msg);
    if (note && k > 0 && (size_t)k < n)
      snprintf(P->err + k, n - (size_t)k, "\n%s:%u:%u: note: %s", P->filename,
               nline + P->line_base, ncol, nmsg);
  }
  longjmp(P->jb, 1);
}

_Noreturn void ir_fail_at(ir_parser *P, uint32_t line, uint32_t col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ir_vfail(P, line, col, NULL, 0, 0, fmt, ap);
  va_end(ap);
  abort(); /* not reached */
}

_Noreturn void ir_fail_note_at(ir_parser *P, uint32_t line, uint32_t col, uint32_t nline,
                               uint32_t ncol, const char *note, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ir_vfail(P, line, col, note, nline, ncol, fmt, ap);
  va_end(ap);
  abort(); /* not reached */
}

_Noreturn void ir_fail(ir_parser *P, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ir_vfail(P, P->L.tok.line, P->L.tok.col, NULL, 0, 0, fmt, ap);
  va_end(ap);
  abort(); /* not reached */
}

void ir_lex_init(ir_lexer *L, const char *buf, size_t len) {
  memset(L, 0, sizeof *L);
  L->buf = L->p = L->line_start = buf;
  L->end = buf + len;
  L->line = 1;
}

/* Character classes (bit 1: starts a bare identifier, 2: continues one, 4: continues a
 * %/^/@ suffix id, which also allows '-'), as a table: the lexer's inner loops. */
#define L_ (1 | 2 | 4)
#define D_ (2 | 4)
static const unsigned char ir_cc[256] = {
    ['0'] = D_, ['1'] = D_, ['2'] = D_, ['3'] = D_, ['4'] = D_, ['5'] = D_, ['6'] = D_,
    ['7'] = D_, ['8'] = D_, ['9'] = D_, ['_'] = L_, ['$'] = D_, ['.'] = D_, ['-'] = 4,
    ['a'] = L_, ['b'] = L_, ['c'] = L_, ['d'] = L_, ['e'] = L_, ['f'] = L_, ['g'] = L_,
    ['h'] = L_, ['i'] = L_, ['j'] = L_, ['k'] = L_, ['l'] = L_, ['m'] = L_, ['n'] = L_,
    ['o'] = L_, ['p'] = L_, ['q'] = L_, ['r'] = L_, ['s'] = L_, ['t'] = L_, ['u'] = L_,
    ['v'] = L_, ['w'] = L_, ['x'] = L_, ['y'] = L_, ['z'] = L_,
    ['A'] = L_, ['B'] = L_, ['C'] = L_, ['D'] = L_, ['E'] = L_, ['F'] = L_, ['G'] = L_,
    ['H'] = L_, ['I'] = L_, ['J'] = L_, ['K'] = L_, ['L'] = L_, ['M'] = L_, ['N'] = L_,
    ['O'] = L_, ['P'] = L_, ['Q'] = L_, ['R'] = L_, ['S'] = L_, ['T'] = L_, ['U'] = L_,
    ['V'] = L_, ['W'] = L_, ['X'] = L_, ['Y'] = L_, ['Z'] = L_,
};
#undef L_
#undef D_
static inline bool is_id_start(int c) { return ir_cc[c & 255] & 1; }
static inline bool is_id_char(int c) { return ir_cc[c & 255] & 2; }
static inline bool is_suffix_char(int c) { return ir_cc[c & 255] & 4; }
static inline bool is_dig(int c) { return c >= '0' && c <= '9'; }

/* Lexes one token starting at L->p into L->tok. */
void ir_lex_next(ir_parser *P) {
  ir_lexer *L = &P->L;
  L->prev_end = L->tok.end;
  const char *p = L->p, *e = L->end;
  for (;;) {
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v')) p++;
    if (p < e && *p == '\n') {
      p++;
      L->line++;
      L->line_start = p;
      continue;
    }
    if (p + 1 < e && p[0] == '/' && p[1] == '/') {
      while (p < e && *p != '\n') p++;
      continue;
    }
    break;
  }
  ir_tok *t = &L->tok;
  t->start = p;
  t->line = L->line;
  t->col = (uint32_t)(p - L->line_start) + 1;
  t->c = 0;
  if (p >= e) {
    t->kind = TK_EOF;
    t->s = p;
    t->n = 0;
    t->end = p;
    L->p = p;
    return;
  }
  const char *s = p;
  unsigned char c = (unsigned char)*p;
  if (is_id_start(c)) {
    while (p < e && is_id_char((unsigned char)*p)) p++;
    t->kind = TK_BARE;
    t->s = s;
  } else if (c == '%' || c == '^' || c == '#' || c == '!' || c == '@') {
    p++;
    t->kind = c == '%' ? TK_PERCENT : c == '^' ? TK_CARET : c == '#' ? TK_HASH
              : c == '!' ? TK_BANG : TK_AT;
    if (c == '@' && p < e && *p == '"') {
      /* @"quoted symbol": keep the quotes in the text */
      const char *q = p + 1;
      while (q < e && *q != '"' && *q != '\n') q += (*q == '\\' && q + 1 < e) ? 2 : 1;
      if (q >= e || *q != '"') ir_fail_at(P, t->line, t->col, "unterminated quoted symbol");
      p = q + 1;
    } else if (c == '#' || c == '!') {
      while (p < e && (is_id_char((unsigned char)*p) || *p == '-')) p++;
    } else {
      while (p < e && is_suffix_char((unsigned char)*p)) p++;
    }
    t->s = s + 1;
    if (p == s + 1) ir_fail_at(P, t->line, t->col, "expected an identifier after '%c'", c);
    /* MLIR's suffix-id is digits alone or a letter/punct-led name: %38f is no value name
     * (mlir-opt and Triton refuse it) */
    if ((c == '%' || c == '^') && is_dig(s[1]))
      for (const char *q = s + 1; q < p; q++)
        if (!is_dig(*q))
          ir_fail_at(P, t->line, t->col, "invalid name '%.*s': a name that starts with a digit "
                     "must be all digits", (int)(p - s), s);
  } else if (is_dig(c) || (c == '-' && p + 1 < e && is_dig(p[1]))) {
    if (c == '-') p++;
    t->kind = TK_INT;
    if (p + 1 < e && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p + 2 < e &&
        isxdigit((unsigned char)p[2])) {
      p += 2;
      while (p < e && isxdigit((unsigned char)*p)) p++;
    } else {
      while (p < e && is_dig(*p)) p++;
      if (p + 1 < e && *p == '.' && is_dig(p[1])) {
        t->kind = TK_FLOAT;
        p++;
        while (p < e && is_dig(*p)) p++;
      } else if (p < e && *p == '.' && !(p + 1 < e && is_id_char((unsigned char)p[1]))) {
        t->kind = TK_FLOAT; /* "1." */
        p++;
      }
      if (t->kind == TK_FLOAT && p < e && (*p == 'e' || *p == 'E')) {
        const char *q = p + 1;
        if (q < e && (*q == '+' || *q == '-')) q++;
        if (q < e && is_dig(*q)) {
          p = q;
          while (p < e && is_dig(*p)) p++;
        }
      }
    }
    t->s = s;
  } else if (c == '"') {
    p++;
    while (p < e && *p != '"') {
      if (*p == '\n') ir_fail_at(P, t->line, t->col, "unterminated string");
      p += (*p == '\\' && p + 1 < e) ? 2 : 1;
    }
    if (p >= e) ir_fail_at(P, t->line, t->col, "unterminated string");
    t->kind = TK_STRING;
    t->s = s + 1;
    t->n = (uint32_t)(p - s - 1);
    p++;
    t->end = p;
    L->p = p;
    return;
  } else if (c == '-' && p + 1 < e && p[1] == '>') {
    p += 2;
    t->kind = TK_ARROW;
    t->s = s;
  } else if (c == '.' && p + 2 < e && p[1] == '.' && p[2] == '.') {
    p += 3;
    t->kind = TK_ELLIPSIS;
    t->s = s;
  } else if (strchr("()[]{}<>,:=*?+|-", c) && c) {
    p++;
    t->kind = TK_PUNCT;
    t->c = (char)c;
    t->s = s;
  } else {
    if (c >= 0x20 && c < 0x7f)
      ir_fail_at(P, t->line, t->col, "unexpected character '%c'", c);
    ir_fail_at(P, t->line, t->col, "unexpected byte 0x%02x", c);
  }
  if (t->kind != TK_STRING) t->n = (uint32_t)(p - t->s);
  t->end = p;
  L->p = p;
}

void ir_lex_reset(ir_parser *P, const char *at) {
  /* Only used within one line (type bodies), so line bookkeeping stays valid. */
  const char *pe = P->L.tok.end;
  P->L.p = at;
  ir_lex_next(P);
  P->L.prev_end = pe;
}

const char *ir_tokkind_name(ir_tokkind k) {
  switch (k) {
  case TK_EOF: return "end of input";
  case TK_BARE: return "identifier";
  case TK_PERCENT: return "SSA value";
  case TK_CARET: return "block label";
  case TK_AT: return "symbol";
  case TK_HASH: return "attribute";
  case TK_BANG: return "type";
  case TK_INT: return "integer";
  case TK_FLOAT: return "float";
  case TK_STRING: return "string";
  case TK_PUNCT: return "punctuation";
  case TK_ARROW: return "'->'";
  case TK_ELLIPSIS: return "'...'";
  }
  return "token";
}

const char *ir_describe_tok(const ir_tok *t, char *buf, size_t n) {
  if (t->kind == TK_EOF) {
    snprintf(buf, n, "end of input");
    return buf;
  }
  int len = (int)(t->end - t->start);
  if (len > 40) len = 40;
  snprintf(buf, n, "'%.*s'", len, t->start);
  return buf;
}

bool ir_eat_punct(ir_parser *P, char c) {
  if (!ir_is_punct(P, c)) return false;
  ir_lex_next(P);
  return true;
}

void ir_expect_punct(ir_parser *P, char c) {
  if (ir_eat_punct(P, c)) return;
  char b[64];
  ir_fail(P, "expected '%c', found %s", c, ir_describe_tok(&P->L.tok, b, sizeof b));
}

bool ir_eat_kw(ir_parser *P, const char *kw) {
  if (!ir_is_kw(P, kw)) return false;
  ir_lex_next(P);
  return true;
}

void ir_expect_kw(ir_parser *P, const char *kw) {
  if (ir_eat_kw(P, kw)) return;
  char b[64];
  ir_fail(P, "expected '%s', found %s", kw, ir_describe_tok(&P->L.tok, b, sizeof b));
}

bool ir_eat_arrow(ir_parser *P) {
  if (P->L.tok.kind != TK_ARROW) return false;
  ir_lex_next(P);
  return true;
}

void ir_expect_arrow(ir_parser *P) {
  if (ir_eat_arrow(P)) return;
  char b[64];
  ir_fail(P, "expected '->', found %s", ir_describe_tok(&P->L.tok, b, sizeof b));
}

int64_t ir_parse_int(ir_parser *P) {
  return ir_parse_int_as(P, NULL, NULL); /* a bare integer: an i64 (ir_int.c) */
}

const char *ir_tok_intern(ir_parser *P) {
  return ir_intern_str(&P->names, P->L.tok.s, P->L.tok.n);
}
