/* sym_clock.c: the symbolic layer's clock (sym_internal.h sym_now_s), so that the layer
 * needs nothing of the explorer: deadlines and the seconds each condition took. */
#include <time.h>

#include "sym_internal.h"

double sym_now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
