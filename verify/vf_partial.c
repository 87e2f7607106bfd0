/* vf_partial.c: partial-tile probes. The default arguments are whole tiles (vf_align.c); each
 * tile-aligned argument is also checked at one partial tile (its alignment plus its
 * tt.divisibility), and what only that run finds is reported apart: a kernel that is correct
 * for whole tiles only (Triton's Blackwell attention example, whose host launches whole tiles)
 * gets a warning naming the values, not a bug report, unless --partial-tiles error says the
 * host passes partial tiles. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "vf_run.h"
#include "ir/ir_alloc.h"

static const char *const mode_names[] = {"warn", "error", "off"};

bool vf_partial_mode_parse(const char *s, vf_partial_mode *out) {
  for (int k = 0; k < 3; k++)
    if (!strcmp(s, mode_names[k])) {
      *out = (vf_partial_mode)k;
      return true;
    }
  return false;
}

const char *vf_partial_mode_name(vf_partial_mode m) { return mode_names[m <= VF_PARTIAL_OFF ? m : 0]; }

/* Appends tail to msg (size n), shortening msg with "..." when both do not fit. */
static void append(char *msg, size_t n, const char *tail) {
  size_t lm = strlen(msg), lt = strlen(tail);
  if (lm + lt + 1 > n) {
    size_t keep = n > lt + 4 ? n - lt - 4 : 0;
    if (keep < lm) {
      memcpy(msg + keep, "...", 4);
      lm = keep + 3;
    }
  }
  snprintf(msg + lm, n - lm, "%s", tail);
}

void vf_partial_fold(const vf_argplan *p, uint32_t probe, vf_partial_mode mode, const sim_machine *m,
                     vf_result *dst, vf_result *src, uint32_t *found) {
  assert(probe < p->n_probes);
  uint32_t k = p->aligned_arg[probe];
  char tail[200];
  snprintf(tail, sizeof tail, " (only when %s is not a multiple of %lld, e.g. %s=%lld%s)", p->names[k],
           (long long)p->align[k], p->names[k], (long long)p->probe_val[probe],
           mode == VF_PARTIAL_ERROR ? "" : "; if the host can pass such values this is a bug");
  for (uint32_t b = 0; b < src->n_bugs; b++) {
    sim_viol *v = &src->bugs[b].v;
    sim_viol as_err = *v, as_warn = *v;
    as_err.severity = SIM_SEV_ERROR;
    as_warn.severity = SIM_SEV_WARNING;
    if (vf_result_find(dst, m, &as_err) || vf_result_find(dst, m, &as_warn)) continue;
    if (mode != VF_PARTIAL_ERROR) v->severity = SIM_SEV_WARNING;
    append(v->msg, sizeof v->msg, tail);
    if (!vf_result_find(dst, m, v)) found[probe]++;
    uint32_t saved = dst->cur_run;
    dst->cur_run = src->bugs[b].run;
    vf_result_add(dst, m, v, src->bugs[b].path, src->bugs[b].n_path, src->bugs[b].rel_text);
    dst->cur_run = saved;
  }
  vf_result_drop_bugs(src);
  /* the rest (statistics, a bound hit) as a merge of a result without bugs */
  uint32_t outside = src->n_outside;
  src->n_outside = 0; /* a probe outside the kernel's contract is not a whole-tile run skipped */
  vf_result_merge(dst, m, src);
  src->n_outside = outside;
}
