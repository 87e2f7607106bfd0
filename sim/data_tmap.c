/* data_tmap.c: device-side TMA descriptors in simulate mode (the path Triton takes for
 * Hopper warp-specialized kernels: tutorial 06's attention with warp_specialize=True).
 *
 * ttg.global_scratch_alloc gives each execution a fresh zero-filled global buffer of its
 * `nbytes`; ttng.tensormap_create writes a descriptor record into it (the hardware writes a
 * 128-byte CUtensorMap through the generic proxy and copies it out with
 * tensormap.cp_fenceproxy; the record is this model's image of those bytes: a magic word, the
 * global address, the rank and the global dims and byte strides, innermost first as the op
 * lists them); ttng.reinterpret_tensor_descriptor reads the record back and makes the
 * descriptor tt.make_tensor_descriptor would make. A reinterpret of bytes no tensormap_create
 * wrote is a fault of the kernel (it would hand the TMA unit garbage). */
#include <string.h>

#include "data_internal.h"

#define TMAP_MAGIC UINT64_C(0x50414d5456584c54) /* "TLXVTMAP" */
#define TMAP_RANK 5                              /* cuTensorMapEncodeTiled's limit */

typedef struct tmap_record {
  uint64_t magic;
  uint64_t global_va;                  /* the tensor's base address (sim_va) */
  uint32_t rank;
  uint32_t pad;
  int64_t global_dim[TMAP_RANK];       /* innermost first */
  int64_t global_stride[TMAP_RANK];    /* bytes, innermost first; [0] unused (one element) */
} tmap_record;

_Static_assert(sizeof(tmap_record) <= 128, "a CUtensorMap is 128 bytes");

uint64_t sim_data_scratch_alloc(sim_data *d, int64_t nbytes, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  int64_t shape[1] = {nbytes > 0 ? nbytes : 1};
  uint32_t id = sim_data_buf_new(d, SIM_SPACE_GLOBAL, SIM_DT_I8, 1, shape, "global scratch", err);
  return id ? sim_va(id, 0) : 0;
}

/* The bytes of a record at va, or NULL with a fault. */
static tmap_record *record_at(sim_data *d, uint64_t va, const ir_op *op, sim_data_err *err) {
  sim_buf *b = sim_data_buf(d, (uint32_t)(va >> SIM_VA_SHIFT));
  int64_t off = (int64_t)(va & ((UINT64_C(1) << SIM_VA_SHIFT) - 1));
  if (!b || !b->live || off < 0 || off + (int64_t)sizeof(tmap_record) > b->nbytes) {
    sim_data_fail(err, SIM_DATA_FAULT, op, "%s: the descriptor pointer (0x%llx) is not 128 "
                  "bytes of live global memory", ir_ops[op->code].name, (unsigned long long)va);
    return NULL;
  }
  return (tmap_record *)(void *)(b->bytes + off);
}

int sim_data_tmap_create(sim_data *d, const ir_op *op, const uint64_t *in_bits, sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  uint32_t nb = 0, ng = 0, ns = 0;
  const sim_opdec *dec = sim_data_dec(d, op);
  sim_opdec_seg(dec, IR_SEG_TTNG_TENSORMAP_CREATE_BOX_DIM, &nb);
  sim_opdec_seg(dec, IR_SEG_TTNG_TENSORMAP_CREATE_GLOBAL_DIM, &ng);
  sim_opdec_seg(dec, IR_SEG_TTNG_TENSORMAP_CREATE_GLOBAL_STRIDE, &ns);
  if (ng < 1 || ng > TMAP_RANK || nb != ng || ns + 1 != ng)
    return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op,
                         "tensormap_create: rank %u with %u box dims and %u strides", ng, nb, ns);
  tmap_record r;
  memset(&r, 0, sizeof r);
  r.magic = TMAP_MAGIC;
  r.global_va = in_bits[dec->seg[IR_SEG_TTNG_TENSORMAP_CREATE_GLOBAL_ADDRESS]];
  r.rank = ng;
  uint32_t g0 = dec->seg[IR_SEG_TTNG_TENSORMAP_CREATE_GLOBAL_DIM];
  uint32_t s0 = dec->seg[IR_SEG_TTNG_TENSORMAP_CREATE_GLOBAL_STRIDE];
  for (uint32_t i = 0; i < ng; i++)
    r.global_dim[i] = sim_data_sext(sim_opdec_tin(dec, g0 + i), in_bits[g0 + i]);
  for (uint32_t i = 0; i < ns; i++)
    r.global_stride[i + 1] = sim_data_sext(sim_opdec_tin(dec, s0 + i), in_bits[s0 + i]);
  tmap_record *dst = record_at(d, in_bits[dec->seg[IR_SEG_TTNG_TENSORMAP_CREATE_DESC_PTR]], op, err);
  if (!dst) return err->status;
  memcpy(dst, &r, sizeof r);
  return 0;
}

int sim_data_tmap_reinterpret(sim_data *d, const ir_op *op, uint64_t va, uint64_t *out_bits,
                              sim_data_err *err) {
  SIM_DATA_ENTRY(d, err);
  const tmap_record *r = record_at(d, va, op, err);
  if (!r) return err->status;
  if (r->magic != TMAP_MAGIC || r->rank < 1 || r->rank > TMAP_RANK)
    return sim_data_fail(err, SIM_DATA_FAULT, op,
                         "the descriptor at 0x%llx is read before a ttng.tensormap_create wrote it",
                         (unsigned long long)va);
  const sim_vtype *dt = sim_opdec_tout(sim_data_dec(d, op), 0);
  sim_dtype et = dt->kind == IR_T_TENSORDESC ? (sim_dtype)dt->pdt : SIM_DT_NONE;
  int sz = et == SIM_DT_NONE ? 0 : sim_dtype_size(et);
  if (!sz) return sim_data_fail(err, SIM_DATA_UNSUPPORTED, op, "descriptor of an unsupported type");
  int rank = (int)r->rank;
  int64_t shape[IR_MAX_RANK], stride[IR_MAX_RANK];
  for (int i = 0; i < rank; i++) { /* outer first, strides in elements */
    int k = rank - 1 - i;
    shape[i] = r->global_dim[k];
    if (k && r->global_stride[k] % sz)
      return sim_data_fail(err, SIM_DATA_FAULT, op, "descriptor stride %lld is not a multiple "
                           "of the element size %d", (long long)r->global_stride[k], sz);
    stride[i] = k ? r->global_stride[k] / sz : 1;
  }
  return sim_data_desc_at(d, op, r->global_va, rank, shape, stride, out_bits, err);
}
