/* test_sim_pair.c: paired-CTA kernels (sim/sim_pair.c, semantics.md §4.3 §4.4): the cluster
 * size rule, refusals, the implicit init cluster sync, the leader-only paired MMA and commit
 * (both CTAs' footprints, arrivals on both CTAs' barriers), and the cp.async data plane entry. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/sim_internal.h"
#include "check_run.h"
#include "sim_rig.h"

#define HDR                                                                                   \
  "#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>\n" \
  "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"    \
  "#smem = #ttg.shared_memory\n"                                                             \
  "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n"
/* module attributes: the cluster / pair part, then the common rest */
#define MOD(attrs) "module attributes {" attrs "\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
#define PAIRED "\"ttg.cluster-dim-x\" = 2 : i32, \"ttg.num-ctas\" = 1 : i32, \"ttng.two-ctas\" = true, \"tlx.enable_paired_cta_mma\" = true, "
#define A "!ttg.memdesc<128x64xf16, #shared, #smem, mutable>"
#define B "!ttg.memdesc<64x64xf16, #shared, #smem, mutable>"
#define D "!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>"
#define BAR "!ttg.memdesc<1xi64, #shared1, #smem, mutable>"

/* The kernel's head: allocations, bar initialised with count 1, the accumulator. */
#define K_HEAD(attrs)                                                                        \
  HDR MOD(attrs)                                                                             \
  "  tt.func public @k(%n: i32) {\n"                                                         \
  "    %c0 = arith.constant 0 : i32\n"                                                       \
  "    %t = arith.constant true\n"                                                           \
  "    %f = arith.constant false\n"                                                          \
  "    %a = ttg.local_alloc : () -> " A "\n"                                                 \
  "    %b = ttg.local_alloc : () -> " B "\n"                                                 \
  "    %bar = ttg.local_alloc : () -> " BAR "\n"                                             \
  "    ttng.init_barrier %bar, 1 : " BAR "\n"                                                \
  "    %acc = ttng.tmem_alloc : () -> " D "\n"
/* The paired MMA (completion barrier bar) and the wait for it. */
#define K_MMA_OPS(mma_attrs)                                                                 \
  "    ttng.tc_gen5_mma %a, %b, %acc, %f, %t, %bar[%t] " mma_attrs " : " A ", " B ", " D ", " BAR "\n" \
  "    ttng.wait_barrier %bar, %c0, %t : " BAR "\n"

/* Every CTA: init bar, paired MMA (completion barrier bar), wait for it. */
#define K_MMA(attrs, mma_attrs) K_HEAD(attrs) K_MMA_OPS(mma_attrs) "    tt.return\n  }\n}\n"

/* K_MMA with the MMA and its wait in an nvws.warp_group's first region (NVWSLowerWarpGroup
 * makes it the default region of a ttg.warp_specialize). */
#define K_MMA_WG(attrs, mma_attrs)                                                           \
  K_HEAD(attrs) "    nvws.warp_group\n    partition0 num_warps(4) {\n" K_MMA_OPS(mma_attrs)   \
  "      nvws.warp_group.return\n    }\n    tt.return\n  }\n}\n"

/* Builds the machine; false (err.msg set) when the model refuses the kernel. */
static bool rig_try(rig *r, const char *text) {
  sim_opts o = {0};
  return rig_try_opts(r, text, &o);
}

static void rig_up(rig *r, const char *text) {
  if (!rig_try(r, text)) ck_abort_msg("machine: %s", r->err.msg);
}

#define enabled rig_enabled
#define step rig_step

/* The IR op agent a stands at (NULL for pseudo instructions). */
static const ir_op *at(rig *r, uint32_t a) { return sim_ins_op(r->m, sim_agent_pc(r->m, r->st, a)); }

/* Steps the agents round-robin until each stands at an op with code `code`. */
static void run_to(rig *r, ir_opcode code) {
  for (int guard = 0; guard < 64; guard++) {
    bool all = true;
    for (uint32_t a = 0; a < sim_n_agents(r->m); a++) {
      const ir_op *op = at(r, a);
      bool there = op && op->code == code && r->m->code[sim_agent_pc(r->m, r->st, a)].code == code;
      if (there) continue;
      all = false;
      if (enabled(r, SIM_TR_AGENT, (uint8_t)a)) ck_assert_int_eq(step(r, SIM_TR_AGENT, (uint8_t)a), 0);
    }
    if (all) return;
  }
  ck_abort_msg("agents never reached %s", ir_ops[code].name);
}

static const char *err_of(const char *text) {
  static char msg[512];
  rig r;
  ck_assert_msg(!rig_try(&r, text), "the model accepted a kernel it must refuse");
  snprintf(msg, sizeof msg, "%s", r.err.msg);
  ir_module_free(r.mod);
  return msg;
}

START_TEST(cluster_size) {
  static const struct {
    const char *attrs;
    uint32_t ctas;
  } cases[] = {
      {"\"ttg.num-ctas\" = 1 : i32, ", 1},
      {"\"ttg.num-ctas\" = 2 : i32, ", 2},
      {"\"ttg.cluster-dim-x\" = 4 : i32, \"ttg.num-ctas\" = 1 : i32, ", 4}, /* ctas_per_cga */
      {"\"ttg.cluster-dim-x\" = 2 : i32, \"ttg.num-ctas\" = 2 : i32, ", 2},
      {PAIRED, 2},
      {"\"ttg.num-ctas\" = 1 : i32, \"ttng.two-ctas\" = true, \"tlx.enable_paired_cta_mma\" = true, ", 2}, /* the pair */
      {"\"ttg.cluster-dim-x\" = 4 : i32, \"ttng.two-ctas\" = true, \"tlx.enable_paired_cta_mma\" = true, ", 4},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    /* the kernel with the case's attributes in place of @ (IR text has '%': no printf) */
    static const char *tmpl = K_MMA("@", "{is_async}");
    char text[4096];
    const char *at_ = strchr(tmpl, '@');
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at_ - tmpl), tmpl, cases[k].attrs, at_ + 1);
    rig r;
    rig_up(&r, text);
    ck_assert_msg(sim_n_ctas(r.m) == cases[k].ctas, "case %zu: %u CTAs", k, sim_n_ctas(r.m));
    ck_assert_uint_eq(sim_cluster_ctas(r.mod), cases[k].ctas);
    ck_assert_int_eq(r.m->paired, strstr(cases[k].attrs, "two-ctas") != NULL);
    rig_down(&r);
  }
}
END_TEST

START_TEST(refusals) {
  ck_assert_ptr_nonnull(strstr(err_of(K_MMA("\"ttg.cluster-dim-x\" = 3 : i32, \"ttng.two-ctas\" = true, ",
                                            "{is_async, two_ctas}")), "even cluster size"));
  ck_assert_ptr_nonnull(strstr(err_of(K_MMA("\"ttg.cluster-dim-x\" = 2 : i32, \"ttg.num-ctas\" = 4 : i32, ",
                                            "{is_async}")), "ambiguous"));
  ck_assert_ptr_nonnull(strstr(err_of(K_MMA("\"ttg.num-ctas\" = 2 : i32, \"ttng.two-ctas\" = false, ",
                                            "{is_async, two_ctas}")), "same cta_group"));
  /* a paired MMA outside warp_specialize in a TLX module without tlx.enable_paired_cta_mma: the
   * fork's lowering adds a lone cluster arrive the model does not reproduce (MMAv5.cpp
   * hasExplicitCTASync reads the paired attribute only); in a module upstream Triton compiled
   * (no tlx.* attribute) the lowering's full cluster barrier comes before the MMA: a SIM_I_CLSYNC
   * with imm 2 right before it (sim_compile_pair.c) */
  {
    rig u;
    rig_up(&u, K_MMA("\"ttg.cluster-dim-x\" = 2 : i32, \"ttng.two-ctas\" = true, ", "{is_async}"));
    int syncs = 0;
    for (uint32_t k = 0; k + 1 < u.m->n_code; k++)
      if (u.m->code[k].code == SIM_I_CLSYNC && u.m->code[k].imm == 2) {
        ck_assert_int_eq(u.m->code[k + 1].code, IR_OP_TTNG_TC_GEN5_MMA);
        syncs++;
      }
    ck_assert_int_eq(syncs, 1);
    rig_down(&u);
  }
  ck_assert_ptr_nonnull(strstr(err_of(K_MMA("\"ttg.cluster-dim-x\" = 2 : i32, \"ttng.two-ctas\" = true, "
                                            "\"tlx.has_tlx_ops\" = true, ", "{is_async}")),
                               "without tlx.enable_paired_cta_mma"));
  /* inside an nvws.warp_group the MMA runs inside the warp_specialize the group becomes:
   * hasExplicitCTASync holds, no lone cluster arrive, not refused */
  rig r;
  if (!rig_try(&r, K_MMA_WG("\"ttg.cluster-dim-x\" = 2 : i32, \"ttng.two-ctas\" = true, ", "{is_async}")))
    ck_abort_msg("paired MMA in nvws.warp_group refused: %s", r.err.msg);
  rig_down(&r);
}
END_TEST

START_TEST(init_cluster_sync) {
  /* the implicit cluster sync (tlx-ir.md §0) follows the barrier init of a paired kernel */
  rig r;
  rig_up(&r, K_MMA(PAIRED, "{is_async, two_ctas}"));
  uint32_t init = UINT32_MAX, sync = UINT32_MAX;
  for (uint32_t i = 0; i < r.m->n_code; i++) {
    if (r.m->code[i].code == IR_OP_TTNG_INIT_BARRIER) init = i;
    if (r.m->code[i].code == SIM_I_CLSYNC && r.m->code[i].imm == 0) sync = i;
  }
  ck_assert_uint_ne(init, UINT32_MAX);
  ck_assert_uint_eq(sync, init + 1);
  rig_down(&r);
  /* ... and not in a one-CTA kernel */
  rig_up(&r, K_MMA("\"ttg.num-ctas\" = 1 : i32, ", "{is_async}"));
  for (uint32_t i = 0; i < r.m->n_code; i++) ck_assert(r.m->code[i].code != SIM_I_CLSYNC);
  rig_down(&r);
}
END_TEST

START_TEST(leader_issues_for_both) {
  rig r;
  rig_up(&r, K_MMA(PAIRED, "{is_async, two_ctas}"));
  ck_assert_uint_eq(sim_n_agents(r.m), 2); /* agent k = CTA k */
  run_to(&r, IR_OP_TTNG_TC_GEN5_MMA);
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 0);
  step(&r, SIM_TR_AGENT, 1); /* the follower's MMA: not issued (§4.3) */
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 0);
  step(&r, SIM_TR_AGENT, 0); /* the leader's: one MMA per CTA half, then the commit */
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 3);
  for (uint32_t h = 0; h < 2; h++) {
    ck_assert_str_eq(sim_event_kind_name(r.m, r.st, h), "tcgen05.mma");
    ck_assert_uint_eq(sim_event_agent(r.m, r.st, h), 0);
    sim_fp f[4];
    ck_assert_int_eq(sim_event_access(r.m, r.st, h, f), 3);
    for (int k = 0; k < 3; k++) ck_assert_uint_eq(f[k].cta, h); /* A, B, D of CTA h */
    ck_assert(f[2].flags & SIM_FP_WRITE);
    ck_assert(f[2].flags & SIM_FP_TMEM);
    ck_assert(f[1].flags & SIM_FP_ASYNC);
  }
  ck_assert_str_eq(sim_event_kind_name(r.m, r.st, 2), "tcgen05.commit");
  /* the commit completes after both halves; its arrive lands in both CTAs (§4.4) */
  ck_assert(!enabled(&r, SIM_TR_EVENT, 2));
  uint32_t nb = sim_n_barriers(r.m) / 2;
  sim_barinfo b0, b1;
  for (int k = 0; k < 3; k++) ck_assert_int_eq(step(&r, SIM_TR_EVENT, 0), 0);
  sim_barrier_info(r.m, r.st, 0, &b0);
  sim_barrier_info(r.m, r.st, nb, &b1);
  ck_assert_int_eq(b0.phase, 1);
  ck_assert_int_eq(b1.phase, 1);
  ck_assert(enabled(&r, SIM_TR_AGENT, 0));
  ck_assert(enabled(&r, SIM_TR_AGENT, 1));
  rig_down(&r);
}
END_TEST

START_TEST(unflagged_mma_is_paired) {
  /* in a paired module every tcgen05.mma is cta_group::2, flag or not (§4.2, the lowering) */
  rig r;
  rig_up(&r, K_MMA(PAIRED, "{is_async}"));
  run_to(&r, IR_OP_TTNG_TC_GEN5_MMA);
  step(&r, SIM_TR_AGENT, 1);
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 0);
  step(&r, SIM_TR_AGENT, 0);
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 3);
  rig_down(&r);
}
END_TEST

START_TEST(commit_both_ctas) {
  /* a commit with nothing in flight arrives at once, on the barrier of both CTAs; the
   * follower's commit is not issued, so one count-1 phase completes per CTA */
  const char *k = HDR MOD(PAIRED)
      "  tt.func public @k(%n: i32) {\n"
      "    %c0 = arith.constant 0 : i32\n"
      "    %t = arith.constant true\n"
      "    %bar = ttg.local_alloc : () -> " BAR "\n"
      "    ttng.init_barrier %bar, 1 : " BAR "\n"
      "    ttng.tc_gen5_commit %bar {two_ctas} : " BAR "\n"
      "    ttng.wait_barrier %bar, %c0, %t : " BAR "\n"
      "    tt.return\n  }\n}\n";
  rig r;
  rig_up(&r, k);
  run_to(&r, IR_OP_TTNG_TC_GEN5_COMMIT);
  uint32_t nb = sim_n_barriers(r.m) / 2;
  sim_barinfo b0, b1;
  step(&r, SIM_TR_AGENT, 1);
  sim_barrier_info(r.m, r.st, nb, &b1);
  ck_assert_int_eq(b1.phase, 0);
  step(&r, SIM_TR_AGENT, 0);
  sim_barrier_info(r.m, r.st, 0, &b0);
  sim_barrier_info(r.m, r.st, nb, &b1);
  ck_assert_int_eq(b0.phase, 1);
  ck_assert_int_eq(b1.phase, 1);
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 0);
  rig_down(&r);
}
END_TEST

START_TEST(tma_multicast_pair) {
  /* a two_cta multicast into both CTAs of the pair signals the pair's CTA with the parity of
   * the CTA holding mbar (§2.1): here the leader's barrier gets both CTAs' bytes */
  const char *k = "#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>\n"
      "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
      "#smem = #ttg.shared_memory\n" MOD(PAIRED)
      "  tt.func public @k(%desc: !tt.tensordesc<tensor<32x64xf32, #sh>>, %d0: i32, %d1: i32, %d2: i64, %d3: i64) {\n"
      "    %c0 = arith.constant 0 : i32\n"
      "    %c3 = arith.constant 3 : i32\n"
      "    %t = arith.constant true\n"
      "    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #sh, #smem, mutable>\n"
      "    %bar = ttg.local_alloc : () -> " BAR "\n"
      "    ttng.init_barrier %bar, 1 : " BAR "\n"
      "    %rank = nvgpu.cluster_id\n"
      "    %is0 = arith.cmpi eq, %rank, %c0 : i32\n"
      "    scf.if %is0 {\n"
      "      ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %bar, %t, %c3 {multicast, two_cta = true} : "
      "!tt.tensordesc<tensor<32x64xf32, #sh>>, " BAR " -> !ttg.memdesc<32x64xf32, #sh, #smem, mutable>\n"
      "    }\n"
      "    tt.return\n  }\n}\n";
  rig r;
  rig_up(&r, k);
  /* the leader: init, the implicit cluster sync (the follower joins it), the multicast */
  for (int g = 0; g < 8 && sim_n_events(r.m, r.st) < 2; g++) {
    uint8_t a = enabled(&r, SIM_TR_AGENT, 0) ? 0 : 1;
    ck_assert_msg(step(&r, SIM_TR_AGENT, a) == 0, "%s", r.log.n_viol ? r.log.viol[0].msg : "halted");
  }
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 2);
  sim_fp f[4];
  for (uint32_t e = 0; e < 2; e++) {
    ck_assert_int_ge(sim_event_access(r.m, r.st, e, f), 1);
    ck_assert_uint_eq(f[0].cta, e); /* the data lands in both CTAs */
  }
  step(&r, SIM_TR_EVENT, 0);
  step(&r, SIM_TR_EVENT, 0);
  uint32_t nb = sim_n_barriers(r.m) / 2;
  sim_barinfo b0, b1;
  sim_barrier_info(r.m, r.st, 0, &b0);
  sim_barrier_info(r.m, r.st, nb, &b1);
  ck_assert_int_eq(b0.tx, -2 * 8192);
  ck_assert_int_eq(b1.tx, 0);
  rig_down(&r);
}
END_TEST

START_TEST(cp_async_handles) {
  /* completing a cp.async without a gathered payload is an error, not a silent no-op */
  const char *k = HDR MOD("\"ttg.num-ctas\" = 1 : i32, ") "  tt.func public @k(%n: i32) {\n    tt.return\n  }\n}\n";
  ir_diag d = {0};
  ir_module *mod = ir_parse(k, strlen(k), "t.ttgir", &d);
  ck_assert_ptr_nonnull(mod);
  sim_data *dp = sim_data_new(mod, 1);
  sim_data_err err;
  sim_mview v = {0};
  ck_assert_int_ne(sim_data_cp_async_complete(dp, 0, NULL, &v, &err), 0);
  ck_assert_int_eq(err.status, SIM_DATA_BAD_INPUT);
  ck_assert_int_ne(sim_data_cp_async_complete(dp, 7, NULL, &v, &err), 0);
  sim_data_free(dp);
  ir_module_free(mod);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_pair");
  TCase *t = tcase_create("pair");
  tcase_add_test(t, cluster_size);
  tcase_add_test(t, refusals);
  tcase_add_test(t, init_cluster_sync);
  tcase_add_test(t, leader_issues_for_both);
  tcase_add_test(t, unflagged_mma_is_paired);
  tcase_add_test(t, commit_both_ctas);
  tcase_add_test(t, tma_multicast_pair);
  tcase_add_test(t, cp_async_handles);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
