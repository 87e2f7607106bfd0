#!/bin/sh
# check_amd.sh: the hand-written AMD kernels (tests/amd): the correct ones verify, every
# planted bug is reported first with its kind at its line (semantics.md §8, sim/sim_amd_*.c).
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/expected_kernels.sh"
check_expected "$SRC/tests/amd" amd.py
[ "$n" -ge 18 ] || fail "only $n AMD kernels"
n0=$n
# planted-bug variants of the corpus kernels (tests/amd/planted/README.md)
check_expected "$SRC/tests/amd/planted" 03-matrix-multiplication.py
[ "$n" -ge 3 ] || fail "only $n planted corpus variants"
n=$((n + n0))
# the lint amd.masked-lanes-stale follows the run's arguments (docs/diagnostics.md): none where the
# mask is true for them, a warning where it is false, an error only with --warnings-as-errors
nb=$SRC/tests/amd/planted/matmul_gfx950_g2l_noother.bug.ttgir
for a in "--arg K=128" "--partial-tiles=off"; do
  rc=0
  # shellcheck disable=SC2086
  "$TLXV" "$nb" $a -q > "$T/o.txt" 2>&1 || rc=$?
  [ $rc = 0 ] && [ ! -s "$T/o.txt" ] || fail "g2l_noother $a: exit $rc, $(cat "$T/o.txt")"
done
rc=0
"$TLXV" "$SRC/tests/amd/stale-cols.bug.ttgir" --arg N=64 --arg M=40 -q > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 0 ] && [ ! -s "$T/o.txt" ] || fail "stale-cols N=64: exit $rc, $(cat "$T/o.txt")"
rc=0
"$TLXV" "$nb" --arg K=80 --warnings-as-errors -q > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 1 ] && head -1 "$T/o.txt" | grep -q '^03-matrix-multiplication.py:301:[0-9]*: error: amd.masked-lanes-stale: .*element (0, 16)' ||
  fail "g2l_noother K=80 --warnings-as-errors: exit $rc, $(head -1 "$T/o.txt")"
# the AMD ops print back as written
"$TLXV" parse "$SRC/tests/amd/ops.ok.ttgir" > "$T/rt.ttgir" || fail "parse ops.ok"
grep -v '^//' "$SRC/tests/amd/ops.ok.ttgir" | cmp -s - "$T/rt.ttgir" || fail "ops.ok does not print back as written"
# the wave reduction against the run of every wave: check_amd_waves.sh
# --symbolic encodes NVIDIA's conditions only: on an AMD kernel it refuses at the kernel (exit 2),
# never "proved" (issue 16), in every output format
for k in "$SRC"/tests/amd/*.ttgir "$SRC"/tests/amd/planted/*.ttgir "$SRC"/tests/corpus/amd/*.ttgir; do
  for fmt in text json; do
    rc=0
    "$TLXV" "$k" --symbolic --format $fmt > "$T/out" 2> "$T/err" || rc=$?
    [ $rc = 2 ] || fail "$k --symbolic --format $fmt: exit $rc, want 2"
    # (a kernel the model refuses at an op, tests/corpus/amd/expected.tsv "refused", is refused first)
    grep -q ':[0-9]*:[0-9]*: error: --symbolic: the symbolic conditions are encoded for NVIDIA kernels only.*targets hip:gfx[19]' "$T/err" ||
      grep -q "^$(basename "$k")[[:space:]]*refused" "$SRC/tests/corpus/amd/expected.tsv" ||
      fail "$k --symbolic: $(cat "$T/err")"
    ! grep -q 'proved' "$T/out" || fail "$k --symbolic: something proved: $(cat "$T/out")"
  done
done
echo "check_amd: $n kernels ok"
