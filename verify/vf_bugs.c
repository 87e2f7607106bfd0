/* vf_bugs.c: the bug list of a run: merging reports of one root cause (same kind, severity
 * and primary source location), keeping the shortest schedule of each, ordering for output
 * (errors before warnings), and the verdict the errors give. */
#include <stdlib.h>
#include <string.h>

#include "vf.h"
#include "sim/sim_size.h"

static bool same_place(const sim_machine *m, uint32_t a, uint32_t b) {
  if (a == b) return true;
  ir_loc la = sim_ins_loc(m, a), lb = sim_ins_loc(m, b);
  if (!la.line || !lb.line) return false;
  return la.line == lb.line && la.col == lb.col &&
         (la.file == lb.file || (la.file && lb.file && !strcmp(la.file, lb.file)));
}

static void bug_free(vf_bug *b) {
  free(b->path);
  for (int k = 0; k < SIM_MAX_REL; k++) free(b->rel_text[k]);
}

static void bug_set(vf_bug *b, const sim_viol *v, const sim_trans *path, uint32_t n,
                    char *const *rel_text) {
  bug_free(b);
  b->v = *v;
  b->path = NULL;
  b->path = ir_xmalloc((n + 1) * sizeof *b->path, 1);
  if (n) memcpy(b->path, path, n * sizeof *path);
  b->n_path = n;
  for (int k = 0; k < SIM_MAX_REL; k++)
    b->rel_text[k] = rel_text && k < v->n_rel && rel_text[k] ? ir_xstrdup(rel_text[k]) : NULL;
}

vf_bug *vf_result_find(vf_result *r, const sim_machine *m, const sim_viol *v) {
  for (uint32_t k = 0; k < r->n_bugs; k++)
    if (r->bugs[k].v.kind == v->kind && r->bugs[k].v.severity == v->severity &&
        same_place(m, r->bugs[k].v.ins, v->ins))
      return &r->bugs[k];
  return NULL;
}

bool vf_result_keeps(vf_result *r, const sim_machine *m, const sim_viol *v, uint32_t n) {
  vf_bug *b = vf_result_find(r, m, v);
  if (!b || n < b->n_path) return false;
  b->times++;
  return true;
}

void vf_result_add(vf_result *r, const sim_machine *m, const sim_viol *v, const sim_trans *path,
                   uint32_t n, char *const *rel_text) {
  vf_bug *b = vf_result_find(r, m, v);
  if (b) {
    b->times++;
    if (n < b->n_path) {
      bug_set(b, v, path, n, rel_text);
      b->run = r->cur_run;
    }
    return;
  }
  if (r->n_bugs == r->cap_bugs) {
    r->cap_bugs = r->cap_bugs ? 2 * r->cap_bugs : 8;
    r->bugs = ir_xrealloc(r->bugs, r->cap_bugs * sizeof *r->bugs, 1);
  }
  b = &r->bugs[r->n_bugs];
  memset(b, 0, sizeof *b);
  b->found_order = r->n_bugs;
  b->times = 1;
  b->run = r->cur_run;
  r->n_bugs++;
  bug_set(b, v, path, n, rel_text);
}

void vf_result_merge(vf_result *dst, const sim_machine *m, vf_result *src) {
  for (uint32_t k = 0; k < src->n_bugs; k++) {
    vf_bug *b = &src->bugs[k];
    uint32_t saved = dst->cur_run;
    dst->cur_run = b->run;
    vf_result_add(dst, m, &b->v, b->path, b->n_path, b->rel_text);
    dst->cur_run = saved;
  }
  if (src->n_outside && !dst->n_outside++)
    memcpy(dst->outside_why, src->outside_why, sizeof dst->outside_why);
  if (src->bound_hit && !dst->bound_hit) {
    dst->bound_hit = true;
    memcpy(dst->bound_why, src->bound_why, sizeof dst->bound_why);
  }
  dst->st.states += src->st.states;
  dst->st.transitions += src->st.transitions;
  dst->st.revisits += src->st.revisits;
  dst->st.por_pruned += src->st.por_pruned;
  if (src->st.max_depth > dst->st.max_depth) dst->st.max_depth = src->st.max_depth;
  dst->st.seconds += src->st.seconds;
  if (src->st.peak_bytes > dst->st.peak_bytes) dst->st.peak_bytes = src->st.peak_bytes;
}

static int cmp_bug(const void *pa, const void *pb) {
  const vf_bug *a = pa, *b = pb;
  if (a->v.severity != b->v.severity) return a->v.severity < b->v.severity ? -1 : 1; /* errors first */
  if (a->n_path != b->n_path) return a->n_path < b->n_path ? -1 : 1;
  return a->found_order < b->found_order ? -1 : a->found_order > b->found_order;
}

void vf_result_sort(vf_result *r) {
  if (r->n_bugs > 1) qsort(r->bugs, r->n_bugs, sizeof *r->bugs, cmp_bug);
}

uint32_t vf_result_errors(const vf_result *r) {
  uint32_t n = 0;
  for (uint32_t k = 0; k < r->n_bugs; k++) n += r->bugs[k].v.severity == SIM_SEV_ERROR;
  return n;
}

void vf_result_promote_warnings(vf_result *r) {
  for (uint32_t k = 0; k < r->n_bugs; k++) r->bugs[k].v.severity = SIM_SEV_ERROR;
}

vf_verdict vf_result_verdict(const vf_result *r) {
  return vf_result_errors(r) ? VF_BUG : r->bound_hit ? VF_INCONCLUSIVE : VF_VERIFIED;
}

void vf_result_drop_bugs(vf_result *r) {
  for (uint32_t k = 0; k < r->n_bugs; k++) bug_free(&r->bugs[k]);
  r->n_bugs = 0;
}

void vf_result_free(vf_result *r) {
  for (uint32_t k = 0; k < r->n_bugs; k++) bug_free(&r->bugs[k]);
  free(r->bugs);
  memset(r, 0, sizeof *r);
}
