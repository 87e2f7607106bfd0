/* vf_grid.c: races between programs of the grid: the global write footprint of every program
 * (boxes written through tensor descriptors, collected while exploring or by one schedule of
 * the programs not explored) and the overlaps of footprints of different clusters, reported
 * as `race` once per pair of writing instructions. No interleaving across programs is run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim_size.h"
#include "vf_run.h"

enum {
  MAX_PROGRAMS = 1 << 16,      /* programs (per argument combination) whose writes are compared */
  WALK_STEPS = 1 << 22,        /* steps of one footprint schedule */
  MAX_COMPARES = 1 << 25,      /* box comparisons of one argument combination */
};

typedef struct gwent {
  int32_t pid[3];              /* writing program */
  uint32_t ins;                /* writing instruction */
  uint8_t agent;
  sim_gbox box;
} gwent;

/* The writes of the programs of one argument combination (deduplicated). */
struct vf_gwset {
  gwent *e;
  uint32_t n, cap;
  uint32_t *tab;               /* open addressing: index + 1 into e, 0 empty */
  uint32_t tcap;
};

struct vf_grid {
  const vf_argplan *p;
  uint32_t max_trip, combos, n_ctas;
  uint64_t nprog;              /* programs of the grid */
  uint32_t nwalk;              /* programs considered (<= MAX_PROGRAMS) */
  vf_gwset *sets;              /* per combination */
  uint8_t *done;               /* per (combination, program): footprint collected by a search */
  bool partial;                /* nwalk < nprog: only programs 0..nwalk-1 are compared (a race
                                  among them is a race of the whole grid: still reported) */
  bool bound;                  /* the comparisons of the programs considered were cut */
  uint64_t unknown;            /* arguments (bit k, sim_coord_deps) the skipped writes' coordinates
                                  depend on, bit 62: a CLC response, bit 63: loaded data */
  uint32_t skipped;            /* writing instructions left out for that */
  sim_machine *mach;           /* the kernel's machine, re-targeted to each program walked
                                  (vf_argplan_machine_at; owned) */
};

static uint64_t ent_hash(const gwent *x) {
  uint64_t h = 0xcbf29ce484222325ull;
  const uint8_t *b = (const uint8_t *)x;
  for (size_t k = 0; k < sizeof *x; k++) h = (h ^ b[k]) * 0x100000001b3ull;
  return h;
}

static void set_add(vf_gwset *s, const gwent *x) {
  if ((s->n + 1) * 2 > s->tcap) {
    uint32_t nc = s->tcap ? s->tcap * 2 : 256;
    uint32_t *nt = ir_xcalloc(nc, sizeof *nt);
    for (uint32_t k = 0; k < s->n; k++) {
      uint32_t i = (uint32_t)ent_hash(&s->e[k]) & (nc - 1);
      while (nt[i]) i = (i + 1) & (nc - 1);
      nt[i] = k + 1;
    }
    free(s->tab);
    s->tab = nt;
    s->tcap = nc;
  }
  uint32_t i = (uint32_t)ent_hash(x) & (s->tcap - 1);
  while (s->tab[i]) {
    if (!memcmp(&s->e[s->tab[i] - 1], x, sizeof *x)) return;
    i = (i + 1) & (s->tcap - 1);
  }
  if (s->n == s->cap) {
    s->cap = s->cap ? s->cap * 2 : 64;
    s->e = ir_xrealloc(s->e, s->cap, sizeof *s->e);
  }
  s->e[s->n] = *x;
  s->tab[i] = ++s->n;
}

static gwent ent_of(const sim_machine *m, const sim_log *log, sim_trans t) {
  gwent x;
  memset(&x, 0, sizeof x); /* padding too: entries are compared and hashed as bytes */
  sim_cta_program(m, log->gw_cta, x.pid);
  x.ins = log->gw_ins;
  x.agent = t.kind == SIM_TR_AGENT ? t.who : 0xff;
  x.box = log->gw;
  return x;
}

void vf_gwset_note(vf_gwset *s, const sim_machine *m, const sim_log *log, sim_trans t) {
  if (!s || !log->n_gw) return;
  gwent x = ent_of(m, log, t);
  set_add(s, &x);
}

static void pid_of(const vf_grid *g, uint64_t p, int32_t pid[3]) { sim_grid_pid(g->p->grid, p, pid); }

static uint64_t index_of(const vf_grid *g, const int32_t pid[3]) {
  const int32_t *gr = g->p->grid;
  return (uint64_t)pid[0] + (uint64_t)gr[0] * ((uint64_t)pid[1] + (uint64_t)gr[1] * (uint64_t)pid[2]);
}

vf_grid *vf_grid_new(const vf_argplan *p, uint32_t combos, uint32_t max_trip) {
  uint64_t nprog = sim_grid_programs(p->grid);
  uint32_t n_ctas = sim_cluster_ctas(p->mod); /* num-ctas, cluster-dim-x, CTA pairs */
  /* one cluster: its CTAs synchronize with each other, the explorer checks them */
  if (nprog <= 1 || ((uint64_t)p->grid[1] * (uint64_t)p->grid[2] == 1 && (uint64_t)p->grid[0] <= n_ctas))
    return NULL;
  vf_grid *g = ir_xcalloc(1, sizeof *g);
  g->p = p;
  g->max_trip = max_trip;
  g->combos = combos ? combos : 1;
  g->n_ctas = n_ctas;
  g->nprog = nprog;
  g->nwalk = nprog > MAX_PROGRAMS ? MAX_PROGRAMS : (uint32_t)nprog;
  g->partial = nprog > MAX_PROGRAMS;
  g->sets = ir_xcalloc(g->combos, sizeof *g->sets);
  g->done = ir_xcalloc((size_t)g->combos, g->nwalk);
  return g;
}

void vf_grid_free(vf_grid *g) {
  if (!g) return;
  for (uint32_t c = 0; c < g->combos; c++) {
    free(g->sets[c].e);
    free(g->sets[c].tab);
  }
  free(g->sets);
  free(g->done);
  sim_machine_free(g->mach);
  free(g);
}

vf_gwset *vf_grid_collect(vf_grid *g, const vf_runspec *r) {
  /* clusters: the runs' program ids need not be cluster-aligned; their CTAs are walked */
  if (!g || r->combo >= g->combos || g->n_ctas > 1) return NULL;
  uint64_t p = index_of(g, r->pid);
  if (p < g->nwalk) g->done[(size_t)r->combo * g->nwalk + p] = 1;
  return &g->sets[r->combo];
}

/* The machine of program pid of combination combo (g->mach re-targeted; not to be freed). */
static sim_machine *machine(vf_grid *g, uint32_t combo, const int32_t pid[3]) {
  sim_err err;
  return vf_argplan_machine_at(g->p, &g->mach, combo, pid, g->max_trip, &err);
}

/* One schedule of m (the first enabled transition at each step) until it ends, is stuck or
 * halts, noting global writes in s. With target: stops after the step that writes it and
 * returns the schedule in *path (malloc'd; *n steps), true when it was reached. */
static bool walk(sim_machine *m, vf_gwset *s, const gwent *target, sim_trans **path, uint32_t *n) {
  uint8_t *st = ir_xcalloc(1, sim_state_size(m));
  sim_log log = {0};
  bool hit = false;
  uint32_t cap = 0, len = 0;
  sim_trans *steps = NULL;
  if (!sim_init(m, st, &log)) {
    sim_trans en[SIM_MAX_TRANS];
    for (uint32_t k = 0; k < WALK_STEPS && !hit; k++) {
      if (sim_enabled(m, st, en) == 0) break;
      if (target) {
        if (len == cap) {
          cap = cap ? cap * 2 : 256;
          steps = ir_xrealloc(steps, cap, sizeof *steps);
        }
        steps[len++] = en[0];
      }
      int rc = sim_step(m, st, en[0], &log);
      if (log.n_gw) {
        gwent x = ent_of(m, &log, en[0]);
        if (s) set_add(s, &x);
        hit = target && !memcmp(&x, target, sizeof x);
      }
      if (rc) break;
    }
  }
  free(st);
  if (path) {
    *path = steps;
    *n = len;
  } else {
    free(steps);
  }
  return hit;
}

static int cmp_ent(const void *pa, const void *pb) {
  const gwent *a = pa, *b = pb;
  if (a->box.alloc != b->box.alloc) return a->box.alloc < b->box.alloc ? -1 : 1;
  if (a->box.lo[0] != b->box.lo[0]) return a->box.lo[0] < b->box.lo[0] ? -1 : 1;
  return memcmp(a, b, sizeof *a) < 0 ? -1 : 1;
}

static bool same_cluster(const vf_grid *g, const int32_t a[3], const int32_t b[3]) {
  return a[1] == b[1] && a[2] == b[2] && a[0] / (int32_t)g->n_ctas == b[0] / (int32_t)g->n_ctas;
}

/* The part two boxes share. */
static sim_gbox intersect(const sim_gbox *a, const sim_gbox *b) {
  sim_gbox r = *a;
  for (uint32_t d = 0; d < a->rank; d++) {
    int64_t lo = a->lo[d] > b->lo[d] ? a->lo[d] : b->lo[d];
    int64_t ha = (int64_t)a->lo[d] + a->ext[d], hb = (int64_t)b->lo[d] + b->ext[d];
    r.lo[d] = (int32_t)lo;
    r.ext[d] = (int32_t)((ha < hb ? ha : hb) - lo);
  }
  return r;
}

/* Reports the overlap of the writes a (of the earlier program) and b, with the schedule of
 * b's program up to its write. */
static void report(vf_grid *g, uint32_t combo, const gwent *a, const gwent *b, vf_runspec *runs,
                   uint32_t *n_runs, uint32_t cap, vf_result *res) {
  int32_t base[3] = {b->pid[0] - b->pid[0] % (int32_t)g->n_ctas, b->pid[1], b->pid[2]};
  sim_machine *m = machine(g, combo, base);
  if (!m) return;
  sim_trans *path = NULL;
  uint32_t n = 0;
  bool reached = walk(m, NULL, b, &path, &n);
  /* the run that shows the schedule: existing or appended */
  uint32_t run = UINT32_MAX;
  for (uint32_t k = 0; k < *n_runs; k++)
    if (runs[k].combo == combo && !memcmp(runs[k].pid, base, sizeof base)) run = k;
  if (run == UINT32_MAX && *n_runs < cap) {
    run = (*n_runs)++;
    runs[run].combo = combo;
    memcpy(runs[run].pid, base, sizeof base);
  }
  if (run == UINT32_MAX || !reached) {
    /* no schedule to show: the first run's machine describes nothing */
    n = 0;
    if (run == UINT32_MAX) run = 0;
  }
  sim_gbox both = intersect(&a->box, &b->box);
  char what[128];
  sim_gbox_str(m, &both, what, sizeof what);
  const ir_op *op = sim_ins_op(m, b->ins);
  sim_viol v;
  memset(&v, 0, sizeof v);
  v.kind = SIM_BUG_RACE;
  v.agent = b->agent;
  v.ins = b->ins;
  snprintf(v.msg, sizeof v.msg,
           "programs (%d,%d,%d) and (%d,%d,%d) both write %s (%s): nothing orders two programs, "
           "so the result depends on which write lands last; the tile coordinates should "
           "differ per program", a->pid[0], a->pid[1], a->pid[2], b->pid[0], b->pid[1], b->pid[2],
           what, op ? ir_ops[op->code].name : "store");
  v.rel[0] = a->ins;
  v.rel_note[0] = "the other program's write of the same elements";
  v.n_rel = 1;
  uint32_t saved = res->cur_run;
  res->cur_run = run;
  vf_result_add(res, m, &v, path, n, NULL);
  res->cur_run = saved;
  free(path);
}

/* Are the coordinates of a write by instruction ins meaningful: do they depend only on the
 * program id, constants and arguments given with --arg? An argument left at the placeholder
 * value 1, or one of the default set of a control argument, need not be consistent with the
 * grid (a launch of 8 programs over a 1-tile problem): writes computed from it are not
 * compared (no false alarm from a launch that cannot happen). Loaded data and the tile a
 * cluster launch control response names (which program does it depends on the schedule):
 * neither. */
static bool coords_known(vf_grid *g, const sim_machine *m, uint32_t ins) {
  uint64_t deps = sim_coord_deps(m, ins), bad = 0;
  const vf_argplan *p = g->p;
  for (uint32_t k = 0; k < 62 && (deps >> k); k++) {
    if (!((deps >> k) & 1)) continue;
    bool known = k < 61 && k < p->n_args && p->given[k];
    if (!known) bad |= 1ull << k;
  }
  bad |= deps & (3ull << 62); /* a CLC response, loaded data */
  g->unknown |= bad;
  return !bad;
}

void vf_grid_finish(vf_grid *g, vf_runspec *runs, uint32_t *n_runs, uint32_t cap, vf_result *res) {
  if (!g) return;
  uint32_t step = g->n_ctas;
  int32_t pid0[3] = {0, 0, 0};
  /* the instructions, and what their coordinates depend on, are the same in every run */
  const sim_machine *probe = machine(g, 0, pid0);
  if (!probe) return;
  for (uint32_t c = 0; c < g->combos; c++) {
    vf_gwset *s = &g->sets[c];
    /* footprints of the programs no search collected: one schedule per cluster */
    for (uint32_t p = 0; p < g->nwalk; p++) {
      int32_t pid[3];
      pid_of(g, p, pid);
      if (g->done[(size_t)c * g->nwalk + p] || pid[0] % (int32_t)step) continue;
      sim_machine *m = machine(g, c, pid);
      if (!m) continue;
      walk(m, s, NULL, NULL, NULL);
    }
    /* writes whose coordinates are not meaningful are left out */
    uint32_t kept = 0;
    uint32_t *left = NULL, n_left = 0;
    for (uint32_t k = 0; k < s->n; k++) {
      if (coords_known(g, probe, s->e[k].ins)) {
        s->e[kept++] = s->e[k];
        continue;
      }
      bool dup = false;
      for (uint32_t j = 0; j < n_left && !dup; j++) dup = left[j] == s->e[k].ins;
      if (!dup) {
        left = ir_xrealloc(left, n_left + 1, sizeof *left);
        left[n_left++] = s->e[k].ins;
      }
    }
    if (n_left > g->skipped) g->skipped = n_left;
    free(left);
    s->n = kept; /* the dedup table is stale from here on (no more adds) */
    if (s->n < 2) continue;
    /* overlaps: sorted by tensor and first origin, each box against the boxes that start
     * before it ends */
    qsort(s->e, s->n, sizeof *s->e, cmp_ent);
    uint64_t compares = 0;
    uint32_t (*seen)[2] = NULL;
    uint32_t n_seen = 0;
    for (uint32_t i = 0; i < s->n && !g->bound; i++) {
      const gwent *a = &s->e[i];
      for (uint32_t j = i + 1; j < s->n; j++) {
        const gwent *b = &s->e[j];
        if (b->box.alloc != a->box.alloc || (int64_t)b->box.lo[0] >= (int64_t)a->box.lo[0] + a->box.ext[0])
          break;
        if (++compares > MAX_COMPARES) {
          g->bound = true;
          break;
        }
        if (same_cluster(g, a->pid, b->pid) || !sim_gbox_overlap(&a->box, &b->box) ||
            (a->box.flags & b->box.flags & SIM_FP_ATOMIC))
          continue;
        const gwent *lo = index_of(g, a->pid) < index_of(g, b->pid) ? a : b, *hi = lo == a ? b : a;
        bool dup = false;
        for (uint32_t k = 0; k < n_seen && !dup; k++)
          dup = seen[k][0] == lo->ins && seen[k][1] == hi->ins;
        if (dup) continue;
        seen = ir_xrealloc(seen, n_seen + 1, sizeof *seen);
        seen[n_seen][0] = lo->ins;
        seen[n_seen++][1] = hi->ins;
        report(g, c, lo, hi, runs, n_runs, cap, res);
      }
    }
    free(seen);
  }
  if ((g->bound || g->partial) && !res->bound_hit) {
    res->bound_hit = true;
    if (g->partial)
      snprintf(res->bound_why, sizeof res->bound_why, "the global writes of only programs 0..%u "
               "of %llu were compared (at most %u programs)", g->nwalk - 1,
               (unsigned long long)g->nprog, (unsigned)MAX_PROGRAMS);
    else
      snprintf(res->bound_why, sizeof res->bound_why, "the global writes of the %u programs were "
               "compared only in part (at most %u box comparisons)", g->nwalk,
               (unsigned)MAX_COMPARES);
  }
}

char *vf_grid_describe(const vf_grid *g) {
  if (!g) return NULL;
  char buf[400];
  size_t len = g->partial
                   ? (size_t)snprintf(buf, sizeof buf, "the global writes of programs 0..%u of %llu "
                                      "against each other", g->nwalk - 1, (unsigned long long)g->nprog)
                   : (size_t)snprintf(buf, sizeof buf, "the global writes of %u programs against "
                                      "each other", g->nwalk);
  if (g->skipped && len < sizeof buf) {
    len += (size_t)snprintf(buf + len, sizeof buf - len, ", except %u store(s) whose coordinates "
                            "depend on ", g->skipped);
    bool first = true;
    for (uint32_t k = 0; k < 62 && len < sizeof buf; k++)
      if ((g->unknown >> k) & 1) {
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", first ? "" : ", ",
                                k < 61 && k < g->p->n_args ? g->p->names[k] : "an argument");
        first = false;
      }
    if (((g->unknown >> 62) & 1) && len < sizeof buf) {
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%sthe program a cluster launch control "
                              "response names", first ? "" : ", ");
      first = false;
    }
    if ((g->unknown >> 63) && len < sizeof buf)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%sloaded data", first ? "" : ", ");
    if ((g->unknown & ((1ull << 62) - 1)) && len < sizeof buf)
      snprintf(buf + len, sizeof buf - len, " (pass --arg to compare them)");
  }
  return ir_xstrdup(buf);
}
