/* data_blas.h: private to sim/: OpenBLAS, opened with dlopen the first time simulate mode
 * multiplies (data_blas.c), so that the commands that never compute a dot (check, parse,
 * explain, graph, ...) do not map OpenBLAS nor start its thread pool at process start-up.
 * Ownership: the table is static, filled once, never freed; the library stays loaded until
 * exit. cblas.h supplies the types and enums only (the library is not linked). */
#ifndef TLXV_DATA_BLAS_H
#define TLXV_DATA_BLAS_H

#include <cblas.h>

/* The three entry points simulate mode uses, resolved with dlsym. */
typedef struct sim_blas {
  void (*sgemm)(enum CBLAS_ORDER, enum CBLAS_TRANSPOSE, enum CBLAS_TRANSPOSE, blasint m,
                blasint n, blasint k, float alpha, const float *a, blasint lda, const float *b,
                blasint ldb, float beta, float *c, blasint ldc);
  void (*dgemm)(enum CBLAS_ORDER, enum CBLAS_TRANSPOSE, enum CBLAS_TRANSPOSE, blasint m,
                blasint n, blasint k, double alpha, const double *a, blasint lda,
                const double *b, blasint ldb, double beta, double *c, blasint ldc);
  void (*set_num_threads)(int n);
} sim_blas;

/* The table, loading OpenBLAS on the first call (thread-safe) and setting it to one thread;
 * NULL when the library or a symbol is missing: then *why (when why is not NULL) points to a
 * static message saying what failed. */
const sim_blas *sim_blas_get(const char **why);

#endif
