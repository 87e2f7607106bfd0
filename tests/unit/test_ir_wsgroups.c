/* test_ir_wsgroups.c: Triton's warp-group assignment (ir/ir_wsgroups.h), the case seen on the
 * H200 (tests/device/ref/cuda-gdb/hopper_gemm_ws.bug1.*) and the rule's other branches. */
#include <check.h>

#include "check_run.h"
#include "ir/ir_wsgroups.h"

START_TEST(one_warp_partition_after_padding) {
  int nw[IR_WS_MAX_PARTS] = {1}, st[IR_WS_MAX_PARTS];
  ck_assert_int_eq(ir_ws_groups(4, 1, nw, 1, NULL, 0, st, IR_WS_MAX_PARTS), 3);
  ck_assert_int_eq(nw[1], 2); /* padding: 3 missing warps -> 2, then 1 */
  ck_assert_int_eq(nw[2], 1);
  ck_assert_int_eq(st[1], 4); /* largest first: the 2-warp padding */
  ck_assert_int_eq(st[0], 6); /* then the real partition (stable before the 1-warp padding) */
  ck_assert_int_eq(st[2], 7);
}
END_TEST

START_TEST(whole_groups_no_padding) {
  int nw[IR_WS_MAX_PARTS] = {1, 4, 2, 1}, st[IR_WS_MAX_PARTS];
  ck_assert_int_eq(ir_ws_groups(4, 8, nw, 4, NULL, 0, st, IR_WS_MAX_PARTS), 4);
  ck_assert_int_eq(st[1], 4);
  ck_assert_int_eq(st[2], 8);
  ck_assert_int_eq(st[0], 10);
  ck_assert_int_eq(st[3], 11);
}
END_TEST

START_TEST(padding_to_the_largest_op) {
  /* another warp_specialize op of the module uses 8 partition warps: this one is padded to 8 */
  int nw[IR_WS_MAX_PARTS] = {4}, st[IR_WS_MAX_PARTS];
  ck_assert_int_eq(ir_ws_groups(4, 8, nw, 1, NULL, 0, st, IR_WS_MAX_PARTS), 2);
  ck_assert_int_eq(nw[1], 4);
  ck_assert_int_eq(st[0], 4);
  ck_assert_int_eq(st[1], 8);
}
END_TEST

START_TEST(given_ids_kept) {
  int nw[IR_WS_MAX_PARTS] = {1, 1}, st[IR_WS_MAX_PARTS], ids[2] = {5, 4};
  ck_assert_int_eq(ir_ws_groups(4, 2, nw, 2, ids, 2, st, IR_WS_MAX_PARTS), 3);
  ck_assert_int_eq(st[0], 5);
  ck_assert_int_eq(st[1], 4);
  ck_assert_int_eq(st[2], 6); /* the 2-warp padding follows the highest warp used */
  ck_assert_int_eq(ir_ws_groups(4, 2, nw, 2, ids, 2, st, 2), -1);
}
END_TEST

int main(void) {
  Suite *s = suite_create("ir_wsgroups");
  TCase *tc = tcase_create("groups");
  tcase_add_test(tc, one_warp_partition_after_padding);
  tcase_add_test(tc, whole_groups_no_padding);
  tcase_add_test(tc, padding_to_the_largest_op);
  tcase_add_test(tc, given_ids_kept);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
