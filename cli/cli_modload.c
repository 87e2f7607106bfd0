/* cli_modload.c: finds and opens the command's loadable modules, each a shared object that
 * exports one function returning a versioned table of entry points:
 *   libtlxv-lower.so  the lowering, LLVM and MLIR (lowering/lw.h lw_api; `lower` only);
 *   libtlxv-sym.so    the Z3 layer (symbolic/sym.h vf_sym_api; check --symbolic, and default
 *                     arguments the static analysis cannot choose: cli/cli_symargs.c).
 * so that a command that needs neither maps neither (start-up: docs/performance.md). Looked up,
 * in order: $<ENV> (a path: TLXV_LOWER_LIB, TLXV_SYM_LIB), the folder of the running
 * executable (the build tree), and ../lib/tlx-verify/ next to it (an install). A module stays
 * loaded until exit (LLVM's static state is not meant to be unloaded; the tables are static). */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "symbolic/sym.h"

/* One module: its file, the environment variable naming another path, the entry point and
 * the table version this command was built against (every table starts with `int version`). */
typedef struct vf_cli_module {
  const char *file, *env, *symbol;
  int version;
} vf_cli_module;

static void *try_open(const char *path, char *why, size_t n) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h && why[0] == 0) snprintf(why, n, "%s", dlerror());
  return h;
}

/* The module's table, or NULL with why (n bytes) saying what failed. */
static const void *module_open(const vf_cli_module *mod, char *why, size_t n) {
  char path[PATH_MAX + 64];
  void *h = NULL;
  why[0] = 0;
  const char *env = getenv(mod->env);
  if (env && *env) h = try_open(env, why, n);
  char exe[PATH_MAX];
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (!h && len > 0) {
    exe[len] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(path, sizeof path, "%s/%s", exe, mod->file);
    h = try_open(path, why, n);
    if (!h) {
      snprintf(path, sizeof path, "%s/../lib/tlx-verify/%s", exe, mod->file);
      h = try_open(path, why, n);
    }
  }
  if (!h) {
    if (!why[0]) snprintf(why, n, "not found");
    return NULL;
  }
  const void *(*get)(void) = (const void *(*)(void))dlsym(h, mod->symbol);
  const void *table = get ? get() : NULL;
  if (!table || *(const int *)table != mod->version) {
    snprintf(why, n, "not a module of this version of tlx-verify: %s", mod->symbol);
    return NULL;
  }
  return table;
}

const lw_api *vf_cli_lowering(void) {
  static const vf_cli_module mod = {"libtlxv-lower.so", "TLXV_LOWER_LIB", LW_API_SYMBOL,
                                    LW_API_VERSION};
  static const lw_api *api;
  if (api) return api;
  char why[512];
  api = module_open(&mod, why, sizeof why);
  if (!api)
    fprintf(stderr,
            "tlx-verify: error: lower: cannot load the lowering module %s (%s); it is built next to "
            "tlx-verify (set %s to its path)\n",
            mod.file, why, mod.env);
  return api;
}

/* The Z3 layer's table: set by vf_cli_sym_use, or opened on first use. */
static const vf_sym_api *g_sym;
static bool g_sym_failed; /* tried and failed: said once, not retried */

void vf_cli_sym_use(const vf_sym_api *api) { g_sym = api; }

const vf_sym_api *vf_cli_symbolic(const char *why_needed) {
  static const vf_cli_module mod = {"libtlxv-sym.so", "TLXV_SYM_LIB", VF_SYM_API_SYMBOL,
                                    VF_SYM_API_VERSION};
  if (g_sym || g_sym_failed) return g_sym;
  char why[512];
  g_sym = module_open(&mod, why, sizeof why);
  if (!g_sym) {
    g_sym_failed = true;
    fprintf(stderr,
            "tlx-verify: %s: cannot load the symbolic module %s (%s); it is built next to "
            "tlx-verify (set %s to its path)\n",
            why_needed, mod.file, why, mod.env);
  }
  return g_sym;
}
