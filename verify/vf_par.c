/* vf_par.c: the multi-threaded search: N searchers (vf_dfs.h), each a depth-first search on
 * its own stack with its own machine (sim_machine_worker) and reduction memo, sharing one
 * visited table (vf_table_new_shared). An idle searcher raises `hungry`; a busy one gives it
 * the transitions still to explore of the bottom-most frame of its stack (a state near the
 * root: a large subtree), with the schedule that reaches it. The search ends when every
 * searcher waits and no work is left, or when one stops it (a bound, inputs outside the
 * contract).
 *
 * Only for state graphs without cycles (sim_may_cycle false; vf_explore runs the others on
 * one thread): there the reduction needs no cycle proviso, and every state is expanded once,
 * by the searcher that inserted it, with its persistent set (a function of the state), so
 * the searchers explore exactly the states and transitions of one searcher, whatever their
 * order; only which schedule shows a bug may vary (docs/verifier.md §2, "Threads"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vf_dfs.h"
#include "sim/sim_size.h"

typedef struct worker {
  vf_shared *sh;
  dfs d;
  sim_machine *m;              /* its own (sim_machine_worker), or the caller's for worker 0 */
  vf_result res;
  bool root;                   /* starts from the initial state */
  int rc;
} worker;

void vf_par_give(dfs *d) {
  vf_shared *sh = d->sh;
  uint32_t k = 0;
  while (k <= d->depth && d->fr[k].next >= d->fr[k].n) k++;
  /* the frame being expanded keeps at least one transition of its own */
  if (k > d->depth || (k == d->depth && d->fr[k].n - d->fr[k].next < 2)) return;
  frame *f = &d->fr[k];
  vf_work w = {.h = f->h, .reduced = f->reduced, .n_prefix = d->n_prefix + k};
  uint8_t give = (uint8_t)(f->n - f->next);
  if (k == d->depth) give /= 2; /* the top frame: half of what is left */
  w.n = give;
  memcpy(w.t, f->t + f->n - give, give * sizeof *w.t);
  w.st = ir_xmalloc(d->ssz, 1);
  memcpy(w.st, f->st, sim_state_used(d->m, f->st));
  w.prefix = ir_xmalloc(w.n_prefix + 1, sizeof *w.prefix);
  if (d->n_prefix) memcpy(w.prefix, d->prefix, d->n_prefix * sizeof *w.prefix); /* NULL when empty */
  for (uint32_t j = 1; j <= k; j++) w.prefix[d->n_prefix + j - 1] = d->fr[j].taken;
  f->n = (uint8_t)(f->n - give);
  pthread_mutex_lock(&sh->mu);
  if (sh->n_q == sh->cap_q) {
    sh->cap_q = sh->cap_q ? 2 * sh->cap_q : 16;
    sh->q = ir_xrealloc(sh->q, sh->cap_q, sizeof *sh->q);
  }
  sh->q[sh->n_q++] = w;
  /* still hungry while more searchers wait than work waits */
  __atomic_store_n(&sh->hungry, sh->idle > sh->n_q, __ATOMIC_RELAXED);
  pthread_cond_signal(&sh->cv);
  pthread_mutex_unlock(&sh->mu);
}

/* The next work, or false when the search is over. */
static bool take(vf_shared *sh, vf_work *out) {
  pthread_mutex_lock(&sh->mu);
  for (;;) {
    if (__atomic_load_n(&sh->stop, __ATOMIC_RELAXED)) break;
    if (sh->n_q) {
      *out = sh->q[--sh->n_q];
      pthread_mutex_unlock(&sh->mu);
      return true;
    }
    if (++sh->idle == sh->n_workers) { /* nobody has work left: done */
      __atomic_store_n(&sh->stop, 1, __ATOMIC_RELAXED);
      pthread_cond_broadcast(&sh->cv);
      break;
    }
    __atomic_store_n(&sh->hungry, 1, __ATOMIC_RELAXED);
    pthread_cond_wait(&sh->cv, &sh->mu);
    sh->idle--;
  }
  pthread_cond_broadcast(&sh->cv);
  pthread_mutex_unlock(&sh->mu);
  return false;
}

static void *run_worker(void *arg) {
  worker *wk = arg;
  if (wk->root) wk->rc = vf_dfs_root(&wk->d);
  vf_work w;
  while (take(wk->sh, &w)) {
    vf_dfs_work(&wk->d, &w);
    free(w.st);
    free(w.prefix);
  }
  return NULL;
}

int vf_par_explore(sim_machine *m, const vf_opts *o, vf_result *res) {
  uint32_t n = o->threads > 256 ? 256 : o->threads;
  vf_shared sh = {.n_workers = n};
  sh.seen = vf_table_new_shared(n);
  pthread_mutex_init(&sh.mu, NULL);
  pthread_cond_init(&sh.cv, NULL);
  pthread_mutex_init(&sh.gw_mu, NULL);
  worker *w = ir_xcalloc(n, sizeof *w);
  double t0 = vf_now_s();
  for (uint32_t k = 0; k < n; k++) {
    w[k].sh = &sh;
    w[k].m = k ? sim_machine_worker(m) : m;
    w[k].root = k == 0;
    w[k].res.cur_run = res->cur_run;
    vf_dfs_init(&w[k].d, w[k].m, o, &w[k].res, sh.seen, &sh);
  }
  pthread_t *th = ir_xcalloc(n, sizeof *th);
  uint32_t started = 1;
  for (uint32_t k = 1; k < n; k++)
    if (!pthread_create(&th[k], NULL, run_worker, &w[k])) started++;
    else w[k].sh = NULL; /* no thread: the others do its share */
  if (started < n) { /* a searcher that could not start is not waited for */
    pthread_mutex_lock(&sh.mu);
    sh.n_workers = started;
    pthread_mutex_unlock(&sh.mu);
  }
  run_worker(&w[0]);
  for (uint32_t k = 1; k < n; k++)
    if (w[k].sh) pthread_join(th[k], NULL);
  /* every work item was taken (the search ended with an empty queue) or the search stopped */
  for (uint32_t k = 0; k < sh.n_q; k++) {
    free(sh.q[k].st);
    free(sh.q[k].prefix);
  }
  size_t bytes = vf_table_bytes(sh.seen);
  for (uint32_t k = 0; k < n; k++) {
    bytes += (size_t)w[k].d.n_chunks * w[k].d.chunk_bytes + (size_t)w[k].d.cap * sizeof(frame);
    w[k].res.st.seconds = 0;
    vf_result_merge(res, m, &w[k].res);
    vf_result_free(&w[k].res);
    vf_dfs_free(&w[k].d);
    if (k) sim_machine_free(w[k].m);
  }
  res->st.seconds = vf_now_s() - t0;
  if (bytes > res->st.peak_bytes) res->st.peak_bytes = bytes;
  int rc = w[0].rc;
  free(sh.q);
  free(th);
  free(w);
  vf_table_free(sh.seen);
  pthread_mutex_destroy(&sh.mu);
  pthread_cond_destroy(&sh.cv);
  pthread_mutex_destroy(&sh.gw_mu);
  return rc;
}
