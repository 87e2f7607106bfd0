/* sym_result.c: what the command does with a symbolic result without Z3 (symbolic/sym.h):
 * condition and status names, the verdict, printing, and freeing results and suggestions.
 * Linked by the command directly (tlxv_symresult) and by the Z3 layer; the layer itself,
 * libtlxv-sym.so, is loaded only when Z3 is asked (cli/cli_modload.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symbolic/sym.h"

const char *vf_sym_cond_name(vf_sym_cond c) {
  static const char *const n[VF_SYM__NCOND] = {"phase-agreement", "arrival-balance",
                                               "byte-balance", "bounds", "back-pressure",
                                               "proxy-fence", "progress"};
  return (unsigned)c < VF_SYM__NCOND ? n[c] : "?";
}

const char *vf_sym_status_name(vf_sym_status s) {
  return s == VF_SYM_PROVED ? "proved" : s == VF_SYM_VIOLATED ? "violated" : "unknown";
}

void vf_sym_result_free(vf_sym_result *r) {
  if (!r) return;
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    vf_sym_condres *c = &r->cond[k];
    for (uint32_t v = 0; v < c->n_viol; v++) {
      free(c->viol[v].message);
      free(c->viol[v].args);
      free(c->viol[v].confirm_note);
      free(c->viol[v].sites);
    }
    free(c->viol);
    free(c->detail);
  }
  free(r->error);
  free(r->constraints);
  free(r->arg_names);
  free(r->arg_is_int);
  free(r->arg_relevant);
  memset(r, 0, sizeof *r);
}

int vf_sym_verdict(const vf_sym_result *r) {
  if (r->rc) return 2;
  int v = 0;
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    if (r->cond[k].status == VF_SYM_VIOLATED) return 1;
    if (r->cond[k].status == VF_SYM_UNKNOWN) v = 3;
  }
  return v;
}

void vf_sym_print(const vf_sym_result *r, FILE *out) {
  if (r->rc) {
    fprintf(out, "%s\n", r->error ? r->error : "error");
    return;
  }
  fprintf(out, "symbolic: %s\n", r->constraints ? r->constraints : "");
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    const vf_sym_condres *c = &r->cond[k];
    fprintf(out, "  %-16s %-9s %u instance%s%s%s\n", vf_sym_cond_name((vf_sym_cond)k),
            vf_sym_status_name(c->status), c->n_checked, c->n_checked == 1 ? "" : "s",
            c->detail && c->status != VF_SYM_VIOLATED ? ": " : "",
            c->detail && c->status != VF_SYM_VIOLATED ? c->detail : "");
  }
  /* back-pressure and progress take each wait's round from the lag phase-agreement checks and
   * the round's arrivals from the balances (docs/symbolic.md §2): with one of those violated a
   * "proved" of theirs is about the rounds the waits were meant for, not about what the kernel
   * does (tests/symbolic/padded-commit.bug deadlocks with progress "proved") */
  const char *basis = NULL;
  for (int k = VF_SYM_PHASE_AGREEMENT; k <= VF_SYM_BYTE_BALANCE && !basis; k++)
    if (r->cond[k].status == VF_SYM_VIOLATED) basis = vf_sym_cond_name((vf_sym_cond)k);
  if (basis && (r->cond[VF_SYM_BACK_PRESSURE].status == VF_SYM_PROVED ||
                r->cond[VF_SYM_PROGRESS].status == VF_SYM_PROVED))
    fprintf(out, "  note: back-pressure and progress count the rounds %s defines; with it violated,"
                 " their \"proved\" does not rule out an overwrite or a deadlock\n", basis);
  vf_sym_print_violations(r, out);
}

void vf_sym_print_violations(const vf_sym_result *r, FILE *out) {
  char lb[256];
  if (r->rc) return;
  for (int k = 0; k < VF_SYM__NCOND; k++) {
    const vf_sym_condres *c = &r->cond[k];
    for (uint32_t v = 0; v < c->n_viol; v++) {
      const vf_sym_violation *x = &c->viol[v];
      /* a counterexample the explorer did not reproduce (or reproduced as another bug) is
       * not a bug report of its own: a warning (the run is inconclusive, exit 3, when
       * nothing else is found) */
      bool conf = x->confirmed > 0 && !x->confirm_note;
      fprintf(out, "%s: %s: %s: %s%s%s (", ir_loc_str(x->loc, lb, sizeof lb),
              conf ? "error" : "warning", vf_sym_cond_name((vf_sym_cond)k), x->partition ? x->partition : "",
              x->partition ? ": " : "", x->message ? x->message : "violated");
      bool first = true;
      for (uint32_t a = 0; a < r->n_args; a++)
        if (r->arg_is_int[a] && r->arg_relevant && r->arg_relevant[a]) {
          fprintf(out, "%s%s=%lld", first ? "" : " ", r->arg_names[a], (long long)x->args[a]);
          first = false;
        }
      if (x->has_fill) {
        fprintf(out, "%sloaded inputs=%lld", first ? "" : " ", (long long)x->fill_a);
        if (x->fill_b) fprintf(out, "%+lld*index", (long long)x->fill_b);
        first = false;
      }
      if (x->trip_count >= 0) {
        fprintf(out, "%strip count %lld", first ? "" : ": ", (long long)x->trip_count);
        first = false;
      }
      if (x->confirm_note)
        fprintf(out, "%snot confirmed: %s", first ? "" : "; ", x->confirm_note);
      else if (x->confirmed >= 0)
        fprintf(out, "%s%s by the explorer", first ? "" : "; ",
                x->confirmed ? "confirmed" : "not reproduced");
      fprintf(out, ")\n");
    }
  }
}

void vf_sym_suggestion_free(vf_sym_suggestion *s) {
  if (!s) return;
  for (uint32_t k = 0; k < s->n_sets; k++) free(s->sets[k].args);
  free(s->sets);
  free(s->arg_names);
  free(s->arg_is_int);
  free(s->arg_relevant);
  free(s->error);
  memset(s, 0, sizeof *s);
}
