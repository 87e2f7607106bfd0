/* report_text.c: compiler-style text diagnostics: errors and notes at source locations, the
 * schedule as numbered steps per agent, and a one-line summary. */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "tr_utf8.h"

static void put_loc(FILE *out, ir_loc l) {
  if (l.file && l.line) fprintf(out, "%s:%u:%u", l.file, l.line, l.col);
  else fputs("<unknown>", out);
}

void tr_report_free(tr_report *r) {
  for (uint32_t k = 0; k < r->n_bugs; k++) {
    tr_rbug *b = &r->bugs[k];
    free(b->message);
    for (uint32_t j = 0; j < b->n_related; j++) free(b->related[j].message);
    free(b->related);
    for (uint32_t j = 0; j < b->n_trace; j++) free(b->trace[j].action);
    free(b->trace);
    free(b->args);
    free(b->names_owner);
  }
  free(r->bugs);
  free(r->covered);
  free(r->bound);
  free(r->loops);
  free(r->verified_for);
  free(r->aligned);
  free(r->run_states);
}

bool tr_rbug_is_warning(const tr_rbug *b) {
  return b->severity && !strcmp(b->severity, "warning");
}

uint32_t tr_report_warnings(const tr_report *r) {
  uint32_t n = 0;
  for (uint32_t k = 0; k < r->n_bugs; k++) n += tr_rbug_is_warning(&r->bugs[k]);
  return n;
}

static void write_text(const tr_report *r, FILE *out, bool quiet) {
  for (uint32_t k = 0; k < r->n_bugs; k++) {
    const tr_rbug *b = &r->bugs[k];
    put_loc(out, b->loc);
    fprintf(out, ": %s: %s: %s\n", tr_rbug_is_warning(b) ? "warning" : "error", b->kind, b->message);
    for (uint32_t j = 0; j < b->n_related; j++) {
      put_loc(out, b->related[j].loc);
      fprintf(out, ": note: %s\n", b->related[j].message);
    }
    if (b->n_trace) {
      fprintf(out, "  schedule");
      if (b->args) fprintf(out, " (%s)", b->args);
      if (b->n_trace_full > b->n_trace)
        fprintf(out, ", the %u of %u steps that matter:\n", b->n_trace, b->n_trace_full);
      else
        fprintf(out, ", %u step%s:\n", b->n_trace, b->n_trace == 1 ? "" : "s");
      for (uint32_t j = 0; j < b->n_trace; j++) {
        const tr_rstep *s = &b->trace[j];
        char who[64];
        snprintf(who, sizeof who, "%s#%u", s->agent, s->agent_step);
        fprintf(out, "  %4u. %-20s ", s->index, who);
        put_loc(out, s->loc);
        fprintf(out, "  %s\n", s->action);
      }
    }
  }
  if (quiet) return;
  uint32_t nw = tr_report_warnings(r), ne = r->n_bugs - nw;
  char warns[48] = "";
  if (nw) snprintf(warns, sizeof warns, "%u warning%s", nw, nw == 1 ? "" : "s");
  if (r->covered) fprintf(out, "%s: checked %s\n", r->file, r->covered);
  if (!ne && r->bound) fprintf(out, "%s: inconclusive: %s\n", r->file, r->bound);
  fprintf(out, "%s: %s", r->file, r->verdict);
  char *aligned = ne || r->bound ? NULL : tr_report_aligned_for(r);
  if (ne) fprintf(out, " (%u bug%s%s%s)", ne, ne == 1 ? "" : "s", nw ? ", " : "", warns);
  else if (!r->bound && (r->verified_for || aligned))
    fprintf(out, " for %s%s%s only: no bug in any schedule of those", aligned ? aligned : "",
            aligned && r->verified_for ? " and for " : "", r->verified_for ? r->verified_for : "");
  else if (!r->bound) fputs(": no bug in any schedule", out);
  free(aligned);
  if (!ne && nw) fprintf(out, " (%s)", warns);
  fprintf(out, "; %llu states, %llu transitions", (unsigned long long)r->states,
          (unsigned long long)r->transitions);
  if (r->runs > 1) fprintf(out, ", %llu runs", (unsigned long long)r->runs);
  fputc('\n', out);
  if (r->with_stats) {
    fprintf(out, "stats: %.3f s (exploration %.3f s), %.0f states/s, max depth %u, peak memory %.1f MiB",
            r->seconds, r->explore_seconds,
            r->explore_seconds > 0 ? (double)r->states / r->explore_seconds : 0.0, r->max_depth,
            (double)r->peak_bytes / (1024.0 * 1024.0));
    if (r->reduction > 0) fprintf(out, ", reduction factor %.2f", r->reduction);
    fputc('\n', out);
    if (r->n_run_states > 1) {
      fputs("stats: states per run:", out);
      for (uint32_t k = 0; k < r->n_run_states; k++)
        fprintf(out, " %llu", (unsigned long long)r->run_states[k]);
      fputc('\n', out);
    }
  }
}

/* The report is composed in memory, then written with every ill-formed UTF-8 byte (a file
 * name from loc("..."), a message quoting a value name) as U+FFFD (tr_utf8.h): the same
 * characters the JSON and SARIF reports show. */
void tr_report_text(const tr_report *r, FILE *out, bool quiet) {
  char *text = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&text, &len);
  if (!mem) {
    write_text(r, out, quiet); /* out of memory: the raw bytes rather than nothing */
    return;
  }
  write_text(r, mem, quiet);
  if (fclose(mem) == 0) tr_fput_utf8(out, text, len);
  free(text);
}
