/* sym_confirm.c: counterexample confirmation asked per violation (vf_sym_confirm_each): the
 * caller's explorer decides whether its bug at the violation's arguments is the one the
 * condition describes (cli/cli_symmatch.c), not merely whether it found any bug. */
#include "sym_internal.h"

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
