/* tr_graph_draw.c: draws the pipeline schedule graph (tr_graph.c) with Graphviz: one cluster
 * (swimlane) per agent, nodes as small tables of ops with their Python lines, sync edges
 * labelled with barrier and phase, async ones dashed, a counterexample in red. Also
 * tr_graph_write. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tr_graph.h"
#include "ir/ir_alloc.h"

#define C_RED "#d62728"
#define C_SYNC "#1f5fbf"
#define C_ASYNC "#8e44ad"
#define C_PROG "#9a9a9a"
#define C_GREY "#777777"

static void node_name(uint32_t i, char *buf, size_t n) { snprintf(buf, n, "n%u", i); }

static void table_open(ir_buf *b, const char *fill, const char *border, int width) {
  ir_buf_printf(b, "<TABLE BORDER=\"%d\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\" "
                   "STYLE=\"ROUNDED\" BGCOLOR=\"%s\" COLOR=\"%s\">",
                width, fill, border);
}

static void row_html(ir_buf *b, const tg_row *rw) {
  const char *color = rw->mark == TG_MARK_BUG ? C_RED : rw->mark == TG_MARK_CHAIN ? "#8b1a1a" : NULL;
  ir_buf_puts(b, "<TR><TD ALIGN=\"LEFT\">");
  if (color) ir_buf_printf(b, "<FONT COLOR=\"%s\"><B>", color);
  /* the verb in bold for waits, the rest plain */
  if (!color && (!strncmp(rw->text, "wait ", 5) || !strncmp(rw->text, "store_wait", 10))) {
    const char *sp = strchr(rw->text, ' ');
    size_t k = sp ? (size_t)(sp - rw->text) : strlen(rw->text);
    char verb[32];
    snprintf(verb, sizeof verb, "%.*s", (int)(k < sizeof verb - 1 ? k : sizeof verb - 1), rw->text);
    ir_buf_puts(b, "<B>");
    tr_buf_html(b, verb);
    ir_buf_puts(b, "</B>");
    tr_buf_html(b, rw->text + k);
  } else {
    tr_buf_html(b, rw->text);
  }
  if (color) ir_buf_puts(b, "</B></FONT>");
  ir_buf_puts(b, "</TD><TD ALIGN=\"RIGHT\"><FONT COLOR=\"" C_GREY "\" POINT-SIZE=\"8\"> ");
  tr_buf_html(b, rw->line);
  ir_buf_puts(b, "</FONT></TD></TR>");
}

static void node_html(const tg_graph *g, const tg_node *n, ir_buf *b) {
  const char *fill = "#ffffff", *border = "#555555";
  int width = 1;
  switch (n->kind) {
  case TG_WAIT: fill = "#fff2cc"; border = "#a07c10"; break;
  case TG_ISSUE: fill = "#f1e6f8"; border = "#7d4a9c"; break;
  case TG_BLOCKED:
  case TG_NEXT: fill = n->mark ? "#fde8e8" : "#f2f2f2"; border = n->mark ? C_RED : C_GREY; break;
  default: break;
  }
  if (n->mark == TG_MARK_BUG) {
    border = C_RED;
    width = 3;
    if (n->kind != TG_BLOCKED && n->kind != TG_NEXT) fill = "#fde8e8";
  } else if (n->mark == TG_MARK_CHAIN) {
    border = C_RED;
    width = 2;
  }
  table_open(b, fill, border, width);
  for (uint32_t k = 0; k < n->n_rows; k++) row_html(b, &g->rows[n->row_first + k]);
  if ((n->kind == TG_BLOCKED || n->kind == TG_NEXT) && n->note[0]) {
    ir_buf_puts(b, "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"2\"><FONT POINT-SIZE=\"8\" COLOR=\"#8b1a1a\">");
    tr_buf_html(b, n->note);
    ir_buf_puts(b, "</FONT></TD></TR>");
  }
  ir_buf_puts(b, "</TABLE>");
}

static void head_html(const tg_lane *L, ir_buf *b) {
  ir_buf_puts(b, "<FONT POINT-SIZE=\"14\"><B>");
  tr_buf_html(b, L->name);
  ir_buf_puts(b, "</B></FONT>");
  if (L->warps) ir_buf_printf(b, "<BR/><FONT POINT-SIZE=\"9\">%d warp%s</FONT>", L->warps, L->warps == 1 ? "" : "s");
}

static void title_html(const tg_graph *g, const tr_graph_opts *o, ir_buf *b) {
  ir_buf_puts(b, "<FONT POINT-SIZE=\"16\"><B>");
  tr_buf_html(b, o && o->title ? o->title : "kernel");
  ir_buf_puts(b, "</B></FONT>");
  const sim_viol *bug = o ? o->bug : NULL;
  if (bug) {
    char loc[128];
    tr_ins_line(g->r->m, bug->ins, loc, sizeof loc);
    ir_buf_printf(b, "<BR/><FONT COLOR=\"" C_RED "\" POINT-SIZE=\"12\"><B>%s</B> at ",
                  sim_bug_kind_name((sim_bug_kind)bug->kind));
    tr_buf_html(b, loc);
    ir_buf_puts(b, ": ");
    tr_buf_html(b, bug->msg);
    ir_buf_printf(b, "</FONT><BR/><FONT POINT-SIZE=\"10\">counterexample schedule of %u steps; "
                     "its dependency chain in red</FONT>",
                  g->r->n_steps);
  } else {
    ir_buf_printf(b, "<BR/><FONT POINT-SIZE=\"10\">pipeline schedule: first %u iterations of a "
                     "%u-step schedule%s</FONT>",
                  g->iterations, g->r->n_steps,
                  g->r->out.final ? " (runs to completion)" : g->r->out.stuck ? " (deadlocks)" : "");
  }
}

static void draw_edge(tr_gv_graph *gv, tr_gv_node **nodes, const tg_edge *e, uint32_t k) {
  char key[24];
  snprintf(key, sizeof key, "e%u", k);
  tr_gv_edge *ge = tr_gv_edge_new(gv, nodes[e->from], nodes[e->to], key);
  const char *color = C_SYNC, *style = "solid", *width = "1.3";
  switch (e->kind) {
  case TG_E_PROGRAM:
    tr_gv_set(ge, "color", C_PROG);
    tr_gv_set(ge, "weight", "20");
    tr_gv_set(ge, "arrowsize", "0.5");
    return;
  case TG_E_ASYNC: color = C_ASYNC; style = "dashed"; break;
  case TG_E_PARTIAL: color = C_RED; style = "dotted"; width = "2"; break;
  case TG_E_CONFLICT:
  case TG_E_WAITS_FOR:
    /* between end nodes: drawn, but not allowed to push the lanes apart */
    tr_gv_set(ge, "constraint", "false");
    color = C_RED;
    style = "dashed";
    width = "2";
    break;
  default: break;
  }
  if (e->mark && e->kind != TG_E_WAITS_FOR && e->kind != TG_E_PARTIAL && e->kind != TG_E_CONFLICT) {
    color = C_RED;
    width = "2.6";
  }
  tr_gv_set(ge, "color", color);
  tr_gv_set(ge, "fontcolor", color);
  tr_gv_set(ge, "style", style);
  tr_gv_set(ge, "penwidth", width);
  tr_gv_set(ge, "weight", "0");
  if (e->label[0]) tr_gv_set(ge, "label", e->label);
}

tr_gv_graph *tg_draw(const tg_graph *g, const tr_graph_opts *o) {
  tr_gv_graph *gv = tr_gv_open("pipeline");
  tr_gv_node **nodes = ir_xcalloc(g->n_nodes + 1, sizeof *nodes);
  if (!gv || !nodes) {
    free(nodes);
    tr_gv_close(gv);
    return NULL;
  }
  tr_gv_set(gv, "newrank", "true");
  tr_gv_style(gv, "0.3", "0.25");
  tr_gv_set(gv, "forcelabels", "true");
  tr_gv_node_default(gv, "fontsize", "10");
  tr_gv_edge_default(gv, "arrowsize", "0.7");
  ir_buf b = {0};
  title_html(g, o, &b);
  tr_gv_set_html(gv, "label", ir_buf_str(&b));
  for (uint32_t l = 0; l < g->n_lanes; l++) {
    char name[64];
    snprintf(name, sizeof name, "cluster_lane%u", l);
    tr_gv_graph *c = tr_gv_subgraph(gv, name);
    tr_gv_set(c, "label", "");
    tr_gv_set(c, "style", "rounded,filled");
    tr_gv_set(c, "fillcolor", "#f7f7f7");
    tr_gv_set(c, "color", "#bbbbbb");
    for (uint32_t i = 0; i < g->n_nodes; i++) {
      const tg_node *n = &g->nodes[i];
      if (n->lane != l) continue;
      node_name(i, name, sizeof name);
      nodes[i] = tr_gv_node_new(c, name);
      ir_buf_reset(&b);
      switch (n->kind) {
      case TG_HEAD:
        head_html(&g->lanes[l], &b);
        tr_gv_set(nodes[i], "shape", "plaintext");
        break;
      case TG_GAP:
        ir_buf_puts(&b, "<FONT COLOR=\"" C_GREY "\"><I>");
        tr_buf_html(&b, n->note);
        ir_buf_puts(&b, "</I></FONT>");
        tr_gv_set(nodes[i], "shape", "plaintext");
        break;
      default:
        node_html(g, n, &b);
        break;
      }
      tr_gv_set_html(nodes[i], "label", ir_buf_str(&b));
    }
  }
  /* lane titles side by side on the top row */
  tr_gv_graph *heads = tr_gv_subgraph(gv, "lane_heads");
  tr_gv_set(heads, "rank", "same");
  for (uint32_t l = 0; l < g->n_lanes; l++)
    if (nodes[g->lanes[l].head]) tr_gv_subgraph_add(heads, nodes[g->lanes[l].head]);
  for (uint32_t k = 0; k < g->n_edges; k++)
    if (nodes[g->edges[k].from] && nodes[g->edges[k].to]) draw_edge(gv, nodes, &g->edges[k], k);
  ir_buf_free(&b);
  free(nodes);
  return gv;
}

int tr_graph_write(sim_machine *m, const sim_trans *steps, uint32_t n, const tr_graph_opts *o,
                   const char *path, tr_err *err) {
  int fmt = tr_gfmt_of_path(path);
  if (!fmt)
    return tr_errf(err, "%s: error: unknown graph format; name the output .svg, .png or .dot",
                   path);
  if (tr_gv_load(path, err) != 0) return -1;
  tr_run *r = tr_replay(m, steps, n, err);
  if (!r) return -1;
  if (tr_run_check_complete(r, n, path, err) != 0) {
    tr_run_free(r);
    return -1;
  }
  uint8_t *rel = NULL; /* owned here when computed */
  const uint8_t *relevant = o ? o->relevant : NULL;
  if (o && o->bug && !relevant) {
    rel = ir_xcalloc(r->n_steps + 1, 1);
    if (rel) tr_relevant_run(r, o->bug, rel);
    relevant = rel;
  }
  tg_graph g;
  int rc = tg_build(&g, r, o, relevant);
  tr_gv_graph *gv = rc == 0 ? tg_draw(&g, o) : NULL;
  if (!gv) rc = tr_errf(err, "%s: error: out of memory while building the graph", path);
  else rc = tr_gv_render(gv, fmt, path, err);
  tr_gv_close(gv);
  tg_free(&g);
  free(rel);
  tr_run_free(r);
  return rc;
}
