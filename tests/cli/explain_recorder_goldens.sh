#!/bin/sh
# explain_recorder_goldens.sh (issues 15 and 17, run 1): hang records that the H200 wrote for our
# own `lower --recorder` builds of the hanging kernels (tests/device/recorder_hangs.sh, 2026-12-02;
# tests/device/ref/recorder/). explain, given the launch's scalar arguments, must name the bug
# `check` reports (expected.tsv: kind:line). gemm.bug3 over-delivers TMA bytes (its expect counts
# A only): past that tx-mismatch the barrier's behaviour is undefined and the model stops at the
# violation, so its stuck state is not reachable; explain names the tx-mismatch it met on the way
# (a halting bug that fits the observation: exit 1, the bug first in the JSON report).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
D="$SRC/tests/device/ref/recorder"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
n=0
tab=$(printf '\t')
while IFS="$tab" read -r id kernel args expect; do
  [ "$id" = id ] && continue
  set --
  for a in $args; do set -- "$@" --arg "$a"; done
  rc=0
  "$TLXV" explain "$SRC/$kernel" --observed "$D/$id.json" "$@" --format json > "$T/x.json" 2> "$T/err" || rc=$?
  [ $rc = 1 ] || fail "$id: explain exit $rc: $(cat "$T/err")"
  got=$(jq -r '.report.bugs[0] | "\(.kind):\(.loc.line)"' "$T/x.json")
  [ "$got" = "$expect" ] || fail "$id: explain gives $got, check $expect"
  n=$((n + 1))
done < "$D/expected.tsv"
[ $n -ge 14 ] || fail "only $n records"
echo "explain_recorder_goldens: $n hang records from the H200 explained"
