/* test_tr_utf8.c: the encoders' UTF-8 cleaning (traces/tr_utf8.h, issue 11): well-formed text
 * passes unchanged, each ill-formed byte becomes U+FFFD, Jansson accepts the result, HTML
 * labels escape markup and controls. */
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "traces/tr_internal.h"
#include "traces/tr_utf8.h"

#define R "\xef\xbf\xbd" /* U+FFFD */

static void expect_clean(const char *in, const char *want) {
  char *got = tr_utf8_clean(in);
  ck_assert_ptr_nonnull(got);
  ck_assert_str_eq(got, want);
  free(got);
}

START_TEST(valid_text_is_kept) {
  expect_clean("kernels.py", "kernels.py");
  expect_clean("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
  expect_clean(NULL, "");
  ck_assert_uint_eq(tr_utf8_seq("\xf4\x8f\xbf\xbf"), 4); /* U+10FFFF */
}
END_TEST

START_TEST(ill_formed_bytes_become_fffd) {
  expect_clean("check\xff\xfe" "ers.py", "check" R R "ers.py");
  expect_clean("\xc0\xaf", R R);             /* overlong '/' */
  expect_clean("\xe0\x80\xaf", R R R);       /* overlong, three bytes */
  expect_clean("\xed\xa0\x80", R R R);       /* a UTF-16 surrogate */
  expect_clean("\xf4\x90\x80\x80", R R R R); /* above U+10FFFF */
  expect_clean("ab\xe2\x82", "ab" R R);      /* cut by a fixed-size buffer */
  expect_clean("\x80x", R "x");              /* a lone continuation byte */
}
END_TEST

START_TEST(json_keeps_the_string) {
  ck_assert_ptr_null(json_string("check\xff.py")); /* why the helper exists */
  json_t *j = tr_json_str("check\xff.py");
  ck_assert_ptr_nonnull(j);
  ck_assert_str_eq(json_string_value(j), "check" R ".py");
  json_decref(j);
  json_t *o = json_pack("{s:o, s:i}", "file", tr_json_str("a\xfe"), "line", 3);
  ck_assert_ptr_nonnull(o);
  json_decref(o);
}
END_TEST

START_TEST(file_output_replaces_bytes) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  const char in[] = "x\xffy\xe2\x82\xac";
  tr_fput_utf8(f, in, sizeof in - 1);
  fclose(f);
  ck_assert_str_eq(buf, "x" R "y\xe2\x82\xac");
  free(buf);
}
END_TEST

START_TEST(html_labels_escape) {
  ir_buf b = {0};
  tr_buf_html(&b, "<a&\"b\">\xff\x01\xc3\xa9");
  ck_assert_str_eq(ir_buf_str(&b), "&lt;a&amp;&quot;b&quot;&gt;" R R "\xc3\xa9");
  ir_buf_free(&b);
}
END_TEST

int main(void) {
  Suite *s = suite_create("tr_utf8");
  TCase *tc = tcase_create("utf8");
  tcase_add_test(tc, valid_text_is_kept);
  tcase_add_test(tc, ill_formed_bytes_become_fffd);
  tcase_add_test(tc, json_keeps_the_string);
  tcase_add_test(tc, file_output_replaces_bytes);
  tcase_add_test(tc, html_labels_escape);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
