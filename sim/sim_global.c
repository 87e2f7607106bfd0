/* sim_global.c: global memory seen through tensor descriptors: one allocation per
 * !tt.tensordesc kernel argument, the box a TMA or tt.descriptor_* op touches (§2.1: the box
 * at the op's coordinates), its packed footprint (sim.h, SIM_FP_GLOBAL) and its overlap test. */
#include <stdio.h>

#include "sim_internal.h"

bool sim_gbox_overlap(const sim_gbox *a, const sim_gbox *b) {
  if (!a->alloc || a->alloc != b->alloc || a->rank != b->rank) return false;
  for (uint32_t d = 0; d < a->rank; d++) {
    int64_t alo = a->lo[d], ahi = alo + a->ext[d], blo = b->lo[d], bhi = blo + b->ext[d];
    if (ahi <= blo || bhi <= alo) return false;
  }
  return true;
}

/* Key of the leading origins (dimensions before the last two); 0 when there are none. */
static uint32_t lead_key(const sim_gbox *b) {
  if (b->rank <= 2) return 0;
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (uint32_t d = 0; d + 2 < b->rank; d++) {
    h ^= (uint32_t)b->lo[d];
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
  }
  return (uint32_t)h | 1;
}

sim_fp sim_gbox_fp(const sim_gbox *b, uint8_t extra) {
  sim_fp f = {0};
  if (!b->alloc || !b->rank) return f;
  uint32_t r = b->rank;
  int32_t row = r >= 2 ? b->lo[r - 2] : 0, col = b->lo[r - 1];
  uint32_t rext = r >= 2 ? (uint32_t)b->ext[r - 2] : 1, cext = (uint32_t)b->ext[r - 1];
  f.alloc = b->alloc;
  f.flags = (uint8_t)(SIM_FP_GLOBAL | b->flags | extra);
  f.off = (uint32_t)row;
  f.pitch = (uint32_t)col;
  /* (extents beyond 16 bits, never seen with TMA boxes, saturate: a smaller box, so at worst
   * a missed overlap, never a false one) */
  f.len = (cext > 0xffff ? 0xffff : cext) | (rext > 0xffff ? 0xffff : rext) << 16;
  f.rows = lead_key(b);
  return f;
}

/* Overlap of two packed global boxes (both SIM_FP_GLOBAL). */
bool sim_gfp_overlap(const sim_fp *a, const sim_fp *b) {
  if (!a->alloc || a->alloc != b->alloc || a->rows != b->rows) return false;
  int64_t ar = (int32_t)a->off, ac = (int32_t)a->pitch, br = (int32_t)b->off, bc = (int32_t)b->pitch;
  int64_t arx = a->len >> 16, acx = a->len & 0xffff, brx = b->len >> 16, bcx = b->len & 0xffff;
  return ar < br + brx && br < ar + arx && ac < bc + bcx && bc < ac + acx;
}

static void range_str(char *buf, size_t n, int32_t lo, int32_t ext) {
  snprintf(buf, n, "%d..%lld", lo, (long long)lo + ext - 1);
}

char *sim_gbox_str(const sim_machine *m, const sim_gbox *b, char *buf, size_t n) {
  const char *name = b->alloc && b->alloc < m->n_allocs && m->allocs[b->alloc].name
                         ? m->allocs[b->alloc].name : "<global>";
  char r0[32], r1[32];
  if (b->rank == 1) {
    range_str(r0, sizeof r0, b->lo[0], b->ext[0]);
    snprintf(buf, n, "%s elements %s", name, r0);
  } else if (b->rank == 2) {
    range_str(r0, sizeof r0, b->lo[0], b->ext[0]);
    range_str(r1, sizeof r1, b->lo[1], b->ext[1]);
    snprintf(buf, n, "%s rows %s, cols %s", name, r0, r1);
  } else {
    size_t len = (size_t)snprintf(buf, n, "%s box [", name);
    for (uint32_t d = 0; d < b->rank && len < n; d++) {
      range_str(r0, sizeof r0, b->lo[d], b->ext[d]);
      len += (size_t)snprintf(buf + len, n - len, "%s%s", d ? ", " : "", r0);
    }
    if (len < n) snprintf(buf + len, n - len, "]");
  }
  return buf;
}

/* The packed form back as text (leading origins are not recoverable from the key). */
char *sim_gfp_str(const sim_machine *m, const sim_fp *f, char *buf, size_t n) {
  const char *name = f->alloc < m->n_allocs && m->allocs[f->alloc].name ? m->allocs[f->alloc].name
                                                                        : "<global>";
  int32_t row = (int32_t)f->off, col = (int32_t)f->pitch;
  int32_t rext = (int32_t)(f->len >> 16), cext = (int32_t)(f->len & 0xffff);
  const sim_alloc *al = f->alloc < m->n_allocs ? &m->allocs[f->alloc] : NULL;
  if (al && al->rank == 1)
    snprintf(buf, n, "%s elements %d..%lld", name, col, (long long)col + cext - 1);
  else
    snprintf(buf, n, "%s%s rows %d..%lld, cols %d..%lld", name, f->rows ? " (a box of)" : "", row,
             (long long)row + rext - 1, col, (long long)col + cext - 1);
  return buf;
}

bool sim_gbox_of(const sim_machine *m, uint64_t desc, const sim_vtype *desc_t, const uint64_t *coords,
                 uint32_t n, uint8_t flags, sim_gbox *out) {
  memset(out, 0, sizeof *out);
  uint32_t al = sim_view_alloc(desc);
  if (!al || al >= m->n_allocs || m->allocs[al].space != SIM_SPACE_GLOBAL || !m->allocs[al].is_desc)
    return false;
  /* the descriptor's block (sim_vtype of a TENSORDESC) */
  const sim_vtype *blk = desc_t && desc_t->kind == IR_T_TENSORDESC ? desc_t : NULL;
  if (!blk || !blk->rank || blk->rank > SIM_GBOX_RANK || n != blk->rank) return false;
  out->alloc = (uint16_t)al;
  out->rank = (uint8_t)blk->rank;
  out->flags = flags;
  for (uint32_t d = 0; d < blk->rank; d++) {
    out->lo[d] = (int32_t)sim_sext(coords[d], 32);
    out->ext[d] = (int32_t)(blk->shape[d] > 0 ? blk->shape[d] : 1);
  }
  return true;
}

void sim_log_gwrite(sim_log *log, const sim_gbox *b, uint32_t cta, uint32_t ins) {
  if (!log || !b->alloc || !(b->flags & SIM_FP_WRITE)) return;
  log->n_gw = 1;
  log->gw = *b;
  log->gw_cta = (uint8_t)cta;
  log->gw_ins = ins;
}
