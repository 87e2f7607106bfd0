/* test_tr_protocol.c: the static barrier protocol graph: partitions and rings as nodes, the
 * expected arrive / expect / wait / async edges of the hand-written ring and of the corpus
 * kernel (views followed through warp_specialize captures), and the planted bugs that must
 * turn a ring red (wrong init count, wrong expected bytes, nobody arrives). */
#include "test_tr_util.h"
#include "check_run.h"

static ir_module *load(const char *rel) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", TLXV_SRC, rel);
  ir_diag d = {0};
  ir_module *m = ir_parse_file(path, &d);
  ck_assert_msg(m != NULL, "%s", d.msg ? d.msg : "parse failed");
  return m;
}

static Agraph_t *protocol_dot(const char *rel, const char *tag) {
  ir_module *m = load(rel);
  char path[256];
  tt_tmp(path, sizeof path, tag, "dot");
  tr_err err = {{0}};
  ck_assert_msg(tr_protocol_write(m, NULL, NULL, path, &err) == 0, "%s", err.msg);
  Agraph_t *g = tt_read_dot(path);
  unlink(path);
  ir_module_free(m);
  return g;
}

/* The node whose label contains <B>name</B>. */
static Agnode_t *node_named(Agraph_t *g, const char *name) {
  char want[64];
  snprintf(want, sizeof want, "<B>%s</B>", name);
  Agnode_t *hit = NULL;
  for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n))
    if (strstr(agget(n, "label"), want)) {
      ck_assert_msg(hit == NULL, "two nodes named %s", name);
      hit = n;
    }
  ck_assert_msg(hit != NULL, "no node named %s", name);
  return hit;
}

/* Edges between lane and ring whose label starts with what. */
static int edges(Agraph_t *g, const char *lane, const char *ring, const char *what) {
  Agnode_t *l = node_named(g, lane), *r = node_named(g, ring);
  int k = 0;
  for (Agedge_t *e = agfstout(g, l); e; e = agnxtout(g, e))
    if (aghead(e) == r && !strncmp(tt_eattr(e, "label"), what, strlen(what))) k++;
  return k;
}

static int n_edges(Agraph_t *g) {
  int k = 0;
  for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n))
    for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e)) k++;
  return k;
}

START_TEST(ring_protocol_edges) {
  Agraph_t *g = protocol_dot("tests/traces/pc_ring.ttgir", "ring");
  ck_assert_int_eq(edges(g, "partition0", "full", "arrive 1"), 1);
  ck_assert_int_eq(edges(g, "partition0", "empty", "wait"), 1);
  ck_assert_int_eq(edges(g, "default", "full", "wait"), 1);
  ck_assert_int_eq(edges(g, "default", "empty", "arrive 1"), 1);
  ck_assert_int_eq(n_edges(g), 4);
  /* waits are drawn pointing back at the lane */
  Agnode_t *d = node_named(g, "default");
  for (Agedge_t *e = agfstout(g, d); e; e = agnxtout(g, e))
    if (!strncmp(tt_eattr(e, "label"), "wait", 4)) ck_assert_str_eq(tt_eattr(e, "dir"), "back");
  ck_assert(strstr(agget(node_named(g, "full"), "label"), "init count <B>1</B>") != NULL);
  ck_assert(strstr(agget(node_named(g, "full"), "label"), "#d62728") == NULL);
  agclose(g);
}
END_TEST

START_TEST(ring_nobody_arrives_is_red) {
  Agraph_t *g = protocol_dot("tests/traces/pc_ring.noarrive.ttgir", "noarr");
  const char *empty = agget(node_named(g, "empty"), "label");
  ck_assert(strstr(empty, "nobody arrives") != NULL);
  ck_assert(strstr(empty, "#d62728") != NULL);
  ck_assert(strstr(agget(node_named(g, "full"), "label"), "#d62728") == NULL);
  agclose(g);
}
END_TEST

START_TEST(corpus_protocol_through_captures) {
  Agraph_t *g = protocol_dot("tests/corpus/gluon/ws_add.bug0.ttgir", "ws0");
  /* the load partition reaches le / lr through its block arguments */
  ck_assert_int_eq(edges(g, "partition0", "le", "wait"), 1);
  ck_assert_int_eq(edges(g, "partition0", "lr", "expect 16384 B"), 1);
  ck_assert_int_eq(edges(g, "partition0", "lr", "async copy ×2: 16384 B"), 1);
  ck_assert_int_eq(edges(g, "default", "lr", "wait"), 1);
  ck_assert_int_eq(edges(g, "default", "le", "arrive 1"), 1);
  ck_assert_int_eq(edges(g, "default", "ce", "wait"), 1);
  ck_assert_int_eq(edges(g, "default", "cr", "arrive 1"), 1);
  ck_assert_int_eq(edges(g, "partition1", "cr", "wait"), 1);
  ck_assert_int_eq(edges(g, "partition1", "ce", "arrive 1 (predicated)"), 1);
  ck_assert_int_eq(n_edges(g), 9);
  const char *names[] = {"le", "lr", "ce", "cr"};
  for (int i = 0; i < 4; i++) {
    const char *l = agget(node_named(g, names[i]), "label");
    ck_assert(strstr(l, "[2]") != NULL);
    ck_assert(strstr(l, "#d62728") == NULL); /* the correct kernel has no red ring */
  }
  ck_assert(strstr(agget(node_named(g, "lr"), "label"), "16384 B expected · 16384 B delivered"));
  ck_assert(strstr(agget(node_named(g, "partition1"), "label"), "TMA store ×1"));
  agclose(g);
}
END_TEST

START_TEST(corpus_planted_bugs_turn_rings_red) {
  struct {
    const char *file, *ring, *text;
  } cases[] = {
      {"tests/corpus/gluon/ws_add.bug2.ttgir", "le", "waited on, but nobody arrives on it"},
      {"tests/corpus/gluon/ws_add.bug3.ttgir", "lr", "expects 17408 B per phase, async copies deliver 16384 B"},
      {"tests/corpus/gluon/ws_add.bug4.ttgir", "lr", "expects 8192 B per phase, async copies deliver 16384 B"},
      {"tests/corpus/gluon/ws_add.bug7.ttgir", "lr", "1 arrival per phase, init count 2"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Agraph_t *g = protocol_dot(cases[i].file, "bug");
    const char *l = agget(node_named(g, cases[i].ring), "label");
    ck_assert_msg(strstr(l, cases[i].text) != NULL, "%s: %s", cases[i].file, l);
    ck_assert(strstr(l, "#d62728") != NULL);
    int red = 0;
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) red += strstr(agget(n, "label"), "#d62728") != NULL;
    ck_assert_msg(red == 1, "%s: %d red rings", cases[i].file, red);
    agclose(g);
  }
}
END_TEST

START_TEST(tcgen05_arrivals_are_async_edges) {
  Agraph_t *g = protocol_dot("examples/blackwell_gemm_tcgen05/blackwell_gemm_tcgen05.bug0.ttgir", "bw");
  /* the MMA partition's tc_gen5_mma arrives on empty[] when done, its commit on acc_ready */
  ck_assert_int_eq(edges(g, "partition1", "empty", "MMA done: arrive 1"), 1);
  ck_assert_int_eq(edges(g, "partition1", "acc_ready", "commit: arrive 1"), 1);
  ck_assert_int_eq(edges(g, "partition0", "ready", "async copy ×2: 24576 B"), 1);
  Agnode_t *l = node_named(g, "partition1");
  for (Agedge_t *e = agfstout(g, l); e; e = agnxtout(g, e))
    if (strstr(tt_eattr(e, "label"), "MMA done") || strstr(tt_eattr(e, "label"), "commit"))
      ck_assert_str_eq(tt_eattr(e, "style"), "dashed");
  for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) ck_assert(strstr(agget(n, "label"), "#d62728") == NULL);
  agclose(g);
}
END_TEST

START_TEST(svg_and_errors) {
  ir_module *m = load("tests/traces/pc_ring.ttgir");
  char path[256];
  tr_err err = {{0}};
  tt_tmp(path, sizeof path, "proto", "svg");
  ck_assert_int_eq(tr_protocol_write(m, NULL, "pc_ring", path, &err), 0);
  char *svg = tt_slurp(path);
  ck_assert(strstr(svg, "</svg>") && strstr(svg, "barrier protocol"));
  free(svg);
  unlink(path);
  ck_assert_int_eq(tr_protocol_write(m, NULL, NULL, "x.jpeg", &err), -1);
  ck_assert(strstr(err.msg, "x.jpeg: error:") != NULL);
  ir_module_free(m);
}
END_TEST

int main(void) {
  Suite *s = suite_create("tr_protocol");
  TCase *tc = tcase_create("protocol");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, ring_protocol_edges);
  tcase_add_test(tc, ring_nobody_arrives_is_red);
  tcase_add_test(tc, corpus_protocol_through_captures);
  tcase_add_test(tc, corpus_planted_bugs_turn_rings_red);
  tcase_add_test(tc, tcgen05_arrivals_are_async_edges);
  tcase_add_test(tc, svg_and_errors);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
