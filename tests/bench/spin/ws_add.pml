/* ws_add.pml: the synchronization protocol of tests/corpus/gluon/ws_add.bug0.ttgir (Gluon
 * source: tests/corpus/gluon/kernels.py, section ws_add) in Promela, for SPIN. It is the
 * anchor of docs/performance.md "SPIN anchor": the same protocol explored by SPIN and by
 * tlx-verify (tests/bench/bench_spin.sh).
 *
 * Kernel -> model:
 *   partition "default" (wsadd_compute, 4 warps)  -> proctype Compute
 *   partition 0         (wsadd_load, 1 warp)      -> proctype Load
 *   partition 1         (wsadd_store, 1 warp)     -> proctype Store
 *   the TMA engine's global->shared copies        -> proctype TmaLoads (completes any in-flight
 *                                                    copy, in any order)
 *   the TMA engine's shared->global bulk groups   -> proctype TmaStores (completes the oldest
 *                                                    committed group first: semantics.md 2.2)
 *   le[NB]  (load ring "empty",  count 1)         -> mbar le[NB]
 *   lr[NB]  (load ring "ready",  count 1, expect_tx) -> mbar lr[NB]
 *   ce[NC]  (store ring "empty", count 1)         -> mbar ce[NC]
 *   cr[NC]  (store ring "ready", count 1)         -> mbar cr[NC]
 *   a_bufs / b_bufs [NB] (smem, TMA destinations) -> a_infl/b_infl (copy in flight), a_gen/b_gen
 *                                                    (which ring round the data belongs to)
 *   c_bufs [NC] (smem, TMA store source)          -> c_gen (round written), st_infl (a store
 *                                                    still reading it), c_fenced (written by the
 *                                                    generic proxy and fenced since)
 *   bulk async-groups of the store warp           -> chan sq (committed, not complete groups)
 *   loop counter i of each partition              -> local byte i; trip count ITERS =
 *                                                    cdiv(ynumel, YBLOCK) (32 for ynumel=2048)
 *
 * mbarrier (semantics.md 1): a phase bit, pending arrivals (reset to the count when the phase
 * completes) and a transaction count; the phase completes when both reach 0. wait(b, P)
 * returns once the phase of parity P completed, i.e. while the current parity differs from P.
 * expect = arrive.expect_tx (one arrival plus the bytes, here in units of one TMA box).
 *
 * Properties: deadlock freedom (SPIN's invalid end states: every partition reaches its end,
 * the engines idle at their end labels) and the asserts that stand for tlx-verify's race
 * checks: no read of a TMA destination before its copy landed, no overwrite of a store source
 * that a TMA store still reads, no TMA store of data not fenced into the async proxy, and no
 * TMA write into a buffer the generic proxy read without a fence. -DBUG=N plants the bug of
 * ws_add.bugN.ttgir for N in {1, 2, 5, 8} (checks that the model finds what tlx-verify finds).
 */
#define NB 2
#define NC 2
#ifndef ITERS
#define ITERS 32
#endif
#ifndef BUG
#define BUG 0
#endif
#define BOX 1                 /* one TMA box; expect = 2 boxes (A and B) */

typedef mbar { bit ph; byte pend; byte cnt; byte tx };
mbar le[NB];
mbar lr[NB];
mbar ce[NC];
mbar cr[NC];

bit a_infl[NB], b_infl[NB];   /* TMA load in flight into a_bufs[s] / b_bufs[s] */
short a_gen[NB], b_gen[NB];   /* ring round (1-based) whose data a_bufs[s] / b_bufs[s] hold */
bit ab_fenced[NB];            /* the generic reads of slot s were followed by a proxy fence */
short c_gen[NC];              /* ring round whose result c_bufs[s] holds */
bit c_fenced[NC];             /* c_bufs[s] was fenced after its generic write */
bit st_infl[NC];              /* a TMA store is reading c_bufs[s] */
chan sq = [NC + 1] of { byte }; /* committed bulk groups, oldest first (one store each) */

inline complete(b) {
  if
  :: b.pend == 0 && b.tx == 0 -> b.ph = 1 - b.ph; b.pend = b.cnt
  :: else -> skip
  fi
}
inline arrive(b) { atomic { assert(b.pend > 0); b.pend--; complete(b) } }
inline expect(b, n) { atomic { assert(b.pend > 0); b.tx = b.tx + (n); b.pend--; complete(b) } }
inline bar_wait(b, p) { (b.ph != (p)) } /* p parenthesized: inline is textual */
inline fence() { atomic { ab_fenced[0] = 1; ab_fenced[1] = 1; c_fenced[0] = 1; c_fenced[1] = 1 } }

proctype Load() {             /* partition 0: wsadd_load */
  short i = 0;               /* the loop counter (ITERS up to 32767) */
  do
  :: i < ITERS ->
#if BUG == 1
     bar_wait(le[i % NB], (i / NB) & 1);       /* parity ph instead of ph ^ 1 */
#else
     bar_wait(le[i % NB], 1 - ((i / NB) & 1));
#endif
     expect(lr[i % NB], 2 * BOX);
     atomic { assert(ab_fenced[i % NB] && !a_infl[i % NB]); a_infl[i % NB] = 1 } /* TMA A */
     atomic { assert(ab_fenced[i % NB] && !b_infl[i % NB]); b_infl[i % NB] = 1 } /* TMA B */
     i++
  :: else -> break
  od
}

proctype Compute() {          /* default partition: wsadd_compute */
  short i = 0;               /* the loop counter (ITERS up to 32767) */
  do
  :: i < ITERS ->
     bar_wait(lr[i % NB], (i / NB) & 1);
     atomic { assert(!a_infl[i % NB] && a_gen[i % NB] == i / NB + 1); ab_fenced[i % NB] = 0 } /* load a */
     atomic { assert(!b_infl[i % NB] && b_gen[i % NB] == i / NB + 1); ab_fenced[i % NB] = 0 } /* load b */
     fence();
#if BUG != 2
     arrive(le[i % NB]);
#endif
     bar_wait(ce[i % NC], 1 - ((i / NC) & 1));
     atomic { assert(!st_infl[i % NC]); c_gen[i % NC] = i / NC + 1; c_fenced[i % NC] = 0 } /* store c */
#if BUG != 5
     fence();
#endif
     arrive(cr[i % NC]);
     i++
  :: else -> break
  od
}

proctype Store() {            /* partition 1: wsadd_store */
  short i = 0;               /* the loop counter (ITERS up to 32767) */
  do
  :: i < ITERS ->
     bar_wait(cr[i % NC], (i / NC) & 1);
     atomic {                 /* TMA store of c_bufs[i % NC], committed as one bulk group */
       assert(c_fenced[i % NC] && c_gen[i % NC] == i / NC + 1);
       st_infl[i % NC] = 1;
       sq ! (i % NC)
     }
#if BUG == 8
     arrive(ce[i % NC]);      /* releases the buffer the store still reads */
#else
     (len(sq) <= NC - 1);     /* store_wait(NC - 1) */
     if
     :: i >= NC - 1 -> arrive(ce[(i - (NC - 1)) % NC])
     :: else -> skip          /* the arrive's predicate i >= OUTSTANDING is false */
     fi;
#endif
     i++
  :: else -> break
  od;
  (len(sq) == 0)              /* store_wait(0) */
}

proctype TmaLoads() {         /* completes one in-flight copy: data lands, complete_tx */
end:
  do
  :: atomic { a_infl[0] -> a_infl[0] = 0; a_gen[0]++; lr[0].tx = lr[0].tx - BOX; complete(lr[0]) }
  :: atomic { a_infl[1] -> a_infl[1] = 0; a_gen[1]++; lr[1].tx = lr[1].tx - BOX; complete(lr[1]) }
  :: atomic { b_infl[0] -> b_infl[0] = 0; b_gen[0]++; lr[0].tx = lr[0].tx - BOX; complete(lr[0]) }
  :: atomic { b_infl[1] -> b_infl[1] = 0; b_gen[1]++; lr[1].tx = lr[1].tx - BOX; complete(lr[1]) }
  od
}

proctype TmaStores() {        /* completes the oldest bulk group: the store no longer reads */
  byte s;
end:
  do
  :: atomic { sq ? s -> st_infl[s] = 0; s = 0 }
  od
}

init {
  atomic {
    byte k;
    for (k : 0 .. NB - 1) {
      le[k].cnt = 1; le[k].pend = 1;
      lr[k].cnt = 1; lr[k].pend = 1;
      ab_fenced[k] = 1
    }
    for (k : 0 .. NC - 1) {
      ce[k].cnt = 1; ce[k].pend = 1;
      cr[k].cnt = 1; cr[k].pend = 1
    }
    k = 0;
    run Compute(); run Load(); run Store(); run TmaLoads(); run TmaStores()
  }
}
