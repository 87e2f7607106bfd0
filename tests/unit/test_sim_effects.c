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

/* A fresh initial state of m (the caller frees it), the init's log in *log. */
static uint8_t *initial(sim_machine *m, sim_log *log) {
  uint8_t *st = calloc(1, sim_state_size(m));
  ck_assert_int_eq(sim_init(m, st, log), 0);
  return st;
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
  sim_log log = {0};
  uint8_t *st = initial(m, &log);
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

/* Steps the first enabled transition until agent a stands at line `line` (its next op). */
static void run_to_line(sim_machine *m, uint8_t *st, uint32_t a, uint32_t line, sim_log *log) {
  sim_trans en[SIM_MAX_TRANS];
  for (int k = 0; k < 32; k++) {
    if (sim_agent_status_of(m, st, a) == SIM_AG_RUN && sim_ins_loc(m, sim_agent_pc(m, st, a)).line == line) return;
    int n = sim_enabled(m, st, en);
    ck_assert_int_ge(n, 1);
    int pick = 0; /* agent a first, unless it already stands where it should not move */
    for (int j = 0; j < n; j++)
      if (en[j].kind == SIM_TR_AGENT && en[j].who == a) pick = j;
    ck_assert_int_eq(sim_step(m, st, en[pick], log), 0);
  }
  ck_abort_msg("agent %u never reached line %u", a, line);
}

/* Paired-CTA ops (cta_group::2, sim_effects.c pair_effect): the leader's tc_gen5_mma names its
 * operands and accumulator in both CTAs (SIM_FP_PAIR) and the peer CTA, and takes part in the
 * cluster barrier (the peer's exit); the follower's is a no-op with no effect; the leader's commit
 * arrives on the barrier at the same offset in both CTAs; the completion of the MMA's follower half
 * names the follower, so the follower's exit (CTA-scoped) stays dependent on it. */
START_TEST(paired_effects) {
  ir_module *mod;
  sim_machine *m = load("race-mma5-pair.ok.ttgir", &mod);
  sim_log log = {0};
  uint8_t *st = initial(m, &log);
  ck_assert_uint_eq(sim_n_agents(m), 2); /* CTA 0 (leader) and CTA 1 (follower) */
  run_to_line(m, st, 0, 19, &log);
  run_to_line(m, st, 1, 19, &log);
  sim_eff e, f;
  ck_assert(sim_agent_effect(m, st, 0, &e));
  ck_assert(!(e.kind & SIM_E_GLOBAL));
  ck_assert(e.kind & SIM_E_ISSUE);
  ck_assert(e.kind & SIM_E_CLUSTER);
  ck_assert_uint_eq(e.ctas, 3);
  ck_assert_uint_eq(e.n_fp, 3);
  for (uint32_t k = 0; k < 3; k++) {
    ck_assert(e.fp[k].flags & SIM_FP_PAIR);
    ck_assert_uint_eq(e.fp[k].cta, 0);
    sim_fp g = e.fp[k];
    g.flags = SIM_FP_WRITE;
    g.cta = 1; /* the same bytes in the follower: overlap; in a third CTA's pair they would not */
    ck_assert(sim_fp_overlap(&e.fp[k], &g));
    ck_assert(sim_fp_overlap(&g, &e.fp[k]));
    g.cta = 2;
    ck_assert(!sim_fp_overlap(&e.fp[k], &g));
  }
  ck_assert(sim_agent_effect(m, st, 1, &f)); /* the follower's MMA: nothing */
  ck_assert_uint_eq(f.kind, 0);
  ck_assert_uint_eq(f.ctas, 2);
  /* issue it: two MMA events (one per CTA half), no barrier */
  ck_assert_int_eq(sim_step(m, st, (sim_trans){SIM_TR_AGENT, 0}, &log), 0);
  ck_assert_uint_eq(sim_n_events(m, st), 2);
  uint32_t half1 = 2;
  for (uint32_t j = 0; j < 2; j++) {
    sim_event_effect(m, st, j, &e);
    ck_assert(!(e.kind & SIM_E_GLOBAL));
    if (e.ctas & 2) half1 = j;
  }
  ck_assert_uint_lt(half1, 2);
  sim_event_effect(m, st, half1, &e);
  ck_assert_uint_eq(e.ctas, 3);
  sim_eff x; /* the follower's exit */
  memset(&x, 0, sizeof x);
  x.kind = SIM_E_CTA | SIM_E_CLUSTER;
  x.cta = 1;
  x.ctas = 2;
  x.bar = x.bar2 = x.xbar[0] = x.xbar[1] = 0xffff;
  ck_assert(sim_eff_cta_dep(&x, &e));
  /* the leader's commit: the barrier at the same offset in both CTAs */
  ck_assert(sim_agent_effect(m, st, 0, &e));
  ck_assert(!(e.kind & SIM_E_GLOBAL));
  ck_assert(e.kind & SIM_E_SIGNAL);
  ck_assert(e.kind & SIM_E_CLUSTER);
  uint16_t b[4];
  ck_assert_int_eq(bars_of(&e, b), 2);
  uint32_t nb = sim_n_barriers(m) / 2; /* barriers per CTA */
  ck_assert_uint_eq(b[0] % nb, b[1] % nb);
  ck_assert_uint_eq(b[0] / nb, 0);
  ck_assert_uint_eq(b[1] / nb, 1);
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
  tcase_add_test(t, paired_effects);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
