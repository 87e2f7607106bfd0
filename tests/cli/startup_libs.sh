#!/bin/sh
# startup_libs.sh: the heavy libraries are opened only by the commands that use them (issue 13,
# docs/performance.md "Start-up"): tlx-verify records none of Z3, OpenBLAS, Graphviz, LLVM or
# MLIR as NEEDED, and a `check` whose arguments are all given maps none of them (LD_DEBUG=files
# lists every object the loader maps, dlopen included); check --symbolic maps Z3 (through
# libtlxv-sym.so), simulate mode's first dot OpenBLAS, an SVG graph Graphviz. Without
# libtlxv-sym.so, --symbolic is an input error (exit 2) and a plain check still runs.
set -eu
: "${TLXV:?}" "${SRC:?}" "${CORPUS:?}"
case "${TLXV_SANITIZE:-0}" in
  1 | ON | on | TRUE | true)
    echo "SKIPPED: the sanitizer build links the Z3 layer into tlx-verify (CMakeLists.txt: LeakSanitizer cannot scan a dlopen'ed Z3); module loading is tested in the other builds"
    exit 77 ;;
esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
HEAVY='libz3|libopenblas|libgvc|libcgraph|libLLVM|libMLIR|libtlxv-sym|libtlxv-lower'

# what the dynamic loader maps for one run ("file=NAME [0];  needed by" / "dynamically loaded by")
maps() { # OUT ARGS...: LD_DEBUG lines naming the mapped objects, in OUT
  out=$1; shift
  LD_DEBUG=files LD_DEBUG_OUTPUT="$T/ld" "$@" > /dev/null 2>&1 || true
  cat "$T"/ld.* 2>/dev/null | grep -o 'file=[^ ]*' | sort -u > "$out"
  rm -f "$T"/ld.*
}

if command -v readelf > /dev/null 2>&1; then
  readelf -d "$TLXV" | grep NEEDED > "$T/needed"
  ! grep -Eq "$HEAVY" "$T/needed" || fail "tlx-verify links $(grep -E "$HEAVY" "$T/needed" | tr -s ' ')"
  grep -q 'libc\.so' "$T/needed" || fail "readelf -d shows no NEEDED libc: $(cat "$T/needed")"
fi

K="$CORPUS/gluon/ws_add.bug1.ttgir"
A="--arg xnumel=256 --arg ynumel=2048"
# shellcheck disable=SC2086
maps "$T/check" "$TLXV" check "$K" $A
grep -q 'libjansson' "$T/check" || fail "LD_DEBUG=files shows nothing mapped: is LD_DEBUG honoured? $(cat "$T/check")"
! grep -Eq "$HEAVY" "$T/check" || fail "check maps $(grep -E "$HEAVY" "$T/check" | tr '\n' ' ')"

# shellcheck disable=SC2086
maps "$T/sym" "$TLXV" check "$K" $A --symbolic
grep -q 'libtlxv-sym\.so' "$T/sym" && grep -q 'libz3' "$T/sym" ||
  fail "check --symbolic does not load libtlxv-sym.so and Z3: $(tr '\n' ' ' < "$T/sym")"
! grep -Eq 'libopenblas|libgvc|libLLVM' "$T/sym" || fail "check --symbolic maps $(tr '\n' ' ' < "$T/sym")"

EX="$SRC/examples/hopper_gemm_ws/hopper_gemm_ws.bug0.ttgir"
maps "$T/sim" "$TLXV" sim "$EX" --arg M=64 --arg N=64 --arg K=64 --tensor a_desc=random:64x64:f16 \
  --tensor b_desc=random:64x64:f16 --tensor c_desc=zeros:64x64:f16 --out "$T/simout" -q
grep -q 'libopenblas' "$T/sim" || fail "sim of a GEMM does not load OpenBLAS: $(tr '\n' ' ' < "$T/sim")"
! grep -Eq 'libz3|libgvc' "$T/sim" || fail "sim maps $(tr '\n' ' ' < "$T/sim")"

# shellcheck disable=SC2086
maps "$T/graph" "$TLXV" graph "$K" $A -o "$T/g.svg"
[ -s "$T/g.svg" ] || fail "graph wrote no SVG"
grep -q 'libgvc' "$T/graph" && grep -q 'libcgraph' "$T/graph" ||
  fail "graph does not load Graphviz: $(tr '\n' ' ' < "$T/graph")"
! grep -Eq 'libz3|libopenblas' "$T/graph" || fail "graph maps $(tr '\n' ' ' < "$T/graph")"

# a binary without its symbolic module: --symbolic says so (exit 2); a check that needs no
# solver runs as before
mkdir "$T/alone" && cp "$TLXV" "$T/alone/tlx-verify"
rc=0
# shellcheck disable=SC2086
TLXV_SYM_LIB="$T/none.so" "$T/alone/tlx-verify" check "$K" $A --symbolic > "$T/out" 2> "$T/err" || rc=$?
[ $rc = 2 ] || fail "--symbolic without the module: exit $rc"
grep -q "error: --symbolic: cannot load the symbolic module libtlxv-sym.so" "$T/err" ||
  fail "--symbolic without the module: $(cat "$T/err")"
rc=0
# shellcheck disable=SC2086
TLXV_SYM_LIB="$T/none.so" "$T/alone/tlx-verify" check "$K" $A > "$T/out" 2>&1 || rc=$?
[ $rc = 1 ] || fail "check without the symbolic module: exit $rc: $(tail -3 "$T/out")"
echo "startup_libs: check maps no Z3, OpenBLAS, Graphviz, LLVM; --symbolic, sim and graph load theirs"
