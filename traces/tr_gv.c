/* tr_gv.c: the thin layer over Graphviz used by the graph writers: building a cgraph graph,
 * setting attributes (plain and HTML-like labels), laying out with dot and rendering. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include "tr_internal.h"
#include "tr_utf8.h"

#if defined(__SANITIZE_ADDRESS__)
/* Graphviz 2.43 keeps caches it never frees (its plugin configuration read by gvContext, the
 * HTML label parser's tables, fontconfig / pango / glib state behind the renderers);
 * LeakSanitizer would report them on every run that renders. Only allocations made inside
 * those libraries are suppressed: a graph we forget to agclose (libcgraph) still shows. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
  return "leak:libgvc.so\nleak:libgvplugin_\nleak:libfontconfig.so\nleak:libglib-2.0.so\n"
         "leak:libpango\nleak:libcairo.so\n";
}
#endif

tr_gv_graph *tr_gv_open(const char *name) {
  return agopen((char *)name, Agdirected, NULL);
}

void tr_gv_close(tr_gv_graph *g) {
  if (g) agclose(g);
}

tr_gv_graph *tr_gv_subgraph(tr_gv_graph *g, const char *name) {
  return agsubg(g, (char *)name, 1);
}

void tr_gv_subgraph_add(tr_gv_graph *sub, tr_gv_node *n) { agsubnode(sub, n, 1); }

tr_gv_node *tr_gv_node_new(tr_gv_graph *g, const char *name) {
  return agnode(g, (char *)name, 1);
}

tr_gv_edge *tr_gv_edge_new(tr_gv_graph *g, tr_gv_node *t, tr_gv_node *h, const char *key) {
  return agedge(g, t, h, (char *)key, 1);
}

/* The kind of a cgraph object as agattr wants it. */
static int kind_of(void *obj) {
  switch (agobjkind(obj)) {
  case AGNODE: return AGNODE;
  case AGINEDGE:
  case AGOUTEDGE: return AGEDGE;
  default: return AGRAPH;
  }
}

/* Graphviz reads and writes UTF-8 (its default charset): plain attribute values (edge labels
 * quoting file names) are cleaned (tr_utf8.h) as the HTML labels are (tr_buf_html). */
void tr_gv_set(void *obj, const char *name, const char *value) {
  char *clean = tr_utf8_clean(value);
  if (clean) agsafeset(obj, (char *)name, clean, "");
  free(clean);
}

void tr_gv_set_html(void *obj, const char *name, const char *html) {
  Agraph_t *root = agroot(obj);
  Agsym_t *sym = agattr(root, kind_of(obj), (char *)name, NULL);
  if (!sym) sym = agattr(root, kind_of(obj), (char *)name, "");
  char *h = agstrdup_html(root, (char *)html);
  agxset(obj, sym, h);
  agstrfree(root, h);
}

void tr_gv_node_default(tr_gv_graph *g, const char *name, const char *value) {
  agattr(g, AGNODE, (char *)name, (char *)value);
}

void tr_gv_edge_default(tr_gv_graph *g, const char *name, const char *value) {
  agattr(g, AGEDGE, (char *)name, (char *)value);
}

void tr_gv_style(tr_gv_graph *g, const char *nodesep, const char *ranksep) {
  tr_gv_set(g, "rankdir", "TB");
  tr_gv_set(g, "nodesep", nodesep);
  tr_gv_set(g, "ranksep", ranksep);
  tr_gv_set(g, "fontname", "Helvetica");
  tr_gv_set(g, "labelloc", "t");
  tr_gv_node_default(g, "shape", "plain");
  tr_gv_node_default(g, "fontname", "Helvetica");
  tr_gv_edge_default(g, "fontname", "Helvetica");
  tr_gv_edge_default(g, "fontsize", "9");
}

int tr_gfmt_of_path(const char *path) {
  const char *dot = path ? strrchr(path, '.') : NULL;
  if (!dot) return 0;
  if (!strcasecmp(dot, ".svg")) return TR_G_SVG;
  if (!strcasecmp(dot, ".png")) return TR_G_PNG;
  if (!strcasecmp(dot, ".dot") || !strcasecmp(dot, ".gv")) return TR_G_DOT;
  return 0;
}

int tr_gv_render(tr_gv_graph *g, int fmt, const char *path, tr_err *err) {
  FILE *f = fopen(path, "wb");
  if (!f) return tr_errf(err, "%s: error: cannot write: %s", path, strerror(errno));
  if (fmt == TR_G_DOT) {
    int rc = agwrite(g, f);
    if (fclose(f) != 0 || rc != 0) return tr_errf(err, "%s: error: write failed", path);
    return 0;
  }
  fclose(f);
  GVC_t *gvc = gvContext();
  if (!gvc) return tr_errf(err, "%s: error: cannot start Graphviz (gvContext failed)", path);
  int rc = gvLayout(gvc, g, "dot");
  if (rc == 0) {
    rc = gvRenderFilename(gvc, g, fmt == TR_G_PNG ? "png" : "svg", path);
    gvFreeLayout(gvc, g);
  }
  gvFreeContext(gvc);
  if (rc != 0)
    return tr_errf(err, "%s: error: Graphviz could not lay out or render the graph (is its "
                        "%s renderer installed?)", path, fmt == TR_G_PNG ? "png" : "svg");
  return 0;
}
