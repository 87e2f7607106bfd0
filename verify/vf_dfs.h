/* vf_dfs.h: private to vf_explore.c and vf_par.c: one depth-first searcher (its stack of
 * frames and states, its reduction memo, its results), and what the searchers of a
 * multi-threaded search share. A searcher owns everything in it except the machine, the
 * options and the shared part.
 * Ownership: a searcher's frames, states and paths are its own (vf_dfs_free); it borrows the
 * machine, the options and the shared part. */
#ifndef TLXV_VF_DFS_H
#define TLXV_VF_DFS_H

#include <pthread.h>

#include "vf.h"
#include "vf_por.h"
#include "sim/sim_canon.h"
#include "sim/sim_sym.h"

typedef struct frame {
  uint8_t *st;                 /* the state (its used bytes; the next state starts after them) */
  uint32_t chunk;              /* the chunk it lies in */
  sim_trans t[SIM_MAX_TRANS];  /* transitions to explore from this state (ample set) */
  uint8_t n, next;
  uint8_t reduced;             /* n < enabled transitions: fully expanded on a cycle (C3) */
  sim_trans taken;             /* the transition that reached this state */
  sim_hash128 h;               /* the state's hash */
  uint8_t npre;                /* t[0..npre) were stepped ahead (step_ahead, vf_explore.c): their
                                  successors' keys are pre[pre_at..pre_at+npre) of the searcher */
  uint32_t pre_at;
} frame;

/* A transition stepped ahead of its turn (vf_explore.c step_ahead): the key of its successor
 * and how it may be used. */
typedef struct pre_ent {
  sim_hash128 h;               /* the successor's key (state_key) */
  uint8_t kind;                /* PRE_RAW: step it as usual (it violated, hit a bound, wrote
                                  global memory or halted: effects to record in turn);
                                  PRE_KEY: only h is kept; PRE_PLACED: the successor is also
                                  in place above the frame's state (place_next) */
  uint8_t sym;                 /* h is a symmetric key (state_key's choice then) */
} pre_ent;
enum { PRE_RAW, PRE_KEY, PRE_PLACED };

/* The states on a one-thread DFS stack (vf_onstack.c): the cycle proviso asks whether a
 * revisited state is on the stack. Owns its slots. */
typedef struct vf_onstack {
  sim_hash128 *slots;          /* keys; lo == 0: empty */
  uint64_t cap, n;             /* cap: power of two, at most half full */
} vf_onstack;
void vf_onstack_init(vf_onstack *s);
void vf_onstack_free(vf_onstack *s);
void vf_onstack_add(vf_onstack *s, sim_hash128 h);      /* h is not in s */
void vf_onstack_remove(vf_onstack *s, sim_hash128 h);   /* h is in s */
bool vf_onstack_has(const vf_onstack *s, sim_hash128 h);

/* Work handed from one searcher to an idle one (vf_par.c): the transitions still to explore
 * from a state of the giver's stack. */
typedef struct vf_work {
  uint8_t *st;                 /* the state (sim_state_size bytes, malloc'd) */
  sim_hash128 h;
  sim_trans t[SIM_MAX_TRANS];  /* its transitions not yet explored */
  uint8_t n, reduced;
  sim_trans *prefix;           /* malloc'd: the schedule from the initial state to it */
  uint32_t n_prefix;
} vf_work;

/* What the searchers of one multi-threaded search share (vf_par.c). */
typedef struct vf_shared {
  vf_table *seen;              /* the shared visited table */
  pthread_mutex_t mu;          /* guards the fields below it */
  pthread_cond_t cv;           /* work arrived, or the search ended */
  vf_work *q;                  /* work given away, taken last in first out */
  uint32_t n_q, cap_q;
  uint32_t idle;               /* searchers waiting for work */
  uint32_t n_workers;
  int hungry;                  /* (atomic) a searcher waits for work: give some away */
  int stop;                    /* (atomic) end the search: done, a bound, or outside the contract */
  uint64_t states;             /* (atomic) states of every searcher */
  pthread_mutex_t gw_mu;       /* serializes vf_gwset_note */
} vf_shared;

typedef struct dfs {
  sim_machine *m;
  const vf_opts *o;
  vf_result *res;
  vf_shared *sh;               /* NULL: a search of one thread */
  bool c3;                     /* the cycle proviso is in force (the reduction, one thread: several
                                  threads search only graphs without cycles, vf_par.c); the
                                  stack's states are then in `onstack` */
  vf_onstack onstack;          /* the states on the stack (c3 only) */
  size_t ssz;
  frame *fr;
  uint8_t **chunks;            /* the states of the stack, packed: each one takes its used bytes
                                  (sim_state_used), rounded to 8; a state never straddles two
                                  chunks; chunks never move (no copy when the stack grows) */
  uint32_t n_chunks;
  size_t chunk_bytes;          /* bytes per chunk (>= 2 states of full size) */
  uint32_t depth, cap;
  const sim_trans *prefix;     /* the schedule from the initial state to frame 0's state (work
                                  taken from another searcher; not owned), n_prefix steps */
  uint32_t n_prefix;
  sim_trans *path;             /* scratch path for bug reports, path_cap entries */
  uint32_t path_cap;
  vf_table *seen;              /* visited states (shared in a multi-threaded search) */
  sim_hash128 *recent;         /* a shared table's: this searcher's cache in front of it
                                  (vf_table_insert_cached; VF_RECENT entries); NULL: one thread */
  vf_por *por;
  sim_canon *canon;            /* state canonicalization (NULL: none, --no-reduction) */
  sim_sym *sym;                /* symmetry reduction (NULL: none) */
  void *spare;                 /* a state's room for full_log */
  sim_log full;                /* full_log's log */
  uint64_t tick;               /* transitions fired: the clock and the work-sharing check */
  bool ahead;                  /* step_ahead in use (one thread: the table is prefetched) */
  pre_ent *pre;                /* stepped-ahead keys of the frames, a stack (frame.pre_at) */
  uint32_t pre_cap;
  void *scratch;               /* step_ahead's successors: state k (>= 1) at k * ssz_al */
  uint32_t n_scratch;          /* states it has room for */
  uint32_t scratch_of;         /* the depth of the frame whose successors they are */
  size_t ssz_al;               /* ssz rounded up to a cache line */
  sim_log alog;                /* step_ahead's log (terse) */
} dfs;

/* Sets up a searcher (sh may be NULL); vf_dfs_free releases what it allocated. */
void vf_dfs_init(dfs *d, sim_machine *m, const vf_opts *o, vf_result *res, vf_table *seen, vf_shared *sh);
void vf_dfs_free(dfs *d);
/* Searches from the initial state (0, or -1 when it cannot be built: res says why). */
int vf_dfs_root(dfs *d);
/* Searches the transitions of w (its state is already visited and checked). */
void vf_dfs_work(dfs *d, const vf_work *w);
/* The multi-threaded search (vf_par.c): o->threads searchers on one shared table. */
int vf_par_explore(sim_machine *m, const vf_opts *o, vf_result *res);
/* Gives the bottom-most transitions still to explore to the shared queue (vf_par.c). */
void vf_par_give(dfs *d);

#endif
