/* test_sim_overlap.c: tlx.set_buffer_overlap's placement (sim_compile_overlap.c) against the
 * fork's own expectations. Inputs and expected values are the lit test
 * test/TLX/buffer-offset-calculation.mlir and test/TLX/buffer-offset-alignment.mlir of
 * facebookexperimental/triton at db4666f22c1f8b206584c3f06e3b4a0ff035989e (function names
 * kept; `#N` is the split-input-file chunk): their CHECK lines give the backing allocation
 * (`memdesc<NNNxi8`) and each tlx.local_alias's enlarged buffer count, which is
 * scale * (N - 1) + slots + (N - 1) % group_size + 1 (StorageAliasAllocation.cpp), or N when
 * the index is not rewritten. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "check_run.h"
#include "ir_test_util.h"

#define HEAD                                                                                    \
  "#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>\n"     \
  "#smem = #ttg.shared_memory\n"                                                                \
  "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\"} {\n"              \
  "  tt.func @f() {\n"                                                                          \
  "    %0 = tlx.storage_alias_spec storage = smem : !tlx.storage_alias_spec<smem>\n"
#define TAIL "    tt.return\n  }\n}\n"
/* an allocation %NAME of type T, a reuse group %NAME of elements E (types TS) and kind K */
#define ALLOC(n, t) "    %" n " = tlx.storage_alias_local_alloc %0 : !tlx.storage_alias_spec<smem> -> !ttg.memdesc<" t ", #shared, #smem, mutable>\n"
#define MD(t) "!ttg.memdesc<" t ", #shared, #smem, mutable>"
#define GROUP(n, e, ts, k) "    %" n " = tlx.reuse_group(" e ") group_kind = " k " : (" ts ") -> !tlx.reuse_group<" k ">\n"
#define SBO(g, k) "    tlx.set_buffer_overlap(%0, %" g ") : (!tlx.storage_alias_spec<smem>, !tlx.reuse_group<" k ">) -> ()\n"

/* Places the tree of text's set_buffer_overlap; p->why on failure. */
static int place_text(const char *text, ir_module **mod, sim_ovl_place *p) {
  *mod = tu_parse(text);
  const ir_op *sbo = tu_nth(*mod, IR_OP_TLX_SET_BUFFER_OVERLAP, 0);
  ck_assert_ptr_nonnull(sbo);
  return sim_overlap_place(ir_module_kernel(*mod), sbo, p);
}

/* The enlarged buffer count of the k-th allocation (text order) of the placement. */
static int64_t enlarged(const ir_module *mod, const sim_ovl_place *p, int k) {
  const ir_op *a = tu_nth(mod, IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC, k);
  const sim_ovl_leaf *l = sim_overlap_leaf(p, a);
  ck_assert_ptr_nonnull(l);
  int64_t n = a->results[0]->type->shape[0];
  return l->ix.scale ? sim_overlap_index(&l->ix, n - 1) + 1 : n;
}

/* The placement of text has a backing of bytes and the enlarged counts want[0..n). */
static void expect(const char *text, int64_t bytes, const int64_t *want, int n) {
  ir_module *mod;
  sim_ovl_place p;
  ck_assert_msg(!place_text(text, &mod, &p), "placement failed: %s", p.why);
  ck_assert_int_eq(p.bytes, bytes);
  for (int k = 0; k < n; k++) ck_assert_int_eq(enlarged(mod, &p, k), want[k]);
  sim_overlap_free(&p);
  ir_module_free(mod);
}

#define F32x2_64 "2x64x64xf32"
#define F16x2_64 "2x64x64xf16"

START_TEST(shared_basic) { /* #1 shared_reuse_group_basic: 32768; 2x..f32, 3x..f16 */
  const int64_t w[] = {2, 3};
  expect(HEAD ALLOC("1", F32x2_64) ALLOC("2", F16x2_64)
         GROUP("3", "%1, %2", MD(F32x2_64) ", " MD(F16x2_64), "shared") SBO("3", "shared") TAIL, 32768, w, 2);
}
END_TEST

START_TEST(distinct_basic) { /* #2 distinct_reuse_group_basic: 65536; 3, 4 */
  const int64_t w[] = {3, 4};
  expect(HEAD ALLOC("1", F32x2_64) ALLOC("2", F32x2_64)
         GROUP("3", "%1, %2", MD(F32x2_64) ", " MD(F32x2_64), "distinct") SBO("3", "distinct") TAIL, 65536, w, 2);
}
END_TEST

START_TEST(nested_shared_distinct) { /* #3 nested_shared_distinct: 32768; 2, 3, 97 */
  const int64_t w[] = {2, 3, 97};
  expect(HEAD ALLOC("1", F32x2_64) ALLOC("2", F16x2_64) ALLOC("3", "2x64xf32")
         GROUP("d", "%2, %3", MD(F16x2_64) ", " MD("2x64xf32"), "distinct")
         GROUP("s", "%1, %d", MD(F32x2_64) ", !tlx.reuse_group<distinct>", "shared") SBO("s", "shared") TAIL,
         32768, w, 3);
}
END_TEST

START_TEST(nested_distinct_shared) { /* #4 nested_distinct_shared: 16384; 3, 4, 7 */
  const int64_t w[] = {3, 4, 7};
  expect(HEAD ALLOC("1", "2x32x32xf32") ALLOC("2", "2x32x32xf32") ALLOC("3", "2x32x32xf16")
         GROUP("s", "%2, %3", MD("2x32x32xf32") ", " MD("2x32x32xf16"), "shared")
         GROUP("d", "%1, %s", MD("2x32x32xf32") ", !tlx.reuse_group<shared>", "distinct") SBO("d", "distinct") TAIL,
         16384, w, 3);
}
END_TEST

START_TEST(single_and_same_type) {
  /* #8 single_allocation_reuse_group: 32768; 2 (no rewrite) */
  const int64_t w1[] = {2};
  expect(HEAD ALLOC("1", F32x2_64) GROUP("2", "%1", MD(F32x2_64), "shared") SBO("2", "shared") TAIL, 32768, w1, 1);
  /* #9 shared_different_sizes_same_type: 16384; 2, 5 */
  const int64_t w2[] = {2, 5};
  expect(HEAD ALLOC("1", "2x64x64xf16") ALLOC("2", "2x32x32xf16")
         GROUP("3", "%1, %2", MD("2x64x64xf16") ", " MD("2x32x32xf16"), "shared") SBO("3", "shared") TAIL, 16384, w2, 2);
}
END_TEST

START_TEST(three_elements) {
  /* #17 shared_reuse_group_three_elements: 32768; 2, 5, 17 */
  const int64_t w1[] = {2, 5, 17};
  expect(HEAD ALLOC("1", F32x2_64) ALLOC("2", "2x32x32xf32") ALLOC("3", "2x16x16xf32")
         GROUP("4", "%1, %2, %3", MD(F32x2_64) ", " MD("2x32x32xf32") ", " MD("2x16x16xf32"), "shared")
         SBO("4", "shared") TAIL, 32768, w1, 3);
  /* #18 distinct_reuse_group_three_elements: 98304; 4, 5, 6 */
  const int64_t w2[] = {4, 5, 6};
  expect(HEAD ALLOC("1", F32x2_64) ALLOC("2", F32x2_64) ALLOC("3", F32x2_64)
         GROUP("4", "%1, %2, %3", MD(F32x2_64) ", " MD(F32x2_64) ", " MD(F32x2_64), "distinct")
         SBO("4", "distinct") TAIL, 98304, w2, 3);
}
END_TEST

START_TEST(alignment) {
  /* buffer-offset-alignment.mlir #1 smem_distinct_shared_distinct_alignment: 1536; 145, 145,
   * 65, 177 (C, one 2-byte buffer, at byte 128: 64 slots; D at byte 256) */
  const int64_t w[] = {145, 145, 65, 177};
  expect(HEAD ALLOC("A", "4x2xf32") ALLOC("B", "4x2xf32") ALLOC("C", "1x1xbf16") ALLOC("D", "4x2xf32")
         GROUP("d1", "%B, %C", MD("4x2xf32") ", " MD("1x1xbf16"), "distinct")
         GROUP("s", "%A, %d1", MD("4x2xf32") ", !tlx.reuse_group<distinct>", "shared")
         GROUP("d2", "%s, %D", "!tlx.reuse_group<shared>, " MD("4x2xf32"), "distinct") SBO("d2", "distinct") TAIL,
         1536, w, 4);
}
END_TEST

START_TEST(group_size) {
  /* python/test/unit/language/test_tlx_storage_alias.py test_reuse_group_with_group_size:
   * shared(qk 2x64x64 f32, shared(p 4x64x64 f16, group_size = 2)): p[k] stays at index k (its
   * 8192-byte buffers are the 16384 bytes between groups / 2), two per qk buffer */
  const char *t = HEAD ALLOC("1", F32x2_64) ALLOC("2", "4x64x64xf16")
      "    %g = tlx.reuse_group(%2) group_kind = shared, group_size = 2 : (" MD("4x64x64xf16") ") -> !tlx.reuse_group<shared>\n"
      GROUP("r", "%1, %g", MD(F32x2_64) ", !tlx.reuse_group<shared>", "shared") SBO("r", "shared") TAIL;
  const int64_t w[] = {2, 4};
  expect(t, 32768, w, 2);
  /* with 4096-byte buffers of p (4x32x64 f16) the fork's rewrite is 2 * k + k % 2
   * (StorageAliasAllocation.cpp: scale 8192 / 4096): indices 0, 3, 4, 7 */
  ir_module *mod;
  sim_ovl_place p;
  ck_assert(!place_text(HEAD ALLOC("1", F32x2_64) ALLOC("2", "4x32x64xf16")
      "    %g = tlx.reuse_group(%2) group_kind = shared, group_size = 2 : (" MD("4x32x64xf16") ") -> !tlx.reuse_group<shared>\n"
      GROUP("r", "%1, %g", MD(F32x2_64) ", !tlx.reuse_group<shared>", "shared") SBO("r", "shared") TAIL, &mod, &p));
  const sim_ovl_leaf *l = sim_overlap_leaf(&p, tu_nth(mod, IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC, 1));
  ck_assert_int_eq(l->between, 8192);
  ck_assert_int_eq(l->group, 2);
  const int64_t idx[] = {0, 3, 4, 7};
  for (int k = 0; k < 4; k++) ck_assert_int_eq(sim_overlap_index(&l->ix, k), idx[k]);
  sim_overlap_free(&p);
  ir_module_free(mod);
}
END_TEST

/* The fork's errors (buffer-offset-calculation-errors.mlir, StorageAliasAllocation.cpp) and the
 * model's refusals name their op. */
static void refused(const char *text, ir_opcode at, const char *why) {
  ir_module *mod;
  sim_ovl_place p;
  ck_assert(place_text(text, &mod, &p));
  ck_assert_ptr_nonnull(p.at);
  ck_assert_int_eq(p.at->code, at);
  ck_assert_msg(strstr(p.why, why), "'%s' lacks '%s'", p.why, why);
  sim_overlap_free(&p);
  ir_module_free(mod);
}

START_TEST(errors) {
  /* distinct(f32 8192 B, f16 4096 B): 12288 bytes between groups, not a multiple of 8192 */
  refused(HEAD ALLOC("1", "2x32x64xf32") ALLOC("2", "2x32x64xf16")
          GROUP("3", "%1, %2", MD("2x32x64xf32") ", " MD("2x32x64xf16"), "distinct") SBO("3", "distinct") TAIL,
          IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC, "units_between_buffer_groups (12288) must be a multiple");
  /* two overlap definitions of one spec */
  refused(HEAD ALLOC("1", F32x2_64) GROUP("2", "%1", MD(F32x2_64), "shared") SBO("2", "shared") SBO("2", "shared") TAIL,
          IR_OP_TLX_SET_BUFFER_OVERLAP, "already has a set_buffer_overlap");
  /* an allocation twice in the tree (the verifier) */
  refused(HEAD ALLOC("1", F32x2_64) GROUP("2", "%1, %1", MD(F32x2_64) ", " MD(F32x2_64), "shared") SBO("2", "shared") TAIL,
          IR_OP_TLX_SET_BUFFER_OVERLAP, "duplicate elements");
  /* an explicit size too small */
  refused("#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>\n"
          "#smem = #ttg.shared_memory\n"
          "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\"} {\n  tt.func @f() {\n"
          "    %0 = tlx.storage_alias_spec storage = smem, size = 1024 : !tlx.storage_alias_spec<smem, 1024>\n"
          "    %1 = tlx.storage_alias_local_alloc %0 : !tlx.storage_alias_spec<smem, 1024> -> " MD(F32x2_64) "\n"
          GROUP("2", "%1", MD(F32x2_64), "shared")
          "    tlx.set_buffer_overlap(%0, %2) : (!tlx.storage_alias_spec<smem, 1024>, !tlx.reuse_group<shared>) -> ()\n" TAIL,
          IR_OP_TLX_STORAGE_ALIAS_SPEC, "buffer_size_bytes 1024 is too small");
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_overlap");
  TCase *t = tcase_create("place");
  tcase_add_test(t, shared_basic);
  tcase_add_test(t, distinct_basic);
  tcase_add_test(t, nested_shared_distinct);
  tcase_add_test(t, nested_distinct_shared);
  tcase_add_test(t, single_and_same_type);
  tcase_add_test(t, three_elements);
  tcase_add_test(t, alignment);
  tcase_add_test(t, group_size);
  tcase_add_test(t, errors);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
