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
  if (p->n_fill < VF_MAX_VALS) {
    p->fill_a[p->n_fill] = a;
    p->fill_b[p->n_fill++] = b;
  }
}

enum { FILL_MAX = 1 << 20 }; /* the largest constant fill searched for a loop count */

/* Loop li's trip count (walk order) under the fill a + b * index, the arguments bits; -1 when
 * not computable. */
static int64_t trips_at(const vf_argplan *p, const uint64_t *bits, uint32_t li, int64_t a, int64_t b) {
  static const int32_t pid0[3] = {0, 0, 0};
  sim_static_loop l[VF_MAX_LOOPS];
  uint32_t n = sim_static_loops_fill(p->fn, bits, p->n_args, pid0, p->grid, a, b, true, l, VF_MAX_LOOPS);
  return li < n ? l[li].trips : -1;
}

typedef struct fill_count {
  const vf_argplan *p;
  const uint64_t *bits;
  uint32_t li;
  bool ramp; /* the searched value is the ramp's slope b (a = 0), else the constant a */
} fill_count;

static int64_t count_at_fill(void *ctx, int64_t x) {
  const fill_count *f = ctx;
  return f->ramp ? trips_at(f->p, f->bits, f->li, 0, x) : trips_at(f->p, f->bits, f->li, x, 0);
}

/* A loop whose count comes from loaded values (a grouped GEMM's K loop over a size loaded
 * from the sizes array: ceil(K / BLOCK_K)) takes from the small fixed fills only counts 0
 * and 1, so its ring never wraps. For each loop whose count the constant fill changes, and
 * each of its wrap counts (vf_loop_targets) no fill gives, the smallest constant that gives
 * it (vf_least_giving: as an argument's value is searched) is added as a fill. A loop over the
 * difference of two consecutive entries (a ragged batch's offsets: `cu_seqlens[b + 1] -
 * cu_seqlens[b]`, the TLX varlen attention's KV loop) takes 0 under every constant: its
 * counts come from the ramp's slope instead (fill b * index). Counts are computed at the
 * first argument combination, in the first iteration of the loops around the loop (its
 * bounds may come from their carried values: the persistent loop's tile index); the loop
 * cover reports what the runs took. */
static void fill_for_counts(vf_argplan *p) {
  uint64_t *bits = ir_xcalloc(p->n_args + 1, sizeof *bits);
  vf_argplan_bits(p, 0, bits);
  static const int32_t pid0[3] = {0, 0, 0};
  sim_static_loop l[VF_MAX_LOOPS];
  uint32_t nl = sim_static_loops_fill(p->fn, bits, p->n_args, pid0, p->grid, 1, 0, true, l, VF_MAX_LOOPS);
  for (uint32_t li = 0; li < nl && p->n_fill < VF_MAX_VALS; li++) {
    fill_count f = {p, bits, li, false};
    int64_t lo_t = count_at_fill(&f, 1), hi_t = count_at_fill(&f, FILL_MAX);
    if (lo_t < 0 || hi_t < 0 || lo_t == hi_t) {
      f.ramp = true; /* not the constant's: the ramp's? */
      lo_t = count_at_fill(&f, 1);
      hi_t = count_at_fill(&f, FILL_MAX);
      if (lo_t < 0 || hi_t < 0 || lo_t == hi_t) continue; /* not the fill's */
    }
    int64_t tg[VF_MAX_TARGETS];
    uint32_t nt = vf_loop_targets(p, bits, l[li].op, tg);
    for (uint32_t t = 0; t < nt && p->n_fill < VF_MAX_VALS; t++) {
      bool have = false;
      for (uint32_t k = 0; k < p->n_fill && !have; k++)
        have = trips_at(p, bits, li, p->fill_a[k], p->fill_b[k]) == tg[t];
      if (have || tg[t] > hi_t) continue;
      int64_t x = vf_least_giving(count_at_fill, &f, tg[t], FILL_MAX);
      if (x >= 0) add(p, f.ramp ? 0 : x, f.ramp ? x : 0);
    }
  }
  free(bits);
}

void vf_argplan_fills(vf_argplan *p, const sim_machine *probe) {
  p->n_fill = 0;
  p->n_fill_fixed = 0;
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
  p->n_fill_fixed = p->n_fill;
  fill_for_counts(p);
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
