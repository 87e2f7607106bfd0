/* obs_warps.c: observed warps -> partitions (obs.h). The assignment is Triton's
 * (AllocateWarpGroups), computed by ir_ws_groups (ir/ir_wsgroups.h, shared with the
 * lowering): the default partition runs warps 0..num_warps-1, the partitions and the padding
 * partitions that fill the last warp group are laid out from warp num_warps on, largest
 * first. Padding warps belong to no partition. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obs.h"
#include "ir/ir_alloc.h"
#include "ir/ir_wsgroups.h"

/* The first op with this code in op's tree (op included), NULL if none. */
static const ir_op *find_code(const ir_op *op, ir_opcode code) {
  if (op->code == code) return op;
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) {
        const ir_op *w = find_code(o, code);
        if (w) return w;
      }
  return NULL;
}

static int ws_parts(const ir_op *op, const ir_region **parts, int max);
static int part_warps(const ir_op *ws, const ir_region *const *parts, int np, int *nw);

/* The largest total of partition warps over the module's warp_specialize ops (Triton pads
 * every op to the warp groups of the largest). */
static int max_extra_warps(const ir_op *op) {
  int best = 0;
  if (op->code == IR_OP_TTG_WARP_SPECIALIZE) {
    const ir_region *parts[IR_WS_MAX_PARTS];
    int nw[IR_WS_MAX_PARTS];
    int np = ws_parts(op, parts, IR_WS_MAX_PARTS);
    if (np > 0) {
      part_warps(op, parts, np, nw);
      for (int k = 0; k < np; k++) best += nw[k];
    }
  }
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) {
        int m = max_extra_warps(o);
        if (m > best) best = m;
      }
  return best;
}

/* Warps of each partition region (ir_ws_part_warps), at least 1. */
static int part_warps(const ir_op *ws, const ir_region *const *parts, int np, int *nw) {
  for (int k = 0; k < np; k++) {
    nw[k] = ir_ws_part_warps(ws, parts[k], k);
    if (nw[k] < 1) nw[k] = 1;
  }
  return np;
}

/* The partition regions, in order (the same walk as lw_ws.c ws_regions). */
static int ws_parts(const ir_op *op, const ir_region **parts, int max) {
  int n = 0;
  bool def = false;
  for (uint32_t r = 0; r < op->n_regions; r++) {
    const ir_region *rg = op->regions[r];
    if (!def && (r == 0 || (rg->label && !strcmp(rg->label, "default")))) {
      def = true;
      continue;
    }
    if (rg->n_blocks == 1 && rg->blocks[0]->first && rg->blocks[0]->first->code == IR_OP_TTG_WARP_SPEC_PARTITIONS) {
      const ir_op *p = rg->blocks[0]->first;
      for (uint32_t k = 0; k < p->n_regions; k++) {
        if (n == max) return -1;
        parts[n++] = p->regions[k];
      }
      continue;
    }
    if (n == max) return -1;
    parts[n++] = rg;
  }
  return n;
}

int obs_partition_warps(const ir_module *mod, int *num_warps, int *start, int *nw, int max) {
  *num_warps = (int)ir_module_attr_int(mod, "ttg.num-warps", 4);
  const ir_op *ws = NULL;
  int max_extra = 0;
  for (uint32_t f = 0; f < mod->n_funcs; f++) {
    /* an nvws.warp_group is a pass input: NVWSLowerWarpGroup makes the ttg.warp_specialize
     * whose warps a GPU runs, and which region becomes the default depends on that pass
     * (docs/nvws.md): no observed warp can be placed before it ran */
    if (find_code(mod->funcs[f]->op, IR_OP_NVWS_WARP_GROUP)) return -2;
    if (!ws) ws = find_code(mod->funcs[f]->op, IR_OP_TTG_WARP_SPECIALIZE);
    int m = max_extra_warps(mod->funcs[f]->op);
    if (m > max_extra) max_extra = m;
  }
  if (!ws) return 0;
  const ir_region *parts[IR_WS_MAX_PARTS];
  int np = ws_parts(ws, parts, IR_WS_MAX_PARTS);
  if (np < 0 || np > max) return -1;
  int all_nw[IR_WS_MAX_PARTS], all_start[IR_WS_MAX_PARTS], ids[IR_WS_MAX_PARTS], n_ids = 0;
  part_warps(ws, parts, np, all_nw);
  const ir_attr *a = ir_op_attr(ws, "warpGroupStartIds");
  if (a && a->kind == IR_A_DENSE_ARRAY)
    for (uint32_t k = 0; k < a->n && n_ids < IR_WS_MAX_PARTS; k++) ids[n_ids++] = (int)a->ivals[k];
  if (ir_ws_groups(*num_warps, max_extra, all_nw, np, ids, n_ids, all_start, IR_WS_MAX_PARTS) < 0) return -1;
  for (int k = 0; k < np; k++) start[k] = all_start[k], nw[k] = all_nw[k];
  return np;
}

static void note(obs *o, const char *fmt, const char *a, unsigned v) {
  size_t len = strlen(o->notes);
  if (len + 4 >= sizeof o->notes) return;
  if (len) o->notes[len++] = ';', o->notes[len++] = ' ';
  snprintf(o->notes + len, sizeof o->notes - len, fmt, a, v);
}

/* How much a warp's state tells about its partition: one warp still waiting keeps the
 * partition from having finished. */
static int weight(obs_what w) { return w == OBS_AT ? 3 : w == OBS_RUNNING ? 2 : w == OBS_EXITED ? 1 : 0; }

/* Adds warp w's observation to agent slot ag. */
static int merge(obs_agent *ag, const obs_warp *w, bool first) {
  if (first) {
    ag->facts = w->facts;
    ag->pos = w->pos;
  }
  if (first || weight(w->what) > weight(ag->what)) ag->what = w->what;
  if (!first && memcmp(&ag->facts, &w->facts, sizeof w->facts)) memset(&ag->facts, 0, sizeof ag->facts);
  if (w->what != OBS_AT) return 0;
  for (uint32_t k = 0; k < ag->n_lines; k++)
    if (ag->lines[k].line == w->at.line && !strcmp(ag->lines[k].file, w->at.file)) return 0;
  if (ag->n_lines == OBS_MAX_LINES) return 0;
  ag->lines[ag->n_lines].file = ir_xstrdup(w->at.file);
  ag->lines[ag->n_lines++].line = w->at.line;
  return ag->lines[ag->n_lines - 1].file ? 0 : -1;
}

int obs_map_warps(obs *o, const ir_module *mod, uint32_t n_ctas, const char *const *names,
                  uint32_t n_names, char *err, size_t n) {
  int num_warps, start[32], nw[32];
  int np = obs_partition_warps(mod, &num_warps, start, nw, 32);
  if (np == -2) { /* at the kernel's op: the observation is not what is wrong */
    const ir_op *wg = NULL;
    for (uint32_t f = 0; f < mod->n_funcs && !wg; f++) wg = find_code(mod->funcs[f]->op, IR_OP_NVWS_WARP_GROUP);
    assert(wg);
    snprintf(err, n,
             "%s:%u:%u: error: the kernel's partitions are an nvws.warp_group, which no GPU runs: observed "
             "warps map to the ttg.warp_specialize that NVWSLowerWarpGroup makes of it; give explain the "
             "TTGIR after that pass",
             mod->filename, wg->ir_line ? wg->ir_line : 1, wg->ir_col ? wg->ir_col : 1);
    return -1;
  }
  if (np < 0) return obs_error(o, (obs_pos){1, 1}, err, n, "the kernel has more than 32 partitions");
  int total = num_warps;
  for (int k = 0; k < np; k++)
    if (start[k] + nw[k] > total) total = start[k] + nw[k];
  total = num_warps + (total - num_warps + 3) / 4 * 4; /* whole warp groups (padding) */
  uint32_t bthreads = (uint32_t)total * 32;
  if (!n_ctas) n_ctas = 1;
  /* slot of each warp: 0 default, k+1 partition k, -1 padding */
  int slot[32];
  for (int w = 0; w < 32; w++) slot[w] = w < num_warps ? 0 : -1;
  for (int k = 0; k < np; k++)
    for (int w = start[k]; w < start[k] + nw[k] && w < 32; w++) slot[w] = k + 1;
  uint32_t n_slots = (uint32_t)np + 1;
  uint32_t n_ag = n_ctas * n_slots;
  obs_agent *ag = ir_xcalloc(n_ag, sizeof *ag);
  bool *seen = ir_xcalloc(n_ag, 1);
  if (!ag || !seen) {
    free(ag);
    free(seen);
    return obs_error(o, (obs_pos){1, 1}, err, n, "out of memory");
  }
  int64_t cluster = -1;
  unsigned other = 0, axes = 0;
  int rc = 0;
  for (uint32_t i = 0; i < o->n_warps && !rc; i++) {
    const obs_warp *w = &o->warps[i];
    if (w->other_axes) {
      axes++;
      continue;
    }
    uint64_t lo = (uint64_t)w->b_lo * bthreads + w->t_lo, hi = (uint64_t)w->b_hi * bthreads + w->t_hi;
    if (w->t_lo >= bthreads || w->t_hi >= bthreads) {
      rc = obs_error(o, w->pos, err, n, "thread %u is outside the block: the kernel has %d warps (%u threads)",
                     w->t_hi >= bthreads ? w->t_hi : w->t_lo, total, bthreads);
      break;
    }
    for (uint64_t t = lo / 32 * 32; t <= hi; t += 32) {
      uint32_t block = (uint32_t)(t / bthreads), warp = (uint32_t)(t % bthreads / 32);
      int64_t cl = block / n_ctas;
      if (cluster < 0) cluster = cl;
      if (cl != cluster) {
        other++;
        continue;
      }
      if (slot[warp] < 0) continue; /* padding warp: idle */
      uint32_t a = block % n_ctas * n_slots + (uint32_t)slot[warp];
      if (merge(&ag[a], w, !seen[a])) rc = obs_error(o, w->pos, err, n, "out of memory");
      seen[a] = true;
    }
  }
  if (rc) {
    for (uint32_t a = 0; a < n_ag; a++)
      for (uint32_t k = 0; k < ag[a].n_lines; k++) free(ag[a].lines[k].file);
    free(ag);
    free(seen);
    return -1;
  }
  if (other) note(o, "%s%u warp(s) of other clusters ignored (explained: the first cluster observed)", "", other);
  if (axes) note(o, "%s%u row(s) with a y or z block / thread index ignored", "", axes);
  /* the mapped agents replace any listed ones */
  uint32_t k = 0;
  for (uint32_t a = 0; a < n_ag; a++) {
    if (!seen[a]) continue;
    uint32_t s = a % n_slots;
    const char *base = s < n_names && names[s] ? names[s] : "?";
    if (n_ctas > 1) snprintf(ag[a].name, sizeof ag[a].name, "cta%u.%s", a / n_slots, base);
    else snprintf(ag[a].name, sizeof ag[a].name, "%s", base);
    if (k != a) ag[k] = ag[a];
    k++;
  }
  free(seen);
  free(o->agents);
  o->agents = ag;
  o->n_agents = k;
  if (!k) return obs_error(o, (obs_pos){1, 1}, err, n, "no observed warp belongs to a partition of the kernel");
  return 0;
}
