/* test_tr_graph.c: the pipeline schedule graph: one cluster per partition, the expected
 * synchronization edges of a hand-written producer / consumer ring (tests/traces), the
 * highlighted deadlock of its planted bug, the corpus kernel's ring edges, SVG output and
 * format errors. */
#include "test_tr_util.h"
#include "check_run.h"

/* Writes k's schedule as DOT (opts may be NULL) and parses it back. */
static Agraph_t *graph_dot(tt_kernel *k, const tr_graph_opts *o, const char *tag) {
  char path[256];
  tt_tmp(path, sizeof path, tag, "dot");
  tr_err err = {{0}};
  ck_assert_msg(tr_graph_write(k->m, k->s.steps, k->s.n, o, path, &err) == 0, "%s", err.msg);
  Agraph_t *g = tt_read_dot(path);
  unlink(path);
  return g;
}

/* Sync edges whose label is `label` (up to a line break); the source's cluster into *from. */
static int sync_edges(Agraph_t *g, const char *label, const char **from) {
  int k = 0;
  size_t len = strlen(label);
  for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n))
    for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e)) {
      const char *l = tt_eattr(e, "label");
      if (!strncmp(l, label, len) && (l[len] == 0 || l[len] == '\n')) {
        k++;
        if (from) *from = tt_cluster_of(g, agtail(e));
      }
    }
  return k;
}

static int count_labels(Agraph_t *g, const char *needle) {
  int k = 0;
  for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) k += strstr(agget(n, "label"), needle) != NULL;
  return k;
}

START_TEST(ring_has_one_lane_per_partition_and_its_sync_edges) {
  tt_kernel k;
  tt_load(&k, "tests/traces/pc_ring.ttgir", "n=4");
  ck_assert(k.oc.final);
  Agraph_t *g = graph_dot(&k, NULL, "ring");
  ck_assert_int_eq(tt_clusters(g), 2);
  /* producer arrives full[s] -> consumer waits, for iterations 0..3 (phase i/2) */
  const char *from = NULL;
  const char *full[] = {"full[0] ph0", "full[1] ph0", "full[0] ph1", "full[1] ph1"};
  for (int i = 0; i < 4; i++) {
    ck_assert_msg(sync_edges(g, full[i], &from) == 1, "edge %s", full[i]);
    ck_assert_str_eq(from, "cluster_lane1"); /* partition0, the producer */
  }
  /* consumer arrives empty[s] -> producer's waits when the ring wraps (iterations 2, 3) */
  ck_assert_int_eq(sync_edges(g, "empty[0] ph0", &from), 1);
  ck_assert_str_eq(from, "cluster_lane0");
  ck_assert_int_eq(sync_edges(g, "empty[1] ph0", NULL), 1);
  ck_assert_int_eq(sync_edges(g, "empty[0] ph1", NULL), 0); /* the producer stops at n=4 */
  /* its first waits pass on fresh barriers */
  ck_assert_int_eq(count_labels(g, "(fresh barrier: passes)"), 2);
  /* nothing is red in a correct kernel */
  for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
    ck_assert(strstr(agget(n, "label"), "#d62728") == NULL);
    for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e))
      ck_assert_str_ne(tt_eattr(e, "color"), "#d62728");
  }
  agclose(g);
  tt_free(&k);
}
END_TEST

START_TEST(iterations_limit_hides_later_steps) {
  tt_kernel k;
  tt_load(&k, "tests/traces/pc_ring.ttgir", "n=8");
  tr_graph_opts o = {.iterations = 2};
  Agraph_t *g = graph_dot(&k, &o, "iters");
  ck_assert_int_eq(sync_edges(g, "full[0] ph0", NULL), 1);
  ck_assert_int_eq(sync_edges(g, "full[1] ph0", NULL), 1);
  ck_assert_int_eq(sync_edges(g, "full[0] ph1", NULL), 0);
  /* the left-out steps show as one gap node per lane */
  ck_assert_int_eq(count_labels(g, "steps (iterations 2-7)"), 2);
  agclose(g);
  tt_free(&k);
}
END_TEST

START_TEST(planted_deadlock_is_highlighted) {
  tt_kernel k;
  tt_load(&k, "tests/traces/pc_ring.noarrive.ttgir", "n=4");
  ck_assert(k.oc.stuck);
  ck_assert(k.oc.has_bug);
  ck_assert_int_eq(k.oc.bug.kind, SIM_BUG_DEADLOCK);
  tr_graph_opts o = {.title = "pc_ring.noarrive.ttgir", .bug = &k.oc.bug};
  Agraph_t *g = graph_dot(&k, &o, "dead");
  ck_assert_int_eq(tt_clusters(g), 2);
  int blocked = 0, red_edges = 0, waits_for = 0;
  for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
    const char *l = agget(n, "label");
    if (strstr(l, "BLOCKED: wait")) {
      blocked++;
      ck_assert(strstr(l, "#d62728") != NULL); /* drawn red */
    }
    for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e)) {
      red_edges += !strcmp(tt_eattr(e, "color"), "#d62728");
      waits_for += strstr(tt_eattr(e, "label"), "would release it: arrive") != NULL;
    }
  }
  ck_assert_int_eq(blocked, 2); /* producer on empty[0], consumer on full[0] */
  ck_assert_int_ge(red_edges, 2);
  ck_assert_int_eq(waits_for, 1); /* the blocked producer's arrive would release the consumer */
  ck_assert_int_eq(count_labels(g, "BLOCKED: wait empty[0] parity 0"), 1);
  ck_assert_int_eq(count_labels(g, "BLOCKED: wait full[0] parity 1"), 1);
  ck_assert_int_eq(count_labels(g, "no op left in the kernel can release it"), 1);
  agclose(g);
  tt_free(&k);
}
END_TEST

START_TEST(corpus_pipeline_has_three_lanes_and_ring_edges) {
  tt_kernel k;
  tt_load(&k, "tests/corpus/gluon/ws_add.bug0.ttgir", "xnumel=256,ynumel=2048");
  ck_assert(k.oc.final);
  tr_graph_opts o = {.title = "ws_add.bug0.ttgir", .mod = k.mod};
  Agraph_t *g = graph_dot(&k, &o, "ws");
  ck_assert_int_eq(tt_clusters(g), 3);
  /* default iterations: 2 rounds of the 2-deep rings + 1 = 5 */
  ck_assert_int_eq(sync_edges(g, "lr[0] ph0", NULL), 1);
  ck_assert_int_eq(sync_edges(g, "lr[0] ph2", NULL), 1); /* iteration 4 */
  ck_assert_int_eq(sync_edges(g, "lr[1] ph2", NULL), 0); /* iteration 5: not shown */
  ck_assert_int_eq(sync_edges(g, "le[0] ph0", NULL), 1);
  ck_assert_int_eq(sync_edges(g, "cr[0] ph0", NULL), 1);
  ck_assert_int_eq(sync_edges(g, "ce[0] ph0", NULL), 1);
  /* TMA completions release the compute partition's waits: dashed, one per iteration */
  int dashed = 0;
  for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n))
    for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e))
      dashed += !strcmp(tt_eattr(e, "style"), "dashed") && strstr(tt_eattr(e, "label"), "TMA load");
  ck_assert_int_eq(dashed, 5);
  /* lanes carry warp counts, rows the Python lines */
  ck_assert_int_eq(count_labels(g, "4 warps"), 1);
  ck_assert_int_ge(count_labels(g, "kernels.py:75"), 5);
  agclose(g);
  tt_free(&k);
}
END_TEST

START_TEST(race_counterexample_shows_the_pending_op) {
  /* bug6: the compute partition reads a_bufs without waiting on the ready barrier */
  tt_kernel k;
  tt_load(&k, "tests/corpus/gluon/ws_add.bug6.ttgir", "xnumel=256,ynumel=2048");
  tt_explore(&k);
  ck_assert_int_eq(k.oc.bug.kind, SIM_BUG_RACE);
  tr_graph_opts o = {.title = "ws_add.bug6.ttgir", .bug = &k.oc.bug};
  Agraph_t *g = graph_dot(&k, &o, "race");
  /* the read that races is the compute partition's next op, drawn red at its lane's end */
  ck_assert_int_eq(count_labels(g, "next: read a_bufs[0]"), 1);
  Agnode_t *next = NULL, *tma = NULL;
  for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
    const char *l = agget(n, "label");
    if (strstr(l, "next: read a_bufs[0]")) next = n;
    if (strstr(l, "TMA load → a_bufs[0]") && strstr(l, "#d62728")) tma = n;
  }
  ck_assert(next && tma);
  ck_assert_str_eq(tt_cluster_of(g, next), "cluster_lane0"); /* default */
  ck_assert_str_eq(tt_cluster_of(g, tma), "cluster_lane1");  /* partition0 */
  /* and the in-flight TMA load it races with points at it */
  Agedge_t *e = agedge(g, tma, next, NULL, 0);
  ck_assert(e != NULL);
  ck_assert_str_eq(tt_eattr(e, "label"), "race");
  agclose(g);
  tt_free(&k);
}
END_TEST

START_TEST(svg_output_and_format_errors) {
  tt_kernel k;
  tt_load(&k, "tests/traces/pc_ring.ttgir", "n=2");
  char path[256];
  tr_err err = {{0}};
  tt_tmp(path, sizeof path, "svg", "svg");
  ck_assert_int_eq(tr_graph_write(k.m, k.s.steps, k.s.n, NULL, path, &err), 0);
  char *svg = tt_slurp(path);
  ck_assert(strstr(svg, "<svg") != NULL);
  ck_assert(strstr(svg, "</svg>") != NULL);
  ck_assert(strstr(svg, "pc.py:23") != NULL);
  free(svg);
  unlink(path);
  tt_tmp(path, sizeof path, "bad", "txt");
  ck_assert_int_eq(tr_graph_write(k.m, k.s.steps, k.s.n, NULL, path, &err), -1);
  ck_assert(strstr(err.msg, "error:") && strstr(err.msg, ".svg"));
  ck_assert_int_eq(tr_graph_write(k.m, k.s.steps, k.s.n, NULL, "/nonexistent/dir/x.svg", &err), -1);
  ck_assert(strstr(err.msg, "cannot write") != NULL);
  tt_free(&k);
}
END_TEST

int main(void) {
  Suite *s = suite_create("tr_graph");
  TCase *tc = tcase_create("graph");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, ring_has_one_lane_per_partition_and_its_sync_edges);
  tcase_add_test(tc, iterations_limit_hides_later_steps);
  tcase_add_test(tc, planted_deadlock_is_highlighted);
  tcase_add_test(tc, corpus_pipeline_has_three_lanes_and_ring_edges);
  tcase_add_test(tc, race_counterexample_shows_the_pending_op);
  tcase_add_test(tc, svg_output_and_format_errors);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
