#!/bin/sh
# sim_trace.sh: `tlx-verify sim --trace-out F.json` writes the schedule the simulator ran as a
# Chrome trace that tests/tools/check_chrome_trace.py accepts: for a completed run (ws_add.bug0)
# with as many steps as the run reported and no bug, for a deadlocking one (ws_add.bug1) with the
# deadlock marked (bug instant, BLOCKED slices, otherData.deadlock); a grid run shows program 0,
# or the first program with a bug; an unwritable path is an input error (exit 2, one line).
set -eu
: "${TLXV:?}" "${CORPUS:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh" # T, fail, input_error
PY=/usr/bin/python3
CHECK="$PY $SRC/tests/tools/check_chrome_trace.py"
ARGS="--arg xnumel=256 --arg ynumel=2048 --tensor a_desc=random:256x2048:f32
      --tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f32"

# otherData field of a trace: json_field FILE KEY
json_field() { "$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["otherData"][sys.argv[2]])' "$1" "$2"; }
# number of events of category CAT: count_cat FILE CAT
count_cat() { "$PY" -c 'import json,sys; print(sum(e.get("cat") == sys.argv[2] for e in json.load(open(sys.argv[1]))["traceEvents"]))' "$1" "$2"; }
process_name() { "$PY" -c 'import json,sys; print([e["args"]["name"] for e in json.load(open(sys.argv[1]))["traceEvents"] if e["name"] == "process_name"][0])' "$1"; }

# 1. completed run: valid trace, one thread per agent, as many steps as the run, no bug
# shellcheck disable=SC2086
"$TLXV" sim "$CORPUS/gluon/ws_add.bug0.ttgir" $ARGS --seed 5 --trace-out "$T/bug0.json" \
  > "$T/out" 2> "$T/err" || fail "bug0: exit $? $(cat "$T/err")"
[ ! -s "$T/err" ] || fail "bug0 printed on stderr: $(cat "$T/err")"
$CHECK --expect-threads 3 "$T/bug0.json" > "$T/check" || fail "bug0: $(cat "$T/check")"
steps=$(sed -n 's/^sim: 1 program(s), \([0-9]*\) steps.*/\1/p' "$T/out")
[ -n "$steps" ] || fail "bug0: no summary line: $(cat "$T/out")"
grep -q "trace of program 0 in $T/bug0.json" "$T/out" || fail "bug0: summary does not name the trace: $(cat "$T/out")"
[ "$(json_field "$T/bug0.json" steps)" = "$steps" ] ||
  fail "bug0: trace has $(json_field "$T/bug0.json" steps) steps, the run $steps"
[ "$(json_field "$T/bug0.json" final)" = True ] || fail "bug0: trace does not end final"
[ "$(json_field "$T/bug0.json" deadlock)" = False ] || fail "bug0: trace marks a deadlock"
[ "$(count_cat "$T/bug0.json" bug)" = 0 ] || fail "bug0: trace carries a bug instant"
grep -q '"engine: TMA load"' "$T/bug0.json" || fail "bug0: no TMA load engine track"
# another seed is another schedule: the trace follows the run, not a fixed schedule
# shellcheck disable=SC2086
"$TLXV" sim "$CORPUS/gluon/ws_add.bug0.ttgir" $ARGS --seed 6 --trace-out "$T/bug0b.json" -q ||
  fail "bug0 seed 6: exit $?"
cmp -s "$T/bug0.json" "$T/bug0b.json" && fail "bug0: seeds 5 and 6 gave the same trace"

# 2. deadlock: exit 1, the trace marks it
rc=0
# shellcheck disable=SC2086
"$TLXV" sim "$CORPUS/gluon/ws_add.bug1.ttgir" $ARGS --trace-out "$T/bug1.json" \
  > "$T/out" 2> "$T/err" || rc=$?
[ "$rc" = 1 ] || fail "bug1: exit $rc, want 1: $(cat "$T/err")"
grep -q "error: deadlock: " "$T/err" || fail "bug1: no deadlock report: $(cat "$T/err")"
$CHECK --expect-threads 3 --expect-bug "$T/bug1.json" > "$T/check" || fail "bug1: $(cat "$T/check")"
[ "$(json_field "$T/bug1.json" deadlock)" = True ] || fail "bug1: otherData.deadlock is not true"
[ "$(json_field "$T/bug1.json" final)" = False ] || fail "bug1: trace ends final"
[ "$(count_cat "$T/bug1.json" blocked)" -ge 1 ] || fail "bug1: no BLOCKED slice"
grep -q '"BUG deadlock: ' "$T/bug1.json" || fail "bug1: the bug instant is not the deadlock"
grep -q 'kernels.py:31:' "$T/bug1.json" || fail "bug1: the trace does not name the blocked wait at kernels.py:31"

# 3. a grid: the trace names the program it shows (program 0 when none has a bug)
# shellcheck disable=SC2086
"$TLXV" sim "$CORPUS/gluon/ws_add.bug0.ttgir" $ARGS --grid 4 --trace-out "$T/grid.json" \
  > "$T/out" || fail "grid: exit $?"
grep -q "4 program(s)" "$T/out" || fail "grid: $(cat "$T/out")"
case "$(process_name "$T/grid.json")" in
  "ws_add.bug0.ttgir (program 0, pid 0,0,0)") ;;
  *) fail "grid: trace process name is '$(process_name "$T/grid.json")'" ;;
esac
$CHECK --expect-threads 3 "$T/grid.json" > "$T/check" || fail "grid: $(cat "$T/check")"

# 4. a grid whose program 1 deadlocks (only it waits, on a barrier nobody arrives on): the trace
# shows program 1, not program 0, which completed first
cat > "$T/pid1.ttgir" <<'KERNEL'
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @k() {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable> loc("pid1.py":3:4)
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable> loc("pid1.py":4:4)
    %pid = tt.get_program_id x : i32
    %one = arith.cmpi eq, %pid, %c1 : i32
    scf.if %one {
      ttng.wait_barrier %b, %c0 : !ttg.memdesc<1xi64, #shared, #smem, mutable> loc("pid1.py":7:8)
    }
    tt.return
  }
}
KERNEL
rc=0
"$TLXV" sim "$T/pid1.ttgir" --grid 3 --trace-out "$T/pid1.json" > "$T/out" 2> "$T/err" || rc=$?
[ "$rc" = 1 ] || fail "pid1: exit $rc, want 1: $(cat "$T/err")"
grep -q "pid1.py:7:8: error: deadlock: default of program 1" "$T/err" || fail "pid1: $(cat "$T/err")"
case "$(process_name "$T/pid1.json")" in
  "pid1.ttgir (program 1, pid 1,0,0)") ;;
  *) fail "pid1: trace shows '$(process_name "$T/pid1.json")', want program 1" ;;
esac
[ "$(json_field "$T/pid1.json" deadlock)" = True ] || fail "pid1: trace does not mark the deadlock"
$CHECK --expect-bug "$T/pid1.json" > "$T/check" || fail "pid1: $(cat "$T/check")"

# 5. errors: unwritable path (exit 2, one line naming it), missing value
# shellcheck disable=SC2086
input_error sim "$T/no/such/dir/t.json: error: " "$CORPUS/gluon/ws_add.bug0.ttgir" $ARGS \
  --trace-out "$T/no/such/dir/t.json"
[ "$(wc -l < "$T/err")" = 1 ] || fail "unwritable trace path: stderr is not one line: $(cat "$T/err")"
input_error sim "--trace-out needs a value" "$CORPUS/gluon/ws_add.bug0.ttgir" --trace-out
echo "sim_trace: ok"
