/* cli_opt.c: the one option parser of the commands (cli.h vf_cli_args): words read in
 * order, "NAME VALUE" or "NAME=VALUE" for an option that takes a value, integer values with
 * their ranges, and the one usage-error line every command prints. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

void vf_cli_args_init(vf_cli_args *p, const char *cmd, int argc, char **argv) {
  memset(p, 0, sizeof *p);
  p->cmd = cmd;
  p->argc = argc;
  p->argv = argv;
}

const char *vf_cli_next(vf_cli_args *p) {
  if (p->rc || p->i + 1 >= p->argc) return p->word = NULL;
  return p->word = p->argv[++p->i];
}

int vf_cli_usage(vf_cli_args *p, const char *fmt, ...) {
  fprintf(stderr, "tlx-verify %s: error: ", p->cmd);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "; see 'tlx-verify %s --help'\n", p->cmd);
  return p->rc = VF_EXIT_INPUT;
}

bool vf_cli_flag(vf_cli_args *p, const char *name) {
  return p->word && !strcmp(p->word, name);
}

bool vf_cli_value(vf_cli_args *p, const char *name, const char **val) {
  if (!p->word) return false;
  size_t n = strlen(name);
  if (strncmp(p->word, name, n)) return false;
  if (p->word[n] == '=') { /* NAME=VALUE */
    *val = p->word + n + 1;
    return true;
  }
  if (p->word[n]) return false;
  if (p->i + 1 >= p->argc) {
    *val = NULL;
    vf_cli_usage(p, "option %s needs a value", name);
    return true;
  }
  *val = p->argv[++p->i];
  return true;
}

/* The word is option name with an integer value (signed or not, cli_num.c). */
static bool int_opt(vf_cli_args *p, const char *name, bool sgn, uint64_t lo, uint64_t hi, uint64_t *out) {
  const char *v;
  char msg[300];
  if (!vf_cli_value(p, name, &v)) return false;
  if (v && !vf_cli_opt_num(name, v, sgn, lo, hi, out, msg, sizeof msg)) vf_cli_usage(p, "%s", msg);
  return true;
}

bool vf_cli_i64(vf_cli_args *p, const char *name, int64_t lo, int64_t hi, int64_t *out) {
  uint64_t v = (uint64_t)*out;
  bool is = int_opt(p, name, true, (uint64_t)lo, (uint64_t)hi, &v);
  *out = (int64_t)v;
  return is;
}

bool vf_cli_u64(vf_cli_args *p, const char *name, uint64_t lo, uint64_t hi, uint64_t *out) {
  return int_opt(p, name, false, lo, hi, out);
}

bool vf_cli_input(vf_cli_args *p, const char **file) {
  const char *a = p->word;
  if (!a) return false;
  if (a[0] == '-' && a[1]) {
    vf_cli_usage(p, "unknown option '%s'", a);
    return true;
  }
  if (*file) {
    vf_cli_usage(p, "takes one FILE (got '%s' and '%s')", *file, a);
    return true;
  }
  *file = a;
  return true;
}

bool vf_cli_help(vf_cli_args *p, const char *usage) {
  if (!vf_cli_flag(p, "--help") && !vf_cli_flag(p, "-h")) return false;
  fputs(usage, stdout);
  return true;
}

char *vf_cli_input_text(vf_cli_args *p, const char *file, size_t *len) {
  if (p->rc) return NULL;
  if (!file) {
    vf_cli_usage(p, "needs a FILE ('-' for standard input)");
    return NULL;
  }
  char *buf = vf_cli_read_text(file, len);
  if (!buf) p->rc = VF_EXIT_INPUT;
  return buf;
}
