#!/bin/sh
# check_tdm_pred.sh: amdg.update_tensor_descriptor's `pred` (docs/amd-gfx1250.md): the TDM copies
# through the descriptor inherit it (pred 0: no copy). tests/amd/gfx1250/tdm-pred.* hold the
# verdicts; here: the ok kernel races at on = 0 once the pred is dropped (so its verdict needs the
# pred); a pred from an i32 argument used nowhere else is checked at 0 and 1; a pred other than 0
# or 1, and pred 0 on a copy with a barrier (whether it arrives is not documented), make the run
# inconclusive (exit 3); a pred loaded from a read-only input is chosen data.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
OK="$SRC/tests/amd/gfx1250/tdm-pred.ok.ttgir"

# without the pred, the copy runs at on = 0 too, into the fill
sed 's/ pred = %p : / : /' "$OK" > "$T/nopred.ttgir"
grep -q 'update_tensor_descriptor %da : ' "$T/nopred.ttgir" || fail "could not drop the pred"
run 1 "$T/nopred.ttgir"
grep -q '^g.py:15:8: error: race: .*TDM copy' "$T/o.txt" && grep -q 'schedule (on=0)' "$T/o.txt" ||
  fail "no pred: $(head -3 "$T/o.txt")"

# an i32 argument that is only the pred: a flag, checked at 1 and 0
sed 's/%on: i1) attributes/%on: i1, %q: i32) attributes/; s/ pred = %p : / pred = %q : /; s/scf.if %off {/scf.if %false {/; s/%off = arith.xori %on, %true : i1/%false = arith.constant false/' \
  "$OK" > "$T/i32.ttgir"
grep -q 'pred = %q' "$T/i32.ttgir" || fail "could not make the i32 pred"
run 0 "$T/i32.ttgir"
grep -q 'checked q in {0, 1}' "$T/o.txt" || fail "i32 pred: $(cat "$T/o.txt")"
run 3 "$T/i32.ttgir" --arg q=2
grep -q "inconclusive: amdg.async_tdm_copy_global_to_local through a descriptor whose pred is neither 0 nor 1" "$T/o.txt" ||
  fail "pred 2: $(cat "$T/o.txt")"

# pred 0 on a copy that arrives on an mbarrier: whether it still arrives is not documented
MB="$SRC/tests/amd/gfx1250/tdm-mbar.ok.ttgir"
grep -q 'amdg.async_tdm_copy_global_to_local %d' "$MB" || fail "tdm-mbar.ok changed"
sed 's/    \(%[a-z0-9]*\) = amdg.async_tdm_copy_global_to_local %d\([a-z0-9]*\) /    %zq = arith.constant 0 : i32\n    %dz = amdg.update_tensor_descriptor %d\2 pred = %zq : !tt.tensordesc<64x64xf16, #shared>\n    \1 = amdg.async_tdm_copy_global_to_local %dz /' \
  "$MB" > "$T/mb0.ttgir"
grep -q 'pred = %zq' "$T/mb0.ttgir" || fail "could not predicate the mbarrier copy"
run 3 "$T/mb0.ttgir"
grep -q "pred is 0, with a barrier: whether the copy still arrives is not modelled" "$T/o.txt" || fail "pred 0 + barrier: $(cat "$T/o.txt")"

# a pred loaded from a read-only input: chosen data (its values are chosen like an argument's);
# a loaded pred of 1 at on = 0 runs the copy into the fill: a real race of this variant
sed 's/%p = arith.extui %on : i1 to i32 loc("g.py":11:4)/%pp = tt.addptr %qa, %c128 : !tt.ptr<i32>, i32 loc("g.py":11:4)\n    %p = tt.load %pp : !tt.ptr<i32> loc("g.py":11:4)/; s/%on: i1) attributes/%on: i1, %qa: !tt.ptr<i32>) attributes/' \
  "$OK" > "$T/data.ttgir"
grep -q 'tt.load %pp' "$T/data.ttgir" || fail "could not load the pred"
run 1 "$T/data.ttgir"
grep -q '^g.py:15:8: error: race: ' "$T/o.txt" && grep -q 'schedule (on=0, loaded inputs=1)' "$T/o.txt" ||
  fail "loaded pred: $(head -3 "$T/o.txt")"
echo "check_tdm_pred: ok"
