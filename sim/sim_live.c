/* sim_live.c: liveness of slots over each code region; slots live before some visible
 * instruction become "persistent" (kept in the state, renumbered 1..P), all others are
 * scratch. Dead persistent slots are zeroed at every yield, which keeps states canonical. */
#include <stdlib.h>

#include "sim_internal.h"

static int succs(const sim_machine *m, uint32_t pc, const sim_region *r, uint32_t out[2]) {
  const sim_ins *i = &m->code[pc];
  int n = 0;
  switch (i->code) {
  case SIM_I_JMP: case SIM_I_FOR_STEP: out[n++] = i->target; break;
  case SIM_I_BRZ: case SIM_I_FOR_TEST:
    out[n++] = pc + 1;
    out[n++] = i->target;
    break;
  case SIM_I_PEND: case SIM_I_END: break;
  default: out[n++] = pc + 1;
  }
  for (int k = 0; k < n; k++)
    if (out[k] < r->start || out[k] >= r->end) out[k] = UINT32_MAX;
  return n;
}

static void set_bit(uint64_t *w, uint32_t b) { w[b >> 6] |= 1ull << (b & 63); }
static bool get_bit(const uint64_t *w, uint32_t b) { return (w[b >> 6] >> (b & 63)) & 1; }

/* Live-in sets (W words per instruction of region r), by backward iteration to a fixpoint. */
static uint64_t *live_in_sets(const sim_machine *m, const sim_region *r, uint32_t W) {
  uint32_t n = r->end - r->start;
  uint64_t *live = calloc((size_t)(n + 1) * W, sizeof *live);
  uint64_t *tmp = calloc(W, sizeof *tmp);
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t pc = r->end; pc-- > r->start;) {
      const sim_ins *i = &m->code[pc];
      uint32_t sv[2];
      int ns = succs(m, pc, r, sv);
      memset(tmp, 0, W * sizeof *tmp);
      for (int k = 0; k < ns; k++) {
        if (sv[k] == UINT32_MAX) continue;
        const uint64_t *o = live + (size_t)(sv[k] - r->start) * W;
        for (uint32_t w = 0; w < W; w++) tmp[w] |= o[w];
      }
      const uint32_t *out = ins_out(m, i), *in = ins_in(m, i);
      for (uint32_t k = 0; k < i->n_out; k++) tmp[out[k] >> 6] &= ~(1ull << (out[k] & 63));
      for (uint32_t k = 0; k < i->n_in; k++) set_bit(tmp, in[k]);
      tmp[0] &= ~1ull; /* slot 0 (discard) is never live */
      uint64_t *cur = live + (size_t)(pc - r->start) * W;
      if (memcmp(cur, tmp, W * sizeof *tmp)) {
        memcpy(cur, tmp, W * sizeof *tmp);
        changed = true;
      }
    }
  }
  free(tmp);
  return live;
}

typedef struct region_live {
  uint32_t *map;               /* old slot -> new slot */
  uint64_t *masks;             /* per instruction, persistent slots live before it (new numbering) */
  uint32_t pw;                 /* words per instruction in masks */
} region_live;

int sim_liveness(sim_machine *m, sim_err *err) {
  (void)err;
  region_live *rl = calloc(m->n_regions + 1, sizeof *rl);
  uint32_t max_words = 1;
  for (uint32_t ri = 0; ri < m->n_regions; ri++) {
    sim_region *r = &m->regions[ri];
    uint32_t n = r->end - r->start, S = r->n_slots, W = (S + 63) / 64;
    uint64_t *live = live_in_sets(m, r, W);
    uint64_t *pers = calloc(W, sizeof *pers);
    for (uint32_t pc = r->start; pc < r->end; pc++) {
      if (m->code[pc].vis == SIM_V_NONE) continue;
      const uint64_t *l = live + (size_t)(pc - r->start) * W;
      for (uint32_t w = 0; w < W; w++) pers[w] |= l[w];
    }
    uint32_t *map = calloc(S + 1, sizeof *map);
    uint32_t next = 1;
    for (uint32_t s = 1; s < S; s++)
      if (get_bit(pers, s)) map[s] = next++;
    r->n_persist = next - 1;
    for (uint32_t s = 1; s < S; s++)
      if (!get_bit(pers, s)) map[s] = next++;
    uint32_t pw = (r->n_persist + 1 + 63) / 64;
    uint64_t *masks = calloc((size_t)(n + 1) * pw, sizeof *masks);
    for (uint32_t pc = 0; pc < n; pc++)
      for (uint32_t s = 1; s < S; s++)
        if (map[s] <= r->n_persist && get_bit(live + (size_t)pc * W, s))
          set_bit(masks + (size_t)pc * pw, map[s]);
    rl[ri] = (region_live){.map = map, .masks = masks, .pw = pw};
    if (pw > max_words) max_words = pw;
    free(live);
    free(pers);
  }
  m->live_words = max_words;
  m->live = calloc((size_t)(m->n_code + 1) * max_words, sizeof(uint64_t));
  uint64_t *lw = m->live;
  for (uint32_t ri = 0; ri < m->n_regions; ri++) {
    sim_region *r = &m->regions[ri];
    const uint32_t *map = rl[ri].map;
    for (uint32_t pc = r->start; pc < r->end; pc++)
      memcpy(lw + (size_t)pc * max_words, rl[ri].masks + (size_t)(pc - r->start) * rl[ri].pw,
             rl[ri].pw * sizeof(uint64_t));
    for (uint32_t pc = r->start; pc < r->end; pc++) {
      sim_ins *i = &m->code[pc];
      for (uint32_t k = 0; k < (uint32_t)i->n_in + i->n_out; k++)
        m->opnd[i->opnd + k] = map[m->opnd[i->opnd + k]];
      if (i->code == SIM_I_FORK) {
        sim_ws *ws = &m->ws[i->imm];
        for (uint32_t k = 0; k < ws->n_caps; k++) ws->cap_slots[k] = map[ws->cap_slots[k]];
      }
    }
    for (uint32_t k = 0; k < r->n_entry; k++) r->entry_slots[k] = map[r->entry_slots[k]];
    if (ri == 0)
      for (uint32_t k = 0; k < m->n_args; k++) m->arg_slots[k] = map[m->arg_slots[k]];
    /* colour persistent slots: two slots live before the same visible op need two words */
    uint32_t P = r->n_persist, pw = rl[ri].pw;
    r->color = calloc(P + 2, sizeof *r->color);
    r->n_colors = 0;
    uint8_t *used = calloc(P + 2, 1);
    for (uint32_t s1 = 1; s1 <= P; s1++) {
      memset(used, 0, P + 2);
      for (uint32_t pc = r->start; pc < r->end; pc++) {
        if (m->code[pc].vis == SIM_V_NONE) continue;
        const uint64_t *l = rl[ri].masks + (size_t)(pc - r->start) * pw;
        if (!get_bit(l, s1)) continue;
        for (uint32_t s2 = 1; s2 < s1; s2++)
          if (get_bit(l, s2)) used[r->color[s2]] = 1;
      }
      uint16_t c = 1;
      while (used[c]) c++;
      r->color[s1] = c;
      if (c > r->n_colors) r->n_colors = c;
    }
    free(used);
    free(rl[ri].map);
    free(rl[ri].masks);
  }
  free(rl);
  return 0;
}
