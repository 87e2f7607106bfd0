#!/bin/bash
# mutation_audit.sh [--symbolic] OUT.tsv KERNEL...: deletes one synchronization op at a time
# (wait_barrier, arrive_barrier, barrier_expect, tc_gen5_commit, async_wait,
# warp_group_dot_wait, fence_async_shared, async_tma_store_wait, async_commit_group; lines
# that define no value) from each correct KERNEL and checks the mutant. Rows: kernel, deleted
# line, explicit exit code and first bug kind, and with --symbolic the symbolic exit code and
# the number of the seven conditions proved. What to look at: a mutant that still verifies
# (a redundant op, or a case the default arguments never reach: session 19 found a CLC work
# loop run once and a flattened persistent loop given one tile), and, with --symbolic, a
# mutant the explorer finds buggy while all seven conditions are proved (a hole in the
# proofs: session 19 found the acquire side and post-join accesses). Mutants are kept in
# MUT_DIR (default: a temporary directory) as NAME_LINE.ttgir. Not a test (hours on the whole
# corpus); docs/symbolic.md §4 and the session notes record what it found.
# Env: TLXV (default build/tlx-verify), LIMIT (seconds per check, default 30).
set -u
SYM=0
[ "${1:-}" = --symbolic ] && { SYM=1; shift; }
OUT=${1:?usage: mutation_audit.sh [--symbolic] OUT.tsv KERNEL...}
shift
TLXV=${TLXV:-build/tlx-verify}
LIMIT=${LIMIT:-30}
MUT_DIR=${MUT_DIR:-$(mktemp -d)}
mkdir -p "$MUT_DIR"
SYNC='^\s*(ttng\.(wait_barrier|arrive_barrier|barrier_expect|tc_gen5_commit|warp_group_dot_wait|fence_async_shared|async_tma_store_wait)|ttg\.(async_wait|async_commit_group))'
printf 'kernel\tline\texplicit_rc\tkind\tsymbolic_rc\tproved\n' > "$OUT"
for src in "$@"; do
  grep -nE "$SYNC" "$src" | cut -d: -f1 | while read -r ln; do
    sed -n "${ln}p" "$src" | grep -qE '^\s*%' && continue
    m="$MUT_DIR/$(basename "$src" .ttgir)_$ln.ttgir"
    sed "${ln}d" "$src" > "$m"
    rc=0
    timeout "$LIMIT" "$TLXV" check "$m" > "$m.out" 2>&1 || rc=$?
    kind=$(grep -m1 -oE 'error: [a-z-]+' "$m.out" | cut -d' ' -f2)
    srcrc=- np=-
    if [ $SYM = 1 ] && [ $rc = 1 ]; then
      srcrc=0
      timeout $((LIMIT * 4)) "$TLXV" check "$m" --symbolic > "$m.sym" 2>&1 || srcrc=$?
      np=$(grep -c '^  [a-z-]* *proved ' "$m.sym")
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$src" "$ln" "$rc" "${kind:--}" "$srcrc" "$np" >> "$OUT"
  done
done
echo "mutation_audit: $(($(wc -l < "$OUT") - 1)) mutants in $OUT (files in $MUT_DIR)"
