#!/bin/bash
# mutation_audit.sh [--symbolic] OUT.tsv KERNEL...: deletes one synchronization op at a time
# (wait_barrier, arrive_barrier, barrier_expect, tc_gen5_commit, async_wait,
# warp_group_dot_wait, fence_async_shared, async_tma_store_wait, async_commit_group; lines
# that define no value) from each correct KERNEL and checks the mutant. Rows: kernel, deleted
# line, explicit exit code and first bug kind, and with --symbolic the symbolic exit code, the
# number of the seven conditions proved and of the counterexamples the explorer confirmed. What
# to look at: a mutant that still verifies
# (a redundant op, or a case the default arguments never reach: session 19 found a CLC work
# loop run once and a flattened persistent loop given one tile), and, with --symbolic, a
# mutant the explorer finds buggy while all seven conditions are proved (a hole in the
# proofs: session 19 found the acquire side and post-join accesses). Mutants are kept in
# MUT_DIR (default: a temporary directory) as NAME_LINE.ttgir. Not a test (hours on the whole
# corpus); docs/symbolic.md §4 and the session notes record what it found.
# Env: TLXV (default build/tlx-verify), LIMIT (seconds per check, default 30), SYM_ALL=1 (with
# --symbolic, also run it on the mutants the explorer verifies at the default arguments: a
# symbolic violation the explorer confirms at other arguments is a case the defaults never
# reach). The last column counts the counterexamples the explorer confirmed.
# --hoist: instead of deleting ops, moves each wait_barrier below the producer after it
# (scripts/mutate_hoist.py: an arrival, expect, commit or TMA load issued before the wait that
# should order it; session 22 found the producer side of back-pressure (f) this way).
# --parity / --bytes: instead, each wait_barrier waits for the other parity, or each
# barrier_expect expects half its bytes; --pendings: each group wait (async_wait,
# warp_group_dot_wait, async_tma_store_wait) leaves one more group in flight; --commit: each
# ttg.async_commit_group closes no group (scripts/mutate_edit.py; the deletion mode deletes only
# ops without results, and waits and commits return tokens).
# --slot: each ttg.memdesc_index into a ring of N >= 2 slots (other than for barrier init /
# inval) names slot (index + 1) mod N (scripts/mutate_edit.py: a wait, arrival or access on the
# neighbouring slot; session 29). --count: each init_barrier's count one less (2 or more) or
# one more (1).
# --late: instead, each wait_barrier moves below the buffer access after it (scripts/mutate_late.py:
# an access issued before the wait that should order it).
# --release: instead, each arrive_barrier or tc_gen5_commit moves above the buffer access before it
# (scripts/mutate_release.py: a release issued before the read it should follow).
# --swap: instead, each wait_barrier or arrive_barrier moves below the next wait_barrier in its
# block (scripts/mutate_swap.py: two waits in the other order, an arrival held past a wait).
# --fence: instead, each fence_async_shared moves above the buffer access before it
# (scripts/mutate_fence.py: a fence issued before the write it should publish).
set -u
SYM=0 MOVE= EDIT=
while [ $# -gt 0 ]; do
  case "$1" in
  --symbolic) SYM=1 ;;
  --hoist | --release | --late | --swap | --fence) MOVE=${1#--} ;; # scripts/mutate_$MOVE.py
  --parity) EDIT=parity ;;
  --bytes) EDIT=bytes ;;
  --pendings) EDIT=pendings ;;
  --commit) EDIT=commit ;;
  --slot) EDIT=slot ;;
  --count) EDIT=count ;;
  *) break ;;
  esac
  shift
done
OUT=${1:?usage: mutation_audit.sh [--symbolic] [--hoist|--release|--late|--swap|--fence|--parity|--bytes|--pendings|--commit|--slot|--count] OUT.tsv KERNEL...}
shift
TLXV=${TLXV:-build/tlx-verify}
LIMIT=${LIMIT:-30}
MUT_DIR=${MUT_DIR:-$(mktemp -d)}
mkdir -p "$MUT_DIR"
SYNC='^\s*(ttng\.(wait_barrier|arrive_barrier|barrier_expect|tc_gen5_commit|warp_group_dot_wait|fence_async_shared|async_tma_store_wait)|ttg\.(async_wait|async_commit_group))'
printf 'kernel\tline\texplicit_rc\tkind\tsymbolic_rc\tproved\tconfirmed\n' > "$OUT"
mutants() { # SRC: prints "LINE MUTANT" per mutant of SRC
  local src=$1 base
  base="$MUT_DIR/$(basename "$src" .ttgir)"
  if [ -n "$EDIT" ]; then
    python3 "$(dirname "$0")/mutate_edit.py" "$EDIT" "$src" "${base}_$EDIT" |
      sed -E 's/^(.*_'"$EDIT"'_([0-9]+)\.ttgir)$/\2 \1/'
    return
  fi
  if [ -n "$MOVE" ]; then
    python3 "$(dirname "$0")/mutate_$MOVE.py" "$src" "${base}_$MOVE" |
      sed -E 's/^(.*_'"$MOVE"'_([0-9]+)\.ttgir)$/\2 \1/'
    return
  fi
  grep -nE "$SYNC" "$src" | cut -d: -f1 | while read -r ln; do
    sed -n "${ln}p" "$src" | grep -qE '^\s*%' && continue
    sed "${ln}d" "$src" > "${base}_$ln.ttgir"
    echo "$ln ${base}_$ln.ttgir"
  done
}
for src in "$@"; do
  mutants "$src" | while read -r ln m; do
    rc=0
    timeout "$LIMIT" "$TLXV" check "$m" > "$m.out" 2>&1 || rc=$?
    kind=$(grep -m1 -oE 'error: [a-z-]+' "$m.out" | cut -d' ' -f2)
    srcrc=- np=- nc=-
    if [ $SYM = 1 ] && { [ $rc = 1 ] || [ "${SYM_ALL:-0}" = 1 ]; }; then
      srcrc=0
      timeout $((LIMIT * 4)) "$TLXV" check "$m" --symbolic > "$m.sym" 2>&1 || srcrc=$?
      np=$(grep -c '^  [a-z-]* *proved ' "$m.sym")
      nc=$(grep -c 'confirmed by the explorer' "$m.sym")
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$src" "$ln" "$rc" "${kind:--}" "$srcrc" "$np" "$nc" >> "$OUT"
  done
done
echo "mutation_audit: $(($(wc -l < "$OUT") - 1)) mutants in $OUT (files in $MUT_DIR)"
