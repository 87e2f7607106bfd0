/* data_blas.c: loads OpenBLAS on first use (data_blas.h). The shared object's name is the
 * soname found at configure time (TLXV_OPENBLAS_SONAME, CMakeLists.txt), i.e. the library
 * the build would have linked; the dynamic loader's search path finds it. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "data_blas.h"

#ifndef TLXV_OPENBLAS_SONAME
#define TLXV_OPENBLAS_SONAME "libopenblas.so.0" /* Debian 12 (libopenblas0-pthread) */
#endif

static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static sim_blas g_blas;       /* filled by load() under g_once, read-only afterwards */
static const sim_blas *g_ok;  /* &g_blas when every symbol resolved, else NULL */
static char g_why[384];       /* why loading failed (when g_ok is NULL) */

static void load(void) {
  void *h = dlopen(TLXV_OPENBLAS_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *e = dlerror();
    snprintf(g_why, sizeof g_why, "cannot load OpenBLAS (%s)", e ? e : TLXV_OPENBLAS_SONAME);
    return;
  }
  /* dlsym returns void *; POSIX guarantees it converts to a function pointer */
  *(void **)&g_blas.sgemm = dlsym(h, "cblas_sgemm");
  *(void **)&g_blas.dgemm = dlsym(h, "cblas_dgemm");
  *(void **)&g_blas.set_num_threads = dlsym(h, "openblas_set_num_threads");
  if (!g_blas.sgemm || !g_blas.dgemm || !g_blas.set_num_threads) {
    snprintf(g_why, sizeof g_why, "%s lacks cblas_sgemm, cblas_dgemm or openblas_set_num_threads",
             TLXV_OPENBLAS_SONAME);
    return; /* left loaded: unloading a half-used library gains nothing */
  }
  /* The GEMMs of simulate mode are tile-sized (64x64x64): one BLAS thread is fastest, and
   * idle OpenBLAS worker threads would otherwise spin on the shared cores. */
  g_blas.set_num_threads(1);
  g_ok = &g_blas;
}

const sim_blas *sim_blas_get(const char **why) {
  pthread_once(&g_once, load);
  if (!g_ok && why) *why = g_why;
  return g_ok;
}
