#!/bin/sh
# repro_bounds.sh: the inputs of tests/repro/model/ (issue 11) end in a located error or a verdict,
# never a crash: too many partitions (the limit and why, at the warp_specialize op), a
# division by zero in simulate mode (at the dividing op), conversions to every float type.
set -eu
: "${TLXV:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
R="$SRC/tests/repro/model"
input_error check "partitions64_unknown_file_no_position.ttgir:10:5: error: ttg.warp_specialize with 64 partitions" "$R/partitions64_unknown_file_no_position.ttgir"
grep -q "at most 32 agents.*32-bit masks.*at most 31 partitions" "$T/err" || fail "limit not explained: $(cat "$T/err")"
input_error sim "partitions64_unknown_file_no_position.ttgir:10:5: error:" "$R/partitions64_unknown_file_no_position.ttgir" --arg n=1
# division by zero: at the op (kernels.py:71:35 is the divsi's loc), inconclusive
rc=0
"$TLXV" sim "$R/sim_divzero_no_position.ttgir" --arg xnumel=256 --arg ynumel=2048 \
  --tensor a_desc=zeros:256x2048:f32 --tensor b_desc=zeros:256x2048:f32 \
  --tensor c_desc=zeros:256x2048:f32 > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 3 ] || fail "sim divzero: exit $rc (want 3): $(cat "$T/err")"
grep -q "^kernels.py:71:35: error: program 0 stopped: integer division by zero in arith.divsi" "$T/err" ||
  fail "sim divzero: not located: $(cat "$T/err")"
rc=0
"$TLXV" check "$R/sim_divzero_no_position.ttgir" --arg xnumel=256 --arg ynumel=2048 > "$T/out" 2>&1 || rc=$?
[ $rc = 3 ] || fail "check divzero: exit $rc (want 3)"
grep -q "integer division by zero in arith.divsi.*(at kernels.py:71:35)" "$T/out" || fail "check divzero: not located"
# scalar conversions to FNUZ fp8 / f4 types: converted, no assertion abort
for f in assert_bad_dtype_fp8_scalar.mlir assert_bad_dtype_f4_truncf.ttgir; do
  for sub in check sim; do
    rc=0
    "$TLXV" $sub "$R/$f" > "$T/out" 2>&1 || rc=$?
    [ $rc = 0 ] || fail "$sub $f: exit $rc: $(tail -3 "$T/out")"
  done
done
echo "repro_bounds: ok"
