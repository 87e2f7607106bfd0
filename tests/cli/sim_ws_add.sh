#!/bin/sh
# sim_ws_add.sh: simulate mode on the corpus ws_add kernel with real data. bug0 must give
# c == a + b exactly (256x2048 f32, grid 8) under both schedules and several seeds; the
# hanging variants (bug1, bug2, bug3, bug7; tests/corpus/README.md) must be reported as
# deadlocks (exit 1) by at least one seed, naming a blocked agent at an expected line.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${CORPUS:?CORPUS must name tests/corpus}"
PY=/usr/bin/python3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ARGS="--arg xnumel=256 --arg ynumel=2048 --tensor a_desc=random:256x2048:f32
      --tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f32 --grid 8"
fail() { echo "FAIL: $*" >&2; exit 1; }

for sched in random round-robin; do
  for seed in 1 2 7; do
    rm -rf "$T/o"
    # shellcheck disable=SC2086
    "$TLXV" sim "$CORPUS/gluon/ws_add.bug0.ttgir" $ARGS --schedule $sched --seed $seed \
      --out "$T/o" > "$T/out" 2> "$T/err" || fail "bug0 $sched seed $seed: exit $? $(cat "$T/err")"
    [ ! -s "$T/err" ] || fail "bug0 $sched seed $seed printed on stderr: $(cat "$T/err")"
    grep -q "8 program(s)" "$T/out" || fail "bug0: summary line missing: $(cat "$T/out")"
    "$PY" - "$T/o" "$seed" <<'PYEOF' || fail "bug0 $sched seed $seed: wrong output"
import sys, numpy as np
d, seed = sys.argv[1], int(sys.argv[2])
a, b, c = (np.load(f"{d}/{n}_desc.npy") for n in "abc")
for x in (a, b, c):
    assert x.dtype == np.float32 and x.shape == (256, 2048), (x.dtype, x.shape)
assert np.abs(a).max() > 0.5 and not np.array_equal(a, b), "inputs are not random"
assert np.array_equal(c, a + b), f"{np.count_nonzero(c != a + b)} elements differ"
PYEOF
  done
done

# Same seed, same inputs: the output does not depend on the schedule.
"$TLXV" sim "$CORPUS/gluon/ws_add.bug0.ttgir" $ARGS --seed 3 --out "$T/r1" -q
"$TLXV" sim "$CORPUS/gluon/ws_add.bug0.ttgir" $ARGS --seed 3 --schedule round-robin --out "$T/r2" -q
cmp -s "$T/r1/c_desc.npy" "$T/r2/c_desc.npy" || fail "bug0: output depends on the schedule"

# Hanging variants: at least one of the runs reports a deadlock at one of the lines.
check_hang() { # variant "lines"
  found=0
  for sched in random round-robin; do
    for seed in 1 2 3 4 5; do
      rc=0
      # shellcheck disable=SC2086
      "$TLXV" sim "$CORPUS/gluon/ws_add.$1.ttgir" $ARGS --schedule $sched --seed $seed \
        > "$T/out" 2> "$T/err" || rc=$?
      case $rc in
        0) ;;
        1) grep -q "error: deadlock: " "$T/err" || fail "$1: exit 1 without a deadlock report: $(cat "$T/err")"
           for l in $2; do
             if grep -q "kernels.py:$l:[0-9]*: error: deadlock" "$T/err"; then found=1; fi
           done
           [ $found = 1 ] || fail "$1: deadlock reported at none of lines $2: $(cat "$T/err")" ;;
        *) fail "$1 $sched seed $seed: exit $rc: $(cat "$T/err")" ;;
      esac
      [ $found = 1 ] && return 0
    done
  done
  fail "$1: no schedule reported the deadlock"
}
check_hang bug1 "31"
check_hang bug2 "33 55 75"
check_hang bug3 "36 75"
check_hang bug7 "75 108"
grep -q "waits\|wait" "$T/err" || fail "bug7: deadlock report does not say what is awaited: $(cat "$T/err")"
echo "sim_ws_add: ok"
