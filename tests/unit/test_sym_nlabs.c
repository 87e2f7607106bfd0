/* test_sym_nlabs.c: the nonlinear abstraction of the Z3 layer's first proof attempt
 * (symbolic/sym_nlabs.c, query mode Q_ABS): products of two terms and divisions by a term become
 * free constants; a product with a constant factor stays (it is linear), also where the constant
 * is not a numeral but an interpreted operation on one (the sign extension of 1 that a sequence
 * number's step is: session 37, ttd_reshape_100's arrival-balance query was abstracted past
 * what its proof needed and stayed unknown). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

#include "symbolic/sym_internal.h"
#include "check_run.h"

static Z3_context ctx(void) {
  Z3_config cfg = Z3_mk_config();
  Z3_context z = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  return z;
}

static Z3_ast bv(Z3_context z, const char *name, unsigned w) {
  return Z3_mk_const(z, Z3_mk_string_symbol(z, name), Z3_mk_bv_sort(z, w));
}

static Z3_ast num(Z3_context z, int v, unsigned w) { return Z3_mk_int(z, v, Z3_mk_bv_sort(z, w)); }

/* t is an uninterpreted constant named nl!... */
static bool is_nl_const(Z3_context z, Z3_ast t) {
  if (Z3_get_ast_kind(z, t) != Z3_APP_AST) return false;
  Z3_app a = Z3_to_app(z, t);
  if (Z3_get_app_num_args(z, a)) return false;
  Z3_symbol s = Z3_get_decl_name(z, Z3_get_app_decl(z, a));
  return Z3_get_symbol_kind(z, s) == Z3_STRING_SYMBOL && !strncmp(Z3_get_symbol_string(z, s), "nl!", 3);
}

START_TEST(product_of_terms_abstracted) {
  Z3_context z = ctx();
  Z3_ast x = bv(z, "x", 32), y = bv(z, "y", 32);
  Z3_ast p = Z3_mk_bvmul(z, x, y);
  ck_assert(is_nl_const(z, sym_nl_abstract(z, p)));
  ck_assert(is_nl_const(z, sym_nl_abstract(z, Z3_mk_bvsdiv(z, x, y))));
  /* the same term is the same constant */
  Z3_ast q = Z3_mk_bvadd(z, p, p);
  Z3_ast qa = sym_nl_abstract(z, q);
  ck_assert(Z3_is_eq_ast(z, Z3_get_app_arg(z, Z3_to_app(z, qa), 0),
                         Z3_get_app_arg(z, Z3_to_app(z, qa), 1)));
  Z3_del_context(z);
}
END_TEST

START_TEST(constant_factor_kept) {
  Z3_context z = ctx();
  Z3_ast x = bv(z, "x", 40);
  /* a numeral factor */
  Z3_ast p = Z3_mk_bvmul(z, num(z, 3, 40), x);
  ck_assert(Z3_is_eq_ast(z, sym_nl_abstract(z, p), p));
  /* the sign extension of a numeral: constant too (abstracted before session 37) */
  Z3_ast one = Z3_mk_sign_ext(z, 8, num(z, 1, 32));
  Z3_ast p2 = Z3_mk_bvmul(z, one, x);
  ck_assert(Z3_is_eq_ast(z, sym_nl_abstract(z, p2), p2));
  /* a division by a constant expression stays as well */
  Z3_ast d = Z3_mk_bvsdiv(z, x, Z3_mk_bvadd(z, num(z, 2, 40), num(z, 1, 40)));
  ck_assert(Z3_is_eq_ast(z, sym_nl_abstract(z, d), d));
  /* a factor that mentions a free constant is a term */
  Z3_ast p3 = Z3_mk_bvmul(z, Z3_mk_sign_ext(z, 8, bv(z, "k", 32)), x);
  ck_assert(is_nl_const(z, sym_nl_abstract(z, p3)));
  Z3_del_context(z);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sym_nlabs");
  TCase *tc = tcase_create("abstract");
  tcase_add_test(tc, product_of_terms_abstracted);
  tcase_add_test(tc, constant_factor_kept);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
