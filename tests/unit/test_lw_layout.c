/* test_lw_layout.c: the lowering's layouts: register layouts as linear maps (blocked, slice,
 * nvidia_mma v3, dot_op) checked element by element against their definitions, and the
 * shared-memory byte offsets checked against an independent model of the TMA swizzle. */
#include "lw_test_util.h"
#include "check_run.h"

static const char *aliases =
    "#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>\n"
    "#blocked2 = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>\n"
    "#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>\n"
    "#sw128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>\n"
    "#sw128h = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>\n"
    "#sw64h = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>\n"
    "#sw32t = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16}>\n"
    "#sws = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>\n"
    "#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
    "#pad = #ttg.padded_shared<[16:+1] {offset = [[0, 1], [0, 2], [2, 0], [4, 0], [1, 0]], block = []}>\n"
    "#pad2 = #ttg.padded_shared<[2:+1, 4:+2] {order = [0], shape = [16]}>\n"
    "#padbad = #ttg.padded_shared<[16:+1] {offset = [[0, 1], [0, 2], [2, 0], [2, 0], [1, 0]], block = []}>\n"
    "#smem = #ttg.shared_memory\n";

static lw_ll ll_of(const char *ty) { return tu_ll_of(aliases, ty); }

/* The blocked layout's definition: element (i, j) belongs to the thread whose tile position
 * matches, wrapping around the tensor (broadcast) when the tile is larger. */
START_TEST(blocked_matches_definition) {
  lw_ll l = ll_of("tensor<16x64xf32, #blocked2>");
  /* spt [2,4], tpw [4,8], wpc [2,2]: tile 16x64, so one copy, 8 registers */
  ck_assert_int_eq(lw_ll_nregs(&l), 8);
  ck_assert_int_eq(lw_ll_nwarps(&l), 4);
  static int seen[16][64];
  memset(seen, 0, sizeof seen);
  for (uint32_t w = 0; w < 4; w++)
    for (uint32_t ln = 0; ln < 32; ln++)
      for (uint32_t r = 0; r < 8; r++) {
        int32_t co[IR_MAX_RANK];
        tu_ll_coord(&l, r, ln, w, co);
        /* order [1,0]: lane = tj + 8 * ti, warp = wj + 2 * wi */
        int ti = (int)ln / 8, tj = (int)ln % 8, wi = (int)w / 2, wj = (int)w % 2;
        int ri = (int)(r >> 2) & 1, rj = (int)r & 3;
        ck_assert_int_eq(co[0], wi * 8 + ti * 2 + ri);
        ck_assert_int_eq(co[1], wj * 32 + tj * 4 + rj);
        seen[co[0]][co[1]]++;
      }
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 64; j++) ck_assert_int_eq(seen[i][j], 1);
}
END_TEST

/* ws_add's layout over 32x64: 32 rows in registers, warps 2 and 3 duplicate 0 and 1. */
START_TEST(blocked_broadcast) {
  lw_ll l = ll_of("tensor<32x64xf32, #blocked>");
  ck_assert_int_eq(lw_ll_nregs(&l), 32);
  for (uint32_t r = 0; r < 32; r++) {
    int32_t a[IR_MAX_RANK], b[IR_MAX_RANK];
    tu_ll_coord(&l, r, 5, 1, a);
    tu_ll_coord(&l, r, 5, 3, b);
    ck_assert_int_eq(a[0], (int32_t)r);
    ck_assert_int_eq(a[1], 32 + 5);
    ck_assert_mem_eq(a, b, 2 * sizeof a[0]);
  }
}
END_TEST

/* wgmma accumulator fragment (PTX ISA, m64nNk16 D layout): register i of lane l of warp w holds
 * row 16w + l/4 + 8*((i/2)%2), column 8*(i/4) + 2*(l%4) + i%2. */
START_TEST(mma_v3_fragment) {
  lw_ll l = ll_of("tensor<64x64xf32, #mma>");
  ck_assert_int_eq(lw_ll_nregs(&l), 32);
  for (uint32_t w = 0; w < 4; w++)
    for (uint32_t ln = 0; ln < 32; ln++)
      for (uint32_t i = 0; i < 32; i++) {
        int32_t co[IR_MAX_RANK];
        tu_ll_coord(&l, i, ln, w, co);
        ck_assert_int_eq(co[0], (int32_t)(16 * w + ln / 4 + 8 * ((i / 2) % 2)));
        ck_assert_int_eq(co[1], (int32_t)(8 * (i / 4) + 2 * (ln % 4) + i % 2));
      }
  /* 128 rows with 4 warps: a second copy along M in the registers */
  lw_ll big = ll_of("tensor<128x64xf32, #mma>");
  ck_assert_int_eq(lw_ll_nregs(&big), 64);
  int32_t c0[IR_MAX_RANK] = {64, 0};
  ck_assert_int_ge(lw_ll_find_reg(&big, c0), 32);
}
END_TEST

/* Row reductions of the accumulator: the slice keeps rows l/4 and l/4+8 per thread. */
START_TEST(slice_and_dot_op) {
  lw_ll s = ll_of("tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>");
  ck_assert_int_eq(lw_ll_nregs(&s), 2);
  int32_t co[IR_MAX_RANK];
  tu_ll_coord(&s, 1, 13, 2, co);
  ck_assert_int_eq(co[0], 32 + 13 / 4 + 8);
  /* wgmma register A fragment (m64nNk16 A): a_i at row l/4 + 8*((i/2)%2), k 2*(l%4) + i%2 +
   * 8*(i/4), repeated every 16 along K. */
  lw_ll a = ll_of("tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>");
  ck_assert_int_eq(lw_ll_nregs(&a), 32);
  for (uint32_t ln = 0; ln < 32; ln++)
    for (uint32_t i = 0; i < 32; i++) {
      tu_ll_coord(&a, i, ln, 1, co);
      uint32_t q = i % 8, kk = i / 8;
      ck_assert_int_eq(co[0], (int32_t)(16 + ln / 4 + 8 * ((q / 2) % 2)));
      ck_assert_int_eq(co[1], (int32_t)(16 * kk + 2 * (ln % 4) + q % 2 + 8 * (q / 4)));
    }
}
END_TEST

static lw_smem_layout sl_of(const char *ty) {
  ir_module *m;
  const ir_type *t = tu_type(aliases, ty, &m);
  lw_smem_layout l;
  char err[160];
  ck_assert_msg(lw_smem_layout_of(t, &l, err, sizeof err) == 0, "%s: %s", ty, err);
  ir_module_free(m);
  return l;
}

/* Independent model of a TMA box written with swizzle S into shared memory at a 1024-aligned
 * address: boxes of (rows x S bytes) follow each other along the contiguous dim; inside a
 * box, row r starts at r*S and its 16-byte unit u lands at unit u ^ ((r / (128 / S)) % (S / 16))
 * (the 128B / 64B / 32B swizzle patterns of cuTensorMapEncodeTiled). */
static int64_t tma_model(int64_t r, int64_t c, int rows, int eb, int s) {
  int64_t w = s / eb, box = c / w, cb = (c % w) * eb;
  int64_t u = cb / 16, phase = (r / (128 / s)) % (s / 16);
  return box * rows * s + r * s + ((u ^ phase) * 16) + cb % 16;
}

START_TEST(nvmma_offsets_match_tma) {
  struct {
    const char *ty;
    int rows, cols, eb, s;
  } cases[] = {
      {"!ttg.memdesc<32x64xf32, #sw128, #smem, mutable>", 32, 64, 4, 128},
      {"!ttg.memdesc<64x64xf16, #sw128h, #smem, mutable>", 64, 64, 2, 128},
      {"!ttg.memdesc<64x128xf16, #sw128h, #smem, mutable>", 64, 128, 2, 128},
      {"!ttg.memdesc<32x64xf16, #sw64h, #smem, mutable>", 32, 64, 2, 64},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    lw_smem_layout l = sl_of(cases[k].ty);
    ck_assert_int_eq(l.kind, LW_SM_NVMMA);
    static unsigned char used[65536];
    memset(used, 0, sizeof used);
    for (int64_t r = 0; r < cases[k].rows; r++)
      for (int64_t c = 0; c < cases[k].cols; c++) {
        int64_t co[2] = {r, c};
        int64_t off = lw_smem_offset_const(&l, co);
        ck_assert_int_eq(off, tma_model(r, c, cases[k].rows, cases[k].eb, cases[k].s));
        ck_assert_int_lt(off, (int64_t)sizeof used);
        used[off]++;
      }
    ck_assert_int_eq(lw_smem_tile_bytes(&l), (int64_t)cases[k].rows * cases[k].cols * cases[k].eb);
  }
  /* transposed: the contiguous dim is dim 0 */
  lw_smem_layout t = sl_of("!ttg.memdesc<64x32xf16, #sw32t, #smem, mutable>");
  ck_assert_int_eq(t.inner, 0);
  for (int64_t r = 0; r < 64; r++)
    for (int64_t c = 0; c < 32; c++) {
      int64_t co[2] = {r, c};
      ck_assert_int_eq(lw_smem_offset_const(&t, co), tma_model(c, r, 32, 2, 32));
    }
}
END_TEST

START_TEST(swizzled_shared_offsets) {
  lw_smem_layout l = sl_of("!ttg.memdesc<16x16xf32, #sws, #smem, mutable>");
  ck_assert_int_eq(l.kind, LW_SM_SWIZZLED);
  static int used[256];
  memset(used, 0, sizeof used);
  for (int64_t r = 0; r < 16; r++)
    for (int64_t c = 0; c < 16; c++) {
      int64_t co[2] = {r, c}, off = lw_smem_offset_const(&l, co);
      /* Triton's rule: vec-sized groups XOR (row / perPhase) % maxPhase, within the row */
      int64_t want = r * 16 + (((c / 2) ^ ((r / 2) % 4)) * 2 + c % 2);
      ck_assert_int_eq(off, want * 4);
      used[off / 4]++;
    }
  for (int i = 0; i < 256; i++) ck_assert_int_eq(used[i], 1);
  /* barrier arrays: buffer index slowest, 8 bytes per barrier */
  lw_smem_layout b = sl_of("!ttg.memdesc<2x1xi64, #bar, #smem, mutable>");
  int64_t co[2] = {1, 0};
  ck_assert_int_eq(lw_smem_offset_const(&b, co), 8);
}
END_TEST

/* padded_shared: Triton's two examples (TritonGPUAttrDefs.td, PaddedSharedEncodingAttr). */
START_TEST(padded_shared_offsets) {
  /* rows 0, 2, 4, 6 then a pad element, then rows 1, 3, 5, 7: [16:+1] with rearranged rows */
  lw_smem_layout l = sl_of("!ttg.memdesc<8x4xf32, #pad, #smem, mutable>");
  ck_assert_int_eq(l.kind, LW_SM_PADDED);
  for (int64_t r = 0; r < 8; r++)
    for (int64_t c = 0; c < 4; c++) {
      int64_t co[2] = {r, c};
      int64_t want = (r % 2) * 17 + (r / 2) * 4 + c;
      ck_assert_int_eq(lw_smem_offset_const(&l, co), want * 4);
    }
  ck_assert_int_eq(l.order[0], 1);
  ck_assert_int_eq(l.prun, 2); /* 4 contiguous elements along dim 1 */
  ck_assert_int_eq(lw_smem_alloc_bytes(&l), 33 * 4); /* no padding after the last element */
  /* two buffers: the second starts after 32 elements and their padding (2 pads) */
  lw_smem_layout b = sl_of("!ttg.memdesc<2x8x4xf32, #pad, #smem, mutable>");
  int64_t co[3] = {1, 0, 0};
  ck_assert_int_eq(lw_smem_offset_const(&b, co), 34 * 4);
  ck_assert_int_eq(lw_smem_alloc_bytes(&b), (64 + 4 - 1) * 4);
  /* [2:+1, 4:+2], identity short form: e0 e1 p e2 e3 p p p e4 e5 p e6 e7 p p p ... */
  lw_smem_layout p = sl_of("!ttg.memdesc<16xf16, #pad2, #smem, mutable>");
  static const int64_t want[8] = {0, 1, 3, 4, 8, 9, 11, 12};
  for (int64_t i = 0; i < 8; i++) {
    int64_t c1[1] = {i};
    ck_assert_int_eq(lw_smem_offset_const(&p, c1), want[i] * 2);
  }
  /* bases that are not a bijection onto the tile are refused */
  ir_module *m;
  const ir_type *t = tu_type(aliases, "!ttg.memdesc<8x4xf32, #padbad, #smem, mutable>", &m);
  lw_smem_layout x;
  char err[160];
  ck_assert_int_eq(lw_smem_layout_of(t, &x, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "not invertible") != NULL, "%s", err);
  ir_module_free(m);
}
END_TEST

START_TEST(tma_boxes) {
  ir_module *m;
  lw_tma_info ti;
  char err[160];
  const ir_type *t = tu_type(aliases, "!tt.tensordesc<tensor<32x64xf32, #sw128>>", &m);
  ck_assert_int_eq(lw_tma_box(t, &ti, err, sizeof err), 0);
  ck_assert_int_eq(ti.nbox, 2);
  ck_assert_int_eq(ti.box[0], 32);
  ck_assert_int_eq(ti.box[1], 32);
  ck_assert_int_eq(ti.swizzle, 128);
  ir_module_free(m);
  t = tu_type(aliases, "!tt.tensordesc<tensor<64x64xf16, #sw128h>>", &m);
  ck_assert_int_eq(lw_tma_box(t, &ti, err, sizeof err), 0);
  ck_assert_int_eq(ti.nbox, 1);
  ck_assert_int_eq(ti.box[1], 64);
  ir_module_free(m);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("lw_layout");
  TCase *tc = tcase_create("layouts");
  tcase_add_test(tc, blocked_matches_definition);
  tcase_add_test(tc, blocked_broadcast);
  tcase_add_test(tc, mma_v3_fragment);
  tcase_add_test(tc, slice_and_dot_op);
  tcase_add_test(tc, nvmma_offsets_match_tma);
  tcase_add_test(tc, swizzled_shared_offsets);
  tcase_add_test(tc, tma_boxes);
  tcase_add_test(tc, padded_shared_offsets);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
