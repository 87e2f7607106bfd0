#!/bin/sh
# run.sh [PARSE_SECONDS [CHECK_SECONDS]]: builds the two fuzz targets with clang-14 (libFuzzer +
# ASan + UBSan) and runs each on seeds from tests/corpus and examples/:
#   fuzz_parse (PARSE_SECONDS, default 60): the TTGIR reader and printer (fuzz_parse.c);
#   fuzz_check (CHECK_SECONDS, default PARSE_SECONDS): IR-level mutants of the seed kernels
#     through `check` -- machine model and explorer (fuzz_check.c). 0 skips a target.
# Exits non-zero on a crash, a sanitizer report, a leak, a timeout or a broken print fixpoint
# (the reproducer is left in $FUZZ_DIR). The libraries are compiled once into $FUZZ_DIR/obj
# (rebuilt when a source is newer than the archive).
# Env: FUZZ_DIR (work folder, default /tmp/tlxv-fuzz), CC (default clang-14), FUZZ_SEEDS (an
# extra folder of seed files, e.g. Triton's lit tests; never commit those), FUZZ_JOBS (parallel
# compiles, default nproc).
set -eu
PARSE_SECONDS=${1:-60}
CHECK_SECONDS=${2:-$PARSE_SECONDS}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
FUZZ_DIR=${FUZZ_DIR:-/tmp/tlxv-fuzz}
CC=${CC:-clang-14}
JOBS=${FUZZ_JOBS:-$(nproc)}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
CFLAGS="-std=gnu11 -g -O1 -fno-omit-frame-pointer $SAN"
mkdir -p "$FUZZ_DIR/seeds" "$FUZZ_DIR/corpus" "$FUZZ_DIR/corpus-check" "$FUZZ_DIR/obj"
# Seeds: every corpus / example TTGIR file, plus the hand-written snippets next to this script.
for f in "$SRC"/tests/corpus/*/*.ttgir $(find "$SRC/examples" -name '*.ttgir' 2>/dev/null) \
         "$SRC"/tests/fuzz/seeds/* ${FUZZ_SEEDS:+$(find "$FUZZ_SEEDS" -type f -size -32k)}; do
  [ -f "$f" ] && cp "$f" "$FUZZ_DIR/seeds/$(echo "$f" | tr '/' '_')"
done
# Regression inputs of earlier findings are seeds too (and must pass).
for f in "$SRC"/tests/fuzz/regress/*.ttgir; do
  [ -f "$f" ] && cp "$f" "$FUZZ_DIR/seeds/regress_$(basename "$f")"
done

if [ "$PARSE_SECONDS" != 0 ]; then
  # shellcheck disable=SC2086
  "$CC" $CFLAGS -fsanitize=fuzzer -I"$SRC" -I"$SRC/ir" "$SRC"/ir/*.c "$SRC/tests/fuzz/fuzz_parse.c" \
    -lm -o "$FUZZ_DIR/fuzz_parse"
  (cd "$FUZZ_DIR" && ./fuzz_parse -max_total_time="$PARSE_SECONDS" -max_len=32768 -timeout=10 \
     -rss_limit_mb=2048 -dict="$SRC/tests/fuzz/mlir.dict" -print_final_stats=1 corpus seeds)
  echo "fuzz_parse: no crash in ${PARSE_SECONDS}s"
fi

if [ "$CHECK_SECONDS" != 0 ]; then
  PKGS="jansson libxxhash z3 libgvc openblas" # Graphviz, OpenBLAS: headers (opened on first use)
  INC="-I$SRC -I$SRC/ir -I$SRC/sim -I$SRC/traces -I$SRC/verify $(pkg-config --cflags $PKGS)"
  LIB="$FUZZ_DIR/obj/libtlxv.a"
  # the ir, sim, traces and verify libraries (not main.c, not the MLIR lowering command)
  SRCS=$(printf "%s\n" "$SRC"/ir/*.c "$SRC"/sim/*.c "$SRC"/traces/*.c "$SRC"/verify/*.c \
           "$SRC"/symbolic/*.c "$SRC"/symbolic/result/*.c "$SRC"/cli/*.c |
         grep -v -e '/cli/main\.c$' -e '/cli/cli_lower\.c$')
  NEWER=$(if [ -f "$LIB" ]; then find $SRCS "$SRC"/*/*.h "$SRC/ir/ops.def" -newer "$LIB"; else echo all; fi)
  if [ -n "$NEWER" ]; then
    rm -f "$FUZZ_DIR"/obj/*.o "$LIB"
    # shellcheck disable=SC2086
    echo "$SRCS" | xargs -P "$JOBS" -I{} sh -c \
      'f={}; d=$(basename "$(dirname "$f")"); exec "$0" $1 -fsanitize=fuzzer-no-link $2 -c "$f" -o "$3/${d}_$(basename "$f" .c).o"' \
      "$CC" "$CFLAGS" "$INC" "$FUZZ_DIR/obj"
    ar rcs "$LIB" "$FUZZ_DIR"/obj/*.o
  fi
  # shellcheck disable=SC2086,SC2046
  "$CC" $CFLAGS -fsanitize=fuzzer $INC "$SRC/tests/fuzz/fuzz_check.c" "$LIB" \
    $(pkg-config --libs $PKGS) -lm -o "$FUZZ_DIR/fuzz_check"
  # OpenBLAS threads are not used by check; leaks are findings (detect_leaks is on).
  (cd "$FUZZ_DIR" && OPENBLAS_NUM_THREADS=1 ./fuzz_check -max_total_time="$CHECK_SECONDS" \
     -max_len=65536 -timeout=20 -rss_limit_mb=3072 -close_fd_mask=2 -print_final_stats=1 \
     corpus-check seeds)
  echo "fuzz_check: no crash in ${CHECK_SECONDS}s"
fi
