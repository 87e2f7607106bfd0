/* test_sim_tmem.c: the tensor-memory allocation rules of §4.2 on small hand-written IR: the
 * kernel's column count (a power of 2 in [32, 512]), an allocation needing more than 512
 * columns, an allocation placed outside the allocated columns, allocations live together
 * across a warp_specialize, and accesses through a slice outside the allocation. Every rule
 * has a case that must be reported and a correct case that must not be. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/sim_internal.h"
#include "check_run.h"

#define HDR                                                                                       \
  "#blocked1 = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>\n" \
  "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>\n"            \
  "#tmem1 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1>\n"

/* One alloc of 128 x COLS f32 (COLS columns), a 32-column slice at column SUB, a load. */
static char *kernel(const char *mod_attr, const char *alloc_attr, int cols, int sub) {
  char *t = malloc(4096);
  snprintf(t, 4096, HDR
           "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\", \"ttg.threads-per-warp\" = 32 : i32%s} {\n"
           "  tt.func public @k(%%n: i32) {\n"
           "    %%acc = ttng.tmem_alloc %s : () -> !ttg.memdesc<128x%dxf32, #tmem, #ttng.tensor_memory, mutable>\n"
           "    %%s = ttng.tmem_subslice %%acc {N = %d : i32} : !ttg.memdesc<128x%dxf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x32xf32, #tmem1, #ttng.tensor_memory, mutable, 128x%d>\n"
           "    %%x = ttng.tmem_load %%s : !ttg.memdesc<128x32xf32, #tmem1, #ttng.tensor_memory, mutable, 128x%d> -> tensor<128x32xf32, #blocked1>\n"
           "    tt.return\n  }\n}\n",
           mod_attr, alloc_attr, cols, sub, cols, cols, cols);
  return t;
}

typedef struct outcome {
  int rc;                      /* sim_init, then steps to the end: 0 ran, -1 stopped */
  int kind;                    /* kind of the first violation (SIM_BUG_NONE: none) */
  uint32_t line;               /* its IR line */
  char msg[320];
} outcome;

/* Runs the kernel's only schedule (one agent) and returns how it ended. */
static outcome run(const char *text) {
  outcome o = {0};
  ir_diag d = {0};
  ir_module *mod = ir_parse(text, strlen(text), "t.ttgir", &d);
  ck_assert_msg(mod, "parse: %s", d.msg);
  sim_opts so = {.mod = mod};
  sim_err err;
  sim_machine *m = sim_machine_new(&so, &err);
  ck_assert_msg(m, "machine: %s", err.msg);
  uint8_t *st = calloc(1, sim_state_size(m));
  sim_log log = {0};
  o.rc = sim_init(m, st, &log);
  for (int k = 0; !o.rc && !log.n_viol && k < 100; k++) {
    sim_trans en[SIM_MAX_TRANS];
    if (!sim_enabled(m, st, en)) break;
    o.rc = sim_step(m, st, en[0], &log);
  }
  if (log.n_viol) {
    o.kind = log.viol[0].kind;
    o.line = sim_ins_loc(m, log.viol[0].ins).line;
    snprintf(o.msg, sizeof o.msg, "%s", log.viol[0].msg);
  }
  free(st);
  sim_machine_free(m);
  ir_module_free(mod);
  return o;
}

static void expect_ok(const char *mod_attr, const char *alloc_attr, int cols, int sub) {
  char *t = kernel(mod_attr, alloc_attr, cols, sub);
  outcome o = run(t);
  ck_assert_msg(o.rc == 0 && o.kind == SIM_BUG_NONE, "false alarm: %s", o.msg);
  free(t);
}

static outcome expect_bug(const char *mod_attr, const char *alloc_attr, int cols, int sub) {
  char *t = kernel(mod_attr, alloc_attr, cols, sub);
  outcome o = run(t);
  ck_assert_int_eq(o.rc, -1);
  ck_assert_int_eq(o.kind, SIM_BUG_LIFECYCLE);
  free(t);
  return o;
}

/* tcgen05.alloc nCols: a power of 2 in [32, 512] (the kernel's ttg.tensor_memory_size). */
START_TEST(ncols_power_of_two) {
  expect_ok(", \"ttg.tensor_memory_size\" = 64 : i32", "", 64, 0);
  expect_ok(", \"ttg.tensor_memory_size\" = 512 : i32", "", 64, 0);
  outcome o = expect_bug(", \"ttg.tensor_memory_size\" = 96 : i32", "", 64, 0);
  ck_assert_uint_eq(o.line, 6); /* at the tmem_alloc (IR line: no loc in the IR) */
  ck_assert_ptr_nonnull(strstr(o.msg, "power of 2"));
  expect_bug(", \"ttg.tensor_memory_size\" = 16 : i32", "", 64, 0);
}
END_TEST

/* More than 512 columns: the kernel's total, or one allocation alone. */
START_TEST(over_512_columns) {
  outcome o = expect_bug(", \"ttg.tensor_memory_size\" = 1024 : i32", "", 64, 0);
  ck_assert_ptr_nonnull(strstr(o.msg, "1024"));
  expect_ok("", "", 512, 0);
  o = expect_bug("", "", 1024, 0);
  ck_assert_ptr_nonnull(strstr(o.msg, "acc needs at least 1024"));
}
END_TEST

/* An allocation placed (tensor_memory_col_offset) beyond the allocated columns. */
START_TEST(placed_outside) {
  expect_ok(", \"ttg.tensor_memory_size\" = 512 : i32",
            "{tensor_memory_col_offset = 448 : i32, tensor_memory_row_offset = 0 : i32}", 64, 0);
  expect_bug(", \"ttg.tensor_memory_size\" = 512 : i32",
             "{tensor_memory_col_offset = 480 : i32, tensor_memory_row_offset = 0 : i32}", 64, 0);
  /* inside 512 but beyond the 64 columns the kernel allocates */
  expect_bug(", \"ttg.tensor_memory_size\" = 64 : i32",
             "{tensor_memory_col_offset = 32 : i32, tensor_memory_row_offset = 0 : i32}", 64, 0);
}
END_TEST

/* An access through a column slice that leaves the allocation. */
START_TEST(access_outside) {
  expect_ok("", "", 64, 0);
  expect_ok("", "", 64, 32);
  outcome o = expect_bug("", "", 64, 48); /* columns 48..79 of a 64-column allocation */
  ck_assert_uint_eq(o.line, 8);           /* at the tmem_load that uses the slice */
  ck_assert_ptr_nonnull(strstr(o.msg, "outside its allocation"));
}
END_TEST

static const char *k_ws =
  "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n"
  "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
  "  tt.func public @k(%n: i32) {\n"
  "    %a = ttng.tmem_alloc : () -> !ttg.memdesc<128x384xf32, #tmem, #ttng.tensor_memory, mutable>\n"
  "    %b = ttng.tmem_alloc : () -> !ttg.memdesc<128x384xf32, #tmem, #ttng.tensor_memory, mutable>\n"
  "    ttg.warp_specialize(%a, %b) attributes {requestedRegisters = array<i32: 24>}\n"
  "    default {\n"
  "      ttg.warp_yield\n"
  "    }\n"
  "    partition0(%pa: !ttg.memdesc<128x384xf32, #tmem, #ttng.tensor_memory, mutable>, %pb: !ttg.memdesc<128x384xf32, #tmem, #ttng.tensor_memory, mutable>) num_warps(1) {\n"
  "      ttg.warp_return\n"
  "    } : (!ttg.memdesc<128x384xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x384xf32, #tmem, #ttng.tensor_memory, mutable>) -> ()\n"
  "    tt.return\n  }\n}\n";

/* Allocations live together (captured by one warp_specialize) must fit in 512 columns;
 * allocations that are not live together may reuse columns (no report). */
START_TEST(live_together) {
  outcome o = run(k_ws);
  ck_assert_int_eq(o.kind, SIM_BUG_LIFECYCLE);
  ck_assert_uint_eq(o.line, 6); /* the warp_specialize */
  ck_assert_ptr_nonnull(strstr(o.msg, "768"));
  /* %b not captured: only %a is live across the partitions */
  char *t = strdup(k_ws);
  char *w = strstr(t, "(%a, %b) attributes");
  memcpy(w, "(%a, %a)", 8);
  o = run(t);
  ck_assert_msg(o.kind == SIM_BUG_NONE && o.rc == 0, "false alarm: %s", o.msg);
  free(t);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("sim_tmem");
  TCase *t = tcase_create("tmem");
  tcase_add_test(t, ncols_power_of_two);
  tcase_add_test(t, over_512_columns);
  tcase_add_test(t, placed_outside);
  tcase_add_test(t, access_outside);
  tcase_add_test(t, live_together);
  suite_add_tcase(s, t);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
