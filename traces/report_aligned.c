/* report_aligned.c: how the reports state the tile-aligned default arguments
 * (verify/vf_align.c): the verdict's qualification in text, an object in JSON and SARIF. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_alloc.h"
#include "report_aligned.h"
#include "tr_utf8.h"

char *tr_report_aligned_for(const tr_report *r) {
  bool qualify = false;
  for (uint32_t k = 0; k < r->n_aligned; k++) qualify |= !r->aligned[k].probe || r->aligned[k].findings;
  if (!qualify) return NULL;
  char buf[512];
  size_t len = (size_t)snprintf(buf, sizeof buf, "tile-aligned arguments (");
  for (uint32_t k = 0; k < r->n_aligned && len < sizeof buf; k++)
    len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s a multiple of %lld", k ? ", " : "",
                            r->aligned[k].name, (long long)r->aligned[k].multiple_of);
  bool warn = !r->partial_tiles || strcmp(r->partial_tiles, "error");
  for (uint32_t k = 0; k < r->n_aligned && len < sizeof buf; k++) {
    const tr_raligned *a = &r->aligned[k];
    if (!a->findings) continue;
    len += (size_t)snprintf(buf + len, sizeof buf - len, "; %u %s%s for %s=%lld", a->findings,
                            warn ? "warning" : "error", a->findings == 1 ? "" : "s", a->name,
                            (long long)a->probe);
  }
  if (len < sizeof buf) snprintf(buf + len, sizeof buf - len, ")");
  return ir_xstrdup(buf);
}

json_t *tr_aligned_json(const tr_report *r) {
  if (!r->n_aligned) return NULL;
  json_t *args = json_array();
  for (uint32_t k = 0; k < r->n_aligned; k++) {
    const tr_raligned *a = &r->aligned[k];
    json_t *o = json_object();
    json_object_set_new(o, "name", tr_json_str(a->name));
    json_object_set_new(o, "multiple_of", json_integer((json_int_t)a->multiple_of));
    json_object_set_new(o, "probe", a->probe ? json_integer((json_int_t)a->probe) : json_null());
    json_object_set_new(o, "findings", json_integer((json_int_t)a->findings));
    json_array_append_new(args, o);
  }
  json_t *root = json_object();
  json_object_set_new(root, "partial_tiles", json_string(r->partial_tiles ? r->partial_tiles : "warn"));
  json_object_set_new(root, "args", args);
  return root;
}
