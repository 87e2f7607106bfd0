#!/bin/sh
# check_amd_waves.sh: the wave reduction of the AMD model (sim/sim_compile_amd_waves.c: two waves of
# each class of waves that compute the same) gives the verdict and the set of bug kinds of the
# run of every wave (--all-waves), on the hand-written AMD kernels (tests/amd), 8-wave versions
# of those that read the thread id (two wave groups of 4: tid / 128 becomes tid / 256),
# reads of a row slice that only some waves' parts meet, and ping-pong kernels with one loop
# barrier removed; and it runs fewer waves.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
A="$SRC/tests/amd"
# the verdict and the sorted set of kinds, and the number of states, of one run
run() {
  "$TLXV" "$@" --format json > "$T/o.json" 2> "$T/err" || true
  [ ! -s "$T/err" ] || fail "$1: stderr: $(cat "$T/err")"
  jq -r '.verdict + " " + ([.bugs[].kind] | unique | join(",")) + "\t" + (.stats.states | tostring)' "$T/o.json"
}
n=0
same() {
  r=$(run "$1")
  f=$(run "$1" --all-waves)
  [ "${r%%	*}" = "${f%%	*}" ] || fail "$(basename "$1"): reduced '${r%%	*}', all waves '${f%%	*}'"
  case "${r%%	*}" in verified*|bug*) ;; *) fail "$(basename "$1"): verdict ${r%%	*}" ;; esac
  n=$((n + 1))
  echo "$(basename "$1"): ${r%%	*} (states: reduced ${r##*	}, all waves ${f##*	})"
}
to8() {
  sed 's/"ttg.num-warps" = 4/"ttg.num-warps" = 8/; s/warpsPerCTA = \[4, 1\]/warpsPerCTA = [8, 1]/;
       s/\(%c128[a-z0-9_]* = arith.constant\) 128/\1 256/' "$1"
}
for k in "$A"/*.ttgir; do
  same "$k"
  b=$(basename "$k" .ttgir)
  # 8 waves where the kernel reads the thread id (every wave of the others, 8 of them, is a
  # search of millions of states: pipe.ok)
  grep -q 'workitem.id' "$k" || continue
  to8 "$k" > "$T/$b.w8.ttgir"
  grep -q '"ttg.num-warps" = 8' "$T/$b.w8.ttgir" || fail "$b: no 8-wave version"
  same "$T/$b.w8.ttgir"
  # the 8-wave version keeps the 4-wave verdict
  [ "$(run "$T/$b.w8.ttgir" | cut -d' ' -f1)" = "$(run "$k" | cut -d' ' -f1)" ] || fail "$b: 8 waves change the verdict"
done
# a read of rows 32..47 of the tile meets the parts of waves 4 and 5 only (of 8)
for b in bar.ok bar-removed.bug; do
  to8 "$A/$b.ttgir" | awk '
    /%v = ttg.local_load %buf/ {
      print "    %sub = ttg.memdesc_subslice %buf[32, 0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 64x64>"
      sub(/%buf/, "%sub"); sub(/!ttg.memdesc<64x64xf16, #shared, #smem, mutable>/, "!ttg.memdesc<16x64xf16, #shared, #smem, mutable, 64x64>")
      sub(/tensor<64x64xf16/, "tensor<16x64xf16") }
    { print }' > "$T/$b.slice.ttgir"
  grep -q memdesc_subslice "$T/$b.slice.ttgir" || fail "$b: no slice read"
  same "$T/$b.slice.ttgir"
done
[ "$(run "$T/bar-removed.bug.slice.ttgir" | cut -d' ' -f1)" = bug ] || fail "the slice read's race is missed"
# block ping-pong with 8 waves and each loop barrier removed in turn
for l in 69 72 75 77; do
  to8 "$A/pingpong.ok.ttgir" | grep -v "gpu.barrier loc(\"amd.py\":$l:" > "$T/pingpong.no$l.ttgir"
  same "$T/pingpong.no$l.ttgir"
done
# the reduction runs 4 of the 8 waves of the ping-pong (two of each group) and 2 of 8 without a
# thread id
st() { run "$@" | cut -f2; }
r=$(st "$T/pingpong.ok.w8.ttgir"); f=$(st "$T/pingpong.ok.w8.ttgir" --all-waves)
[ "$r" -lt "$f" ] || fail "ping-pong: the reduction visits $r states, every wave $f"
"$TLXV" "$T/pingpong-nolow.bug.w8.ttgir" --format json | jq -r '[.bugs[0].trace[].agent | sub("[.].*"; "")] | unique | join(" ")' > "$T/ag"
[ "$(cat "$T/ag")" = "wave0 wave2 wave4 wave6" ] || fail "ping-pong runs waves $(cat "$T/ag"), expected wave0 wave2 wave4 wave6"
to8 "$A/bar-removed.bug.ttgir" > "$T/br8.ttgir"
"$TLXV" "$T/br8.ttgir" --format json | jq -r '[.bugs[0].trace[].agent | sub("[.].*"; "")] | unique | join(" ")' > "$T/ag"
[ "$(cat "$T/ag")" = "wave0 wave4" ] || fail "without a thread id the model runs waves $(cat "$T/ag"), expected wave0 wave4"
# the parts of two stores of one allocation through different views (the tile and a row slice
# of it) may meet between waves one representative would stand for: every wave runs
awk '
  /%buf = ttg.local_alloc/ { print
    print "    %z = arith.constant dense<0.000000e+00> : tensor<16x64xf16, #blocked>"
    print "    %ts = ttg.memdesc_subslice %buf[16, 0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 64x64>"
    print "    ttg.local_store %z, %ts : tensor<16x64xf16, #blocked> -> !ttg.memdesc<16x64xf16, #shared, #smem, mutable, 64x64>"
    print "    ttg.barrier local"; next }
  { print }' "$A/bar.ok.ttgir" > "$T/slicestore.ttgir"
grep -q 'ttg.local_store %z, %ts' "$T/slicestore.ttgir" || fail "no slice store"
same "$T/slicestore.ttgir"
[ "$(st "$T/slicestore.ttgir")" = "$(st "$T/slicestore.ttgir" --all-waves)" ] || fail "a slice store: not every wave runs"
echo "check_amd_waves: $n kernels ok"
