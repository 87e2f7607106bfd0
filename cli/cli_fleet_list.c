/* cli_fleet_list.c: which kernels a fleet checks (cli_fleet_internal.h): the input files, the
 * *.ttgir / *.ttir files of the input directories (Triton's cache and dump trees hold
 * <hash>/<kernel>.ttir next to <kernel>.ttgir, .llir, .ptx, .json: the .ttgir is the one with
 * the partitions and barriers), sorted, and the subset of one --shard. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_fleet_internal.h"
#include "ir/ir_alloc.h"

typedef struct fl_list_acc {
  char **path;
  uint32_t n, cap;
} fl_list_acc;

static void push(fl_list_acc *a, char *p) {
  if (a->n == a->cap) {
    a->cap = a->cap ? 2 * a->cap : 64;
    a->path = ir_xrealloc(a->path, a->cap, sizeof *a->path);
  }
  a->path[a->n++] = p;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

static char *join(const char *dir, const char *name) {
  size_t n = strlen(dir);
  bool slash = n && dir[n - 1] == '/';
  char *p = ir_xmalloc(n + strlen(name) + 2, 1);
  sprintf(p, "%s%s%s", dir, slash ? "" : "/", name);
  return p;
}

/* Walks dir; 0, or -1 with msg. */
static int walk(const char *dir, fl_list_acc *a, char *msg, size_t msg_n) {
  DIR *d = opendir(dir);
  if (!d) {
    snprintf(msg, msg_n, "%s: %s", dir, strerror(errno));
    return -1;
  }
  int rc = 0;
  struct dirent *e;
  while (!rc && (e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char *p = join(dir, e->d_name);
    struct stat st;
    if (lstat(p, &st)) {
      free(p);
      continue; /* removed while we walk */
    }
    if (S_ISDIR(st.st_mode)) {
      rc = walk(p, a, msg, msg_n);
      free(p);
    } else if ((ends_with(p, ".ttgir") || ends_with(p, ".ttir")) && !stat(p, &st) &&
               S_ISREG(st.st_mode)) {
      push(a, p); /* a regular file, or a link to one */
    } else {
      free(p);
    }
  }
  closedir(d);
  return rc;
}

static int cmp_path(const void *x, const void *y) {
  return strcmp(*(char *const *)x, *(char *const *)y);
}

int fl_list(const vf_fleet *f, char **argv, fl_kernel **out, uint32_t *n, char *msg, size_t msg_n) {
  fl_list_acc a = {0};
  int rc = 0;
  for (uint32_t k = 0; k < f->n_input && !rc; k++) {
    const char *in = argv[f->input[k]];
    struct stat st;
    if (stat(in, &st)) {
      snprintf(msg, msg_n, "%s: %s", in, strerror(errno));
      rc = -1;
    } else if (S_ISDIR(st.st_mode)) {
      rc = walk(in, &a, msg, msg_n);
    } else {
      push(&a, ir_xstrdup(in));
    }
  }
  if (a.n) qsort(a.path, a.n, sizeof *a.path, cmp_path);
  /* duplicates, and a .ttir whose .ttgir is in the list (sorted: look it up) */
  uint32_t w = 0;
  for (uint32_t k = 0; k < a.n; k++) {
    bool drop = w && !strcmp(a.path[w - 1], a.path[k]);
    if (!drop && ends_with(a.path[k], ".ttir")) {
      size_t len = strlen(a.path[k]);
      char *g = ir_xmalloc(len + 3, 1);
      memcpy(g, a.path[k], len - 5);
      strcpy(g + len - 5, ".ttgir");
      drop = bsearch(&g, a.path, a.n, sizeof *a.path, cmp_path) != NULL;
      free(g);
    }
    if (drop) free(a.path[k]);
    else a.path[w++] = a.path[k];
  }
  a.n = w;
  if (rc) {
    for (uint32_t k = 0; k < a.n; k++) free(a.path[k]);
    free(a.path);
    return -1;
  }
  fl_kernel *ks = ir_xcalloc(a.n ? a.n : 1, sizeof *ks);
  for (uint32_t k = 0; k < a.n; k++) ks[k].path = a.path[k];
  free(a.path);
  *out = ks;
  *n = a.n;
  return 0;
}

void fl_shard(fl_kernel *k, uint32_t *n, uint64_t shard_k, uint64_t shard_n) {
  if (!shard_n) return;
  uint32_t w = 0;
  for (uint32_t i = 0; i < *n; i++) {
    if (i % shard_n == shard_k % shard_n) k[w++] = k[i];
    else free(k[i].path);
  }
  *n = w;
}

void fl_kernels_free(fl_kernel *k, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    free(k[i].path);
    free(k[i].error);
    if (k[i].doc) json_decref(k[i].doc);
    if (k[i].out) fclose(k[i].out);
    if (k[i].err) fclose(k[i].err);
  }
  free(k);
}
