/* traces.h: pictures of schedules: replaying a schedule step by step, Chrome-trace timelines
 * for Perfetto, Graphviz pipeline and protocol graphs, and counterexample minimization.
 * Reads the machine only through sim.h and the IR only through ir.h.
 * Ownership: schedules and runs own their arrays (tr_sched_free, tr_run_free); machines
 * and modules are borrowed; writers write files and return nothing to free. */
#ifndef TLXV_TRACES_H
#define TLXV_TRACES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"
#include "sim/sim.h"

typedef struct tr_err {
  char msg[512];               /* one "FILE: error: what, and what to do" line */
} tr_err;

/* ------------------------------------------------------------------ schedules */

/* A schedule: the transitions fired one after the other from sim_init's state. */
typedef struct tr_sched {
  sim_trans *steps;            /* malloc'd, owned (tr_sched_free) */
  uint32_t n, cap;
} tr_sched;

void tr_sched_free(tr_sched *s);
/* Appends t; returns 0, or -1 when out of memory. */
int tr_sched_push(tr_sched *s, sim_trans t);

/* How a schedule ends (tr_sched_round_robin, tr_run.out). */
typedef struct tr_outcome {
  bool final;                  /* every agent finished, no event in flight */
  bool stuck;                  /* not final and nothing enabled: a deadlock */
  bool halted;                 /* a step stopped the path (log.halt) */
  bool bound;                  /* a bound was hit (log.bound) */
  bool not_enabled;            /* replay: a step of the schedule was not enabled (stopped there) */
  bool has_bug;                /* `bug` is valid */
  sim_viol bug;                /* first violation of the run; a stuck run gets a deadlock
                                  violation on the first blocked agent's wait */
  uint32_t bug_step;           /* index of the step that reported it (n for a deadlock) */
} tr_outcome;

/* A checker of whole states, run after each step: fills v and returns true when st shows a
 * bug that no single step reports (a race between next accesses and in-flight async
 * operations). verify's vf_check_race has this shape. */
typedef bool (*tr_state_check)(const sim_machine *m, const void *st, sim_viol *v);

/* Runs one schedule from sim_init: round-robin over sim_enabled (the first enabled transition
 * after the one fired last, agents and events in sim_enabled's order), until the state is
 * final, stuck, a violation is reported (by a step, or by check when not NULL), a step halts,
 * or max_steps (0 = 100000) steps. Fills out (appended) and oc. Returns 0, or -1 with err
 * (sim_init failed, out of memory). */
int tr_sched_round_robin(sim_machine *m, uint32_t max_steps, tr_state_check check, tr_sched *out,
                         tr_outcome *oc, tr_err *err);

/* ------------------------------------------------------------------ replay */

/* What a replay records about each step (tr_replay); see tr_run below. */
typedef enum tr_step_kind {
  TR_S_OP = 1,                 /* an agent ran a visible op (not a wait, not an async issue) */
  TR_S_WAIT,                   /* an agent passed an mbarrier wait */
  TR_S_ASYNC_WAIT,             /* an agent passed a wait on async groups (store_wait, ...) */
  TR_S_ISSUE,                  /* an agent issued one or more async events */
  TR_S_COMPLETE,               /* an async event completed */
} tr_step_kind;

/* One step's effect on one mbarrier, found by comparing sim_barrier_info before and after. */
typedef struct tr_eff {
  uint32_t step;               /* step index */
  uint32_t bar;                /* barrier (sim_barrier_info index) */
  int32_t phase;               /* the phase the effect counted toward (phase before the step) */
  int32_t arrivals;            /* arrivals counted (pending decrease) */
  int32_t tx;                  /* tx-count change (expect: +, complete_tx: -) */
  bool completed;              /* this step completed `phase` */
  bool init;                   /* this step initialised the barrier */
} tr_eff;

/* An async event, followed across steps by identity (issuer, instruction, issue order). */
typedef struct tr_event {
  uint32_t agent;              /* issuing agent */
  uint32_t ins;                /* issuing instruction */
  uint32_t issue_step;         /* step that issued it */
  uint32_t done_step;          /* step that completed it, UINT32_MAX if still in flight */
  char kind[24];               /* sim_event_kind_name: "TMA load", "TMA store", "wgmma", ... */
  char what[48];               /* its first memory footprint (sim_fp_str), e.g. "a_bufs[1]" */
} tr_event;

typedef struct tr_step {
  sim_trans t;                 /* as fired */
  uint8_t kind;                /* tr_step_kind */
  uint32_t agent;              /* agent that ran, or the issuing agent of a completed event */
  uint32_t ins;                /* instruction executed (agent) or issuing instruction (event) */
  uint32_t ready;              /* agent steps: the step index at which this op became the
                                  agent's next op (== own index when it did not wait) */
  uint32_t iter;               /* loop iteration: how many times this agent ran `ins` before,
                                  raised to the highest iteration any step of the agent reached
                                  in the same innermost loop (an op skipped by a false predicate
                                  in one iteration does not lag behind); 0 outside loops */
  uint32_t event;              /* TR_S_COMPLETE: the completed event (run->events index) */
  uint32_t ev_first, n_ev;     /* TR_S_ISSUE: events issued by this step (consecutive ids) */
  uint32_t eff_first, n_eff;   /* run->effs of this step */
  int32_t wait_bar;            /* TR_S_WAIT: the barrier, -1 otherwise */
  int32_t wait_parity;         /* TR_S_WAIT: the parity waited for */
  int32_t wait_phase;          /* TR_S_WAIT: the completed phase it observed (-1: the virtual
                                  phase before init, i.e. it passed on a fresh barrier) */
  uint8_t n_viol;              /* violations this step reported */
  sim_viol viol;               /* the first one */
  char obj[48];                /* what it touched: a barrier ("lr[0]") or its first memory
                                  footprint ("a_bufs[1]"); "" when nothing */
  char text[256];              /* sim_log text (detail) */
} tr_step;

/* The replay of a schedule (tr_replay). All arrays are owned by the run. */
typedef struct tr_run {
  sim_machine *m;
  tr_step *steps;
  uint32_t n_steps;
  tr_eff *effs;
  uint32_t n_effs, cap_effs;
  tr_event *events;
  uint32_t n_events, cap_events;
  uint32_t *bar_eff_start;     /* per barrier b: its effects are effs[bar_eff[bar_eff_start[b] ..
                                  bar_eff_start[b+1])], in step order */
  uint32_t *bar_eff;
  uint32_t n_agents;
  uint32_t n_bars;
  tr_outcome out;              /* how the schedule ended */
  void *end;                   /* the state after the last step (sim_state_size bytes) */
  /* Per agent at the end: its next op (running agents), and whether it is blocked (its next
   * op is not enabled; in a stuck state that is forever). */
  bool has_next[SIM_MAX_AGENTS];
  uint32_t next_ins[SIM_MAX_AGENTS];
  char next_obj[SIM_MAX_AGENTS][48];     /* first footprint of the next op ("a_bufs[1]") */
  bool blocked[SIM_MAX_AGENTS];
  uint32_t blocked_ins[SIM_MAX_AGENTS]; /* its next op when blocked */
  uint32_t blocked_since[SIM_MAX_AGENTS]; /* step index it has been waiting since */
  int32_t blocked_bar[SIM_MAX_AGENTS];    /* the mbarrier it waits on, -1 for other waits */
  int32_t blocked_parity[SIM_MAX_AGENTS];
  uint32_t blocked_who[SIM_MAX_AGENTS][SIM_MAX_REL]; /* instructions that could still release it */
  uint8_t n_blocked_who[SIM_MAX_AGENTS];
  char blocked_why[SIM_MAX_AGENTS][256]; /* sim_explain_blocked */
} tr_run;

/* Replays steps[0..n) from sim_init with detailed logs. Stops early (recording the outcome)
 * when a transition is not enabled or a step halts. Returns the run (free with tr_run_free),
 * or NULL with err. */
tr_run *tr_replay(sim_machine *m, const sim_trans *steps, uint32_t n, tr_err *err);
void tr_run_free(tr_run *r);
/* The steps that released wait step `w` (contributions to the phase it observed), into out
 * (room for max); returns their count (possibly more than max: only max are written). */
uint32_t tr_run_releasers(const tr_run *r, uint32_t w, uint32_t *out, uint32_t max);
/* Base name of a path (a pointer into it; "" for NULL). */
const char *tr_basename(const char *path);
/* "kernels.py:75" for an instruction (no column); "?" when unknown. */
char *tr_ins_line(const sim_machine *m, uint32_t ins, char *buf, size_t n);

/* ------------------------------------------------------------------ outputs */

/* Chrome trace event JSON (Perfetto, chrome://tracing): one track per agent and per async
 * engine kind, a slice per step (a blocked wait spans from when it became the agent's next op
 * to when it passed; one schedule step = 1 us), flow arrows from each arrive / async
 * completion to the wait it released, instants for phase completions and for the bug.
 * bug may be NULL. title names the input (may be NULL). Returns 0, or -1 with err. */
int tr_chrome_write(sim_machine *m, const sim_trans *steps, uint32_t n, const sim_viol *bug,
                    const char *title, const char *path, tr_err *err);

/* Output format of a graph, from the path's extension: .svg, .png, .dot (.gv). */
typedef enum tr_gfmt { TR_G_SVG = 1, TR_G_PNG, TR_G_DOT } tr_gfmt;
/* 0 when the extension is none of these. */
int tr_gfmt_of_path(const char *path);

typedef struct tr_graph_opts {
  const char *title;           /* shown on top (the input file name); may be NULL */
  const ir_module *mod;        /* the kernel's module, for warp counts on lanes; may be NULL */
  uint32_t iterations;         /* loop iterations shown per lane; 0 = 2 * deepest ring + 1 */
  const sim_viol *bug;         /* counterexample to highlight, or NULL */
  const uint8_t *relevant;     /* per step: 1 = part of the bug's dependency chain (from
                                  tr_min_relevant); NULL = computed here when bug is set */
} tr_graph_opts;

/* The pipeline schedule graph of a schedule: one swimlane (cluster) per agent, the ops that
 * matter per loop iteration, synchronization edges labelled with barrier, index and phase,
 * async completions dashed; with a bug, its dependency chain in red. Rendered with libgvc to
 * SVG / PNG, or written as DOT, by path's extension. Returns 0, or -1 with err. */
int tr_graph_write(sim_machine *m, const sim_trans *steps, uint32_t n, const tr_graph_opts *o,
                   const char *path, tr_err *err);

/* The barrier protocol graph, derived statically from the IR: partitions and barrier rings as
 * nodes; arrive / expect / wait / async-completion edges with counts and byte sizes; a ring
 * whose arrivals per phase differ from its init count, whose expected bytes differ from the
 * bytes delivered to it, or that nobody arrives on, is drawn in red. fn NULL = the first public
 * function. Returns 0, or -1 with err. */
int tr_protocol_write(const ir_module *mod, const ir_func *fn, const char *title,
                      const char *path, tr_err *err);

/* ------------------------------------------------------------------ minimization */

typedef struct tr_min_stats {
  uint32_t steps_before, steps_after;
  uint32_t switches_before, switches_after; /* changes of the running agent between steps */
  uint32_t replays;            /* schedules replayed to check candidates */
  uint64_t steps_replayed;     /* abstract steps those replays went through (the budget) */
} tr_min_stats;

/* True when replaying steps[0..n) shows `bug` again: a violation of the same kind at the same
 * primary instruction, reported by a step or by check (may be NULL) on the state after a step,
 * or a stuck end state with an agent blocked at bug->ins or at one of bug->rel (a deadlock, or
 * a root cause the explorer names for one, such as a tx-mismatch). */
bool tr_min_reproduces(sim_machine *m, const sim_trans *steps, uint32_t n, const sim_viol *bug,
                       tr_state_check check);

/* Shortens a schedule that reaches bug: cuts it after the bug, regroups steps so agents switch
 * less, and removes steps (delta debugging), keeping only candidates that still reproduce the
 * bug (tr_min_reproduces with check; races need vf_check_race there). out receives the result
 * (at worst the input, cut after the bug). max_replays bounds the work (0 = 4000): at most
 * that many replays, and 128 replayed steps per allowed replay in all (long schedules). Returns 0,
 * or -1 with err (the input does not reproduce the bug). */
int tr_min_schedule(sim_machine *m, const sim_trans *steps, uint32_t n, const sim_viol *bug,
                    tr_state_check check, uint32_t max_replays, tr_sched *out,
                    tr_min_stats *stats, tr_err *err);

/* Marks the steps that matter for bug in keep[0..n) (the caller's): sim_slice's backward
 * closure of the bug over program order and effect dependencies, the steps the report's trace
 * keeps. Returns how many steps are marked (err is kept for callers; never set). */
int tr_min_relevant(sim_machine *m, const sim_trans *steps, uint32_t n, const sim_viol *bug,
                    uint8_t *keep, tr_err *err);

#endif
