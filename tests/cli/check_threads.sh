#!/bin/sh
# check_threads.sh: `check --threads N` (verify/vf_par.c) gives the one-thread answer: the same
# exit status, the same bugs (kind and line) and, for kernels without an scf.while, the same
# states and transitions; a kernel with one (cluster launch control loops) is searched by one
# thread; --threads out of range is a usage error.
set -eu
: "${TLXV:?}" "${SRC:?}"
fail() { echo "FAIL: $*" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# FILE ARGS... : the summary line, and the sorted bugs (kind line), with 1 and 3 threads
same() {
  f=$1
  shift
  for t in 1 3; do
    rc=0
    "$TLXV" check "$SRC/$f" "$@" --threads $t --format json > "$T/$t.json" 2> /dev/null || rc=$?
    echo "$rc" > "$T/$t.rc"
    jq -r '.bugs[] | "\(.kind) \(.loc.line)"' "$T/$t.json" | sort > "$T/$t.bugs"
    jq -r '.verdict' "$T/$t.json" >> "$T/$t.rc"
  done
  cmp -s "$T/1.rc" "$T/3.rc" || fail "$f: exit / verdict $(tr '\n' ' ' < "$T/1.rc") with 1 thread, $(tr '\n' ' ' < "$T/3.rc") with 3"
  cmp -s "$T/1.bugs" "$T/3.bugs" || fail "$f: bugs differ: $(tr '\n' ';' < "$T/1.bugs") / $(tr '\n' ';' < "$T/3.bugs")"
}
same_states() {
  same "$@"
  for k in states transitions; do
    a=$(jq ".stats.$k" "$T/1.json") b=$(jq ".stats.$k" "$T/3.json")
    [ "$a" = "$b" ] || fail "$1: $k $a with 1 thread, $b with 3"
  done
}
same_states tests/corpus/gluon/ws_add.bug0.ttgir --arg xnumel=256 --arg ynumel=4096
same_states tests/corpus/gluon/ws_add.bug5.ttgir --arg xnumel=256 --arg ynumel=2048
same_states tests/corpus/real/consan_90_ws_two_producers_two_consumers.0.ttgir
same_states examples/blackwell_gemm_tcgen05/blackwell_gemm_tcgen05.bug6.ttgir
same_states tests/checkers/race-grid.bug.ttgir --grid 8
same_states tests/clc/clc-ws.ok.ttgir --grid 4
same_states tests/clc/clc-retry.bug.ttgir --grid 4
rc=0
"$TLXV" check "$SRC/tests/corpus/gluon/ws_add.bug0.ttgir" --threads 0 > /dev/null 2> "$T/err" || rc=$?
[ $rc = 2 ] || fail "--threads 0: exit $rc (want 2)"
grep -q -- "--threads" "$T/err" || fail "--threads 0: $(cat "$T/err")"
echo "check_threads: ok"
