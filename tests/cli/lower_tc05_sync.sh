#!/bin/sh
# lower_tc05_sync.sh: a tc_gen5_mma without barriers and without is_async lowers as Triton's
# MMAv5 lowering does (and as the model runs it, sim_ops_async.c): the tcgen05.mma steps and
# nothing that waits for them; the kernel's own tc_gen5_commit follows the last step directly
# and is the only wait on the MMA (its wait_barrier). ptxas must accept the PTX when present.
set -eu
: "${TLXV:?}" "${SRC:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
K="$SRC/tests/checkers/race-mma5.ok.ttgir"
"$TLXV" lower "$K" --target sm_100a --emit ptx -o "$T/k.ptx" 2> "$T/err" || fail "lower: $(cat "$T/err")"
grep -E 'tcgen05\.mma|tcgen05\.commit|mbarrier\.(init|try_wait|test_wait)' "$T/k.ptx" |
  sed -E 's/.*(tcgen05\.mma|tcgen05\.commit|mbarrier\.init|mbarrier\.try_wait|mbarrier\.test_wait).*/\1/' |
  uniq > "$T/seq"
printf 'mbarrier.init\ntcgen05.mma\ntcgen05.commit\nmbarrier.try_wait\n' > "$T/want"
cmp -s "$T/seq" "$T/want" || fail "MMA without barriers: got $(tr '\n' ' ' < "$T/seq"), want $(tr '\n' ' ' < "$T/want")"
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$PTXAS" ] || PTXAS=$(command -v ptxas || true)
if [ -n "$PTXAS" ]; then
  "$PTXAS" -arch=sm_100a "$T/k.ptx" -o "$T/k.cubin" 2> "$T/perr" || fail "ptxas: $(head -5 "$T/perr")"
  echo "lower_tc05_sync: ok"
else
  echo "lower_tc05_sync: ok (SKIPPED the ptxas check: no ptxas)"
fi
