/* cli_sim.c: `tlx-verify sim`: runs every program of the grid with real data under one
 * schedule (random or round-robin), reports deadlocks and data faults, writes the tensors and,
 * with --trace-out, the schedule one program ran as a Chrome trace. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "sim/sim.h"
#include "sim/sim_data.h"
#include "traces/traces.h"
#include "ir/ir_alloc.h"

#define MAX_KV 64
/* --trace-out keeps at most this many steps of a program's schedule: a trace replays every
 * step with detailed logs (a few hundred bytes each) and Perfetto slows down past that. */
#define TRACE_MAX_STEPS 200000u

/* ------------------------------------------------------------------ options */

typedef struct kv {
  const char *name; /* points into argv */
  size_t name_len;
  const char *value;
  bool used;
} kv;

typedef struct simopt {
  const char *file;
  kv args[MAX_KV], tensors[MAX_KV];
  int n_args, n_tensors;
  int32_t grid[3];
  uint64_t seed;
  bool round_robin;
  const char *out_dir;
  const char *trace_out; /* --trace-out F.json: see trace_ctx */
  uint64_t max_steps;
  bool quiet;
} simopt;

/* --arg / --tensor NAME=VALUE (the value is read when the argument's type is known). */
static void add_kv(vf_cli_args *p, kv *arr, int *n, const char *s, const char *flag) {
  const char *eq = strchr(s, '=');
  if (!eq || eq == s || !eq[1]) {
    vf_cli_usage(p, "%s expects NAME=VALUE", flag);
    return;
  }
  if (*n == MAX_KV) {
    vf_cli_usage(p, "too many %s options", flag);
    return;
  }
  for (int i = 0; i < *n; i++)
    if (arr[i].name_len == (size_t)(eq - s) && !memcmp(arr[i].name, s, arr[i].name_len)) {
      vf_cli_usage(p, "%s given twice for the same name", flag);
      return;
    }
  arr[(*n)++] = (kv){s, (size_t)(eq - s), eq + 1, false};
}

static int parse_opts(int argc, char **argv, simopt *o) {
  memset(o, 0, sizeof *o);
  o->grid[0] = o->grid[1] = o->grid[2] = 1;
  o->max_steps = 100000000;
  vf_cli_args p;
  vf_cli_args_init(&p, "sim", argc, argv);
  char msg[300];
  while (vf_cli_next(&p)) {
    const char *v;
    if (vf_cli_value(&p, "--arg", &v)) {
      if (v) add_kv(&p, o->args, &o->n_args, v, "--arg");
    } else if (vf_cli_value(&p, "--tensor", &v)) {
      if (v) add_kv(&p, o->tensors, &o->n_tensors, v, "--tensor");
    } else if (vf_cli_u64(&p, "--seed", 0, UINT64_MAX, &o->seed) ||
               vf_cli_u64(&p, "--max-steps", 1, UINT64_MAX, &o->max_steps) ||
               vf_cli_value(&p, "--out", &o->out_dir) || vf_cli_value(&p, "--trace-out", &o->trace_out)) {
    } else if (vf_cli_value(&p, "--schedule", &v)) {
      if (v && strcmp(v, "random") && strcmp(v, "round-robin"))
        vf_cli_usage(&p, "--schedule is random or round-robin, not '%s'", v);
      o->round_robin = v && !strcmp(v, "round-robin");
    } else if (vf_cli_value(&p, "--grid", &v)) {
      if (v && vf_cli_parse_grid(v, o->grid, msg, sizeof msg)) vf_cli_usage(&p, "%s", msg);
    } else if (vf_cli_flag(&p, "-q")) {
      o->quiet = true;
    } else {
      vf_cli_input(&p, &o->file);
    }
  }
  if (!p.rc && !o->file) vf_cli_usage(&p, "missing FILE");
  return p.rc;
}

static kv *find_kv(kv *arr, int n, const char *name) {
  size_t len = strlen(name);
  for (int i = 0; i < n; i++)
    if (arr[i].name_len == len && !memcmp(arr[i].name, name, len)) return &arr[i];
  return NULL;
}

/* ------------------------------------------------------------------ diagnostics */

static void print_loc_err(ir_loc loc, const char *kind, const char *msg) {
  char lb[256];
  fprintf(stderr, "%s: error: %s%s%s\n", ir_loc_str(loc, lb, sizeof lb), kind ? kind : "",
          kind ? ": " : "", msg);
}

static void print_note(ir_loc loc, const char *msg) {
  char lb[256];
  fprintf(stderr, "%s: note: %s\n", ir_loc_str(loc, lb, sizeof lb), msg);
}

/* Exit code of a data-plane failure: faults are kernel bugs, the rest input errors. An error
 * raised without an op (an async event completing) takes the location of the step's op. */
static int data_err_exit(const sim_data_err *e, ir_loc fallback) {
  print_loc_err(e->loc.file ? e->loc : fallback,
                e->status == SIM_DATA_FAULT ? "memory fault" : NULL, e->msg);
  return e->status == SIM_DATA_FAULT ? VF_EXIT_BUG : VF_EXIT_INPUT;
}

/* ------------------------------------------------------------------ kernel arguments */

typedef struct karg {
  const ir_value *v;
  uint32_t buf;     /* tensor / pointer args: data buffer */
  kv *tensor;       /* the --tensor that provided it */
  int companion_of; /* >= 0: shape / stride filled from this descriptor arg */
} karg;

static const char *arg_name(const ir_value *v) { return v->name ? v->name : "?"; }

/* Fills bits[] for every kernel argument; returns 0 or an exit code (error printed). */
static int build_args(const ir_func *fn, sim_data *d, simopt *o, uint64_t *bits, karg *ka,
                      uint32_t n) {
  const ir_block *entry = fn->op->regions[0]->blocks[0];
  sim_data_err err;
  for (uint32_t i = 0; i < n; i++) ka[i] = (karg){entry->args[i], 0, NULL, -1};
  for (uint32_t i = 0; i < n; i++) {
    const ir_value *v = ka[i].v;
    const ir_type *t = v->type;
    char msg[512];
    if (ka[i].companion_of >= 0) continue;
    if (t->kind == IR_T_TENSORDESC || t->kind == IR_T_PTR) {
      kv *tk = find_kv(o->tensors, o->n_tensors, arg_name(v));
      const ir_type *blk = t->kind == IR_T_TENSORDESC ? t->elem : NULL;
      sim_dtype want = sim_dtype_of(blk ? blk : t->elem);
      if (!tk) {
        snprintf(msg, sizeof msg,
                 "kernel argument '%s' (%s%s) needs a tensor: pass --tensor %s=FILE.npy or "
                 "--tensor %s=random:SHAPE:%s",
                 arg_name(v), t->kind == IR_T_TENSORDESC ? "tensor descriptor of " : "pointer to ",
                 sim_dtype_name(want), arg_name(v), arg_name(v), sim_dtype_name(want));
        print_loc_err(v->loc, NULL, msg);
        return VF_EXIT_INPUT;
      }
      tk->used = true;
      ka[i].tensor = tk;
      if (want == SIM_DT_NONE) {
        snprintf(msg, sizeof msg, "simulate mode does not support the element type of '%s'",
                 arg_name(v));
        print_loc_err(v->loc, NULL, msg);
        return VF_EXIT_INPUT;
      }
      char name[128];
      snprintf(name, sizeof name, "%s", arg_name(v));
      uint32_t id = sim_data_host_tensor(d, name, tk->value, want, &err);
      if (!id) {
        print_loc_err(v->loc, NULL, err.msg);
        return VF_EXIT_INPUT;
      }
      ka[i].buf = id;
      if (t->kind == IR_T_PTR) {
        bits[i] = sim_va(id, 0);
        continue;
      }
      /* A descriptor: the next `rank` i32 shape and `rank` i64 stride arguments. */
      const sim_buf *b = sim_data_buf(d, id);
      int rank = blk && blk->kind == IR_T_TENSOR ? blk->rank : 0;
      if (b->rank != rank) {
        snprintf(msg, sizeof msg,
                 "tensor descriptor '%s' is %d-D but --tensor %s gives a %d-D tensor: pass a "
                 "%d-D %s tensor",
                 arg_name(v), rank, arg_name(v), b->rank, rank, sim_dtype_name(want));
        print_loc_err(v->loc, NULL, msg);
        return VF_EXIT_INPUT;
      }
      if (i + 2 * (uint32_t)rank >= n) {
        snprintf(msg, sizeof msg, "tensor descriptor '%s' lacks its shape / stride arguments",
                 arg_name(v));
        print_loc_err(v->loc, NULL, msg);
        return VF_EXIT_INPUT;
      }
      int64_t stride[IR_MAX_RANK];
      int64_t s = 1;
      for (int k = rank - 1; k >= 0; k--) {
        stride[k] = s;
        s *= b->shape[k];
      }
      for (int k = 0; k < 2 * rank; k++) {
        const ir_value *c = ka[i + 1 + (uint32_t)k].v;
        unsigned want_bits = k < rank ? 32 : 64;
        if (c->type->kind != IR_T_INT || c->type->bits != want_bits) {
          snprintf(msg, sizeof msg,
                   "tensor descriptor '%s' is not followed by %d i32 shape and %d i64 stride "
                   "arguments; simulate mode cannot fill it",
                   arg_name(v), rank, rank);
          print_loc_err(v->loc, NULL, msg);
          return VF_EXIT_INPUT;
        }
        int64_t val = k < rank ? b->shape[k] : stride[k - rank];
        bits[i + 1 + k] = k < rank ? (uint64_t)(uint32_t)val : (uint64_t)val;
        ka[i + 1 + k].companion_of = (int)i;
      }
      sim_vtype dvt;
      sim_vtype_decode(t, &dvt);
      uint32_t did = sim_data_tdesc_new(d, id, &dvt, rank, b->shape, stride, &err);
      if (!did) {
        print_loc_err(v->loc, NULL, err.msg);
        return VF_EXIT_INPUT;
      }
      bits[i] = did;
      continue;
    }
    if (t->kind == IR_T_INT || t->kind == IR_T_INDEX || t->kind == IR_T_FLOAT) {
      kv *ak = find_kv(o->args, o->n_args, arg_name(v));
      sim_dtype dt = sim_dtype_of(t);
      if (!ak) {
        snprintf(msg, sizeof msg, "missing scalar argument: pass --arg %s=%s", arg_name(v),
                 t->kind == IR_T_FLOAT ? "FLOAT" : "INT");
        print_loc_err(v->loc, NULL, msg);
        return VF_EXIT_INPUT;
      }
      ak->used = true;
      char *e;
      errno = 0;
      if (t->kind == IR_T_FLOAT) {
        double x = strtod(ak->value, &e);
        if (*e || e == ak->value) goto bad_value;
        bits[i] = sim_bits_from_double(dt, x, SIM_RNE);
      } else {
        int64_t x;
        if (ir_num_i64(ak->value, INT64_MIN, INT64_MAX, &x) != IR_NUM_OK) goto bad_value;
        if (!vf_arg_fits(v, o->file, arg_name(v), x, msg, sizeof msg)) {
          fprintf(stderr, "%s\n", msg);
          return VF_EXIT_INPUT;
        }
        unsigned w = t->kind == IR_T_INDEX ? 64 : t->bits;
        bits[i] = w >= 64 ? (uint64_t)x : (uint64_t)x & ((1ull << w) - 1);
        const ir_attr *ad = fn->arg_attrs && fn->arg_attrs[i]
                                ? ir_dict_get(fn->arg_attrs[i], "tt.divisibility")
                                : NULL;
        if (ad && ad->kind == IR_A_INT && ad->ival > 1 && x % ad->ival) {
          snprintf(msg, sizeof msg,
                   "--arg %s=%lld: the kernel was compiled assuming %s is a multiple of %lld "
                   "(tt.divisibility); pass such a value",
                   arg_name(v), (long long)x, arg_name(v), (long long)ad->ival);
          print_loc_err(v->loc, NULL, msg);
          return VF_EXIT_INPUT;
        }
      }
      continue;
    bad_value:
      snprintf(msg, sizeof msg, "--arg %s=%s: not a valid %s value", arg_name(v), ak->value,
               sim_dtype_name(dt));
      print_loc_err(v->loc, NULL, msg);
      return VF_EXIT_INPUT;
    }
    snprintf(msg, sizeof msg, "simulate mode cannot pass kernel argument '%s' of this type",
             arg_name(v));
    print_loc_err(v->loc, NULL, msg);
    return VF_EXIT_INPUT;
  }
  /* Names given but not used: unknown arguments, or companions filled automatically. */
  for (int k = 0; k < o->n_args + o->n_tensors; k++) {
    kv *x = k < o->n_args ? &o->args[k] : &o->tensors[k - o->n_args];
    if (x->used) continue;
    char msg[512];
    int len = snprintf(msg, sizeof msg, "%s %.*s: ", k < o->n_args ? "--arg" : "--tensor",
                       (int)x->name_len, x->name);
    for (uint32_t i = 0; i < n; i++)
      if (ka[i].companion_of >= 0 && strlen(arg_name(ka[i].v)) == x->name_len &&
          !memcmp(arg_name(ka[i].v), x->name, x->name_len)) {
        snprintf(msg + len, sizeof msg - (size_t)len, "filled in from --tensor %s; do not pass it",
                 arg_name(ka[ka[i].companion_of].v));
        goto report;
      }
    len += snprintf(msg + len, sizeof msg - (size_t)len,
                    "no such %s argument; the kernel's are:", k < o->n_args ? "scalar" : "tensor");
    for (uint32_t i = 0; i < n && len < (int)sizeof msg - 40; i++) {
      bool is_t = ka[i].v->type->kind == IR_T_TENSORDESC || ka[i].v->type->kind == IR_T_PTR;
      if (ka[i].companion_of < 0 && is_t == (k >= o->n_args))
        len += snprintf(msg + len, sizeof msg - (size_t)len, " %s", arg_name(ka[i].v));
    }
  report:
    print_loc_err(fn->op->loc, NULL, msg);
    return VF_EXIT_INPUT;
  }
  return 0;
}

/* ------------------------------------------------------------------ scheduling */

typedef struct sched {
  bool rr;
  uint64_t rng; /* xorshift64 state (random) */
  int last;     /* round-robin: key of the last transition fired */
} sched;

static int trans_key(sim_trans t) {
  return t.kind == SIM_TR_AGENT ? t.who : SIM_MAX_AGENTS + t.who;
}

static int pick(sched *s, const sim_trans *t, int n) {
  if (!s->rr) {
    s->rng ^= s->rng << 13;
    s->rng ^= s->rng >> 7;
    s->rng ^= s->rng << 17;
    return (int)(s->rng % (uint64_t)n);
  }
  /* the first transition after the last one in the cyclic order agents, then events */
  int best = -1, first = 0;
  for (int i = 0; i < n; i++) {
    int k = trans_key(t[i]);
    if (k < trans_key(t[first])) first = i;
    if (k > s->last && (best < 0 || k < trans_key(t[best]))) best = i;
  }
  if (best < 0) best = first;
  s->last = trans_key(t[best]);
  return best;
}

/* ------------------------------------------------------------------ reports */

static void report_viol(const sim_machine *m, const sim_viol *v, uint32_t prog) {
  char msg[600], lb[256];
  snprintf(msg, sizeof msg, "%s (program %u)", v->msg, prog);
  if (v->severity == SIM_SEV_WARNING) /* a warning does not fail the run */
    fprintf(stderr, "%s: warning: %s: %s\n", ir_loc_str(sim_ins_loc(m, v->ins), lb, sizeof lb),
            sim_bug_kind_name((sim_bug_kind)v->kind), msg);
  else
    print_loc_err(sim_ins_loc(m, v->ins), sim_bug_kind_name((sim_bug_kind)v->kind), msg);
  for (int r = 0; r < v->n_rel; r++)
    print_note(sim_ins_loc(m, v->rel[r]), v->rel_note[r] ? v->rel_note[r] : "related");
}

/* Every blocked agent, what it waits for and who could provide it. */
static void report_deadlock(const sim_machine *m, const void *st, uint32_t prog,
                            const int32_t *pid) {
  uint32_t na = sim_n_agents(m);
  for (uint32_t a = 0; a < na; a++) {
    int s = sim_agent_status_of(m, st, a);
    if (s == SIM_AG_IDLE || s == SIM_AG_DONE) continue;
    char why[400], msg[700];
    uint32_t who[8];
    int nw = sim_explain_blocked(m, st, a, why, sizeof why, who, 8);
    snprintf(msg, sizeof msg, "%s of program %u (pid %d,%d,%d) blocked forever: %s",
             sim_agent_name(m, a), prog, pid[0], pid[1], pid[2], why);
    print_loc_err(sim_ins_loc(m, sim_agent_pc(m, st, a)), "deadlock", msg);
    for (int k = 0; k < nw && k < 8; k++) {
      const ir_op *op = sim_ins_op(m, who[k]);
      char note[160];
      snprintf(note, sizeof note, "'%s' here could provide it",
               op ? ir_ops[op->code].name : "instruction");
      print_note(sim_ins_loc(m, who[k]), note);
    }
  }
}

/* ------------------------------------------------------------------ running */

typedef struct runstats {
  uint64_t steps;
  uint32_t programs;
  uint32_t n_viol;      /* errors found (duplicates included; warnings are not counted) */
  uint32_t seen[64][2]; /* (kind, instruction) already printed: one report per root cause */
  uint32_t n_seen;
} runstats;

/* True the first time (kind, ins) is seen; the table keeps the first 64 distinct ones. */
static bool first_report(runstats *rs, const sim_viol *v) {
  for (uint32_t i = 0; i < rs->n_seen; i++)
    if (rs->seen[i][0] == v->kind && rs->seen[i][1] == v->ins) return false;
  if (rs->n_seen < 64) {
    rs->seen[rs->n_seen][0] = v->kind;
    rs->seen[rs->n_seen][1] = v->ins;
    rs->n_seen++;
  }
  return true;
}

/* --trace-out: the schedule of one program as a Chrome trace (traces.h tr_chrome_write). The
 * trace shows the first program that reported a bug (a violation, a deadlock, a fault), or
 * program 0 when none did: program 0's trace is written when it ends and replaced, once, by
 * that of the first buggy program. The replay runs on a verify-mode machine of the same
 * program (same argument bits, program id and grid): it re-executes the synchronization only,
 * so the output tensors are not touched twice. */
typedef struct trace_ctx {
  const char *path;  /* --trace-out, NULL: record nothing */
  tr_sched s;        /* the running program's schedule (owned; reset per program) */
  bool overflow;     /* it has more than TRACE_MAX_STEPS steps (recording stopped) */
  bool written;      /* a trace was written ... */
  bool written_bug;  /* ... of a program that reported a bug */
  uint32_t prog;     /* the program the written trace shows */
  bool failed;       /* writing failed (message printed): stop trying */
} trace_ctx;

static void trace_record(trace_ctx *tc, sim_trans t) {
  if (!tc->path || tc->failed || tc->overflow) return;
  if (tc->s.n >= TRACE_MAX_STEPS || tr_sched_push(&tc->s, t)) tc->overflow = true;
}

/* After a program ended: writes its trace when it is the one to show (see trace_ctx). bug: the
 * first violation the program reported, or NULL (a deadlock is marked by the replay itself). */
static void trace_program_end(trace_ctx *tc, const simopt *o, const sim_opts *so, uint32_t prog,
                              bool buggy, const sim_viol *bug) {
  if (!tc->path || tc->failed || (tc->written && (tc->written_bug || !buggy))) return;
  if (tc->overflow) {
    fprintf(stderr,
            "%s: error: --trace-out: program %u ran more than %u steps, too many for a trace; "
            "pass smaller --arg values (fewer loop iterations)\n",
            tc->path, prog, TRACE_MAX_STEPS);
    tc->failed = true;
    return;
  }
  sim_opts vo = *so;
  vo.data = NULL; /* verify mode: replays the schedule without touching the tensors */
  sim_err serr;
  sim_machine *vm = sim_machine_new(&vo, &serr);
  if (!vm) {
    fprintf(stderr, "%s\n", serr.msg);
    tc->failed = true;
    return;
  }
  char title[512];
  snprintf(title, sizeof title, "%s (program %u, pid %d,%d,%d)", tr_basename(o->file), prog,
           so->pid[0], so->pid[1], so->pid[2]);
  tr_err terr;
  if (tr_chrome_write(vm, tc->s.steps, tc->s.n, bug, title, tc->path, &terr)) {
    fprintf(stderr, "%s\n", terr.msg);
    tc->failed = true;
  } else {
    tc->written = true;
    tc->written_bug = buggy;
    tc->prog = prog;
  }
  sim_machine_free(vm);
}

/* Runs one program to completion. Returns 0 (finished), or an exit code (reported).
 * *cancelled: the programs after it that it cancelled with CLC try_cancel (sim_clc_cancelled). */
static int run_program(const simopt *o, const ir_module *mod, const ir_func *fn, sim_data *d,
                       const uint64_t *args, uint32_t n_args, const int32_t *pid, uint32_t prog,
                       sched *sc, runstats *rs, trace_ctx *tc, uint32_t *cancelled) {
  /* clc_max -1: the CLC work pool is the whole grid, also for the trace's verify-mode replay */
  sim_opts so = {.mod = mod, .fn = fn, .args = args, .n_args = n_args, .data = d, .clc_max = -1};
  memcpy(so.pid, pid, sizeof so.pid);
  memcpy(so.grid, o->grid, sizeof so.grid);
  sim_err serr;
  sim_machine *m = sim_machine_new(&so, &serr);
  if (!m) {
    fprintf(stderr, "%s\n", serr.msg);
    return VF_EXIT_INPUT;
  }
  void *st = ir_xcalloc(1, sim_state_size(m)); /* freed below */
  int rc = 0;
  sim_log log;
  memset(&log, 0, sizeof log);
  if (!st) {
    fprintf(stderr, "tlx-verify sim: error: out of memory\n");
    sim_machine_free(m);
    return VF_EXIT_INPUT;
  }
  sim_data_clear_error(d);
  tc->s.n = 0;
  tc->overflow = false;
  sim_viol first_viol; /* the first violation of this program, for the trace */
  bool has_viol = false;
  int r = sim_init(m, st, &log);
  sim_trans t[SIM_MAX_TRANS];
  for (;;) {
    const sim_data_err *de = r < 0 || log.halt ? sim_data_last_error(d) : NULL;
    const sim_viol *ev = sim_log_first_error(&log);
    if (ev && !has_viol) {
      first_viol = *ev;
      has_viol = true;
    }
    for (int k = 0; k < log.n_viol; k++) {
      /* a data-plane error the engine also logged as a violation is reported once, below */
      if (de && strstr(log.viol[k].msg, de->msg)) continue;
      if (first_report(rs, &log.viol[k])) report_viol(m, &log.viol[k], prog);
      rs->n_viol += log.viol[k].severity == SIM_SEV_ERROR;
    }
    if ((r < 0 || log.halt) && !de && !log.n_viol && log.bound) {
      /* undefined behaviour (a division by zero) or a model bound: at the op, inconclusive */
      char why[sizeof log.text];
      snprintf(why, sizeof why, "%.*s", (int)log.bound_len, log.text);
      char pfx[48];
      snprintf(pfx, sizeof pfx, "program %u stopped", prog);
      print_loc_err(sim_op_loc(so.mod, log.bound_op), pfx, why);
      rc = VF_EXIT_INCONCLUSIVE;
      break;
    }
    if (r < 0 || log.halt) {
      rc = de ? data_err_exit(de, sim_ins_loc(m, log.ins)) : VF_EXIT_BUG;
      if (!de && !log.n_viol)
        fprintf(stderr, "tlx-verify sim: error: program %u stopped (the model cannot continue)\n",
                prog);
      break;
    }
    if (log.bound) {
      fprintf(stderr,
              "tlx-verify sim: error: program %u hit a model bound (loop trip count or "
              "async events in flight); result inconclusive\n",
              prog);
      rc = VF_EXIT_INCONCLUSIVE;
      break;
    }
    int n = sim_enabled(m, st, t);
    if (n == 0) {
      if (!sim_is_final(m, st)) {
        report_deadlock(m, st, prog, pid);
        rc = VF_EXIT_BUG;
      }
      break;
    }
    if (rs->steps >= o->max_steps) {
      fprintf(stderr,
              "tlx-verify sim: error: stopped after %llu steps (--max-steps); the kernel "
              "may livelock; result inconclusive\n",
              (unsigned long long)o->max_steps);
      rc = VF_EXIT_INCONCLUSIVE;
      break;
    }
    log.detail = false;
    sim_trans next = t[pick(sc, t, n)];
    trace_record(tc, next);
    r = sim_step(m, st, next, &log);
    rs->steps++;
  }
  trace_program_end(tc, o, &so, prog, rc == VF_EXIT_BUG || has_viol, has_viol ? &first_viol : NULL);
  *cancelled = sim_clc_cancelled(m, st);
  free(st);
  sim_machine_free(m);
  rs->programs++;
  return rc;
}

static int write_outputs(const simopt *o, const sim_data *d, const karg *ka, uint32_t n) {
  if (!o->out_dir) return 0;
  if (mkdir(o->out_dir, 0777) && errno != EEXIST) {
    fprintf(stderr, "tlx-verify sim: error: cannot create --out directory '%s': %s\n", o->out_dir,
            strerror(errno));
    return VF_EXIT_INPUT;
  }
  for (uint32_t i = 0; i < n; i++) {
    if (!ka[i].buf) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.npy", o->out_dir, arg_name(ka[i].v));
    sim_data_err err;
    if (sim_npy_write(d, ka[i].buf, path, &err)) {
      fprintf(stderr, "tlx-verify sim: error: %s\n", err.msg);
      return VF_EXIT_INPUT;
    }
  }
  return 0;
}

int vf_cmd_sim(int argc, char **argv) {
  simopt o;
  int rc = parse_opts(argc, argv, &o);
  if (rc) return rc;
  ir_module *mod = vf_cli_read(o.file);
  if (!mod) return VF_EXIT_INPUT;
  const ir_func *fn = ir_module_kernel(mod);
  sim_data *d = fn ? sim_data_new(mod, o.seed) : NULL;
  uint32_t n = 0;
  uint64_t *bits = NULL;
  karg *ka = NULL;
  if (!fn) {
    fprintf(stderr, "%s: error: no kernel function (tt.func) in the input\n", o.file);
    rc = VF_EXIT_INPUT;
    goto out;
  }
  n = fn->op->regions[0]->blocks[0]->n_args;
  bits = ir_xcalloc(n + 1, sizeof *bits); /* freed at out */
  ka = ir_xcalloc(n + 1, sizeof *ka);
  if (!d || !bits || !ka) {
    rc = VF_EXIT_INPUT;
    goto out;
  }
  if ((rc = build_args(fn, d, &o, bits, ka, n))) goto out;

  sched sc = {o.round_robin, o.seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull, -1};
  runstats rs = {0};
  trace_ctx tc = {.path = o.trace_out};
  int64_t ctas = sim_cluster_ctas(mod); /* num-ctas, cluster-dim-x, CTA pairs */
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint32_t prog = 0, skip = 0; /* skip: programs cancelled by CLC (never launched) */
  for (int32_t z = 0; z < o.grid[2] && !rc; z++)
    for (int32_t y = 0; y < o.grid[1] && !rc; y++)
      for (int32_t x = 0; x < o.grid[0] && !rc; x += (int32_t)ctas) {
        int32_t pid[3] = {x, y, z};
        uint32_t cancelled = 0;
        if (skip) {
          skip--;
          continue;
        }
        rc = run_program(&o, mod, fn, d, bits, n, pid, prog++, &sc, &rs, &tc, &cancelled);
        skip = cancelled;
      }
  tr_sched_free(&tc.s);
  /* a trace that could not be written fails an otherwise successful run (message printed) */
  if (tc.failed && rc == VF_EXIT_OK) rc = VF_EXIT_INPUT;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (!rc && rs.n_viol) rc = VF_EXIT_BUG;
  if (rc != VF_EXIT_INPUT) {
    int wrc = write_outputs(&o, d, ka, n);
    if (wrc) rc = wrc;
  }
  if (!o.quiet && rc == VF_EXIT_OK) {
    double sec = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("sim: %u program(s), %llu steps, %.3f s, %s schedule (seed %llu): completed%s%s",
           rs.programs, (unsigned long long)rs.steps, sec, o.round_robin ? "round-robin" : "random",
           (unsigned long long)o.seed, o.out_dir ? "; outputs in " : "",
           o.out_dir ? o.out_dir : "");
    if (tc.written) printf("; trace of program %u in %s", tc.prog, tc.path);
    putchar('\n');
  }
out:
  free(bits);
  free(ka);
  sim_data_free(d);
  ir_module_free(mod);
  return rc;
}
