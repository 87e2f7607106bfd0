#!/bin/sh
# lower_ptxas.sh: every corpus kernel and every example lowers to PTX for its target (cuda:90 ->
# sm_90a, cuda:100 -> sm_100a) and ptxas accepts that PTX; ws_add also lowers for sm_100a.
# So do the real-corpus kernels with tt.split / tt.join / tt.scan.
# ptxas must not have to insert wgmma waits (info C7519). Without ptxas the PTX is still made
# and checked for its header, then the test exits 77 (ctest: skipped) saying what it skipped.
set -eu
: "${TLXV:?}" "${SRC:?}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$PTXAS" ] || PTXAS=$(command -v ptxas || true)
n=0
check() { # file target
  f=$1 t=$2 out="$T/k.ptx"
  "$TLXV" lower "$f" --target "$t" --emit ptx -o "$out" 2> "$T/err" || fail "lower $f --target $t: $(cat "$T/err")"
  [ ! -s "$T/err" ] || fail "lower $f printed on stderr: $(cat "$T/err")"
  head -n 2 "$out" | grep -q "^// tlxv-kernel .* target=$t\$" || fail "$f: no ABI header for $t"
  grep -q "^\.target $t\$" "$out" || fail "$f: PTX is not for $t"
  if [ -n "$PTXAS" ]; then
    "$PTXAS" -arch="$t" "$out" -o "$T/k.cubin" 2> "$T/perr" || fail "ptxas -arch=$t rejects the PTX of $f: $(head -5 "$T/perr")"
    # C7519: ptxas had to insert a wait because a register a wgmma reads was written after
    # wgmma.fence (docs/lowering.md, "MMA"): correct but slow, and the lowering prevents it.
    ! grep -q "C7519" "$T/perr" || fail "ptxas inserted wgmma waits in $f: $(grep -m1 C7519 "$T/perr")"
  fi
  n=$((n + 1))
}
for f in "$SRC"/tests/corpus/gluon/*.ttgir "$SRC"/examples/*/*.ttgir; do
  [ -f "$f" ] || continue
  # the planted variants of tests/corpus/real kernels: like that corpus, not all of them lower
  case $f in */examples/real_planted/*) continue ;; esac
  case $(grep -o 'ttg.target = "cuda:[0-9]*"' "$f" | head -n 1) in
    *cuda:90*) check "$f" sm_90a ;;
    *cuda:100*) check "$f" sm_100a ;;
    *) ;;
  esac
done
check "$SRC/tests/corpus/gluon/ws_add.bug0.ttgir" sm_100a
# tests/corpus/real kernels (not all of that corpus lowers) with tt.split / tt.join / tt.scan
for k in tk_downcast_to_mxfp_90_bf16_mxf4_ragged_p:sm_90a tk_upcast_from_mxfp_tma_90_bf16_mxf4_batched:sm_90a \
         tk_ragged_tensor_metadata_memset_90_f16_ragged_gs:sm_90a tk_ragged_tensor_metadata_memset_100_f16_ragged_gs:sm_100a \
         triton_t09_tma_persistent_90:sm_90a triton_t09_tma_persistent_ws_100:sm_100a; do
  check "$SRC/tests/corpus/real/${k%:*}.ok.ttgir" "${k#*:}"
done
[ "$n" -ge 10 ] || fail "only $n kernels found"
if [ -n "$PTXAS" ]; then echo "lower_ptxas: ok ($n kernels accepted by ptxas)"; else
  echo "lower_ptxas: SKIPPED: no ptxas in /usr/local/cuda/bin or PATH ($n kernels lowered; the ptxas check did not run)"; exit 77; fi
