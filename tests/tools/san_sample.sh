# san_sample.sh: sourced by the CLI tests that ask Z3 about many kernels (corpus_real_symbolic,
# symbolic_kernels, symbolic_examples). In the optimised build every row is checked. Under
# ASan + UBSan (TLXV_SANITIZE=1, set by tests/CMakeLists.txt) a symbolic run costs 15-20x its
# optimised time: each query gets a fresh Z3 context (symbolic/sym_ctx.c qs_open), and ASan's
# allocator maps fresh pages for every large block Z3 allocates there (2.3 M page faults for
# one 1.8 s kernel; docs/reliability.md "The test suite under the sanitizers"). There only rows
# 1, 1+K, 1+2K... are checked (K = TLXV_SAN_EVERY, else the test's own default), so that
# every encoding still runs under the sanitizers and the suite fits CI's time; the optimised
# pass of scripts/test.sh checks every row.
#   san_init K     K: this test's default stride under the sanitizers
#   san_pick N     true when row N (1-based) is checked in this build
#   san_note NAME TOTAL   prints what was left out (nothing in the optimised build)
san_init() {
  SAN_EVERY=1
  case "${TLXV_SANITIZE:-0}" in 1 | ON | on | TRUE | true) SAN_EVERY=${TLXV_SAN_EVERY:-$1} ;; esac
}
san_pick() { [ $((($1 - 1) % SAN_EVERY)) = 0 ]; }
san_note() {
  [ "$SAN_EVERY" = 1 ] && return 0
  echo "$1: sanitized build: rows 1, $((1 + SAN_EVERY)), $((1 + 2 * SAN_EVERY))... of $2 checked" \
    "(every ${SAN_EVERY}th; the optimised build checks all $2)"
}
