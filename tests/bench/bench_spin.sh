#!/bin/sh
# bench_spin.sh: the SPIN anchor (issue 13, docs/performance.md "SPIN anchor"): the protocol of
# tests/corpus/gluon/ws_add.bug0.ttgir written in Promela (tests/bench/spin/ws_add.pml) is
# explored by SPIN (spin -a; gcc pan.c; ./pan) and the kernel by tlx-verify, for the trip counts
# 4, 32 and 256 (ynumel 256, 2048 (the corpus launch) and 16384), with and without partial-order reduction; prints states,
# time and states/s side by side (best of REPEAT runs), then checks that the model finds the
# planted bugs 1, 2, 5 and 8 as tlx-verify does. Needs Debian's `spin` and gcc; exits 77 without.
# Usage: TLXV=path/to/tlx-verify tests/bench/bench_spin.sh [REPEAT]
set -eu
export OPENBLAS_NUM_THREADS=1 # tlx-verify's linked OpenBLAS would spin a second core
: "${TLXV:?TLXV must name the tlx-verify binary}"
command -v spin > /dev/null || { echo "bench_spin: spin not installed (apt-get install spin)"; exit 77; }
command -v gcc > /dev/null || { echo "bench_spin: gcc not installed"; exit 77; }
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
REPEAT=${1:-3}
PML="$SRC/tests/bench/spin/ws_add.pml"
K="$SRC/tests/corpus/gluon"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
now() { date +%s.%N; }
best() { # best VAR-FILE VALUE: keeps the smaller value in the file
  if [ ! -s "$1" ] || [ "$(echo "$2 < $(cat "$1")" | bc)" = 1 ]; then echo "$2" > "$1"; fi
}
# pan's own figures: states stored, its elapsed time (explore_s); wall_s: the whole ./pan run
# (tlx-verify: explore_s is --stats' exploration time, wall_s the whole command); build_s:
# spin -a plus gcc, which SPIN needs once per model and trip count
spin_row() { # iters reduction(on|off)
  d="$T/spin.$1.$2"
  mkdir -p "$d"
  flags="-O2 -w -DSAFETY" # -w: warnings of the generated pan.c are not ours
  [ "$2" = off ] && flags="$flags -DNOREDUCE"
  s=$(now)
  (cd "$d" && spin -DITERS="$1" -a "$PML" > /dev/null && gcc $flags -o pan pan.c)
  build=$(echo "$(now) - $s" | bc)
  rm -f "$T/w" "$T/p"
  i=0
  while [ "$i" -lt "$REPEAT" ]; do
    s=$(now)
    (cd "$d" && ./pan -m50000 > out.txt)
    w=$(echo "$(now) - $s" | bc)
    p=$(awk '/elapsed time/ { print $4 }' "$d/out.txt")
    best "$T/w" "$w"
    best "$T/p" "$p"
    i=$((i + 1))
  done
  ! grep -q 'max search depth too small' "$d/out.txt" || { echo "bench_spin: raise pan's -m" >&2; exit 1; }
  grep -q 'errors: 0' "$d/out.txt" || { echo "bench_spin: SPIN found an error in the correct model" >&2; cat "$d/out.txt" >&2; exit 1; }
  states=$(awk '/states, stored/ { print $1; exit }' "$d/out.txt")
  # pan prints its search time in 10 ms steps: states/s from it is coarse for small searches
  rate=$(echo "$states $(cat "$T/p")" | awk '{ printf "%.0f", ($2 > 0 ? $1 / $2 : 0) }')
  printf '%-10s %5s %-5s %10s %10.3f %10.3f %12s %9.1f\n' SPIN "$1" "$2" "$states" "$(cat "$T/p")" "$(cat "$T/w")" "$rate" "$build"
}
tlxv_row() { # iters reduction(on|off)
  ynumel=$(($1 * 64))
  extra=""
  [ "$2" = off ] && extra="--no-reduction"
  rm -f "$T/w" "$T/e"
  i=0
  while [ "$i" -lt "$REPEAT" ]; do
    s=$(now)
    "$TLXV" check "$K/ws_add.bug0.ttgir" --arg xnumel=256 --arg ynumel=$ynumel $extra --stats --format json > "$T/j.json" || {
      echo "bench_spin: tlx-verify did not verify ws_add.bug0" >&2; exit 1; }
    w=$(echo "$(now) - $s" | bc)
    best "$T/w" "$w"
    best "$T/e" "$(jq '.stats.explore_seconds' "$T/j.json")"
    i=$((i + 1))
  done
  states=$(jq '.stats.states' "$T/j.json")
  e=$(cat "$T/e")
  rate=$(echo "$states $e" | awk '{ printf "%.0f", $1 / $2 }')
  printf '%-10s %5s %-5s %10s %10.3f %10.3f %12s %9s\n' tlx-verify "$1" "$2" "$states" "$e" "$(cat "$T/w")" "$rate" -
}
printf '%-10s %5s %-5s %10s %10s %10s %12s %9s\n' tool iters POR states explore_s wall_s states/s build_s
for it in 4 32 256; do
  for red in on off; do
    spin_row "$it" "$red"
    tlxv_row "$it" "$red"
  done
done
# the planted bugs: both tools must find each (SPIN: an invalid end state or an assertion)
for b in 1 2 5 8; do
  d="$T/bug$b"
  mkdir -p "$d"
  (cd "$d" && spin -DITERS=4 -DBUG=$b -a "$PML" > /dev/null && gcc -O2 -w -DSAFETY -o pan pan.c && ./pan -m50000 > out.txt) || true
  what=$(grep -o 'pan:1: [a-z ]*[a-z]' "$d/out.txt" | head -1 | sed 's/pan:1: //')
  rc=0
  "$TLXV" check "$K/ws_add.bug$b.ttgir" --arg xnumel=256 --arg ynumel=256 --format json > "$T/b.json" || rc=$?
  kind=$(jq -r '.bugs[0].kind // "none"' "$T/b.json")
  printf 'bug%s: SPIN: %s; tlx-verify: exit %s, %s\n' "$b" "${what:-nothing}" "$rc" "$kind"
  [ -n "$what" ] && [ "$rc" = 1 ] || { echo "bench_spin: bug$b not found by both" >&2; exit 1; }
done
