/* cli_lwload.c: finds and opens the lowering module libtlxv-lower.so (lowering/lw.h, lw_api)
 * for `tlx-verify lower`. Looked up, in order: $TLXV_LOWER_LIB (a path), the folder of the
 * running executable (the build tree), and ../lib/tlx-verify/ next to it (an install). The
 * module stays loaded until exit (LLVM's static state is not meant to be unloaded). */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define LW_MODULE_NAME "libtlxv-lower.so"

static void *try_open(const char *path, char *why, size_t n) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h && why[0] == 0) snprintf(why, n, "%s", dlerror());
  return h;
}

const lw_api *vf_cli_lowering(void) {
  static const lw_api *api;
  if (api) return api;
  char why[512] = "", path[PATH_MAX + 64];
  void *h = NULL;
  const char *env = getenv("TLXV_LOWER_LIB");
  if (env && *env) h = try_open(env, why, sizeof why);
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (!h && n > 0) {
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(path, sizeof path, "%s/%s", exe, LW_MODULE_NAME);
    h = try_open(path, why, sizeof why);
    if (!h) {
      snprintf(path, sizeof path, "%s/../lib/tlx-verify/%s", exe, LW_MODULE_NAME);
      h = try_open(path, why, sizeof why);
    }
  }
  if (!h) {
    fprintf(stderr,
            "tlx-verify: error: lower: cannot load the lowering module %s (%s); it is built next to "
            "tlx-verify (set TLXV_LOWER_LIB to its path)\n",
            LW_MODULE_NAME, why[0] ? why : "not found");
    return NULL;
  }
  const lw_api *(*get)(void) = (const lw_api *(*)(void))dlsym(h, LW_API_SYMBOL);
  const lw_api *a = get ? get() : NULL;
  if (!a || a->version != LW_API_VERSION) {
    fprintf(stderr, "tlx-verify: error: lower: %s is not a lowering module of this version (%s)\n",
            LW_MODULE_NAME, LW_API_SYMBOL);
    return NULL;
  }
  api = a;
  return api;
}
