/* sym_report.c: turns Z3 answers into per-condition results: violations with minimised
 * concrete arguments, unknown instances, and the final status of each condition. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

char *sym_strdup(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  char *d = ir_xmalloc(n, 1);
  memcpy(d, s, n);
  return d;
}

char *sym_fmt(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *s = ir_xmalloc((size_t)n + 1, 1);
  va_start(ap, fmt);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return s;
}

const char *sym_part_label(sym_ctx *c, int part) {
  return part >= 0 && (uint32_t)part < c->n_parts ? c->parts[part].label : "kernel";
}

const char *sym_slot_text(sym_ctx *c, const sym_event *e, char *buf, size_t n) {
  const char *name = e->ring >= 0 ? c->rings[e->ring].name : "?";
  if (!e->has_seq || e->ring < 0 || c->rings[e->ring].n == 1) snprintf(buf, n, "%s", name);
  else if (e->seqt) snprintf(buf, n, "%s (after the loop)", name);
  else if (e->base) snprintf(buf, n, "%s (continuing an earlier loop's sequence)", name);
  else if (sym_multi_step(c, e)) /* several slots per padded step */
    snprintf(buf, n, "%s[(%lld * i %s %lld) %% %lld]", name, (long long)e->mul,
             e->off < 0 ? "-" : "+", (long long)(e->off < 0 ? -e->off : e->off),
             (long long)c->rings[e->ring].n);
  else if (e->mul != 1)
    snprintf(buf, n, "%s[%lld]", name, (long long)sym_ring_slot(&c->rings[e->ring], e->off));
  else if (c->rings[e->ring].split_m) /* a sub-ring: the allocation's slot */
    snprintf(buf, n, "%s[%lld * ((i %s %lld) %% %lld) + %lld]", name,
             (long long)c->rings[e->ring].split_m, e->off < 0 ? "-" : "+",
             (long long)(e->off < 0 ? -e->off : e->off), (long long)c->rings[e->ring].n,
             (long long)c->rings[e->ring].split_r);
  else if (e->off == 0) snprintf(buf, n, "%s[i %% %lld]", name, (long long)c->rings[e->ring].n);
  else snprintf(buf, n, "%s[(i %s %lld) %% %lld]", name, e->off < 0 ? "-" : "+",
                (long long)(e->off < 0 ? -e->off : e->off), (long long)c->rings[e->ring].n);
  return buf;
}

void sym_note_unknown(vf_sym_condres *r, const char *fmt, ...) {
  r->n_unknown++;
  va_list ap;
  if (sym_debug_on()) { /* every reason, not only the first the report keeps */
    fputs("sym: unknown: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
  }
  if (r->detail) return; /* keep the first reason */
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  r->detail = ir_xmalloc((size_t)n + 1, 1);
  va_start(ap, fmt);
  vsnprintf(r->detail, (size_t)n + 1, fmt, ap);
  va_end(ap);
}

vf_sym_violation *sym_violation(sym_ctx *c, vf_sym_condres *r, const ir_op *op, int part,
                                Z3_ast phi, int loop, Z3_ast iter, bool tainted,
                                const Z3_ast *extra, unsigned n_extra, int64_t *extra_out,
                                Z3_lbool *st) {
  /* a tainted instance can only be proved or unknown: when the condition is unknown already,
   * its answer changes nothing, so it is not asked (counted unknown) */
  if (tainted && r->n_unknown) {
    *st = Z3_L_UNDEF;
    r->n_unknown++;
    return NULL;
  }
  int64_t *args = ir_xcalloc(c->n_args ? c->n_args : 1, sizeof *args);
  int64_t trip = -1, it = -1;
  Z3_ast trip_t = loop >= 0 ? c->loops[loop].trip : NULL;
  /* a model of a tainted instance only makes it unknown: no counterexample to minimise; after
   * an instance of the condition ran out of its limit, the others get less (c->vc_undef) */
  uint64_t full = c->rlimit;
  c->rlimit >>= 2 * (c->vc_undef < 2 ? c->vc_undef : 2);
  /* a tainted instance over keyed loads only is a proof for every content of read-only memory
   * (sym_load.c): it gets SYM_KEYED_MUL times the limit (a ragged kernel's trip count carries
   * the loaded value's products), any other one SYM_TAINTED_DIV-th of it */
  bool keyed = tainted && sym_keyed_only(c, phi);
  if (tainted && sym_debug_on())
    fprintf(stderr, "sym: tainted instance (%s)%s\n", c->dbg, keyed ? ": keyed loads only" : "");
  c->cex_small = true; /* a counterexample may come from small arguments (sym_ctx.c) */
  *st = tainted ? sym_sat_rl(c, phi, keyed ? c->rlimit * SYM_KEYED_MUL : c->rlimit / SYM_TAINTED_DIV)
                : sym_cex(c, phi, trip_t, iter, extra, n_extra, args, &trip, &it, extra_out);
  c->cex_small = false;
  c->rlimit = full;
  if (*st == Z3_L_UNDEF) c->vc_undef++;
  if (*st != Z3_L_TRUE || tainted) {
    if (*st == Z3_L_UNDEF && c->deadline > 0 && sym_past_deadline(c))
      sym_note_unknown(r, "the --time-limit ran out before Z3 answered");
    else if (*st == Z3_L_UNDEF)
      sym_note_unknown(r, "Z3 gave no answer within its resource limit (rlimit %llu)%s%s",
                       (unsigned long long)c->rlimit,
                       c->errbuf[0] ? ": " : "", c->errbuf);
    else if (*st == Z3_L_TRUE) {
      char lb[256];
      sym_note_unknown(r, "%s in %s (%s) may fail depending on a value the encoding does not "
                       "model (loaded data, a clock, an unproved loop-carried value, ...)",
                       ir_ops[op->code].name, sym_part_label(c, part),
                       ir_loc_str(op->loc, lb, sizeof lb));
    }
    free(args);
    return NULL;
  }
  uint32_t max = c->o->max_viol ? c->o->max_viol : 4;
  if (r->n_viol >= max) { /* the condition is violated already; drop the extra counterexample */
    free(args);
    return NULL;
  }
  r->viol = ir_xrealloc(r->viol, r->n_viol + 1, sizeof *r->viol);
  vf_sym_violation *v = &r->viol[r->n_viol++];
  memset(v, 0, sizeof *v);
  v->loc = op->loc;
  v->op = op;
  v->partition = sym_part_label(c, part);
  v->args = args;
  v->trip_count = trip;
  v->iteration = it;
  v->has_fill = c->cex_has_fill;
  v->fill_a = c->cex_fill_a;
  v->fill_b = c->cex_fill_b;
  v->confirmed = -1;
  return v;
}

void sym_violation_move(sym_ctx *c, vf_sym_violation *v, const ir_op *op, int part) {
  v->loc = op->loc;
  v->op = op;
  v->partition = sym_part_label(c, part);
}

static int cmp_viol(const void *a, const void *b) {
  const vf_sym_violation *x = a, *y = b;
  if (x->trip_count != y->trip_count) return x->trip_count < y->trip_count ? -1 : 1;
  if (x->iteration != y->iteration) return x->iteration < y->iteration ? -1 : 1;
  if (x->loc.line != y->loc.line) return x->loc.line < y->loc.line ? -1 : 1;
  return 0;
}

void sym_finish_cond(vf_sym_condres *r, const char *proved_detail) {
  if (r->n_viol) {
    r->status = VF_SYM_VIOLATED;
    qsort(r->viol, r->n_viol, sizeof *r->viol, cmp_viol);
  } else if (r->n_unknown) {
    r->status = VF_SYM_UNKNOWN;
  } else {
    r->status = VF_SYM_PROVED;
    free(r->detail);
    r->detail = sym_strdup(proved_detail);
  }
}
