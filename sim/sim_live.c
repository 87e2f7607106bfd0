/* sim_live.c: liveness of slots over each code region; slots live before some visible
 * instruction become "persistent" (kept in the state, renumbered 1..P), all others are
 * scratch. Dead persistent slots are zeroed at every yield, which keeps states canonical. */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "sim_size.h"

static void set_bit(uint64_t *w, uint32_t b) { w[b >> 6] |= 1ull << (b & 63); }
static bool get_bit(const uint64_t *w, uint32_t b) { return (w[b >> 6] >> (b & 63)) & 1; }

/* Liveness is kept per basic block, not per instruction (issue 11: a 248,000-op straight-line
 * kernel needed ops x values bits, 7 GB): live-in sets of the blocks of region r (W words
 * each) by backward iteration to a fixpoint; inside a block one running set is walked
 * backwards. Memory: (blocks + 1) x W words. */
typedef struct blocks {
  uint32_t n;                  /* blocks of the region */
  uint32_t *start;             /* first pc of each block (n + 1 entries: the last is r->end) */
  uint32_t *of;                /* pc - r->start -> its block */
} blocks;

static void blocks_of(const sim_machine *m, const sim_region *r, blocks *b) {
  uint32_t n = r->end - r->start;
  uint8_t *lead = ir_xcalloc((size_t)n + 1, 1);
  if (n) lead[0] = 1;
  for (uint32_t pc = r->start; pc < r->end; pc++) {
    uint32_t sv[2];
    int ns = sim_ins_succs(m, pc, r, sv);
    bool plain = ns == 1 && sv[0] == pc + 1;
    if (plain) continue;
    if (pc + 1 < r->end) lead[pc + 1 - r->start] = 1;
    for (int k = 0; k < ns; k++)
      if (sv[k] != UINT32_MAX) lead[sv[k] - r->start] = 1;
  }
  b->n = 0;
  for (uint32_t k = 0; k < n; k++) b->n += lead[k];
  b->start = ir_xcalloc((size_t)b->n + 1, sizeof *b->start);
  b->of = ir_xcalloc((size_t)n + 1, sizeof *b->of);
  uint32_t j = 0;
  for (uint32_t k = 0; k < n; k++) {
    if (lead[k]) b->start[j++] = r->start + k;
    b->of[k] = j - 1;
  }
  b->start[b->n] = r->end;
  free(lead);
}

/* tmp = live-in of instruction pc given tmp = its live-out. */
static void transfer(const sim_machine *m, uint32_t pc, uint64_t *tmp) {
  const sim_ins *i = &m->code[pc];
  const uint32_t *out = ins_out(m, i), *in = ins_in(m, i);
  for (uint32_t k = 0; k < i->n_out; k++) tmp[out[k] >> 6] &= ~(1ull << (out[k] & 63));
  for (uint32_t k = 0; k < i->n_in; k++) set_bit(tmp, in[k]);
  tmp[0] &= ~1ull; /* slot 0 (discard) is never live */
}

/* tmp = live-out of the last instruction of block j. */
static void block_out(const sim_machine *m, const sim_region *r, const blocks *b,
                      const uint64_t *live, uint32_t W, uint32_t j, uint64_t *tmp) {
  uint32_t last = b->start[j + 1] - 1, sv[2];
  int ns = sim_ins_succs(m, last, r, sv);
  memset(tmp, 0, W * sizeof *tmp);
  for (int k = 0; k < ns; k++) {
    if (sv[k] == UINT32_MAX) continue;
    const uint64_t *o = live + (size_t)b->of[sv[k] - r->start] * W;
    for (uint32_t w = 0; w < W; w++) tmp[w] |= o[w];
  }
}

/* Live-in sets of the blocks (W words per block). */
static uint64_t *live_in_blocks(const sim_machine *m, const sim_region *r, const blocks *b,
                                uint32_t W) {
  uint64_t *live = ir_xcalloc(((size_t)b->n + 1), (size_t)W * sizeof *live);
  uint64_t *tmp = ir_xcalloc(W, sizeof *tmp);
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t j = b->n; j-- > 0;) {
      block_out(m, r, b, live, W, j, tmp);
      for (uint32_t pc = b->start[j + 1]; pc-- > b->start[j];) transfer(m, pc, tmp);
      uint64_t *cur = live + (size_t)j * W;
      if (memcmp(cur, tmp, W * sizeof *tmp)) {
        memcpy(cur, tmp, W * sizeof *tmp);
        changed = true;
      }
    }
  }
  free(tmp);
  return live;
}

/* Calls visit(pc, live-in of pc) for every visible instruction of r (backwards per block). */
typedef void (*visit_fn)(void *ctx, uint32_t pc, const uint64_t *l);
static void each_visible(const sim_machine *m, const sim_region *r, const blocks *b,
                         const uint64_t *live, uint32_t W, visit_fn visit, void *ctx) {
  uint64_t *tmp = ir_xcalloc(W, sizeof *tmp);
  for (uint32_t j = 0; j < b->n; j++) {
    block_out(m, r, b, live, W, j, tmp);
    for (uint32_t pc = b->start[j + 1]; pc-- > b->start[j];) {
      transfer(m, pc, tmp);
      if (m->code[pc].vis != SIM_V_NONE) visit(ctx, pc, tmp);
    }
  }
  free(tmp);
}

typedef struct pers_ctx {
  uint64_t *pers;
  uint32_t W, n_vis;
} pers_ctx;

static void note_pers(void *ctx, uint32_t pc, const uint64_t *l) {
  (void)pc;
  pers_ctx *c = ctx;
  for (uint32_t w = 0; w < c->W; w++) c->pers[w] |= l[w];
  c->n_vis++;
}

typedef struct mask_ctx {
  const uint32_t *map;         /* old slot -> new slot */
  uint32_t S, P, pw;
  uint32_t *row;               /* per pc of the region: row in masks (0: none) */
  uint64_t *masks;             /* rows of pw words, row 0 all zero */
  uint32_t n_rows;
  uint32_t start;
} mask_ctx;

static void note_mask(void *ctx, uint32_t pc, const uint64_t *l) {
  mask_ctx *c = ctx;
  uint32_t k = ++c->n_rows;
  c->row[pc - c->start] = k;
  uint64_t *dst = c->masks + (size_t)k * c->pw;
  for (uint32_t s = 1; s < c->S; s++)
    if (c->map[s] <= c->P && get_bit(l, s)) set_bit(dst, c->map[s]);
}

typedef struct region_live {
  uint32_t *map;               /* old slot -> new slot */
  uint64_t *masks;             /* rows of pw words: persistent slots live before a visible op */
  uint32_t *row;               /* per instruction of the region: its row (0: not visible) */
  uint32_t n_rows;
  uint32_t pw;                 /* words per row */
} region_live;

int sim_liveness(sim_machine *m, sim_err *err) {
  (void)err;
  region_live *rl = ir_xcalloc(m->n_regions + 1, sizeof *rl);
  uint32_t max_words = 1;
  size_t total_rows = 1; /* row 0: the empty mask */
  for (uint32_t ri = 0; ri < m->n_regions; ri++) {
    sim_region *r = &m->regions[ri];
    uint32_t n = r->end - r->start, S = r->n_slots, W = (S + 63) / 64;
    blocks b;
    blocks_of(m, r, &b);
    uint64_t *live = live_in_blocks(m, r, &b, W);
    pers_ctx pc = {.pers = ir_xcalloc(W, sizeof(uint64_t)), .W = W};
    each_visible(m, r, &b, live, W, note_pers, &pc);
    uint64_t *pers = pc.pers;
    uint32_t *map = ir_xcalloc(S + 1, sizeof *map);
    uint32_t next = 1;
    for (uint32_t s = 1; s < S; s++)
      if (get_bit(pers, s)) map[s] = next++;
    r->n_persist = next - 1;
    for (uint32_t s = 1; s < S; s++)
      if (!get_bit(pers, s)) map[s] = next++;
    uint32_t pw = (r->n_persist + 1 + 63) / 64;
    mask_ctx mc = {.map = map, .S = S, .P = r->n_persist, .pw = pw, .start = r->start,
                   .row = ir_xcalloc((size_t)n + 1, sizeof(uint32_t)),
                   .masks = ir_xcalloc((size_t)pc.n_vis + 1, (size_t)pw * sizeof(uint64_t))};
    each_visible(m, r, &b, live, W, note_mask, &mc);
    rl[ri] = (region_live){.map = map, .masks = mc.masks, .row = mc.row, .n_rows = mc.n_rows, .pw = pw};
    if (pw > max_words) max_words = pw;
    total_rows += mc.n_rows;
    free(live);
    free(pers);
    free(b.start);
    free(b.of);
  }
  /* m->live: one row per visible instruction (m->live_row[pc]; 0 = the empty row) */
  m->live_words = max_words;
  m->live = ir_xcalloc(total_rows, (size_t)max_words * sizeof(uint64_t));
  m->live_row = ir_xcalloc((size_t)m->n_code + 1, sizeof *m->live_row);
  uint64_t *lw = m->live;
  uint32_t base = 1;
  m->live_off = ir_xcalloc(total_rows + 1, sizeof *m->live_off); /* row 0: empty */
  uint32_t n_ent = 0, cap_ent = 0;
  for (uint32_t ri = 0; ri < m->n_regions; ri++) {
    sim_region *r = &m->regions[ri];
    const uint32_t *map = rl[ri].map;
    for (uint32_t pc = r->start; pc < r->end; pc++) {
      uint32_t k = rl[ri].row[pc - r->start];
      if (!k) continue;
      m->live_row[pc] = base + k - 1;
      memcpy(lw + (size_t)(base + k - 1) * max_words, rl[ri].masks + (size_t)k * rl[ri].pw,
             rl[ri].pw * sizeof(uint64_t));
    }
    base += rl[ri].n_rows;
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
    r->color = ir_xcalloc(P + 2, sizeof *r->color);
    r->n_colors = 0;
    uint8_t *used = ir_xcalloc(P + 2, 1);
    for (uint32_t s1 = 1; s1 <= P; s1++) {
      memset(used, 0, P + 2);
      for (uint32_t k = 1; k <= rl[ri].n_rows; k++) {
        const uint64_t *l = rl[ri].masks + (size_t)k * pw;
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
    /* the rows as lists of (slot, state word) */
    uint32_t b0 = base - rl[ri].n_rows; /* global row of the region's row 1 */
    for (uint32_t k = 1; k <= rl[ri].n_rows; k++) {
      const uint64_t *l = rl[ri].masks + (size_t)k * pw;
      uint32_t row = b0 + k - 1;
      m->live_off[row] = n_ent;
      for (uint32_t s = 1; s <= P; s++)
        if (get_bit(l, s)) {
          if (n_ent == cap_ent) {
            cap_ent = cap_ent ? cap_ent * 2 : 64;
            m->live_ent = ir_xrealloc(m->live_ent, cap_ent, sizeof *m->live_ent);
          }
          m->live_ent[n_ent++] = (struct sim_live_ent){.slot = s, .word = r->color[s] - 1u};
        }
      m->live_off[row + 1] = n_ent;
    }
    free(rl[ri].map);
    free(rl[ri].masks);
    free(rl[ri].row);
  }
  free(rl);
  /* never NULL, even without entries: the readers (sim_exec.c sim_env_load, env_store) add a
   * row's offset to it (an offset added to NULL is undefined: fuzz finding 4) */
  if (!m->live_ent) m->live_ent = ir_xcalloc(1, sizeof *m->live_ent);
  return 0;
}
