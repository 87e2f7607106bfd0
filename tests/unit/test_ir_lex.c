/* test_ir_lex.c: the MLIR lexer: token kinds, sigils, numbers, strings, comments, positions,
 * and its errors. */
#include "ir/ir_priv.h"
#include "ir_test_util.h"
#include "check_run.h"


static ir_parser *lx_new(const char *s) {
  ir_parser *P = calloc(1, sizeof *P);
  P->A = ir_arena_new();
  ir_intern_init(&P->names, P->A);
  P->filename = "lex.ttgir";
  ir_lex_init(&P->L, s, strlen(s));
  return P;
}

static void lx_free(ir_parser *P) {
  ir_intern_free(&P->names);
  ir_arena_free(P->A);
  free(P->err);
  free(P);
}

/* Lexes s completely; returns a string of kind letters (and fails on a lexer error). */
static void lx_kinds(const char *s, char *out) {
  static const char letters[] = "EB%^@#!IFSP>.";
  ir_parser *P = lx_new(s);
  if (setjmp(P->jb)) ck_abort_msg("lexer error: %s", P->err);
  ir_lex_next(P);
  int n = 0;
  while (P->L.tok.kind != TK_EOF) {
    out[n++] = letters[P->L.tok.kind];
    ir_lex_next(P);
  }
  out[n] = 0;
  lx_free(P);
}

START_TEST(kinds) {
  char k[64];
  lx_kinds("%x:3 = tt.func @k(%a#1) -> !tt.ptr<f16> #loc", k);
  ck_assert_str_eq(k, "%PIPB@P%#P>!PBP#");
  lx_kinds("^bb0(%a: f32): \"s\\\"q\" 1.5e+00 -2 0x7F ...", k);
  ck_assert_str_eq(k, "^P%PBPPSFII.");
}
END_TEST

START_TEST(token_text_and_positions) {
  ir_parser *P = lx_new("  %a_bufs.1 = arith.constant\n    %c0_i32#2 // comment %x\n@\"q s\" -17");
  ck_assert(!setjmp(P->jb));
  ir_lex_next(P);
  ck_assert_int_eq(P->L.tok.kind, TK_PERCENT);
  ck_assert_int_eq(P->L.tok.n, 8);
  ck_assert(!memcmp(P->L.tok.s, "a_bufs.1", 8));
  ck_assert_uint_eq(P->L.tok.line, 1);
  ck_assert_uint_eq(P->L.tok.col, 3);
  ir_lex_next(P); /* = */
  ir_lex_next(P);
  ck_assert_int_eq(P->L.tok.kind, TK_BARE);
  ck_assert(!memcmp(P->L.tok.s, "arith.constant", 14));
  ir_lex_next(P);
  ck_assert_int_eq(P->L.tok.kind, TK_PERCENT);
  ck_assert_uint_eq(P->L.tok.line, 2);
  ck_assert_uint_eq(P->L.tok.col, 5);
  ir_lex_next(P);
  ck_assert_int_eq(P->L.tok.kind, TK_HASH); /* #2 follows %c0_i32 with no space */
  ck_assert_ptr_eq(P->L.tok.start, P->L.prev_end);
  ir_lex_next(P); /* the comment is skipped */
  ck_assert_int_eq(P->L.tok.kind, TK_AT);
  ck_assert_uint_eq(P->L.tok.line, 3);
  ck_assert(!memcmp(P->L.tok.s, "\"q s\"", 5));
  ir_lex_next(P);
  ck_assert_int_eq(P->L.tok.kind, TK_INT);
  ck_assert_int_eq(ir_parse_int(P), -17);
  ck_assert_int_eq(P->L.tok.kind, TK_EOF);
  lx_free(P);
}
END_TEST

START_TEST(numbers) {
  ir_parser *P = lx_new("0xFF800000 1.0e-05 3. 42 9223372036854775807 -9223372036854775808");
  ck_assert(!setjmp(P->jb));
  ir_lex_next(P);
  ck_assert_int_eq(P->L.tok.kind, TK_INT);
  ck_assert_int_eq(ir_parse_int(P), 0xFF800000);
  ck_assert_int_eq(P->L.tok.kind, TK_FLOAT);
  ck_assert_int_eq(P->L.tok.n, 7);
  ir_lex_next(P);
  ck_assert_int_eq(P->L.tok.kind, TK_FLOAT);
  ir_lex_next(P);
  ck_assert_int_eq(ir_parse_int(P), 42);
  ck_assert_int_eq(ir_parse_int(P), INT64_MAX);
  ck_assert_int_eq(ir_parse_int(P), INT64_MIN);
  lx_free(P);
}
END_TEST

/* Lexes s to the end and returns the diagnostic (NULL if none). */
static char *lx_error(const char *s) {
  ir_parser *P = lx_new(s);
  char *msg = NULL;
  if (setjmp(P->jb)) {
    msg = P->err;
    P->err = NULL;
  } else {
    ir_lex_next(P);
    while (P->L.tok.kind != TK_EOF) {
      if (P->L.tok.kind == TK_INT) ir_parse_int(P);
      else ir_lex_next(P);
    }
  }
  lx_free(P);
  return msg;
}

START_TEST(errors) {
  char *e = lx_error("%a = \"unterminated\n");
  ck_assert_str_eq(e, "lex.ttgir:1:6: error: unterminated string");
  free(e);
  e = lx_error("ok\n  `x");
  ck_assert_str_eq(e, "lex.ttgir:2:3: error: unexpected character '`'");
  free(e);
  e = lx_error("% x");
  ck_assert_str_eq(e, "lex.ttgir:1:1: error: expected an identifier after '%'");
  free(e);
  e = lx_error("99999999999999999999");
  ck_assert_str_eq(e, "lex.ttgir:1:1: error: integer constant 99999999999999999999 is out of range for i64 "
                       "(it must fit in 64 bits, signed or unsigned)");
  free(e);
  e = lx_error("a\x01");
  ck_assert_str_eq(e, "lex.ttgir:1:2: error: unexpected byte 0x01");
  free(e);
  ck_assert_ptr_null(lx_error("// only a comment\n\n"));
}
END_TEST

START_TEST(interning) {
  ir_arena *a = ir_arena_new();
  ir_intern t;
  ir_intern_init(&t, a);
  const char *x = ir_intern_str(&t, "abcdef", 3);
  ck_assert_str_eq(x, "abc");
  ck_assert_ptr_eq(x, ir_intern_str(&t, "abc", 3));
  char buf[32];
  for (int i = 0; i < 5000; i++) { /* forces several rehashes */
    snprintf(buf, sizeof buf, "name%d", i);
    ir_intern_str(&t, buf, strlen(buf));
  }
  ck_assert_ptr_eq(x, ir_intern_str(&t, "abc", 3));
  ck_assert_ptr_eq(ir_intern_str(&t, "name77", 6), ir_intern_str(&t, "name77", 6));
  ir_intern_free(&t);
  ir_arena_free(a);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("ir_lex");
  TCase *tc = tcase_create("lex");
  tcase_add_test(tc, kinds);
  tcase_add_test(tc, token_text_and_positions);
  tcase_add_test(tc, numbers);
  tcase_add_test(tc, errors);
  tcase_add_test(tc, interning);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
