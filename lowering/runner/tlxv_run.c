/* tlxv_run.c: tlxv-run's driver: arguments, CUDA driver API setup, tensor maps, the launch
 * under a watchdog, and the outputs.
 *
 *   tlxv-run KERNEL.ptx [--cubin K.cubin] [--grid X[,Y[,Z]]] [--arg NAME=VALUE]...
 *            [--tensor NAME=FILE.npy|random:SHAPE:DTYPE|zeros:SHAPE:DTYPE]... [--seed N]
 *            [--out DIR] [--timeout S] [--repeat N] [--device N] [--recorder FILE] [--rec-timeout S]
 *
 * With --recorder FILE (PTX from `tlx-verify lower --recorder`) the kernel's waits record
 * themselves into host-mapped memory after --rec-timeout seconds of spinning (default: a quarter
 * of --timeout, at most 1 s); on a hang the watchdog writes those records to FILE as the hang
 * record `tlx-verify explain --observed FILE` reads (run_rec.c), then exits 124 as without.
 *
 * With --repeat N > 1 it also times N back-to-back launches (gpu_ms_batched) and the same N
 * launches as one CUDA graph (gpu_ms_graph, best of 5 replays), both per launch.
 *
 * Exit status: 0 finished, 1 the kernel faulted (launch failure, illegal address, ...), 2 usage
 * or input error, 3 no usable GPU / driver, 124 the kernel did not finish within --timeout
 * seconds (a hang; the process exits, which tears the context down). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cuda.h>

#include "rec_abi.h"
#include "run.h"
#include "run_rec.h"

enum { EXIT_OK = 0, EXIT_FAULT = 1, EXIT_INPUT = 2, EXIT_NOGPU = 3, EXIT_HANG = 124 };

#define MAX_ARGS 64

typedef struct opts {
  const char *ptx, *cubin, *out;
  unsigned grid[3];
  const char *arg_name[MAX_ARGS], *arg_val[MAX_ARGS];
  int nargs;
  const char *ten_name[MAX_ARGS], *ten_spec[MAX_ARGS];
  int ntens;
  uint64_t seed;
  double timeout;
  int repeat, device;
  const char *rec_out;  /* --recorder FILE */
  double rec_timeout;   /* --rec-timeout S, 0 = default */
} opts;

#define RUN_REC_MAX_CTAS 4096u /* CTAs with room in the record buffer */

/* The hang recorder of one run (--recorder). */
typedef struct rec_ctx {
  run_rec_info info;
  volatile uint64_t *buf;   /* host-mapped, NULL when off */
  unsigned ctas;
  size_t words;
  uint64_t timeout_ns;
  const char *out, *kernel;
} rec_ctx;

/* qsort comparator for launch times. */
static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

static int die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int die(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("tlxv-run: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return code;
}

static const char *cu_err(CUresult r) {
  const char *s = NULL;
  cuGetErrorString(r, &s);
  return s ? s : "unknown CUDA error";
}

/* ------------------------------------------------------------------ watchdog backstop */

static volatile sig_atomic_t g_alarm_armed; /* the only global: read by the signal handler */

static void on_alarm(int sig) {
  (void)sig;
  static const char msg[] = "tlxv-run: HANG: a CUDA call did not return (watchdog backstop)\n";
  if (g_alarm_armed) {
    ssize_t w = write(2, msg, sizeof msg - 1);
    (void)w;
    _exit(EXIT_HANG);
  }
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------ arguments */

static int split_kv(const char *s, const char **name, const char **val, char *buf, size_t n) {
  const char *eq = strchr(s, '=');
  if (!eq || eq == s || (size_t)(eq - s) >= n) return -1;
  memcpy(buf, s, (size_t)(eq - s));
  buf[eq - s] = 0;
  *name = buf;
  *val = eq + 1;
  return 0;
}

static int parse_opts(int argc, char **argv, opts *o, char (*names)[64]) {
  memset(o, 0, sizeof *o);
  o->grid[0] = o->grid[1] = o->grid[2] = 1;
  o->timeout = 10;
  o->repeat = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    bool takes = true;
    if (!strcmp(a, "--cubin") && v) o->cubin = v;
    else if (!strcmp(a, "--out") && v) o->out = v;
    else if (!strcmp(a, "--seed") && v) o->seed = strtoull(v, NULL, 10);
    else if (!strcmp(a, "--timeout") && v) o->timeout = strtod(v, NULL);
    else if (!strcmp(a, "--repeat") && v) o->repeat = atoi(v);
    else if (!strcmp(a, "--device") && v) o->device = atoi(v);
    else if (!strcmp(a, "--recorder") && v) o->rec_out = v;
    else if (!strcmp(a, "--rec-timeout") && v) o->rec_timeout = strtod(v, NULL);
    else if (!strcmp(a, "--grid") && v) {
      unsigned g[3] = {1, 1, 1};
      if (sscanf(v, "%u,%u,%u", &g[0], &g[1], &g[2]) < 1 || !g[0] || !g[1] || !g[2])
        return die(EXIT_INPUT, "--grid %s: expected X[,Y[,Z]] with positive integers", v);
      memcpy(o->grid, g, sizeof g);
    } else if ((!strcmp(a, "--arg") || !strcmp(a, "--tensor")) && v) {
      bool isarg = a[2] == 'a';
      int *n = isarg ? &o->nargs : &o->ntens;
      if (*n == MAX_ARGS) return die(EXIT_INPUT, "too many %s options", a);
      const char *nm, *val;
      if (split_kv(v, &nm, &val, names[(isarg ? 0 : MAX_ARGS) + *n], 64))
        return die(EXIT_INPUT, "%s %s: expected NAME=VALUE", a, v);
      if (isarg) o->arg_name[*n] = nm, o->arg_val[*n] = val;
      else o->ten_name[*n] = nm, o->ten_spec[*n] = val;
      (*n)++;
    } else if (a[0] == '-') {
      return die(EXIT_INPUT, "unknown or incomplete option %s", a);
    } else {
      takes = false;
      if (o->ptx) return die(EXIT_INPUT, "more than one PTX file");
      o->ptx = a;
    }
    if (takes) i++;
  }
  if (!o->ptx) return die(EXIT_INPUT, "usage: tlxv-run KERNEL.ptx [--grid X[,Y[,Z]]] [--arg NAME=V]... [--tensor NAME=SPEC]... [--out DIR] [--timeout S] [--recorder FILE] [--rec-timeout S]");
  if (o->timeout <= 0 || o->repeat < 1) return die(EXIT_INPUT, "--timeout and --repeat must be positive");
  return 0;
}

/* mkdir -p: creates dir and its missing parents. */
static int mkdir_p(const char *dir) {
  char p[1024];
  snprintf(p, sizeof p, "%s", dir);
  for (char *s = p + 1; *s; s++)
    if (*s == '/') {
      *s = 0;
      if (mkdir(p, 0777) && errno != EEXIST) return -1;
      *s = '/';
    }
  return mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
}

static const char *find(const char *const *names, const char *const *vals, int n, const char *want) {
  for (int i = 0; i < n; i++)
    if (!strcmp(names[i], want)) return vals[i];
  return NULL;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *b = malloc(cap);
  while (b) {
    if (n + 4096 > cap) {
      char *nb = realloc(b, cap *= 2);
      if (!nb) {
        free(b);
        b = NULL;
        break;
      }
      b = nb;
    }
    size_t k = fread(b + n, 1, cap - n - 1, f);
    n += k;
    if (!k) break;
  }
  fclose(f);
  if (b) b[n] = 0;
  *len = n;
  return b;
}

/* ------------------------------------------------------------------ kernel parameters */

typedef union scalar {
  int8_t i8;
  int16_t i16;
  int32_t i32;
  int64_t i64;
  float f32;
  double f64;
  uint16_t u16;
} scalar;

static int scalar_of(const run_param *p, const char *v, scalar *s) {
  char *e;
  memset(s, 0, sizeof *s);
  switch (p->dt) {
  case RUN_F32: s->f32 = strtof(v, &e); break;
  case RUN_F64: s->f64 = strtod(v, &e); break;
  case RUN_I1: case RUN_I8: case RUN_U8: s->i8 = (int8_t)strtoll(v, &e, 0); break;
  case RUN_I16: s->i16 = (int16_t)strtoll(v, &e, 0); break;
  case RUN_I32: s->i32 = (int32_t)strtoll(v, &e, 0); break;
  case RUN_I64: s->i64 = strtoll(v, &e, 0); break;
  default: return die(EXIT_INPUT, "--arg %s: %s scalars are not supported", p->name, run_dtype_name(p->dt));
  }
  if (e == v || *e) return die(EXIT_INPUT, "--arg %s=%s: not a number", p->name, v);
  return 0;
}

static CUtensorMapDataType tmap_dtype(run_dtype t) {
  switch (t) {
  case RUN_F16: return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  case RUN_BF16: return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  case RUN_F32: return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  case RUN_F64: return CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
  case RUN_I32: return CU_TENSOR_MAP_DATA_TYPE_INT32;
  case RUN_I64: return CU_TENSOR_MAP_DATA_TYPE_INT64;
  case RUN_I16: return CU_TENSOR_MAP_DATA_TYPE_UINT16;
  default: return CU_TENSOR_MAP_DATA_TYPE_UINT8;
  }
}

static int encode_tmap(CUtensorMap *m, const run_param *p, const run_tensor *t, CUdeviceptr dp) {
  if (t->rank != p->rank)
    return die(EXIT_INPUT, "--tensor %s has rank %d, the descriptor rank %d", p->name, t->rank, p->rank);
  cuuint64_t gdim[RUN_MAX_RANK], gstr[RUN_MAX_RANK];
  cuuint32_t box[RUN_MAX_RANK], est[RUN_MAX_RANK];
  int es = run_dtype_size(t->dt);
  uint64_t stride = (uint64_t)es;
  for (int i = 0; i < p->rank; i++) {
    int d = p->rank - 1 - i; /* tensor maps list the innermost dim first */
    gdim[i] = (cuuint64_t)t->shape[d];
    if (i) gstr[i - 1] = stride;
    stride *= (uint64_t)t->shape[d];
    box[i] = (cuuint32_t)p->box[d];
    est[i] = 1;
  }
  CUtensorMapSwizzle sw = p->swizzle == 128 ? CU_TENSOR_MAP_SWIZZLE_128B
                          : p->swizzle == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                          : p->swizzle == 32 ? CU_TENSOR_MAP_SWIZZLE_32B
                                             : CU_TENSOR_MAP_SWIZZLE_NONE;
  CUresult r = cuTensorMapEncodeTiled(m, tmap_dtype(t->dt), (cuuint32_t)p->rank, (void *)(uintptr_t)dp,
                                      gdim, gstr, box, est, CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
                                      CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    return die(EXIT_INPUT, "cuTensorMapEncodeTiled for %s failed: %s (global strides must be multiples of 16 bytes)",
               p->name, cu_err(r));
  return 0;
}

/* ------------------------------------------------------------------ main */

typedef struct state {
  run_abi abi;
  run_tensor ten[RUN_MAX_PARAMS];   /* per parameter (PTR / TENSORMAP) */
  CUdeviceptr dptr[RUN_MAX_PARAMS];
  scalar sc[RUN_MAX_PARAMS];
  CUtensorMap tmap[RUN_MAX_PARAMS];
  void *kp[RUN_MAX_PARAMS];
} state;

/* On a hang: the records the kernel wrote so far, as a hang record (run_rec.c). */
static void rec_dump(const rec_ctx *rc) {
  if (!rc || !rc->buf) return;
  FILE *f = fopen(rc->out, "w");
  if (!f) {
    fprintf(stderr, "tlxv-run: recorder: cannot write %s\n", rc->out);
    return;
  }
  int n = run_rec_json(f, &rc->info, rc->kernel, rc->buf, rc->ctas, rc->timeout_ns);
  fclose(f);
  fprintf(stderr, "tlxv-run: recorder: %d warp record(s) written to %s%s\n", n, rc->out,
          n ? "" : " (no wait timed out: the kernel spins outside mbarrier waits)");
}

/* While the kernel runs: says once when the first warps are recorded waiting. */
static void rec_poll(const rec_ctx *rc, int *said) {
  if (!rc || !rc->buf || *said) return;
  unsigned cta = 0, op = 0;
  int warp = 0;
  int n = run_rec_waiting(&rc->info, rc->buf, rc->ctas, &cta, &warp, &op);
  if (!n) return;
  *said = 1;
  const char *loc = op >= 1 && op <= rc->info.nops ? rc->info.ops[op - 1].loc : "?";
  fprintf(stderr, "tlxv-run: recorder: %d warp(s) wait longer than %.3f s (first: CTA %u warp %d at %s)\n", n,
          (double)rc->timeout_ns * 1e-9, cta, warp, loc);
}

static int wait_kernel(CUevent done, double timeout, double *ms, const rec_ctx *rc) {
  double t0 = now_s();
  int said = 0;
  double polled = t0;
  for (;;) {
    CUresult r = cuEventQuery(done);
    if (r == CUDA_SUCCESS) break;
    if (r != CUDA_ERROR_NOT_READY) return die(EXIT_FAULT, "the kernel failed: %s", cu_err(r));
    if (now_s() - polled > 0.05) { /* the records, 20 times a second */
      rec_poll(rc, &said);
      polled = now_s();
    }
    if (now_s() - t0 > timeout) {
      fprintf(stderr, "tlxv-run: HANG: the kernel did not finish within %.1f s\n", timeout);
      rec_dump(rc);
      fflush(stderr);
      _exit(EXIT_HANG);
    }
    struct timespec ts = {0, 200000};
    nanosleep(&ts, NULL);
  }
  *ms = (now_s() - t0) * 1e3;
  return 0;
}

#define CK(call, code)                                                                 \
  do {                                                                                 \
    CUresult r_ = (call);                                                              \
    if (r_ != CUDA_SUCCESS) return die(code, "%s failed: %s", #call, cu_err(r_));      \
  } while (0)

/* --recorder: the host-mapped buffer, and the module's globals pointing at it. */
static int rec_setup(const opts *o, const char *ptx, CUmodule mod, rec_ctx *rc) {
  (void)ptx;
  if (!o->rec_out) return 0; /* a recorder kernel without --recorder: the globals stay 0 (off) */
  unsigned long long nct = (unsigned long long)o->grid[0] * o->grid[1] * o->grid[2];
  rc->ctas = nct < RUN_REC_MAX_CTAS ? (unsigned)nct : RUN_REC_MAX_CTAS;
  rc->words = run_rec_words(&rc->info, rc->ctas);
  double to = o->rec_timeout > 0 ? o->rec_timeout : (o->timeout / 4 < 1 ? o->timeout / 4 : 1);
  rc->timeout_ns = (uint64_t)(to * 1e9);
  rc->out = o->rec_out;
  void *host;
  CK(cuMemHostAlloc(&host, rc->words * 8, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE), EXIT_FAULT);
  memset(host, 0, rc->words * 8);
  rc->buf = host;
  CUdeviceptr dp;
  CK(cuMemHostGetDevicePointer(&dp, host, 0), EXIT_FAULT);
  struct { const char *name; const void *v; size_t n; } g[3] = {
      {"tlxv_rec", &dp, 8}, {"tlxv_rec_timeout", &rc->timeout_ns, 8}, {"tlxv_rec_ctas", &rc->ctas, 4}};
  for (int i = 0; i < 3; i++) {
    CUdeviceptr gp;
    size_t gsz;
    CK(cuModuleGetGlobal(&gp, &gsz, mod, g[i].name), EXIT_INPUT);
    if (gsz != g[i].n) return die(EXIT_INPUT, "recorder global %s has %zu bytes, want %zu", g[i].name, gsz, g[i].n);
    CK(cuMemcpyHtoD(gp, g[i].v, g[i].n), EXIT_FAULT);
  }
  return 0;
}

static int run(const opts *o, state *s, rec_ctx *rc) {
  size_t plen;
  char *ptx = read_file(o->ptx, &plen);
  if (!ptx) return die(EXIT_INPUT, "%s: cannot read", o->ptx);
  char err[512];
  if (run_abi_parse(ptx, &s->abi, err, sizeof err)) {
    free(ptx);
    return die(EXIT_INPUT, "%s: %s", o->ptx, err);
  }
  run_abi *a = &s->abi;
  if (run_rec_parse(ptx, &rc->info, err, sizeof err)) {
    free(ptx);
    return die(EXIT_INPUT, "%s: %s", o->ptx, err);
  }
  if (o->rec_out && !rc->info.on) {
    free(ptx);
    return die(EXIT_INPUT, "--recorder: %s has no recorder (lower it with `tlx-verify lower --recorder`)", o->ptx);
  }
  if (o->out && mkdir_p(o->out)) return die(EXIT_INPUT, "%s: cannot create the output folder", o->out);
  /* Host tensors and scalars. */
  for (int i = 0; i < a->np; i++) {
    run_param *p = &a->p[i];
    if (p->kind == RUN_P_PTR || p->kind == RUN_P_TENSORMAP) {
      const char *spec = find(o->ten_name, o->ten_spec, o->ntens, p->name);
      if (!spec) return die(EXIT_INPUT, "missing --tensor %s=FILE.npy|random:SHAPE:%s", p->name, run_dtype_name(p->dt));
      if (run_tensor_make(&s->ten[i], p->name, spec, p->dt, o->seed, err, sizeof err))
        return die(EXIT_INPUT, "%s", err);
      if (o->out) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.in.npy", o->out, p->name);
        if (run_npy_write(&s->ten[i], path, err, sizeof err)) return die(EXIT_INPUT, "%s", err);
      }
    } else if (p->kind == RUN_P_SCALAR) {
      const char *v = find(o->arg_name, o->arg_val, o->nargs, p->name);
      if (!v) return die(EXIT_INPUT, "missing --arg %s=VALUE (%s)", p->name, run_dtype_name(p->dt));
      if (scalar_of(p, v, &s->sc[i])) return EXIT_INPUT;
    } else {
      const run_tensor *t = &s->ten[p->of];
      if (p->dim >= t->rank) return die(EXIT_INPUT, "parameter %s: descriptor dim out of range", p->name);
      int64_t v = t->shape[p->dim];
      if (p->kind == RUN_P_STRIDE) {
        v = 1;
        for (int d = p->dim + 1; d < t->rank; d++) v *= t->shape[d];
      }
      if (p->dt == RUN_I64) s->sc[i].i64 = v;
      else s->sc[i].i32 = (int32_t)v;
    }
  }
  /* The GPU. */
  CUresult r = cuInit(0);
  if (r != CUDA_SUCCESS) return die(EXIT_NOGPU, "cuInit failed: %s (no GPU or driver)", cu_err(r));
  CUdevice dev;
  CK(cuDeviceGet(&dev, o->device), EXIT_NOGPU);
  int maj = 0, min = 0;
  CK(cuDeviceGetAttribute(&maj, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev), EXIT_NOGPU);
  CK(cuDeviceGetAttribute(&min, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev), EXIT_NOGPU);
  int want = !strcmp(a->target, "sm_100a") ? 100 : !strcmp(a->target, "sm_90a") ? 90 : 0;
  if (want && maj * 10 + min != want)
    return die(EXIT_NOGPU, "the kernel is for %s but device %d is sm_%d%d", a->target, o->device, maj, min);
  CUcontext ctx;
  CK(cuDevicePrimaryCtxRetain(&ctx, dev), EXIT_NOGPU);
  CK(cuCtxSetCurrent(ctx), EXIT_NOGPU);
  /* The code: a cubin (from ptxas) when given, else the PTX through the driver's JIT. */
  char *img = ptx;
  size_t ilen;
  if (o->cubin && !(img = read_file(o->cubin, &ilen))) return die(EXIT_INPUT, "%s: cannot read", o->cubin);
  char log[8192] = "";
  CUjit_option jo[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *jv[2] = {log, (void *)(uintptr_t)sizeof log};
  CUmodule mod;
  r = cuModuleLoadDataEx(&mod, img, 2, jo, jv);
  if (r != CUDA_SUCCESS) return die(EXIT_INPUT, "loading the module failed: %s\n%s", cu_err(r), log);
  CUfunction fn;
  CK(cuModuleGetFunction(&fn, mod, a->kernel), EXIT_INPUT);
  rc->kernel = a->kernel;
  if (rec_setup(o, ptx, mod, rc)) return EXIT_INPUT;
  /* Buffers, tensor maps, parameter pointers. */
  for (int i = 0; i < a->np; i++) {
    run_param *p = &a->p[i];
    if (p->kind == RUN_P_PTR || p->kind == RUN_P_TENSORMAP) {
      run_tensor *t = &s->ten[i];
      CK(cuMemAlloc(&s->dptr[i], t->bytes ? t->bytes : 16), EXIT_FAULT);
      CK(cuMemcpyHtoD(s->dptr[i], t->data, t->bytes), EXIT_FAULT);
      if (p->kind == RUN_P_TENSORMAP) {
        if (encode_tmap(&s->tmap[i], p, t, s->dptr[i])) return EXIT_INPUT;
        s->kp[i] = &s->tmap[i];
      } else {
        s->kp[i] = &s->dptr[i];
      }
    } else {
      s->kp[i] = &s->sc[i];
    }
  }
  CK(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)a->smem), EXIT_INPUT);
  CUlaunchAttribute attr[1];
  unsigned nattr = 0;
  if (a->cluster[0] * a->cluster[1] * a->cluster[2] > 1) {
    attr[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr[0].value.clusterDim.x = (unsigned)a->cluster[0];
    attr[0].value.clusterDim.y = (unsigned)a->cluster[1];
    attr[0].value.clusterDim.z = (unsigned)a->cluster[2];
    nattr = 1;
  }
  CUstream st;
  CK(cuStreamCreate(&st, CU_STREAM_NON_BLOCKING), EXIT_FAULT);
  CUevent e0, e1;
  CK(cuEventCreate(&e0, CU_EVENT_DEFAULT), EXIT_FAULT);
  CK(cuEventCreate(&e1, CU_EVENT_DEFAULT), EXIT_FAULT);
  CUlaunchConfig cfg = {0};
  cfg.gridDimX = o->grid[0];
  cfg.gridDimY = o->grid[1];
  cfg.gridDimZ = o->grid[2];
  cfg.blockDimX = (unsigned)a->threads;
  cfg.blockDimY = cfg.blockDimZ = 1;
  cfg.sharedMemBytes = a->smem;
  cfg.hStream = st;
  cfg.attrs = nattr ? attr : NULL;
  cfg.numAttrs = nattr;
  double wall = 0;
  float gpu_ms = 0;
  /* Per-launch GPU times, for the median printed with the result (benchmarks). */
  float *times = calloc((size_t)o->repeat, sizeof *times);
  if (!times) return die(EXIT_FAULT, "out of memory");
  for (int it = 0; it < o->repeat; it++) {
    if (rc->buf) memset((void *)rc->buf, 0, rc->words * 8); /* the previous launch finished */
    CK(cuEventRecord(e0, st), EXIT_FAULT);
    CK(cuLaunchKernelEx(&cfg, fn, s->kp, NULL), EXIT_FAULT);
    CK(cuEventRecord(e1, st), EXIT_FAULT);
    /* Backstop for a driver call that blocks despite the polling below. */
    g_alarm_armed = 1;
    alarm((unsigned)o->timeout + 30);
    int wrc = wait_kernel(e1, o->timeout, &wall, rc);
    alarm(0);
    g_alarm_armed = 0;
    if (wrc) return wrc;
    CK(cuEventElapsedTime(&gpu_ms, e0, e1), EXIT_FAULT);
    times[it] = gpu_ms;
  }
  qsort(times, (size_t)o->repeat, sizeof *times, cmp_float);
  float gpu_ms_median = times[o->repeat / 2];
  free(times);
  /* Back-to-back launches between two events: GPU time per launch without the host's launch
   * latency between synchronized launches (what benchmarks compare). */
  float gpu_ms_batched = gpu_ms;
  if (o->repeat > 1) {
    CK(cuEventRecord(e0, st), EXIT_FAULT);
    for (int it = 0; it < o->repeat; it++) CK(cuLaunchKernelEx(&cfg, fn, s->kp, NULL), EXIT_FAULT);
    CK(cuEventRecord(e1, st), EXIT_FAULT);
    int wrc = wait_kernel(e1, o->timeout, &wall, rc);
    if (wrc) return wrc;
    CK(cuEventElapsedTime(&gpu_ms_batched, e0, e1), EXIT_FAULT);
    gpu_ms_batched /= (float)o->repeat;
  }
  /* The same launches captured in a CUDA graph and replayed (best of 5 replays, per launch):
   * how the benchmark times Triton's side (tests/bench/bench_lowered_vs_triton.py), so both
   * sides pay the same per-launch cost. */
  float gpu_ms_graph = gpu_ms_batched;
  if (o->repeat > 1) {
    CUgraph g;
    CUgraphExec ge;
    CK(cuStreamBeginCapture(st, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL), EXIT_FAULT);
    for (int it = 0; it < o->repeat; it++) CK(cuLaunchKernelEx(&cfg, fn, s->kp, NULL), EXIT_FAULT);
    CK(cuStreamEndCapture(st, &g), EXIT_FAULT);
    CK(cuGraphInstantiate(&ge, g, 0), EXIT_FAULT);
    for (int rep = 0; rep < 6; rep++) { /* the first replay warms up */
      float t = 0;
      CK(cuEventRecord(e0, st), EXIT_FAULT);
      CK(cuGraphLaunch(ge, st), EXIT_FAULT);
      CK(cuEventRecord(e1, st), EXIT_FAULT);
      int wrc = wait_kernel(e1, o->timeout * o->repeat, &wall, rc);
      if (wrc) return wrc;
      CK(cuEventElapsedTime(&t, e0, e1), EXIT_FAULT);
      t /= (float)o->repeat;
      if (rep == 1 || (rep > 1 && t < gpu_ms_graph)) gpu_ms_graph = t;
    }
    cuGraphExecDestroy(ge);
    cuGraphDestroy(g);
  }
  r = cuCtxSynchronize();
  if (r != CUDA_SUCCESS) return die(EXIT_FAULT, "the kernel failed: %s", cu_err(r));
  /* Outputs: every buffer, after the last launch. */
  for (int i = 0; i < a->np && o->out; i++) {
    run_param *p = &a->p[i];
    if (p->kind != RUN_P_PTR && p->kind != RUN_P_TENSORMAP) continue;
    CK(cuMemcpyDtoH(s->ten[i].data, s->dptr[i], s->ten[i].bytes), EXIT_FAULT);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.npy", o->out, p->name);
    if (run_npy_write(&s->ten[i], path, err, sizeof err)) return die(EXIT_INPUT, "%s", err);
  }
  printf("ok kernel=%s grid=%u,%u,%u block=%d smem=%u launches=%d gpu_ms=%.4f gpu_ms_median=%.4f gpu_ms_batched=%.4f "
         "gpu_ms_graph=%.4f\n", a->kernel, o->grid[0], o->grid[1], o->grid[2], a->threads, a->smem, o->repeat,
         (double)gpu_ms, (double)gpu_ms_median, (double)gpu_ms_batched, (double)gpu_ms_graph);
  for (int i = 0; i < a->np; i++) {
    if (s->dptr[i]) cuMemFree(s->dptr[i]);
    free(s->ten[i].data);
  }
  if (img != ptx) free(img);
  free(ptx);
  if (rc->buf) cuMemFreeHost((void *)rc->buf);
  run_rec_free(&rc->info);
  cuModuleUnload(mod);
  cuDevicePrimaryCtxRelease(dev);
  return EXIT_OK;
}

int main(int argc, char **argv) {
  static char names[2 * MAX_ARGS][64];
  opts o;
  int rc = parse_opts(argc, argv, &o, names);
  if (rc) return rc;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigaction(SIGALRM, &sa, NULL);
  /* CUtensorMap needs 64-byte alignment: calloc does not promise it. */
  void *mem = NULL;
  if (posix_memalign(&mem, 64, sizeof(state))) return die(EXIT_INPUT, "out of memory");
  state *s = mem;
  memset(s, 0, sizeof *s);
  rec_ctx recorder;
  memset(&recorder, 0, sizeof recorder);
  rc = run(&o, s, &recorder);
  free(s);
  return rc;
}
