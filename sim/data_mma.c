/* data_mma.c: matrix multiply for tt.dot, ttng.warp_group_dot (wgmma) and
 * ttng.tc_gen5_mma (tcgen05) through OpenBLAS: operands rounded to the input precision,
 * fp32 accumulation (f64 for f64 operands, exact int64 for integer operands). */
#include <stdlib.h>
#include <string.h>

#include "data_blas.h"
#include "data_internal.h"
#include "sim_size.h"

int sim_gemm_f32(int64_t m, int64_t n, int64_t k, const float *a, const float *b, float *c,
                 bool accumulate) {
  if (m == 0 || n == 0) return 0;
  if (k == 0) {
    if (!accumulate) memset(c, 0, (size_t)(m * n) * sizeof *c);
    return 0;
  }
  const sim_blas *blas = sim_blas_get(NULL);
  if (!blas) return -1;
  blas->sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)m, (blasint)n, (blasint)k, 1.0f,
              a, (blasint)k, b, (blasint)n, accumulate ? 1.0f : 0.0f, c, (blasint)n);
  return 0;
}

/* Copies a [batch x rows x cols] tensor into floats, rounding f32 to tf32 when asked.
 * Returns a malloc'd array (caller frees) or NULL. */
static float *to_floats(const sim_tensor *t, bool tf32) {
  float *f = ir_xmalloc((size_t)(t->numel ? t->numel : 1) * sizeof *f, 1);
  if (!f) return NULL;
  if (t->dt == SIM_DT_F32) {
    memcpy(f, t->data, (size_t)t->numel * sizeof *f);
  } else if (t->dt == SIM_DT_F16) {
    const uint16_t *h = t->data;
    for (int64_t i = 0; i < t->numel; i++) f[i] = sim_f16_to_float(h[i]);
  } else if (t->dt == SIM_DT_BF16) {
    const uint16_t *h = t->data;
    for (int64_t i = 0; i < t->numel; i++) {
      uint32_t b = (uint32_t)h[i] << 16;
      memcpy(&f[i], &b, 4);
    }
  } else
    for (int64_t i = 0; i < t->numel; i++) f[i] = (float)sim_elem_get_f(t->dt, sim_tensor_at(t, i));
  if (tf32 && (t->dt == SIM_DT_F32 || t->dt == SIM_DT_TF32))
    for (int64_t i = 0; i < t->numel; i++) f[i] = sim_tf32_from_f32(f[i]);
  return f;
}

/* D = A·B (+ C when c != NULL), shapes [B x] M x K, K x N, M x N. Returns a new tensor of
 * dtype out_dt and shape of A's batch/M with B's N. */
static int gemm_tensors(const ir_op *op, const sim_tensor *a, const sim_tensor *b,
                        const sim_tensor *c, sim_dtype out_dt, int prec, sim_tensor **out,
                        sim_data_err *err) {
  if (a->rank < 2 || a->rank > 3 || b->rank != a->rank)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "dot operands must be 2-D or 3-D");
  int r = a->rank;
  int64_t batch = r == 3 ? a->shape[0] : 1, m = a->shape[r - 2], k = a->shape[r - 1],
          n = b->shape[r - 1];
  if (b->shape[r - 2] != k || (r == 3 && b->shape[0] != batch))
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "dot shapes disagree: A is %lldx%lld, B is %lldx%lld", (long long)m,
                         (long long)k, (long long)b->shape[r - 2], (long long)n);
  bool is_int = !sim_dtype_is_float(a->dt) && !sim_dtype_is_float(b->dt);
  const char *why = NULL;
  const sim_blas *blas = is_int ? NULL : sim_blas_get(&why);
  if (!is_int && !blas)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "simulate mode multiplies floating-point dots with OpenBLAS: %s; install "
                         "it (Debian: libopenblas0)", why);
  int64_t shape[3] = {batch, m, n};
  sim_tensor *d = sim_tensor_new(out_dt, r, r == 3 ? shape : shape + 1);
  if (!d) return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
  if (c && c->numel != d->numel) {
    sim_tensor_unref(d);
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "dot accumulator has the wrong shape");
  }
  if (is_int) { /* i8 x i8 -> i32: exact */
    for (int64_t bb = 0; bb < batch; bb++)
      for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
          int64_t o = (bb * m + i) * n + j, s = c ? sim_elem_get_i(c->dt, sim_tensor_at(c, o)) : 0;
          for (int64_t q = 0; q < k; q++)
            s += sim_elem_get_i(a->dt, sim_tensor_at(a, (bb * m + i) * k + q)) *
                 sim_elem_get_i(b->dt, sim_tensor_at(b, (bb * k + q) * n + j));
          sim_elem_set_bits(out_dt, sim_tensor_at(d, o), (uint64_t)s);
        }
  } else if (a->dt == SIM_DT_F64 || out_dt == SIM_DT_F64) {
    double *fa = ir_xmalloc((size_t)(a->numel + b->numel + d->numel + 1) * sizeof *fa, 1);
    if (!fa) goto nomem;
    double *fb = fa + a->numel, *fc = fb + b->numel;
    for (int64_t i = 0; i < a->numel; i++) fa[i] = sim_elem_get_f(a->dt, sim_tensor_at(a, i));
    for (int64_t i = 0; i < b->numel; i++) fb[i] = sim_elem_get_f(b->dt, sim_tensor_at(b, i));
    for (int64_t i = 0; i < d->numel; i++)
      fc[i] = c ? sim_elem_get_f(c->dt, sim_tensor_at(c, i)) : 0;
    for (int64_t bb = 0; bb < batch && m && n && k; bb++)
      blas->dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (blasint)m, (blasint)n, (blasint)k,
                  1.0, fa + bb * m * k, (blasint)k, fb + bb * k * n, (blasint)n, 1.0,
                  fc + bb * m * n, (blasint)n);
    for (int64_t i = 0; i < d->numel; i++)
      sim_elem_set_f(out_dt, sim_tensor_at(d, i), fc[i], SIM_RNE);
    free(fa);
  } else {
    float *fa = to_floats(a, prec == 0), *fb = to_floats(b, prec == 0);
    float *fc = c ? to_floats(c, false) : ir_xcalloc((size_t)(d->numel ? d->numel : 1), sizeof *fc);
    if (!fa || !fb || !fc) {
      free(fa);
      free(fb);
      free(fc);
      goto nomem;
    }
    for (int64_t bb = 0; bb < batch; bb++)
      (void)sim_gemm_f32(m, n, k, fa + bb * m * k, fb + bb * k * n, fc + bb * m * n, true);
    if (out_dt == SIM_DT_F32)
      memcpy(d->data, fc, (size_t)d->numel * sizeof *fc);
    else
      for (int64_t i = 0; i < d->numel; i++)
        sim_elem_set_f(out_dt, sim_tensor_at(d, i), fc[i], SIM_RNE);
    free(fa);
    free(fb);
    free(fc);
  }
  *out = d;
  return 0;
nomem:
  sim_tensor_unref(d);
  return sim_data_fail(err, SIM_DATA_NOMEM, op, "out of memory");
}

int sim_data_eval_dot(sim_data *d, const ir_op *op, sim_tensor *const *ins, const uint64_t *in_bits,
                      sim_tensor **outs, uint64_t *out_bits, sim_data_err *err) {
  (void)in_bits;
  (void)out_bits;
  if (op->code == IR_OP_TT_DOT_SCALED)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "simulate mode does not compute tt.dot_scaled (microscaling formats)");
  if (op->code != IR_OP_TT_DOT) return -1;
  if (!ins[0] || !ins[1] || !ins[2])
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "tt.dot operand without a payload");
  const sim_opdec *dec = sim_data_dec(d, op);
  return gemm_tensors(op, ins[0], ins[1], ins[2], (sim_dtype)sim_opdec_tout(dec, 0)->dt, dec->precision,
                      &outs[0], err);
}

int sim_data_wgmma(sim_data *d, uint32_t agent, const ir_op *op, const sim_mview *a_view,
                   const sim_mview *b_view, bool use_c, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  sim_tensor *a = NULL, *b = NULL, *r = NULL;
  int rc;
  if (op->n_operands < 3 || op->n_results < 1)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "malformed warp_group_dot");
  if (a_view) {
    if ((rc = sim_data_view_read(d, a_view, &a, op, err))) return rc;
  } else {
    a = sim_data_get(d, agent, op->operands[0]);
    if (!a) return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "warp_group_dot A has no payload");
    sim_tensor_ref(a);
  }
  if ((rc = sim_data_view_read(d, b_view, &b, op, err))) goto done;
  sim_tensor *c = use_c ? sim_data_get(d, agent, op->operands[2]) : NULL;
  if (use_c && !c) {
    rc = sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "warp_group_dot C has no payload");
    goto done;
  }
  const sim_opdec *dec = sim_data_dec(d, op);
  rc = gemm_tensors(op, a, b, c, (sim_dtype)sim_opdec_tout(dec, 0)->dt, dec->precision, &r, err);
  if (!rc) sim_data_set(d, agent, op->results[0], r);
done:
  sim_tensor_unref(a);
  sim_tensor_unref(b);
  return rc;
}

int sim_data_tcgen5_mma(sim_data *d, const ir_op *op, const sim_mview *av, const sim_mview *bv,
                        const sim_mview *dv, bool use_d, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  sim_tensor *a = NULL, *b = NULL, *c = NULL, *r = NULL;
  int rc = sim_data_view_read(d, av, &a, op, err);
  if (!rc) rc = sim_data_view_read(d, bv, &b, op, err);
  if (!rc && use_d) rc = sim_data_view_read(d, dv, &c, op, err);
  if (!rc) rc = gemm_tensors(op, a, b, c, dv->dt, sim_data_dec(d, op)->precision, &r, err);
  if (!rc) rc = sim_data_view_write(d, dv, r, op, err);
  sim_tensor_unref(a);
  sim_tensor_unref(b);
  sim_tensor_unref(c);
  sim_tensor_unref(r);
  return rc;
}

int sim_data_tmem_copy(sim_data *d, const sim_mview *src, const sim_mview *dst, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  sim_tensor *t = NULL;
  int rc = sim_data_view_read(d, src, &t, NULL, err);
  if (!rc) rc = sim_data_view_write(d, dst, t, NULL, err);
  sim_tensor_unref(t);
  return rc;
}
