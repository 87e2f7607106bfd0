#!/bin/sh
# run.sh SECONDS: builds the parser fuzz target with clang-14 (libFuzzer + ASan + UBSan) and
# runs it for SECONDS on seeds from tests/corpus and examples/. Exits non-zero on a crash, a
# sanitizer report or a broken print fixpoint (the reproducer is left in $FUZZ_DIR).
# Env: FUZZ_DIR (work folder, default /tmp/tlxv-fuzz), CC (default clang-14), FUZZ_SEEDS (an
# extra folder of seed files, e.g. Triton's lit tests; never commit those).
set -eu
SECONDS_TO_RUN=${1:-60}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
FUZZ_DIR=${FUZZ_DIR:-/tmp/tlxv-fuzz}
CC=${CC:-clang-14}
mkdir -p "$FUZZ_DIR/seeds" "$FUZZ_DIR/corpus"
"$CC" -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$SRC" -I"$SRC/ir" "$SRC"/ir/*.c "$SRC/tests/fuzz/fuzz_parse.c" -lm -o "$FUZZ_DIR/fuzz_parse"
# Seeds: every corpus / example TTGIR file, plus the hand-written snippets next to this script.
for f in "$SRC"/tests/corpus/*/*.ttgir $(find "$SRC/examples" -name '*.ttgir' 2>/dev/null) \
         "$SRC"/tests/fuzz/seeds/* ${FUZZ_SEEDS:+$(find "$FUZZ_SEEDS" -type f -size -32k)}; do
  [ -f "$f" ] && cp "$f" "$FUZZ_DIR/seeds/$(echo "$f" | tr '/' '_')"
done
cd "$FUZZ_DIR"
./fuzz_parse -max_total_time="$SECONDS_TO_RUN" -max_len=32768 -timeout=10 -rss_limit_mb=2048 \
  -dict="$SRC/tests/fuzz/mlir.dict" -print_final_stats=1 corpus seeds
echo "fuzz: no crash in ${SECONDS_TO_RUN}s"
