#!/bin/sh
# chosen_data.sh: chosen data (docs/verifier.md "Chosen data", issue 12). A loop bound loaded
# from a read-only input is checked under the fills of that memory, and the verdict says so
# ("verified for loaded values at ..."), never a bare "verified"; a planted bug that needs a
# trip count >= 2 is found with the fill in its schedule; a written input and pointer chasing
# stay refused at the loop, naming the load and why; llvm.intr.assume on the loaded value
# skips the fills it rules out; two partitions loading different entries disagree under the
# ramp fill (a real deadlock for such an input).
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
D="$SRC/tests/checkers"
rc=0
"$TLXV" "$D/loaded-bound.ok.ttgir" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 0 ] || fail "loaded-bound.ok: exit $rc: $(cat "$T/o.txt")"
tail -1 "$T/o.txt" | grep -qF ": verified for loaded values at checkers.py:60, checkers.py:70 in {1, 0, 2, 3, 5, index, 3*index} (their read-only input memory filled with each; other contents not checked) only:" ||
  fail "loaded-bound.ok: verdict line: $(tail -1 "$T/o.txt")"
grep -qF "loop checkers.py:61: trip counts 0, 1, 2, 3, 5" "$T/o.txt" || fail "loaded-bound.ok: loop coverage: $(cat "$T/o.txt")"
"$TLXV" "$D/loaded-bound.ok.ttgir" --format json > "$T/o.json"
[ "$(jq -r .verdict "$T/o.json")" = verified ] || fail "loaded-bound.ok: JSON verdict"
jq -r .verified_for "$T/o.json" | grep -qF "loaded values at checkers.py:60" || fail "loaded-bound.ok: JSON verified_for"
rc=0
"$TLXV" "$D/loaded-bound.bug.ttgir" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 1 ] || fail "loaded-bound.bug: exit $rc"
head -1 "$T/o.txt" | grep -q "^checkers.py:62:7: error: deadlock: " || fail "loaded-bound.bug: $(head -1 "$T/o.txt")"
grep -m1 "schedule" "$T/o.txt" | grep -qF "schedule (loaded inputs=2)" || fail "loaded-bound.bug: fill not named: $(grep -m1 schedule "$T/o.txt")"
input_error check "checkers.py:61:5: error: scf.for depends on data loaded from memory" "$D/loaded-bound-written.ttgir"
grep -qF "(the value loaded at checkers.py:60:9: the kernel writes that input" "$T/err" || fail "written: $(cat "$T/err")"
grep -qF "written by tt.store at checkers.py:64:5)" "$T/err" || fail "written: no writer: $(cat "$T/err")"
input_error check "checkers.py:71:5: error: scf.for depends on data loaded from memory" "$D/loaded-bound-chase.ttgir"
grep -qF "at checkers.py:70:9: its address depends on loaded data (pointer chasing)" "$T/err" || fail "chase: $(cat "$T/err")"
# tl.assume(n >= 1): the fills that give 0 at program 0 (0, index, 3*index) are skipped
sed 's|      %n = tt.load %sp : !tt.ptr<i32> loc("checkers.py":60:9)|&\n      %c1a = arith.constant 1 : i32\n      %ge = arith.cmpi sge, %n, %c1a : i32\n      llvm.intr.assume %ge : i1 loc("checkers.py":60:20)|' \
  "$D/loaded-bound.ok.ttgir" > "$T/assume.ttgir"
grep -q "llvm.intr.assume" "$T/assume.ttgir" || fail "could not make the assume kernel"
rc=0
"$TLXV" "$T/assume.ttgir" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 0 ] && grep -qF "skipped 3 of 7 run(s)" "$T/o.txt" || fail "assume: exit $rc: $(cat "$T/o.txt")"
# partition0 reads entry pid + 1: under the ramp fill its trip count differs (deadlock)
sed 's|      %psp = tt.addptr %ps, %ppid : !tt.ptr<i32>, i32 loc("checkers.py":69:9)|      %one1 = arith.constant 1 : i32\n      %pnext = arith.addi %ppid, %one1 : i32\n      %psp = tt.addptr %ps, %pnext : !tt.ptr<i32>, i32 loc("checkers.py":69:9)|' \
  "$D/loaded-bound.ok.ttgir" > "$T/other.ttgir"
grep -q "pnext" "$T/other.ttgir" || fail "could not make the two-entry kernel"
rc=0
"$TLXV" "$T/other.ttgir" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 1 ] && head -1 "$T/o.txt" | grep -q "error: deadlock: " && grep -m1 schedule "$T/o.txt" | grep -qF "index" ||
  fail "two entries: exit $rc: $(head -3 "$T/o.txt"); $(grep -m1 schedule "$T/o.txt")"
echo "chosen_data: ok"
