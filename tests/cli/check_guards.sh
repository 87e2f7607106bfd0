#!/bin/sh
# check_guards.sh: both sides of every argument guard (verify/vf_argguard.c, issue 12 class 5)
# on tests/checkers/guard-{zero,flag,loop}.{ok,bug}.ttgir and variants made here:
#  - guard-call.bug (an arrival under `if n > 0` in a called function): found at n=0;
#  - guard-conj.bug (an arrival unless n <= 0 and m <= 0): found only with both moved;
#  - guard-zero.bug (an arrival under `if n > 0`): found with the defaults at n=0 (the run the
#    guard adds, named in the summary); checked as given with --arg (n=3 verifies, n=0 not);
#  - the same guard written with cf.cond_br: found;
#  - an i1 argument deciding a branch takes {0, 1}, not {1, 2, 3};
#  - llvm.intr.assume(n > 0): the n = 0 side is outside the kernel's contract, not run and
#    said so (verified); a division by n: n = 0 divides by zero, not run and said so;
#  - a side no whole tile reaches (n == 100 with tt.divisibility 64): not covered, said in the
#    summary and the verdict is "verified for" (text and JSON), exit 0.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
D="$SRC/tests/checkers"
run() { # want-exit file args...: output in $T/out
  want=$1 file=$2
  shift 2
  rc=0
  "$TLXV" "$file" "$@" > "$T/out" 2> "$T/err" || rc=$?
  [ "$rc" = "$want" ] || fail "exit $rc (want $want) for $file $*: $(tail -2 "$T/out") $(cat "$T/err")"
}
has() { grep -qF -- "$1" "$T/out" || fail "no '$1' in: $(grep -v '^  ' "$T/out" | tail -4)"; }
hasnt() { ! grep -qF -- "$1" "$T/out" || fail "'$1' in: $(grep -v '^  ' "$T/out" | tail -4)"; }

run 1 "$D/guard-zero.bug.ttgir"
has "checkers.py:20:7: error: deadlock"
has "schedule (n=0)"
has "checked n in {1, 2, 3}; the other side of the argument guards: n=0 (false at checkers.py:29:5)"
run 0 "$D/guard-zero.bug.ttgir" --arg n=3
hasnt "the other side of the argument guards"
run 1 "$D/guard-zero.bug.ttgir" --arg n=0
run 0 "$D/guard-zero.ok.ttgir"
has "n=0 (false at checkers.py:19:5)"
# a branch on `not (n <= 0 and m <= 0)`: each comparison takes both sides in a run of its own,
# the branch only in the run with both moved
run 1 "$D/guard-conj.bug.ttgir"
has "schedule (n=0, m=0)"
has "n=0 (true at checkers.py:29:5), m=0 (true at checkers.py:29:15), n=0 and m=0 (false at checkers.py:30:5)"
run 0 "$D/guard-conj.ok.ttgir"
# the guard inside a called function (tt.call): its argument is the call's operand
run 1 "$D/guard-call.bug.ttgir"
has "schedule (n=0)"
has "n=0 (false at checkers.py:5:1)"
run 0 "$D/guard-call.ok.ttgir"
# called from two places (and a count of 2 for the two arrivals): the callee's argument has no
# single value; its comparison's sides are named as not covered, never a bare "verified"
sed -e 's/^\(    tt.call @maybe_arrive.*\)$/\1\n\1/' -e 's/ttng.init_barrier %bar, 1 :/ttng.init_barrier %bar, 2 :/' \
  "$D/guard-call.ok.ttgir" > "$T/call2.ttgir"
[ "$(grep -c 'tt.call' "$T/call2.ttgir")" = 2 ] || fail "call2: not two calls"
run 0 "$T/call2.ttgir"
has "verified for every argument guard side but the false side of the guard at checkers.py:5:1, the true side of the guard at checkers.py:5:1 only"
run 1 "$D/guard-loop.bug.ttgir"
has "N=0 (false at checkers.py:18:5 (loop))"
has "loop checkers.py:30: trip counts 0, 1, 2, 3"
run 1 "$D/guard-flag.bug.ttgir"
# the guard run moves flag off the first values whose loops wrap their rings (N=128: two
# trips of the one-slot ring), not off combination 0 (N=64) since session 36
has "schedule (N=128, flag=0)"
has "each from N=128 (the first values whose loops wrap their rings)"
run 1 "$D/guard-wrap.bug.ttgir"
has "checkers.py:22:5: error: race"
has "k2=7 (false at"
has "each from n=3 (the first values whose loops wrap their rings)"

# the guard as cf.cond_br blocks
python3 - "$D/guard-zero.bug.ttgir" "$T/cf.ttgir" <<'PY'
import sys
s = open(sys.argv[1]).read()
old = s[s.index("      scf.if %pos {"):s.index("      ttg.warp_return")]
arrive = old.split("\n")[1]
new = ('      cf.cond_br %pos, ^bb1, ^bb2 loc("checkers.py":30:5)\n    ^bb1:\n' + arrive +
       '\n      cf.br ^bb2\n    ^bb2:\n')
assert "ttng.arrive_barrier" in arrive
open(sys.argv[2], "w").write(s.replace(old, new))
PY
run 1 "$T/cf.ttgir"
has "checkers.py:20:7: error: deadlock"
has "n=0 (false at checkers.py:29:5)"

# an i1 argument used as the condition itself
sed -e 's/%n: i32/%n: i1/; s/%pn: i32/%pn: i1/; s/, i32) -> ()/, i1) -> ()/' \
    -e 's/scf.if %pos {/scf.if %pn {/' -e '/%pos = arith.cmpi/d' "$D/guard-zero.bug.ttgir" > "$T/flag.ttgir"
grep -q 'scf.if %pn' "$T/flag.ttgir" || fail "could not make the i1 kernel"
run 1 "$T/flag.ttgir"
has "checked n in {0, 1};"
has "schedule (n=0)"
hasnt "{1, 2, 3}"

# llvm.intr.assume(n > 0): n = 0 is outside the contract
sed 's|    ttng.init_barrier %d0, 1 : \(.*\) loc("checkers.py":12:1)|&\n    %npos = arith.cmpi sgt, %n, %c0_i32 : i32\n    llvm.intr.assume %npos : i1 loc("checkers.py":9:1)|' \
  "$D/guard-zero.bug.ttgir" > "$T/assume.ttgir"
grep -q 'llvm.intr.assume' "$T/assume.ttgir" || fail "could not make the assume kernel"
run 0 "$T/assume.ttgir"
has "n=0 (false at checkers.py:29:5) not run: outside the llvm.intr.assume at checkers.py:9:1"
has "verified: no bug in any schedule"

# a division by n: n = 0 divides by zero
sed 's|    ttng.init_barrier %d0, 1 : \(.*\) loc("checkers.py":12:1)|&\n    %c64_i32 = arith.constant 64 : i32\n    %q = arith.divsi %c64_i32, %n : i32 loc("checkers.py":8:1)|' \
  "$D/guard-zero.bug.ttgir" > "$T/div.ttgir"
grep -q 'arith.divsi' "$T/div.ttgir" || fail "could not make the division kernel"
run 0 "$T/div.ttgir"
has "n=0 (false at checkers.py:29:5) not run: it divides by zero at checkers.py:8:1"

# a side no whole tile reaches: n == 100 for multiples of 64
sed -e 's/tt.func public @guard_zero(%n: i32)/tt.func public @guard_zero(%n: i32 {tt.divisibility = 64 : i32})/' \
    -e 's/%pos = arith.cmpi sgt, %pn, %z : i32/%c100 = arith.constant 100 : i32\n      %pos = arith.cmpi ne, %pn, %c100 : i32/' \
  "$D/guard-zero.bug.ttgir" > "$T/gap.ttgir"
grep -q 'cmpi ne' "$T/gap.ttgir" || fail "could not make the gap kernel"
run 0 "$T/gap.ttgir"
has "not covered: the false side of the guard at checkers.py:29:5"
has "verified for every argument guard side but the false side of the guard at checkers.py:29:5 only"
run 0 "$T/gap.ttgir" --format json
jq -e '.verified_for | test("every argument guard side but the false side")' "$T/out" > /dev/null ||
  fail "JSON verified_for: $(jq -c .verified_for "$T/out")"
run 0 "$T/gap.ttgir" --arg n=64
hasnt "not covered"
echo "check_guards: ok"
