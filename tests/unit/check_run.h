/* check_run.h: the runner every tests/unit/test_*.c main() ends with: runs one Check suite,
 * prints Check's summary, returns the process exit status (0 when every test passed). */
#ifndef TLXV_CHECK_RUN_H
#define TLXV_CHECK_RUN_H

#include <check.h>

static inline int tu_run_suite(Suite *s) {
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}

#endif
