/* ir_priv.h: internals shared by the ir/ files (arena, interning, lexer, parser and printer
 * state, the per-op custom syntax table). Not part of the public API: include ir.h instead.
 * Ownership: the parser's tables live in its arena or are freed with the parser. */
#ifndef TLXV_IR_PRIV_H
#define TLXV_IR_PRIV_H

#include <setjmp.h>
#include <string.h>
#include <stdarg.h>

#include "ir.h"
#include "ir_alloc.h" /* ir_pmap */

/* ------------------------------------------------------------------ arena */

/* Bump allocator: every IR object lives in one arena and is freed with it. */
struct ir_arena {
  struct ir_chunk *head;       /* newest chunk first */
  char *cur, *end;             /* free space of the head chunk */
};
ir_arena *ir_arena_new(void);
void ir_arena_free(ir_arena *a);
/* Zeroed, 8-byte aligned memory owned by the arena. Aborts on out-of-memory. */
void *ir_alloc(ir_arena *a, size_t n);
char *ir_arena_strndup(ir_arena *a, const char *s, size_t n);

/* String interning: equal strings give the same pointer (owned by the arena), so the
 * parser compares names by pointer. The table itself is malloc'd, freed by ir_intern_free. */
typedef struct ir_intern {
  const char **slots;          /* open addressing, NULL = empty */
  uint32_t *hashes, *lens;
  size_t cap, n;
  ir_arena *arena;
} ir_intern;
void ir_intern_init(ir_intern *t, ir_arena *a);
void ir_intern_free(ir_intern *t);
const char *ir_intern_str(ir_intern *t, const char *s, size_t n);
uint32_t ir_hash_bytes(const void *p, size_t n, uint32_t seed);

/* ir_pmap (the pointer-keyed hash map): ir_alloc.h */

/* Growable pointer vector. With an arena (IR_VEC(P)) its storage comes from the arena, so a
 * parse error (longjmp) leaks nothing; without one it is malloc'd (free with ir_vec_free). */
typedef struct ir_vec {
  void **v;
  size_t n, cap;
  ir_arena *arena;
} ir_vec;
#define IR_VEC(P) ((ir_vec){.arena = (P)->A})
void ir_vec_push(ir_vec *v, void *p);
void ir_vec_free(ir_vec *v);
/* Copies v into the arena as an array of n pointers (NULL when empty). */
void **ir_vec_to_arena(ir_arena *a, const ir_vec *v);

/* ------------------------------------------------------------------ lexer */

typedef enum ir_tokkind {
  TK_EOF,
  TK_BARE,      /* identifier: tt.func, f32, x, true */
  TK_PERCENT,   /* %name (s/n exclude the sigil) */
  TK_CARET,     /* ^bb0 */
  TK_AT,        /* @sym or @"quoted" (n excludes @; quoted keeps the quotes) */
  TK_HASH,      /* #alias, #ttg.blocked, #1 */
  TK_BANG,      /* !tt.ptr */
  TK_INT,       /* 42, -1, 0x7F */
  TK_FLOAT,     /* 1.0, -2.5e+00 */
  TK_STRING,    /* "..." (s/n = contents without quotes, escapes kept) */
  TK_PUNCT,     /* one of ( ) [ ] { } < > , : = * ? + | (c) */
  TK_ARROW,     /* -> */
  TK_ELLIPSIS,  /* ... */
} ir_tokkind;

typedef struct ir_tok {
  ir_tokkind kind;
  char c;                      /* TK_PUNCT character */
  const char *s;               /* text (see kinds) */
  uint32_t n;
  const char *start;           /* first byte of the token in the buffer */
  const char *end;             /* one past its last byte */
  uint32_t line, col;
} ir_tok;

typedef struct ir_lexer {
  const char *buf, *p, *end;
  uint32_t line;               /* line of *p (1-based) */
  const char *line_start;
  ir_tok tok;                  /* current (lookahead) token */
  const char *prev_end;        /* end of the previously consumed token */
} ir_lexer;

/* ------------------------------------------------------------------ parser */

typedef struct ir_scope_ent {
  ir_value *v;                 /* first value of the group */
  uint32_t count;              /* group size (%x:N) */
  uint32_t iso;                /* isolated-scope level it was defined at */
} ir_scope_ent;

typedef struct ir_undo {
  const char *name;
  ir_scope_ent old;
  bool had_old;
} ir_undo;

typedef struct ir_fmt ir_fmt;

/* A use of an SSA name before its definition (only legal across blocks). */
typedef struct ir_fwdref {
  ir_value *v;                 /* placeholder: becomes the defined value */
  ir_block *blk;               /* block holding the (first) use */
  uint32_t line, col, iso;
  bool resolved;
} ir_fwdref;

typedef struct ir_parser {
  ir_lexer L;
  const char *filename;        /* for diagnostics and as given */
  uint32_t line_base;          /* added to lexer lines in diagnostics (split input) */
  ir_arena *A;
  ir_module *m;
  jmp_buf jb;
  char *err;                   /* malloc'd diagnostic */
  ir_intern names;
  ir_pmap types;               /* structural hash -> ir_type* chain (see ir_type.c) */
  ir_pmap attrs;
  uint32_t n_attrs;            /* uniqued attributes made so far (ir_attr_serial) */
  ir_pmap aliases;             /* interned "#x" / "!x" -> ir_attr* */
  ir_pmap scope;               /* interned value name -> ir_scope_ent* */
  ir_undo *undo; size_t n_undo, cap_undo;
  uint32_t iso;                /* current isolated-scope level */
  ir_vec fwd;                  /* ir_fwdref*: forward-referenced placeholder values */
  ir_pmap fwdmap;              /* interned name -> ir_fwdref* not yet defined */
  ir_pmap opcache;             /* interned op name -> (void *)(opcode + 1) */
  ir_vec *labels;              /* ir_block* of the region being parsed (its ^labels) */
  ir_block *cur_blk;           /* block the op being parsed goes into (uses are in it) */
  ir_op *grow_op;              /* op being parsed without `%r =`: its results come from its types */
  uint32_t op_line, op_col;    /* position of the name of the op being parsed */
  uint32_t dict_line, dict_col; /* position of the last attribute dictionary's '{' */
  uint32_t type_line, type_col; /* position of the type being matched to an operand */
  ir_vec loc_aliases_used;     /* ir_locattr* of kind ALIAS to resolve at the end */
  ir_vec all_funcs;
  uint32_t nval, nop;          /* per-function counters */
  const ir_fmt **fmts;         /* compiled custom syntax per opcode (lazily), malloc'd */
  int depth;                   /* nesting guard */
  /* interned keywords */
  const char *kw_loc;
} ir_parser;

_Noreturn void ir_fail_at(ir_parser *P, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
_Noreturn void ir_fail(ir_parser *P, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* ir_fail_at with a second line "FILE:NLINE:NCOL: note: NOTE" (e.g. where a value is defined). */
_Noreturn void ir_fail_note_at(ir_parser *P, uint32_t line, uint32_t col, uint32_t nline,
                               uint32_t ncol, const char *note, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

void ir_lex_init(ir_lexer *L, const char *buf, size_t len);
void ir_lex_next(ir_parser *P);                   /* advance P->L.tok */
void ir_lex_reset(ir_parser *P, const char *at);  /* re-lex starting at `at` (same line) */
const char *ir_tokkind_name(ir_tokkind k);

/* Token helpers. */
static inline bool ir_is_punct(const ir_parser *P, char c) {
  return P->L.tok.kind == TK_PUNCT && P->L.tok.c == c;
}
static inline bool ir_is_kw(const ir_parser *P, const char *kw) {
  const ir_tok *t = &P->L.tok;
  return t->kind == TK_BARE && strlen(kw) == t->n && !memcmp(t->s, kw, t->n);
}
bool ir_eat_punct(ir_parser *P, char c);
void ir_expect_punct(ir_parser *P, char c);
bool ir_eat_kw(ir_parser *P, const char *kw);
void ir_expect_kw(ir_parser *P, const char *kw);
bool ir_eat_arrow(ir_parser *P);
void ir_expect_arrow(ir_parser *P);
int64_t ir_parse_int(ir_parser *P);               /* integer literal */
const char *ir_tok_intern(ir_parser *P);          /* interned text of the current token */

/* Integer literals (ir_int.c). Every integer the reader keeps goes through these, checked
 * against the type it is read as (MLIR's rule: see ir_int_fits). */
typedef struct ir_intlit {
  uint64_t mag;                /* magnitude; 0 when big */
  bool neg;                    /* written with '-' */
  bool big;                    /* the magnitude needs more than 64 bits */
  const char *text;            /* the literal as written (not NUL-terminated), n bytes */
  uint32_t n, line, col;
} ir_intlit;
/* Scans [-]digits or [-]0xhex; false when malformed. Leaves text/line/col unset. */
bool ir_intlit_scan(const char *s, size_t n, ir_intlit *out);
/* The literal as int64 (two's complement wrap of the 64-bit pattern). */
int64_t ir_intlit_value(const ir_intlit *l);
/* Does the literal fit N bits? sign: 'l' signless iN, 's' siN / index, 'u' uiN. */
bool ir_int_fits(const ir_intlit *l, unsigned bits, char sign);
/* Fails at line:col unless l fits integer type t (INT or INDEX; NULL = a bare integer, i64);
 * other types are not checked. what names the value in the message (NULL: "integer constant"). */
void ir_int_check(ir_parser *P, const ir_intlit *l, const ir_type *t, uint32_t line,
                  uint32_t col, const char *what);
/* The current TK_INT token as a literal (not consumed); fails on any other token. */
void ir_tok_intlit(ir_parser *P, ir_intlit *out);
/* Reads an integer literal of type t (checked as ir_int_check) and consumes it. */
int64_t ir_parse_int_as(ir_parser *P, const ir_type *t, const char *what);
/* Checks every integer element of a dense<...> body (kept as text; body starts at line:col)
 * against elem when it is an integer type; fails at the element. */
void ir_dense_check(ir_parser *P, const char *body, const ir_type *elem, uint32_t line,
                    uint32_t col);
/* Reads an integer literal that must lie in [lo, hi] (what names it in the error). */
int64_t ir_parse_int_in(ir_parser *P, int64_t lo, int64_t hi, const char *what);
const char *ir_describe_tok(const ir_tok *t, char *buf, size_t n);

/* Gives v the type t (a forward reference) or checks it already has it (MLIR rejects a use
 * whose written type differs from the value's). */
void ir_use_type(ir_parser *P, ir_value *v, const ir_type *t, uint32_t line, uint32_t col);

/* Types (ir_type.c). */
const ir_type *ir_parse_type(ir_parser *P);
bool ir_at_type_start(const ir_parser *P);
const ir_type *ir_parse_memdesc_body(ir_parser *P); /* after the '<' of a memdesc */
const ir_type *ir_parse_tensordesc_body(ir_parser *P); /* after the '<' of a !tt.tensordesc */
const ir_type *ir_parse_opaque_body(ir_parser *P, const char *prefix); /* at the '<' of prefix<...> */
const ir_type *ir_type_unique(ir_parser *P, const ir_type *t);
const ir_type *ir_type_int(ir_parser *P, int bits, bool is_unsigned);
const ir_type *ir_type_simple(ir_parser *P, ir_typekind k);
const ir_type *ir_type_like(ir_parser *P, const ir_type *shape_of, const ir_type *elem);
void ir_print_type_ex(const ir_type *t, FILE *out, bool stripped);
const char *ir_float_name(ir_floatkind k);

/* Attributes (ir_attr.c). */
const ir_attr *ir_parse_attr(ir_parser *P);
const ir_attr *ir_parse_attr_dict(ir_parser *P);  /* at '{' */
const ir_attr *ir_attr_unique(ir_parser *P, const ir_attr *a);
/* Creation order of an attribute ir_attr_unique made (compare with ir_parser.n_attrs). */
uint32_t ir_attr_serial(const ir_attr *a);
const ir_attr *ir_attr_mk_int(ir_parser *P, int64_t v, const ir_type *t);
const ir_attr *ir_attr_mk_kw(ir_parser *P, const char *s);
const ir_attr *ir_attr_mk_unit(ir_parser *P);
const ir_attr *ir_attr_mk_dict(ir_parser *P, const char **names, const ir_attr **vals, uint32_t n);
const ir_attr *ir_attr_mk_dense_i32(ir_parser *P, const int64_t *v, uint32_t n);
/* Prints a dictionary's entries `{a = 1, b}` skipping names in `skip` (NULL-terminated). */
void ir_print_fn_type(const ir_op *op, FILE *out); /* " : (T...) -> R" */
void ir_print_dict_entries(const ir_namedattr *a, uint32_t n, const char *const *skip, FILE *out);
void ir_print_attr_ex(const ir_attr *a, FILE *out, bool expand_alias);
void ir_print_string(const char *s, FILE *out);

/* Encodings (ir_enc.c). */
const ir_attr *ir_parse_dialect_attr(ir_parser *P, const char *mnemonic);
void ir_print_encoding(const ir_encoding *e, FILE *out);
/* Raw text of a `<...>` body starting at the current '<' token; leaves the lexer after '>'. */
const char *ir_capture_angle(ir_parser *P);

/* Locations (ir_loc.c). */
ir_locattr *ir_parse_loc_body(ir_parser *P);      /* after `loc(`, up to ')' exclusive */
ir_locattr *ir_parse_opt_loc(ir_parser *P);       /* `loc(...)` if present, else NULL */
void ir_print_locattr(const ir_locattr *l, FILE *out);
ir_loc ir_resolve_loc(const ir_parser *P, const ir_locattr *l);
void ir_resolve_all_locs(ir_parser *P);

/* Op construction and SSA names (ir_parse.c). */
ir_op *ir_new_op(ir_parser *P, ir_opcode code, uint32_t n_results);
/* Adds results up to n to an op written without result names (no-op otherwise). */
void ir_op_grow_results(ir_parser *P, ir_op *op, uint32_t n);
ir_value *ir_parse_value_use(ir_parser *P);
ir_value *ir_new_block_arg(ir_parser *P, ir_block *b, const char *name, const ir_type *t,
                           ir_locattr *loc);
void ir_set_attr(ir_parser *P, ir_op *op, const char *name, const ir_attr *a, bool is_prop);
void ir_add_attr_dict(ir_parser *P, ir_op *op, const ir_attr *dict);
void ir_set_operands(ir_parser *P, ir_op *op, ir_vec *segs, int n_segs);
ir_region *ir_add_region(ir_parser *P, ir_op *op);

/* One pending region argument while parsing `%x: T loc(...)` lists. */
typedef struct ir_argdef {
  const char *name;
  const ir_type *type;
  ir_locattr *loc;
  const ir_attr *attrs;        /* function argument attribute dictionary */
  uint32_t line, col;
} ir_argdef;

/* Parses `{ ... }` into region r. Entry args (may be NULL) become the entry block's
 * arguments. isolated: a fresh SSA name scope. */
void ir_parse_region_body(ir_parser *P, ir_region *r, const ir_argdef *args, uint32_t n_args,
                          bool isolated);
/* `%a: T [attrs] [loc(..)]` list in parens (at '('). with_attrs: allow {dict}. */
uint32_t ir_parse_arg_list(ir_parser *P, ir_argdef **out, bool with_attrs);
ir_value **ir_parse_value_list(ir_parser *P, uint32_t *n);   /* %a, %b ... (maybe empty) */
uint32_t ir_parse_type_list(ir_parser *P, const ir_type ***out);  /* T, T (no parens) */
/* MLIR's dominance rule across the blocks of region r (ir_dom.c): a value defined in block D
 * of r and used in (an op nested in) another block B of r needs D to dominate B in r's CFG.
 * Fails at the first use that breaks it. */
void ir_check_dominance(ir_parser *P, const ir_region *r);
/* Appends an implicit terminator to every block of r whose last op is not `code`. */
void ir_ensure_terminator(ir_parser *P, ir_region *r, ir_opcode code);

/* Custom syntax (ir_format.c): parse / print an op body after its name. */
const ir_fmt *ir_fmt_get(const ir_fmt **cache, ir_opcode code);
void ir_fmt_free_cache(const ir_fmt **cache);
void ir_fmt_parse(ir_parser *P, ir_op *op, const ir_fmt *f);
struct ir_printer;
void ir_fmt_print(struct ir_printer *pr, const ir_op *op, const ir_fmt *f);
/* Per-op syntax table (ir_formats.c): a format string or "@name" for C code in ir_custom.c. */
extern const char *const ir_op_syntax[IR_OP__COUNT];

/* Region ops and other hand-written syntax (ir_custom.c), by op: false when op has none. */
bool ir_custom_has(ir_opcode code);
bool ir_custom_parse(ir_parser *P, ir_op *op);
bool ir_custom_print(struct ir_printer *pr, const ir_op *op);

/* ------------------------------------------------------------------ printer */

typedef struct ir_printer {
  FILE *out;
  int indent;
  const ir_module *m;
  const ir_fmt **fmts;         /* compiled formats, malloc'd */
} ir_printer;

void ir_print_op(ir_printer *pr, const ir_op *op);
void ir_print_value(const ir_value *v, FILE *out);
void ir_print_region(ir_printer *pr, const ir_region *r, bool print_entry_args,
                     bool print_terminators);
void ir_print_block_arg(ir_printer *pr, const ir_value *v, const ir_attr *attrs);
void ir_print_opt_loc(const ir_locattr *l, FILE *out);
void ir_print_op_attrs(ir_printer *pr, const ir_op *op, const char *const *skip, bool kw);


/* Operand segments of an op, from the segs string of ops.def ("alloc phase pred? deps*"). */
typedef struct ir_seginfo {
  int n;
  const char *name[IR_MAX_SEGS];
  uint8_t len[IR_MAX_SEGS];
  char kind[IR_MAX_SEGS];      /* '1', '?' or '*' */
} ir_seginfo;
void ir_segs_info(ir_opcode code, ir_seginfo *out);
int ir_seg_index(const ir_seginfo *si, const char *name, size_t len);
/* Splits a flat operand list into the op's segments (generic form; sizes from
 * operandSegmentSizes when given). */
void ir_assign_segments(ir_parser *P, ir_op *op, ir_value **vals, uint32_t n);
ir_block *ir_parse_successor(ir_parser *P);
void ir_register_func(ir_parser *P, ir_func *f);
#endif
