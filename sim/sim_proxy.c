/* sim_proxy.c: proxy-fence bookkeeping (semantics.md §2.3): per agent, its generic accesses
 * to memory the async proxy also touches that no fence.proxy.async of its own followed yet;
 * an async access overlapping one that the agent already published (released) is reported,
 * unless the async op's own agent acquired that access and fenced after the acquire.
 *
 * Who must fence. The PTX ISA states no rule for fence.proxy.async in its memory model
 * (§8.9.5 "proxy-preserved base causality order" has bullets for the generic proxy, one proxy
 * within a thread block and alias fences only; the fence section says proxy fences "compose
 * with other forms of synchronization according to the rules of the Memory Consistency Model").
 * The mixed-proxy formalisation (Lustig et al., ISCA 2022, NVIDIA) orders X before Y across
 * proxies when a proxy fence lies on the base causality path from X to Y in the same CTA, and
 * Triton's ConSan (triton-lang #10668: proxy accesses transferred through barriers, the
 * waiter's fence_async_shared fences them, TritonGPU/consan.mlir
 * proxy_fence_state_transitions) accepts a fence of the thread that waited. So both a fence
 * of the writer after its access (before its release) and a fence of the reader after its
 * acquire (before its async op) order the pair; until session 35 only the first was accepted
 * here, a false alarm on a reader-side fence. A fence of a third thread on the path (acquire,
 * fence, release to the reader) is not followed: still reported. */
#include <stdio.h>

#include "sim_internal.h"

/* Canonical order of the list: by allocation, CTA, offset, flags, instruction. */
static int uf_cmp(const sim_uf *a, const sim_uf *b) {
  if (a->fp.alloc != b->fp.alloc) return a->fp.alloc < b->fp.alloc ? -1 : 1;
  if (a->fp.cta != b->fp.cta) return a->fp.cta < b->fp.cta ? -1 : 1;
  if (a->fp.off != b->fp.off) return a->fp.off < b->fp.off ? -1 : 1;
  if (a->fp.flags != b->fp.flags) return a->fp.flags < b->fp.flags ? -1 : 1;
  if (a->ins != b->ins) return a->ins < b->ins ? -1 : 1;
  return 0;
}

void sim_uf_note(sim_machine *m, void *st, uint32_t a, const sim_fp *f, uint32_t ins) {
  if (!m->proxy_track || !f->alloc || !m->allocs[f->alloc].async_used) return;
  sim_uf *u = st_uf(m, st, a);
  sim_uf e = {.fp = *f, .ins = ins};
  e.fp.flags &= SIM_FP_WRITE | SIM_FP_TMEM;
  int n = 0;
  while (n < SIM_UF_CAP && u[n].fp.alloc) n++;
  for (int k = 0; k < n; k++)
    if (!memcmp(&u[k].fp.off, &e.fp.off, sizeof e.fp - offsetof(sim_fp, off)) && u[k].fp.alloc == e.fp.alloc &&
        u[k].fp.cta == e.fp.cta && (u[k].fp.flags & SIM_FP_WRITE) == (e.fp.flags & SIM_FP_WRITE)) {
      u[k] = e; /* the same access again: unpublished again */
      goto sort;
    }
  if (n == SIM_UF_CAP) n--; /* full: forget the last one (a missed report, never a false one) */
  u[n++] = e;
sort:
  for (int k = 1; k < n; k++)
    for (int j = k; j > 0 && uf_cmp(&u[j - 1], &u[j]) > 0; j--) {
      sim_uf t = u[j];
      u[j] = u[j - 1];
      u[j - 1] = t;
    }
}

/* Agent a records acquires and covers what it acquired (sim_analysis.c uf_fencers): its role's
 * code can fence and then issue an async-proxy op. No other agent's bit is ever read. */
static bool fencer(const sim_machine *m, uint32_t a) {
  return (m->uf_fencers >> m->agents[a].local) & 1;
}

void sim_uf_clear(sim_machine *m, void *st, uint32_t a) {
  if (!m->proxy_track) return;
  memset(st_uf(m, st, a), 0, SIM_UF_CAP * sizeof(sim_uf));
  if (!fencer(m, a)) return; /* it acquired nothing */
  uint32_t me = 1u << a;
  for (uint32_t b = 0; b < m->n_agents; b++) {
    if (b == a) continue;
    sim_uf *u = st_uf(m, st, b);
    for (int k = 0; k < SIM_UF_CAP && u[k].fp.alloc; k++)
      if (u[k].acq & me) u[k].cov |= me;
  }
}

/* Agent a's listed accesses (only its cp.async writes when cp_only) released to obj. */
static void publish(sim_machine *m, void *st, uint32_t a, uint32_t obj, bool cp_only) {
  if (!m->proxy_track) return;
  sim_uf *u = st_uf(m, st, a);
  for (int k = 0; k < SIM_UF_CAP && u[k].fp.alloc; k++)
    if (!cp_only || m->code[u[k].ins].code == IR_OP_TTG_ASYNC_COPY_G2L) {
      u[k].fp.flags |= SIM_FP_PUBLISHED;
      u[k].pub |= obj;
    }
}

void sim_uf_publish(sim_machine *m, void *st, uint32_t a, uint32_t obj) {
  publish(m, st, a, obj, false);
}

void sim_uf_publish_cp(sim_machine *m, void *st, uint32_t a, uint32_t obj) {
  publish(m, st, a, obj, true);
}

void sim_uf_acquire(sim_machine *m, void *st, uint32_t r, uint32_t obj) {
  if (!m->proxy_track || !fencer(m, r)) return;
  uint32_t me = 1u << r;
  for (uint32_t b = 0; b < m->n_agents; b++) {
    if (b == r) continue;
    sim_uf *u = st_uf(m, st, b);
    for (int k = 0; k < SIM_UF_CAP && u[k].fp.alloc; k++)
      if ((u[k].fp.flags & SIM_FP_PUBLISHED) && (u[k].pub & obj)) u[k].acq |= me;
  }
}

void sim_uf_check_async(sim_machine *m, void *st, uint32_t issuer, const sim_fp *f, uint32_t ins,
                        sim_log *log) {
  if (!m->proxy_track) return;
  for (uint32_t b = 0; b < m->n_agents; b++) {
    const sim_uf *u = st_cuf(m, st, b);
    for (int k = 0; k < SIM_UF_CAP && u[k].fp.alloc; k++) {
      bool gw = (u[k].fp.flags & SIM_FP_WRITE) != 0, aw = (f->flags & SIM_FP_WRITE) != 0;
      if (!gw && !aw) continue;          /* read / read */
      if (!gw && b == issuer) continue;  /* own generic read, then own async write: program order */
      if (b != issuer && !(u[k].fp.flags & SIM_FP_PUBLISHED)) continue; /* unordered: a race */
      if (b != issuer && ((u[k].cov >> issuer) & 1)) continue; /* the issuer's fence after its acquire */
      if (!sim_fp_overlap(&u[k].fp, f)) continue;
      char fp[96];
      sim_fp_str(m, f, fp, sizeof fp);
      /* a cp.async write (sim_events.c): the fence must follow its cp.async wait */
      const char *fmt =
          !gw ? "generic-proxy read of %s by %s is followed by an async-proxy write without a "
                "fence.proxy.async (fence_async_shared) after the read (§2.3)"
          : m->code[u[k].ins].code == IR_OP_TTG_ASYNC_COPY_G2L
              ? "cp.async write of %s by %s (a generic-proxy write, PTX ISA cp.async) is read by "
                "the async proxy without a fence.proxy.async (fence_async_shared) after the "
                "cp.async wait (§2.3; Triton inserts it from upstream PR #9610 on, 3.6.0 does not)"
              : "generic-proxy write of %s by %s is read by the async proxy without a "
                "fence.proxy.async (fence_async_shared) between them (§2.3)";
      sim_viol *v = sim_viol_add(log, SIM_BUG_PROXY_FENCE, (int)b, u[k].ins, fmt, fp, m->agents[b].name);
      sim_viol_rel(v, ins, b == issuer ? (aw ? "async write issued here" : "async read issued here")
                   : aw ? "async write issued here (a fence of this thread after the wait that "
                          "acquires the access would also order it)"
                        : "async read issued here (a fence of this thread after the wait that "
                          "acquires the write would also order it)");
      /* not halted: a missing proxy fence changes no control or barrier state, and the path
       * goes on to the bugs after it (consan_100_mma_read_local_alloc_write.0: the race of the
       * next iteration); the same pair again on this path is one report (vf_result_keeps) */
      return;
    }
  }
}
