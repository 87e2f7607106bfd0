/* test_ir_view.c: the one chase from a memdesc view to its allocation (ir/ir_view.c): each
 * flag follows its edges and no others (views of all kinds, views inside a slot, a
 * memdesc_index that ends the chase, partition captures, loop-carried values with and without
 * the yielded value, a hook for the rest), and chases in stages (ir_view_follow). */
#include "ir_test_util.h"
#include "check_run.h"

#define HDR                                                                                   \
  "#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>\n"  \
  "#smem = #ttg.shared_memory\n"                                                              \
  "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
#define RING "!ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>"
#define SLOT "!ttg.memdesc<64x64xf16, #shared, #smem, mutable>"

/* A ring, a slot of it transposed in the parent, captured by a partition; a loop carrying a
 * slot (its init slot 0, its yield slot 1); a loop carrying the slot's transposition. */
static const char *k_view = HDR
  "  tt.func public @k(%n: i32) {\n"
  "    %c0 = arith.constant 0 : i32\n"
  "    %c1 = arith.constant 1 : i32\n"
  "    %ring = ttg.local_alloc : () -> " RING "\n"
  "    %s0 = ttg.memdesc_index %ring[%c0] : " RING " -> " SLOT "\n"
  "    %t0 = ttg.memdesc_trans %s0 {order = array<i32: 1, 0>} : " SLOT " -> " SLOT "\n"
  "    %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %s0) -> (" SLOT ") : i32 {\n"
  "      %s1 = ttg.memdesc_index %ring[%c1] : " RING " -> " SLOT "\n"
  "      scf.yield %s1 : " SLOT "\n"
  "    }\n"
  "    ttg.warp_specialize(%t0) attributes {requestedRegisters = array<i32: 24>}\n"
  "    default {\n"
  "      ttg.warp_yield\n"
  "    }\n"
  "    partition0(%p: " SLOT ") num_warps(1) {\n"
  "      %u = ttg.memdesc_trans %p {order = array<i32: 1, 0>} : " SLOT " -> " SLOT "\n"
  "      ttg.warp_return\n"
  "    } : (" SLOT ") -> ()\n"
  "    tt.return\n"
  "  }\n"
  "}\n";

static const ir_value *hook_to(void *ud, const ir_value *arg) {
  (void)arg;
  return ud;
}

START_TEST(flags_choose_the_edges) {
  ir_module *m = tu_parse(k_view);
  const ir_op *alloc = tu_nth(m, IR_OP_TTG_LOCAL_ALLOC, 0);
  const ir_op *idx0 = tu_nth(m, IR_OP_TTG_MEMDESC_INDEX, 0), *idx1 = tu_nth(m, IR_OP_TTG_MEMDESC_INDEX, 1);
  const ir_op *in_part = tu_nth(m, IR_OP_TTG_MEMDESC_TRANS, 1);
  const ir_op *loop = tu_nth(m, IR_OP_SCF_FOR, 0);
  const ir_value *u = in_part->results[0], *cur = loop->regions[0]->blocks[0]->args[1];
  ck_assert(ir_view_keeps_slot(IR_OP_TTG_MEMDESC_TRANS) && !ir_view_keeps_slot(IR_OP_TTG_MEMDESC_INDEX));
  /* the partition's view: its capture is a transposed slot of the ring */
  ck_assert_ptr_eq(ir_view_origin(u, IR_VIEW_ALL | IR_VIEW_CAPTURES, NULL, NULL), alloc);
  ck_assert_ptr_eq(ir_view_origin(u, IR_VIEW_SLOT | IR_VIEW_STOP_INDEX | IR_VIEW_CAPTURES, NULL, NULL), idx0);
  ck_assert_ptr_null(ir_view_origin(u, IR_VIEW_ALL, NULL, NULL));           /* no captures */
  ck_assert_ptr_null(ir_view_origin(u, IR_VIEW_CAPTURES, NULL, NULL));      /* no views */
  /* chases in stages: slot views first, then captures, stop at the value they reach */
  const ir_value *t0 = tu_nth(m, IR_OP_TTG_MEMDESC_TRANS, 0)->results[0];
  ck_assert_ptr_eq(ir_view_follow(u, IR_VIEW_SLOT), in_part->operands[0]);
  ck_assert_ptr_eq(ir_view_follow(ir_view_follow(u, IR_VIEW_SLOT), IR_VIEW_CAPTURES), t0);
  ck_assert_ptr_eq(ir_view_follow(t0, IR_VIEW_SLOT), idx0->results[0]);
  /* a hook resolves what the flags leave (here: the argument stands for slot 1) */
  ck_assert_ptr_eq(ir_view_origin(u, IR_VIEW_ALL | IR_VIEW_STOP_INDEX, hook_to, idx1->results[0]), idx1);
  /* the loop-carried slot: its init, and with the yielded value both sources */
  ck_assert_ptr_eq(ir_view_origin(cur, IR_VIEW_STOP_INDEX | IR_VIEW_LOOP_INIT, NULL, NULL), idx0);
  ck_assert_ptr_null(ir_view_origin(cur, IR_VIEW_ALL, NULL, NULL));
  const ir_value *src[2];
  ck_assert_uint_eq(ir_view_sources(cur, IR_VIEW_LOOP_YIELD, src), 2);
  ck_assert_ptr_eq(src[0], idx0->results[0]);
  ck_assert_ptr_eq(src[1], idx1->results[0]);
  ck_assert_uint_eq(ir_view_sources(cur, IR_VIEW_LOOP_INIT, src), 1);
  /* the induction variable and an allocation are not followed */
  ck_assert_uint_eq(ir_view_sources(loop->regions[0]->blocks[0]->args[0], IR_VIEW_LOOP_YIELD, src), 0);
  ck_assert_uint_eq(ir_view_sources(alloc->results[0], IR_VIEW_ALL, src), 0);
  ir_module_free(m);
}
END_TEST

int main(void) {
  Suite *s = suite_create("ir_view");
  TCase *tc = tcase_create("chase");
  tcase_add_test(tc, flags_choose_the_edges);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
