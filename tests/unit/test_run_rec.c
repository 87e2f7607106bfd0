/* test_run_rec.c: the runner's hang-record writer (lowering/runner/run_rec.c) on the CPU: the
 * recorder side table of a PTX header is read, a record buffer (lowering/runner/rec_abi.h) as
 * the kernel of ws_add.bug1 leaves it in check's deadlock state is turned into JSON, which
 * must equal the golden tests/cli/explain/runner_bug1.json (TLXV_REGEN=1 rewrites it) and parse
 * with explain's parser (verify/obs_json.c) into the same warps, lines and barrier facts.
 * tests/cli/explain_runner.sh feeds the golden to `tlx-verify explain`. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "lowering/runner/rec_abi.h"
#include "lowering/runner/run_rec.h"
#include "verify/obs.h"

/* The recorder lines `tlx-verify lower tests/corpus/gluon/ws_add.bug1.ttgir --target sm_90a
 * --recorder` writes (the ABI lines before them omitted). */
static const char header[] =
    "// tlxv-abi 1\n"
    "// tlxv-kernel ws_add_kernel threads=256 smem=50400 cluster=1,1,1 target=sm_90a\n"
    "// tlxv-recorder version=1 warps=8 bars=8 ops=4\n"
    "// tlxv-rec-op 1 kernels.py:31\n"
    "// tlxv-rec-op 2 kernels.py:55\n"
    "// tlxv-rec-op 3 kernels.py:75\n"
    "// tlxv-rec-op 4 kernels.py:87\n"
    "// tlxv-rec-bar 0 off=49152 name=le[0]\n"
    "// tlxv-rec-bar 1 off=49160 name=le[1]\n"
    "// tlxv-rec-bar 2 off=49168 name=lr[0]\n"
    "// tlxv-rec-bar 3 off=49176 name=lr[1]\n"
    "// tlxv-rec-bar 4 off=49184 name=ce[0]\n"
    "// tlxv-rec-bar 5 off=49192 name=ce[1]\n"
    "// tlxv-rec-bar 6 off=49200 name=cr[0]\n"
    "// tlxv-rec-bar 7 off=49208 name=cr[1]\n"
    "//\n"
    ".version 8.5\n";

static void put_wait(uint64_t *buf, int warps, unsigned cta, int warp, unsigned op, unsigned off,
                     unsigned parity, uint64_t word, uint64_t t0, uint64_t t) {
  uint64_t *r = buf + REC_HDR_WORDS + ((size_t)cta * (size_t)warps + (size_t)warp) * REC_WARP_WORDS;
  r[REC_W_STATE] = (uint64_t)op << 32 | REC_ST_WAIT;
  r[REC_W_BAR] = off | (uint64_t)parity << 32;
  r[REC_W_WORD] = word;
  r[REC_W_TIME] = t;
  r[REC_W_START] = t0;
  r[REC_W_SPINS] = 1000 + (uint64_t)warp;
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  static char b[1 << 16];
  size_t n = fread(b, 1, sizeof b - 1, f);
  fclose(f);
  b[n] = 0;
  return strdup(b);
}

START_TEST(bug1_record) {
  run_rec_info ri;
  char err[256] = "";
  ck_assert_msg(!run_rec_parse(header, &ri, err, sizeof err), "%s", err);
  ck_assert(ri.on);
  ck_assert_int_eq(ri.warps, 8);
  ck_assert_uint_eq(ri.nops, 4);
  ck_assert_uint_eq(ri.nbars, 8);
  ck_assert_str_eq(ri.ops[2].loc, "kernels.py:75");
  ck_assert_str_eq(ri.bars[6].name, "cr[0]");
  const unsigned ctas = 1;
  size_t words = run_rec_words(&ri, ctas);
  ck_assert_uint_eq(words, REC_HDR_WORDS + 8 * REC_WARP_WORDS + 9);
  uint64_t *buf = calloc(words, sizeof *buf);
  /* check's deadlock: every barrier in phase 0 still needs 1 of 1 arrival */
  uint64_t w = obs_mbar_encode(&(obs_mbar){.expected = 1, .pending = 1, .tx = 0, .phase = 0});
  for (int k = 0; k < 4; k++) put_wait(buf, 8, 0, k, 3, 49168, 0, w, 5000000000ull, 6000000000ull + (uint64_t)k);
  /* Triton's layout (ir/ir_wsgroups.h): the two 1-warp partitions run on warps 6 and 7; warps
   * 4-5 are a padding partition and wrote nothing: left out */
  put_wait(buf, 8, 0, 6, 1, 49152, 0, w, 5000000100ull, 6000000100ull);
  put_wait(buf, 8, 0, 7, 2, 49200, 0, w, 5000000200ull, 6000000200ull);
  uint64_t *dump = buf + REC_HDR_WORDS + 8 * REC_WARP_WORDS;
  dump[0] = 6000000000ull | 1;
  for (int k = 0; k < 8; k++) dump[1 + k] = w;
  unsigned wc = 9, wop = 0;
  int ww = 9;
  ck_assert_int_eq(run_rec_waiting(&ri, buf, ctas, &wc, &ww, &wop), 6);
  ck_assert(wc == 0 && ww == 0 && wop == 3);
  char path[256];
  snprintf(path, sizeof path, "%s/run_rec_test.json", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
  FILE *f = fopen(path, "w");
  ck_assert(f);
  ck_assert_int_eq(run_rec_json(f, &ri, "ws_add_kernel", buf, ctas, 1000000000ull), 6);
  fclose(f);
  char *got = slurp(path);
  ck_assert(got);
  char golden[512];
  snprintf(golden, sizeof golden, "%s/tests/cli/explain/runner_bug1.json", TLXV_SRC);
  if (getenv("TLXV_REGEN")) {
    FILE *g = fopen(golden, "w");
    ck_assert(g);
    fputs(got, g);
    fclose(g);
  }
  char *want = slurp(golden);
  ck_assert_msg(want, "missing %s", golden);
  ck_assert_str_eq(got, want);
  /* explain's parser reads it */
  obs o = {.path = path};
  ck_assert_msg(!obs_parse_json(got, &o, err, sizeof err), "%s", err);
  ck_assert_uint_eq(o.n_warps, 6);
  ck_assert_uint_eq(o.warps[0].t_lo, 0);
  ck_assert_uint_eq(o.warps[4].t_lo, 6 * 32);
  ck_assert_int_eq(o.warps[0].what, OBS_AT);
  ck_assert_uint_eq(o.warps[0].at.line, 75);
  ck_assert_str_eq(o.warps[4].at.file, "kernels.py");
  ck_assert_uint_eq(o.warps[4].at.line, 31);
  ck_assert_uint_eq(o.warps[5].at.line, 55);
  ck_assert(o.warps[5].facts.has_parity && o.warps[5].facts.parity == 0);
  /* the kernel's own plain load of the word is not the barrier's state (it reads 0 on the
   * H200): written as smem_word, never decoded into facts */
  ck_assert(!o.warps[5].facts.has_pending && !o.warps[5].facts.has_phase && !o.warps[5].facts.has_tx);
  ck_assert(strstr(got, "\"smem_word\"") && !strstr(got, "\"word\""));
  obs_free(&o);
  free(want);
  free(got);
  free(buf);
  run_rec_free(&ri);
}
END_TEST

START_TEST(exited_resumed) {
  run_rec_info ri;
  char err[256] = "";
  ck_assert(!run_rec_parse(header, &ri, err, sizeof err));
  uint64_t buf[REC_HDR_WORDS + 2 * 8 * REC_WARP_WORDS + 2 * 9] = {0};
  buf[REC_HDR_WORDS + 1 * REC_WARP_WORDS] = REC_ST_EXITED;
  buf[REC_HDR_WORDS + 9 * REC_WARP_WORDS] = (uint64_t)2 << 32 | REC_ST_RESUMED; /* cta 1, warp 1 */
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  ck_assert_int_eq(run_rec_json(f, &ri, "k\"q", buf, 2, 5), 2);
  fclose(f);
  ck_assert(strstr(text, "\"kernel\": \"k\\\"q\""));
  ck_assert(strstr(text, "\"last_loc\": \"kernels.py:55\""));
  obs o = {.path = "mem"};
  ck_assert_msg(!obs_parse_json(text, &o, err, sizeof err), "%s", err);
  ck_assert_uint_eq(o.n_warps, 2);
  ck_assert_int_eq(o.warps[0].what, OBS_EXITED);
  ck_assert_int_eq(o.warps[1].what, OBS_RUNNING);
  ck_assert_uint_eq(o.warps[1].b_lo, 1);
  obs_free(&o);
  free(text);
  run_rec_free(&ri);
}
END_TEST

START_TEST(malformed_header) {
  run_rec_info ri;
  char err[256] = "";
  ck_assert(run_rec_parse("// tlxv-recorder version=1 warps=x bars=1 ops=1\n", &ri, err, sizeof err));
  ck_assert(strstr(err, "malformed recorder line"));
  run_rec_free(&ri);
  ck_assert(run_rec_parse("// tlxv-recorder version=1 warps=4 bars=0 ops=1\n// tlxv-rec-op 2 a.py:1\n", &ri, err, sizeof err));
  run_rec_free(&ri);
  ck_assert(run_rec_parse("// tlxv-recorder version=2 warps=4 bars=0 ops=1\n", &ri, err, sizeof err));
  ck_assert(strstr(err, "version 2"));
  run_rec_free(&ri);
  /* %HH escapes (the lowering keeps the PTX ASCII: ptxas rejects other bytes, even in comments) */
  ck_assert(!run_rec_parse("// tlxv-recorder version=1 warps=4 bars=1 ops=1\n// tlxv-rec-op 1 a%20b%FF.py:3\n"
                           "// tlxv-rec-bar 0 off=8 name=x%25[0]\n", &ri, err, sizeof err));
  ck_assert_str_eq(ri.ops[0].loc, "a b\xff.py:3");
  ck_assert_str_eq(ri.bars[0].name, "x%[0]");
  run_rec_free(&ri);
  ck_assert(!run_rec_parse("// tlxv-abi 1\n.version 8.5\n", &ri, err, sizeof err));
  ck_assert(!ri.on);
  run_rec_free(&ri);
}
END_TEST

int main(void) {
  Suite *s = suite_create("run_rec");
  TCase *tc = tcase_create("json");
  tcase_add_test(tc, bug1_record);
  tcase_add_test(tc, exited_resumed);
  tcase_add_test(tc, malformed_header);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
