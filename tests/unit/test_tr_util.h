/* test_tr_util.h: helpers for the traces unit tests: load a kernel, build its machine with
 * named integer arguments, run a round-robin schedule, read a written file back, parse DOT. */
#ifndef TLXV_TEST_TR_UTIL_H
#define TLXV_TEST_TR_UTIL_H

#include <check.h>
#include <graphviz/cgraph.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "traces/traces.h"
#include "verify/vf.h"

typedef struct tt_kernel {
  ir_module *mod;
  sim_machine *m;
  tr_sched s;                  /* a round-robin schedule */
  tr_outcome oc;
} tt_kernel;

/* Loads TLXV_SRC/rel, sets integer arguments "name=value,name=value", builds the machine and
 * runs the round-robin schedule. */
static inline void tt_load(tt_kernel *k, const char *rel, const char *args) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, rel);
  ir_diag d = {0};
  memset(k, 0, sizeof *k);
  k->mod = ir_parse_file(path, &d);
  ck_assert_msg(k->mod != NULL, "%s", d.msg ? d.msg : "parse failed");
  const ir_func *fn = k->mod->funcs[0];
  const ir_block *entry = fn->op->regions[0]->blocks[0];
  uint64_t bits[64] = {0};
  ck_assert_uint_le(entry->n_args, 64);
  for (const char *p = args; p && *p;) {
    const char *eq = strchr(p, '='), *end = strchr(p, ',');
    if (!end) end = p + strlen(p);
    for (uint32_t i = 0; i < entry->n_args; i++)
      if (entry->args[i]->name && strlen(entry->args[i]->name) == (size_t)(eq - p) &&
          !strncmp(entry->args[i]->name, p, (size_t)(eq - p)))
        bits[i] = (uint64_t)strtoll(eq + 1, NULL, 10);
    p = *end ? end + 1 : end;
  }
  sim_opts o = {.mod = k->mod, .fn = fn, .args = bits, .n_args = entry->n_args};
  sim_err e;
  k->m = sim_machine_new(&o, &e);
  ck_assert_msg(k->m != NULL, "%s", e.msg);
  tr_err err = {{0}};
  ck_assert_int_eq(tr_sched_round_robin(k->m, 0, NULL, &k->s, &k->oc, &err), 0);
}

/* Replaces k's schedule by the explorer's shortest counterexample (there must be one). */
static inline void tt_explore(tt_kernel *k) {
  vf_opts vo = {0};
  vf_result res = {0};
  ck_assert_int_eq(vf_explore(k->m, &vo, &res), 0);
  ck_assert_msg(res.n_bugs > 0, "the explorer found no bug");
  vf_result_sort(&res);
  tr_sched_free(&k->s);
  for (uint32_t i = 0; i < res.bugs[0].n_path; i++) tr_sched_push(&k->s, res.bugs[0].path[i]);
  memset(&k->oc, 0, sizeof k->oc);
  k->oc.has_bug = true;
  k->oc.bug = res.bugs[0].v;
  k->oc.bug_step = k->s.n;
  vf_result_free(&res);
}

static inline void tt_free(tt_kernel *k) {
  tr_sched_free(&k->s);
  sim_machine_free(k->m);
  ir_module_free(k->mod);
}

/* A temporary output path with the given extension (static buffer per call site). */
static inline const char *tt_tmp(char *buf, size_t n, const char *tag, const char *ext) {
  snprintf(buf, n, "/tmp/tlxv_test_tr_%d_%s.%s", (int)getpid(), tag, ext);
  return buf;
}

/* Whole file as a malloc'd string (caller frees). */
static inline char *tt_slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  ck_assert_msg(f != NULL, "cannot read %s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  ck_assert_uint_eq(fread(s, 1, (size_t)n, f), (size_t)n);
  s[n] = 0;
  fclose(f);
  return s;
}

static inline int tt_count(const char *hay, const char *needle) {
  int k = 0;
  for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) k++;
  return k;
}

/* Parses a DOT file with cgraph (caller agclose's). */
static inline Agraph_t *tt_read_dot(const char *path) {
  FILE *f = fopen(path, "r");
  ck_assert(f != NULL);
  Agraph_t *g = agread(f, NULL);
  fclose(f);
  ck_assert_msg(g != NULL, "%s is not valid DOT", path);
  return g;
}

/* Subgraphs whose name starts with "cluster" (recursively). */
static inline int tt_clusters(Agraph_t *g) {
  int k = 0;
  for (Agraph_t *s = agfstsubg(g); s; s = agnxtsubg(s)) {
    if (!strncmp(agnameof(s), "cluster", 7)) k++;
    k += tt_clusters(s);
  }
  return k;
}

/* The cluster a node sits in ("" when none). */
static inline const char *tt_cluster_of(Agraph_t *g, Agnode_t *n) {
  for (Agraph_t *s = agfstsubg(g); s; s = agnxtsubg(s))
    if (!strncmp(agnameof(s), "cluster", 7) && agidnode(s, AGID(n), 0)) return agnameof(s);
  return "";
}

/* Edge attribute (or "" when unset). */
static inline const char *tt_eattr(Agedge_t *e, const char *name) {
  char *v = agget(e, (char *)name);
  return v ? v : "";
}

#endif
