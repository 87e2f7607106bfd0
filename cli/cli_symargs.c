/* cli_symargs.c: the command asks the symbolic layer (symbolic/sym.h vf_sym_suggest_args,
 * through the module libtlxv-sym.so: cli/cli_modload.c) for default argument values where the
 * explorer's argument plan cannot solve the trip counts statically (verify/vf_args.c calls it
 * through vf_argplan.choose), so that the explorer builds and runs without Z3, and the command
 * maps Z3 only when such a kernel asks. Without the module (a broken install) the plan keeps its
 * own choice (vf_args.c choose_defaults: values found from the loop bounds for trip counts 1,
 * 2, S, S+1, 2S+1), after a warning. */
#include <stdlib.h>

#include "cli.h"
#include "ir/ir_alloc.h"

bool vf_cli_sym_defaults(vf_argplan *p) {
  /* nothing left to choose (every integer argument given by --arg): no solver calls */
  bool open = false;
  for (uint32_t k = 0; k < p->n_args; k++) open |= p->is_int[k] && !p->given[k] && !p->companion[k];
  if (!open) return false;
  const vf_sym_api *sym =
      vf_cli_symbolic("warning: default arguments are chosen without the solver");
  if (!sym) return false;
  const char **names = ir_xcalloc(p->n_args + 1, sizeof *names);
  int64_t *vals = ir_xcalloc(p->n_args + 1, sizeof *vals);
  uint32_t nf = 0;
  for (uint32_t k = 0; k < p->n_args; k++)
    if (p->given[k]) {
      names[nf] = p->names[k];
      vals[nf++] = p->value[k];
    }
  /* a resource limit, not a timeout: the same defaults however loaded the machine is (200k
   * units: 4x what the corpus kernels' suggestions need, e.g. ws_add, the Blackwell nest) */
  vf_sym_opts o = {.rlimit = 200000, .fixed_names = names, .fixed_vals = vals, .n_fixed = nf,
                   .align = p->align}; /* whole tiles (vf_align.c) */
  /* the solver's queries share the check's --time-limit (fuzzing: 8 s of Z3 under --time-limit 1) */
  if (p->deadline > 0) {
    double left = p->deadline - vf_now_s();
    if (left <= 0) {
      free(names);
      free(vals);
      return false;
    }
    o.time_limit = left;
  }
  vf_sym_suggestion s;
  int n = sym->suggest_args(p->mod, &o, &s);
  uint32_t nv = 0, vary[8];
  for (uint32_t k = 0; n > 0 && k < s.n_args && k < p->n_args && nv < 8; k++)
    if (s.arg_relevant[k] && p->is_int[k] && !p->given[k] && !p->companion[k]) vary[nv++] = k;
  if (nv) {
    uint32_t ns = (uint32_t)n < VF_MAX_DEFAULTS ? (uint32_t)n : VF_MAX_DEFAULTS;
    p->n_vary = nv;
    p->joint = true;
    for (uint32_t i = 0; i < nv; i++) {
      p->vary_arg[i] = vary[i];
      p->n_vals[i] = ns;
      for (uint32_t j = 0; j < ns; j++) {
        p->vary_vals[i][j] = s.sets[j].args[vary[i]];
        p->trips[i][j] = s.sets[j].trip_count;
      }
      p->value[vary[i]] = p->vary_vals[i][0];
    }
  }
  vf_sym_suggestion_free(&s);
  free(names);
  free(vals);
  return nv > 0;
}
