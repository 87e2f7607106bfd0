/* test_sim_async.c: async engines on small hand-written IR: TMA store bulk groups and their
 * waits (§2.2), wgmma groups (§3), TMA byte accounting and multicast (§2.1), tcgen05 commit
 * (§4.4), named barriers (§5), cluster remote arrive (§1.7, §6), exit checks. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/sim_internal.h"
#include "check_run.h"
#include "sim_rig.h"

#define HDR                                                                                   \
  "#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>\n" \
  "#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>\n" \
  "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n" \
  "#smem = #ttg.shared_memory\n"
#define MOD(ctas) "module attributes {\"ttg.num-ctas\" = " #ctas " : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
#define DESC "%desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %d0: i32, %d1: i32, %d2: i64, %d3: i64"
#define BUF "!ttg.memdesc<32x64xf32, #shared, #smem, mutable>"
#define BUF2 "!ttg.memdesc<2x32x64xf32, #shared, #smem, mutable>"
#define BAR "!ttg.memdesc<1xi64, #shared1, #smem, mutable>"
#define BAR1 "!ttg.memdesc<1x1xi64, #shared1, #smem, mutable>"
#define TD "!tt.tensordesc<tensor<32x64xf32, #shared>>"

static void rig_up(rig *r, const char *text) {
  sim_opts o = {0};
  rig_up_opts(r, text, &o);
}

#define enabled rig_enabled
#define step rig_step

static const char *k_stores = HDR MOD(1)
  "  tt.func public @k(" DESC ") {\n"
  "    %c0 = arith.constant 0 : i32\n"
  "    %c1 = arith.constant 1 : i32\n"
  "    %buf = ttg.local_alloc : () -> " BUF2 "\n"
  "    %b0 = ttg.memdesc_index %buf[%c0] : " BUF2 " -> " BUF "\n"
  "    %b1 = ttg.memdesc_index %buf[%c1] : " BUF2 " -> " BUF "\n"
  "    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %b0 : " TD ", " BUF "\n"
  "    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %b1 : " TD ", " BUF "\n"
  "    ttng.async_tma_store_wait {pendings = 1 : i32}\n"
  "    ttng.async_tma_store_wait {pendings = 0 : i32}\n"
  "    tt.return\n  }\n}\n";

START_TEST(bulk_groups) {
  rig r;
  rig_up(&r, k_stores);
  ck_assert_int_eq(step(&r, SIM_TR_AGENT, 0), 0); /* store 0: its own bulk group */
  ck_assert_int_eq(step(&r, SIM_TR_AGENT, 0), 0); /* store 1 */
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 2);
  ck_assert(!enabled(&r, SIM_TR_AGENT, 0));       /* wait_group 1 with 2 pending */
  ck_assert(enabled(&r, SIM_TR_EVENT, 0));
  ck_assert(!enabled(&r, SIM_TR_EVENT, 1));       /* groups complete in commit order */
  ck_assert_int_eq(step(&r, SIM_TR_EVENT, 0), 0);
  ck_assert(enabled(&r, SIM_TR_AGENT, 0));
  ck_assert_int_eq(step(&r, SIM_TR_AGENT, 0), 0);
  ck_assert(!enabled(&r, SIM_TR_AGENT, 0));       /* wait_group 0 */
  ck_assert_int_eq(step(&r, SIM_TR_EVENT, 0), 0);
  ck_assert_int_eq(step(&r, SIM_TR_AGENT, 0), 0);
  ck_assert(sim_is_final(r.m, r.st));
  rig_down(&r);
}
END_TEST

/* An exit with a store still reading shared memory is reported (§9.3). */
START_TEST(exit_with_store_in_flight) {
  rig r;
  char *t = strdup(k_stores);
  char *w = strstr(t, "    ttng.async_tma_store_wait {pendings = 0 : i32}\n");
  memset(w, ' ', strlen("    ttng.async_tma_store_wait {pendings = 0 : i32}"));
  rig_up(&r, t);
  step(&r, SIM_TR_AGENT, 0);
  step(&r, SIM_TR_AGENT, 0);
  step(&r, SIM_TR_EVENT, 0);
  ck_assert_int_eq(step(&r, SIM_TR_AGENT, 0), 0); /* wait_group 1: stops at the end, a store in flight */
  ck_assert_int_eq(r.log.n_viol, 0);
  ck_assert_int_eq(step(&r, SIM_TR_AGENT, 0), -1); /* the kernel ends */
  ck_assert_int_eq(r.log.n_viol, 1);
  ck_assert_int_eq(r.log.viol[0].kind, SIM_BUG_LIFECYCLE);
  rig_down(&r);
  free(t);
}
END_TEST

static const char *k_wgmma = HDR MOD(1)
  "  tt.func public @k(%n: i32) {\n"
  "    %c0 = arith.constant 0 : i32\n"
  "    %acc = arith.constant dense<0.000000e+00> : tensor<32x64xf32, #blocked>\n"
  "    %buf = ttg.local_alloc : () -> " BUF2 "\n"
  "    %b0 = ttg.memdesc_index %buf[%c0] : " BUF2 " -> " BUF "\n"
  "    %x = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>\n"
  "    %d1 = ttng.warp_group_dot %x, %b0, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> * " BUF " -> tensor<32x64xf32, #blocked>\n"
  "    %d2 = ttng.warp_group_dot %x, %b0, %d1 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> * " BUF " -> tensor<32x64xf32, #blocked>\n"
  "    %r:2 = ttng.warp_group_dot_wait %d2, %b0 {pendings = 1 : i32} : tensor<32x64xf32, #blocked>, " BUF "\n"
  "    %s:2 = ttng.warp_group_dot_wait %r#0, %r#1 {pendings = 0 : i32} : tensor<32x64xf32, #blocked>, " BUF "\n"
  "    tt.return\n  }\n}\n";

START_TEST(wgmma_groups) {
  rig r;
  rig_up(&r, k_wgmma);
  step(&r, SIM_TR_AGENT, 0);
  step(&r, SIM_TR_AGENT, 0);
  ck_assert_uint_eq(sim_n_events(r.m, r.st), 2);
  sim_fp f[4];
  ck_assert_int_eq(sim_event_access(r.m, r.st, 0, f), 2); /* reads A and B through the async proxy */
  ck_assert(f[0].flags & SIM_FP_ASYNC);
  ck_assert(!(f[0].flags & SIM_FP_WRITE));
  ck_assert(!enabled(&r, SIM_TR_AGENT, 0));
  ck_assert(!enabled(&r, SIM_TR_EVENT, 1));                 /* wgmma groups retire in order */
  step(&r, SIM_TR_EVENT, 0);
  ck_assert(enabled(&r, SIM_TR_AGENT, 0));                  /* <= 1 pending */
  step(&r, SIM_TR_AGENT, 0);
  ck_assert(!enabled(&r, SIM_TR_AGENT, 0));
  step(&r, SIM_TR_EVENT, 0);
  step(&r, SIM_TR_AGENT, 0);
  ck_assert(sim_is_final(r.m, r.st));
  rig_down(&r);
}
END_TEST

static const char *k_tma = HDR MOD(1)
  "  tt.func public @k(" DESC ") {\n"
  "    %c0 = arith.constant 0 : i32\n"
  "    %t = arith.constant true\n"
  "    %buf = ttg.local_alloc : () -> " BUF2 "\n"
  "    %b0 = ttg.memdesc_index %buf[%c0] : " BUF2 " -> " BUF "\n"
  "    %bars = ttg.local_alloc : () -> " BAR1 "\n"
  "    %bar = ttg.memdesc_index %bars[%c0] : " BAR1 " -> " BAR "\n"
  "    ttng.init_barrier %bar, 1 : " BAR "\n"
  "    ttng.barrier_expect %bar, 8192, %t : " BAR "\n"
  "    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %b0, %bar, %t : " TD ", " BAR " -> " BUF "\n"
  "    ttng.wait_barrier %bar, %c0, %t : " BAR "\n"
  "    tt.return\n  }\n}\n";

START_TEST(tma_bytes) {
  rig r;
  rig_up(&r, k_tma);
  step(&r, SIM_TR_AGENT, 0); /* init */
  step(&r, SIM_TR_AGENT, 0); /* expect 8192: the arrival */
  uint32_t bar = 0;
  sim_barinfo bi;
  sim_barrier_info(r.m, r.st, bar, &bi);
  ck_assert_int_eq(bi.pending, 0);
  ck_assert_int_eq(bi.tx, 8192);
  step(&r, SIM_TR_AGENT, 0); /* TMA load: box 32x64 f32 = 8192 bytes */
  sim_fp f[4];
  ck_assert_int_eq(sim_event_access(r.m, r.st, 0, f), 2);
  ck_assert(f[0].flags & SIM_FP_WRITE);
  ck_assert_uint_eq(f[0].len * f[0].rows, 8192);
  /* ... and reads its global box (§2.1): rows 0..31, cols 0..63 of desc's tensor */
  ck_assert(f[1].flags & SIM_FP_GLOBAL);
  ck_assert(!(f[1].flags & SIM_FP_WRITE));
  char s[96];
  ck_assert_str_eq(sim_fp_str(r.m, &f[1], s, sizeof s), "desc rows 0..31, cols 0..63");
  ck_assert(!enabled(&r, SIM_TR_AGENT, 0)); /* the wait needs the bytes */
  ck_assert_int_eq(step(&r, SIM_TR_EVENT, 0), 0);
  sim_barrier_info(r.m, r.st, bar, &bi);
  ck_assert_int_eq(bi.phase, 1);
  ck_assert_int_eq(bi.tx, 0);
  ck_assert_int_eq(step(&r, SIM_TR_AGENT, 0), 0);
  ck_assert(sim_is_final(r.m, r.st));
  rig_down(&r);
}
END_TEST

START_TEST(tma_bytes_short) {
  /* expect 4096, deliver 8192: the phase never completes (tx goes to -4096) */
  rig r;
  char *t = strdup(k_tma);
  memcpy(strstr(t, "8192, %t"), "4096", 4);
  rig_up(&r, t);
  step(&r, SIM_TR_AGENT, 0);
  step(&r, SIM_TR_AGENT, 0);
  step(&r, SIM_TR_AGENT, 0);
  step(&r, SIM_TR_EVENT, 0);
  sim_barinfo bi;
  sim_barrier_info(r.m, r.st, 0, &bi);
  ck_assert_int_eq(bi.phase, 0);
  ck_assert_int_eq(bi.tx, -4096);
  ck_assert(!enabled(&r, SIM_TR_AGENT, 0));
  rig_down(&r);
  free(t);
}
END_TEST

static const char *k_named = HDR MOD(1)
  "  tt.func public @k(%n: i32) {\n"
  "    %c9 = arith.constant 9 : i32\n"
  "    %c160 = arith.constant 160 : i32\n"
  "    ttg.warp_specialize(%c9, %c160) attributes {requestedRegisters = array<i32: 24>}\n"
  "    default {\n"
  "      ttng.wait_barrier_named %c9, %c160 : i32, i32\n"
  "      ttg.warp_yield\n"
  "    }\n"
  "    partition0(%id: i32, %cnt: i32) num_warps(1) {\n"
  "      ttng.arrive_barrier_named %id, %cnt : i32, i32\n"
  "      ttg.warp_return\n"
  "    } : (i32, i32) -> ()\n"
  "    tt.return\n  }\n}\n";

START_TEST(named_barrier) {
  rig r;
  rig_up(&r, k_named);
  step(&r, SIM_TR_AGENT, 0);                         /* fork */
  step(&r, SIM_TR_AGENT, 0);                         /* bar.sync 9, 160: 128 threads */
  ck_assert_int_eq(sim_agent_status_of(r.m, r.st, 0), SIM_AG_NBWAIT);
  ck_assert(!enabled(&r, SIM_TR_AGENT, 0));
  step(&r, SIM_TR_AGENT, 1);                         /* bar.arrive 9, 160: +32 = 160 */
  ck_assert_int_eq(sim_agent_status_of(r.m, r.st, 0), SIM_AG_RUN); /* released: at the join */
  ck_assert_int_eq(sim_agent_status_of(r.m, r.st, 1), SIM_AG_DONE);
  step(&r, SIM_TR_AGENT, 0);                         /* join, end */
  ck_assert(sim_is_final(r.m, r.st));
  rig_down(&r);
}
END_TEST

START_TEST(named_barrier_reserved_id) {
  rig r;
  char *t = strdup(k_named);
  memcpy(strstr(t, "constant 9 "), "constant 1 ", 11); /* id 1: Triton's start / end barrier */
  rig_up(&r, t);
  step(&r, SIM_TR_AGENT, 0);
  ck_assert_int_eq(step(&r, SIM_TR_AGENT, 0), -1);
  ck_assert_int_eq(r.log.viol[0].kind, SIM_BUG_NAMED_BARRIER);
  rig_down(&r);
  free(t);
}
END_TEST

static const char *k_remote = HDR MOD(2)
  "  tt.func public @k(%n: i32) {\n"
  "    %c0 = arith.constant 0 : i32\n"
  "    %c1 = arith.constant 1 : i32\n"
  "    %t = arith.constant true\n"
  "    %bars = ttg.local_alloc : () -> " BAR1 "\n"
  "    %bar = ttg.memdesc_index %bars[%c0] : " BAR1 " -> " BAR "\n"
  "    ttng.init_barrier %bar, 1 : " BAR "\n"
  "    %rank = nvgpu.cluster_id\n"
  "    %is0 = arith.cmpi eq, %rank, %c0 : i32\n"
  "    scf.if %is0 {\n"
  "      %r = ttng.map_to_remote_buffer %bar, %c1 : " BAR " -> !ttg.memdesc<1xi64, #shared1, #ttng.shared_cluster_memory, mutable>\n"
  "      ttng.arrive_barrier %r, 1 : !ttg.memdesc<1xi64, #shared1, #ttng.shared_cluster_memory, mutable>\n"
  "    } else {\n"
  "      ttng.wait_barrier %bar, %c0, %t : " BAR "\n"
  "    }\n"
  "    tt.return\n  }\n}\n";

START_TEST(cluster_remote_arrive) {
  rig r;
  rig_up(&r, k_remote);
  ck_assert_uint_eq(sim_n_agents(r.m), 2);  /* one parent per CTA */
  /* the kernel has a remote view, so the implicit cluster sync follows the init (tlx-ir.md §0) */
  step(&r, SIM_TR_AGENT, 0);                /* cta0: init */
  step(&r, SIM_TR_AGENT, 1);                /* cta1: init */
  step(&r, SIM_TR_AGENT, 0);                /* cta0: implicit cluster sync: blocks */
  ck_assert_int_eq(sim_agent_status_of(r.m, r.st, 0), SIM_AG_CLWAIT);
  ck_assert(!enabled(&r, SIM_TR_AGENT, 0));
  step(&r, SIM_TR_AGENT, 1);                /* cta1: its arrive completes the generation */
  ck_assert(!enabled(&r, SIM_TR_AGENT, 1)); /* cta1 waits on its own barrier, phase 0 */
  uint32_t b1 = sim_n_barriers(r.m) / 2;    /* CTA 1's copy of the barrier */
  sim_barinfo bi;
  sim_barrier_info(r.m, r.st, b1, &bi);
  ck_assert_int_eq(bi.phase, 0);
  ck_assert_int_eq(step(&r, SIM_TR_AGENT, 0), 0); /* cta0 arrives remotely on CTA 1's barrier */
  sim_barrier_info(r.m, r.st, b1, &bi);
  ck_assert_int_eq(bi.phase, 1);
  sim_barrier_info(r.m, r.st, 0, &bi);
  ck_assert_int_eq(bi.phase, 0);            /* its own copy is untouched */
  ck_assert(enabled(&r, SIM_TR_AGENT, 1));
  rig_down(&r);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_async");
  TCase *t = tcase_create("async");
  tcase_add_test(t, bulk_groups);
  tcase_add_test(t, exit_with_store_in_flight);
  tcase_add_test(t, wgmma_groups);
  tcase_add_test(t, tma_bytes);
  tcase_add_test(t, tma_bytes_short);
  tcase_add_test(t, named_barrier);
  tcase_add_test(t, named_barrier_reserved_id);
  tcase_add_test(t, cluster_remote_arrive);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
