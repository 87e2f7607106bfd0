#!/bin/sh
# recorder_hangs.sh (issue 17 run 1): hangs recorded on the GPU and explained.
#
#   bash tests/device/recorder_hangs.sh [DIR]
#   bash tests/device/recorder_hangs.sh --dry-run [DIR]   (no GPU: lowers with --recorder, runs
#                                                         ptxas and check; nothing is launched)
#   bash tests/device/recorder_hangs.sh --lower-only [DIR] (here: check + both lowerings into DIR,
#                                                         to carry to a GPU machine without tlx-verify)
#   bash tests/device/recorder_hangs.sh [DIR]               (there, no tlx-verify: runs DIR's PTX)
#   bash tests/device/recorder_hangs.sh --explain-only [DIR] (here again: explain DIR's hang records)
#
# For every kernel of tests/device/run_lowered.sh that hangs on the H200 (the ws_add.bug1/2/3/4/7
# corpus variants, the trip_count, hopper_gemm_ws and hopper_attention_ws deadlocks): lowers it
# with `tlx-verify lower --recorder`, runs it under tlxv-run's watchdog with --recorder (the hang
# record is written when the watchdog gives up), feeds the record to `tlx-verify explain`, and
# checks that explain recovers a bug `check` reports (kind and line; "exact" when it is check's
# first bug). Then, for every kernel that finishes correctly, times LAUNCHES launches of the plain
# and the --recorder lowering (median and batched GPU ms per launch; the recorder armed), checks
# that both write the same outputs, and lists the registers ptxas gives both. Tables: DIR/hangs.txt, DIR/cost.txt (also printed).
#
# DIR defaults to build-recorder/. Environment: TLXV (tlx-verify; default: the first
# build*/tlx-verify), CUDA (toolkit root, /usr/local/cuda), TIMEOUT (watchdog seconds, 10),
# REC_TIMEOUT (seconds a wait spins before it is recorded, 1), LAUNCHES (timed launches, 50),
# FILTER (grep -E pattern on the ids). Exit status: 0 every hang explained and every correct
# kernel finishing with the recorder with the plain lowering's outputs, 1 otherwise, 2 setup error, 77 no GPU (nothing ran).
set -u
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
DRY=0 LOWER_ONLY=0 EXPLAIN_ONLY=0
if [ "${1:-}" = "--dry-run" ]; then DRY=1; shift; fi
if [ "${1:-}" = "--lower-only" ]; then DRY=1; LOWER_ONLY=1; shift; fi
if [ "${1:-}" = "--explain-only" ]; then DRY=1; EXPLAIN_ONLY=1; shift; fi
DIR=${1:-build-recorder}
CUDA=${CUDA:-/usr/local/cuda}
TIMEOUT=${TIMEOUT:-10}
REC_TIMEOUT=${REC_TIMEOUT:-1}
LAUNCHES=${LAUNCHES:-50}
FILTER=${FILTER:-.}
skip() { echo "recorder_hangs: SKIPPED: $*"; exit 77; }
[ $DRY = 1 ] || command -v nvidia-smi > /dev/null 2>&1 || skip "no nvidia-smi (no NVIDIA driver)"
[ $DRY = 1 ] || nvidia-smi -L 2> /dev/null | grep -q '^GPU ' || skip "nvidia-smi lists no GPU"
[ -f "$CUDA/include/cuda.h" ] || skip "no $CUDA/include/cuda.h (set CUDA to a toolkit root)"
if [ -z "${TLXV:-}" ]; then
  for t in build*/tlx-verify; do [ -x "$t" ] && TLXV=$ROOT/$t && break; done
fi
HAVE=1 # tlx-verify here; without it (a GPU machine with only CUDA) DIR must hold --lower-only's PTX
[ -n "${TLXV:-}" ] && "$TLXV" --version > /dev/null 2>&1 || HAVE=0
[ $HAVE = 1 ] || [ $DRY = 0 ] || { echo "recorder_hangs: no tlx-verify (build it: scripts/setup.sh, or set TLXV)" >&2; exit 2; }
command -v jq > /dev/null 2>&1 || [ $HAVE = 0 ] || { echo "recorder_hangs: needs jq" >&2; exit 2; }
mkdir -p "$DIR" || exit 2
PTXAS="$CUDA/bin/ptxas"

# The kernel table of run_lowered.sh: id | ttgir | grid | scalar args | tensors | reference |
# what Triton's build did on an H200 (hang / ok / ...).
KERNELS=$(sed -n "/^KERNELS=\$(cat <<'EOF'\$/,/^EOF\$/p" tests/device/run_lowered.sh | sed '1d;$d')
[ -n "$KERNELS" ] || { echo "recorder_hangs: no kernel table in tests/device/run_lowered.sh" >&2; exit 2; }

RUN="$DIR/tlxv-run"
if [ $DRY = 0 ]; then
  make -s -C lowering/runner CUDA="$CUDA" tlxv-run > "$DIR/runner-build.log" 2>&1 || { cat "$DIR/runner-build.log" >&2; exit 2; }
  mv lowering/runner/tlxv-run "$RUN"
fi

runargs() { # grid args tensors -> the tlxv-run options in $DIR/opts
  o="--grid $1"
  for a in $2; do o="$o --arg $a"; done
  for t in $3; do o="$o --tensor $t"; done
  echo "$o" > "$DIR/opts"
}

FAIL=0
HT="$DIR/hangs.txt" CT="$DIR/cost.txt"
printf '%-22s %-5s %-26s %-26s %s\n' kernel run check explain verdict | tee "$HT"
echo "$KERNELS" | {
  while IFS='|' read -r id ttgir grid args tens ref h200; do
    [ "$h200" = hang ] || continue
    echo "$id" | grep -Eq "$FILTER" || continue
    w="$DIR/$id"
    mkdir -p "$w"
    ck=-
    if [ $HAVE = 1 ] && [ $EXPLAIN_ONLY = 0 ]; then
      # check's verdict (its own small arguments: the bug it reports is the one to recover)
      timeout 300 "$TLXV" check "$ttgir" --format json --time-limit 120 > "$w/check.json" 2> "$w/check.err"
      echo $? > "$w/check.rc"
    fi
    if [ -s "$w/check.json" ] && command -v jq > /dev/null 2>&1; then
      ck=$(jq -r '.bugs[0] | "\(.kind):\(.loc.line)"' "$w/check.json" 2> /dev/null || echo "?")
      [ "$(cat "$w/check.rc")" = 1 ] || ck="exit$(cat "$w/check.rc")"
      cargs=$(jq -r '.bugs[0].args // ""' "$w/check.json" 2> /dev/null | tr ' ' '\n' | grep '=' | grep -v '^program_id' | sed 's/^/--arg /' | tr '\n' ' ')
    fi
    if [ $EXPLAIN_ONLY = 1 ]; then
      [ -s "$w/hang.json" ] || { printf '%-22s %-5s %-26s %-26s %s\n' "$id" - "$ck" - "NO HANG RECORD in $w" | tee -a "$HT"; FAIL=1; continue; }
      rrc=124
    elif [ $HAVE = 1 ] && ! "$TLXV" lower "$ttgir" --target sm_90a --recorder -o "$w/rec.ptx" 2> "$w/lower.err"; then
      printf '%-22s %-5s %-26s %-26s %s\n' "$id" - "$ck" - "NOT LOWERED: $(head -c 100 "$w/lower.err")" | tee -a "$HT"
      FAIL=1; continue
    fi
    [ -s "$w/rec.ptx" ] || { printf '%-22s no %s\n' "$id" "$w/rec.ptx (run --lower-only where tlx-verify is)" | tee -a "$HT"; FAIL=1; continue; }
    if [ $EXPLAIN_ONLY = 0 ]; then
    "$PTXAS" -arch=sm_90a "$w/rec.ptx" -o "$w/rec.cubin" 2> "$w/ptxas.err" || { printf '%-22s ptxas error\n' "$id" | tee -a "$HT"; FAIL=1; continue; }
    runargs "$grid" "$args" "$tens"
    fi
    if [ $DRY = 1 ] && [ $EXPLAIN_ONLY = 0 ]; then
      printf '%-22s %-5s %-26s %-26s %s\n' "$id" dry "$ck" - "lowered, ptxas ok ($(grep -c '^// tlxv-rec-op' "$w/rec.ptx") wait sites)" | tee -a "$HT"
      continue
    fi
    if [ $EXPLAIN_ONLY = 0 ]; then
    rm -f "$w/hang.json"
    # shellcheck disable=SC2046
    "$RUN" "$w/rec.ptx" --cubin "$w/rec.cubin" $(cat "$DIR/opts") --timeout "$TIMEOUT" --rec-timeout "$REC_TIMEOUT" \
      --recorder "$w/hang.json" > "$w/run.log" 2>&1
    rrc=$?
    echo $rrc > "$w/run.rc"
    fi
    if [ $HAVE = 0 ]; then
      printf '%-22s %-5s %-26s %-26s %s\n' "$id" "$rrc" - - "ran ($( [ -s "$w/hang.json" ] && jq -r '.warps | length' "$w/hang.json" 2>/dev/null || echo 0) records): explain with --explain-only where tlx-verify is" | tee -a "$HT"
      continue
    fi
    if [ $rrc != 124 ] || [ ! -s "$w/hang.json" ]; then
      printf '%-22s %-5s %-26s %-26s %s\n' "$id" "$rrc" "$ck" - "NO HANG RECORD ($(tail -n 1 "$w/run.log"))" | tee -a "$HT"
      FAIL=1; continue
    fi
    # explain with check's arguments, else with the GPU run's scalars
    xv=""
    for xa in "$cargs" "$(for a in $args; do printf -- '--arg %s ' "$a"; done)"; do
      # shellcheck disable=SC2086
      timeout 300 "$TLXV" explain "$ttgir" --observed "$w/hang.json" $xa --format json > "$w/explain.json" 2> "$w/explain.err"
      xrc=$?
      xv=$(jq -r '.report.bugs[0] | "\(.kind):\(.loc.line)"' "$w/explain.json" 2> /dev/null || echo "?")
      [ $xrc = 1 ] && break
      xv="exit$xrc"
    done
    verdict=FAIL
    if [ "$xv" = "$ck" ]; then verdict=exact; elif jq -e --arg k "${xv%%:*}" --arg l "${xv##*:}" \
        '[.bugs[] | select(.kind == $k and (.loc.line | tostring) == $l)] | length > 0' "$w/check.json" > /dev/null 2>&1; then
      verdict="ok (a later bug of check)"; fi
    [ "$verdict" = FAIL ] && FAIL=1
    printf '%-22s %-5s %-26s %-26s %s\n' "$id" "$rrc" "$ck" "$xv" "$verdict ($(jq '.warps | length' "$w/hang.json") warp records)" | tee -a "$HT"
  done
  echo "$FAIL" > "$DIR/fail.hangs"
}

# ------------------------------------------------------------------ cost on the correct kernels
if [ $LOWER_ONLY = 1 ]; then # both lowerings of the correct kernels, for the cost runs there
  echo "$KERNELS" | while IFS='|' read -r id ttgir grid args tens ref h200; do
    [ "$h200" = ok ] || continue
    echo "$id" | grep -Eq "$FILTER" || continue
    mkdir -p "$DIR/$id"
    "$TLXV" lower "$ttgir" --target sm_90a -o "$DIR/$id/plain.ptx" 2> "$DIR/$id/plain.lower.err"
    "$TLXV" lower "$ttgir" --target sm_90a --recorder -o "$DIR/$id/rec.ptx" 2> "$DIR/$id/rec.lower.err"
  done
fi
[ $DRY = 1 ] && { [ "$(cat "$DIR/fail.hangs")" = 0 ] && exit 0; exit 1; }
printf '\n%-16s %-9s %-9s %-13s %-13s %-13s %-13s %s\n' kernel regs regs_rec median_ms median_rec batched_ms batched_rec result | tee "$CT"
echo "$KERNELS" | {
  while IFS='|' read -r id ttgir grid args tens ref h200; do
    [ "$h200" = ok ] || continue
    echo "$id" | grep -Eq "$FILTER" || continue
    w="$DIR/$id"
    mkdir -p "$w"
    runargs "$grid" "$args" "$tens"
    row="$id"
    res=ok
    for v in plain rec; do
      fl=""
      [ $v = rec ] && fl=--recorder
      if [ $HAVE = 1 ]; then
        # shellcheck disable=SC2086
        "$TLXV" lower "$ttgir" --target sm_90a $fl -o "$w/$v.ptx" 2> "$w/$v.lower.err" || { res="not lowered"; break; }
      fi
      [ -s "$w/$v.ptx" ] || { res="no $v.ptx"; break; }
      "$PTXAS" -arch=sm_90a -v "$w/$v.ptx" -o "$w/$v.cubin" 2> "$w/$v.ptxas.log" || { res="ptxas error"; break; }
      eval "regs_$v=\$(grep -o 'Used [0-9]* registers' \"\$w/\$v.ptxas.log\" | awk '{print \$2}' | sort -n | tail -n 1)"
      ro=""
      [ $v = rec ] && ro="--recorder $w/hang.json --rec-timeout $REC_TIMEOUT"
      # shellcheck disable=SC2046,SC2086
      rm -rf "$w/out.$v"
      "$RUN" "$w/$v.ptx" --cubin "$w/$v.cubin" $(cat "$DIR/opts") --timeout "$TIMEOUT" --repeat "$LAUNCHES" $ro \
        --out "$w/out.$v" > "$w/$v.run.log" 2>&1 ||
        { res="run exit $? ($v)"; break; }
      eval "med_$v=\$(grep -o 'gpu_ms_median=[0-9.]*' \"\$w/\$v.run.log\" | cut -d= -f2)"
      eval "bat_$v=\$(grep -o 'gpu_ms_batched=[0-9.]*' \"\$w/\$v.run.log\" | cut -d= -f2)"
    done
    if [ "$res" = ok ]; then
      for f in "$w"/out.plain/*.npy; do
        cmp -s "$f" "$w/out.rec/$(basename "$f")" || { res="outputs differ: $(basename "$f")"; break; }
      done
    fi
    [ "$res" = ok ] || FAIL=1
    printf '%-16s %-9s %-9s %-13s %-13s %-13s %-13s %s\n' "$row" "${regs_plain:--}" "${regs_rec:--}" "${med_plain:--}" \
      "${med_rec:--}" "${bat_plain:--}" "${bat_rec:--}" "$res" | tee -a "$CT"
    unset regs_plain regs_rec med_plain med_rec bat_plain bat_rec
  done
  echo "$FAIL" > "$DIR/fail.cost"
}
echo "machine: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -n 1); $(date -u +%Y-%m-%d)" | tee -a "$CT"
[ "$(cat "$DIR/fail.hangs" 2> /dev/null)" = 0 ] && [ "$(cat "$DIR/fail.cost" 2> /dev/null)" = 0 ] || exit 1
exit 0
