/* report_sym.h: private to traces/: the --symbolic section of the JSON and SARIF reports
 * (report_sym.c), called by report_json.c and report_sarif.c.
 * Ownership: tr_rsym_json returns a new jansson reference (the caller json_decref's it). */
#ifndef TLXV_REPORT_SYM_H
#define TLXV_REPORT_SYM_H

#include <jansson.h>

#include "report.h"

/* The "symbolic" object of the JSON report: {"verdict", "constraints", "seconds",
 * "conditions": [{"name", "result", "instances", "detail", "loc", "message",
 * "counterexample", "trip_count", "iteration", "confirmed", "violations"}]}; a new reference. */
json_t *tr_rsym_json(const tr_rsym *s);

/* SARIF: appends one rule per condition to rules (ids are the condition names), one result per
 * violation to results (level error when the explorer confirmed it, warning otherwise), and a
 * "symbolic" summary (verdict, constraints, result per condition) to props. */
void tr_rsym_sarif(const tr_rsym *s, json_t *rules, json_t *results, json_t *props);

#endif
