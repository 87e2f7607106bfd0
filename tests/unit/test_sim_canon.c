/* test_sim_canon.c: canonical states (sim/sim_canon.c): the phase-alias intents of agents that
 * never wait on a barrier again are reset, so two orders of arrivals meet in one state; an
 * intent a later wait reads (the agent's own, or the parent's after the join) is kept, so
 * orders it tells apart stay apart; and the explorer
 * with the canonical states finds the bugs of the plain naive search. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_canon.h"
#include "verify/vf.h"
#include "check_run.h"

/* Partitions 0 and 1 (agents 1, 2) arrive on a barrier of count 1 and never wait on it;
 * partition 2 (agent 3) arrives, then waits on it (its intent is read). */
static const char *KERNEL =
    "#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
    "#smem = #ttg.shared_memory\n"
    "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", "
    "\"ttg.threads-per-warp\" = 32 : i32} {\n"
    "  tt.func public @kernel() {\n"
    "    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>\n"
    "    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>\n"
    "    ttg.warp_specialize(%bar)\n"
    "    default {\n"
    "      ttg.warp_yield\n"
    "    }\n"
    "    partition0(%b: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(4) {\n"
    "      %t = arith.constant true\n"
    "      ttng.arrive_barrier %b, 1, %t : !ttg.memdesc<1xi64, #shared, #smem, mutable>\n"
    "      ttg.warp_return\n"
    "    }\n"
    "    partition1(%b: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(4) {\n"
    "      %t = arith.constant true\n"
    "      ttng.arrive_barrier %b, 1, %t : !ttg.memdesc<1xi64, #shared, #smem, mutable>\n"
    "      ttg.warp_return\n"
    "    }\n"
    "    partition2(%b: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(4) {\n"
    "      %t = arith.constant true\n"
    "      %p = arith.constant 1 : i32\n"
    "      ttng.arrive_barrier %b, 1, %t : !ttg.memdesc<1xi64, #shared, #smem, mutable>\n"
    "      ttng.wait_barrier %b, %p, %t : !ttg.memdesc<1xi64, #shared, #smem, mutable>\n"
    "      ttg.warp_return\n"
    "    } : (!ttg.memdesc<1xi64, #shared, #smem, mutable>) -> ()\n"
    "    tt.return\n"
    "  }\n"
    "}\n";

/* As KERNEL, and the parent waits on the barrier after the join: what the partitions' arrivals
 * met reaches it through the join (the parent takes their maximum), so it is read. */
static char *kernel_join_wait(void) {
  const char *at = strstr(KERNEL, "    tt.return\n");
  const char *wait = "    %tp = arith.constant true\n    %pp = arith.constant 0 : i32\n"
                     "    ttng.wait_barrier %bar, %pp, %tp : !ttg.memdesc<1xi64, #shared, #smem, mutable>\n";
  size_t head = (size_t)(at - KERNEL);
  char *k = malloc(strlen(KERNEL) + strlen(wait) + 1);
  memcpy(k, KERNEL, head);
  strcpy(k + head, wait);
  strcat(k, at);
  return k;
}

typedef struct rig {
  ir_module *mod;
  sim_machine *m;
  sim_canon *c;
  uint8_t *s0;                 /* the state with the partitions started */
} rig;

static void rig_new(rig *r, const char *kernel) {
  ir_diag d = {0};
  r->mod = ir_parse(kernel, strlen(kernel), "canon.ttgir", &d);
  ck_assert_msg(r->mod, "%s", d.msg);
  sim_opts o = {.mod = r->mod};
  sim_err err;
  r->m = sim_machine_new(&o, &err);
  ck_assert_msg(r->m, "%s", err.msg);
  r->c = sim_canon_new(r->m);
  ck_assert(r->c);
  r->s0 = calloc(1, sim_state_size(r->m));
  sim_log log = {0};
  ck_assert_int_eq(sim_init(r->m, r->s0, &log), 0);
  /* the parent alone runs until it forks (init, fork) */
  sim_trans en[SIM_MAX_TRANS];
  for (int k = 0; k < 8 && sim_enabled(r->m, r->s0, en) == 1; k++)
    ck_assert_int_eq(sim_step(r->m, r->s0, en[0], &log), 0);
  ck_assert_int_ge(sim_enabled(r->m, r->s0, en), 3);
}

static void rig_free(rig *r) {
  free(r->s0);
  sim_canon_free(r->c);
  sim_machine_free(r->m);
  ir_module_free(r->mod);
}

/* The state after agents a then b each take one step from the rig's state, canonical or not. */
static sim_hash128 two_steps(rig *r, uint8_t a, uint8_t b, bool canon) {
  uint8_t *st = malloc(sim_state_size(r->m));
  memcpy(st, r->s0, sim_state_size(r->m));
  sim_log log = {0};
  ck_assert_int_eq(sim_step(r->m, st, (sim_trans){SIM_TR_AGENT, a}, &log), 0);
  if (canon) sim_canon_apply(r->c, r->m, st);
  ck_assert_int_eq(sim_step(r->m, st, (sim_trans){SIM_TR_AGENT, b}, &log), 0);
  if (canon) sim_canon_apply(r->c, r->m, st);
  sim_hash128 h = sim_state_hash(r->m, st);
  free(st);
  return h;
}

static bool same(sim_hash128 x, sim_hash128 y) { return !memcmp(&x, &y, sizeof x); }

START_TEST(dead_intents_meet) {
  rig r;
  rig_new(&r, KERNEL);
  /* the second arrival meets phase 1, the first phase 0: the arrivers' intents differ */
  ck_assert(!same(two_steps(&r, 1, 2, false), two_steps(&r, 2, 1, false)));
  /* neither partition waits on the barrier: their intents are reset, the states meet */
  ck_assert(same(two_steps(&r, 1, 2, true), two_steps(&r, 2, 1, true)));
  rig_free(&r);
}
END_TEST

START_TEST(live_intent_kept) {
  rig r;
  rig_new(&r, KERNEL);
  /* partition 2 waits on the barrier after its arrival: what its arrival met is read there
   * (a phase-alias or not), so the two orders stay apart */
  ck_assert(!same(two_steps(&r, 1, 3, true), two_steps(&r, 3, 1, true)));
  rig_free(&r);
}
END_TEST

START_TEST(join_reader_keeps) {
  char *k = kernel_join_wait();
  rig r;
  rig_new(&r, k);
  /* the parent's wait after the join reads what partitions 0 and 1 met: kept apart */
  ck_assert(!same(two_steps(&r, 1, 2, true), two_steps(&r, 2, 1, true)));
  rig_free(&r);
  free(k);
}
END_TEST

/* consan_90 two producers / two consumers: a consumer that never waits arrives ten times on
 * two barriers; its intents made the state count 26 times larger. The reduced search (with the
 * canonical states) finds the bugs (kind, line) of the plain naive search. */
START_TEST(explorer_same_bugs) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/corpus/real/consan_90_ws_two_producers_two_consumers.2.ttgir", TLXV_SRC);
  ir_diag d = {0};
  ir_module *mod = ir_parse_file(path, &d);
  ck_assert_msg(mod, "%s", d.msg);
  sim_opts so = {.mod = mod};
  sim_err err;
  sim_machine *m = sim_machine_new(&so, &err);
  ck_assert_msg(m, "%s", err.msg);
  vf_opts po = {0}, no = {.no_reduction = true};
  vf_result p = {0}, n = {0};
  vf_explore(m, &po, &p);
  vf_explore(m, &no, &n);
  ck_assert_int_eq(p.verdict, VF_BUG);
  ck_assert_int_eq(n.verdict, VF_BUG);
  ck_assert_uint_lt(p.st.states * 20, n.st.states);
  ck_assert_uint_eq(p.n_bugs, n.n_bugs);
  ck_assert_int_eq(p.bugs[0].v.kind, n.bugs[0].v.kind); /* the first bug */
  ck_assert_uint_eq(p.bugs[0].v.ins, n.bugs[0].v.ins);
  for (uint32_t k = 0; k < p.n_bugs; k++) {
    bool found = false;
    for (uint32_t j = 0; j < n.n_bugs; j++)
      found |= p.bugs[k].v.kind == n.bugs[j].v.kind &&
               sim_ins_loc(m, p.bugs[k].v.ins).line == sim_ins_loc(m, n.bugs[j].v.ins).line;
    ck_assert_msg(found, "bug %u of the reduced search not found by the naive one", k);
  }
  vf_result_free(&p);
  vf_result_free(&n);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_canon");
  TCase *t = tcase_create("canon");
  tcase_set_timeout(t, 300);
  tcase_add_test(t, dead_intents_meet);
  tcase_add_test(t, live_intent_kept);
  tcase_add_test(t, join_reader_keeps);
  tcase_add_test(t, explorer_same_bugs);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
