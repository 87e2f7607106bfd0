/* vf_explain.h: the search behind `tlx-verify explain` (cli/cli_explain.c): a
 * breadth-first search over a machine's reachable states for one that matches an
 * observation (obs.h), with the shortest schedule to it, or the closest states when none
 * matches, and the halting bugs met on the way. Ownership: a vf_xresult owns its paths and
 * bugs (vf_xresult_free). */
#ifndef TLXV_VF_EXPLAIN_H
#define TLXV_VF_EXPLAIN_H

#include "obs.h"
#include "vf.h"

enum { VF_X_CLOSE = 3 };

typedef struct vf_xgoal {
  const obs_agent *want[SIM_MAX_AGENTS]; /* per machine agent: its observation, NULL = any */
  uint32_t n_want;             /* observed agents */
  bool terminal;               /* the state must be stuck (nothing enabled, not final): no
                                  agent was observed running */
} vf_xgoal;

typedef struct vf_xpath {
  sim_trans *steps;            /* owned */
  uint32_t n;
  uint32_t score;              /* observed agents that match there */
} vf_xpath;

/* Per observed agent, what the search saw (the closest-state diagnosis). */
typedef struct vf_xseen {
  bool has_op;                 /* some instruction of the kernel is at an observed line */
  bool at_line;                /* it sat at such an instruction in some state */
  bool blocked_at_line;        /* ... blocked there */
  bool matched;                /* ... with the barrier facts matching (or in the exited /
                                  running state observed) */
} vf_xseen;

/* Halting bugs: the violations that end a path in the model (tx-mismatch, over-arrival,
 * lifecycle, ...; sim_log.halt). The hardware runs past them into states the model leaves
 * undefined, so a hang they lead to is not reachable in the search; explain names them
 * instead. A bug fits the observation when, in the state before the step that reports it,
 * every observed agent can still get where it was seen by the kernel's control flow (at its
 * observed line or at one its code reaches from its position; an agent seen exited or
 * running: one that is not finished, or any for exited). */
typedef struct vf_xresult {
  bool found;
  vf_xpath match;              /* found: the shortest schedule to a matching state */
  vf_xpath close[VF_X_CLOSE];  /* not found: the closest states (most agents matching, then
                                  shortest), distinct agent positions */
  uint32_t n_close;
  vf_xseen seen[SIM_MAX_AGENTS];
  vf_result fit;               /* halting bugs met on a path that fits the observation, each
                                  with its shortest schedule (its last step reports it) */
  vf_result other;             /* the other halting bugs met (none also in fit) */
  bool reduced;                /* the partial-order reduction was used */
  bool bound_hit;
  char bound_why[256];
  uint64_t states;
  double seconds;
} vf_xresult;

/* Whether agent a in st is as observed (ob); *at_line / *blocked report the parts. */
bool vf_xagent_matches(sim_machine *m, const void *st, uint32_t a, const obs_agent *ob,
                       const sim_trans *en, int n_en, bool *at_line, bool *blocked);
/* Whether instruction ins sits at one of ob's lines (file names compared by base name). */
bool vf_xins_at(const sim_machine *m, uint32_t ins, const obs_agent *ob);
/* The search (bounds: o->max_states, o->deadline). With g->terminal the reduction is used:
 * every deadlock state stays reachable (docs/verifier.md §4), with a shortest path (a
 * persistent-set search reorders a path without making it longer). */
int vf_explain_search(sim_machine *m, const vf_xgoal *g, const vf_opts *o, vf_xresult *r);
void vf_xresult_free(vf_xresult *r);

#endif
