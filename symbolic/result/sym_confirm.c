/* sym_confirm.c: counterexample confirmation (symbolic/sym.h vf_sym_confirm,
 * vf_sym_confirm_each): the caller's explorer decides, per argument vector or per violation,
 * whether its bug at the violation's arguments is the one the condition describes
 * (cli/cli_symmatch.c), not merely whether it found any bug. No Z3: the command runs it on
 * the result the loaded layer returned (symbolic/result/, tlxv_symresult). */
#include <stdlib.h>
#include <string.h>

#include "symbolic/sym.h"
#include "ir/ir_alloc.h"

int vf_sym_confirm(const ir_module *m, vf_sym_result *r, vf_sym_confirm_fn confirm, void *ctx) {
  int confirmed = 0;
  /* each distinct argument vector is run once; answers are shared */
  const int64_t **asked = NULL;
  int *answer = NULL;
  uint32_t n_asked = 0;
  for (int k = 0; k < VF_SYM__NCOND; k++)
    for (uint32_t v = 0; v < r->cond[k].n_viol; v++) {
      vf_sym_violation *x = &r->cond[k].viol[v];
      int ans = -2;
      for (uint32_t q = 0; q < n_asked && ans == -2; q++)
        if (!memcmp(asked[q], x->args, r->n_args * sizeof *x->args)) ans = answer[q];
      if (ans == -2) {
        ans = confirm(m, x->args, ctx);
        asked = ir_xrealloc(asked, n_asked + 1, sizeof *asked);
        answer = ir_xrealloc(answer, n_asked + 1, sizeof *answer);
        asked[n_asked] = x->args;
        answer[n_asked++] = ans;
      }
      x->confirmed = ans > 0 ? 1 : ans == 0 ? 0 : -1;
      confirmed += ans > 0;
    }
  free(asked);
  free(answer);
  return confirmed;
}

int vf_sym_confirm_each(const ir_module *m, vf_sym_result *r, vf_sym_confirm_each_fn confirm,
                        void *ctx) {
  int confirmed = 0;
  for (int k = 0; k < VF_SYM__NCOND; k++)
    for (uint32_t v = 0; v < r->cond[k].n_viol; v++) {
      vf_sym_violation *x = &r->cond[k].viol[v];
      int ans = confirm(m, (vf_sym_cond)k, x, ctx);
      x->confirmed = ans > 0 ? 1 : ans == 0 ? 0 : -1;
      confirmed += ans > 0;
    }
  return confirmed;
}
