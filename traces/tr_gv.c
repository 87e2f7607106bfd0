/* tr_gv.c: the thin layer over Graphviz used by the graph writers: building a cgraph graph,
 * setting attributes (plain and HTML-like labels), laying out with dot and rendering.
 * Graphviz is not linked: libcgraph and libgvc are opened with dlopen the first time a graph is
 * drawn (tr_gv_load), so that the other commands do not map them at start-up
 * (docs/performance.md "Start-up"). The sonames are the ones the build found
 * (TLXV_CGRAPH_SONAME, TLXV_GVC_SONAME: CMakeLists.txt tlxv_soname). */
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include "tr_internal.h"
#include "tr_utf8.h"

#ifndef TLXV_CGRAPH_SONAME
#define TLXV_CGRAPH_SONAME "libcgraph.so.6" /* Debian 12 (Graphviz 2.42) */
#endif
#ifndef TLXV_GVC_SONAME
#define TLXV_GVC_SONAME "libgvc.so.6"
#endif

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

/* The Graphviz functions used here, X(library handle index, name); each becomes a pointer of
 * the header's own type in gv (gv.agopen(...)). 0: libcgraph, 1: libgvc. */
#define TR_GV_FUNCS(X)                                                                        \
  X(0, agopen) X(0, agclose) X(0, agsubg) X(0, agsubnode) X(0, agnode) X(0, agedge)          \
  X(0, agobjkind) X(0, agsafeset) X(0, agroot) X(0, agattr) X(0, agstrdup_html) X(0, agxset) \
  X(0, agstrfree) X(0, agwrite) X(1, gvContext) X(1, gvLayout) X(1, gvRenderFilename)        \
  X(1, gvFreeLayout) X(1, gvFreeContext)

/* Filled once by gv_open_libs (under gv_once), read-only afterwards. */
static struct {
#define TR_GV_FIELD(lib, f) __typeof__(f) *f;
  TR_GV_FUNCS(TR_GV_FIELD)
#undef TR_GV_FIELD
  Agdesc_t *directed; /* the data symbol Agdirected (libcgraph) */
  bool ok;            /* every symbol resolved */
  char why[384];      /* what failed, when !ok */
} gv;
static pthread_once_t gv_once = PTHREAD_ONCE_INIT;

static void gv_open_libs(void) {
  static const char *const names[2] = {TLXV_CGRAPH_SONAME, TLXV_GVC_SONAME};
  void *h[2];
  for (int k = 0; k < 2; k++) {
    h[k] = dlopen(names[k], RTLD_NOW | RTLD_LOCAL); /* stays loaded until exit */
    if (!h[k]) {
      const char *e = dlerror();
      snprintf(gv.why, sizeof gv.why, "%s", e ? e : names[k]);
      return;
    }
  }
  const char *missing = NULL;
  /* dlsym returns void *; POSIX guarantees it converts to a function pointer */
#define TR_GV_SYM(lib, f)                                     \
  if (!(*(void **)&gv.f = dlsym(h[lib], #f)) && !missing) missing = #f;
  TR_GV_FUNCS(TR_GV_SYM)
#undef TR_GV_SYM
  gv.directed = dlsym(h[0], "Agdirected");
  if (!gv.directed && !missing) missing = "Agdirected";
  if (missing) {
    snprintf(gv.why, sizeof gv.why, "%s or %s lacks %s", names[0], names[1], missing);
    return;
  }
  gv.ok = true;
}

int tr_gv_load(const char *path, tr_err *err) {
  pthread_once(&gv_once, gv_open_libs);
  if (gv.ok) return 0;
  return tr_errf(err, "%s: error: cannot load Graphviz to draw the graph (%s); install it "
                      "(Debian: libgvc6)",
                 path, gv.why);
}

tr_gv_graph *tr_gv_open(const char *name) {
  pthread_once(&gv_once, gv_open_libs);
  return gv.ok ? gv.agopen((char *)name, *gv.directed, NULL) : NULL;
}

void tr_gv_close(tr_gv_graph *g) {
  if (g) gv.agclose(g);
}

tr_gv_graph *tr_gv_subgraph(tr_gv_graph *g, const char *name) {
  return gv.agsubg(g, (char *)name, 1);
}

void tr_gv_subgraph_add(tr_gv_graph *sub, tr_gv_node *n) { gv.agsubnode(sub, n, 1); }

tr_gv_node *tr_gv_node_new(tr_gv_graph *g, const char *name) {
  return gv.agnode(g, (char *)name, 1);
}

tr_gv_edge *tr_gv_edge_new(tr_gv_graph *g, tr_gv_node *t, tr_gv_node *h, const char *key) {
  return gv.agedge(g, t, h, (char *)key, 1);
}

/* The kind of a cgraph object as agattr wants it. */
static int kind_of(void *obj) {
  switch (gv.agobjkind(obj)) {
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
  if (clean) gv.agsafeset(obj, (char *)name, clean, "");
  free(clean);
}

void tr_gv_set_html(void *obj, const char *name, const char *html) {
  Agraph_t *root = gv.agroot(obj);
  Agsym_t *sym = gv.agattr(root, kind_of(obj), (char *)name, NULL);
  if (!sym) sym = gv.agattr(root, kind_of(obj), (char *)name, "");
  char *h = gv.agstrdup_html(root, (char *)html);
  gv.agxset(obj, sym, h);
  gv.agstrfree(root, h);
}

void tr_gv_node_default(tr_gv_graph *g, const char *name, const char *value) {
  gv.agattr(g, AGNODE, (char *)name, (char *)value);
}

void tr_gv_edge_default(tr_gv_graph *g, const char *name, const char *value) {
  gv.agattr(g, AGEDGE, (char *)name, (char *)value);
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
    int rc = gv.agwrite(g, f);
    if (fclose(f) != 0 || rc != 0) return tr_errf(err, "%s: error: write failed", path);
    return 0;
  }
  fclose(f);
  GVC_t *gvc = gv.gvContext();
  if (!gvc) return tr_errf(err, "%s: error: cannot start Graphviz (gvContext failed)", path);
  int rc = gv.gvLayout(gvc, g, "dot");
  if (rc == 0) {
    rc = gv.gvRenderFilename(gvc, g, fmt == TR_G_PNG ? "png" : "svg", path);
    gv.gvFreeLayout(gvc, g);
  }
  gv.gvFreeContext(gvc);
  if (rc != 0)
    return tr_errf(err, "%s: error: Graphviz could not lay out or render the graph (is its "
                        "%s renderer installed?)", path, fmt == TR_G_PNG ? "png" : "svg");
  return 0;
}
