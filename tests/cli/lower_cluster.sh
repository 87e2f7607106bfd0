#!/bin/sh
# lower_cluster.sh: thread-block clusters in the lowering (docs/lowering.md, "Clusters") on
# tests/lowering/cluster_ping.ttgir and cluster_ws.ttgir: the launch header's cluster shape, mapa
# + a cluster-scope remote arrive for map_to_remote_buffer, the explicit cluster barrier, the
# implicit syncs (after the barrier init, before exit) in which the worker warps of a
# warp-specialized kernel take part, and ptxas accepts the PTX; check, whose model puts the
# implicit sync at the same place, verifies both. A peer's memory used as
# anything but an arrive target is a clear error. tests/device/run_lowered.sh runs both kernels.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh" # T, fail, input_error
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$PTXAS" ] || PTXAS=$(command -v ptxas || true)
n() { grep -o "$1" "$T/k.ptx" | wc -l | tr -d ' '; }
want() { # pattern count what
  [ "$(n "$1")" = "$2" ] || fail "$K: want $2 x $1 ($3), got $(n "$1")"
}
for K in cluster_ping cluster_ws; do
  "$TLXV" lower "$SRC/tests/lowering/$K.ttgir" --target sm_90a -o "$T/k.ptx" 2> "$T/err" || fail "lower $K: $(cat "$T/err")"
  head -n 2 "$T/k.ptx" | grep -q "^// tlxv-kernel $K .* cluster=2,1,1 " || fail "$K: header lacks cluster=2,1,1"
  want 'mapa.shared::cluster.u32' 1 "the remote view"
  want 'mbarrier.arrive.release.cluster.shared::cluster.b64' 1 "the remote arrive"
  want 'fence.mbarrier_init.release.cluster' 1 "the implicit sync after the barrier init"
  if [ "$K" = cluster_ping ]; then
    # explicit arrive.relaxed + wait; implicit after init (relaxed) and before exit
    want 'barrier.cluster.arrive.relaxed.aligned' 2 "explicit and after-init arrives"
    want 'barrier.cluster.arrive.aligned' 1 "the arrive before exit"
    want 'barrier.cluster.wait.aligned' 3 "three cluster waits"
  else
    # after init and before exit, each once by the default warps and once by the workers
    want 'barrier.cluster.arrive.relaxed.aligned' 2 "after-init arrives of default warps and workers"
    want 'barrier.cluster.arrive.aligned' 2 "arrives before exit of default warps and workers"
    want 'barrier.cluster.wait.aligned' 4 "four cluster waits"
  fi
  # the model places the implicit sync where the lowering does: both kernels are correct (the
  # GPU run gives out = [0, 1, 0, 1]); without it the remote arrive may precede the peer's init
  "$TLXV" "$SRC/tests/lowering/$K.ttgir" > "$T/v" 2>&1 || fail "check $K: $(cat "$T/v")"
  grep -q "^tests/lowering/$K.ttgir: verified\|/$K.ttgir: verified" "$T/v" || fail "check $K: $(tail -3 "$T/v")"
  if [ -n "$PTXAS" ]; then
    "$PTXAS" -arch=sm_90a "$T/k.ptx" -o "$T/k.cubin" 2> "$T/perr" || fail "ptxas rejects $K: $(head -5 "$T/perr")"
  fi
done
# A peer's shared memory read with local_load: not supported, said clearly.
sed 's|    ttng.arrive_barrier %rb, 1 : !ttg.memdesc<1xi64, #bar, #ttng.shared_cluster_memory, mutable> loc("cluster.py":17:1)|    %x = ttg.local_load %rb : !ttg.memdesc<1xi64, #bar, #ttng.shared_cluster_memory, mutable> -> tensor<1xi64, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>> loc("cluster.py":17:1)|' \
  "$SRC/tests/lowering/cluster_ping.ttgir" > "$T/bad.ttgir"
grep -q "ttg.local_load %rb" "$T/bad.ttgir" || fail "could not make the bad kernel"
input_error lower '^cluster.py:17:1: error: lowering: a peer CTA.s shared memory (map_to_remote_buffer) is supported only as the target of an mbarrier arrive$' \
  "$T/bad.ttgir" --target sm_90a -o "$T/bad.ptx"
# a cluster_barrier inside warp_specialize: Triton's per-partition rendezvous is not built by
# the lowering; refused at the op, not lowered to a barrier.cluster that would hang
input_error lower '^checkers.py:20:7: error: lowering: ttng.cluster_barrier inside warp_specialize' \
  "$SRC/tests/checkers/cluster-barrier.ok.ttgir" --target sm_90a -o "$T/cb.ptx"
if [ -n "$PTXAS" ]; then echo "lower_cluster: ok"; else echo "lower_cluster: SKIPPED: no ptxas (the lowering checks passed; the ptxas check did not run)"; exit 77; fi
