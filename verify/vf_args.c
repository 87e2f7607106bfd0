/* vf_args.c: the argument plan of a check: the kernel's integer arguments, values given with
 * --arg, and for control arguments left open a default set covering ring wrap-around: values
 * giving trip counts 1, 2, S, S+1 and 2S+1 for the deepest barrier ring S. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym.h"
#include "vf_run.h"

int vf_argplan_init(vf_argplan *p, const ir_module *mod, sim_err *err) {
  memset(p, 0, sizeof *p);
  p->mod = mod;
  p->fn = ir_module_kernel(mod);
  p->grid[0] = p->grid[1] = p->grid[2] = 1;
  if (!p->fn || !p->fn->op || !p->fn->op->n_regions || !p->fn->op->regions[0]->n_blocks) {
    snprintf(err->msg, sizeof err->msg, "%s: error: the input has no kernel function to check",
             mod->filename ? mod->filename : "<input>");
    return -1;
  }
  const ir_block *entry = p->fn->op->regions[0]->blocks[0];
  uint32_t n = p->n_args = entry->n_args;
  p->names = calloc(n + 1, sizeof *p->names);
  p->is_int = calloc(n + 1, sizeof *p->is_int);
  p->companion = calloc(n + 1, sizeof *p->companion);
  p->given = calloc(n + 1, sizeof *p->given);
  p->value = calloc(n + 1, sizeof *p->value);
  p->divisor = calloc(n + 1, sizeof *p->divisor);
  for (uint32_t k = 0; k < n; k++) {
    /* the compiler may rely on tt.divisibility: default values honour it */
    const ir_attr *d = p->fn->arg_attrs && p->fn->arg_attrs[k] ? ir_dict_get(p->fn->arg_attrs[k], "tt.divisibility") : NULL;
    p->divisor[k] = d && d->kind == IR_A_INT && d->ival > 1 ? d->ival : 1;
    const ir_value *v = entry->args[k];
    p->names[k] = v->name ? v->name : "";
    p->is_int[k] = v->type && (v->type->kind == IR_T_INT || v->type->kind == IR_T_INDEX);
    p->value[k] = 1;
    /* a !tt.tensordesc argument is followed by its shape (i32) and strides (i64) */
    if (v->type && v->type->kind == IR_T_TENSORDESC && v->type->elem) {
      uint32_t r = v->type->elem->rank;
      for (uint32_t j = k + 1; j < n && j <= k + 2 * r; j++) p->companion[j] = true;
    }
  }
  return 0;
}

void vf_argplan_free(vf_argplan *p) {
  free(p->names);
  free(p->is_int);
  free(p->companion);
  free(p->given);
  free(p->value);
  free(p->divisor);
  memset(p, 0, sizeof *p);
}

int vf_argplan_set(vf_argplan *p, const char *name, int64_t value, sim_err *err) {
  for (uint32_t k = 0; k < p->n_args; k++)
    if (!strcmp(p->names[k], name)) {
      if (!p->is_int[k]) {
        snprintf(err->msg, sizeof err->msg, "%s: error: --arg %s: argument '%s' is not an integer; "
                 "only integer arguments can be given", p->mod->filename, name, name);
        return -1;
      }
      p->given[k] = true;
      p->value[k] = value;
      return 0;
    }
  char list[300] = "";
  size_t len = 0;
  for (uint32_t k = 0; k < p->n_args; k++)
    if (p->is_int[k] && !p->companion[k])
      len += (size_t)snprintf(list + len, len < sizeof list ? sizeof list - len : 0, "%s%s",
                              len ? ", " : "", p->names[k]);
  snprintf(err->msg, sizeof err->msg, "%s: error: --arg %s: the kernel has no argument '%s'; its "
           "integer arguments are: %s", p->mod->filename, name, name, len ? list : "(none)");
  return -1;
}

static int64_t trips_with(const vf_argplan *p, uint64_t *bits, uint32_t k, int64_t v) {
  bits[k] = (uint64_t)v;
  return sim_static_trip_count(p->fn, bits, p->n_args);
}

/* Smallest multiple v >= d of the argument's divisibility d giving exactly `want` trips
 * (trip counts grow with v), or -1. */
static int64_t find_value(const vf_argplan *p, uint64_t *bits, uint32_t k, int64_t want) {
  int64_t d = p->divisor[k];
  int64_t hi = 1;
  while (hi < (1ll << 30) / d && trips_with(p, bits, k, hi * d) < want) hi *= 2;
  if (trips_with(p, bits, k, hi * d) < want) return -1;
  int64_t lo = 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (trips_with(p, bits, k, mid * d) >= want) hi = mid;
    else lo = mid + 1;
  }
  return trips_with(p, bits, k, lo * d) == want ? lo * d : -1;
}

bool vf_argplan_from_symbolic(vf_argplan *p) {
  /* nothing left to choose (every integer argument given by --arg): no solver calls */
  bool open = false;
  for (uint32_t k = 0; k < p->n_args; k++) open |= p->is_int[k] && !p->given[k] && !p->companion[k];
  if (!open) return false;
  const char **names = calloc(p->n_args + 1, sizeof *names);
  int64_t *vals = calloc(p->n_args + 1, sizeof *vals);
  uint32_t nf = 0;
  for (uint32_t k = 0; k < p->n_args; k++)
    if (p->given[k]) {
      names[nf] = p->names[k];
      vals[nf++] = p->value[k];
    }
  vf_sym_opts o = {.timeout_ms = 1000, .fixed_names = names, .fixed_vals = vals, .n_fixed = nf};
  vf_sym_suggestion s;
  int n = vf_sym_suggest_args(p->mod, &o, &s);
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

int vf_argplan_defaults(vf_argplan *p, sim_machine *probe) {
  if (vf_argplan_from_symbolic(p)) return 0;
  uint32_t S = sim_max_ring_depth(probe);
  if (S < 1) S = 1;
  int64_t targets[5] = {1, 2, S, S + 1, 2 * S + 1};
  uint64_t *bits = calloc(p->n_args + 1, sizeof *bits);
  p->n_vary = 0;
  for (uint32_t k = 0; k < p->n_args && p->n_vary < 8; k++) {
    if (p->given[k] || !p->is_int[k] || !sim_arg_is_control(probe, k)) continue;
    uint32_t vi = p->n_vary++;
    p->vary_arg[vi] = k;
    p->n_vals[vi] = 0;
    for (uint32_t j = 0; j < p->n_args; j++) bits[j] = (uint64_t)p->value[j];
    int64_t base = trips_with(p, bits, k, p->divisor[k]);
    bool loops = base >= 0 && trips_with(p, bits, k, (1 << 20) * p->divisor[k]) != base;
    for (int t = 0; t < 5; t++) {
      int64_t v = loops ? find_value(p, bits, k, targets[t]) : targets[t] * p->divisor[k];
      if (v < 0) continue;
      bool dup = false;
      for (uint32_t j = 0; j < p->n_vals[vi]; j++) dup |= p->vary_vals[vi][j] == v;
      if (dup || p->n_vals[vi] >= VF_MAX_DEFAULTS) continue;
      p->vary_vals[vi][p->n_vals[vi]] = v;
      p->trips[vi][p->n_vals[vi]] = loops ? targets[t] : -1;
      p->n_vals[vi]++;
    }
    if (!p->n_vals[vi]) {
      p->vary_vals[vi][0] = 1;
      p->trips[vi][0] = -1;
      p->n_vals[vi] = 1;
    }
    p->value[k] = p->vary_vals[vi][0];
  }
  free(bits);
  return 0;
}

uint32_t vf_argplan_combos(const vf_argplan *p) {
  if (p->joint) return p->n_vary ? p->n_vals[0] : 1;
  uint32_t n = 1;
  for (uint32_t i = 0; i < p->n_vary; i++) {
    n *= p->n_vals[i];
    if (n > VF_MAX_RUNS) return VF_MAX_RUNS;
  }
  return n;
}

/* Which value of varied argument i combination *combo takes (consumes its digit). */
static uint32_t value_index(const vf_argplan *p, uint32_t i, uint32_t *combo) {
  if (p->joint) return *combo < p->n_vals[i] ? *combo : 0;
  uint32_t d = *combo % p->n_vals[i];
  *combo /= p->n_vals[i];
  return d;
}

void vf_argplan_bits(const vf_argplan *p, uint32_t combo, uint64_t *bits) {
  const ir_block *entry = p->fn->op->regions[0]->blocks[0];
  for (uint32_t k = 0; k < p->n_args; k++) {
    const ir_type *t = entry->args[k]->type;
    bits[k] = p->is_int[k] ? sim_trunc((uint64_t)p->value[k], sim_int_width(t)) : 0;
  }
  for (uint32_t i = 0; i < p->n_vary; i++) {
    uint32_t d = value_index(p, i, &combo);
    uint32_t k = p->vary_arg[i];
    bits[k] = sim_trunc((uint64_t)p->vary_vals[i][d], sim_int_width(entry->args[k]->type));
  }
}

char *vf_argplan_describe(const vf_argplan *p, uint32_t combo, const int32_t *pid) {
  char buf[256] = "";
  size_t len = 0;
  for (uint32_t i = 0; i < p->n_vary; i++) {
    uint32_t d = value_index(p, i, &combo);
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld", len ? ", " : "",
                            p->names[p->vary_arg[i]], (long long)p->vary_vals[i][d]);
  }
  if (pid && len < sizeof buf) {
    if (p->grid[1] > 1 || p->grid[2] > 1 || pid[1] || pid[2])
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%sprogram_id=(%d,%d,%d)", len ? ", " : "",
                              pid[0], pid[1], pid[2]);
    else
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%sprogram_id=%d", len ? ", " : "", pid[0]);
  }
  return len ? strdup(buf) : NULL;
}

char *vf_argplan_covered(const vf_argplan *p) {
  if (!p->n_vary) return NULL;
  char buf[512] = "";
  size_t len = 0;
  for (uint32_t i = 0; i < p->n_vary && len < sizeof buf; i++) {
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s in {", i ? "; " : "",
                            p->names[p->vary_arg[i]]);
    for (uint32_t j = 0; j < p->n_vals[i] && len < sizeof buf; j++)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld", j ? ", " : "",
                              (long long)p->vary_vals[i][j]);
    bool trips = p->n_vals[i] && p->trips[i][0] >= 0;
    if (len < sizeof buf) len += (size_t)snprintf(buf + len, sizeof buf - len, "}");
    if (trips && len < sizeof buf) {
      len += (size_t)snprintf(buf + len, sizeof buf - len, " (loop trip counts ");
      for (uint32_t j = 0; j < p->n_vals[i] && len < sizeof buf; j++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%lld", j ? ", " : "",
                                (long long)p->trips[i][j]);
      if (len < sizeof buf) len += (size_t)snprintf(buf + len, sizeof buf - len, ")");
    }
  }
  if (len < sizeof buf)
    snprintf(buf + len, sizeof buf - len, "%s; pass --arg to check other values",
             !p->joint ? "" : p->n_vary > 1 ? ", the i-th values together, chosen by Z3"
                                            : ", chosen by Z3");
  return strdup(buf);
}
