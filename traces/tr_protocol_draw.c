/* tr_protocol_draw.c: draws the static barrier protocol (tr_protocol.c) with Graphviz:
 * partitions on top, barrier rings below, one edge per (partition, ring, kind) labelled with
 * counts, bytes and source lines; suspicious rings in red. Also tr_protocol_write. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tr_protocol.h"
#include "ir/ir_alloc.h"

#define C_WAIT "#1f5fbf"
#define C_ARRIVE "#2e7d32"
#define C_EXPECT "#c25400"
#define C_ASYNC "#8e44ad"
#define C_GREY "#777777"
#define C_BAD "#d62728"

/* "kernels.py:40,41" for an edge's source lines. */
static void lines_str(const tp_model *pm, const tp_edge *e, char *buf, size_t n) {
  size_t k = (size_t)snprintf(buf, n, "%s", pm->file ? tr_basename(pm->file) : "line");
  for (uint32_t i = 0; i < e->n_lines && k < n; i++)
    k += (size_t)snprintf(buf + k, n - k, "%c%u", i ? ',' : ':', e->lines[i]);
  if (e->n_ops > e->n_lines && e->n_lines == TP_MAX_LOCS && k < n) snprintf(buf + k, n - k, ",...");
}

static void lane_label(const tp_model *pm, const tp_lane *L, ir_buf *b) {
  ir_buf_puts(b, "<TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"3\" "
                 "STYLE=\"ROUNDED\" BGCOLOR=\"#eef3fb\" COLOR=\"#4a6fa5\">");
  ir_buf_puts(b, "<TR><TD><FONT POINT-SIZE=\"13\"><B>");
  tr_buf_html(b, L->name);
  ir_buf_puts(b, "</B></FONT></TD></TR><TR><TD><FONT POINT-SIZE=\"9\">");
  if (L->warps) ir_buf_printf(b, "%d warp%s", L->warps, L->warps == 1 ? "" : "s");
  if (L->line_lo) {
    ir_buf_puts(b, L->warps ? " · " : "");
    tr_buf_html(b, tr_basename(L->file));
    ir_buf_printf(b, ":%u", L->line_lo);
    if (L->line_hi != L->line_lo) ir_buf_printf(b, "-%u", L->line_hi);
  }
  ir_buf_puts(b, "</FONT></TD></TR>");
  if (L->n_tma_store || L->n_mma || L->n_async_wait) {
    ir_buf_puts(b, "<TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"" C_ASYNC "\">");
    const char *sep = "";
    if (L->n_tma_store) {
      ir_buf_printf(b, "TMA store ×%u", L->n_tma_store);
      sep = " · ";
    }
    if (L->n_mma) {
      ir_buf_printf(b, "%sMMA ×%u", sep, L->n_mma);
      sep = " · ";
    }
    if (L->n_async_wait) ir_buf_printf(b, "%sasync wait ×%u", sep, L->n_async_wait);
    ir_buf_puts(b, "</FONT></TD></TR>");
  }
  (void)pm;
  ir_buf_puts(b, "</TABLE>");
}

static void ring_label(const tp_model *pm, uint32_t r, const char *problem, ir_buf *b) {
  const tp_ring *R = &pm->rings[r];
  bool bad = problem[0] != 0;
  ir_buf_printf(b, "<TABLE BORDER=\"%d\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"3\" "
                   "STYLE=\"ROUNDED\" BGCOLOR=\"%s\" COLOR=\"%s\">",
                bad ? 3 : 1, bad ? "#fde8e8" : "#fff8e1", bad ? C_BAD : "#b08d2a");
  ir_buf_puts(b, "<TR><TD><FONT POINT-SIZE=\"13\"><B>");
  tr_buf_html(b, R->name);
  ir_buf_printf(b, "</B></FONT> [%lld]</TD></TR>", (long long)R->size);
  ir_buf_puts(b, "<TR><TD><FONT POINT-SIZE=\"10\">");
  if (!R->n_init)
    ir_buf_puts(b, "not initialised");
  else if (R->count_unknown)
    ir_buf_puts(b, "init count ?");
  else if (R->count_lo == R->count_hi)
    ir_buf_printf(b, "init count <B>%lld</B>", (long long)R->count_hi);
  else
    ir_buf_printf(b, "init count %lld..%lld", (long long)R->count_lo, (long long)R->count_hi);
  ir_buf_puts(b, "</FONT></TD></TR><TR><TD><FONT POINT-SIZE=\"9\">per phase: ");
  if (R->arrivals_unknown)
    ir_buf_puts(b, "? arrivals");
  else
    ir_buf_printf(b, "%lld arrival%s", (long long)R->arrivals, R->arrivals == 1 ? "" : "s");
  ir_buf_puts(b, "</FONT></TD></TR>");
  if (R->has_tx)
    ir_buf_printf(b, "<TR><TD><FONT POINT-SIZE=\"9\">%lld B expected · %lld B delivered</FONT></TD></TR>",
                  (long long)R->expect_bytes, (long long)R->async_bytes);
  if (bad) {
    ir_buf_puts(b, "<TR><TD><FONT POINT-SIZE=\"10\" COLOR=\"" C_BAD "\"><B>");
    tr_buf_html(b, problem);
    ir_buf_puts(b, "</B></FONT></TD></TR>");
  } else if (!R->n_waits) {
    ir_buf_puts(b, "<TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"" C_GREY "\">nobody waits on it</FONT></TD></TR>");
  }
  char loc[96];
  tr_loc_line(R->loc, loc, sizeof loc);
  if (loc[0]) {
    ir_buf_puts(b, "<TR><TD><FONT POINT-SIZE=\"8\" COLOR=\"" C_GREY "\">");
    tr_buf_html(b, loc);
    ir_buf_puts(b, "</FONT></TD></TR>");
  }
  ir_buf_puts(b, "</TABLE>");
}

/* Label, colour and style of one edge. */
static void edge_style(const tp_model *pm, const tp_edge *e, ir_buf *lab, const char **color,
                       const char **style) {
  char lines[96];
  lines_str(pm, e, lines, sizeof lines);
  *style = "solid";
  switch (e->kind) {
  case TP_WAIT:
    *color = C_WAIT;
    ir_buf_printf(lab, "wait%s", e->n_ops > 1 ? "s" : "");
    if (e->n_ops > 1) ir_buf_printf(lab, " ×%u", e->n_ops);
    break;
  case TP_ARRIVE:
    *color = C_ARRIVE;
    if (e->unknown)
      ir_buf_puts(lab, "arrive ?");
    else
      ir_buf_printf(lab, "arrive %lld", (long long)e->count);
    if (e->n_ops > 1) ir_buf_printf(lab, " (%u ops)", e->n_ops);
    break;
  case TP_EXPECT:
    *color = C_EXPECT;
    ir_buf_printf(lab, "expect %lld B", (long long)e->bytes);
    if (e->n_ops > 1) ir_buf_printf(lab, " (%u ops)", e->n_ops);
    break;
  case TP_TMA:
    *color = C_ASYNC;
    *style = "dashed";
    ir_buf_printf(lab, "async copy ×%u: %lld B", e->n_ops, (long long)e->bytes);
    if (e->bufs[0]) ir_buf_printf(lab, "\n→ %s", e->bufs);
    break;
  case TP_MMA:
    *color = C_ASYNC;
    *style = "dashed";
    ir_buf_printf(lab, "MMA done: arrive %lld", (long long)e->count);
    break;
  case TP_COMMIT:
    *color = C_ASYNC;
    *style = "dashed";
    ir_buf_printf(lab, "commit: arrive %lld", (long long)e->count);
    break;
  case TP_CP_ARRIVE:
    *color = C_ASYNC;
    *style = "dashed";
    ir_buf_printf(lab, "cp.async arrive %lld", (long long)e->count);
    break;
  default:
    *color = C_GREY;
    ir_buf_puts(lab, "inval");
    break;
  }
  if (e->predicated) ir_buf_puts(lab, " (predicated)");
  ir_buf_printf(lab, "\n%s", lines);
}

/* Lanes that take part in the protocol (lane 0, the kernel body, only with edges). */
static bool lane_shown(const tp_model *pm, uint32_t l) {
  if (l > 0) return true;
  for (uint32_t i = 0; i < pm->n_edges; i++)
    if (pm->edges[i].lane == l) return true;
  return pm->n_lanes == 1;
}

tr_gv_graph *tp_draw(const tp_model *pm, const char *title) {
  tr_gv_graph *g = tr_gv_open("protocol");
  if (!g) return NULL;
  tr_gv_style(g, "0.6", "1.3");
  tr_gv_edge_default(g, "penwidth", "1.4");
  ir_buf b = {0};
  ir_buf_puts(&b, "<B>");
  tr_buf_html(&b, title ? title : "kernel");
  ir_buf_puts(&b, "</B>: barrier protocol (static, from the IR)");
  tr_gv_set_html(g, "label", ir_buf_str(&b));

  tr_gv_node *lanes[TP_MAX_LANES] = {0}, *rings[TP_MAX_RINGS] = {0};
  uint8_t problem_of[TP_MAX_RINGS] = {0};
  tr_gv_graph *top = tr_gv_subgraph(g, "lanes");
  tr_gv_set(top, "rank", "same");
  for (uint32_t l = 0; l < pm->n_lanes; l++) {
    if (!lane_shown(pm, l)) continue;
    char name[64];
    snprintf(name, sizeof name, "lane_%u", l);
    lanes[l] = tr_gv_node_new(top, name);
    ir_buf_reset(&b);
    lane_label(pm, &pm->lanes[l], &b);
    tr_gv_set_html(lanes[l], "label", ir_buf_str(&b));
  }
  tr_gv_graph *bottom = tr_gv_subgraph(g, "rings");
  tr_gv_set(bottom, "rank", "same");
  for (uint32_t r = 0; r < pm->n_rings; r++) {
    char name[64], problem[160];
    snprintf(name, sizeof name, "ring_%s_%u", pm->rings[r].name, r);
    rings[r] = tr_gv_node_new(bottom, name);
    problem_of[r] = (uint8_t)tp_ring_problem(pm, r, problem, sizeof problem);
    ir_buf_reset(&b);
    ring_label(pm, r, problem, &b);
    tr_gv_set_html(rings[r], "label", ir_buf_str(&b));
  }
  for (uint32_t i = 0; i < pm->n_edges; i++) {
    const tp_edge *e = &pm->edges[i];
    if (!lanes[e->lane] || !rings[e->ring]) continue;
    char key[32];
    snprintf(key, sizeof key, "e%u", i);
    /* every edge runs lane -> ring so that lanes stay above rings; a wait points back */
    tr_gv_edge *ge = tr_gv_edge_new(g, lanes[e->lane], rings[e->ring], key);
    const char *color, *style;
    ir_buf_reset(&b);
    edge_style(pm, e, &b, &color, &style);
    tr_gv_set(ge, "label", ir_buf_str(&b));
    /* the edges that carry a ring's problem are red too */
    int p = problem_of[e->ring];
    if ((p == TP_P_BYTES && (e->kind == TP_EXPECT || e->kind == TP_TMA)) ||
        (p == TP_P_COUNT && e->kind != TP_WAIT && e->kind != TP_INVAL && e->kind != TP_TMA) ||
        (p == TP_P_NOARRIVE && e->kind == TP_WAIT)) {
      color = C_BAD;
      tr_gv_set(ge, "penwidth", "2.6");
    }
    tr_gv_set(ge, "color", color);
    tr_gv_set(ge, "fontcolor", color);
    tr_gv_set(ge, "style", style);
    if (e->kind == TP_WAIT) tr_gv_set(ge, "dir", "back");
  }
  if (pm->truncated) {
    tr_gv_node *n = tr_gv_node_new(g, "truncated");
    tr_gv_set(n, "label", "(some ops not shown: table limits reached)");
    tr_gv_set(n, "shape", "plaintext");
  }
  ir_buf_free(&b);
  return g;
}

int tr_protocol_write(const ir_module *mod, const ir_func *fn, const char *title,
                      const char *path, tr_err *err) {
  int fmt = tr_gfmt_of_path(path);
  if (!fmt)
    return tr_errf(err, "%s: error: unknown graph format; name the output .svg, .png or .dot",
                   path);
  if (tr_gv_load(path, err) != 0) return -1;
  tp_model *pm = ir_xcalloc(1, sizeof *pm); /* owned here, freed below */
  if (!pm) return tr_errf(err, "%s: error: out of memory", path);
  int rc = tp_build(pm, mod, fn, err);
  tr_gv_graph *g = rc == 0 ? tp_draw(pm, title ? title : tr_basename(mod->filename)) : NULL;
  if (rc == 0 && !g) rc = tr_errf(err, "%s: error: out of memory while building the graph", path);
  if (rc == 0) rc = tr_gv_render(g, fmt, path, err);
  tr_gv_close(g);
  free(pm);
  return rc;
}
