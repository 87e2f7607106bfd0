/* test_lw_mfma.c: the AMD MFMA lowering without a GPU. The amd_mfma and dot_op-over-mfma
 * layouts against the bases Triton's own unit tests give
 * [T:unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp, MFMA* cases], the
 * amd_rotating_shared offsets against the encoding's definition (TritonGPUAttrDefs.td), and
 * the tt.dot plan (lw_mfma_plan_of) by emulating every MFMA instruction it issues, lane by
 * lane, as the ISA defines the instruction [CDNA3 ISA §7 "Matrix Arithmetic Instructions":
 * lane l supplies row l % M of A and column l % N of B, the K slice (l / M) * kbase ..
 * + kbase; output element o of lane l is row (l / N) * 4 + 4 * (64 / N) * (o / 4) + o % 4,
 * column l % N], and comparing with the product. */
#include "lw_test_util.h"
#include "check_run.h"


/* Expected bases (2-D), zero register bases left out (lw_ll drops them). */
typedef struct want {
  int nreg, nlane, nwarp;
  int32_t reg[16][2], lane[6][2], warp[6][2];
} want;

static void check_bases(const lw_ll *l, const want *w, const char *what) {
  ck_assert_msg(l->nreg == w->nreg && l->nlane == w->nlane && l->nwarp == w->nwarp, "%s: %d/%d/%d bases", what,
                l->nreg, l->nlane, l->nwarp);
  for (int i = 0; i < w->nreg; i++)
    ck_assert_msg(l->reg[i][0] == w->reg[i][0] && l->reg[i][1] == w->reg[i][1], "%s: register basis %d is {%d, %d}",
                  what, i, l->reg[i][0], l->reg[i][1]);
  for (int i = 0; i < w->nlane; i++)
    ck_assert_msg(l->lane[i][0] == w->lane[i][0] && l->lane[i][1] == w->lane[i][1], "%s: lane basis %d", what, i);
  for (int i = 0; i < w->nwarp; i++)
    ck_assert_msg(l->warp[i][0] == w->warp[i][0] && l->warp[i][1] == w->warp[i][1], "%s: warp basis %d", what, i);
}

static const char *mfma_aliases =
    "#nt = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false, tilesPerWarp = [2, 2]}>\n"
    "#t = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true, tilesPerWarp = [2, 2]}>\n"
    "#m32 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = false}>\n"
    "#m16 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [16, 16, 16], isTransposed = false}>\n";

/* LinearLayoutConversionsTest MFMA32_2x4Warps_tpw_2_2, 128x128. */
START_TEST(mfma_acc_matches_triton) {
  want nt = {6, 6, 3, {{1, 0}, {2, 0}, {8, 0}, {16, 0}, {0, 32}, {32, 0}},
             {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {4, 0}}, {{0, 64}, {0, 0}, {64, 0}}};
  lw_ll l = tu_ll_of(mfma_aliases, "tensor<128x128xf32, #nt>");
  check_bases(&l, &nt, "mfma32 NT 128x128");
  want t = {6, 6, 3, {{0, 1}, {0, 2}, {0, 8}, {0, 16}, {0, 32}, {32, 0}},
            {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 4}}, {{0, 64}, {0, 0}, {64, 0}}};
  l = tu_ll_of(mfma_aliases, "tensor<128x128xf32, #t>");
  check_bases(&l, &t, "mfma32 T 128x128");
  want t256 = {7, 6, 3, {{0, 1}, {0, 2}, {0, 8}, {0, 16}, {0, 32}, {32, 0}, {128, 0}},
               {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 4}}, {{0, 64}, {0, 128}, {64, 0}}};
  l = tu_ll_of(mfma_aliases, "tensor<256x256xf32, #t>");
  check_bases(&l, &t256, "mfma32 T 256x256");
}
END_TEST

/* MFMA32_dot_op_lhs_kwidth4, MFMA16_dot_op_rhs_kwidth4, MFMA32_dot_op_lhs_tpw_2_2. */
START_TEST(mfma_dot_operands_match_triton) {
  want a = {7, 6, 3, {{0, 1}, {0, 2}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {64, 0}},
            {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 4}}, {{0, 0}, {0, 0}, {32, 0}}};
  lw_ll l = tu_ll_of(mfma_aliases, "tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #m32, kWidth = 4}>>");
  check_bases(&l, &a, "lhs 128x128");
  want a16 = {3, 6, 3, {{0, 1}, {0, 2}, {0, 8}}, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 0}, {0, 4}},
              {{0, 0}, {0, 0}, {0, 0}}};
  l = tu_ll_of(mfma_aliases, "tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #m32, kWidth = 4}>>");
  check_bases(&l, &a16, "lhs 16x16 (broadcast lanes)");
  want b = {6, 6, 3, {{1, 0}, {2, 0}, {16, 0}, {32, 0}, {64, 0}, {0, 64}},
            {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {4, 0}, {8, 0}}, {{0, 16}, {0, 32}, {0, 0}}};
  l = tu_ll_of(mfma_aliases, "tensor<128x128xf16, #ttg.dot_op<{opIdx = 1, parent = #m16, kWidth = 4}>>");
  check_bases(&l, &b, "rhs 128x128");
  want tpw = {7, 6, 3, {{0, 1}, {0, 2}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {32, 0}},
              {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 4}}, {{0, 0}, {0, 0}, {64, 0}}};
  l = tu_ll_of(mfma_aliases, "tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #t, kWidth = 4}>>");
  check_bases(&l, &tpw, "lhs tpw 2x2");
}
END_TEST

/* amd_rotating_shared: outCol = inCol ^ (vec * (phase ^ blockNo)) (TritonGPUAttrDefs.td's
 * definition and its vec = 1 example); swizzled_shared: the XOR is taken modulo the row. */
START_TEST(rotating_shared_offsets) {
  ir_module *m;
  const ir_type *t = tu_type("#r = #ttg.amd_rotating_shared<{vec = 1, perPhase = 1, maxPhase = 2, order = [1, 0]}>\n"
                             "#smem = #ttg.shared_memory\n",
                             "!ttg.memdesc<4x4xf32, #r, #smem>", &m);
  lw_smem_layout sl;
  char err[160];
  ck_assert_int_eq(lw_smem_layout_of(t, &sl, err, sizeof err), 0);
  /* rows of the definition's example: [0 1 2 3], [5 4 7 6], [9 8 11 10], [12 13 14 15] */
  static const int64_t stored[4][4] = {{0, 1, 2, 3}, {5, 4, 7, 6}, {9, 8, 11, 10}, {12, 13, 14, 15}};
  for (int64_t r = 0; r < 4; r++)
    for (int64_t col = 0; col < 4; col++) {
      /* the element stored at memory (r, col) is element stored[r][col] */
      int64_t e = stored[r][col], co[2] = {e / 4, e % 4};
      ck_assert_int_eq(lw_smem_offset_const(&sl, co), (r * 4 + col) * 4);
    }
  ir_module_free(m);
  /* vec 8, maxPhase 16 over 32 columns: the XOR wraps within the row */
  t = tu_type("#s = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [1, 0]}>\n"
              "#smem = #ttg.shared_memory\n",
              "!ttg.memdesc<64x32xf16, #s, #smem>", &m);
  ck_assert_int_eq(lw_smem_layout_of(t, &sl, err, sizeof err), 0);
  for (int64_t r = 0; r < 64; r++)
    for (int64_t col = 0; col < 32; col++) {
      int64_t co[2] = {r, col}, o = lw_smem_offset_const(&sl, co) / 2;
      ck_assert_int_eq(o / 32, r);
      ck_assert_int_eq(o % 32, col ^ ((8 * (r % 16)) & 31));
    }
  ir_module_free(m);
}
END_TEST

/* ------------------------------------------------------------------ MFMA emulation */

static int64_t aval(int32_t m, int32_t k) { return (m * 7 + k * 3) % 11 - 5; }
static int64_t bval(int32_t k, int32_t n) { return (k * 5 + n * 2) % 13 - 6; }

/* Runs the plan of dot(a, b) -> c on every wave and lane; returns the number of wrong C
 * elements (and -1 when the plan was refused). mutate 1: the plan's operand swap is flipped
 * first (the emulation must see the damage). */
static int emulate_m(const char *aliases, const char *at_s, const char *bt_s, const char *ct_s, lw_target tgt,
                     char *why, size_t whyn, int mutate) {
  char ty[3][256];
  snprintf(ty[0], sizeof ty[0], "%s", at_s);
  snprintf(ty[1], sizeof ty[1], "%s", bt_s);
  snprintf(ty[2], sizeof ty[2], "%s", ct_s);
  ir_module *mods[3];
  const ir_type *ts[3];
  for (int i = 0; i < 3; i++) ts[i] = tu_type(aliases, ty[i], &mods[i]);
  lw_mfma_plan p;
  int rc = lw_mfma_plan_of(ts[0], ts[1], ts[2], tgt, &p, why, whyn);
  if (rc) {
    for (int i = 0; i < 3; i++) ir_module_free(mods[i]);
    return -1;
  }
  if (mutate) p.swap = !p.swap;
  lw_ll la = tu_ll_of(aliases, ty[0]), lb = tu_ll_of(aliases, ty[1]), lc = tu_ll_of(aliases, ty[2]);
  int nw = lw_ll_nwarps(&lc), bad = 0;
  uint32_t na = lw_ll_nregs(&la), nb = lw_ll_nregs(&lb), nc = lw_ll_nregs(&lc);
  ck_assert_uint_eq(nc, p.ncreg);
  int64_t *acc = calloc((size_t)nw * 64 * nc, sizeof *acc);
  int G = 64 / p.nd;
  for (int w = 0; w < nw; w++)
    for (int i = 0; i < p.nga; i++)
      for (int j = 0; j < p.ngb; j++)
        for (uint32_t s = 0; s < p.nk; s += (uint32_t)p.kbase) {
          /* operand value of lane l, element e of instruction (i, j, s) */
          int64_t sa[64][LW_MFMA_MAXK], sb[64][LW_MFMA_MAXK];
          for (int l = 0; l < 64; l++)
            for (int e = 0; e < p.kbase; e++) {
              int32_t co[IR_MAX_RANK];
              tu_ll_coord(&la, p.areg[(size_t)i * p.nk + s + (uint32_t)e], (uint32_t)l, (uint32_t)w, co);
              sa[l][e] = aval(co[0], co[1]);
              tu_ll_coord(&lb, p.breg[(size_t)j * p.nk + s + (uint32_t)e], (uint32_t)l, (uint32_t)w, co);
              sb[l][e] = bval(co[0], co[1]);
            }
          int64_t (*x)[LW_MFMA_MAXK] = p.swap ? sb : sa, (*y)[LW_MFMA_MAXK] = p.swap ? sa : sb;
          int kin = p.kbase * (64 / p.md);
          for (int l = 0; l < 64; l++)
            for (int o = 0; o < p.nout; o++) {
              int row = (l / p.nd) * 4 + 4 * G * (o / 4) + o % 4, col = l % p.nd;
              int64_t sum = 0;
              for (int kk = 0; kk < kin; kk++)
                sum += x[row + p.md * (kk / p.kbase)][kk % p.kbase] * y[col + p.nd * (kk / p.kbase)][kk % p.kbase];
              uint32_t cr = p.creg[(i * p.ngb + j) * p.nout + o];
              acc[((size_t)w * 64 + (size_t)l) * nc + cr] += sum;
            }
        }
  int64_t K = ts[0]->shape[1];
  for (int w = 0; w < nw; w++)
    for (int l = 0; l < 64; l++)
      for (uint32_t r = 0; r < nc; r++) {
        int32_t co[IR_MAX_RANK];
        tu_ll_coord(&lc, r, (uint32_t)l, (uint32_t)w, co);
        int64_t expect = 0;
        for (int32_t k = 0; k < K; k++) expect += aval(co[0], k) * bval(k, co[1]);
        bad += acc[((size_t)w * 64 + (size_t)l) * nc + r] != expect;
      }
  (void)na;
  (void)nb;
  free(acc);
  lw_mfma_plan_free(&p);
  for (int i = 0; i < 3; i++) ir_module_free(mods[i]);
  return bad;
}

static int emulate(const char *aliases, const char *at_s, const char *bt_s, const char *ct_s, lw_target tgt,
                   char *why, size_t whyn) {
  return emulate_m(aliases, at_s, bt_s, ct_s, tgt, why, whyn, 0);
}

/* Every (instruction, transposition, kWidth, warps, tilesPerWarp, shape) combination the
 * plan accepts computes the product; the corpus kernels' combinations are accepted. */
START_TEST(mfma_plan_computes_the_product) {
  static const struct { int ver, md, k; lw_target t; } ins[] = {
      {3, 16, 16, LW_GFX942}, {3, 32, 8, LW_GFX942}, {4, 16, 32, LW_GFX950}, {4, 32, 16, LW_GFX950}};
  static const int warps[][2] = {{4, 2}, {2, 4}, {4, 1}, {2, 2}, {8, 1}};
  static const int shapes[][3] = {{32, 32, 64}, {64, 32, 64}, {128, 128, 64}, {64, 64, 32}, {64, 32, 16}};
  int accepted = 0, tried = 0;
  for (size_t a = 0; a < sizeof ins / sizeof ins[0]; a++)
    for (int tr = 0; tr < 2; tr++)
      for (int kw = 4; kw <= 8; kw *= 2)
        for (size_t w = 0; w < sizeof warps / sizeof warps[0]; w++)
          for (int tpw = 1; tpw <= 2; tpw++)
            for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
              char al[512], at[160], bt[160], ct[96], why[200];
              snprintf(al, sizeof al,
                       "#mma = #ttg.amd_mfma<{version = %d, warpsPerCTA = [%d, %d], instrShape = [%d, %d, %d], "
                       "isTransposed = %s, tilesPerWarp = [%d, %d]}>\n",
                       ins[a].ver, warps[w][0], warps[w][1], ins[a].md, ins[a].md, ins[a].k, tr ? "true" : "false",
                       tpw, tpw);
              snprintf(at, sizeof at, "tensor<%dx%dxf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = %d}>>",
                       shapes[s][0], shapes[s][2], kw);
              snprintf(bt, sizeof bt, "tensor<%dx%dxf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = %d}>>",
                       shapes[s][2], shapes[s][1], kw);
              snprintf(ct, sizeof ct, "tensor<%dx%dxf32, #mma>", shapes[s][0], shapes[s][1]);
              tried++;
              int bad = emulate(al, at, bt, ct, ins[a].t, why, sizeof why);
              if (bad < 0) continue;
              accepted++;
              ck_assert_msg(bad == 0, "%s %s %s x %s: %d wrong elements", al, ct, at, bt, bad);
            }
  fprintf(stderr, "mfma plans: %d of %d combinations accepted\n", accepted, tried);
  ck_assert_msg(accepted > tried / 3, "only %d of %d combinations planned", accepted, tried);
}
END_TEST

/* The corpus kernels' dots (tests/corpus/amd) are planned. */
START_TEST(mfma_corpus_dots_planned) {
  static const struct { const char *mma; const char *a, *b, *c; lw_target t; } dots[] = {
      {"version = 3, warpsPerCTA = [4, 2], instrShape = [16, 16, 16], isTransposed = true",
       "tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>",
       "tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>", "tensor<32x32xf32, #mma>", LW_GFX942},
      {"version = 4, warpsPerCTA = [4, 1], instrShape = [32, 32, 16], isTransposed = true",
       "tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>",
       "tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>", "tensor<64x32xf32, #mma>", LW_GFX950},
      {"version = 4, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = true",
       "tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>",
       "tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>", "tensor<64x64xf32, #mma>", LW_GFX950},
  };
  for (size_t i = 0; i < sizeof dots / sizeof dots[0]; i++) {
    char al[256], why[200] = "";
    snprintf(al, sizeof al, "#mma = #ttg.amd_mfma<{%s}>\n", dots[i].mma);
    int bad = emulate(al, dots[i].a, dots[i].b, dots[i].c, dots[i].t, why, sizeof why);
    ck_assert_msg(bad == 0, "dot %zu: %d (%s)", i, bad, why);
  }
}
END_TEST

/* A layout the instruction cannot take is refused with a reason, never planned wrong: B's
 * kWidth differs from A's (different K offsets), and a gfx950 instruction on gfx942. */
START_TEST(mfma_plan_refusals) {
  const char *al = "#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>\n";
  char why[200] = "";
  int r = emulate(al, "tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>",
                  "tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>", "tensor<32x32xf32, #mma>",
                  LW_GFX942, why, sizeof why);
  ck_assert_int_eq(r, -1);
  ck_assert_msg(strstr(why, "K offsets") != NULL, "%s", why);
  al = "#mma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], isTransposed = true}>\n";
  r = emulate(al, "tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>",
              "tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>", "tensor<32x32xf32, #mma>",
              LW_GFX942, why, sizeof why);
  ck_assert_int_eq(r, -1);
  ck_assert_msg(strstr(why, "no MFMA instruction 16x16x32") != NULL, "%s", why);
  /* the emulation is not blind: the operands fed the wrong way round give a wrong product */
  al = "#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true}>\n";
  r = emulate_m(al, "tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>",
                "tensor<64x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>", "tensor<32x32xf32, #mma>",
                LW_GFX942, why, sizeof why, 1);
  ck_assert_int_gt(r, 0);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("lw_mfma");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, mfma_acc_matches_triton);
  tcase_add_test(tc, mfma_dot_operands_match_triton);
  tcase_add_test(tc, rotating_shared_offsets);
  tcase_add_test(tc, mfma_plan_computes_the_product);
  tcase_add_test(tc, mfma_corpus_dots_planned);
  tcase_add_test(tc, mfma_plan_refusals);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
