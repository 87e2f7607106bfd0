/* vf_fill.c: the fills of chosen data (vf_run.h, sim/sim_compile_ldchoice.c). When the value of a
 * scalar load from a read-only kernel input reaches control, each argument combination runs
 * with the input memory filled as a + b * index: the constants 1, 0, 2, S, S+1, 2S+1 (S: the
 * deepest barrier ring, as the wrap-around trip counts of arguments are chosen; 2 without a
 * ring), which a loop bound loaded from the input takes directly, and the ramps index and
 * (S+1) * index, under which an offsets array's consecutive entries differ by 1 and S+1 (a
 * ragged slice's size). A fill is a real memory content, so nothing the runs find is
 * infeasible; what they do not cover is every other content, which the report says. */
#include <stdio.h>
#include <stdlib.h>

#include "vf_run.h"
#include "ir/ir_alloc.h"

static void add(vf_argplan *p, int64_t a, int64_t b) {
  for (uint32_t k = 0; k < p->n_fill; k++)
    if (p->fill_a[k] == a && p->fill_b[k] == b) return;
  if (p->n_fill < VF_MAX_DEFAULTS) {
    p->fill_a[p->n_fill] = a;
    p->fill_b[p->n_fill++] = b;
  }
}

void vf_argplan_fills(vf_argplan *p, const sim_machine *probe) {
  p->n_fill = 0;
  p->n_fill_sites = 0;
  if (!probe || !sim_ldchoice_ctl(probe)) return;
  p->n_fill_sites = sim_ldchoice_list(probe, p->fill_site, 4);
  int64_t S = sim_max_ring_depth(probe);
  if (S < 2) S = 2;
  add(p, 1, 0); /* the first fill: the guard runs and probes use it */
  add(p, 0, 0);
  add(p, 2, 0);
  add(p, S, 0);
  add(p, S + 1, 0);
  add(p, 2 * S + 1, 0);
  add(p, 0, 1);
  add(p, 0, S + 1);
}

char *vf_argplan_fill_covered(const vf_argplan *p) {
  if (!p->n_fill) return NULL;
  char buf[768] = "";
  size_t len = (size_t)snprintf(buf, sizeof buf, "loaded value%s at ", p->n_fill_sites > 1 ? "s" : "");
  for (uint32_t k = 0; k < p->n_fill_sites && k < 4 && len < sizeof buf; k++) {
    ir_loc l = sim_op_loc(p->mod, p->fill_site[k]);
    const char *f = l.file ? l.file : "";
    const char *base = f;
    for (const char *c = f; *c; c++)
      if (*c == '/') base = c + 1;
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s:%u", k ? ", " : "", base, l.line);
  }
  if (p->n_fill_sites > 4 && len < sizeof buf)
    len += (size_t)snprintf(buf + len, sizeof buf - len, " and %u more", p->n_fill_sites - 4);
  if (len < sizeof buf) len += (size_t)snprintf(buf + len, sizeof buf - len, " in {");
  bool first = true;
  for (uint32_t k = 0; k < p->n_fill && len < sizeof buf; k++) {
    if (p->fill_b[k]) continue;
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld", first ? "" : ", ", (long long)p->fill_a[k]);
    first = false;
  }
  for (uint32_t k = 0; k < p->n_fill && len < sizeof buf; k++) {
    if (!p->fill_b[k]) continue;
    if (p->fill_b[k] == 1) len += (size_t)snprintf(buf + len, sizeof buf - len, "%sindex", first ? "" : ", ");
    else len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld*index", first ? "" : ", ", (long long)p->fill_b[k]);
    first = false;
  }
  if (len < sizeof buf)
    snprintf(buf + len, sizeof buf - len, "} (their read-only input memory filled with each%s; "
             "other contents not checked)",
             vf_argplan_fill_joint(p) ? ", each fill with one argument combination, not all" : "");
  return ir_xstrdup(buf);
}
