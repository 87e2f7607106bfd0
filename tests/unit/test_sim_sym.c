/* test_sim_sym.c: symmetry reduction (sim/sim_sym.c). Two consumer waves that write no LDS
 * part of their own, one step apart in either order, are one state up to symmetry; so are two
 * waves that do, with their parts (ws-ring: every group's parts permuted together); waves
 * that write their own parts of a buffer also read whole stay apart;
 * a kernel with a thread-id value has no symmetry at all; and the reduced search finds the
 * planted bugs (kind, line) of the search without symmetry, in fewer states. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "sim/sim_sym.h"
#include "verify/vf.h"
#include "check_run.h"

typedef struct rig {
  ir_module *mod;
  sim_machine *m;
  sim_sym *y;
} rig;

static void rig_machine(rig *r) {
  sim_opts o = {.mod = r->mod};
  sim_err err;
  r->m = sim_machine_new(&o, &err);
  ck_assert_msg(r->m, "%s", err.msg);
  r->y = sim_sym_new(r->m);
}

static char *read_kernel(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/amd/gfx1250/%s", TLXV_SRC, name);
  FILE *f = fopen(path, "rb");
  ck_assert_msg(f, "%s", path);
  char *buf = calloc(1, 1 << 16);
  size_t n = fread(buf, 1, (1 << 16) - 1, f);
  fclose(f);
  ck_assert_uint_lt(n, (1 << 16) - 1);
  return buf;
}

/* text with the first `at` replaced by `with` (malloc'd) */
static char *replace(const char *text, const char *at, const char *with) {
  const char *p = strstr(text, at);
  ck_assert_msg(p, "%s", at);
  size_t head = (size_t)(p - text);
  char *out = malloc(strlen(text) + strlen(with) + 1);
  memcpy(out, text, head);
  strcpy(out + head, with);
  strcat(out, p + strlen(at));
  return out;
}

/* ws-ring.ok with a read of the whole ring after the join: its slots are written by parts
 * and read whole, so a part of slot 0 and part 0 of the whole buffer are different bytes: the
 * parts cannot be permuted (sim_compile_sym_parts.c) */
static void rig_ring_whole(rig *r) {
  char *k0 = read_kernel("ws-ring.ok.ttgir");
  char *k1 = replace(k0, "#smem = #ttg.shared_memory",
                     "#smem = #ttg.shared_memory\n#blocked3 = #ttg.blocked<{sizePerThread = [1, 1, 8], "
                     "threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 2, 1], order = [2, 1, 0]}>");
  char *k2 = replace(k1, "    tt.return",
                     "    %all = ttg.local_load %buf : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> "
                     "tensor<2x32x64xf16, #blocked3>\n    tt.return");
  ir_diag d = {0};
  r->mod = ir_parse(k2, strlen(k2), "ring-whole.ttgir", &d);
  ck_assert_msg(r->mod, "%s", d.msg);
  free(k0);
  free(k1);
  free(k2);
  rig_machine(r);
}

static void rig_new(rig *r, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/tests/amd/gfx1250/%s", TLXV_SRC, name);
  ir_diag d = {0};
  r->mod = ir_parse_file(path, &d);
  ck_assert_msg(r->mod, "%s", d.msg);
  rig_machine(r);
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

/* A state (into st) in which the partition waves [prod, prod_end) have started, took as many
 * steps and are at one instruction, and agents a and b are both enabled at one instruction: events complete first,
 * then the partition wave that stepped least, then the lowest agent. */
static void drive(rig *r, uint8_t *st, uint32_t prod, uint32_t prod_end, uint32_t a, uint32_t b) {
  sim_log log = {0};
  ck_assert_int_eq(sim_init(r->m, st, &log), 0);
  sim_trans en[SIM_MAX_TRANS];
  uint32_t steps[64] = {0};
  for (int step = 0; step < 400; step++) {
    int n = sim_enabled(r->m, st, en);
    ck_assert_int_gt(n, 0);
    bool alike = sim_agent_status_of(r->m, st, prod) != SIM_AG_IDLE;
    for (uint32_t p = prod + 1; p < prod_end; p++)
      alike &= steps[p] == steps[prod] && sim_agent_pc(r->m, st, p) == sim_agent_pc(r->m, st, prod) &&
               sim_agent_status_of(r->m, st, p) == sim_agent_status_of(r->m, st, prod);
    if (alike && enabled(en, n, a) && enabled(en, n, b) && sim_agent_pc(r->m, st, a) == sim_agent_pc(r->m, st, b))
      return;
    sim_trans t = en[0];
    bool ev = false;
    uint32_t best = UINT32_MAX;
    for (int k = 0; k < n; k++) {
      if (en[k].kind == SIM_TR_EVENT && !ev) {
        t = en[k];
        ev = true;
      }
      if (!ev && en[k].kind == SIM_TR_AGENT && en[k].who >= prod && en[k].who < prod_end && steps[en[k].who] < best) {
        best = steps[en[k].who];
        t = en[k];
      }
    }
    if (t.kind == SIM_TR_AGENT) steps[t.who]++;
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
  drive(&r, st, 4, 5, 1, 2);
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

/* st with agents a and b swapped (their records, words and intents; no events in flight) */
static uint8_t *swapped(const sim_machine *m, const uint8_t *st, uint32_t a, uint32_t b) {
  ck_assert_uint_eq(st_chdr(st)->n_events, 0);
  ck_assert_uint_eq(m->agents[a].env_cap, m->agents[b].env_cap);
  uint8_t *out = malloc(sim_state_size(m));
  memcpy(out, st, sim_state_size(m));
  *st_agent(m, out, a) = *st_cagent(m, st, b);
  *st_agent(m, out, b) = *st_cagent(m, st, a);
  size_t env = m->agents[a].env_cap * sizeof(uint64_t);
  memcpy(st_env(m, out, a), st_cenv(m, st, b), env);
  memcpy(st_env(m, out, b), st_cenv(m, st, a), env);
  memcpy(st_intent(m, out, a, 0), st_intent(m, (void *)st, b, 0), m->n_bars * sizeof(int32_t));
  memcpy(st_intent(m, out, b, 0), st_intent(m, (void *)st, a, 0), m->n_bars * sizeof(int32_t));
  return out;
}

/* ws-ring: both groups store their parts of the slots (the producers in the loop, the
 * default waves after the join), and every access views one slot: a state with parts 0 and 1
 * of both groups swapped (default waves 0, 1 and partition waves 2, 3) is one state up to
 * symmetry; the default waves alone swapped is another state (part 0 of the producers would
 * meet part 1 of the default waves' store) */
START_TEST(parts_permuted) {
  rig r;
  rig_new(&r, "ws-ring.ok.ttgir");
  ck_assert(r.y); /* two groups of two waves */
  ck_assert_str_eq(sim_agent_name(r.m, 0), "wave0");
  ck_assert_str_eq(sim_agent_name(r.m, 2), "partition0.wave2");
  uint8_t *st = calloc(1, sim_state_size(r.m));
  drive(&r, st, 2, 3, 0, 0); /* partition wave 2 started, wave 0 enabled */
  sim_log log = {0};
  ck_assert_int_eq(sim_step(r.m, st, (sim_trans){SIM_TR_AGENT, 0}, &log), 0); /* wave 0 ahead */
  while (st_chdr(st)->n_events) ck_assert_int_eq(sim_step(r.m, st, (sim_trans){SIM_TR_EVENT, 0}, &log), 0);
  uint8_t *t1 = swapped(r.m, st, 0, 1), *both = swapped(r.m, t1, 2, 3);
  ck_assert(!same(sim_state_hash(r.m, st), sim_state_hash(r.m, both)));
  ck_assert(same(sim_sym_hash(r.y, r.m, st), sim_sym_hash(r.y, r.m, both)));
  ck_assert(!same(sim_sym_hash(r.y, r.m, st), sim_sym_hash(r.y, r.m, t1)));
  free(t1);
  free(both);
  free(st);
  rig_free(&r);
}
END_TEST

/* The same with the whole ring read after the join: the parts are not interchangeable (part
 * 0 of the whole buffer is not part 0 of a slot), and every wave still stores its own part:
 * the swapped state stays apart */
START_TEST(part_writers_apart) {
  rig r;
  rig_ring_whole(&r);
  ck_assert(r.y);
  uint8_t *st = calloc(1, sim_state_size(r.m));
  drive(&r, st, 2, 3, 0, 0);
  sim_log log = {0};
  ck_assert_int_eq(sim_step(r.m, st, (sim_trans){SIM_TR_AGENT, 0}, &log), 0);
  while (st_chdr(st)->n_events) ck_assert_int_eq(sim_step(r.m, st, (sim_trans){SIM_TR_EVENT, 0}, &log), 0);
  uint8_t *t1 = swapped(r.m, st, 0, 1), *both = swapped(r.m, t1, 2, 3);
  ck_assert(!same(sim_sym_hash(r.y, r.m, st), sim_sym_hash(r.y, r.m, both)));
  ck_assert(!same(sim_sym_hash(r.y, r.m, st), sim_sym_hash(r.y, r.m, t1)));
  free(t1);
  free(both);
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

/* the ring's producers see `full` count one wave's lanes: the race on a slot (g.py:21) is
 * found with the parts permuted */
START_TEST(explorer_ring_planted) { same_bugs("ws-ring-count.bug.ttgir", VF_BUG, 1); }
END_TEST

int main(void) {
  Suite *s = suite_create("sim_sym");
  TCase *t = tcase_create("sym");
  tcase_set_timeout(t, 300);
  tcase_add_test(t, free_consumers_meet);
  tcase_add_test(t, parts_permuted);
  tcase_add_test(t, part_writers_apart);
  tcase_add_test(t, explorer_ring_planted);
  tcase_add_test(t, thread_id_no_symmetry);
  tcase_add_test(t, explorer_ok);
  tcase_add_test(t, explorer_planted);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
