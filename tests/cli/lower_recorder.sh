#!/bin/sh
# lower_recorder.sh (issue 15, the hang recorder): every Hopper (cuda:90 -> sm_90a) and
# Blackwell (cuda:100 -> sm_100a) kernel in tests/ and examples/ that `lower` supports also
# lowers with --recorder, and ptxas accepts that PTX. The plain PTX carries no trace of the
# recorder (no tlxv_rec globals, no %globaltimer, no side table); the recorder PTX has the side
# table (docs/lowering.md "Hang recorder"). With RECORDER_TABLE=FILE it also writes the cost
# table (registers, spills, PTX and SASS instructions, plain vs --recorder) as TSV.
# Without ptxas the PTX is still made and checked, then the test exits 77 (skipped).
set -eu
: "${TLXV:?}" "${SRC:?}"
export LC_ALL=C # file names in locations need not be UTF-8
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$PTXAS" ] || PTXAS=$(command -v ptxas || true)
TABLE=${RECORDER_TABLE:-}
[ -z "$TABLE" ] || printf 'kernel\ttarget\tregs\tregs_rec\tspills\tspills_rec\tptx_insns\tptx_insns_rec\tsass_insns\tsass_insns_rec\n' > "$TABLE"
# PTX instructions: statement lines of the function bodies (not directives, labels, braces).
ptx_insns() { grep -cE '^[[:space:]]+[@a-z][^:]*;' "$1" || true; }
# SASS instructions: the kernel's .text section of the cubin, 16 bytes per instruction.
sass_insns() {
  sz=0
  for h in $(readelf -SW "$1" 2>/dev/null | sed 's/^ *\[ *[0-9]*\]//' | awk '$1 ~ /^\.text\./ { print $5 }'); do
    sz=$((sz + 0x$h))
  done
  echo $((sz / 16))
}
ptxas_v() { # ptx cubin -> $T/pv: "regs spills" (spill stores + loads)
  "$PTXAS" -arch="$t" -v "$1" -o "$2" 2> "$T/perr" || fail "ptxas -arch=$t rejects $(basename "$1") of $f: $(grep -m3 -i error "$T/perr")"
  r=$(grep -o 'Used [0-9]* registers' "$T/perr" | awk '{ if ($2 > m) m = $2 } END { print m + 0 }')
  s=$(grep -o '[0-9]* bytes spill [a-z]*' "$T/perr" | awk '{ s += $1 } END { print s + 0 }')
  echo "$r $s" > "$T/pv"
}
n=0 skipped=0
for f in $(find "$SRC/tests" "$SRC/examples" -name '*.ttgir' | sort); do
  case $(grep -o 'ttg.target = "cuda:[0-9]*"' "$f" | head -n 1) in
    *cuda:90*) t=sm_90a ;;
    *cuda:100*) t=sm_100a ;;
    *) continue ;;
  esac
  if ! "$TLXV" lower "$f" --target "$t" --recorder -o "$T/r.ptx" 2> "$T/err"; then
    # only kernels that `lower` supports today: then the plain lowering fails the same way
    if "$TLXV" lower "$f" --target "$t" -o "$T/p.ptx" 2> /dev/null; then fail "lower --recorder $f: $(cat "$T/err")"; fi
    skipped=$((skipped + 1))
    continue
  fi
  # The plain lowering of the real kernels (corpus, examples; each lowering costs seconds, so
  # not of every test input) has no recorder code; RECORDER_TABLE measures all of them.
  case "$f:$TABLE" in
    */tests/corpus/*|*/examples/*|*:?*)
      "$TLXV" lower "$f" --target "$t" -o "$T/p.ptx" 2> "$T/err" || fail "lower $f: $(cat "$T/err")"
      ! grep -qE 'tlxv_rec|globaltimer|tlxv-rec' "$T/p.ptx" || fail "$f: the plain PTX has recorder code"
      ;;
  esac
  grep -q '^// tlxv-recorder version=1 ' "$T/r.ptx" || fail "$f: no recorder side table"
  # one op-table line per wait site
  nw=$(grep -c 'mbarrier.try_wait' "$T/r.ptx" || true)
  no=$(sed -n 's/^\/\/ tlxv-recorder .* ops=\([0-9]*\)$/\1/p' "$T/r.ptx")
  [ "$(grep -c '^// tlxv-rec-op [0-9]* .*:[0-9]*$' "$T/r.ptx")" = "$no" ] || fail "$f: the op table has not $no lines"
  [ "$nw" = 0 ] || [ "$no" -gt 0 ] || fail "$f: waits but no op table"
  if [ -n "$PTXAS" ]; then
    ptxas_v "$T/r.ptx" "$T/r.cubin"
    set -- $(cat "$T/pv")
    rr=$1 rs=$2
    if [ -n "$TABLE" ]; then
      ptxas_v "$T/p.ptx" "$T/p.cubin"
      set -- $(cat "$T/pv")
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${f#"$SRC"/}" "$t" "$1" "$rr" "$2" "$rs" \
        "$(ptx_insns "$T/p.ptx")" "$(ptx_insns "$T/r.ptx")" "$(sass_insns "$T/p.cubin")" "$(sass_insns "$T/r.cubin")" >> "$TABLE"
    fi
  fi
  n=$((n + 1))
done
[ "$n" -ge 20 ] || fail "only $n kernels lowered"
if [ -n "$PTXAS" ]; then echo "lower_recorder: ok ($n kernels accepted by ptxas with --recorder; $skipped not supported by lower)"; else
  echo "lower_recorder: SKIPPED: no ptxas ($n kernels lowered with --recorder; the ptxas check did not run)"; exit 77; fi
