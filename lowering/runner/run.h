/* run.h: tlxv-run, the GPU runner for PTX made by `tlx-verify lower`: reads the ABI header the
 * lowering writes at the top of the PTX, builds inputs (.npy files or generated), encodes
 * tensor maps, launches through the CUDA driver API under a watchdog, writes outputs as .npy.
 * Plain C11 + POSIX; built on the machine with the GPU (Makefile). docs/lowering.md.
 * Ownership: a run_tensor owns its data (malloc'd; the runner frees it); a run_abi holds
 * no pointers; errors go to the caller's buffer. */
#ifndef TLXV_RUN_H
#define TLXV_RUN_H

#include <stddef.h>
#include <stdint.h>

#define RUN_MAX_PARAMS 64
#define RUN_MAX_RANK 5

/* Element types (names as in `tlx-verify sim --tensor` specs). */
typedef enum run_dtype {
  RUN_NONE, RUN_F16, RUN_BF16, RUN_F32, RUN_F64, RUN_F8E4M3, RUN_F8E5M2,
  RUN_I1, RUN_I8, RUN_U8, RUN_I16, RUN_I32, RUN_I64,
} run_dtype;

run_dtype run_dtype_parse(const char *s);
const char *run_dtype_name(run_dtype t);
int run_dtype_size(run_dtype t);

/* How a kernel parameter is filled (one "// tlxv-param" line). */
typedef enum run_pkind {
  RUN_P_SCALAR,     /* --arg NAME=VALUE of type dt */
  RUN_P_PTR,        /* device buffer of a --tensor, elements dt */
  RUN_P_TENSORMAP,  /* CUtensorMap over a --tensor (128 bytes, __grid_constant__) */
  RUN_P_SHAPE,      /* i32: shape[dim] of the tensor of param `of` */
  RUN_P_STRIDE,     /* i64: stride[dim] (elements) of the tensor of param `of` */
} run_pkind;

typedef struct run_param {
  int index;
  char name[64];
  run_pkind kind;
  run_dtype dt;                 /* scalar type / element type */
  int rank;                     /* TENSORMAP */
  int64_t block[RUN_MAX_RANK];  /* TENSORMAP, outermost first */
  int64_t box[RUN_MAX_RANK];
  int swizzle;                  /* bytes: 0, 32, 64, 128 */
  int of, dim;                  /* SHAPE / STRIDE */
} run_param;

typedef struct run_abi {
  char kernel[128];
  int threads;                  /* per CTA */
  unsigned smem;                /* dynamic shared memory bytes */
  int cluster[3];
  char target[16];
  run_param p[RUN_MAX_PARAMS];
  int np;
} run_abi;

/* Parses the header of a PTX text. Returns 0, or -1 with a message in err. */
int run_abi_parse(const char *ptx, run_abi *abi, char *err, size_t errn);

/* A host tensor. */
typedef struct run_tensor {
  char name[64];
  run_dtype dt;
  int rank;
  int64_t shape[RUN_MAX_RANK];
  void *data;                   /* malloc'd, C order */
  size_t bytes;
} run_tensor;

/* FILE.npy | random:SHAPE:DTYPE | zeros:SHAPE:DTYPE (SHAPE like 256x2048). Random floats are
 * uniform in [-1, 1) rounded to the dtype, random ints uniform in [-8, 8], deterministic in
 * (seed, name). want is the element type the kernel expects (RUN_NONE: any). */
int run_tensor_make(run_tensor *t, const char *name, const char *spec, run_dtype want,
                    uint64_t seed, char *err, size_t errn);
int run_npy_read(run_tensor *t, const char *path, char *err, size_t errn);
int run_npy_write(const run_tensor *t, const char *path, char *err, size_t errn);

#endif
