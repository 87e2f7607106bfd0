/* sim_log.c: recording violations and step descriptions in a sim_log, input errors in a
 * sim_err, kind names, and the small growable-array helper of the module. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim_internal.h"
#include "sim_size.h"

static const char *const kind_names[SIM_BUG__COUNT] = {
    [SIM_BUG_NONE] = "none",
    [SIM_BUG_DEADLOCK] = "deadlock",
    [SIM_BUG_RACE] = "race",
    [SIM_BUG_PROXY_FENCE] = "proxy-fence",
    [SIM_BUG_PHASE_ALIAS] = "phase-alias",
    [SIM_BUG_TX_MISMATCH] = "tx-mismatch",
    [SIM_BUG_OVER_ARRIVAL] = "over-arrival",
    [SIM_BUG_COUNT_MISMATCH] = "count-mismatch",
    [SIM_BUG_LIFECYCLE] = "lifecycle",
    [SIM_BUG_CLUSTER_EXIT] = "cluster-exit",
    [SIM_BUG_NAMED_BARRIER] = "named-barrier",
    [SIM_BUG_CLC_RETRY] = "clc-retry-after-fail",
    [SIM_BUG_CLC_QUERY] = "clc-query-failed",
    [SIM_BUG_AMD_DMA_UNWAITED] = "amd.dma-unwaited-read",
    [SIM_BUG_AMD_LDS_UNWAITED] = "amd.race.lds-unwaited",
    [SIM_BUG_AMD_BAR_DMA_UNWAITED] = "amd.race.dma-unwaited",
    [SIM_BUG_AMD_BARRIER_COUNT] = "amd.barrier-count-mismatch",
    [SIM_BUG_AMD_BARRIER_DIVERGENT] = "amd.barrier-divergent",
    [SIM_BUG_AMD_MASKED_STALE] = "amd.masked-lanes-stale",
};

const char *sim_bug_kind_name(sim_bug_kind k) {
  return (unsigned)k < SIM_BUG__COUNT ? kind_names[k] : "?";
}

const char *sim_severity_name(sim_severity s) {
  return s == SIM_SEV_WARNING ? "warning" : "error";
}

sim_viol *sim_viol_new(sim_log *log, sim_bug_kind kind, int agent, uint32_t ins) {
  const uint8_t cap = (uint8_t)(sizeof log->viol / sizeof log->viol[0]);
  /* More than `cap` violations in one step: the last slot is overwritten. */
  sim_viol *v = log->n_viol < cap ? &log->viol[log->n_viol++] : &log->viol[cap - 1];
  /* all but the message buffer, which is cleared by its first byte */
  memset(v, 0, offsetof(sim_viol, msg));
  v->msg[0] = 0;
  v->kind = (uint8_t)kind;
  v->agent = agent < 0 ? 0xff : (uint8_t)agent;
  v->ins = ins;
  return v;
}

sim_viol *sim_viol_add_(sim_log *log, sim_bug_kind kind, int agent, uint32_t ins,
                        const char *fmt, ...) {
  sim_viol *v = sim_viol_new(log, kind, agent, ins);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(v->msg, sizeof v->msg, fmt, ap);
  va_end(ap);
  return v;
}

void sim_viol_rel(sim_viol *v, uint32_t ins, const char *note) {
  if (v->n_rel >= SIM_MAX_REL) return;
  for (int i = 0; i < v->n_rel; i++)
    if (v->rel[i] == ins) return;
  v->rel_note[v->n_rel] = note;
  v->rel[v->n_rel++] = ins;
}

void sim_logf_(sim_log *log, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(log->text, sizeof log->text, fmt, ap);
  va_end(ap);
}

void sim_bound(sim_log *log, const sim_machine *m, const ir_op *op, const char *fmt, ...) {
  log->bound = true;
  log->halt = true;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(log->text, sizeof log->text, fmt, ap);
  va_end(ap);
  log->bound_op = op;
  log->bound_len = (uint16_t)(n < 0 ? 0 : (size_t)n < sizeof log->text ? (size_t)n : sizeof log->text - 1);
  ir_loc l = sim_op_loc(m ? m->mod : NULL, op);
  if (l.file && n >= 0 && (size_t)n < sizeof log->text)
    snprintf(log->text + n, sizeof log->text - (size_t)n, " (at %s:%u:%u)", l.file, l.line, l.col);
}

int sim_data_stop(sim_log *log, const sim_machine *m, int agent, uint32_t ins,
                  const sim_data_err *derr) {
  if (derr->status == SIM_DATA_FAULT) {
    sim_viol_add(log, SIM_BUG_LIFECYCLE, agent, ins, "%s", derr->msg);
    log->halt = true;
  } else {
    sim_bound(log, m, sim_ins_op(m, ins), "simulate mode stops: %s", derr->msg);
  }
  return -1;
}

ir_loc sim_op_loc(const ir_module *mod, const ir_op *op) {
  ir_loc none = {0};
  if (!op) return none;
  if (op->loc.file) return op->loc;
  /* no user location: the op's own position in the IR file; an op the text omits (an
   * implicit scf.yield) takes the position of the nearest enclosing op */
  for (const ir_op *o = op; o && mod && mod->filename; ) {
    if (o->ir_line) return (ir_loc){mod->filename, o->ir_line, o->ir_col};
    o = o->parent && o->parent->parent ? o->parent->parent->parent : NULL;
  }
  return none;
}

int sim_errf(sim_err *err, const sim_machine *m, const ir_op *op, const char *fmt, ...) {
  if (!err) return -1;
  char where[160];
  if (op) ir_loc_str(sim_op_loc(m ? m->mod : NULL, op), where, sizeof where);
  else snprintf(where, sizeof where, "<unknown>");
  int k = snprintf(err->msg, sizeof err->msg, "%.150s: error: ", where);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->msg + k, sizeof err->msg - (size_t)k, fmt, ap);
  va_end(ap);
  return -1;
}
