/* test_data_mem.c: memory side of the data plane: .npy round trips, host tensor specs, GEMM
 * against a naive loop, TMA tiles with out-of-bounds zero fill, memory views, pointer
 * loads / stores with masks and out-of-bounds faults. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/sim_data.h"
#include "check_run.h"
#include "data_test_util.h"


/* The decoded form of t (sim_vtype_decode), as the machine passes it; a few live at once. */
static const sim_vtype *vtof(const ir_type *t) {
  static sim_vtype ring[8];
  static unsigned next;
  sim_vtype *v = &ring[next++ % 8];
  sim_vtype_decode(t, v);
  return v;
}

static void tmpname(char *buf, size_t n, const char *tag) {
  snprintf(buf, n, "/tmp/test_data_mem_%d_%s.npy", (int)getpid(), tag);
}

/* ------------------------------------------------------------------ npy */

START_TEST(npy_round_trip) {
  sim_data *d = sim_data_new(NULL, 42);
  sim_data_err err;
  const char *dts[] = {"f32", "f16", "bf16", "i32", "i8", "f64", "f8e4m3fn", "i1"};
  for (size_t k = 0; k < sizeof dts / sizeof dts[0]; k++) {
    char spec[64], path[128];
    snprintf(spec, sizeof spec, "random:3x5x7:%s", dts[k]);
    sim_dtype dt = sim_dtype_parse(dts[k], strlen(dts[k]));
    uint32_t a = sim_data_host_tensor(d, "x", spec, dt, &err);
    ck_assert_msg(a != 0, "%s", err.msg);
    tmpname(path, sizeof path, dts[k]);
    ck_assert_int_eq(sim_npy_write(d, a, path, &err), 0);
    uint32_t b = sim_npy_read(d, path, "x", dt, &err);
    ck_assert_msg(b != 0, "%s", err.msg);
    sim_buf *ba = sim_data_buf(d, a), *bb = sim_data_buf(d, b);
    ck_assert_int_eq(bb->dt, dt);
    ck_assert_int_eq(bb->rank, 3);
    ck_assert(bb->shape[0] == 3 && bb->shape[1] == 5 && bb->shape[2] == 7);
    ck_assert_int_eq(ba->nbytes, bb->nbytes);
    ck_assert(!memcmp(ba->bytes, bb->bytes, (size_t)ba->nbytes));
    /* the header is 64-byte aligned, v1.0 */
    FILE *f = fopen(path, "rb");
    unsigned char h[10];
    ck_assert_uint_eq(fread(h, 1, 10, f), 10);
    fclose(f);
    ck_assert(!memcmp(h, "\x93NUMPY\x01\x00", 8));
    ck_assert_int_eq((10 + h[8] + 256 * h[9]) % 64, 0);
    unlink(path);
  }
  /* random values are deterministic in (seed, name) and in [-1, 1) */
  uint32_t r1 = sim_data_host_tensor(d, "a", "random:100:f32", SIM_DT_F32, &err);
  uint32_t r2 = sim_data_host_tensor(d, "a", "random:100:f32", SIM_DT_F32, &err);
  uint32_t r3 = sim_data_host_tensor(d, "b", "random:100:f32", SIM_DT_F32, &err);
  float *x1 = (float *)sim_data_buf(d, r1)->bytes, *x3 = (float *)sim_data_buf(d, r3)->bytes;
  ck_assert(!memcmp(x1, sim_data_buf(d, r2)->bytes, 400));
  ck_assert(memcmp(x1, x3, 400) != 0);
  for (int i = 0; i < 100; i++) ck_assert(x1[i] >= -1.0f && x1[i] < 1.0f);
  /* f32 file read for an f16 kernel tensor converts (RNE) */
  char path[128];
  tmpname(path, sizeof path, "conv");
  ck_assert_int_eq(sim_npy_write(d, r1, path, &err), 0);
  uint32_t h = sim_npy_read(d, path, "a", SIM_DT_F16, &err);
  ck_assert(h != 0);
  uint16_t *hv = (uint16_t *)sim_data_buf(d, h)->bytes;
  for (int i = 0; i < 100; i++) ck_assert_uint_eq(hv[i], sim_f16_from_double(x1[i], SIM_RNE));
  /* ...but an f32 file for an i32 tensor is an input error naming both */
  ck_assert_uint_eq(sim_npy_read(d, path, "a", SIM_DT_I32, &err), 0);
  ck_assert_int_eq(err.status, SIM_DATA_BAD_INPUT);
  ck_assert(strstr(err.msg, "i32") && strstr(err.msg, "f32"));
  unlink(path);
  /* bad specs and missing files are input errors */
  ck_assert_uint_eq(sim_data_host_tensor(d, "a", "random:12xx4:f32", SIM_DT_NONE, &err), 0);
  ck_assert_int_eq(err.status, SIM_DATA_BAD_INPUT);
  ck_assert_uint_eq(sim_data_host_tensor(d, "a", "zeros:4:f16", SIM_DT_F32, &err), 0);
  ck_assert(strstr(err.msg, "zeros:4:f32") != NULL);
  ck_assert_uint_eq(sim_data_host_tensor(d, "a", "/nonexistent/x.npy", SIM_DT_F32, &err), 0);
  ck_assert_int_eq(err.status, SIM_DATA_BAD_INPUT);
  sim_data_free(d);
}
END_TEST

START_TEST(npy_reads_numpy_header_variants) {
  /* A header as NumPy 1.x writes it for a 1-D int16 array (shape "(3,)"), padded to 16. */
  char path[128];
  tmpname(path, sizeof path, "hdr");
  const char *dict = "{'descr': '<i2', 'fortran_order': False, 'shape': (3,), }";
  char hdr[128];
  int n = snprintf(hdr, sizeof hdr, "%s", dict);
  while ((10 + n + 1) % 16) hdr[n++] = ' ';
  hdr[n++] = '\n';
  FILE *f = fopen(path, "wb");
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)n, 0};
  int16_t data[3] = {-5, 7, 300};
  fwrite(pre, 1, 10, f);
  fwrite(hdr, 1, (size_t)n, f);
  fwrite(data, 2, 3, f);
  fclose(f);
  sim_data *d = sim_data_new(NULL, 1);
  sim_data_err err;
  uint32_t id = sim_npy_read(d, path, "v", SIM_DT_I32, &err); /* widened to i32 */
  ck_assert_msg(id != 0, "%s", err.msg);
  int32_t *v = (int32_t *)sim_data_buf(d, id)->bytes;
  ck_assert(v[0] == -5 && v[1] == 7 && v[2] == 300);
  unlink(path);
  /* truncated data */
  f = fopen(path, "wb");
  fwrite(pre, 1, 10, f);
  fwrite(hdr, 1, (size_t)n, f);
  fwrite(data, 2, 2, f);
  fclose(f);
  ck_assert_uint_eq(sim_npy_read(d, path, "v", SIM_DT_NONE, &err), 0);
  ck_assert(strstr(err.msg, "truncated") != NULL);
  unlink(path);
  sim_data_free(d);
}
END_TEST

/* ------------------------------------------------------------------ GEMM */

START_TEST(gemm_matches_naive_loop) {
  enum { M = 37, N = 29, K = 53 };
  float *a = talloc(M * K * sizeof *a), *b = talloc(K * N * sizeof *b),
        *c = talloc(M * N * sizeof *c);
  uint64_t s = 12345;
  for (int i = 0; i < M * K; i++)
    a[i] = (float)((s = s * 6364136223846793005ull + 1) >> 40) / (1 << 24) - 0.5f;
  for (int i = 0; i < K * N; i++)
    b[i] = (float)((s = s * 6364136223846793005ull + 1) >> 40) / (1 << 24) - 0.5f;
  for (int i = 0; i < M * N; i++) c[i] = 1.0f;
  ck_assert_int_eq(sim_gemm_f32(M, N, K, a, b, c, true), 0);
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double ref = 1.0;
      for (int q = 0; q < K; q++) ref += (double)a[i * K + q] * b[q * N + j];
      ck_assert_msg(fabs(c[i * N + j] - ref) < 1e-5, "c[%d][%d]=%g ref=%g", i, j, c[i * N + j],
                    ref);
    }
  ck_assert_int_eq(sim_gemm_f32(M, N, K, a, b, c, false), 0);
  double ref = 0;
  for (int q = 0; q < K; q++) ref += (double)a[q] * b[q * N];
  ck_assert(fabs(c[0] - ref) < 1e-5);
}
END_TEST

START_TEST(dot_op_f16_inputs) {
  /* tt.dot f16 x f16 + f32 -> f32: exact products, fp32 accumulation. */
  enum { M = 16, N = 8, K = 32 };
  int64_t sa[2] = {M, K}, sb[2] = {K, N}, sc[2] = {M, N};
  ir_type *ta = shaped(IR_T_TENSOR, &T_F16, 2, sa), *tb = shaped(IR_T_TENSOR, &T_F16, 2, sb),
          *tc = shaped(IR_T_TENSOR, &T_F32, 2, sc);
  ir_value *ops[3] = {val(ta), val(tb), val(tc)};
  ir_op *op = mkop(IR_OP_TT_DOT, 3, ops, 1, tc);
  sim_data *d = sim_data_new(NULL, 7);
  sim_data_err err;
  sim_tensor *A = sim_tensor_new(SIM_DT_F16, 2, sa), *B = sim_tensor_new(SIM_DT_F16, 2, sb),
             *C = sim_tensor_new(SIM_DT_F32, 2, sc);
  for (int i = 0; i < M * K; i++)
    ((uint16_t *)A->data)[i] = sim_f16_from_double((i % 13) * 0.125 - 0.75, SIM_RNE);
  for (int i = 0; i < K * N; i++)
    ((uint16_t *)B->data)[i] = sim_f16_from_double((i % 7) * 0.25 - 0.5, SIM_RNE);
  for (int i = 0; i < M * N; i++) ((float *)C->data)[i] = (float)i;
  sim_data_set(d, 0, ops[0], A);
  sim_data_set(d, 0, ops[1], B);
  sim_data_set(d, 0, ops[2], C);
  ck_assert_int_eq(sim_data_eval(d, 0, op, NULL, NULL, &err), 0);
  float *D = sim_data_get(d, 0, op->results[0])->data;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double ref = i * N + j;
      for (int q = 0; q < K; q++)
        ref += sim_f16_to_double(((uint16_t *)A->data)[i * K + q]) *
               sim_f16_to_double(((uint16_t *)B->data)[q * N + j]);
      ck_assert(fabs(D[i * N + j] - ref) <= 1e-6 * fabs(ref) + 1e-6); /* exact here: all dyadic */
    }
  sim_data_free(d);
}
END_TEST

/* ------------------------------------------------------------------ TMA and views */

START_TEST(tma_tile_with_oob_fill) {
  sim_data *d = sim_data_new(NULL, 1);
  sim_data_err err;
  int64_t gshape[2] = {10, 12}, gstride[2] = {12, 1}, blk[2] = {4, 8}, sshape[3] = {2, 4, 8};
  uint32_t g = sim_data_buf_new(d, SIM_SPACE_GLOBAL, SIM_DT_F32, 2, gshape, "a_desc", &err);
  float *gv = (float *)sim_data_buf(d, g)->bytes;
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 12; j++) gv[i * 12 + j] = (float)(i * 100 + j + 1);
  ir_type *tblk = shaped(IR_T_TENSOR, &T_F32, 2, blk);
  ir_type *tdesc = talloc(sizeof *tdesc);
  tdesc->kind = IR_T_TENSORDESC;
  tdesc->elem = tblk;
  uint32_t desc = sim_data_tdesc_new(d, g, vtof(tdesc), 2, gshape, gstride, &err);
  ck_assert_msg(desc != 0, "%s", err.msg);
  /* smem ring 2x4x8, view of stage 1 through memdesc_index */
  ir_type *mring = shaped(IR_T_MEMDESC, &T_F32, 3, sshape),
          *mstage = shaped(IR_T_MEMDESC, &T_F32, 2, blk);
  uint32_t sbuf = sim_data_buf_for_alloc(d, vtof(mring), &err);
  ck_assert(sbuf != 0);
  ck_assert_int_eq(sim_data_buf(d, sbuf)->space, SIM_SPACE_SHARED);
  sim_mview ring, stage;
  ck_assert_int_eq(sim_mview_of_alloc(d, sbuf, vtof(mring), &ring, &err), 0);
  ir_value *ops[2] = {val(mring), val(&T_I32)};
  ir_op *idx = mkop(IR_OP_TTG_MEMDESC_INDEX, 2, ops, 1, mstage);
  uint64_t one = 1;
  ck_assert_int_eq(sim_mview_apply(d, idx, &ring, &one, &stage, &err), 0);
  ck_assert_int_eq(stage.offset, 32);
  int64_t lo, hi;
  sim_mview_byte_range(&stage, &lo, &hi);
  ck_assert(lo == 128 && hi == 256);
  /* an out-of-range index is fine until the view is used (address arithmetic) */
  uint64_t two = 2;
  ck_assert_int_eq(sim_mview_apply(d, idx, &ring, &two, &stage, &err), 0);
  ck_assert_int_eq(sim_data_tma_load(d, desc, (int64_t[]){0, 0}, &stage, &err), SIM_DATA_FAULT);
  ck_assert(strstr(err.msg, "outside") != NULL);
  ck_assert_int_eq(sim_mview_apply(d, idx, &ring, &one, &stage, &err), 0);
  /* box at (8, 8): rows 8..11, cols 8..15; only rows 8-9, cols 8-11 are inside */
  int64_t c1[2] = {8, 8};
  ck_assert_int_eq(sim_data_tma_load(d, desc, c1, &stage, &err), 0);
  float *sv = (float *)sim_data_buf(d, sbuf)->bytes + 32;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++) {
      float want = (8 + i < 10 && 8 + j < 12) ? (float)((8 + i) * 100 + 8 + j + 1) : 0.0f;
      ck_assert_msg(sv[i * 8 + j] == want, "[%d][%d]=%g want %g", i, j, sv[i * 8 + j], want);
    }
  /* negative coordinates */
  int64_t c2[2] = {-2, -4};
  ck_assert_int_eq(sim_data_tma_load(d, desc, c2, &stage, &err), 0);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++) {
      int gi = i - 2, gj = j - 4;
      float want = (gi >= 0 && gj >= 0) ? (float)(gi * 100 + gj + 1) : 0.0f;
      ck_assert(sv[i * 8 + j] == want);
    }
  /* store the tile back at (7, 6): in-bounds part written, the rest skipped */
  for (int i = 0; i < 32; i++) sv[i] = -1.0f - (float)i;
  int64_t c3[2] = {7, 6};
  ck_assert_int_eq(sim_data_tma_store(d, desc, c3, &stage, &err), 0);
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 12; j++) {
      int ti = i - 7, tj = j - 6;
      float want = (ti >= 0 && ti < 4 && tj >= 0 && tj < 8) ? -1.0f - (float)(ti * 8 + tj)
                                                            : (float)(i * 100 + j + 1);
      ck_assert(gv[i * 12 + j] == want);
    }
  /* reduce add */
  ck_assert_int_eq(sim_data_tma_reduce(d, desc, c3, &stage, "add", &err), 0);
  ck_assert(gv[7 * 12 + 6] == -2.0f);
  sim_data_free(d);
}
END_TEST

START_TEST(views_trans_subslice_load_store) {
  sim_data *d = sim_data_new(NULL, 1);
  sim_data_err err;
  int64_t s[2] = {4, 6}, st[2] = {6, 4}, ss[2] = {2, 3};
  ir_type *m = shaped(IR_T_MEMDESC, &T_F32, 2, s), *mt = shaped(IR_T_MEMDESC, &T_F32, 2, st),
          *msub = shaped(IR_T_MEMDESC, &T_F32, 2, ss);
  uint32_t b = sim_data_buf_for_alloc(d, vtof(m), &err);
  sim_mview v, vt, vs;
  sim_mview_of_alloc(d, b, vtof(m), &v, &err);
  float *mem = (float *)sim_data_buf(d, b)->bytes;
  for (int i = 0; i < 24; i++) mem[i] = (float)i;
  ir_value *src = val(m);
  ir_op *tr = mkop(IR_OP_TTG_MEMDESC_TRANS, 1, &src, 1, mt);
  ir_attr order = {.kind = IR_A_DENSE_ARRAY, .n = 2, .ivals = (int64_t[]){1, 0}};
  tr->attrs[0] = (ir_namedattr){"order", &order, true};
  tr->n_attrs = 1;
  ck_assert_int_eq(sim_mview_apply(d, tr, &v, NULL, &vt, &err), 0);
  /* local_load through the transposed view */
  ir_type *tt = shaped(IR_T_TENSOR, &T_F32, 2, st);
  ir_value *mv = val(mt);
  ir_op *ld = mkop(IR_OP_TTG_LOCAL_LOAD, 1, &mv, 1, tt);
  ck_assert_int_eq(sim_data_load_view(d, 0, ld, &vt, &err), 0);
  float *x = sim_data_get(d, 0, ld->results[0])->data;
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 4; j++) ck_assert(x[i * 4 + j] == (float)(j * 6 + i));
  /* static subslice [1, 2] of 2x3, then local_store into it */
  ir_op *sub = mkop(IR_OP_TTG_MEMDESC_SUBSLICE, 1, &src, 1, msub);
  ir_attr offs = {.kind = IR_A_DENSE_ARRAY, .n = 2, .ivals = (int64_t[]){1, 2}};
  sub->attrs[0] = (ir_namedattr){"offsets", &offs, true};
  sub->n_attrs = 1;
  ck_assert_int_eq(sim_mview_apply(d, sub, &v, NULL, &vs, &err), 0);
  ir_type *ts = shaped(IR_T_TENSOR, &T_F32, 2, ss);
  ir_value *ops[2] = {val(ts), val(msub)};
  ir_op *stq = mkop(IR_OP_TTG_LOCAL_STORE, 2, ops, 0, NULL);
  sim_tensor *t = sim_tensor_new(SIM_DT_F32, 2, ss);
  for (int i = 0; i < 6; i++) ((float *)t->data)[i] = 100.0f + (float)i;
  sim_data_set(d, 0, ops[0], t);
  ck_assert_int_eq(sim_data_store_view(d, 0, stq, &vs, false, &err), 0); /* pred false: no-op */
  ck_assert(mem[8] == 8.0f);
  ck_assert_int_eq(sim_data_store_view(d, 0, stq, &vs, true, &err), 0);
  ck_assert(mem[1 * 6 + 2] == 100.0f && mem[1 * 6 + 4] == 102.0f && mem[2 * 6 + 2] == 103.0f);
  ck_assert(mem[1 * 6 + 5] == 11.0f && mem[3 * 6 + 2] == 20.0f);
  /* use after free faults */
  sim_data_buf_free(d, b);
  ck_assert_int_eq(sim_data_load_view(d, 0, ld, &vt, &err), SIM_DATA_FAULT);
  sim_data_free(d);
}
END_TEST

START_TEST(pointer_load_store_masks) {
  sim_data *d = sim_data_new(NULL, 1);
  sim_data_err err;
  int64_t n8[1] = {8};
  uint32_t g = sim_data_buf_new(d, SIM_SPACE_GLOBAL, SIM_DT_F32, 1, n8, "x_ptr", &err);
  float *gv = (float *)sim_data_buf(d, g)->bytes;
  for (int i = 0; i < 8; i++) gv[i] = (float)(i + 10);
  ir_type *tp = shaped(IR_T_TENSOR, &T_PF32, 1, n8), *tf = shaped(IR_T_TENSOR, &T_F32, 1, n8),
          *tm = shaped(IR_T_TENSOR, &T_I1, 1, n8), *ti = shaped(IR_T_TENSOR, &T_I32, 1, n8);
  /* ptrs = splat(base) + range: through tt.addptr (pointee f32 = 4 bytes) */
  ir_value *base = val(&T_PF32);
  ir_op *sp = mkop(IR_OP_TT_SPLAT, 1, &base, 1, tp);
  uint64_t bb[3] = {sim_va(g, 0)};
  ck_assert_int_eq(sim_data_eval(d, 0, sp, bb, NULL, &err), 0);
  ir_value *offs = val(ti);
  sim_tensor *o = sim_tensor_new(SIM_DT_I32, 1, n8);
  for (int i = 0; i < 8; i++) ((int32_t *)o->data)[i] = 7 - i + (i == 0 ? 5 : 0); /* 12,6,5,...,0 */
  sim_data_set(d, 0, offs, o);
  ir_value *ap[2] = {sp->results[0], offs};
  ir_op *add = mkop(IR_OP_TT_ADDPTR, 2, ap, 1, tp);
  ck_assert_int_eq(sim_data_eval(d, 0, add, NULL, NULL, &err), 0);
  /* load with mask i > 0 and other = -1: lane 0 (offset 12, out of bounds) masked off */
  ir_value *mask = val(tm), *other = val(tf);
  sim_tensor *mt = sim_tensor_new(SIM_DT_I1, 1, n8), *ot = sim_tensor_new(SIM_DT_F32, 1, n8);
  for (int i = 0; i < 8; i++) {
    ((uint8_t *)mt->data)[i] = i > 0;
    ((float *)ot->data)[i] = -1.0f;
  }
  sim_data_set(d, 0, mask, mt);
  sim_data_set(d, 0, other, ot);
  ir_value *lo[3] = {add->results[0], mask, other};
  ir_op *ld = mkop(IR_OP_TT_LOAD, 3, lo, 1, tf);
  ck_assert_int_eq(sim_data_global_access(d, 0, ld, NULL, NULL, &err), 0);
  float *r = sim_data_get(d, 0, ld->results[0])->data;
  ck_assert(r[0] == -1.0f && r[1] == 16.0f && r[7] == 10.0f);
  /* the same load without a mask faults, naming the tensor */
  ir_op *ld2 = mkop(IR_OP_TT_LOAD, 1, lo, 1, tf);
  ck_assert_int_eq(sim_data_global_access(d, 0, ld2, NULL, NULL, &err), SIM_DATA_FAULT);
  ck_assert(strstr(err.msg, "x_ptr") != NULL);
  /* masked store of r * 1 back (lane 0 masked) */
  ir_value *so[3] = {add->results[0], ld->results[0], mask};
  ir_op *st = mkop(IR_OP_TT_STORE, 3, so, 0, NULL);
  for (int i = 0; i < 8; i++) gv[i] = 0;
  ck_assert_int_eq(sim_data_global_access(d, 0, st, NULL, NULL, &err), 0);
  ck_assert(gv[6] == 16.0f && gv[5] == 15.0f && gv[0] == 10.0f && gv[7] == 0.0f);
  sim_data_free(d);
}
END_TEST

int main(void) {
  Suite *s = suite_create("data_mem");
  TCase *tc = tcase_create("mem");
  tcase_add_checked_fixture(tc, NULL, tfree_all);
  tcase_add_test(tc, npy_round_trip);
  tcase_add_test(tc, npy_reads_numpy_header_variants);
  tcase_add_test(tc, gemm_matches_naive_loop);
  tcase_add_test(tc, dot_op_f16_inputs);
  tcase_add_test(tc, tma_tile_with_oob_fill);
  tcase_add_test(tc, views_trans_subslice_load_store);
  tcase_add_test(tc, pointer_load_store_masks);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
