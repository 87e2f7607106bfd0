#!/bin/sh
# symbolic_examples.sh: `check --symbolic` on the example kernels (examples/*/symbolic.tsv):
# correct kernels proved for every argument value (seven conditions, exit 0); every planted bug
# violates the listed condition with the listed smallest counterexample, confirmed by the
# explicit explorer.
set -u
: "${TLXV:?}" "${SRC:?}"
tab=$(printf '\t')
fail=0
rows=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
bad() { echo "FAIL $*"; cat "$out"; fail=1; }
run_dir() {
  dir=$1
  shift
  while IFS="$tab" read -r file symbolic condition cex; do
    [ "$file" = file ] && continue
    rows=$((rows + 1))
    "$TLXV" check "$SRC/examples/$dir/$file" "$@" --symbolic >"$out" 2>&1
    rc=$?
    proved=$(grep -c '^  [a-z-]* *proved ' "$out")
    case "$symbolic" in
    verified)
      [ $rc -eq 0 ] && [ "$proved" -eq 7 ] || bad "$file: exit $rc, $proved proved; expected 0 and 7" ;;
    bug)
      n=$(grep -F "error: $condition:" "$out" | grep -c -F "($cex; confirmed by the explorer)")
      [ $rc -eq 1 ] && [ "$n" -ge 1 ] ||
        bad "$file: exit $rc; expected 1 with a $condition violation ($cex; confirmed by the explorer)" ;;
    *) bad "$file: unknown expectation $symbolic" ;;
    esac
  done <"$SRC/examples/$dir/symbolic.tsv"
}
run_dir hopper_gemm_ws --arg M=128 --arg N=128 --arg K=256
run_dir hopper_attention_ws --arg N_CTX=256
run_dir blackwell_gemm_tcgen05 --arg M=128 --arg N=128 --arg K=256
[ $rows -ge 21 ] || { echo "FAIL: only $rows rows"; fail=1; }

# the hand-written checker kernels (tests/checkers): every correct one is proved (seven
# conditions; cluster-exit.ok's expected bytes come from loaded data: unknown, exit 3), and
# each planted bug a condition covers violates it, confirmed by the explorer
ck="$SRC/tests/checkers"
for f in "$ck"/*.ok.ttgir; do
  "$TLXV" check "$f" --symbolic >"$out" 2>&1
  rc=$?
  want=0
  # (join-intent.ok, a wait after the join on a barrier the partitions use, is proved: its round
  # counts the arrivals before it, docs/symbolic.md §1 "Rounds after the join");
  # the symbolic encoding has no async_shared_store yet (unknown, exit 3; race-tma-gather.ok is
  # proved since session 12: a gather is a TMA load of its whole destination);
  # partial-tile.ok's tile loops step by num_programs (not a constant: unknown); cf-loop.ok's
  # loops are cf branches, which the encoding does not follow (unknown); guard-call.ok arrives
  # inside a called function, which the encoding does not follow either (unknown: it printed
  # "nothing ever arrives" before); three constructs the explicit model's compiler rewrites and
  # the encoding does not see (every condition unknown, naming the op): subtile.ok's
  # ttng.subtiled_region (its body runs once per tile), aref-pipeline.ok's nvws arefs (their
  # barriers exist only in sim_compile_aref.c), race-overlap.ok's tlx.set_buffer_overlap (the
  # placement rewrites buffer indices: a "bounds proved" would be about the IR's indices);
  # race-mma5-pair.ok's paired-CTA commit arrives in both CTAs, which the encoding does not
  # follow (arrival-balance and progress unknown: "two-CTA commit"); race-token-wait.ok rewrites
  # its buffers after async_tma_store_token_wait, which retires the store its token names: the
  # encoding does not follow token waits, so back-pressure (c) is unknown for the straight-line
  # rewrites (session 21: asked at all since then; before, only writes in loops were);
  # named-barrier.ok and cluster-barrier.ok synchronise through named (bar.sync) and cluster
  # barriers, which the encoding does not model: progress unknown since session 24 (before,
  # their .bug deadlocks had all seven proved);
  # race-alias.ok's tlx.storage_alias_local_alloc shares one storage between two allocations,
  # which the encoding's rings do not relate (every condition unknown since session 22; its
  # accesses made no event before and back-pressure was proved);
  # proxy-cpmbar.ok hands a cp.async to another partition by cp.async.mbarrier.arrive, which the
  # encoding's back-pressure does not follow (unknown; proxy-fence proved since session 35)
  case "$f" in
  *cluster-exit.ok.ttgir|*race-shared-store.ok.ttgir|*partial-tile.ok.ttgir|*cf-loop.ok.ttgir|*guard-call.ok.ttgir) want=3 ;;
  *subtile.ok.ttgir|*aref-pipeline.ok.ttgir|*aref-tma.ok.ttgir|*aref-combine.ok.ttgir|*token.ok.ttgir|*warp-group.ok.ttgir|*warp-group-cluster.ok.ttgir|*race-overlap.ok.ttgir) want=3 ;;
  *race-mma5-pair.ok.ttgir|*race-token-wait.ok.ttgir|*race-alias.ok.ttgir) want=3 ;;
  *named-barrier.ok.ttgir|*cluster-barrier.ok.ttgir|*proxy-cpmbar.ok.ttgir) want=3 ;;
  esac
  [ $rc -eq $want ] || bad "$(basename "$f") --symbolic: exit $rc, expected $want"
  grep -q ' violated ' "$out" && bad "$(basename "$f"): a violated condition on a correct kernel"
done
for pair in deadlock:arrival-balance over-arrival:arrival-balance phase-alias:back-pressure \
            proxy-fence:proxy-fence tx-mismatch:byte-balance; do
  kind=${pair%%:*} cond=${pair#*:}
  "$TLXV" check "$ck/$kind.bug.ttgir" --symbolic >"$out" 2>&1
  rc=$?
  [ $rc -eq 1 ] && grep "error: $cond:" "$out" | grep -q 'confirmed by the explorer)' ||
    bad "$kind.bug --symbolic: exit $rc, expected a confirmed $cond violation"
done
# the placement of tlx.set_buffer_overlap puts oob-first-alloc's b[2] past its backing (the
# explicit check's lifecycle bug): the encoding must not prove bounds on the IR's indices
"$TLXV" check "$SRC/tests/cli/overlap/oob-first-alloc.ttgir" --symbolic >"$out" 2>&1
grep -q '^  bounds  *unknown .*tlx.set_buffer_overlap' "$out" || bad "oob-first-alloc --symbolic: $(grep bounds "$out")"
# a kernel that calls a function: every condition unknown, naming the call
"$TLXV" check "$ck/guard-call.ok.ttgir" --symbolic >"$out" 2>&1
[ "$(grep -c 'unknown .*a function call (tt.call at' "$out")" = 7 ] || bad "guard-call.ok --symbolic: $(cat "$out")"
# named and cluster barriers are not encoded: a deadlock through one leaves progress unknown
# (all seven were proved on both before session 24)
for k in named-barrier cluster-barrier; do
  "$TLXV" check "$ck/$k.bug.ttgir" --symbolic >"$out" 2>&1
  grep -q '^  progress  *unknown .*named and cluster barriers are not encoded' "$out" ||
    bad "$k.bug --symbolic: $(grep progress "$out")"
done
exit $fail
