/* test_sim_effects.c: the effects the partial-order reduction reads (sim_effects.c): a
 * tc_gen5_mma with three completion barriers names all three, at its issue and on its
 * completion (the third rides on a tied commit event), instead of depending on everything;
 * and the reduction then agrees with the naive search on the checker kernels built on it. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify/vf.h"
#include "check_run.h"

static sim_machine *load(const char *name, ir_module **mod) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/checkers/%s", TLXV_SRC, name);
  ir_diag d = {0};
  *mod = ir_parse_file(path, &d);
  ck_assert_msg(*mod, "%s", d.msg);
  sim_opts o = {.mod = *mod};
  sim_err err;
  sim_machine *m = sim_machine_new(&o, &err);
  ck_assert_msg(m, "%s", err.msg);
  return m;
}

/* The barriers effect e names, in order, into out (0xffff none); returns how many. */
static int bars_of(const sim_eff *e, uint16_t out[4]) {
  const uint16_t b[4] = {e->bar, e->bar2, e->xbar[0], e->xbar[1]};
  int n = 0;
  for (int k = 0; k < 4; k++)
    if (b[k] != 0xffff) out[n++] = b[k];
  return n;
}

START_TEST(mma_three_barriers) {
  ir_module *mod;
  sim_machine *m = load("mma-barriers.ok.ttgir", &mod);
  uint8_t *st = calloc(1, sim_state_size(m));
  sim_log log = {0};
  ck_assert_int_eq(sim_init(m, st, &log), 0);
  /* run the parent to its fork, then partition0 (agent 1) sits at its tc_gen5_mma */
  sim_trans en[SIM_MAX_TRANS];
  for (int k = 0; k < 16 && sim_agent_status_of(m, st, 1) != SIM_AG_RUN; k++) {
    ck_assert_int_ge(sim_enabled(m, st, en), 1);
    ck_assert_int_eq(en[0].kind, SIM_TR_AGENT);
    ck_assert_uint_eq(en[0].who, 0);
    ck_assert_int_eq(sim_step(m, st, en[0], &log), 0);
  }
  ck_assert_int_eq(sim_agent_status_of(m, st, 1), SIM_AG_RUN);
  sim_eff e;
  ck_assert(sim_agent_effect(m, st, 1, &e));
  ck_assert(e.kind & SIM_E_ISSUE);
  ck_assert(e.kind & SIM_E_SIGNAL);
  ck_assert(!(e.kind & SIM_E_GLOBAL));
  uint16_t issue_bars[4], done_bars[4];
  ck_assert_int_eq(bars_of(&e, issue_bars), 3);
  ck_assert(issue_bars[0] != issue_bars[1] && issue_bars[1] != issue_bars[2] && issue_bars[0] != issue_bars[2]);
  ck_assert(sim_eff_touches(&e, issue_bars[2]));
  /* issue it: the MMA event and one tied commit for the third barrier */
  ck_assert_int_eq(sim_step(m, st, (sim_trans){SIM_TR_AGENT, 1}, &log), 0);
  ck_assert_uint_eq(sim_n_events(m, st), 2);
  sim_event_effect(m, st, 0, &e);
  ck_assert(e.kind & SIM_E_COMPLETE);
  ck_assert(e.kind & SIM_E_ARRIVE1);
  ck_assert(!(e.kind & SIM_E_GLOBAL));
  ck_assert_int_eq(bars_of(&e, done_bars), 3);
  ck_assert(!memcmp(issue_bars, done_bars, sizeof issue_bars[0] * 3));
  /* a wait on the third barrier and the completion share it (the reduction's dependency) */
  sim_eff w = e;
  memset(&w, 0, sizeof w);
  w.kind = SIM_E_WAIT;
  w.bar = issue_bars[2];
  w.bar2 = w.xbar[0] = w.xbar[1] = 0xffff;
  ck_assert(sim_eff_share_bar(&e, &w));
  ck_assert(sim_eff_share_bar(&w, &e));
  free(st);
  sim_machine_free(m);
  ir_module_free(mod);
}
END_TEST

/* The reduction finds the planted race (the default partition reads the accumulator without
 * waiting on the third barrier) and verifies the correct kernel, as the naive search does. */
START_TEST(reduction_agrees) {
  const char *names[2] = {"mma-barriers.ok.ttgir", "mma-barriers.bug.ttgir"};
  for (int f = 0; f < 2; f++) {
    ir_module *mod;
    sim_machine *m = load(names[f], &mod);
    vf_opts po = {0}, no = {.no_reduction = true};
    vf_result p = {0}, n = {0};
    vf_explore(m, &po, &p);
    vf_explore(m, &no, &n);
    ck_assert_int_eq(p.verdict, f ? VF_BUG : VF_VERIFIED);
    ck_assert_int_eq(n.verdict, p.verdict);
    if (f) {
      ck_assert_int_eq(p.bugs[0].v.kind, SIM_BUG_RACE);
      ck_assert_int_eq(n.bugs[0].v.kind, SIM_BUG_RACE);
      ck_assert_uint_eq(sim_ins_loc(m, p.bugs[0].v.ins).line, 21);
      ck_assert_uint_eq(sim_ins_loc(m, n.bugs[0].v.ins).line, 21);
    }
    ck_assert_uint_le(p.st.states, n.st.states);
    vf_result_free(&p);
    vf_result_free(&n);
    sim_machine_free(m);
    ir_module_free(mod);
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_effects");
  TCase *t = tcase_create("effects");
  tcase_add_test(t, mma_three_barriers);
  tcase_add_test(t, reduction_agrees);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
