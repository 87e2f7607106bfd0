#!/bin/sh
# bench_parse.sh [REPEAT]: parse throughput of tlx-verify on one core. Builds one split-input
# file of REPEAT copies (default 200) of every corpus and example .ttgir, separated by
# `// -----`, then times `tlx-verify parse --split-input-file` with and without printing
# (best of 3 runs) and prints a table in MB/s. Time is the process's CPU time (user + system,
# from /usr/bin/time; wall time if that is missing), so a busy machine does not skew it, minus
# the time of the same command on an empty input (process start-up: the binary links LLVM).
# Env: TLXV (binary; default build/tlx-verify).
set -eu
SRC=$(cd "$(dirname "$0")/../.." && pwd)
TLXV=${TLXV:-$SRC/build/tlx-verify}
REPEAT=${1:-200}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
PIN=""
command -v taskset >/dev/null 2>&1 && PIN="taskset -c 0"
# cpu_ns ARGS...: CPU time in ns of one run of tlx-verify parse ARGS
cpu_ns() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%U %S' -o "$TMP/t" $PIN "$TLXV" parse "$@" >/dev/null
    awk '{ printf "%d", ($1 + $2) * 1e9 }' "$TMP/t"
  else
    t0=$(date +%s%N)
    $PIN "$TLXV" parse "$@" >/dev/null
    t1=$(date +%s%N)
    echo $((t1 - t0))
  fi
}

# time_best FILE ARGS...: best time in ns of 3 runs
time_best() {
  f=$1
  shift
  best=0
  for _ in 1 2 3; do
    d=$(cpu_ns --split-input-file "$@" "$f")
    [ "$d" -gt 0 ] || d=1
    if [ "$best" -eq 0 ] || [ "$d" -lt "$best" ]; then best=$d; fi
  done
  echo "$best"
}

mbps() { awk -v b="$1" -v ns="$2" 'BEGIN { printf "%.1f", (b / 1e6) / (ns / 1e9) }'; }

printf 'module {\n}\n' >"$TMP/empty.mlir"
START=$(time_best "$TMP/empty.mlir")
printf 'start-up time subtracted: %s ms\n' "$(awk -v ns="$START" 'BEGIN { printf "%.0f", ns / 1e6 }')"
printf '%-34s %10s %12s %14s\n' "input" "MB" "parse MB/s" "parse+print"
row() { # row NAME FILE...
  name=$1
  shift
  : >"$TMP/big.mlir"
  i=0
  while [ "$i" -lt "$REPEAT" ]; do
    for f in "$@"; do cat "$f" >>"$TMP/big.mlir"; printf '\n// -----\n' >>"$TMP/big.mlir"; done
    i=$((i + 1))
  done
  bytes=$(wc -c <"$TMP/big.mlir")
  tp=$(($(time_best "$TMP/big.mlir" --no-print) - START))
  tpp=$(($(time_best "$TMP/big.mlir") - START))
  [ "$tp" -gt 0 ] || tp=1
  [ "$tpp" -gt 0 ] || tpp=1
  printf '%-34s %10.1f %12s %14s\n' "$name x$REPEAT" "$(awk -v b="$bytes" 'BEGIN{print b/1e6}')" \
    "$(mbps "$bytes" "$tp")" "$(mbps "$bytes" "$tpp")"
}
row "corpus/gluon (9 files)" "$SRC"/tests/corpus/gluon/*.ttgir
EX=$(find "$SRC/examples" -name '*.ttgir' 2>/dev/null | sort)
# shellcheck disable=SC2086
[ -n "$EX" ] && row "examples ($(echo "$EX" | wc -l) files)" $EX
exit 0
