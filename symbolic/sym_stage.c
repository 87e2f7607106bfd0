/* sym_stage.c: kernels with several ttg.warp_specialize ops in sequence ("stages": Triton's
 * causal attention runs its off-band and its on-band loops as two warp_specialize ops).
 *
 * The parent's warps run the parent's ops before the first fork, each stage's default region,
 * the parent's ops between that stage's join and the next fork, ... : stage s+1 forks only
 * after every partition of stage s has returned (its join). Each stage's regions are parts of
 * their own (sym_part.stage), so every partition of every stage is walked and checked.
 *
 * Numbering: a ring that the partitions of one stage s use is encoded as in a kernel with that
 * one warp_specialize: the parent's ops on it before fork s are its prefork events, those after
 * join s its postjoin events, and both continue stage s's default region (part stage_default[s],
 * as part 0 does for stage 0). That is exact: the other stages' partitions never touch the ring
 * and run entirely before fork s or after join s, so the ring's rounds are those of the
 * one-stage kernel. A buffer that several stages' partitions only read (the attention's Q tile,
 * loaded before the first fork) keeps its events where they are when the parent, too, only
 * reads it after the first fork: reads change no round, and the walk puts those parent reads
 * after every partition (a parent write there would precede the later stage's reads). A ring that the partitions of two stages use otherwise (the second stage's
 * rounds would continue the first's: the counters' closed forms across the join) is not
 * encoded: the kernel is refused (every condition unknown, with the ring). So is a
 * warp_specialize that is not an op of the kernel's body (nested in a region op). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym_internal.h"
#include "ir/ir_alloc.h"

#define MAX_STAGES 32 /* stage masks are 32-bit */

static uint32_t count_ws(const ir_region *r) {
  uint32_t n = 0;
  for (uint32_t b = 0; b < r->n_blocks; b++)
    for (const ir_op *op = r->blocks[b]->first; op; op = op->next) {
      if (op->code == IR_OP_TTG_WARP_SPECIALIZE) n++;
      for (uint32_t k = 0; k < op->n_regions; k++) n += count_ws(op->regions[k]);
    }
  return n;
}

/* Fills c->stages from c->ws: the warp_specialize ops of the kernel's entry block in order
 * (c->ws alone when it is nested). A warp_specialize the stages leave out makes the kernel
 * unsupported (c->unsupported). */
void sym_stage_find(sym_ctx *c) {
  c->n_stages = 0;
  if (!c->ws) return;
  uint32_t total = count_ws(c->fn->op->regions[0]);
  uint32_t n = 0;
  if (c->ws->parent == c->entry)
    for (const ir_op *op = c->entry->first; op; op = op->next) n += op->code == IR_OP_TTG_WARP_SPECIALIZE;
  if (!n) n = 1;
  c->stages = ir_xcalloc(n, sizeof *c->stages);
  if (c->ws->parent != c->entry) c->stages[c->n_stages++] = c->ws;
  else
    for (const ir_op *op = c->entry->first; op; op = op->next)
      if (op->code == IR_OP_TTG_WARP_SPECIALIZE) c->stages[c->n_stages++] = op;
  if (total > c->n_stages)
    c->unsupported = "a warp_specialize nested in a region op besides another one (the encoding "
                     "follows warp_specialize ops of the kernel's body in sequence)";
  else if (c->n_stages > MAX_STAGES)
    c->unsupported = "more than 32 warp_specialize ops in sequence";
}

/* A later stage's partition label, "partition0/ws2" (stage 1). Interned for the process's
 * lifetime: violations keep partition labels after the context is closed (vf_sym_violation's
 * partition), as they keep the static labels of stage 0. The table is bounded; past it the
 * label is a generic static one. */
const char *sym_stage_label(const char *base, int stage) {
  static struct { const char *base; int stage; char *label; } table[64];
  static uint32_t n;
  for (uint32_t k = 0; k < n; k++)
    if (table[k].stage == stage && !strcmp(table[k].base, base)) return table[k].label;
  if (n == sizeof table / sizeof *table) return "partition of a later warp_specialize";
  table[n].base = base; /* static names or the IR's region labels, which outlive the check */
  table[n].stage = stage;
  table[n].label = sym_fmt("%s/ws%d", base, stage + 1);
  return table[n++].label;
}

/* The number of stages whose warp_specialize precedes program position pos. */
static int gap_of(const sym_ctx *c, uint32_t pos) {
  int g = 0;
  for (uint32_t s = 0; s < c->n_stages; s++) g += c->stages[s]->id < pos;
  return g;
}

/* The segment of the program e runs in: the parent's ops between join g - 1 and fork g are
 * segment 2g, the partitions of stage s segment 2s + 1; segments run one after the other. */
int sym_stage_segment(const sym_ctx *c, const sym_event *e) {
  if (e->prefork || e->postjoin) return 2 * gap_of(c, e->pos);
  return 2 * c->parts[e->part].stage + 1;
}

static bool read_kind(sym_evkind k) { return k == SYM_EV_READ || k == SYM_EV_ASYNC_READ; }

/* Event order is program order within a thread (a thread's k-th op of a kind on a slot is in
 * the slot's round k, sym_ring.c; "later in its partition" is a later index, sym_vc_order.c):
 * the walk made the parent's ops before the first fork, the partitions, then the parent's ops
 * after the first join. A later stage's prefork ops (now of its default region's part) sit
 * among the last; a stable pass puts every prefork op first and every postjoin op last, in
 * their program positions, as in a kernel of one warp_specialize. */
static void reorder(sym_ctx *c) {
  sym_event *out = ir_xmalloc(c->n_evs ? c->n_evs : 1, sizeof *out);
  uint32_t n = 0;
  for (int cls = 0; cls < 3; cls++)
    for (uint32_t i = 0; i < c->n_evs; i++) {
      const sym_event *e = &c->evs[i];
      if ((e->prefork ? 0 : e->postjoin ? 2 : 1) == cls) out[n++] = *e;
    }
  for (uint32_t i = 0; i < n; i++) c->evs[i] = out[i];
  free(out);
}

/* Places the parent's events on each ring relative to the stage whose partitions use it (the
 * file comment); sets c->unsupported for a ring two stages' partitions use with more than
 * reads. Runs once every event and ring exists, before their rounds are numbered. */
void sym_stage_place(sym_ctx *c) {
  if (c->n_stages < 2 || c->unsupported) return;
  uint32_t nr = c->n_rings ? c->n_rings : 1;
  uint32_t *used = ir_xcalloc(nr, sizeof *used), *other = ir_xcalloc(nr, sizeof *other);
  for (uint32_t i = 0; i < c->n_evs; i++) {
    const sym_event *e = &c->evs[i];
    if (e->ring < 0 || e->prefork || e->postjoin) continue;
    uint32_t bit = 1u << c->parts[e->part].stage;
    used[e->ring] |= bit;
    if (!read_kind(e->kind)) other[e->ring] |= bit;
  }
  for (uint32_t r = 0; r < c->n_rings && !c->unsupported; r++) {
    if (!(used[r] & (used[r] - 1))) continue; /* one stage */
    /* only reads in the partitions: the parent must not change the ring after the first fork
     * either (its write between two stages would precede the later stage's reads, where the
     * encoding puts it after every partition) */
    int first = -1;
    for (uint32_t i = 0; i < c->n_evs && first < 0 && !other[r]; i++)
      if (c->evs[i].ring == (int)r && c->evs[i].postjoin && !read_kind(c->evs[i].kind))
        first = (int)i;
    if (!other[r] && first < 0) continue;
    for (uint32_t i = 0; i < c->n_evs && first < 0; i++)
      if (c->evs[i].ring == (int)r && !c->evs[i].prefork && !c->evs[i].postjoin &&
          c->parts[c->evs[i].part].stage > 0)
        first = (int)i;
    char lb[256];
    const sym_event *e = &c->evs[first];
    c->unsupported_owned = sym_fmt(
        "the partitions of two warp_specialize stages use one ring (%s, %s at %s) and change it "
        "or its rounds after the first fork: the later stage's uses would continue the earlier "
        "one's, which the encoding does not number",
        c->rings[r].name ? c->rings[r].name : "a ring",
        e->prefork || e->postjoin ? "the parent" : c->parts[e->part].label,
        ir_loc_str(e->op->loc, lb, sizeof lb));
    c->unsupported = c->unsupported_owned;
  }
  for (uint32_t i = 0; i < c->n_evs && !c->unsupported; i++) {
    sym_event *e = &c->evs[i];
    if (e->ring < 0 || (!e->prefork && !e->postjoin)) continue;
    uint32_t u = used[e->ring];
    if (!u || (u & (u - 1))) continue; /* parent-only, or read by several stages: unchanged */
    int s = __builtin_ctz(u);
    if (s == 0) continue; /* stage 0: the walk's prefork / postjoin are already its own */
    e->prefork = gap_of(c, e->pos) <= s;
    e->postjoin = !e->prefork;
    e->part = c->stage_default[s];
  }
  free(used);
  free(other);
  reorder(c);
}
