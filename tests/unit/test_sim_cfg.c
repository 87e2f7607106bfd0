/* test_sim_cfg.c: sim_agent_reach (sim_cfg.c), the code an agent may still run from a state,
 * which explain uses to decide whether an observation can follow a halting bug. Along whole
 * schedules of tests/cli/explain/over_delivery.ok.ttgir (a producer / consumer ring over n
 * rounds): every instruction an agent runs later is marked in every earlier state (the marks
 * over-approximate the future), and a finished agent, or a partition joined by a parent that
 * cannot fork it again, marks nothing. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"
#include "check_run.h"

static sim_machine *kernel(ir_module **mod, uint64_t n) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/cli/explain/over_delivery.ok.ttgir", TLXV_SRC);
  ir_diag d = {0};
  *mod = ir_parse_file(path, &d);
  ck_assert_msg(*mod, "%s", d.msg);
  uint64_t args[6] = {0, 0, 0, 0, 0, n};
  sim_opts o = {.mod = *mod, .args = args, .n_args = 6};
  sim_err err;
  sim_machine *m = sim_machine_new(&o, &err);
  ck_assert_msg(m, "%s", err.msg);
  return m;
}

static uint32_t count(const uint8_t *mark, uint32_t n) {
  uint32_t c = 0;
  for (uint32_t i = 0; i < n; i++) c += mark[i];
  return c;
}

/* Runs one schedule (transition `pick` modulo the enabled ones at each state) to its end and
 * checks the marks of every state against the instructions run after it. */
static void one_schedule(uint64_t n, uint32_t pick) {
  ir_module *mod;
  sim_machine *m = kernel(&mod, n);
  uint32_t ni = sim_n_instructions(m), na = sim_n_agents(m);
  ck_assert_uint_eq(na, 2);
  enum { MAX_STEPS = 256 };
  uint8_t *marks = calloc((size_t)MAX_STEPS * na * ni, 1); /* per state, per agent */
  uint32_t ran_agent[MAX_STEPS], ran_ins[MAX_STEPS];
  uint8_t *st = calloc(1, sim_state_size(m));
  sim_log log = {0};
  ck_assert_int_eq(sim_init(m, st, &log), 0);
  uint32_t steps = 0;
  for (;;) {
    ck_assert_uint_lt(steps, MAX_STEPS);
    for (uint32_t a = 0; a < na; a++) sim_agent_reach(m, st, a, &marks[((size_t)steps * na + a) * ni]);
    /* a running or waiting agent's own instruction is marked */
    for (uint32_t a = 0; a < na; a++) {
      int s = sim_agent_status_of(m, st, a);
      if (s == SIM_AG_RUN) ck_assert(marks[((size_t)steps * na + a) * ni + sim_agent_pc(m, st, a)]);
      if (s == SIM_AG_DONE) ck_assert_uint_eq(count(&marks[((size_t)steps * na + a) * ni], ni), 0);
    }
    sim_trans en[SIM_MAX_TRANS];
    int ne = sim_enabled(m, st, en);
    if (!ne) break;
    sim_trans t = en[(pick + steps) % (uint32_t)ne];
    ran_agent[steps] = t.kind == SIM_TR_AGENT ? t.who : UINT32_MAX;
    ck_assert_int_eq(sim_step(m, st, t, &log), 0);
    ran_ins[steps] = log.ins;
    steps++;
  }
  ck_assert(sim_is_final(m, st));
  /* the future is marked */
  for (uint32_t k = 0; k < steps; k++) {
    if (ran_agent[k] == UINT32_MAX) continue;
    for (uint32_t j = 0; j <= k; j++)
      ck_assert_msg(marks[((size_t)j * na + ran_agent[k]) * ni + ran_ins[k]],
                    "n=%llu: instruction %u run by agent %u at step %u is not marked at step %u",
                    (unsigned long long)n, ran_ins[k], ran_agent[k], k, j);
  }
  /* at the end the partition was joined, and the parent cannot fork it again: nothing */
  ck_assert_uint_eq(count(&marks[((size_t)steps * na + 1) * ni], ni), 0);
  /* at the start the partition has not started: its loop (the wait at xp.py:29) is marked */
  bool wait29 = false;
  for (uint32_t i = 0; i < ni; i++)
    if (marks[(size_t)1 * ni + i] && sim_ins_loc(m, i).line == 29) wait29 = true;
  ck_assert(wait29);
  free(st);
  free(marks);
  sim_machine_free(m);
  ir_module_free(mod);
}

START_TEST(future_is_marked) {
  for (uint64_t n = 1; n <= 3; n++)
    for (uint32_t pick = 0; pick < 4; pick++) one_schedule(n, pick);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_cfg");
  TCase *tc = tcase_create("reach");
  tcase_add_test(tc, future_is_marked);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
