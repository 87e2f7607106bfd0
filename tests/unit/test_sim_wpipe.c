/* test_sim_wpipe.c: the warp-pipeline expansion (sim/sim_compile_amd_wpipe.c) against the barriers
 * Triton's ConvertWarpPipeline pass writes, as the CHECK lines of its lit tests state them.
 * The inputs are those lit tests (tests/amd/wpipe, provenance in their headers and README);
 * tests/amd/wpipe/expected.tsv lists, per kernel, the barriers before each op: the op's line
 * in the file and what goes before it (L = a LOCAL cluster barrier, S = a raw s_barrier,
 * P = the prelude's ttg.barrier local, H = cond_barrier(warpHigh), W = cond_barrier(warpLow)),
 * space separated in line order. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_internal.h"
#include "sim/sim_amd.h"
#include "check_run.h"

static const char *src_dir(void) {
  const char *s = getenv("SRC");
  return s ? s : ".";
}

/* "LINE:FLAGS ..." of the barriers the expansion puts in function fname of file path. */
static char *placements(const char *path, const char *fname) {
  ir_diag d = {0};
  size_t len;
  char *text = ir_read_file(path, &len, &d);
  ck_assert_msg(text, "%s: %s", path, d.msg);
  ir_module *mod = ir_parse(text, len, path, &d);
  ck_assert_msg(mod, "%s: %s", path, d.msg);
  const ir_func *fn = NULL;
  for (uint32_t k = 0; k < mod->n_funcs; k++)
    if (!strcmp(mod->funcs[k]->name, fname)) fn = mod->funcs[k];
  ck_assert_msg(fn, "%s: no function %s", path, fname);
  sim_opts o = {.mod = mod, .fn = fn};
  sim_err err = {{0}};
  sim_machine *m = sim_machine_new(&o, &err);
  ck_assert_msg(m, "%s: %s", path, err.msg);
  char *out = calloc(1, 4096);
  size_t n = 0;
  static const struct { uint8_t f; char c; } names[] = {{SIM_WP_CBAR_LOW, 'W'}, {SIM_WP_PRE_LOCAL, 'P'},
                                                         {SIM_WP_CBAR_HIGH, 'H'}, {SIM_WP_BAR_LOCAL, 'L'},
                                                         {SIM_WP_BAR_RAW, 'S'}};
  /* ops in textual order: ids follow the text */
  for (uint32_t id = 0; m->amd_wp && id < fn->n_ops; id++) {
    if (!(m->amd_wp[id] & ~SIM_WP_INSIDE)) continue;
    const ir_op *op = NULL;
    for (uint32_t pc = 0; pc < m->n_code && !op; pc++)
      if (m->code[pc].op && m->code[pc].op->id == id) op = m->code[pc].op;
    ck_assert_msg(op, "%s: op %u has barriers but no instruction", path, id);
    n += (size_t)snprintf(out + n, 4096 - n, "%s%u:", n ? " " : "", op->ir_line);
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
      if (m->amd_wp[id] & names[k].f) out[n++] = names[k].c;
  }
  sim_machine_free(m);
  ir_module_free(mod);
  free(text);
  free(d.msg);
  return out;
}

START_TEST(expansion_matches_convert_warp_pipeline) {
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/amd/wpipe/expected.tsv", src_dir());
  FILE *f = fopen(path, "r");
  ck_assert_msg(f, "cannot open %s", path);
  char line[1024];
  int n = 0, bad = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    char *file = strtok(line, "\t"), *fname = strtok(NULL, "\t"), *want = strtok(NULL, "\t\n");
    ck_assert_msg(file && fname && want, "malformed row in %s", path);
    char kpath[1024];
    snprintf(kpath, sizeof kpath, "%s/tests/amd/wpipe/%s", src_dir(), file);
    char *got = placements(kpath, fname);
    if (!*got) strcpy(got, "-"); /* no pipeline: nothing placed */
    if (getenv("WPIPE_PRINT")) fprintf(stderr, "%s\t%s\t%s\n", file, fname, got);
    if (strcmp(got, want)) {
      fprintf(stderr, "%s @%s: barriers %s, want %s\n", file, fname, got, want);
      bad++;
    }
    free(got);
    n++;
  }
  fclose(f);
  ck_assert_msg(!bad, "%d of %d kernels differ from the pass's barriers", bad, n);
  ck_assert_int_ge(n, 10);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("sim_wpipe");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, expansion_matches_convert_warp_pipeline);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return tu_run_suite(suite()); }
