#!/bin/sh
# symbolic_corpus.sh: `check --symbolic` on the corpus: ws_add proved for every ynumel; the
# missing release (bug2) passes at one iteration and is found from ynumel = 144 on; the
# symbolic section keeps the check's exit codes and input errors.
set -u
: "${TLXV:?}" "${CORPUS:?}"
g="$CORPUS/gluon"
fail=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
check() { # expected-exit description command...
  want=$1; what=$2; shift 2
  "$@" >"$out" 2>&1
  rc=$?
  if [ $rc -ne "$want" ]; then echo "FAIL $what: exit $rc, expected $want"; cat "$out"; fail=1; return 1; fi
  return 0
}
has() { grep -q -- "$1" "$out" || { echo "FAIL: output lacks '$1'"; cat "$out"; fail=1; }; }

check 0 "bug0 --symbolic" "$TLXV" check "$g/ws_add.bug0.ttgir" --symbolic &&
  has "symbolic: for all values of ynumel satisfying ynumel % 16 == 0, 0 < ynumel <= 2147483647" &&
  has "phase-agreement  proved" && has "arrival-balance  proved" && has "byte-balance     proved" &&
  has "bounds           proved" && has "back-pressure    proved" && has "proxy-fence      proved" &&
  has "progress         proved"

check 0 "bug2 at one iteration" "$TLXV" check "$g/ws_add.bug2.ttgir" --arg ynumel=64 -q
check 1 "bug2 --symbolic" "$TLXV" check "$g/ws_add.bug2.ttgir" --arg ynumel=64 --symbolic &&
  has "kernels.py:33:41: error: arrival-balance: partition0: wait on le" &&
  has "(ynumel=144: trip count 3; confirmed by the explorer)"

check 1 "bug1 --symbolic -q" "$TLXV" check "$g/ws_add.bug1.ttgir" --symbolic -q &&
  has "kernels.py:31:41: error: phase-agreement:" &&
  has "(ynumel=16: trip count 1; confirmed by the explorer)"
grep -q " proved " "$out" && { echo "FAIL: -q printed the proved conditions"; fail=1; }

check 1 "bug3 --symbolic" "$TLXV" check "$g/ws_add.bug3.ttgir" --symbolic &&
  has "error: byte-balance: partition0: round 0 of barrier lr\[0\] expects 17408 bytes but the TMA copies signalling it deliver 16384"

# bug5 (no fence between the SMEM store of C and the TMA store reading it, hardware passes):
# the proxy-fence condition, for every ynumel, confirmed by the explorer
check 1 "bug5 --symbolic" "$TLXV" check "$g/ws_add.bug5.ttgir" --symbolic &&
  has "kernels.py:88:31: error: proxy-fence: default: local_store writes c_bufs in iteration 0 and hands it over by the arrive at kernels.py:91:24" &&
  has "(ynumel=16: trip count 1; confirmed by the explorer)" && has "proxy-fence      violated"

# --time-limit bounds the symbolic layer too: what Z3 cannot decide in time is unknown (exit 3),
# never proved
check 3 "bug0 --symbolic --time-limit" "$TLXV" check "$g/ws_add.bug0.ttgir" --symbolic --time-limit 1e-9 &&
  has "unknown" && has "time"
grep -q "phase-agreement  proved" "$out" && { echo "FAIL: proved past the time limit"; fail=1; }

check 2 "missing file" "$TLXV" check "$g/nope.ttgir" --symbolic
exit $fail
