/* cli_fleet.c: `check DIR` / `check A B ...` (cli_fleet.h): the fleet's options and its jobs.
 * Each kernel is checked by a forked child that runs vf_cmd_check with the command's other
 * options and --format json (sarif for a SARIF report) into a temporary file; at most -j of
 * them run at once. A child that crashes, is killed (out of memory) or writes no report makes
 * that kernel an error; the other kernels are not affected. */
#define _POSIX_C_SOURCE 200809L /* fork, waitpid, sysconf, fileno */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_fleet_internal.h"
#include "ir/ir_alloc.h"

#define FL_MAX_JOBS 4096

bool vf_fleet_opt(vf_fleet *f, vf_cli_args *p) {
  const char *a = p->word, *val = NULL;
  bool jobs;
  int own = p->i;
  if (vf_cli_value(p, "-j", &val) || vf_cli_value(p, "--jobs", &val)) {
    jobs = true;
  } else if (vf_cli_value(p, "--shard", &val)) {
    jobs = false;
  } else if (a && !strncmp(a, "-j", 2) && a[2] >= '0' && a[2] <= '9') {
    val = a + 2;
    jobs = true;
  } else {
    return false;
  }
  if (!val) return true; /* missing: the usage error is printed */
  if (f->n_own + 2 <= sizeof f->own / sizeof f->own[0]) {
    f->own[f->n_own++] = own;
    if (own != p->i) f->own[f->n_own++] = p->i;
  }
  f->given = true;
  char msg[300];
  if (jobs) {
    uint64_t v;
    if (!vf_cli_opt_num("-j", val, false, 1, FL_MAX_JOBS, &v, msg, sizeof msg)) vf_cli_usage(p, "%s", msg);
    else f->jobs = (uint32_t)v;
    return true;
  }
  /* --shard K/N: N from 1; K from 0 to N (taken mod N: 0-based and 1-based indices both work) */
  const char *slash = strchr(val, '/');
  char kbuf[32];
  uint64_t k, nn;
  if (!slash || (size_t)(slash - val) >= sizeof kbuf) {
    vf_cli_usage(p, "--shard expects K/N (shard K of N, 0 <= K <= N), got '%s'", val);
    return true;
  }
  memcpy(kbuf, val, (size_t)(slash - val));
  kbuf[slash - val] = 0;
  if (ir_num_u64(slash + 1, 1, 1000000, &nn) != IR_NUM_OK) {
    vf_cli_usage(p, "--shard K/N: N must be an integer from 1 to 1000000, got '%s'", val);
    return true;
  }
  if (ir_num_u64(kbuf, 0, nn, &k) != IR_NUM_OK) {
    vf_cli_usage(p, "--shard K/N: K must be an integer from 0 to N, got '%s'", val);
    return true;
  }
  f->shard_k = k;
  f->shard_n = nn;
  return true;
}

void vf_fleet_input(vf_fleet *f, int i) {
  if (f->n_input < sizeof f->input / sizeof f->input[0]) f->input[f->n_input++] = i;
  else f->overflow = true;
}

bool vf_fleet_wanted(const vf_fleet *f, char **argv) {
  struct stat st;
  return f->given || f->n_input > 1 || f->overflow ||
         (f->n_input == 1 && !stat(argv[f->input[0]], &st) && S_ISDIR(st.st_mode));
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The child: stdin from /dev/null, stdout and stderr into the kernel's files, then check. */
static void child(fl_kernel *k, char **cargv, int cargc) {
  int null = open("/dev/null", O_RDONLY);
  if (null >= 0) dup2(null, 0);
  dup2(fileno(k->out), 1);
  dup2(fileno(k->err), 2);
  cargv[1] = k->path;
  int rc = vf_cmd_check(cargc, cargv);
  fflush(stdout);
  fflush(stderr);
  _exit(rc);
}

static char *slurp(FILE *f) {
  rewind(f);
  size_t cap = 256, n = 0;
  char *s = ir_xmalloc(cap, 1);
  size_t got;
  while ((got = fread(s + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (n + 1 == cap) s = ir_xrealloc(s, cap *= 2, 1);
  }
  while (n && (s[n - 1] == '\n' || s[n - 1] == ' ')) n--;
  s[n] = 0;
  return s;
}

/* The verdict of a finished child (status from waitpid). */
static void finish(fl_kernel *k, int status) {
  char why[160];
  k->verdict = "error";
  k->exit_code = VF_EXIT_INPUT;
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    snprintf(why, sizeof why, "the check was killed by signal %d (%s)%s", sig, strsignal(sig),
             sig == SIGKILL ? "; out of memory?" : "");
    k->error = ir_xstrdup(why);
  } else if (WEXITSTATUS(status) == VF_EXIT_INPUT) {
    k->error = slurp(k->err);
    if (!*k->error) {
      free(k->error);
      k->error = ir_xstrdup("the check failed (exit 2) without a message");
    }
  } else {
    int rc = WEXITSTATUS(status);
    json_error_t je;
    rewind(k->out);
    k->doc = rc == VF_EXIT_OK || rc == VF_EXIT_BUG || rc == VF_EXIT_INCONCLUSIVE
                 ? json_loadf(k->out, 0, &je) : NULL;
    if (!k->doc) {
      snprintf(why, sizeof why, "the check exited with status %d without a readable report", rc);
      k->error = ir_xstrdup(why);
    } else {
      k->exit_code = rc;
      k->verdict = rc == VF_EXIT_BUG ? "bug" : rc == VF_EXIT_INCONCLUSIVE ? "inconclusive" : "verified";
      k->warnings = fl_doc_warnings(k->doc);
    }
  }
  fclose(k->out);
  fclose(k->err);
  k->out = k->err = NULL;
  k->pid = 0;
}

/* Starts kernel k's check; false when fork failed (the caller retries once a job ended). */
static bool start(fl_kernel *k, char **cargv, int cargc) {
  if (!k->out) k->out = tmpfile();
  if (!k->err) k->err = tmpfile();
  if (!k->out || !k->err) return false;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) return false;
  if (pid == 0) child(k, cargv, cargc);
  k->pid = pid;
  return true;
}

static void run_all(fl_kernel *ks, uint32_t n, uint32_t jobs, char **cargv, int cargc) {
  uint32_t next = 0, running = 0;
  while (next < n || running) {
    while (running < jobs && next < n) {
      if (!start(&ks[next], cargv, cargc)) {
        if (running) break; /* no process or file now: wait for a job to end */
        ks[next].verdict = "error";
        ks[next].exit_code = VF_EXIT_INPUT;
        ks[next].error = ir_xstrdup(strerror(errno));
        next++;
        continue;
      }
      next++;
      running++;
    }
    if (!running) continue;
    int status;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      break; /* ECHILD: nothing left to wait for */
    }
    for (uint32_t k = 0; k < next; k++)
      if (ks[k].pid == pid) {
        finish(&ks[k], status);
        running--;
        break;
      }
  }
}

int vf_fleet_run(const vf_fleet *f, int argc, char **argv, const char *format, bool quiet) {
  char msg[600];
  if (f->overflow) {
    fprintf(stderr, "tlx-verify: error: more than %zu inputs; pass their directory instead\n",
            sizeof f->input / sizeof f->input[0]);
    return VF_EXIT_INPUT;
  }
  for (uint32_t k = 0; k < f->n_input; k++)
    if (!strcmp(argv[f->input[k]], "-")) {
      fputs("tlx-verify: error: '-' (standard input) cannot be checked with other inputs, -j or "
            "--shard; see tlx-verify --help\n", stderr);
      return VF_EXIT_INPUT;
    }
  double t0 = now_s();
  fl_kernel *ks = NULL;
  uint32_t n = 0;
  if (fl_list(f, argv, &ks, &n, msg, sizeof msg)) {
    fprintf(stderr, "tlx-verify: error: %s\n", msg);
    return VF_EXIT_INPUT;
  }
  fl_summary s = {.found = n, .shard_k = f->shard_k, .shard_n = f->shard_n};
  if (!n) {
    fputs("tlx-verify: error: no kernel (*.ttgir or *.ttir file) in", stderr);
    for (uint32_t k = 0; k < f->n_input; k++) fprintf(stderr, " %s", argv[f->input[k]]);
    fputc('\n', stderr);
    fl_kernels_free(ks, n);
    return VF_EXIT_INPUT;
  }
  fl_shard(ks, &n, f->shard_k, f->shard_n);
  /* each kernel's command line: "check", its path, every other word, then the report format */
  char **cargv = ir_xcalloc((size_t)argc + 4, sizeof *cargv);
  int cargc = 0;
  cargv[cargc++] = argv[0];
  cargv[cargc++] = NULL; /* the kernel's path (child) */
  for (int i = 1; i < argc; i++) {
    bool skip = false;
    for (uint32_t k = 0; k < f->n_input; k++) skip |= f->input[k] == i;
    for (uint32_t k = 0; k < f->n_own; k++) skip |= f->own[k] == i;
    if (!skip) cargv[cargc++] = argv[i];
  }
  cargv[cargc++] = "--format";
  cargv[cargc++] = strcmp(format, "sarif") ? "json" : "sarif";
  uint32_t jobs = f->jobs;
  if (!jobs) {
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    jobs = c < 1 ? 1 : c > FL_MAX_JOBS ? FL_MAX_JOBS : (uint32_t)c;
  }
  run_all(ks, n, jobs, cargv, cargc);
  free(cargv);
  s.kernels = n;
  for (uint32_t k = 0; k < n; k++) {
    const char *v = ks[k].verdict;
    if (!v) {
      ks[k].verdict = "error";
      ks[k].exit_code = VF_EXIT_INPUT;
      ks[k].error = ir_xstrdup("the check did not run");
      v = ks[k].verdict;
    }
    s.warnings += ks[k].warnings;
    if (!strcmp(v, "verified")) s.verified++;
    else if (!strcmp(v, "bug")) s.bug++;
    else if (!strcmp(v, "inconclusive")) s.inconclusive++;
    else s.error++;
  }
  /* a bug is never hidden by an error or an inconclusive kernel elsewhere: bug > error >
   * inconclusive > verified (docs/manual.md "Fleets"); the report counts each */
  s.exit_code = s.bug ? VF_EXIT_BUG : s.error ? VF_EXIT_INPUT : s.inconclusive ? VF_EXIT_INCONCLUSIVE : VF_EXIT_OK;
  s.seconds = now_s() - t0;
  int wrc = 0;
  if (!strcmp(format, "json")) wrc = fl_report_json(ks, n, &s, stdout);
  else if (!strcmp(format, "sarif")) wrc = fl_report_sarif(ks, n, &s, stdout);
  else fl_report_text(ks, n, &s, stdout, quiet);
  fl_kernels_free(ks, n);
  if (wrc || fflush(stdout)) {
    fputs("tlx-verify: error: cannot write the report\n", stderr);
    return VF_EXIT_INPUT;
  }
  return s.exit_code;
}
