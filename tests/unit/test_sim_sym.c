/* test_sim_sym.c: symmetry reduction (sim/sim_sym.c). Two consumer waves that write no LDS
 * part of their own, one step apart in either order, are one state up to symmetry; waves
 * that still write their own part (ws-ring's default waves store after the join) stay apart;
 * a kernel with a thread-id value has no symmetry at all; and the reduced search finds the
 * planted bugs (kind, line) of the search without symmetry, in fewer states. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_sym.h"
#include "verify/vf.h"
#include "check_run.h"

typedef struct rig {
  ir_module *mod;
  sim_machine *m;
  sim_sym *y;
} rig;

static void rig_new(rig *r, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/amd/gfx1250/%s", TLXV_SRC, name);
  ir_diag d = {0};
  r->mod = ir_parse_file(path, &d);
  ck_assert_msg(r->mod, "%s", d.msg);
  sim_opts o = {.mod = r->mod};
  sim_err err;
  r->m = sim_machine_new(&o, &err);
  ck_assert_msg(r->m, "%s", err.msg);
  r->y = sim_sym_new(r->m);
}

static void rig_free(rig *r) {
  sim_sym_free(r->y);
  sim_machine_free(r->m);
  ir_module_free(r->mod);
}

static bool same(sim_hash128 x, sim_hash128 y) { return !memcmp(&x, &y, sizeof x); }

static bool enabled(const sim_trans *en, int n, uint32_t a) {
  for (int k = 0; k < n; k++)
    if (en[k].kind == SIM_TR_AGENT && en[k].who == a) return true;
  return false;
}

/* A state (into st) in which partition wave `prod` has started and agents a and b are both
 * enabled at the same instruction: events complete first, then the producer steps, then the
 * lowest agent. */
static void drive(rig *r, uint8_t *st, uint32_t prod, uint32_t a, uint32_t b) {
  sim_log log = {0};
  ck_assert_int_eq(sim_init(r->m, st, &log), 0);
  sim_trans en[SIM_MAX_TRANS];
  for (int step = 0; step < 400; step++) {
    int n = sim_enabled(r->m, st, en);
    ck_assert_int_gt(n, 0);
    if (sim_agent_status_of(r->m, st, prod) != SIM_AG_IDLE && enabled(en, n, a) && enabled(en, n, b) &&
        sim_agent_pc(r->m, st, a) == sim_agent_pc(r->m, st, b))
      return;
    sim_trans t = en[0];
    for (int k = 0; k < n; k++)
      if (en[k].kind == SIM_TR_EVENT || (en[k].kind == SIM_TR_AGENT && en[k].who == prod)) {
        t = en[k];
        break;
      }
    ck_assert_int_eq(sim_step(r->m, st, t, &log), 0);
  }
  ck_abort_msg("no state with agents %u and %u at one instruction", a, b);
}

/* From the driven state: agent a steps (plain and symmetric hash of the result). */
static void one_step(rig *r, const uint8_t *from, uint32_t a, sim_hash128 *plain, sim_hash128 *sym) {
  uint8_t *st = malloc(sim_state_size(r->m));
  memcpy(st, from, sim_state_size(r->m));
  sim_log log = {0};
  ck_assert_int_eq(sim_step(r->m, st, (sim_trans){SIM_TR_AGENT, a}, &log), 0);
  *plain = sim_state_hash(r->m, st);
  *sym = sim_sym_hash(r->y, r->m, st);
  free(st);
}

START_TEST(free_consumers_meet) {
  rig r;
  rig_new(&r, "ws-tdm4.ok.ttgir");
  ck_assert(r.y);
  ck_assert_str_eq(sim_agent_name(r.m, 1), "wave1");
  ck_assert_str_eq(sim_agent_name(r.m, 2), "wave2");
  ck_assert_str_eq(sim_agent_name(r.m, 4), "partition0.wave4");
  uint8_t *st = calloc(1, sim_state_size(r.m));
  drive(&r, st, 4, 1, 2);
  sim_hash128 p1, s1, p2, s2;
  one_step(&r, st, 1, &p1, &s1);
  one_step(&r, st, 2, &p2, &s2);
  ck_assert(!same(p1, p2)); /* wave 1 ahead, or wave 2 ahead */
  ck_assert(same(s1, s2));  /* the same up to swapping them */
  ck_assert_uint_gt(sim_sym_permuted(r.y), 0);
  free(st);
  rig_free(&r);
}
END_TEST

START_TEST(part_writers_apart) {
  rig r;
  rig_new(&r, "ws-ring.ok.ttgir");
  ck_assert(r.y); /* two groups of two waves */
  ck_assert_str_eq(sim_agent_name(r.m, 0), "wave0");
  ck_assert_str_eq(sim_agent_name(r.m, 1), "wave1");
  uint8_t *st = calloc(1, sim_state_size(r.m));
  drive(&r, st, 2, 0, 1);
  sim_hash128 p0, s0, p1, s1;
  one_step(&r, st, 0, &p0, &s0);
  one_step(&r, st, 1, &p1, &s1);
  /* each default wave still stores its own part of slot 0 after the join (sim_amd_share):
   * not interchangeable, the states stay apart */
  ck_assert(!same(p0, p1));
  ck_assert(!same(s0, s1));
  free(st);
  rig_free(&r);
}
END_TEST

START_TEST(thread_id_no_symmetry) {
  rig r;
  rig_new(&r, "ws-tdm4-tid.bug.ttgir");
  ck_assert(!r.y); /* only waves with thread id >= 32 wait: wave 0 differs */
  vf_opts o = {.sym_after = 1};
  vf_result res = {0};
  vf_explore(r.m, &o, &res);
  ck_assert_int_eq(res.verdict, VF_BUG);
  ck_assert_int_eq(res.bugs[0].v.kind, SIM_BUG_RACE);
  ck_assert_int_eq(sim_ins_loc(r.m, res.bugs[0].v.ins).line, 21);
  ck_assert_str_eq(sim_agent_name(r.m, (uint32_t)res.bugs[0].v.agent), "wave0");
  vf_result_free(&res);
  rig_free(&r);
}
END_TEST

/* The search with symmetry and without: the same verdict and bugs (kind, line), and the
 * symmetric one in fewer than 1/min_factor of the states. */
static void same_bugs(const char *name, int verdict, uint64_t min_factor) {
  rig r;
  rig_new(&r, name);
  ck_assert(r.y);
  vf_opts ys = {.sym_after = 1}, ns = {.no_symmetry = true};
  vf_result y = {0}, n = {0};
  vf_explore(r.m, &ys, &y);
  vf_explore(r.m, &ns, &n);
  ck_assert_int_eq(y.verdict, verdict);
  ck_assert_int_eq(n.verdict, verdict);
  ck_assert_uint_lt(y.st.states * min_factor, n.st.states);
  ck_assert_uint_eq(y.n_bugs, n.n_bugs);
  for (uint32_t k = 0; k < y.n_bugs; k++) {
    ck_assert_int_eq(y.bugs[k].v.kind, n.bugs[k].v.kind);
    ck_assert_int_eq(sim_ins_loc(r.m, y.bugs[k].v.ins).line, sim_ins_loc(r.m, n.bugs[k].v.ins).line);
  }
  vf_result_free(&y);
  vf_result_free(&n);
  rig_free(&r);
}

START_TEST(explorer_ok) { same_bugs("ws-tdm4.ok.ttgir", VF_VERIFIED, 10); }
END_TEST

/* empty counts three of the four consumers: the slow fourth one (any of them) races with the
 * refill; the reduced search still finds it */
START_TEST(explorer_planted) { same_bugs("ws-tdm4-count.bug.ttgir", VF_BUG, 10); }
END_TEST

int main(void) {
  Suite *s = suite_create("sim_sym");
  TCase *t = tcase_create("sym");
  tcase_set_timeout(t, 300);
  tcase_add_test(t, free_consumers_meet);
  tcase_add_test(t, part_writers_apart);
  tcase_add_test(t, thread_id_no_symmetry);
  tcase_add_test(t, explorer_ok);
  tcase_add_test(t, explorer_planted);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
