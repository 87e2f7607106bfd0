/* report_aligned.h: private to traces/: the tile-aligned arguments of the default set in the
 * JSON and SARIF reports (report_aligned.c).
 * Ownership: tr_aligned_json's object is a new reference, the caller's (json_decref). */
#ifndef TLXV_REPORT_ALIGNED_H
#define TLXV_REPORT_ALIGNED_H

#include <jansson.h>

#include "report.h"

/* {"partial_tiles": "warn"|"error"|"off", "args": [{"name", "multiple_of", "probe", "findings"}]}
 * (probe null when none was checked); a new reference, NULL when r has no tile-aligned
 * argument. */
json_t *tr_aligned_json(const tr_report *r);

#endif
