#!/bin/sh
# explain_gdb_goldens.sh (issues 15 and 17): `info cuda threads` as real cuda-gdb printed it on an
# H200 for Triton-built hanging launches (tests/device/ref/cuda-gdb/, made by
# tests/device/hang_goldens.sh: attached live, and from a user-triggered coredump). explain must
# map the warps to partitions as Triton laid them out (a 1-warp partition after 4 default warps
# runs on warp 6, warps 4-5 and 7 are padding: ir/ir_wsgroups.h) and recover check's bug.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
n=0
for g in "$SRC"/tests/device/ref/cuda-gdb/*.txt; do
  base=$(basename "$g" .txt)          # <example>.bug<N>.<attach|core>
  variant=${base%.*}
  ex=${variant%.bug*}
  k="$SRC/examples/$ex/$variant.ttgir"
  [ -f "$k" ] || fail "$base: no kernel $k"
  rc=0
  "$TLXV" check "$k" --format json > "$T/c.json" 2>/dev/null || rc=$?
  [ $rc = 1 ] || fail "$variant: check exit $rc"
  want=$(jq -r '[.bugs[0].kind, .bugs[0].loc.line] | map(tostring) | join(" ")' "$T/c.json")
  rc=0
  "$TLXV" explain "$k" --observed "$g" --format json > "$T/x.json" 2> "$T/err" || rc=$?
  [ $rc = 1 ] || fail "$base: explain exit $rc: $(cat "$T/err")"
  got=$(jq -r '[.report.bugs[0].kind, .report.bugs[0].loc.line] | map(tostring) | join(" ")' "$T/x.json")
  [ "$got" = "$want" ] || fail "$base: explain gives '$got', check '$want'"
  n=$((n + 1))
done
# --graph-out draws the schedule to the matched state (as check draws a bug's)
g="$SRC/tests/device/ref/cuda-gdb/hopper_gemm_ws.bug1.core.txt"
rc=0
"$TLXV" explain "$SRC/examples/hopper_gemm_ws/hopper_gemm_ws.bug1.ttgir" --observed "$g" --graph-out "$T/g.svg" \
  > /dev/null 2>&1 || rc=$?
[ $rc = 1 ] && grep -q '<svg' "$T/g.svg" || fail "explain --graph-out: exit $rc, no SVG"
[ $n -ge 4 ] || fail "only $n goldens"
echo "explain_gdb_goldens: $n real cuda-gdb outputs diagnosed"
