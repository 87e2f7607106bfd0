/* sym_debug.c: TLXV_SYM_DEBUG=1 prints the layer's events (kind, partition, loop, ring, sequence
 * numbers, why unsupported) and each slow Z3 query to stderr: a developer's aid. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sym_internal.h"

static const char *const kind_names[] = {"wait", "arrive", "expect", "tma_load", "read", "write",
                                         "async_read", "async_wait", "fence", "async_write"};

bool sym_debug_on(void) {
  static int on = -1;
  if (on < 0) on = getenv("TLXV_SYM_DEBUG") && *getenv("TLXV_SYM_DEBUG") == '1';
  return on;
}

void sym_debug_events(sym_ctx *c) {
  if (!sym_debug_on()) return;
  char lb[256];
  for (uint32_t l = 0; l < c->n_loops; l++)
    fprintf(stderr, "sym: loop %u part %d parent %d flat %d/%d/%d\n", l, c->loops[l].part,
            c->loops[l].parent, c->loops[l].flat, c->loops[l].flat_outer, c->loops[l].flat_inner);
  for (uint32_t l = 0; l < c->n_loops; l++)
    for (uint32_t k = 0; k < c->loops[l].n_carried; k++)
      if (c->loops[l].final && c->loops[l].final[k])
        fprintf(stderr, "sym: loop %u carried %u: %s\n", l, k,
                c->loops[l].closed_form[k] ? c->loops[l].closed_form[k] : "(havoc)");
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    fprintf(stderr, "sym: ev %u %s %s part %d loop %d ring %s seq %s%s%lld*it%+lld%s%s%s%s%s\n", i,
            ir_loc_str(e->op->loc, lb, sizeof lb), kind_names[e->kind], e->part, e->loop,
            e->ring >= 0 ? c->rings[e->ring].name : "-", e->has_seq ? "" : "(none) ",
            e->base ? "base+" : "",
            (long long)e->mul, (long long)e->off, e->prefork ? " prefork" : "",
            e->postjoin ? " postjoin" : "", e->hoisted ? " hoisted" : "",
            e->unsupported ? " UNSUPPORTED: " : "",
            e->unsupported ? e->unsupported : "");
  }
}

void sym_debug_what(sym_ctx *c, const char *fmt, ...) {
  if (!sym_debug_on()) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->dbg, sizeof c->dbg, fmt, ap);
  va_end(ap);
}

/* Per category of query (the text of sym_debug_what before " of "): count and CPU seconds,
 * printed by sym_debug_summary. */
static struct { char what[48]; unsigned n; double s; } cats[32];
static unsigned n_cats;

void sym_debug_query(sym_ctx *c, double seconds, Z3_lbool r) {
  if (!sym_debug_on()) return;
  char w[48];
  const char *of = strstr(c->dbg, " of ");
  size_t len = of ? (size_t)(of - c->dbg) : strlen(c->dbg);
  if (len >= sizeof w) len = sizeof w - 1;
  memcpy(w, c->dbg, len);
  w[len] = 0;
  unsigned k = 0;
  while (k < n_cats && strcmp(cats[k].what, w)) k++;
  if (k == n_cats && n_cats < 32) snprintf(cats[n_cats++].what, sizeof cats[0].what, "%s", w);
  if (k < n_cats) {
    cats[k].n++;
    cats[k].s += seconds;
  }
  if (seconds > 0.2 || getenv("TLXV_SYM_ALLQ"))
    fprintf(stderr, "sym: query %.2f s -> %s (%s) [%s]\n", seconds,
            r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "undef", c->dbg,
            (const char *const[]){"raw", "floor", "abs", "slice"}[c->qmode & 3]);
}

void sym_debug_summary(void) {
  if (!sym_debug_on()) return;
  for (unsigned k = 0; k < n_cats; k++)
    fprintf(stderr, "sym: %u queries, %.2f s: %s\n", cats[k].n, cats[k].s, cats[k].what);
}

double sym_debug_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}
