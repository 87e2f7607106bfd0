/* sim_tmem.c: tensor-memory allocation rules the model can see in TTGIR (§4.2): the kernel's
 * tcgen05.alloc column count (ttg.tensor_memory_size: a power of 2 in [32, 512]), columns an
 * allocation needs beyond the 512 of an SM, allocations placed (tensor_memory_col_offset)
 * outside the allocated columns, and allocations live together across a warp_specialize that
 * cannot fit. Checked once when the machine is built; reported as `lifecycle` when the
 * offending op runs. TTGIR has no alloc / dealloc / relinquish ops (Triton allocates the
 * whole kernel's columns once), so the relinquish and leak rules have nothing to apply to. */
#include <stdio.h>
#include <stdlib.h>

#include "sim_internal.h"

enum { TMEM_COLS = 512, TMEM_LANES = 128 };

/* A lower bound on the columns allocation al occupies: its 32-bit cells spread over all 128
 * lanes (an allocation may use fewer lanes, or one column per element, never less). Exact
 * for the common 128-row fp32 accumulator. */
uint32_t sim_tmem_min_cols(const sim_machine *m, const sim_alloc *al) {
  if (!al->op) return 0;
  const sim_vtype *t = sim_alloc_vt(m, al);
  if (t->kind != IR_T_MEMDESC || !t->has_elem) return 0;
  int64_t bits = t->ebits ? t->ebits : (int64_t)t->ebytes * 8;
  int64_t cells = (t->numel * bits + 31) / 32;
  return (uint32_t)((cells + TMEM_LANES - 1) / TMEM_LANES);
}

static bool pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

static void note(sim_machine *m, uint32_t ins, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note(sim_machine *m, uint32_t ins, const char *fmt, ...) {
  for (uint32_t k = 0; k < m->n_sviol; k++)
    if (m->sviol[k].ins == ins) return; /* the first rule broken at an op is reported */
  m->sviol = ir_grow(m->sviol, &m->cap_sviol, m->n_sviol + 1, sizeof *m->sviol);
  sim_sviol *v = &m->sviol[m->n_sviol++];
  v->ins = ins;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(v->msg, sizeof v->msg, fmt, ap);
  va_end(ap);
}

void sim_tmem_check(sim_machine *m) {
  int64_t size = m->ma.tmem_size;
  uint32_t first = UINT32_MAX;
  for (uint32_t ins = 0; ins < m->n_code; ins++) {
    if (m->code[ins].code != IR_OP_TTNG_TMEM_ALLOC || !m->code[ins].imm) continue;
    const sim_alloc *al = &m->allocs[m->code[ins].imm];
    if (first == UINT32_MAX) first = ins;
    uint32_t cols = sim_tmem_min_cols(m, al);
    if (cols > TMEM_COLS)
      note(m, ins, "%s needs at least %u tensor-memory columns, more than the %d of an SM "
           "(§4.2): the allocation cannot succeed", al->name, cols, TMEM_COLS);
    int64_t off = al->tmem_col;
    int64_t limit = size >= 0 && size <= TMEM_COLS ? size : TMEM_COLS;
    if (off >= 0 && off + cols > limit)
      note(m, ins, "%s is placed at tensor-memory columns [%lld, %lld), outside the %lld "
           "column(s) the kernel allocates (§4.2): its accesses leave the allocation",
           al->name, (long long)off, (long long)(off + cols), (long long)limit);
  }
  if (first == UINT32_MAX) return;
  /* the kernel's one tcgen05.alloc (Triton rounds the total to 32, 64, ..., 512) */
  if (size > TMEM_COLS)
    note(m, first, "the kernel allocates %lld tensor-memory columns (ttg.tensor_memory_size), more "
         "than the %d of an SM (§4.2)", (long long)size, TMEM_COLS);
  else if (size > 0 && (!pow2(size) || size < 32))
    note(m, first, "the kernel's tcgen05.alloc asks for %lld columns (ttg.tensor_memory_size): "
         "nCols must be a power of 2 in [32, %d] (§4.2)", (long long)size, TMEM_COLS);
}

void sim_tmem_check_live(sim_machine *m, uint32_t fork_ins, const uint32_t *allocs, uint32_t n) {
  uint64_t total = 0;
  char names[160] = "";
  size_t len = 0;
  uint32_t counted = 0;
  for (uint32_t k = 0; k < n; k++) {
    const sim_alloc *al = &m->allocs[allocs[k]];
    if (al->space != SIM_SPACE_TMEM) continue;
    /* placed allocations are checked against their offsets instead */
    if (al->tmem_col >= 0) return;
    total += sim_tmem_min_cols(m, al);
    if (len < sizeof names)
      len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", counted ? ", " : "", al->name);
    counted++;
  }
  if (counted > 1 && total > TMEM_COLS)
    note(m, fork_ins, "the tensor-memory allocations live across this warp_specialize (%s) need at "
         "least %llu columns together, more than the %d of an SM (§4.2)", names,
         (unsigned long long)total, TMEM_COLS);
}

int sim_tmem_report(sim_exec *e) {
  sim_machine *m = e->m;
  for (uint32_t k = 0; k < m->n_sviol; k++)
    if (m->sviol[k].ins == e->pc) {
      sim_viol_add(e->log, SIM_BUG_LIFECYCLE, (int)e->a, e->pc, "%s", m->sviol[k].msg);
      e->log->halt = true;
      return -1;
    }
  return 0;
}
