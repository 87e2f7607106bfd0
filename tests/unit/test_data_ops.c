/* test_data_ops.c: pure-op evaluation of the data plane (sim/data_elem.c, data_shape.c,
 * data_reduce.c, data_eval.c) on hand-built IR ops: arithmetic rounding, integer wrap and
 * division, comparisons, casts, splat / broadcast / trans / make_range, amdg.concat, AMD identities, reductions. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_data.h"
#include "check_run.h"
#include "data_test_util.h"

/* ------------------------------------------------------------------ building ops by hand */

static ir_attr *kw_attr(const char *s) {
  ir_attr *a = talloc(sizeof *a);
  a->kind = IR_A_KEYWORD;
  a->str = s;
  return a;
}

static uint64_t f32b(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}

static float bf32(uint64_t b) {
  uint32_t u = (uint32_t)b;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* Scalar evaluation of a binary op. */
static uint64_t scalar2(ir_opcode code, const ir_type *in, const ir_type *out, uint64_t a,
                        uint64_t b, int *rc) {
  ir_value *ops[2] = {val(in), val(in)};
  ir_op *op = mkop(code, 2, ops, 1, out);
  uint64_t ib[2] = {a, b}, ob[2] = {0};
  sim_data_err err;
  sim_data *d = sim_data_new(NULL, 1);
  *rc = sim_data_eval(d, 0, op, ib, ob, &err);
  sim_data_free(d);
  return ob[0];
}

/* ------------------------------------------------------------------ tests */

START_TEST(scalar_float_rounding) {
  int rc;
  /* f16: 2048 + 1 is a tie between 2048 and 2050 -> 2048 (add.f16 rounds to even) */
  uint64_t r = scalar2(IR_OP_ARITH_ADDF, &T_F16, &T_F16, sim_f16_from_double(2048, SIM_RNE),
                       sim_f16_from_double(1, SIM_RNE), &rc);
  ck_assert_int_eq(rc, 0);
  ck_assert(sim_f16_to_double((uint16_t)r) == 2048.0);
  r = scalar2(IR_OP_ARITH_ADDF, &T_F16, &T_F16, sim_f16_from_double(2050, SIM_RNE),
              sim_f16_from_double(1, SIM_RNE), &rc);
  ck_assert(sim_f16_to_double((uint16_t)r) == 2052.0);
  /* f16 overflow -> Inf */
  r = scalar2(IR_OP_ARITH_MULF, &T_F16, &T_F16, sim_f16_from_double(300, SIM_RNE),
              sim_f16_from_double(300, SIM_RNE), &rc);
  ck_assert_uint_eq(r, 0x7c00);
  /* bf16 multiply rounds once */
  r = scalar2(IR_OP_ARITH_MULF, &T_BF16, &T_BF16, sim_bf16_from_double(1.0078125, SIM_RNE),
              sim_bf16_from_double(1.0078125, SIM_RNE), &rc);
  ck_assert_uint_eq(r, sim_bf16_from_double(1.0078125 * 1.0078125, SIM_RNE));
  /* f32: same as native float */
  r = scalar2(IR_OP_ARITH_ADDF, &T_F32, &T_F32, f32b(0.1f), f32b(0.2f), &rc);
  ck_assert(bf32(r) == 0.1f + 0.2f);
  r = scalar2(IR_OP_ARITH_DIVF, &T_F32, &T_F32, f32b(1.0f), f32b(3.0f), &rc);
  ck_assert(bf32(r) == 1.0f / 3.0f);
  /* maximumf propagates NaN, maxnumf does not */
  r = scalar2(IR_OP_ARITH_MAXIMUMF, &T_F32, &T_F32, f32b(NAN), f32b(1.0f), &rc);
  ck_assert(isnan(bf32(r)));
  r = scalar2(IR_OP_ARITH_MAXNUMF, &T_F32, &T_F32, f32b(NAN), f32b(1.0f), &rc);
  ck_assert(bf32(r) == 1.0f);
  r = scalar2(IR_OP_ARITH_MINIMUMF, &T_F32, &T_F32, f32b(0.0f), f32b(-0.0f), &rc);
  ck_assert(signbit(bf32(r)));
}
END_TEST

START_TEST(scalar_integers) {
  int rc;
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_ADDI, &T_I32, &T_I32, 0x7fffffff, 1, &rc), 0x80000000u);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_MULI, &T_I32, &T_I32, 0x10000, 0x10000, &rc), 0);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_DIVSI, &T_I32, &T_I32, (uint32_t)-7, 2, &rc), (uint32_t)-3);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_REMSI, &T_I32, &T_I32, (uint32_t)-7, 2, &rc), (uint32_t)-1);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_FLOORDIVSI, &T_I32, &T_I32, (uint32_t)-7, 2, &rc),
                    (uint32_t)-4);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_CEILDIVSI, &T_I32, &T_I32, 7, 2, &rc), 4);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_DIVUI, &T_I32, &T_I32, (uint32_t)-2, 2, &rc), 0x7fffffffu);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_SHRSI, &T_I32, &T_I32, 0x80000000u, 4, &rc), 0xf8000000u);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_SHRUI, &T_I32, &T_I32, 0x80000000u, 4, &rc), 0x08000000u);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_SHLI, &T_I32, &T_I32, 1, 40, &rc), 0);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_MAXSI, &T_I32, &T_I32, (uint32_t)-1, 1, &rc), 1);
  ck_assert_uint_eq(scalar2(IR_OP_ARITH_MAXUI, &T_I32, &T_I32, (uint32_t)-1, 1, &rc), 0xffffffffu);
  ck_assert_int_eq(rc, 0);
  scalar2(IR_OP_ARITH_DIVSI, &T_I32, &T_I32, 5, 0, &rc);
  ck_assert_int_eq(rc, SIM_DATA_FAULT);
}
END_TEST

START_TEST(compare_and_cast) {
  ir_value *ops[2] = {val(&T_I32), val(&T_I32)};
  ir_op *op = mkop(IR_OP_ARITH_CMPI, 2, ops, 1, &T_I1);
  add_attr(op, "predicate", kw_attr("slt"));
  sim_data *d = sim_data_new(NULL, 1);
  sim_data_err err;
  uint64_t ib[2] = {(uint32_t)-1, 0}, ob[2];
  ck_assert_int_eq(sim_data_eval(d, 0, op, ib, ob, &err), 0);
  ck_assert_uint_eq(ob[0], 1);
  /* a data plane decodes an op's attributes once (sim_data_dec): a changed op needs a new one */
  op->attrs[0].attr = kw_attr("ult");
  sim_data_free(d);
  d = sim_data_new(NULL, 1);
  ck_assert_int_eq(sim_data_eval(d, 0, op, ib, ob, &err), 0);
  ck_assert_uint_eq(ob[0], 0);
  op->attrs[0].attr = int_attr(9); /* generic form: uge */
  sim_data_free(d);
  d = sim_data_new(NULL, 1);
  ck_assert_int_eq(sim_data_eval(d, 0, op, ib, ob, &err), 0);
  ck_assert_uint_eq(ob[0], 1);
  /* truncf f32 -> e4m3 saturates; extf back */
  ir_value *x = val(&T_F32);
  ir_op *tr = mkop(IR_OP_ARITH_TRUNCF, 1, &x, 1, &T_E4M3);
  ib[0] = f32b(1000.0f);
  ck_assert_int_eq(sim_data_eval(d, 0, tr, ib, ob, &err), 0);
  ck_assert_uint_eq(ob[0], 0x7e);
  /* fptosi saturates */
  ir_op *fi = mkop(IR_OP_ARITH_FPTOSI, 1, &x, 1, &T_I32);
  ib[0] = f32b(-1e20f);
  ck_assert_int_eq(sim_data_eval(d, 0, fi, ib, ob, &err), 0);
  ck_assert_uint_eq(ob[0], 0x80000000u);
  /* an unknown-to-simulate op is a clear error */
  ir_op *bad = mkop(IR_OP_TT_INLINE_ASM, 1, &x, 1, &T_F32);
  ck_assert_int_eq(sim_data_eval(d, 0, bad, ib, ob, &err), SIM_DATA_UNSUPPORTED);
  ck_assert(strstr(err.msg, "tt.elementwise_inline_asm") != NULL);
  /* the data plane keeps the latest failure for the driver, also when err is NULL */
  const sim_data_err *last = sim_data_last_error(d);
  ck_assert_ptr_nonnull(last);
  ck_assert_int_eq(last->status, SIM_DATA_UNSUPPORTED);
  sim_data_clear_error(d);
  ck_assert_ptr_null(sim_data_last_error(d));
  ib[0] = 5;
  ib[1] = 0;
  ir_value *iops[2] = {val(&T_I32), val(&T_I32)};
  ir_op *dv = mkop(IR_OP_ARITH_REMUI, 2, iops, 1, &T_I32);
  ck_assert_int_eq(sim_data_eval(d, 0, dv, ib, ob, NULL), SIM_DATA_FAULT);
  ck_assert(strstr(sim_data_last_error(d)->msg, "division by zero") != NULL);
  sim_data_free(d);
}
END_TEST

START_TEST(tensor_elementwise_and_shapes) {
  sim_data *d = sim_data_new(NULL, 1);
  sim_data_err err;
  int64_t s1[1] = {8}, s2[2] = {4, 8}, s21[2] = {1, 8}, st[2] = {8, 4};
  ir_type *t_r = tensor_t(&T_I32, 1, s1), *t_1x8 = tensor_t(&T_I32, 2, s21),
          *t_4x8 = tensor_t(&T_I32, 2, s2), *t_8x4 = tensor_t(&T_I32, 2, st),
          *t_f = tensor_t(&T_F32, 2, s2);
  /* make_range 0..8 */
  ir_op *mr = mkop(IR_OP_TT_MAKE_RANGE, 0, NULL, 1, t_r);
  add_attr(mr, "start", int_attr(0));
  add_attr(mr, "end", int_attr(8));
  ck_assert_int_eq(sim_data_eval(d, 0, mr, NULL, NULL, &err), 0);
  /* expand_dims -> 1x8, broadcast -> 4x8 */
  ir_value *r = mr->results[0];
  ir_op *ed = mkop(IR_OP_TT_EXPAND_DIMS, 1, &r, 1, t_1x8);
  add_attr(ed, "axis", int_attr(0));
  ck_assert_int_eq(sim_data_eval(d, 0, ed, NULL, NULL, &err), 0);
  ir_value *e = ed->results[0];
  ir_op *bc = mkop(IR_OP_TT_BROADCAST, 1, &e, 1, t_4x8);
  ck_assert_int_eq(sim_data_eval(d, 0, bc, NULL, NULL, &err), 0);
  sim_tensor *b = sim_data_get(d, 0, bc->results[0]);
  ck_assert_ptr_nonnull(b);
  ck_assert_int_eq(b->numel, 32);
  for (int i = 0; i < 32; i++) ck_assert_int_eq(((int32_t *)b->data)[i], i % 8);
  /* splat 100, add */
  ir_value *sc = val(&T_I32);
  ir_op *sp = mkop(IR_OP_TT_SPLAT, 1, &sc, 1, t_4x8);
  uint64_t ib[2] = {100, 0};
  ck_assert_int_eq(sim_data_eval(d, 0, sp, ib, NULL, &err), 0);
  ir_value *ab[2] = {bc->results[0], sp->results[0]};
  ir_op *add = mkop(IR_OP_ARITH_ADDI, 2, ab, 1, t_4x8);
  ck_assert_int_eq(sim_data_eval(d, 0, add, NULL, NULL, &err), 0);
  sim_tensor *s = sim_data_get(d, 0, add->results[0]);
  for (int i = 0; i < 32; i++) ck_assert_int_eq(((int32_t *)s->data)[i], 100 + i % 8);
  /* trans {1,0}: 8x4 with t[j][i] = s[i][j] */
  ir_value *sv = add->results[0];
  ir_op *tr = mkop(IR_OP_TT_TRANS, 1, &sv, 1, t_8x4);
  ir_attr order = {.kind = IR_A_DENSE_ARRAY, .n = 2, .ivals = (int64_t[]){1, 0}};
  add_attr(tr, "order", &order);
  ck_assert_int_eq(sim_data_eval(d, 0, tr, NULL, NULL, &err), 0);
  sim_tensor *t = sim_data_get(d, 0, tr->results[0]);
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++) ck_assert_int_eq(((int32_t *)t->data)[j * 4 + i], 100 + j);
  /* sitofp over a tensor, then f32 mul with a scalar splat */
  ir_op *cv = mkop(IR_OP_ARITH_SITOFP, 1, &sv, 1, t_f);
  ck_assert_int_eq(sim_data_eval(d, 0, cv, NULL, NULL, &err), 0);
  sim_tensor *f = sim_data_get(d, 0, cv->results[0]);
  ck_assert(((float *)f->data)[9] == 101.0f);
  /* payload copy across agents is a parallel assignment */
  const ir_value *dst[2] = {bc->results[0], add->results[0]};
  const ir_value *src[2] = {add->results[0], bc->results[0]};
  sim_data_copy(d, 0, dst, 0, src, 2); /* swap */
  ck_assert_int_eq(((int32_t *)sim_data_get(d, 0, bc->results[0])->data)[0], 100);
  ck_assert_int_eq(((int32_t *)sim_data_get(d, 0, add->results[0])->data)[0], 0);
  sim_data_copy(d, 3, dst, 0, dst, 1);
  ck_assert_ptr_eq(sim_data_get(d, 3, bc->results[0]), sim_data_get(d, 0, bc->results[0]));
  sim_data_agent_clear(d, 3);
  ck_assert_ptr_null(sim_data_get(d, 3, bc->results[0]));
  /* elementwise on a tensor without a payload: a clear error, not a crash */
  ir_value *nop[2] = {val(t_4x8), val(t_4x8)};
  ir_op *bad = mkop(IR_OP_ARITH_ADDI, 2, nop, 1, t_4x8);
  ck_assert_int_eq(sim_data_eval(d, 0, bad, NULL, NULL, &err), SIM_DATA_UNSUPPORTED);
  sim_data_free(d);
}
END_TEST

/* amdg.concat: four 2x2 sources into 4x4, row-major grid of tiles (s0 s1 / s2 s3), and the
 * same sources along one axis (1x4 grid: 2x8); a shape that is no grid is an error. */
START_TEST(amd_concat) {
  sim_data *d = sim_data_new(NULL, 1);
  sim_data_err err;
  int64_t s22[2] = {2, 2}, s44[2] = {4, 4}, s28[2] = {2, 8}, s33[2] = {3, 3};
  ir_type *t22 = tensor_t(&T_I32, 2, s22), *t44 = tensor_t(&T_I32, 2, s44),
          *t28 = tensor_t(&T_I32, 2, s28), *t33 = tensor_t(&T_I32, 2, s33);
  ir_value *src[4];
  for (int k = 0; k < 4; k++) { /* source k holds 10 * k + its element index */
    ir_value *sc = val(&T_I32);
    ir_op *sp = mkop(IR_OP_TT_SPLAT, 1, &sc, 1, t22);
    uint64_t ib[1] = {(uint64_t)(10 * k)};
    ck_assert_int_eq(sim_data_eval(d, 0, sp, ib, NULL, &err), 0);
    sim_tensor *t = sim_data_get(d, 0, sp->results[0]);
    for (int i = 0; i < 4; i++) ((int32_t *)t->data)[i] += i;
    src[k] = sp->results[0];
  }
  ir_op *c = mkop(IR_OP_AMDG_CONCAT, 4, src, 1, t44);
  ck_assert_int_eq(sim_data_eval(d, 0, c, NULL, NULL, &err), 0);
  const int32_t *r = sim_data_get(d, 0, c->results[0])->data;
  static const int32_t want[16] = {0, 1, 10, 11, 2, 3, 12, 13, 20, 21, 30, 31, 22, 23, 32, 33};
  for (int i = 0; i < 16; i++) ck_assert_int_eq(r[i], want[i]);
  ir_op *c1 = mkop(IR_OP_AMDG_CONCAT, 4, src, 1, t28);
  ck_assert_int_eq(sim_data_eval(d, 0, c1, NULL, NULL, &err), 0);
  r = sim_data_get(d, 0, c1->results[0])->data;
  static const int32_t want1[16] = {0, 1, 10, 11, 20, 21, 30, 31, 2, 3, 12, 13, 22, 23, 32, 33};
  for (int i = 0; i < 16; i++) ck_assert_int_eq(r[i], want1[i]);
  ir_op *bad = mkop(IR_OP_AMDG_CONCAT, 2, src, 1, t33);
  ck_assert_int_eq(sim_data_eval(d, 0, bad, NULL, NULL, &err), SIM_DATA_UNSUPPORTED);
  sim_data_free(d);
}
END_TEST

/* amdg.assume_uniform (readfirstlane: the value the model keeps for a wave) and
 * amdg.register_handoff (a register-allocation boundary) pass their operand through. */
START_TEST(amd_identities) {
  int rc;
  ck_assert_int_eq(scalar2(IR_OP_AMDG_ASSUME_UNIFORM, &T_I32, &T_I32, 0xfffffff9u, 0, &rc), 0xfffffff9u);
  ck_assert_int_eq(rc, 0);
  ck_assert(bf32(scalar2(IR_OP_AMDG_ASSUME_UNIFORM, &T_F32, &T_F32, f32b(2.5f), 0, &rc)) == 2.5f);
  ck_assert_int_eq(rc, 0);
  sim_data *d = sim_data_new(NULL, 1);
  sim_data_err err;
  int64_t s4[1] = {4};
  ir_type *t4 = tensor_t(&T_I32, 1, s4);
  ir_value *sc = val(&T_I32);
  ir_op *sp = mkop(IR_OP_TT_SPLAT, 1, &sc, 1, t4);
  uint64_t ib[1] = {42};
  ck_assert_int_eq(sim_data_eval(d, 0, sp, ib, NULL, &err), 0);
  ir_value *sv = sp->results[0];
  ir_op *h = mkop(IR_OP_AMDG_REGISTER_HANDOFF, 1, &sv, 1, t4);
  ck_assert_int_eq(sim_data_eval(d, 0, h, NULL, NULL, &err), 0);
  const int32_t *r = sim_data_get(d, 0, h->results[0])->data;
  for (int i = 0; i < 4; i++) ck_assert_int_eq(r[i], 42);
  sim_data_free(d);
}
END_TEST

/* tt.reduce with an addf combiner region, and a max combiner over axis 0. */
static ir_op *reduce_op(ir_opcode comb, const ir_type *elem, ir_value *src, const ir_type *rt,
                        int axis) {
  ir_op *op = mkop(IR_OP_TT_REDUCE, 1, &src, 1, rt);
  add_attr(op, "axis", int_attr(axis));
  ir_block *blk = talloc(sizeof *blk);
  blk->n_args = 2;
  blk->args = talloc(2 * sizeof *blk->args);
  blk->args[0] = val(elem);
  blk->args[1] = val(elem);
  ir_op *c = mkop(comb, 2, blk->args, 1, elem);
  ir_value *cr = c->results[0];
  ir_op *ret = mkop(IR_OP_TT_REDUCE_RETURN, 1, &cr, 0, NULL);
  blk->first = c;
  c->next = ret;
  blk->last = ret;
  ir_region *reg = talloc(sizeof *reg);
  reg->n_blocks = 1;
  reg->blocks = talloc(sizeof *reg->blocks);
  reg->blocks[0] = blk;
  op->n_regions = 1;
  op->regions = talloc(sizeof *op->regions);
  op->regions[0] = reg;
  return op;
}

START_TEST(reductions) {
  sim_data *d = sim_data_new(NULL, 1);
  sim_data_err err;
  int64_t s2[2] = {3, 4}, s1a[1] = {3}, s1b[1] = {4};
  ir_type *t_in = tensor_t(&T_F32, 2, s2), *t_r3 = tensor_t(&T_F32, 1, s1a),
          *t_r4 = tensor_t(&T_F32, 1, s1b), *t_v = tensor_t(&T_F32, 1, s1b);
  ir_value *x = val(t_in);
  sim_tensor *in = sim_tensor_new(SIM_DT_F32, 2, s2);
  for (int i = 0; i < 12; i++) ((float *)in->data)[i] = (float)(i * (i % 2 ? -1 : 1));
  sim_data_set(d, 0, x, in);
  ir_op *sum = reduce_op(IR_OP_ARITH_ADDF, &T_F32, x, t_r3, 1);
  ck_assert_int_eq(sim_data_eval(d, 0, sum, NULL, NULL, &err), 0);
  float *r = sim_data_get(d, 0, sum->results[0])->data;
  ck_assert(r[0] == 0 - 1 + 2 - 3 && r[1] == 4 - 5 + 6 - 7 && r[2] == 8 - 9 + 10 - 11);
  ir_op *mx = reduce_op(IR_OP_ARITH_MAXNUMF, &T_F32, x, t_r4, 0);
  ck_assert_int_eq(sim_data_eval(d, 0, mx, NULL, NULL, &err), 0);
  r = sim_data_get(d, 0, mx->results[0])->data;
  ck_assert(r[0] == 8 && r[1] == -1 && r[2] == 10 && r[3] == -3);
  /* rank 1 -> scalar result */
  ir_value *v = val(t_v);
  sim_tensor *vin = sim_tensor_new(SIM_DT_F32, 1, s1b);
  for (int i = 0; i < 4; i++) ((float *)vin->data)[i] = 0.5f * (float)(i + 1);
  sim_data_set(d, 0, v, vin);
  ir_op *ss = reduce_op(IR_OP_ARITH_ADDF, &T_F32, v, &T_F32, 0);
  uint64_t ob[1] = {0};
  ck_assert_int_eq(sim_data_eval(d, 0, ss, NULL, ob, &err), 0);
  ck_assert(bf32(ob[0]) == 5.0f);
  sim_data_free(d);
}
END_TEST

int main(void) {
  Suite *s = suite_create("data_ops");
  TCase *tc = tcase_create("ops");
  tcase_add_checked_fixture(tc, NULL, tfree_all);
  tcase_add_test(tc, scalar_float_rounding);
  tcase_add_test(tc, scalar_integers);
  tcase_add_test(tc, compare_and_cast);
  tcase_add_test(tc, tensor_elementwise_and_shapes);
  tcase_add_test(tc, amd_concat);
  tcase_add_test(tc, amd_identities);
  tcase_add_test(tc, reductions);
  suite_add_tcase(s, tc);
  return tu_run_suite(s);
}
