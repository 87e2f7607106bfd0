/* cli_symmatch.c: which explorer bug confirms which symbolic counterexample (cli_symmatch.h). */
#include <stdio.h>
#include <string.h>

#include "cli_symmatch.h"

#define K(x) (1u << (x))

uint32_t vf_sym_cond_kinds(vf_sym_cond c) {
  /* a wrong parity or a short / long phase shows as a wait that never passes, one that passes
   * on another phase (phase-alias, or a race at the access it guards), or an arrival beyond
   * the count; a round completing twice ahead of its waiter (back-pressure) likewise */
  const uint32_t sync = K(SIM_BUG_DEADLOCK) | K(SIM_BUG_PHASE_ALIAS) | K(SIM_BUG_RACE) |
                        K(SIM_BUG_OVER_ARRIVAL);
  switch (c) {
  case VF_SYM_PHASE_AGREEMENT: return sync;
  case VF_SYM_ARRIVAL_BALANCE: return sync;
  case VF_SYM_BYTE_BALANCE: return K(SIM_BUG_TX_MISMATCH) | K(SIM_BUG_DEADLOCK) | K(SIM_BUG_OVER_ARRIVAL);
  case VF_SYM_BOUNDS: return K(SIM_BUG_LIFECYCLE) | K(SIM_BUG_RACE); /* an index outside the array */
  case VF_SYM_BACK_PRESSURE: return sync;
  case VF_SYM_PROXY_FENCE: return K(SIM_BUG_PROXY_FENCE);
  case VF_SYM_PROGRESS: return K(SIM_BUG_DEADLOCK);
  default: return 0;
  }
}

/* One source line: the symbolic layer and the explorer name ops by their locations. */
static bool same_line(ir_loc x, ir_loc y) {
  return x.line && x.line == y.line && x.file && y.file && !strcmp(x.file, y.file);
}

static bool at_site(const ir_module *m, const ir_op *op, const vf_sym_bugsite *b) {
  if (!op) return false;
  ir_loc x = sim_op_loc(m, op);
  if (same_line(x, b->loc)) return true;
  for (uint8_t k = 0; k < b->n_rel; k++)
    if (same_line(x, b->rel[k])) return true;
  return false;
}

bool vf_sym_bug_matches(const ir_module *m, vf_sym_cond c, const vf_sym_violation *v,
                        const vf_sym_bugsite *b) {
  if (!(vf_sym_cond_kinds(c) & K(b->kind))) return false;
  if (at_site(m, v->op, b)) return true;
  for (uint32_t k = 0; k < v->n_sites; k++)
    if (at_site(m, v->sites[k], b)) return true;
  return false;
}

const char *vf_sym_bugsite_text(const ir_module *m, const vf_sym_bugsite *b, char *buf, size_t n) {
  char lb[256];
  (void)m;
  snprintf(buf, n, "%s at %s", sim_bug_kind_name((sim_bug_kind)b->kind),
           ir_loc_str(b->loc, lb, sizeof lb));
  return buf;
}
