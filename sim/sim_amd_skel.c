/* sim_amd_skel.c: the AMD wave model over a disassembled gfx9 kernel (sim_amd_skel.h).
 *
 * Instructions kept (CDNA3 / CDNA4 ISA, semantics.md §8.1):
 *  - LDS accesses (ds_read* / ds_write* / other ds_* with memory) enter the wave's lgkm queue;
 *    ds_bpermute / ds_permute / ds_swizzle use the queue but no LDS memory;
 *  - scalar memory (s_load*, s_buffer_load*, s_memtime, ...) enters the lgkm queue and completes
 *    out of order [CDNA3 ISA S_WAITCNT: "lgkm_cnt ... SMEM can return out of order"];
 *  - vector memory (global_*, buffer_*, ...) enters the vm queue, in order; the LDS DMA forms
 *    (global_load_lds_*, buffer_load_* ... lds) are LDS writes completed by vmcnt
 *    [AMDGPUUsage "LDS DMA"];
 *  - s_waitcnt vmcnt(N) / lgkmcnt(N) retire the oldest entries until N remain (lgkmcnt(N > 0)
 *    retires only LDS entries, oldest first: SMEM may be what completed);
 *  - s_barrier: one generation per workgroup; it orders an access of one wave before the
 *    accesses of other waves after the barrier only when the access completed (was waited
 *    for) before it [CDNA4 ISA S_BARRIER: "Barrier instructions do not wait for any counters
 *    to go to zero"; AMDGPUUsage "Memory Model GFX942": s_waitcnt lgkmcnt(0) is required to
 *    synchronize LDS operations between wavefronts];
 *  - branches (s_branch, s_cbranch_*), s_endpgm.
 *
 * The waves run the same code; scalar branches are taken alike by every wave (Triton's loops
 * and ifs branch on uniform values), so between two consecutive barriers every wave runs the
 * same stretch ("interval"). An LDS access of one wave is then unordered with respect to the
 * accesses other waves make in the same interval, and with those of the next interval when it
 * was still outstanding at the barrier. The set H of access kinds a wave's interval has open
 * is therefore: what it issued since the last barrier, plus what was outstanding at that
 * barrier. Reported:
 *  - a read while H holds an LDS write (RAW) / a write while H holds a read (WAR): `race`, or
 *    `amd.race.lds-unwaited` when the write was only open because no s_waitcnt retired it
 *    before the barrier;
 * Not reported: two writes in one interval (the waves of one local_store write different
 * bytes of the same buffer, which a skeleton without addresses cannot tell from a bug).
 * Inconclusive: a read or write while LDS DMA is open (pipelined copies write other buffers
 * while the current one is read; the skeleton cannot tell them apart), an s_barrier behind a
 * branch on the exec mask (waves may disagree: cond_barrier), indirect branches, flat
 * accesses (they may be LDS), or more than SK_MAX_STATES states at one instruction. */
#include "sim_amd_skel.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  SK_VM_CAP = 63,      /* vmcnt is 6 bits: issue stalls at 63 outstanding [CDNA3 ISA S_WAITCNT] */
  SK_LG_CAP = 15,      /* lgkmcnt is 4 bits */
  SK_MAX_STATES = 256, /* distinct states kept per instruction */
  SK_MAX_REPORTS = 8,  /* diagnostics printed per verdict kind */
};

/* What an instruction does in the skeleton. */
typedef enum sk_kind {
  SK_NONE,     /* no effect on queues, barriers or control */
  SK_LDS_R,    /* LDS read (lgkm) */
  SK_LDS_W,    /* LDS write (lgkm) */
  SK_LDS_RW,   /* LDS atomic (lgkm) */
  SK_LGKM,     /* lgkm without LDS memory (ds_bpermute, ...) */
  SK_SMEM,     /* scalar memory (lgkm, out of order) */
  SK_VM,       /* vector memory to registers / global memory (vm) */
  SK_DMA,      /* LDS DMA: an LDS write completed by vmcnt */
  SK_FLAT,     /* flat: vm and lgkm, may be LDS */
  SK_WAIT,     /* s_waitcnt */
  SK_BARRIER,  /* s_barrier */
  SK_BRANCH,   /* s_branch: target only */
  SK_CBRANCH,  /* s_cbranch_*: target and fall-through */
  SK_END,      /* s_endpgm */
  SK_INDIRECT, /* s_setpc / s_swappc / s_cbranch_join: unknown successors */
} sk_kind;

typedef struct sk_ins {
  sk_kind kind;
  uint64_t addr;       /* byte address (the objdump comment) */
  uint64_t target;     /* branches: target address */
  int32_t tix;         /* branches: target instruction index (-1 until resolved) */
  int vm, lg;          /* SK_WAIT: counts (-1 = no wait on that counter) */
  bool exec_branch;    /* s_cbranch_execz / execnz: the condition is per wave */
  const char *text;    /* the instruction as printed (mnemonic and operands), in the arena */
  int sym;             /* function index */
  int line;            /* line of the disassembly text (1-based) */
} sk_ins;

typedef struct sk_func {
  char *name;
  uint64_t addr;
  int first, n;        /* instructions [first, first + n) */
} sk_func;

/* The per-wave model at one program point. Queues hold entry kinds (SK_LDS_*, SK_LGKM,
 * SK_SMEM in lg; SK_VM, SK_DMA in vm), oldest first. h: what the wave's interval has open
 * (H_*); the *_at fields say which instruction opened it (for the diagnostic). */
enum { H_R = 1, H_W = 2, H_DMA = 4, H_WSPILL = 8 /* H_W only because of an unwaited write */ };
typedef struct sk_state {
  uint8_t nvm, nlg, h, pad;
  uint8_t vm[SK_VM_CAP + 1], lg[SK_LG_CAP + 1];
  int32_t vm_at[SK_VM_CAP + 1], lg_at[SK_LG_CAP + 1]; /* issuing instruction of each entry */
  int32_t r_at, w_at, bar_at;                         /* first open read / write; last barrier */
} sk_state;

typedef struct sk_ctx {
  const char *what;
  sk_ins *ins;
  int nins, cap;
  sk_func *fn;
  int nfn, capfn;
  char **strs;         /* instruction texts (freed at the end) */
  int nstrs, capstrs;
  FILE *out;
  bool bug, inconc, input;
  int nbug, ninc;
  uint8_t *reported;   /* per instruction: already reported */
} sk_ctx;

/* ------------------------------------------------------------------ parsing */

static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static sk_kind classify(const char *mn, const char *ops, sk_ins *in) {
  if (starts(mn, "ds_")) {
    if (starts(mn, "ds_bpermute") || starts(mn, "ds_permute") || starts(mn, "ds_swizzle") || starts(mn, "ds_nop"))
      return SK_LGKM;
    if (starts(mn, "ds_read") || starts(mn, "ds_load")) return SK_LDS_R;
    if (starts(mn, "ds_write") || starts(mn, "ds_store")) return SK_LDS_W;
    return SK_LDS_RW;
  }
  if (starts(mn, "s_load") || starts(mn, "s_buffer_") || starts(mn, "s_store") || starts(mn, "s_atomic") ||
      starts(mn, "s_scratch_") || starts(mn, "s_memtime") || starts(mn, "s_memrealtime") || starts(mn, "s_dcache"))
    return SK_SMEM;
  if (starts(mn, "global_load_lds")) return SK_DMA;
  if (starts(mn, "buffer_") || starts(mn, "global_") || starts(mn, "scratch_") || starts(mn, "tbuffer_")) {
    /* buffer_load_* ... lds: the LDS DMA form (the last operand word is "lds") */
    size_t k = strlen(ops);
    while (k && ops[k - 1] == ' ') k--;
    if (starts(mn, "buffer_load") && k >= 3 && !strncmp(ops + k - 3, "lds", 3) && (k == 3 || ops[k - 4] == ' '))
      return SK_DMA;
    return SK_VM;
  }
  if (starts(mn, "flat_")) return SK_FLAT;
  if (!strcmp(mn, "s_waitcnt")) {
    in->vm = in->lg = -1;
    const char *p;
    if ((p = strstr(ops, "vmcnt("))) in->vm = atoi(p + 6);
    if ((p = strstr(ops, "lgkmcnt("))) in->lg = atoi(p + 8);
    return SK_WAIT;
  }
  if (!strcmp(mn, "s_barrier")) return SK_BARRIER;
  if (!strcmp(mn, "s_branch")) return SK_BRANCH;
  if (starts(mn, "s_cbranch_join")) return SK_INDIRECT;
  if (starts(mn, "s_cbranch_")) {
    in->exec_branch = strstr(mn, "exec") != NULL;
    return SK_CBRANCH;
  }
  if (!strcmp(mn, "s_endpgm")) return SK_END;
  if (starts(mn, "s_setpc") || starts(mn, "s_swappc") || starts(mn, "s_rfe")) return SK_INDIRECT;
  return SK_NONE;
}

static char *keep(sk_ctx *c, const char *s, size_t n) {
  if (c->nstrs == c->capstrs) {
    c->capstrs = c->capstrs ? 2 * c->capstrs : 256;
    char **p = realloc(c->strs, (size_t)c->capstrs * sizeof *p);
    if (!p) abort();
    c->strs = p;
  }
  char *t = malloc(n + 1);
  if (!t) abort();
  memcpy(t, s, n);
  t[n] = 0;
  c->strs[c->nstrs++] = t;
  return t;
}

/* One line of the disassembly: "ADDR <sym>:" starts a function, "\tMNEMONIC OPS // ADDR: HEX
 * [<sym+0xOFF>]" is an instruction. Other lines are ignored. */
static void parse_line(sk_ctx *c, const char *l, size_t n, int lineno) {
  char buf[512];
  if (n >= sizeof buf) n = sizeof buf - 1;
  memcpy(buf, l, n);
  buf[n] = 0;
  unsigned long long a;
  char name[256];
  if (buf[0] != '\t' && sscanf(buf, "%llx <%255[^>]>:", &a, name) == 2) {
    if (c->nfn == c->capfn) {
      c->capfn = c->capfn ? 2 * c->capfn : 4;
      sk_func *p = realloc(c->fn, (size_t)c->capfn * sizeof *p);
      if (!p) abort();
      c->fn = p;
    }
    c->fn[c->nfn++] = (sk_func){.name = keep(c, name, strlen(name)), .addr = a, .first = c->nins};
    return;
  }
  if (buf[0] != '\t' || !c->nfn) return;
  char *cm = strstr(buf, "//");
  if (!cm || sscanf(cm + 2, " %llx:", &a) != 1) return;
  char *body = buf + 1;
  size_t bl = (size_t)(cm - body);
  while (bl && (body[bl - 1] == ' ' || body[bl - 1] == '\t')) bl--;
  body[bl] = 0;
  char mn[64] = "";
  size_t k = 0;
  while (body[k] && body[k] != ' ' && k + 1 < sizeof mn) {
    mn[k] = body[k];
    k++;
  }
  mn[k] = 0;
  const char *ops = body + k;
  while (*ops == ' ') ops++;
  if (c->nins == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 1024;
    sk_ins *p = realloc(c->ins, (size_t)c->cap * sizeof *p);
    if (!p) abort();
    c->ins = p;
  }
  sk_ins in = {.addr = a, .tix = -1, .vm = -1, .lg = -1, .sym = c->nfn - 1, .line = lineno};
  in.kind = classify(mn, ops, &in);
  if (in.kind == SK_BRANCH || in.kind == SK_CBRANCH) {
    /* the target is printed as <sym+0xOFF> after the encoding */
    const char *lt = strrchr(cm, '<');
    const char *plus = lt ? strstr(lt, "+0x") : NULL;
    if (plus) in.target = c->fn[in.sym].addr + strtoull(plus + 3, NULL, 16);
    else if (lt) in.target = c->fn[in.sym].addr; /* <sym> alone: its first instruction */
    else in.kind = SK_INDIRECT;
  }
  in.text = keep(c, body, strlen(body));
  c->ins[c->nins++] = in;
  c->fn[c->nfn - 1].n++;
}

/* ------------------------------------------------------------------ reporting */

/* "WHAT:LINE:1: SEVERITY: " then "SYMBOL+0xOFF INSTRUCTION" via ins_text. */
static void where(sk_ctx *c, int i, const char *sev) {
  fprintf(c->out, "%s:%d:1: %s: ", c->what, c->ins[i].line, sev);
}

static void ins_text(sk_ctx *c, int i) {
  const sk_ins *in = &c->ins[i];
  const sk_func *f = &c->fn[in->sym];
  fprintf(c->out, "%s+0x%llx `%s`", f->name, (unsigned long long)(in->addr - f->addr), in->text);
}

static void note(sk_ctx *c, int i, const char *msg) {
  if (i < 0) return;
  where(c, i, "note");
  fprintf(c->out, "%s: ", msg);
  ins_text(c, i);
  fputc('\n', c->out);
}

/* One report per access, and one per earlier access it conflicts with (the other readers of
 * the same write add nothing). */
static void bug(sk_ctx *c, int i, const char *kind, const char *msg, int rel, const char *relmsg, int bar) {
  c->bug = true;
  if (c->reported[i] & 1 || (rel >= 0 && c->reported[rel] & 4) || c->nbug >= SK_MAX_REPORTS) return;
  c->reported[i] |= 1;
  if (rel >= 0) c->reported[rel] |= 4;
  c->nbug++;
  where(c, i, "error");
  fprintf(c->out, "%s: ", kind);
  ins_text(c, i);
  fprintf(c->out, " %s\n", msg);
  note(c, rel, relmsg);
  if (bar >= 0) note(c, bar, "the last s_barrier before it");
}

static void inconclusive(sk_ctx *c, int i, const char *msg) {
  c->inconc = true;
  if (c->reported[i] & 2 || c->ninc >= SK_MAX_REPORTS) return;
  c->reported[i] |= 2;
  c->ninc++;
  where(c, i, "inconclusive");
  ins_text(c, i);
  fprintf(c->out, ": %s\n", msg);
}

/* ------------------------------------------------------------------ the wave model */

static void push(uint8_t *q, int32_t *at, uint8_t *n, int cap, uint8_t kind, int32_t ix) {
  if (*n == cap) { /* the counter is full: issue waited for the oldest entry */
    memmove(q, q + 1, (size_t)cap - 1);
    memmove(at, at + 1, ((size_t)cap - 1) * sizeof *at);
    (*n)--;
  }
  q[*n] = kind;
  at[*n] = ix;
  (*n)++;
}

static void drop(uint8_t *q, int32_t *at, uint8_t *n, int k) {
  memmove(q + k, q + k + 1, (size_t)(*n - k - 1));
  memmove(at + k, at + k + 1, (size_t)(*n - k - 1) * sizeof *at);
  (*n)--;
}

static void wait(sk_state *s, int vm, int lg) {
  while (vm >= 0 && s->nvm > vm) drop(s->vm, s->vm_at, &s->nvm, 0);
  if (lg == 0) s->nlg = 0;
  else if (lg > 0) {
    int lds = 0;
    for (int k = 0; k < s->nlg; k++) lds += s->lg[k] != SK_SMEM;
    for (int k = 0; k < s->nlg && lds > lg;)
      if (s->lg[k] != SK_SMEM) {
        drop(s->lg, s->lg_at, &s->nlg, k);
        lds--;
      } else {
        k++;
      }
  }
}

/* s_barrier: the interval's open set becomes what is still outstanding. */
static void barrier(sk_state *s, int i) {
  s->h = 0;
  s->r_at = s->w_at = -1;
  for (int k = 0; k < s->nlg; k++) {
    if ((s->lg[k] == SK_LDS_R || s->lg[k] == SK_LDS_RW) && !(s->h & H_R)) s->h |= H_R, s->r_at = s->lg_at[k];
    if ((s->lg[k] == SK_LDS_W || s->lg[k] == SK_LDS_RW) && !(s->h & H_W))
      s->h |= H_W | H_WSPILL, s->w_at = s->lg_at[k];
  }
  for (int k = 0; k < s->nvm; k++)
    if (s->vm[k] == SK_DMA) s->h |= H_DMA;
  s->bar_at = i;
}

/* The effect of instruction i on s, with its checks. */
static void step(sk_ctx *c, int i, sk_state *s) {
  const sk_ins *in = &c->ins[i];
  bool rd = in->kind == SK_LDS_R || in->kind == SK_LDS_RW, wr = in->kind == SK_LDS_W || in->kind == SK_LDS_RW;
  if (rd && (s->h & H_W)) {
    if (s->h & H_WSPILL)
      bug(c, i, "amd.race.lds-unwaited",
          "reads LDS that other waves' write may still be landing in: the write was outstanding at the "
          "s_barrier (no s_waitcnt lgkmcnt retired it first), so the barrier does not order it; wait "
          "for it (s_waitcnt lgkmcnt(0)) before the barrier",
          s->w_at, "the LDS write", s->bar_at);
    else
      bug(c, i, "race",
          "reads LDS in the same barrier interval as an LDS write of the other waves: no s_barrier orders "
          "the write before this read; put s_waitcnt lgkmcnt(0) + s_barrier between them",
          s->w_at, "the LDS write", s->bar_at);
  } else if (wr && (s->h & H_R)) {
    bug(c, i, "race",
        "writes LDS in the barrier interval of an LDS read of the other waves (write after read): no "
        "s_barrier orders the read before this write; put s_waitcnt lgkmcnt(0) + s_barrier between them",
        s->r_at, "the LDS read", s->bar_at);
  } else if ((rd || wr) && (s->h & H_DMA)) {
    inconclusive(c, i, "LDS DMA of this barrier interval may still be in flight; the skeleton has no LDS "
                       "addresses to tell its buffer from this one");
  } else if (in->kind == SK_DMA && (s->h & H_R)) {
    inconclusive(c, i, "LDS DMA issued in the barrier interval of an LDS read; the skeleton has no LDS "
                       "addresses to tell the buffers apart");
  }
  switch (in->kind) {
  case SK_LDS_R: case SK_LDS_W: case SK_LDS_RW: case SK_LGKM: case SK_SMEM:
    /* Only an LDS access's issuing instruction is read back (the diagnostics' r_at / w_at);
     * the others record 0, so that paths differing only in where a scalar load or a
     * ds_bpermute was issued are one state (exec-mask branches would multiply them). */
    push(s->lg, s->lg_at, &s->nlg, SK_LG_CAP, (uint8_t)in->kind, rd || wr ? i : 0);
    if (rd && !(s->h & H_R)) s->h |= H_R, s->r_at = i;
    if (wr && (!(s->h & H_W) || (s->h & H_WSPILL))) s->w_at = i; /* a fresh write: the same-interval rule */
    if (wr) s->h = (uint8_t)((s->h | H_W) & ~H_WSPILL);
    break;
  case SK_VM: case SK_DMA:
    push(s->vm, s->vm_at, &s->nvm, SK_VM_CAP, (uint8_t)in->kind, 0); /* vm_at is never read back */
    if (in->kind == SK_DMA) s->h |= H_DMA;
    break;
  case SK_FLAT: inconclusive(c, i, "a flat access may touch LDS; the skeleton does not model flat addressing"); break;
  case SK_WAIT: wait(s, in->vm, in->lg); break;
  case SK_BARRIER: barrier(s, i); break;
  default: break;
  }
}

/* ------------------------------------------------------------------ exploration */

/* A state waiting to be run: instruction ix (in the function) with state st of its set. */
typedef struct sk_work {
  int ix, st;
} sk_work;

typedef struct sk_set {
  sk_state *st;
  int n, cap;
} sk_set;

/* Zeroes the queue slots past their lengths, so that equal situations compare equal. */
static void canon(sk_state *s) {
  memset(s->vm + s->nvm, 0, sizeof s->vm - s->nvm);
  memset(s->vm_at + s->nvm, 0, (sizeof s->vm - s->nvm) * sizeof s->vm_at[0]);
  memset(s->lg + s->nlg, 0, sizeof s->lg - s->nlg);
  memset(s->lg_at + s->nlg, 0, (sizeof s->lg - s->nlg) * sizeof s->lg_at[0]);
}

/* Adds s to set; true when it was new. */
static bool set_add(sk_set *set, sk_state *s) {
  canon(s);
  for (int k = 0; k < set->n; k++)
    if (!memcmp(&set->st[k], s, sizeof *s)) return false;
  if (set->n == set->cap) {
    set->cap = set->cap ? 2 * set->cap : 4;
    sk_state *p = realloc(set->st, (size_t)set->cap * sizeof *p);
    if (!p) abort();
    set->st = p;
  }
  set->st[set->n++] = *s;
  return true;
}

static int find_ins(const sk_ctx *c, const sk_func *f, uint64_t addr) {
  for (int k = f->first; k < f->first + f->n; k++)
    if (c->ins[k].addr == addr) return k;
  return -1;
}

/* True when instruction i lies inside a forward branch on the exec mask (between the branch
 * and its target): a wave may skip it while another runs it. */
static bool under_exec_branch(const sk_ctx *c, const sk_func *f, int i) {
  for (int k = f->first; k < i; k++) {
    const sk_ins *b = &c->ins[k];
    if (b->kind == SK_CBRANCH && b->exec_branch && b->target > c->ins[i].addr) return true;
  }
  return false;
}

static void check_func(sk_ctx *c, const sk_func *f) {
  for (int k = f->first; k < f->first + f->n; k++) {
    sk_ins *in = &c->ins[k];
    if (in->kind == SK_BRANCH || in->kind == SK_CBRANCH) {
      in->tix = find_ins(c, f, in->target);
      if (in->tix < 0) {
        inconclusive(c, k, "the branch target is not an instruction of the function");
        return;
      }
    }
    if (in->kind == SK_BARRIER && under_exec_branch(c, f, k))
      inconclusive(c, k, "s_barrier behind a branch on the exec mask (a cond_barrier): waves may run different "
                         "numbers of barriers, which the skeleton (waves take the same branches) does not model");
    if (in->kind == SK_INDIRECT) inconclusive(c, k, "an indirect branch or call: successors unknown");
  }
  if (!f->n) return;
  sk_set *sets = calloc((size_t)f->n, sizeof *sets);
  sk_work *wl = malloc(((size_t)f->n * SK_MAX_STATES + 1) * sizeof *wl);
  if (!sets || !wl) abort();
  int nw = 0;
  sk_state s0;
  memset(&s0, 0, sizeof s0);
  s0.r_at = s0.w_at = s0.bar_at = -1;
  set_add(&sets[0], &s0);
  wl[nw].ix = 0, wl[nw].st = 0, nw++;
  bool full = false;
  while (nw > 0 && !full) {
    nw--;
    int i = wl[nw].ix, si = wl[nw].st;
    sk_state s = sets[i].st[si];
    int g = f->first + i;
    step(c, g, &s);
    const sk_ins *in = &c->ins[g];
    int succ[2], ns = 0;
    if (in->kind == SK_BRANCH) succ[ns++] = in->tix - f->first;
    else if (in->kind == SK_CBRANCH) succ[ns++] = in->tix - f->first, succ[ns++] = i + 1;
    else if (in->kind != SK_END && in->kind != SK_INDIRECT) succ[ns++] = i + 1;
    for (int k = 0; k < ns; k++) {
      int j = succ[k];
      if (j < 0 || j >= f->n) continue; /* falls off the end: nothing after */
      if (sets[j].n >= SK_MAX_STATES) {
        inconclusive(c, f->first + j, "more states at this instruction than the skeleton keeps");
        full = true;
        break;
      }
      if (set_add(&sets[j], &s)) wl[nw].ix = j, wl[nw].st = sets[j].n - 1, nw++;
    }
  }
  for (int k = 0; k < f->n; k++) free(sets[k].st);
  free(sets);
  free(wl);
}

sim_skel_verdict sim_amd_skel_check(const char *text, size_t n, const char *what, char **report) {
  sk_ctx c = {.what = what};
  size_t len = 0;
  *report = NULL;
  c.out = open_memstream(report, &len);
  if (!c.out) abort();
  int lineno = 0;
  for (size_t p = 0; p < n;) {
    size_t e = p;
    while (e < n && text[e] != '\n') e++;
    parse_line(&c, text + p, e - p, ++lineno);
    p = e + 1;
  }
  sim_skel_verdict v;
  if (!c.nins) {
    fprintf(c.out, "%s:1:1: error: no instructions: expected the output of llvm-objdump -d of an AMDGPU code object\n",
            what);
    v = SIM_SKEL_INPUT;
  } else {
    c.reported = calloc((size_t)c.nins, 1);
    if (!c.reported) abort();
    for (int k = 0; k < c.nfn; k++) check_func(&c, &c.fn[k]);
    v = c.bug ? SIM_SKEL_BUG : c.inconc ? SIM_SKEL_INCONCLUSIVE : SIM_SKEL_OK;
  }
  fclose(c.out);
  for (int k = 0; k < c.nstrs; k++) free(c.strs[k]);
  free(c.strs);
  free(c.ins);
  free(c.fn);
  free(c.reported);
  return v;
}
