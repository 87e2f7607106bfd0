#!/bin/sh
# check_subtile.sh: ttng.subtiled_region, the TLX fork's subtiled epilogue region
# (TritonNvidiaGPUOps.td SubtiledRegionOp), expanded by the model as the fork's
# lowerSubtiledRegion expands it (sim/sim_compile.c compile_subtiled). Its syntax (the fork's
# parser's form, the form its printer writes, the generic form) reads and prints back; the lit
# functions of the fork check (tests/cli/subtile/lit-*.mlir, provenance in each); results are
# grouped by yield position and per-tile operands by position (results.ttgir), in check and in
# simulate mode (data.ttgir); forms the expansion cannot take are refused at the op (exit 2), on
# AMD targets too; the symbolic layer proves nothing for such kernels; the lowering refuses the
# op. The checker kernels tests/checkers/subtile*.ttgir are run by check_checkers.sh.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/input_error.sh"
D="$SRC/tests/cli/subtile"
PY=/usr/bin/python3
# syntax: what parse prints reads back to the same text
for f in "$D/lit-ops.mlir" "$D/lit-code-partition.mlir" "$D/results.ttgir" "$D/data.ttgir" \
  "$SRC/tests/checkers/subtile.ok.ttgir"; do
  "$TLXV" parse "$f" > "$T/p1.mlir" || fail "parse $f"
  "$TLXV" parse "$T/p1.mlir" > "$T/p2.mlir" || fail "parse of the printed $f"
  cmp -s "$T/p1.mlir" "$T/p2.mlir" || fail "$f does not print back the same"
done
"$TLXV" parse "$D/lit-ops.mlir" > "$T/canon.mlir"
grep -q 'ttng.subtiled_region per_tile(%v0, %v1 : i32, i32) {numTiles = 2 : i32} tile(%arg0: i32) {' "$T/canon.mlir" ||
  fail "printed form: $(grep subtiled_region "$T/canon.mlir" | head -2)"
# the fork's printer writes the tile arguments as the entry block's label (printRegion with its
# entry block arguments): read as the same op
sed 's/ tile(%arg0: i32) {/ tile {\n      ^bb0(%arg0: i32):/' "$D/lit-ops.mlir" > "$T/bb0.mlir"
grep -q '\^bb0(%arg0: i32):' "$T/bb0.mlir" || fail "could not write the ^bb0 form"
"$TLXV" parse "$T/bb0.mlir" > "$T/bb0p.mlir" || fail "the ^bb0 form does not parse"
cmp -s "$T/canon.mlir" "$T/bb0p.mlir" || fail "the ^bb0 form reads differently: $(diff "$T/canon.mlir" "$T/bb0p.mlir" | head -5)"
# the generic form, operandSegmentSizes giving the per_tile and shared groups
cat > "$T/gen.mlir" <<'MLIR'
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func public @gen(%v0: i32, %v1: i32) {
    %c7 = arith.constant 7 : i32
    %r0, %r1 = "ttng.subtiled_region"(%v0, %v1, %c7) <{numTiles = 2 : i32, operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg0: i32, %s: i32):
      %res = arith.addi %arg0, %s : i32
      "ttng.subtiled_region_yield"(%res) : (i32) -> ()
    }) : (i32, i32, i32) -> (i32, i32)
    tt.return
  }
}
MLIR
run 0 "$T/gen.mlir"
grep -q "verified: no bug" "$T/o.txt" || fail "generic form: $(cat "$T/o.txt")"

# the fork's lit functions (docs/lit-sweep.md): ops.mlir's two verify; the code-partition input
# is a real proxy-fence report of a snapshot (the fence comes from a later pass), at the
# local_store of the epilogue region's tile body, the TMA store of the other region reading it
sed 's/tt.func @subtiled_region_with_results/tt.func private @subtiled_region_with_results/' "$D/lit-ops.mlir" > "$T/ops1.mlir"
sed 's/tt.func @subtiled_region(/tt.func private @subtiled_region(/' "$D/lit-ops.mlir" > "$T/ops2.mlir"
for f in ops1 ops2; do
  run 0 "$T/$f.mlir"
  grep -q "verified: no bug" "$T/o.txt" || fail "$f: $(cat "$T/o.txt")"
done
run 1 "$D/lit-code-partition.mlir"
line=$(grep -n 'ttg.local_store %trunc, %t1' "$D/lit-code-partition.mlir" | cut -d: -f1)
head -1 "$T/o.txt" | grep -q "lit-code-partition.mlir:$line:11: error: proxy-fence: generic-proxy write of smem0" ||
  fail "code partition input: $(head -1 "$T/o.txt")"
grep -q 'local_store writes smem1' "$T/o.txt" || fail "the second tile does not write smem1: $(cat "$T/o.txt")"

# results grouped by yield position, tile index and shared operands bound (a deadlock unless so)
run 0 "$D/results.ttgir" --arg a=3 --arg b=5
sed 's/%r#2, %c10/%r#1, %c10/' "$D/results.ttgir" > "$T/r1.ttgir"
run 1 "$T/r1.ttgir" --arg a=3 --arg b=5
head -1 "$T/o.txt" | grep -q '^results.py:30:7: error: deadlock' || fail "results grouped by tile: $(head -1 "$T/o.txt")"
# simulate mode: tensors bound per tile, yielded per tile
"$TLXV" sim "$D/data.ttgir" --tensor x=random:256:f32 --tensor y=zeros:256:f32 --out "$T/o" -q ||
  fail "data.ttgir: exit $?"
"$PY" - "$T/o" <<'PYEOF' || fail "data.ttgir: wrong result"
import sys, numpy as np
x, y = np.load(f"{sys.argv[1]}/x.npy"), np.load(f"{sys.argv[1]}/y.npy")
ref = x + np.repeat(np.float32([0, 1]), 128)
assert np.abs(x).max() > 0.5 and np.array_equal(y.view(np.uint32), ref.view(np.uint32))
PYEOF

# refused at the op: the rules of SubtiledRegionOp::verify and operands typed unlike their
# block arguments (the expansion's clones would be ill-typed)
refuse() { # refuse FILE WANT: exit 2, the first line FILE:LINE:COL: error: ... WANT
  input_error check "$2" "$1"
  l=$(grep -n '^ *\(%[^ ]* = \)\{0,1\}ttng.subtiled_region ' "$1" | head -1 | cut -d: -f1)
  head -1 "$T/err" | grep -q "^$1:$l:[0-9]*: error: " || fail "$1: not at the op (line $l): $(head -1 "$T/err")"
}
sed 's/{numTiles = 2 : i32}/{numTiles = 3 : i32}/' "$D/results.ttgir" > "$T/n3.ttgir"
refuse "$T/n3.ttgir" "per_tile operands is not a multiple of numTiles"
sed 's/{numTiles = 2 : i32}/{numTiles = 0 : i32}/' "$D/results.ttgir" > "$T/n0.ttgir"
refuse "$T/n0.ttgir" "numTiles must be"
mk() { # mk NAME ARGTYPES PER_TILE_TYPES TILE_ARGS: a kernel with one subtiled region
  cat > "$T/$1.ttgir" <<MLIR
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%a: i32, %b: $2) {
    ttng.subtiled_region per_tile(%a, %b : i32, $3) {numTiles = 2 : i32}
      tile($4) {
        ttng.subtiled_region_yield
      }
    tt.return
  }
}
MLIR
}
mk ty i64 i64 "%x: i32"
refuse "$T/ty.ttgir" "a per_tile operand's type is not its block argument's"
mk idx i32 i32 "%x: i32, %t: i64"
refuse "$T/idx.ttgir" "the tile index argument must be i32"
mk nargs i32 i32 "%x: i32, %t: i32, %u: i32"
refuse "$T/nargs.ttgir" "one block argument per per_tile position"
mk ok i32 i32 "%x: i32, %t: i32"
run 0 "$T/ok.ttgir"
sed 's/ttg.target = "cuda:100", "ttg.threads-per-warp" = 32/ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64/' "$T/ok.ttgir" > "$T/amd.ttgir"
refuse "$T/amd.ttgir" "not modelled on AMD targets"

# a warp_specialize in a tile body would fork once per tile: refused at it
cat > "$T/ws.ttgir" <<'MLIR'
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%a: i32, %b: i32) {
    ttng.subtiled_region per_tile(%a, %b : i32, i32) {numTiles = 2 : i32}
      tile(%x: i32) {
        ttg.warp_specialize()
        default {
          ttg.warp_yield
        } : () -> ()
        ttng.subtiled_region_yield
      }
    tt.return
  }
}
MLIR
input_error check "inside a ttng.subtiled_region is not supported" "$T/ws.ttgir"
head -1 "$T/err" | grep -q "^$T/ws.ttgir:5:9: error: " || fail "ws in a tile: $(head -1 "$T/err")"

# the symbolic layer encodes nothing (every condition unknown, naming the op); the lowering
# refuses the op
run 3 "$SRC/tests/checkers/subtile.ok.ttgir" --symbolic
grep -q "unknown .*(ttng.subtiled_region at checkers.py:19:7): its tile body runs numTiles times" "$T/o.txt" ||
  fail "symbolic: $(cat "$T/o.txt")"
! grep -qE '^  [a-z-]+ +proved' "$T/o.txt" || fail "symbolic proved a condition of a subtiled kernel"
rc=0
"$TLXV" lower "$T/ok.ttgir" --target sm_100a -o "$T/ok.ll" > "$T/o.txt" 2>&1 || rc=$?
[ $rc = 2 ] && grep -q "ttng.subtiled_region" "$T/o.txt" || fail "lower: exit $rc: $(cat "$T/o.txt")"
echo "check_subtile: ok"
