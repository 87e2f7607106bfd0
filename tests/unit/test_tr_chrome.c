/* test_tr_chrome.c: the Chrome trace timeline: required fields on every event, matching flow
 * pairs, one thread per agent and per engine kind, flows from each release to its wait,
 * blocked waits spanning their blocking, the bug instant; and the replay facts it rests on
 * (which steps released a wait, events followed across steps). */
#include <jansson.h>

#include "test_tr_util.h"
#include "check_run.h"

static json_t *trace_of(tt_kernel *k, const sim_viol *bug, const char *tag) {
  char path[256];
  tt_tmp(path, sizeof path, tag, "json");
  tr_err err = {{0}};
  ck_assert_msg(tr_chrome_write(k->m, k->s.steps, k->s.n, bug, "t", path, &err) == 0, "%s", err.msg);
  json_error_t je;
  json_t *root = json_load_file(path, 0, &je);
  ck_assert_msg(root != NULL, "invalid JSON: %s", je.text);
  unlink(path);
  return root;
}

typedef struct tally {
  int slices, flows_s, flows_f, instants, threads, bugs, blocked, waits_blocked;
  bool engine_load, engine_store;
} tally;

static tally check_events(json_t *root) {
  tally t = {0};
  json_t *ev = json_object_get(root, "traceEvents");
  ck_assert(json_is_array(ev));
  size_t i;
  json_t *e;
  json_t *ids = json_object();
  json_array_foreach(ev, i, e) {
    const char *ph = json_string_value(json_object_get(e, "ph"));
    ck_assert(ph && json_is_string(json_object_get(e, "name")));
    ck_assert(json_is_integer(json_object_get(e, "pid")) && json_is_integer(json_object_get(e, "tid")));
    if (strcmp(ph, "M")) ck_assert(json_is_number(json_object_get(e, "ts")));
    const char *name = json_string_value(json_object_get(e, "name"));
    if (!strcmp(ph, "X")) {
      t.slices++;
      ck_assert(json_number_value(json_object_get(e, "dur")) > 0);
      t.blocked += !strncmp(name, "BLOCKED", 7);
      json_t *bs = json_object_get(json_object_get(e, "args"), "blocked_steps");
      t.waits_blocked += bs != NULL;
    } else if (!strcmp(ph, "s") || !strcmp(ph, "f")) {
      char key[32];
      snprintf(key, sizeof key, "%lld", (long long)json_integer_value(json_object_get(e, "id")));
      json_t *c = json_object_get(ids, key);
      int v = (c ? (int)json_integer_value(c) : 0) + (!strcmp(ph, "s") ? 1 : 100);
      json_object_set_new(ids, key, json_integer(v));
      if (!strcmp(ph, "s")) t.flows_s++; else t.flows_f++;
    } else if (!strcmp(ph, "i")) {
      t.instants++;
      const char *cat = json_string_value(json_object_get(e, "cat"));
      t.bugs += cat && !strcmp(cat, "bug");
    } else if (!strcmp(ph, "M") && !strcmp(name, "thread_name")) {
      t.threads++;
      const char *tn = json_string_value(json_object_get(json_object_get(e, "args"), "name"));
      t.engine_load |= !strcmp(tn, "engine: TMA load");
      t.engine_store |= !strcmp(tn, "engine: TMA store");
    }
  }
  /* every flow id has exactly one start and one finish */
  const char *key;
  json_t *v;
  json_object_foreach(ids, key, v) ck_assert_msg(json_integer_value(v) == 101, "flow id %s unpaired", key);
  json_decref(ids);
  return t;
}

START_TEST(ring_trace_is_valid_and_complete) {
  tt_kernel k;
  tt_load(&k, "tests/traces/pc_ring.ttgir", "n=4");
  json_t *root = trace_of(&k, NULL, "ring");
  tally t = check_events(root);
  ck_assert_int_eq(t.threads, 2); /* default, partition0; no async engine in this kernel */
  ck_assert_int_eq(t.slices, (int)k.s.n); /* one slice per agent step, no events */
  /* flows: 4 full waits + 2 empty waits released by one arrive each */
  ck_assert_int_eq(t.flows_s, 6);
  ck_assert_int_eq(t.flows_f, 6);
  /* phase completions: 8 arrivals complete 8 phases */
  ck_assert_int_eq(t.instants, 8);
  ck_assert_int_eq(t.bugs, 0);
  json_decref(root);
  tt_free(&k);
}
END_TEST

START_TEST(deadlock_trace_has_blocked_slices_and_bug) {
  tt_kernel k;
  tt_load(&k, "tests/traces/pc_ring.noarrive.ttgir", "n=4");
  ck_assert(k.oc.stuck);
  json_t *root = trace_of(&k, &k.oc.bug, "dead");
  tally t = check_events(root);
  ck_assert_int_eq(t.blocked, 2);
  ck_assert_int_eq(t.bugs, 1);
  json_t *od = json_object_get(root, "otherData");
  ck_assert(json_is_true(json_object_get(od, "deadlock")));
  json_decref(root);
  tt_free(&k);
}
END_TEST

START_TEST(corpus_trace_has_engine_tracks) {
  tt_kernel k;
  tt_load(&k, "tests/corpus/gluon/ws_add.bug0.ttgir", "xnumel=256,ynumel=2048");
  json_t *root = trace_of(&k, NULL, "ws");
  tally t = check_events(root);
  ck_assert(t.engine_load && t.engine_store);
  ck_assert_int_ge(t.threads, 5);
  /* 32 iterations x (2 TMA loads + 1 TMA store) events, each with an issue flow, plus the
   * releases of 32 x 5 mbarrier waits that did not pass on a fresh barrier */
  ck_assert_int_ge(t.flows_s, 96);
  json_decref(root);
  tt_free(&k);
}
END_TEST

START_TEST(replay_releasers_and_events) {
  tt_kernel k;
  tt_load(&k, "tests/corpus/gluon/ws_add.bug0.ttgir", "xnumel=256,ynumel=2048");
  tr_err err = {{0}};
  tr_run *r = tr_replay(k.m, k.s.steps, k.s.n, &err);
  ck_assert_msg(r != NULL, "%s", err.msg);
  ck_assert(r->out.final && !r->out.has_bug);
  ck_assert_uint_eq(r->n_steps, k.s.n);
  uint32_t waits = 0, fresh = 0, loads = 0, stores = 0;
  for (uint32_t i = 0; i < r->n_steps; i++) {
    const tr_step *s = &r->steps[i];
    if (s->kind != TR_S_WAIT) continue;
    waits++;
    uint32_t rel[16];
    uint32_t n = tr_run_releasers(r, i, rel, 16);
    if (s->wait_phase < 0) {
      fresh++;
      ck_assert_uint_eq(n, 0);
      continue;
    }
    ck_assert_uint_ge(n, 1);
    for (uint32_t j = 0; j < n && j < 16; j++) ck_assert_uint_lt(rel[j], i);
    /* the input ring's phase is fed by one expect and two TMA completions */
    if (!strncmp(s->obj, "lr[", 3)) ck_assert_uint_eq(n, 3);
  }
  /* 32 iterations: compute waits lr and ce, load waits le, store waits cr */
  ck_assert_uint_eq(waits, 4 * 32);
  ck_assert_uint_eq(fresh, 4); /* le[0], le[1], ce[0], ce[1] pass on fresh barriers */
  for (uint32_t e = 0; e < r->n_events; e++) {
    ck_assert_uint_ne(r->events[e].done_step, UINT32_MAX);
    ck_assert_uint_lt(r->events[e].issue_step, r->events[e].done_step);
    loads += !strcmp(r->events[e].kind, "TMA load");
    stores += !strcmp(r->events[e].kind, "TMA store");
  }
  ck_assert_uint_eq(loads, 64);
  ck_assert_uint_eq(stores, 32);
  tr_run_free(r);
  tt_free(&k);
}
END_TEST

START_TEST(write_error_is_reported) {
  tt_kernel k;
  tt_load(&k, "tests/traces/pc_ring.ttgir", "n=2");
  tr_err err = {{0}};
  ck_assert_int_eq(tr_chrome_write(k.m, k.s.steps, k.s.n, NULL, NULL, "/nonexistent/d/t.json", &err), -1);
  ck_assert(strstr(err.msg, "/nonexistent/d/t.json: error:") != NULL);
  /* a schedule that does not fit the machine: an event completion before anything was issued */
  sim_trans bad[2] = {k.s.steps[0], {.kind = SIM_TR_EVENT, .who = 0}};
  char path[256];
  tt_tmp(path, sizeof path, "bad", "json");
  ck_assert_int_eq(tr_chrome_write(k.m, bad, 2, NULL, NULL, path, &err), -1);
  ck_assert_msg(strstr(err.msg, "step 2 of the 2-step schedule is not enabled") != NULL, "%s", err.msg);
  tt_tmp(path, sizeof path, "bad", "svg");
  ck_assert_int_eq(tr_graph_write(k.m, bad, 2, NULL, path, &err), -1);
  ck_assert(strstr(err.msg, "not enabled") != NULL);
  unlink(path);
  tt_free(&k);
}
END_TEST

int main(void) {
  Suite *s = suite_create("tr_chrome");
  TCase *tc = tcase_create("chrome");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, ring_trace_is_valid_and_complete);
  tcase_add_test(tc, deadlock_trace_has_blocked_slices_and_bug);
  tcase_add_test(tc, corpus_trace_has_engine_tracks);
  tcase_add_test(tc, replay_releasers_and_events);
  tcase_add_test(tc, write_error_is_reported);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
