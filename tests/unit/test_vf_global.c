/* test_vf_global.c: races through global memory. Within one program: TMA stores, TMA loads and
 * tt.descriptor_* boxes of different agents or async ops that overlap and that nothing orders
 * (and the correct variants: disjoint boxes, ordered accesses, two atomic reductions). Across
 * programs (vf_grid.c): overlapping write footprints of different programs of --grid, on the
 * checker kernels race-grid.{ok,bug}.ttgir. Also the packed global footprint (sim.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "verify/vf_run.h"
#include "check_run.h"

#define TD "!tt.tensordesc<tensor<32x64xf32, #shared>>"
#define BUF "!ttg.memdesc<32x64xf32, #shared, #smem, mutable>"
#define BUF2 "!ttg.memdesc<2x32x64xf32, #shared, #smem, mutable>"
#define BAR "!ttg.memdesc<1xi64, #shared1, #smem, mutable>"
#define BAR1 "!ttg.memdesc<1x1xi64, #shared1, #smem, mutable>"
#define TEN "tensor<32x64xf32, #blocked>"

/* Two partitions; each runs its op (p0, p1) on the tensor of %desc. In the ops: %d the
 * descriptor, %s its own smem tile, %v a tensor, %f a barrier (count 1), %z / %r 0 / ROW, %t
 * true. */
static char *kernel(const char *p0, const char *p1, int row) {
  char *t = malloc(8192);
  snprintf(t, 8192,
    "#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>\n"
    "#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>\n"
    "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
    "#smem = #ttg.shared_memory\n"
    "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
    "  tt.func public @k(%%desc: " TD ", %%d0: i32, %%d1: i32, %%d2: i64, %%d3: i64) {\n"
    "    %%c0 = arith.constant 0 : i32\n"
    "    %%buf = ttg.local_alloc : () -> " BUF2 "\n"
    "    %%bars = ttg.local_alloc : () -> " BAR1 "\n"
    "    %%bar = ttg.memdesc_index %%bars[%%c0] : " BAR1 " -> " BAR "\n"
    "    ttng.init_barrier %%bar, 1 : " BAR "\n"
    "    ttg.warp_specialize(%%desc, %%buf, %%bar) attributes {requestedRegisters = array<i32: 24, 24>}\n"
    "    default {\n      ttg.warp_yield\n    }\n"
    "    partition0(%%d: " TD ", %%pb: " BUF2 ", %%f: " BAR ") num_warps(1) {\n"
    "      %%z = arith.constant 0 : i32\n      %%r = arith.constant %d : i32\n      %%t = arith.constant true\n"
    "      %%v = arith.constant dense<0.000000e+00> : " TEN "\n"
    "      %%s = ttg.memdesc_index %%pb[%%z] : " BUF2 " -> " BUF "\n"
    "%s"
    "      ttg.warp_return\n    }\n"
    "    partition1(%%d: " TD ", %%pb: " BUF2 ", %%f: " BAR ") num_warps(1) {\n"
    "      %%z = arith.constant 0 : i32\n      %%o = arith.constant 1 : i32\n      %%r = arith.constant %d : i32\n"
    "      %%t = arith.constant true\n"
    "      %%v = arith.constant dense<0.000000e+00> : " TEN "\n"
    "      %%s = ttg.memdesc_index %%pb[%%o] : " BUF2 " -> " BUF "\n"
    "%s"
    "      ttg.warp_return\n    } : (" TD ", " BUF2 ", " BAR ") -> ()\n"
    "    tt.return\n  }\n}\n", row, p0, row, p1);
  return t;
}

#define STORE_Z "      ttng.async_tma_copy_local_to_global %d[%z, %z] %s : " TD ", " BUF "\n"
#define STORE_R "      ttng.async_tma_copy_local_to_global %d[%r, %z] %s : " TD ", " BUF "\n"
#define REDUCE_Z "      ttng.async_tma_reduce add, %d[%z, %z] %s : " TD ", " BUF "\n"
#define REDUCE_R "      ttng.async_tma_reduce add, %d[%r, %z] %s : " TD ", " BUF "\n"
#define WAIT0 "      ttng.async_tma_store_wait {pendings = 0 : i32}\n"
#define DSTORE_Z "      tt.descriptor_store %d[%z, %z], %v : " TD ", " TEN "\n"
#define DSTORE_R "      tt.descriptor_store %d[%r, %z], %v : " TD ", " TEN "\n"
#define DLOAD_R "      %x = tt.descriptor_load %d[%r, %z] : " TD " -> " TEN "\n"
#define ARRIVE "      ttng.arrive_barrier %f, 1, %t : " BAR "\n"
#define WAITB "      ttng.wait_barrier %f, %z, %t : " BAR "\n"
#define EXPECT "      ttng.barrier_expect %f, 8192, %t : " BAR "\n"
#define LOAD_R "      ttng.async_tma_copy_global_to_local %d[%r, %z] %s, %f, %t : " TD ", " BAR " -> " BUF "\n"

/* Explores the kernel (with and without the reduction: same verdict); returns the verdict
 * and the first bug's kind. */
static vf_verdict check(const char *p0, const char *p1, int row, int *kind) {
  char *text = kernel(p0, p1, row);
  ir_diag d = {0};
  ir_module *mod = ir_parse(text, strlen(text), "g.ttgir", &d);
  ck_assert_msg(mod, "parse: %s", d.msg);
  sim_opts so = {.mod = mod};
  sim_err err;
  sim_machine *m = sim_machine_new(&so, &err);
  ck_assert_msg(m, "machine: %s", err.msg);
  vf_verdict v[2];
  for (int naive = 0; naive < 2; naive++) {
    vf_opts o = {.no_reduction = naive};
    vf_result r = {0};
    vf_explore(m, &o, &r);
    v[naive] = r.verdict;
    if (!naive) *kind = r.n_bugs ? r.bugs[0].v.kind : SIM_BUG_NONE;
    vf_result_free(&r);
  }
  ck_assert_int_eq(v[0], v[1]);
  sim_machine_free(m);
  ir_module_free(mod);
  free(text);
  return v[0];
}

static void expect_race(const char *p0, const char *p1, int row) {
  int kind;
  ck_assert_int_eq(check(p0, p1, row, &kind), VF_BUG);
  ck_assert_int_eq(kind, SIM_BUG_RACE);
}

static void expect_ok(const char *p0, const char *p1, int row) {
  int kind;
  ck_assert_int_eq(check(p0, p1, row, &kind), VF_VERIFIED);
}

/* Two agents' TMA stores of overlapping boxes, nothing between them: a race; disjoint boxes
 * are not. */
START_TEST(tma_stores) {
  expect_race(STORE_Z WAIT0, STORE_R WAIT0, 0);
  expect_race(STORE_Z WAIT0, STORE_R WAIT0, 31);  /* one row in common */
  expect_ok(STORE_Z WAIT0, STORE_R WAIT0, 32);    /* rows 32..63: disjoint */
}
END_TEST

/* The same stores ordered: partition0 waits for its store to complete, then arrives;
 * partition1 waits for that before storing. */
START_TEST(ordered_stores) {
  expect_ok(STORE_Z WAIT0 ARRIVE, WAITB STORE_R WAIT0, 0);
  /* the arrive before the store's completion orders nothing */
  expect_race(STORE_Z ARRIVE WAIT0, WAITB STORE_R WAIT0, 0);
}
END_TEST

/* Two TMA reductions commute (atomic); a reduction and a plain store do not. */
START_TEST(reductions) {
  expect_ok(REDUCE_Z WAIT0, REDUCE_R WAIT0, 0);
  expect_race(REDUCE_Z WAIT0, STORE_R WAIT0, 0);
}
END_TEST

/* A TMA load reads its global box until it completes: a store of that box by another agent
 * meanwhile is a race (reads of a box by two loads are not). */
START_TEST(load_vs_store) {
  expect_race(STORE_Z WAIT0, EXPECT LOAD_R WAITB, 16);
  expect_ok(STORE_Z WAIT0, EXPECT LOAD_R WAITB, 32);
}
END_TEST

/* Synchronous tt.descriptor_load / store: the agents' next accesses. */
START_TEST(descriptor_ops) {
  expect_race(DSTORE_Z, DSTORE_R, 0);
  expect_ok(DSTORE_Z, DSTORE_R, 32);
  expect_race(DSTORE_Z, DLOAD_R, 8);
  expect_ok(DSTORE_Z ARRIVE, WAITB DLOAD_R, 8);
  /* a synchronous store against another agent's TMA store still in flight */
  expect_race(STORE_Z WAIT0, DSTORE_R, 0);
}
END_TEST

/* The packed footprint of a global box. */
START_TEST(packed_boxes) {
  sim_gbox a = {.alloc = 1, .rank = 2, .flags = SIM_FP_WRITE, .lo = {0, 0}, .ext = {32, 64}};
  sim_gbox b = a, c = a, d = a;
  b.lo[0] = 31;
  c.lo[0] = 32;
  d.lo[1] = 64;
  ck_assert(sim_gbox_overlap(&a, &b));
  ck_assert(!sim_gbox_overlap(&a, &c));
  ck_assert(!sim_gbox_overlap(&a, &d));
  sim_fp fa = sim_gbox_fp(&a, 0), fb = sim_gbox_fp(&b, 0), fc = sim_gbox_fp(&c, 0), fd = sim_gbox_fp(&d, 0);
  ck_assert(fa.flags & SIM_FP_GLOBAL);
  ck_assert(sim_fp_overlap(&fa, &fb) && sim_fp_conflict(&fa, &fb));
  ck_assert(!sim_fp_overlap(&fa, &fc));
  ck_assert(!sim_fp_overlap(&fa, &fd));
  /* global memory is shared by all CTAs: the cta field does not matter */
  fb.cta = 3;
  ck_assert(sim_fp_overlap(&fa, &fb));
  /* negative origins (out-of-bounds boxes) */
  sim_gbox n = a;
  n.lo[0] = -16;
  sim_fp fn = sim_gbox_fp(&n, 0);
  ck_assert(sim_fp_overlap(&fa, &fn));
  /* two atomic reductions do not conflict */
  sim_fp ra = sim_gbox_fp(&a, SIM_FP_ATOMIC), rb = sim_gbox_fp(&b, SIM_FP_ATOMIC);
  ck_assert(sim_fp_overlap(&ra, &rb) && !sim_fp_conflict(&ra, &rb));
  ck_assert(sim_fp_conflict(&ra, &fb));
  /* rank 3: leading origins must be equal */
  sim_gbox p = {.alloc = 2, .rank = 3, .lo = {1, 0, 0}, .ext = {1, 64, 64}}, q = p;
  q.lo[0] = 2;
  sim_fp fp = sim_gbox_fp(&p, SIM_FP_WRITE), fq = sim_gbox_fp(&q, SIM_FP_WRITE);
  ck_assert(!sim_fp_overlap(&fp, &fq));
  q.lo[0] = 1;
  q.lo[1] = 32;
  fq = sim_gbox_fp(&q, SIM_FP_WRITE);
  ck_assert(sim_fp_overlap(&fp, &fq));
  /* a global box never overlaps shared memory of the same allocation number */
  sim_fp sm = {.alloc = 1, .cta = 0, .off = 0, .len = 8192, .rows = 1};
  ck_assert(!sim_fp_overlap(&fa, &sm));
}
END_TEST

/* Cross-program: the checker kernels with --grid gx,gy (the text of `file` with `from`
 * replaced by `to` when given; xnumel given with --arg unless xnumel < 0). */
static uint32_t grid_bugs_ex(const char *file, const char *from, const char *to, int64_t xnumel,
                             int gx, int gy, vf_bug *first) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/checkers/%s", TLXV_SRC, file);
  FILE *fp = fopen(path, "rb");
  ck_assert_ptr_nonnull(fp);
  char *text = calloc(1, 1 << 20);
  size_t len = fread(text, 1, (1 << 20) - 1, fp);
  fclose(fp);
  if (from) {
    char *at = strstr(text, from);
    ck_assert_ptr_nonnull(at);
    ck_assert_uint_eq(strlen(from), strlen(to));
    memcpy(at, to, strlen(to));
  }
  ir_diag d = {0};
  ir_module *mod = ir_parse(text, len, "grid.ttgir", &d);
  ck_assert_msg(mod, "%s", d.msg);
  vf_argplan p;
  sim_err err;
  ck_assert_int_eq(vf_argplan_init(&p, mod, &err), 0);
  if (xnumel >= 0) ck_assert_int_eq(vf_argplan_set(&p, "xnumel", xnumel, &err), 0);
  ck_assert_int_eq(vf_argplan_set(&p, "ynumel", 256, &err), 0);
  p.grid[0] = gx;
  p.grid[1] = gy;
  vf_grid *g = vf_grid_new(&p, 1, 0);
  vf_runspec runs[4] = {{0, {0, 0, 0}}};
  uint32_t n_runs = 1;
  vf_result res = {0};
  if (g) {
    /* program 0 explored (its footprint collected), the others walked */
    uint64_t bits[17] = {0};
    vf_argplan_bits(&p, 0, bits);
    sim_opts so = {.mod = mod, .args = bits, .n_args = p.n_args, .grid = {gx, gy, 1}};
    sim_machine *m = sim_machine_new(&so, &err);
    ck_assert_msg(m, "%s", err.msg);
    vf_opts o = {.gw = vf_grid_collect(g, &runs[0])};
    ck_assert_ptr_nonnull(o.gw);
    vf_explore(m, &o, &res);
    ck_assert_int_eq(res.verdict, VF_VERIFIED);
    sim_machine_free(m);
    vf_grid_finish(g, runs, &n_runs, 4, &res);
  }
  uint32_t n = res.n_bugs;
  if (n && first) {
    *first = res.bugs[0];
    first->path = NULL;
    for (int k = 0; k < SIM_MAX_REL; k++) first->rel_text[k] = NULL;
  }
  vf_grid_free(g);
  vf_result_free(&res);
  vf_argplan_free(&p);
  ir_module_free(mod);
  free(text);
  return n;
}

static uint32_t grid_bugs(const char *file, int gx, int gy, vf_bug *first) {
  return grid_bugs_ex(file, NULL, NULL, 256, gx, gy, first);
}

START_TEST(grid_programs) {
  vf_bug b;
  ck_assert_uint_eq(grid_bugs("race-grid.ok.ttgir", 8, 1, NULL), 0);
  ck_assert_uint_eq(grid_bugs("race-grid.ok.ttgir", 1, 1, NULL), 0); /* one program: nothing to compare */
  ck_assert_uint_eq(grid_bugs("race-grid.bug.ttgir", 1, 1, NULL), 0);
  ck_assert_uint_eq(grid_bugs("race-grid.bug.ttgir", 8, 1, &b), 1); /* one root cause, one report */
  ck_assert_int_eq(b.v.kind, SIM_BUG_RACE);
  ck_assert_ptr_nonnull(strstr(b.v.msg, "programs (0,0,0) and (1,0,0) both write c_desc rows 0..31, cols 0..63"));
  /* a second grid dimension: the kernel ignores program_id y, so (0,0,0) and (0,1,0) collide
   * even in the correct kernel */
  ck_assert_uint_eq(grid_bugs("race-grid.ok.ttgir", 2, 2, &b), 1);
  ck_assert_ptr_nonnull(strstr(b.v.msg, "programs (0,0,0) and (0,1,0)"));
}
END_TEST

/* Coordinates computed from an argument not given with --arg are not compared (the
 * placeholder value need not match the grid); given, they are. */
START_TEST(grid_unknown_args) {
  const char *from = "%xoff_12 = arith.muli %c0_i32, %c32_i32", *to = "%xoff_12 = arith.muli %xnumel, %c32_i32";
  char pad[128];
  snprintf(pad, sizeof pad, "%-*s", (int)strlen(from), to);
  ck_assert_uint_eq(grid_bugs_ex("race-grid.bug.ttgir", from, pad, -1, 8, 1, NULL), 0);
  ck_assert_uint_eq(grid_bugs_ex("race-grid.bug.ttgir", from, pad, 0, 8, 1, NULL), 1);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("vf_global");
  TCase *t = tcase_create("global");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, tma_stores);
  tcase_add_test(t, ordered_stores);
  tcase_add_test(t, reductions);
  tcase_add_test(t, load_vs_store);
  tcase_add_test(t, descriptor_ops);
  tcase_add_test(t, packed_boxes);
  tcase_add_test(t, grid_programs);
  tcase_add_test(t, grid_unknown_args);
  suite_add_tcase(s, t);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
