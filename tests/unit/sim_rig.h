/* sim_rig.h: the fixture the model's unit tests share: a parsed module, its machine and one
 * state, and helpers that fire a transition only after checking that it is enabled. */
#ifndef TLXV_SIM_RIG_H
#define TLXV_SIM_RIG_H

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"

typedef struct rig {
  ir_module *mod;
  sim_machine *m;
  uint8_t *st;
  sim_log log;
  sim_err err; /* why sim_machine_new refused the kernel (rig_try false) */
} rig;

/* Parses text and builds the machine with the options in *o (o->mod is filled in); false, with
 * r->err set, when the model refuses the kernel. A parse error fails the test. */
static inline bool rig_try_opts(rig *r, const char *text, sim_opts *o) {
  ir_diag d = {0};
  memset(r, 0, sizeof *r);
  r->mod = ir_parse(text, strlen(text), "t.ttgir", &d);
  if (!r->mod) ck_abort_msg("parse: %s", d.msg);
  o->mod = r->mod;
  r->m = sim_machine_new(o, &r->err);
  if (!r->m) return false;
  r->st = calloc(1, sim_state_size(r->m));
  ck_assert_int_eq(sim_init(r->m, r->st, &r->log), 0);
  return true;
}

static inline void rig_up_opts(rig *r, const char *text, sim_opts *o) {
  if (!rig_try_opts(r, text, o)) ck_abort_msg("machine: %s", r->err.msg);
}

static inline void rig_down(rig *r) {
  free(r->st);
  sim_machine_free(r->m);
  ir_module_free(r->mod);
}

static inline bool rig_enabled(rig *r, uint8_t kind, uint8_t who) {
  sim_trans en[SIM_MAX_TRANS];
  int n = sim_enabled(r->m, r->st, en);
  for (int k = 0; k < n; k++)
    if (en[k].kind == kind && en[k].who == who) return true;
  return false;
}

/* Fires (kind, who), which must be enabled; sim_step's result. */
static inline int rig_step(rig *r, uint8_t kind, uint8_t who) {
  ck_assert_msg(rig_enabled(r, kind, who), "transition %d/%d not enabled", kind, who);
  return sim_step(r->m, r->st, (sim_trans){kind, who}, &r->log);
}

#endif
