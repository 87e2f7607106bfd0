// mbar_word.cu: puts mbarriers in known states and reads the raw 64-bit word three ways (issue 17, run 2).
//
// The layout verify/obs_mbar.c decodes is reverse-engineered (/work/shared/docs/hangs.md §2; PTX ISA
// calls the object opaque, §9.7.13.15.2). Each scenario below is a sequence of PTX mbarrier operations
// whose resulting state PTX defines (expected count, pending arrivals, tx-count, phase parity); the
// kernel reads the word with a plain volatile shared load, reads it again after mbarrier.inval, asks
// mbarrier.test_wait.parity for parity 0 and 1, and keeps the state token the last arrive returned.
// `mbar_word table` prints one TSV row per scenario (tests/device/ref/mbar_words.tsv; the unit test
// test_obs_mbar checks the decoder against it). `mbar_word hang` leaves barriers in known states and
// spins on one that never completes, for the coredump / cuda-gdb part (mbar_word.sh).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ __forceinline__ uint32_t sa(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void m_init(uint64_t *b, uint32_t n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(sa(b)), "r"(n) : "memory");
}
__device__ __forceinline__ uint64_t m_arrive(uint64_t *b) {
  uint64_t s;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(s) : "r"(sa(b)) : "memory");
  return s;
}
__device__ __forceinline__ uint64_t m_arrive_n(uint64_t *b, uint32_t n) {
  uint64_t s;
  asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1], %2;" : "=l"(s) : "r"(sa(b)), "r"(n) : "memory");
  return s;
}
__device__ __forceinline__ uint64_t m_arrive_tx(uint64_t *b, uint32_t tx) {
  uint64_t s;
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 %0, [%1], %2;" : "=l"(s) : "r"(sa(b)), "r"(tx)
               : "memory");
  return s;
}
__device__ __forceinline__ void m_expect_tx(uint64_t *b, uint32_t tx) {
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(sa(b)), "r"(tx) : "memory");
}
__device__ __forceinline__ void m_complete_tx(uint64_t *b, uint32_t tx) {
  asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(sa(b)), "r"(tx) : "memory");
}
__device__ __forceinline__ uint32_t m_test(uint64_t *b, uint32_t parity) {
  uint32_t r;
  asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
               : "=r"(r) : "r"(sa(b)), "r"(parity) : "memory");
  return r;
}
__device__ __forceinline__ void m_inval(uint64_t *b) {
  asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(sa(b)) : "memory");
}
__device__ __forceinline__ uint64_t ld_plain(uint64_t *b) {
  uint64_t v;
  asm volatile("ld.volatile.shared.b64 %0, [%1];" : "=l"(v) : "r"(sa(b)) : "memory");
  return v;
}

// One scenario: what was done, and the state PTX defines for it afterwards.
struct Row {
  char name[48];
  int count, pending, tx, phase;  // expected arrivals per phase, still owed, tx-count, current phase parity
  unsigned long long plain, plain_late, inval, state;
  unsigned tw0, tw1;
};

#define NS 13
__global__ void scenarios(Row *out) {
  __shared__ __align__(8) uint64_t bar[NS];
  if (threadIdx.x == 0) {
    for (int i = 0; i < NS; i++) bar[i] = 0;
  }
  __syncthreads();
  uint64_t st[NS] = {0};
  if (threadIdx.x == 0) {
    m_init(&bar[0], 32);
    m_init(&bar[1], 1);
    m_init(&bar[2], 4); st[2] = m_arrive(&bar[2]);
    m_init(&bar[3], 4); m_arrive(&bar[3]); m_arrive(&bar[3]); st[3] = m_arrive(&bar[3]);
    m_init(&bar[4], 2); m_arrive(&bar[4]); st[4] = m_arrive(&bar[4]);
    m_init(&bar[5], 1); m_arrive(&bar[5]); st[5] = m_arrive(&bar[5]);
    m_init(&bar[6], 1); m_expect_tx(&bar[6], 256);
    m_init(&bar[7], 1); m_expect_tx(&bar[7], 256); m_complete_tx(&bar[7], 128);
    m_init(&bar[8], 1); st[8] = m_arrive_tx(&bar[8], 1024);
    m_init(&bar[9], 2); st[9] = m_arrive_tx(&bar[9], 64); m_complete_tx(&bar[9], 64);
    m_init(&bar[10], 3); st[10] = m_arrive_n(&bar[10], 2);
    m_init(&bar[11], 1); m_complete_tx(&bar[11], 16);
    m_init(&bar[12], 2);
  }
  __syncthreads();
  if (threadIdx.x == 32) st[12] = m_arrive(&bar[12]);  // another warp arrives; warp 0 reads below
  __syncthreads();
  if (threadIdx.x == 0) {
    static const char *names[NS] = {
        "init(32)", "init(1)", "init(4) arrive", "init(4) arrive x3", "init(2) arrive x2",
        "init(1) arrive x2", "init(1) expect_tx(256)", "init(1) expect_tx(256) complete_tx(128)",
        "init(1) arrive.expect_tx(1024)", "init(2) arrive.expect_tx(64) complete_tx(64)",
        "init(3) arrive(count=2)", "init(1) complete_tx(16)", "init(2) arrive by warp 1"};
    static const int facts[NS][4] = {  // count, pending, tx, phase
        {32, 32, 0, 0}, {1, 1, 0, 0}, {4, 3, 0, 0}, {4, 1, 0, 0}, {2, 2, 0, 1},
        {1, 1, 0, 0}, {1, 1, 256, 0}, {1, 1, 128, 0}, {1, 0, 1024, 0}, {2, 1, 0, 0},
        {3, 1, 0, 0}, {1, 1, -16, 0}, {2, 1, 0, 0}};
    for (int i = 0; i < NS; i++) {
      Row r;
      memset(&r, 0, sizeof r);
      const char *n = names[i];
      int k = 0;
      while (n[k] && k < 47) { r.name[k] = n[k]; k++; }
      r.count = facts[i][0]; r.pending = facts[i][1]; r.tx = facts[i][2]; r.phase = facts[i][3];
      r.plain = ld_plain(&bar[i]);
      r.state = st[i];
      r.tw0 = m_test(&bar[i], 0);
      r.tw1 = m_test(&bar[i], 1);
      __nanosleep(100000);
      __threadfence_block();
      r.plain_late = ld_plain(&bar[i]);
      out[i] = r;
    }
    for (int i = 0; i < NS; i++) {
      m_inval(&bar[i]);
      out[i].inval = ld_plain(&bar[i]);
    }
  }
}

// The hang: bar[0] init(2) with one arrival, bar[1] init(1) with 512 tx bytes expected, bar[2] init(1)
// completed once (phase 1). Warp 0 waits on bar[0] parity 0 (never completes); warp 1 waits on bar[1]
// parity 0; the other warps exit. The shared-memory offset of bar[] goes to host-mapped memory first.
__global__ void hang(volatile unsigned long long *info) {
  __shared__ __align__(8) uint64_t bar[4];
  if (threadIdx.x == 0) {
    m_init(&bar[0], 2); m_arrive(&bar[0]);
    m_init(&bar[1], 1); m_expect_tx(&bar[1], 512);
    m_init(&bar[2], 1); m_arrive(&bar[2]);
    m_init(&bar[3], 32);
    info[0] = sa(&bar[0]);
    info[1] = ld_plain(&bar[0]); info[2] = ld_plain(&bar[1]); info[3] = ld_plain(&bar[2]); info[4] = ld_plain(&bar[3]);
    __threadfence_system();
    info[5] = 1;
  }
  __syncthreads();
  int w = threadIdx.x / 32;
  if (w < 2) {
    while (!m_test(&bar[w], 0)) __nanosleep(1000);  // line of the hang (both warps)
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "hang") == 0) {
    unsigned long long *h, *d;
    CK(cudaHostAlloc(&h, 8 * sizeof *h, cudaHostAllocMapped));
    memset(h, 0, 8 * sizeof *h);
    CK(cudaHostGetDevicePointer(&d, h, 0));
    hang<<<1, 128>>>(d);
    CK(cudaGetLastError());
    while (!((volatile unsigned long long *)h)[5]) {}
    printf("smem_offset\t0x%llx\n", h[0]);
    for (int i = 0; i < 4; i++) printf("bar%d\t0x%016llx\n", i, h[1 + i]);
    fflush(stdout);
    CK(cudaDeviceSynchronize());  // never returns: the script dumps and kills the process
    return 0;
  }
  Row *d, h[NS];
  CK(cudaMalloc(&d, sizeof h));
  scenarios<<<1, 64>>>(d);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  printf("# scenario\tcount\tpending\ttx\tphase\tplain\tplain_late\tinval\tarrive_state\ttest_wait0\ttest_wait1\n");
  for (int i = 0; i < NS; i++)
    printf("%s\t%d\t%d\t%d\t%d\t0x%016llx\t0x%016llx\t0x%016llx\t0x%016llx\t%u\t%u\n", h[i].name, h[i].count,
           h[i].pending, h[i].tx, h[i].phase, h[i].plain, h[i].plain_late, h[i].inval, h[i].state, h[i].tw0,
           h[i].tw1);
  return 0;
}
