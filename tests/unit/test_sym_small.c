/* test_sym_small.c: the Z3 layer (symbolic/sym.h) on a small hand-written producer / consumer
 * kernel: each condition proved on the correct kernel and violated by an edit made to break it. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "symbolic/sym.h"
#include "check_run.h"

/* Consumer (default) and producer (partition0) around a 2-deep ring of 32x64xf32 buffers with
 * "full" and "empty" barriers; the loops run n / 16 iterations, n % 16 == 0. The consumer
 * fences its generic-proxy read before it hands the slot back to the TMA load (semantics.md
 * §2.3; without the fence proxy-fence is violated: proxy_war_missing_fence). */
static const char *const BASE =
    "#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>\n"
    "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
    "#smem = #ttg.shared_memory\n"
    "#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>\n"
    "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
    "  tt.func public @pc(%desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %n: i32 {tt.divisibility = 16 : i32}) {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    %c2 = arith.constant 2 : i32\n"
    "    %c3 = arith.constant 3 : i32\n"
    "    %c16 = arith.constant 16 : i32\n"
    "    %true = arith.constant true\n"
    "    %bufs = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable>\n"
    "    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>\n"
    "    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>\n"
    "    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "    ttg.warp_specialize(%desc, %full, %empty, %bufs, %n) attributes {requestedRegisters = array<i32: 24>}\n"
    "    default {\n"
    "      %t = arith.divsi %n, %c16 : i32\n"
    "      scf.for %i = %c0 to %t step %c1  : i32 {\n"
    "        %s = arith.remsi %i, %c2 : i32\n"
    "        %q = arith.divsi %i, %c2 : i32\n"
    "        %ph = arith.andi %q, %c1 : i32\n"
    "        %fb = ttg.memdesc_index %full[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "        ttng.wait_barrier %fb, %ph, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "        %b = ttg.memdesc_index %bufs[%s] : !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>\n"
    "        %v = ttg.local_load %b : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #blocked>\n"
    "        %eb = ttg.memdesc_index %empty[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "        ttng.fence_async_shared {bCluster = false}\n"
    "        ttng.arrive_barrier %eb, 1, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "      }\n"
    "      ttg.warp_yield\n"
    "    }\n"
    "    partition0(%d: !tt.tensordesc<tensor<32x64xf32, #shared>>, %fa: !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, %ea: !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, %ba: !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable>, %nn: i32) num_warps(1) {\n"
    "      %k0 = arith.constant 0 : i32\n"
    "      %k1 = arith.constant 1 : i32\n"
    "      %k2 = arith.constant 2 : i32\n"
    "      %k16 = arith.constant 16 : i32\n"
    "      %kt = arith.constant true\n"
    "      %t = arith.divsi %nn, %k16 : i32\n"
    "      scf.for %i = %k0 to %t step %k1  : i32 {\n"
    "        %s = arith.remsi %i, %k2 : i32\n"
    "        %q = arith.divsi %i, %k2 : i32\n"
    "        %ph = arith.andi %q, %k1 : i32\n"
    "        %eb = ttg.memdesc_index %ea[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "        %pe = arith.xori %ph, %k1 : i32\n"
    "        ttng.wait_barrier %eb, %pe, %kt : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "        %fb = ttg.memdesc_index %fa[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "        ttng.barrier_expect %fb, 8192, %kt : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
    "        %b = ttg.memdesc_index %ba[%s] : !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>\n"
    "        ttng.async_tma_copy_global_to_local %d[%k0, %k0] %b, %fb, %kt : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>\n"
    "      }\n"
    "      ttg.warp_return\n"
    "    } : (!tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, !ttg.memdesc<2x32x64xf32, #shared, #smem, mutable>, i32) -> ()\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

/* BASE with each (old, new) pair replaced; every old text must occur exactly once. */
static char *edit(const char *const *pairs) {
  char *s = strdup(BASE);
  for (int k = 0; pairs && pairs[k]; k += 2) {
    char *at = strstr(s, pairs[k]);
    ck_assert_msg(at != NULL, "edit text not found: %s", pairs[k]);
    ck_assert_msg(strstr(at + 1, pairs[k]) == NULL, "edit text not unique: %s", pairs[k]);
    size_t lo = strlen(pairs[k]), ln = strlen(pairs[k + 1]), n = strlen(s);
    char *t = malloc(n - lo + ln + 1);
    memcpy(t, s, (size_t)(at - s));
    memcpy(t + (at - s), pairs[k + 1], ln);
    strcpy(t + (at - s) + ln, at + lo);
    free(s);
    s = t;
  }
  return s;
}

static ir_module *parse(const char *text) {
  ir_diag d = {0};
  ir_module *m = ir_parse(text, strlen(text), "small.ttgir", &d);
  ck_assert_msg(m != NULL, "parse: %s", d.msg ? d.msg : "?");
  return m;
}

/* Results point into the module (argument names, locations, labels): the module is kept in
 * `held` and released by done(). */
typedef struct held { ir_module *m; char *text; } held;
static held last;

static void done(vf_sym_result *r) {
  vf_sym_result_free(r);
  ir_module_free(last.m);
  free(last.text);
  last.m = NULL;
  last.text = NULL;
}

static vf_sym_result check_text(const char *const *pairs, const vf_sym_opts *o) {
  if (last.m) { /* left over by a failed test */
    ir_module_free(last.m);
    free(last.text);
  }
  last.text = edit(pairs);
  last.m = parse(last.text);
  vf_sym_result r = vf_sym_check(last.m, o);
  ck_assert_int_eq(r.rc, 0);
  return r;
}

static int64_t arg(const vf_sym_result *r, const vf_sym_violation *v, const char *name) {
  for (uint32_t a = 0; a < r->n_args; a++)
    if (!strcmp(r->arg_names[a], name)) return v->args[a];
  ck_abort_msg("no argument %s", name);
  return -1;
}

/* Exactly the conditions in `violated` (bit mask) are violated; the rest are proved. */
/* Conditions in violated are violated (with a violation), those in unknown unknown, the others
 * proved. */
static void expect_some(const vf_sym_result *r, unsigned violated, unsigned unknown) {
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    vf_sym_status want = (violated >> k) & 1  ? VF_SYM_VIOLATED
                         : (unknown >> k) & 1 ? VF_SYM_UNKNOWN
                                              : VF_SYM_PROVED;
    ck_assert_msg(r->cond[k].status == want, "%s is %s (%s), expected %s",
                  vf_sym_cond_name((vf_sym_cond)k), vf_sym_status_name(r->cond[k].status),
                  r->cond[k].detail ? r->cond[k].detail : "-", vf_sym_status_name(want));
    ck_assert(want != VF_SYM_VIOLATED || r->cond[k].n_viol > 0);
  }
}

static void expect(const vf_sym_result *r, unsigned violated) { expect_some(r, violated, 0); }

#define BIT(c) (1u << (c))

START_TEST(correct_kernel_proved) {
  vf_sym_result r = check_text(NULL, NULL);
  expect(&r, 0);
  ck_assert_int_eq(vf_sym_verdict(&r), 0);
  ck_assert_uint_eq(r.cond[VF_SYM_PHASE_AGREEMENT].n_checked, 2); /* two waits */
  ck_assert_uint_eq(r.cond[VF_SYM_BYTE_BALANCE].n_checked, 1);    /* one expect ring */
  ck_assert_ptr_nonnull(strstr(r.constraints, "n % 16 == 0"));
  ck_assert_uint_eq(r.n_loops, 2);
  done(&r);
}
END_TEST

START_TEST(phase_wrong_initial_parity) {
  /* the producer waits on "empty" with parity ph instead of ph ^ 1 */
  static const char *const e[] = {"ttng.wait_barrier %eb, %pe,", "ttng.wait_barrier %eb, %ph,", NULL};
  vf_sym_result r = check_text(e, NULL);
  expect(&r, BIT(VF_SYM_PHASE_AGREEMENT));
  const vf_sym_violation *v = &r.cond[VF_SYM_PHASE_AGREEMENT].viol[0];
  ck_assert_int_eq(v->trip_count, 1);
  ck_assert_int_eq(v->iteration, 0);
  ck_assert_int_eq(arg(&r, v, "n"), 16);
  ck_assert_str_eq(v->partition, "partition0");
  ck_assert_ptr_nonnull(strstr(v->message, "parity 0"));
  done(&r);
}
END_TEST

START_TEST(phase_stage_count_leftover) {
  /* the consumer's phase is i & 1 instead of (i / 2) & 1: wrong from iteration 1 */
  static const char *const e[] = {"        %q = arith.divsi %i, %c2 : i32\n",
                                  "        %q = arith.addi %i, %c0 : i32\n", NULL};
  vf_sym_result r = check_text(e, NULL);
  expect(&r, BIT(VF_SYM_PHASE_AGREEMENT));
  const vf_sym_violation *v = &r.cond[VF_SYM_PHASE_AGREEMENT].viol[0];
  ck_assert_int_eq(v->trip_count, 2);
  ck_assert_int_eq(v->iteration, 1);
  ck_assert_int_eq(arg(&r, v, "n"), 32);
  ck_assert_str_eq(v->partition, "default");
  done(&r);
}
END_TEST

START_TEST(arrival_over) {
  /* the consumer releases with count 2 on a barrier initialised with 1 */
  static const char *const e[] = {"ttng.arrive_barrier %eb, 1, %true", "ttng.arrive_barrier %eb, 2, %true", NULL};
  vf_sym_result r = check_text(e, NULL);
  ck_assert_int_eq(r.cond[VF_SYM_ARRIVAL_BALANCE].status, VF_SYM_VIOLATED);
  ck_assert_int_eq(r.cond[VF_SYM_PHASE_AGREEMENT].status, VF_SYM_PROVED);
  ck_assert_int_eq(r.cond[VF_SYM_BYTE_BALANCE].status, VF_SYM_PROVED);
  ck_assert_int_eq(r.cond[VF_SYM_ARRIVAL_BALANCE].viol[0].trip_count, 1);
  done(&r);
}
END_TEST

START_TEST(arrival_count_too_high) {
  /* "empty" initialised with count 2, one arrival per phase: the producer's third wait (the
   * first that needs a release) never passes. Appears only from trip count 3. */
  static const char *const e[] = {"ttng.init_barrier %e0, 1", "ttng.init_barrier %e0, 2",
                                  "ttng.init_barrier %e1, 1", "ttng.init_barrier %e1, 2", NULL};
  vf_sym_result r = check_text(e, NULL);
  expect(&r, BIT(VF_SYM_ARRIVAL_BALANCE));
  const vf_sym_violation *v = &r.cond[VF_SYM_ARRIVAL_BALANCE].viol[0];
  ck_assert_int_eq(v->trip_count, 3);
  ck_assert_int_eq(arg(&r, v, "n"), 48);
  ck_assert_ptr_nonnull(strstr(v->message, "1 of its 2 arrivals"));
  done(&r);
  /* with n fixed below the threshold the same kernel is proved */
  const char *names[] = {"n"};
  int64_t vals[] = {32};
  vf_sym_opts o = {.fixed_names = names, .fixed_vals = vals, .n_fixed = 1};
  r = check_text(e, &o);
  expect(&r, 0);
  ck_assert_ptr_nonnull(strstr(r.constraints, "n == 32"));
  done(&r);
}
END_TEST

START_TEST(byte_mismatch) {
  static const char *const e[] = {"ttng.barrier_expect %fb, 8192,", "ttng.barrier_expect %fb, 4096,", NULL};
  vf_sym_result r = check_text(e, NULL);
  expect(&r, BIT(VF_SYM_BYTE_BALANCE));
  const vf_sym_violation *v = &r.cond[VF_SYM_BYTE_BALANCE].viol[0];
  ck_assert_int_eq(v->trip_count, 1);
  ck_assert_ptr_nonnull(strstr(v->message, "expects 4096 bytes"));
  ck_assert_ptr_nonnull(strstr(v->message, "deliver 8192"));
  done(&r);
}
END_TEST

START_TEST(bounds_out_of_ring) {
  /* the consumer reads bufs[i % 3] of a 2-slot allocation */
  static const char *const e[] = {
      "        %b = ttg.memdesc_index %bufs[%s]",
      "        %s3 = arith.remsi %i, %c3 : i32\n        %b = ttg.memdesc_index %bufs[%s3]", NULL};
  vf_sym_result r = check_text(e, NULL);
  /* back-pressure (e), acquire: the read's slot i % 3 is no ring sequence (not numbered) */
  expect_some(&r, BIT(VF_SYM_BOUNDS), BIT(VF_SYM_BACK_PRESSURE));
  const vf_sym_violation *v = &r.cond[VF_SYM_BOUNDS].viol[0];
  ck_assert_int_eq(v->trip_count, 3);
  ck_assert_int_eq(v->iteration, 2);
  ck_assert_ptr_nonnull(strstr(v->message, "index 2"));
  done(&r);
}
END_TEST

START_TEST(backpressure_no_empty_wait) {
  static const char *const e[] = {
      "        ttng.wait_barrier %eb, %pe, %kt : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n", "", NULL};
  vf_sym_result r = check_text(e, NULL);
  expect(&r, BIT(VF_SYM_BACK_PRESSURE));
  const vf_sym_violation *v = &r.cond[VF_SYM_BACK_PRESSURE].viol[0];
  ck_assert_int_eq(v->trip_count, 3);
  ck_assert_str_eq(v->partition, "partition0");
  done(&r);
}
END_TEST

START_TEST(proxy_war_missing_fence) {
  /* the consumer hands the slot back to the TMA load without fencing its local_load (§2.3:
   * generic read, then async write): violated once the load refills the slot, trip count 3 */
  static const char *const e[] = {"        ttng.fence_async_shared {bCluster = false}\n", "", NULL};
  vf_sym_result r = check_text(e, NULL);
  expect(&r, BIT(VF_SYM_PROXY_FENCE));
  const vf_sym_violation *v = &r.cond[VF_SYM_PROXY_FENCE].viol[0];
  ck_assert_int_eq(v->trip_count, 3);
  ck_assert_str_eq(v->partition, "default");
  ck_assert_ptr_nonnull(strstr(v->message, "write after read"));
  done(&r);
}
END_TEST

START_TEST(backpressure_release_before_read) {
  /* the consumer releases the slot before it reads it */
  static const char *const e[] = {
      "        %v = ttg.local_load %b : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #blocked>\n", "",
      "        ttng.arrive_barrier %eb, 1, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n",
      "        ttng.arrive_barrier %eb, 1, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>\n"
      "        %v = ttg.local_load %b : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #blocked>\n",
      NULL};
  vf_sym_result r = check_text(e, NULL);
  expect(&r, BIT(VF_SYM_BACK_PRESSURE));
  /* harmful once the producer reuses the slot: iteration 2, trip count 3 */
  const vf_sym_violation *v = &r.cond[VF_SYM_BACK_PRESSURE].viol[0];
  ck_assert_int_eq(v->trip_count, 3);
  ck_assert_int_eq(arg(&r, v, "n"), 48);
  ck_assert_ptr_nonnull(strstr(v->message, "before reading"));
  done(&r);
}
END_TEST

/* the producer carries (slot, phase) as iter_args, flipping the phase when the slot wraps */
static const char *const CARRIED[] = {
    "      scf.for %i = %k0 to %t step %k1  : i32 {\n"
    "        %s = arith.remsi %i, %k2 : i32\n"
    "        %q = arith.divsi %i, %k2 : i32\n"
    "        %ph = arith.andi %q, %k1 : i32\n",
    "      %r:2 = scf.for %i = %k0 to %t step %k1 iter_args(%s = %k0, %ph = %k0) -> (i32, i32)  : i32 {\n",
    "        ttng.async_tma_copy_global_to_local %d[%k0, %k0] %b, %fb, %kt : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>\n",
    "        ttng.async_tma_copy_global_to_local %d[%k0, %k0] %b, %fb, %kt : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>\n"
    "        %s1 = arith.addi %s, %k1 : i32\n"
    "        %w = arith.cmpi eq, %s1, %k2 : i32\n"
    "        %ns = arith.select %w, %k0, %s1 : i32\n"
    "        %fl = arith.xori %ph, %k1 : i32\n"
    "        %np = arith.select %w, %fl, %ph : i32\n"
    "        scf.yield %ns, %np : i32, i32\n",
    NULL};

START_TEST(induction_carried_counters) {
  vf_sym_result r = check_text(CARRIED, NULL);
  expect(&r, 0);
  ck_assert_uint_eq(r.n_invariants, 2);
  done(&r);
  /* the same with a phase that never flips: proved closed form ph = 0, violated at trip 3 */
  const char *e[7];
  memcpy(e, CARRIED, sizeof CARRIED);
  e[3] = "        ttng.async_tma_copy_global_to_local %d[%k0, %k0] %b, %fb, %kt : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>\n"
         "        %s1 = arith.addi %s, %k1 : i32\n"
         "        %w = arith.cmpi eq, %s1, %k2 : i32\n"
         "        %ns = arith.select %w, %k0, %s1 : i32\n"
         "        scf.yield %ns, %ph : i32, i32\n";
  r = check_text(e, NULL);
  expect(&r, BIT(VF_SYM_PHASE_AGREEMENT));
  ck_assert_uint_eq(r.n_invariants, 2);
  ck_assert_int_eq(r.cond[VF_SYM_PHASE_AGREEMENT].viol[0].trip_count, 3);
  done(&r);
}
END_TEST

START_TEST(unmodelled_value_is_unknown) {
  /* a parity read from the clock: never "violated", never "proved" */
  static const char *const e[] = {"        %pe = arith.xori %ph, %k1 : i32\n",
                                  "        %clk = ttg.clock64\n"
                                  "        %ct = arith.trunci %clk : i64 to i32\n"
                                  "        %pe = arith.andi %ct, %k1 : i32\n", NULL};
  vf_sym_result r = check_text(e, NULL);
  ck_assert_int_eq(r.cond[VF_SYM_PHASE_AGREEMENT].status, VF_SYM_UNKNOWN);
  ck_assert_uint_eq(r.cond[VF_SYM_PHASE_AGREEMENT].n_viol, 0);
  ck_assert_int_eq(vf_sym_verdict(&r), 3);
  done(&r);
}
END_TEST

START_TEST(suggest_trip_counts) {
  ir_module *m = parse(BASE);
  vf_sym_suggestion s;
  int n = vf_sym_suggest_args(m, NULL, &s);
  ck_assert_int_eq(n, 4); /* trip counts 1, 2, 3 = S + 1, 5 = 2S + 1 for S = 2 */
  static const int64_t trips[] = {1, 2, 3, 5};
  int ni = -1;
  for (uint32_t a = 0; a < s.n_args; a++)
    if (!strcmp(s.arg_names[a], "n")) ni = (int)a;
  ck_assert_int_ge(ni, 0);
  ck_assert(s.arg_relevant[ni]);
  for (int k = 0; k < n; k++) {
    ck_assert_int_eq(s.sets[k].trip_count, trips[k]);
    ck_assert_int_eq(s.sets[k].args[ni], 16 * trips[k]);
  }
  vf_sym_suggestion_free(&s);
  ir_module_free(m);
}
END_TEST

typedef struct confirm_log { int calls; int64_t n; } confirm_log;

static int confirm_cb(const ir_module *m, const int64_t *args, void *ctx) {
  confirm_log *log = ctx;
  ck_assert_ptr_nonnull(m);
  log->calls++;
  log->n = args[1]; /* (desc, n) */
  return 1;
}

START_TEST(confirm_glue) {
  static const char *const e[] = {"ttng.init_barrier %e0, 1", "ttng.init_barrier %e0, 2",
                                  "ttng.init_barrier %e1, 1", "ttng.init_barrier %e1, 2", NULL};
  char *text = edit(e);
  ir_module *m = parse(text);
  vf_sym_result r = vf_sym_check(m, NULL);
  confirm_log log = {0};
  int nc = vf_sym_confirm(m, &r, confirm_cb, &log);
  uint32_t nv = r.cond[VF_SYM_ARRIVAL_BALANCE].n_viol;
  ck_assert_int_ge(nv, 1);
  ck_assert_int_eq(nc, (int)nv);
  ck_assert_int_ge(log.calls, 1);
  ck_assert_int_le(log.calls, (int)nv); /* one call per distinct argument vector */
  ck_assert_int_eq(log.n, 48);
  ck_assert_int_eq(r.cond[VF_SYM_ARRIVAL_BALANCE].viol[0].confirmed, 1);
  vf_sym_result_free(&r);
  ir_module_free(m);
  free(text);
}
END_TEST

START_TEST(input_errors) {
  ir_module *m = parse(BASE);
  const char *names[] = {"nope"};
  int64_t vals[] = {1};
  vf_sym_opts o = {.fixed_names = names, .fixed_vals = vals, .n_fixed = 1};
  vf_sym_result r = vf_sym_check(m, &o);
  ck_assert_int_eq(r.rc, 2);
  ck_assert_ptr_nonnull(strstr(r.error, "unknown argument 'nope'"));
  ck_assert_int_eq(vf_sym_verdict(&r), 2);
  vf_sym_result_free(&r);
  vf_sym_opts o2 = {.func = "missing"};
  r = vf_sym_check(m, &o2);
  ck_assert_int_eq(r.rc, 2);
  ck_assert_ptr_nonnull(strstr(r.error, "error: no kernel function missing"));
  vf_sym_result_free(&r);
  ir_module_free(m);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sym_small");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, correct_kernel_proved);
  tcase_add_test(tc, proxy_war_missing_fence);
  tcase_add_test(tc, phase_wrong_initial_parity);
  tcase_add_test(tc, phase_stage_count_leftover);
  tcase_add_test(tc, arrival_over);
  tcase_add_test(tc, arrival_count_too_high);
  tcase_add_test(tc, byte_mismatch);
  tcase_add_test(tc, bounds_out_of_ring);
  tcase_add_test(tc, backpressure_no_empty_wait);
  tcase_add_test(tc, backpressure_release_before_read);
  tcase_add_test(tc, induction_carried_counters);
  tcase_add_test(tc, unmodelled_value_is_unknown);
  tcase_add_test(tc, suggest_trip_counts);
  tcase_add_test(tc, confirm_glue);
  tcase_add_test(tc, input_errors);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
