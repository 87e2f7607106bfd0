#!/bin/sh
# cli_inputs.sh: issue 11's command-line inputs (tests/cli/inputs/README.md): a non-UTF-8 file
# name in loc("...") keeps its locations in every encoder (U+FFFD for the bad bytes, output
# valid UTF-8 / JSON / XML); --arg values that do not fit the argument's type, malformed
# numbers and out-of-range option values are input errors (exit 2, the message, nothing on
# stdout) in check, sim and graph; a mistyped command is "unknown command"; an input that fails
# to parse after --arg options exits 2 (under ASan: without a leak).
set -eu
: "${TLXV:?}" "${CORPUS:?}" "${SRC:?}"
. "$SRC/tests/tools/input_error.sh"
IN="$SRC/tests/cli/inputs"
K="$CORPUS/gluon/ws_add.bug0.ttgir"
A="--arg xnumel=256 --arg ynumel=2048"
FFFD=$(printf '\357\277\275')

# ---- 1. non-UTF-8 location file names
U="$IN/nonutf8_loc_json_drops_locations.ttgir"
valid_utf8() { python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$1" ||
  fail "$1 is not valid UTF-8"; }
rc=0; "$TLXV" "$U" --format json > "$T/j" 2> "$T/err" || rc=$?
[ $rc = 1 ] || fail "json: exit $rc: $(cat "$T/err")"
[ "$(jq -r '.bugs[0].loc | "\(.file):\(.line):\(.col)"' "$T/j")" = "check${FFFD}${FFFD}ers.py:20:5" ] ||
  fail "json loc: $(jq -c '.bugs[0].loc' "$T/j")"
[ "$(jq '[.bugs[0].related[] | select(.file and .line > 0)] | length' "$T/j")" -ge 1 ] || fail "json related"
[ "$(jq '[.bugs[0].trace[] | select(.loc.file)] | length' "$T/j")" = "$(jq '.bugs[0].trace | length' "$T/j")" ] ||
  fail "json trace locations"
rc=0; "$TLXV" "$U" --format sarif > "$T/s" || rc=$?
[ $rc = 1 ] || fail "sarif: exit $rc"
[ "$(jq -r '.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri' "$T/s")" = "check${FFFD}${FFFD}ers.py" ] ||
  fail "sarif uri: $(jq -c '.runs[0].results[0].locations' "$T/s")"
[ "$(jq '.runs[0].results[0].relatedLocations | length' "$T/s")" -ge 1 ] || fail "sarif related"
rc=0; "$TLXV" "$U" --trace-out "$T/trace.json" > "$T/t" || rc=$?
[ $rc = 1 ] || fail "text: exit $rc"
valid_utf8 "$T/t"
grep -q "^check${FFFD}${FFFD}ers.py:20:5: error: deadlock" "$T/t" || fail "text loc: $(head -2 "$T/t")"
[ "$(jq '[.traceEvents[] | select(.args.loc) | .args.loc | select(startswith("check"))] | length' "$T/trace.json")" -ge 1 ] ||
  fail "chrome trace lost the locations"
"$TLXV" graph "$U" -o "$T/g.dot" --counterexample > "$T/o"
valid_utf8 "$T/g.dot"
valid_utf8 "$T/o"
"$TLXV" graph "$U" -o "$T/p.svg" --protocol > /dev/null
python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$T/p.svg" || fail "protocol svg is not XML"

# ---- 2. --arg values: they fit the argument's type, or the command refuses them
input_error check "error: --arg ynumel=4611686018427387904: value does not fit the argument's type i32" \
  "$K" --arg xnumel=256 --arg ynumel=4611686018427387904
grep -q "^kernels.py:95:0: error:" "$T/err" || fail "not at the argument: $(cat "$T/err")"
input_error check "value does not fit the argument's type i32 (-2147483648 to 2147483647)" "$K" --arg xnumel=2147483648
input_error graph "--arg ynumel=4611686018427387904: value does not fit the argument's type i32" \
  "$K" -o "$T/x.svg" --arg xnumel=256 --arg ynumel=4611686018427387904
input_error sim "--arg ynumel=4294967296: value does not fit the argument's type i32" "$K" \
  --arg xnumel=256 --arg ynumel=4294967296 --tensor a_desc=zeros:256x2048:f32 \
  --tensor b_desc=zeros:256x2048:f32 --tensor c_desc=zeros:256x2048:f32
input_error check "--arg expects NAME=INT, got 'ynumel=12abc'" "$K" --arg xnumel=256 --arg ynumel=12abc
input_error check "--arg expects NAME=INT, got 'ynumel='" "$K" --arg xnumel=256 --arg ynumel=
input_error check "--arg expects NAME=INT, got '=5'" "$K" --arg =5
input_error check "--arg expects NAME=INT, got 'ynumel= 5'" "$K" --arg "ynumel= 5"
input_error check "--arg ynumel=99999999999999999999: value out of the 64-bit integer range" "$K" --arg ynumel=99999999999999999999
input_error check "the kernel has no argument 'nope'" "$K" --arg nope=1
input_error check "--arg given twice for 'ynumel'" "$K" --arg ynumel=16 --arg ynumel=32
input_error graph "--arg ynumel=99999999999999999999: value out of the 64-bit integer range" "$K" -o "$T/x.svg" --arg ynumel=99999999999999999999
# hex is read as hex, a leading 0 as decimal (not octal): 010 is ten, not a multiple of 16
"$TLXV" "$K" --arg xnumel=0x100 --arg ynumel=0x800 -q > /dev/null || fail "hex --arg"
input_error sim "multiple of 16" "$K" --arg xnumel=010 --arg ynumel=2048 \
  --tensor a_desc=zeros:256x2048:f32 --tensor b_desc=zeros:256x2048:f32 --tensor c_desc=zeros:256x2048:f32

# ---- 2b. every numeric option is range checked, with its range in the message
# shellcheck disable=SC2086
{
input_error check "--max-states expects an integer from 1 to 18446744073709551615, got '0'" "$K" $A --max-states 0
input_error check "--max-states expects an integer from 1 to 18446744073709551615, got '99999999999999999999999'" "$K" $A --max-states 99999999999999999999999
input_error check "--max-states expects an integer from 1 to 18446744073709551615, got '-5'" "$K" $A --max-states -5
for v in 0 -1 nan inf 1e999 " 1" 2s; do
  input_error check "--time-limit expects a positive number of seconds (e.g. 30 or 0.5), got '$v'" "$K" $A --time-limit "$v"
done
input_error check "--seed expects an integer from 0 to 18446744073709551615, got '-1'" "$K" $A --random 2 --seed -1
input_error check "--random expects an integer from 1 to 100000000, got '0'" "$K" $A --random 0
input_error check "--max-trip expects an integer from 1 to 1073741824, got '2147483648'" "$K" $A --max-trip 2147483648
input_error check "--grid 65536,65536: dimension y is an integer from 1 to 65535 (CUDA's grid limit), got '65536'" "$K" $A --grid 65536,65536
input_error check "--grid 2147483648: dimension x is an integer from 1 to 2147483647 (CUDA's grid limit), got '2147483648'" "$K" $A --grid 2147483648
input_error check "--grid expects X\[,Y\[,Z\]\] with integers (x 1 to 2147483647, y and z 1 to 65535), got '1,2,3,4'" "$K" $A --grid 1,2,3,4
input_error check "--grid expects X\[,Y\[,Z\]\] with integers (x 1 to 2147483647, y and z 1 to 65535), got '2,'" "$K" $A --grid 2,
input_error check "--grid 0: dimension x is an integer from 1 to 2147483647 (CUDA's grid limit), got '0'" "$K" $A --grid 0
S="--tensor a_desc=zeros:256x2048:f32 --tensor b_desc=zeros:256x2048:f32 --tensor c_desc=zeros:256x2048:f32"
input_error sim "--max-steps expects an integer from 1 to 18446744073709551615, got '0'" "$K" $A $S --max-steps 0
input_error sim "--seed expects an integer from 0 to 18446744073709551615, got ' -5'" "$K" $A $S --seed " -5"
input_error sim "--grid 65536,65536: dimension y is an integer from 1 to 65535" "$K" $A $S --grid 65536,65536
input_error graph "--iterations expects an integer from 1 to 100000, got '0'" "$K" -o "$T/x.svg" $A --iterations 0
}

# ---- 3. a parse error after --arg options: exit 2, the located error (the ASan build makes a
# leak exit 1)
input_error check "lsan_leak_parse_args_input_error.ttgir:58:36: error: use of undefined value '%c64_i32'" \
  "$IN/lsan_leak_parse_args_input_error.ttgir" --arg N_CTX=256
input_error check "error: --arg expects NAME=INT" "$IN/lsan_leak_parse_args_input_error.ttgir" --arg N_CTX=256 --arg N=x
input_error check "cannot open the input" "$T/missing.ttgir" --arg N_CTX=256

# ---- 4. the first argument: a command, else a file when it looks like one
"$TLXV" frobnicate "$K" > "$T/out" 2> "$T/err" && fail "frobnicate accepted"
grep -q "error: unknown command 'frobnicate'" "$T/err" || fail "unknown command: $(cat "$T/err")"
[ ! -s "$T/out" ] || fail "unknown command printed on stdout"
# a word naming an existing file (no '.' in it) still means check
cp "$K" "$T/kernel"
(cd "$T" && "$TLXV" kernel $A -q) > /dev/null || fail "an existing file without a dot is not checked"
# a missing file that looks like one is a missing input, not an unknown command
rc=0; (cd "$T" && "$TLXV" nosuch.ttgir) > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 2 ] && grep -q "nosuch.ttgir:1:1: error: cannot open the input" "$T/err" || fail "missing file: $(cat "$T/err")"
echo "cli_inputs: ok"
