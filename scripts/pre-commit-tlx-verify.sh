#!/bin/sh
# pre-commit entry (.pre-commit-hooks.yaml, hook id tlx-verify): runs `tlx-verify check` on each
# file given and exits with the worst status: 1 (a bug in some file) over 2 (an input error)
# over 3 (inconclusive) over 0. Options before the files (the hook's `args`, e.g.
# --arg ynumel=2048 --symbolic) are passed to every run; `--` ends them. A file with warnings
# only (docs/diagnostics.md "Severity") exits 0 and passes, unless --warnings-as-errors is
# among the options (then its warnings are errors: exit 1). The binary is $TLXV,
# else `tlx-verify` on PATH, else build/tlx-verify next to this script.
set -u
if [ -n "${TLXV:-}" ]; then :
elif command -v tlx-verify > /dev/null 2>&1; then TLXV=tlx-verify
else TLXV="$(dirname "$0")/../build/tlx-verify"
fi
if ! command -v "$TLXV" > /dev/null 2>&1; then
  echo "pre-commit-tlx-verify: error: cannot run '$TLXV'; put tlx-verify on PATH or set TLXV" >&2
  exit 2
fi

# quote WORD: WORD as a single-quoted shell word (options are kept in a string for eval)
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

opts=""
while [ $# -gt 0 ]; do
  case "$1" in
    --) shift; break ;;
    # check's options that take a value (cli/cli_check.c)
    --arg|--grid|--format|--max-states|--time-limit|--random|--seed|--max-trip|--trace-out|--graph-out)
      if [ $# -lt 2 ]; then
        echo "pre-commit-tlx-verify: error: option $1 needs a value" >&2
        exit 2
      fi
      opts="$opts $(quote "$1") $(quote "$2")"; shift 2 ;;
    -?*) opts="$opts $(quote "$1")"; shift ;;
    *) break ;;
  esac
done

# severity of an exit status: 1 > 2 > 3 > 0 (anything else counts as an error, 2)
sev() { case "$1" in 0) echo 0 ;; 3) echo 1 ;; 1) echo 3 ;; *) echo 2 ;; esac; }
worst=0
for f in "$@"; do
  eval "\"\$TLXV\" check \"\$f\" $opts"
  rc=$?
  case "$rc" in
    0|1|2|3) ;;
    *) echo "pre-commit-tlx-verify: error: tlx-verify exited with status $rc on $f" >&2; rc=2 ;;
  esac
  if [ "$(sev "$rc")" -gt "$(sev "$worst")" ]; then worst=$rc; fi
done
exit "$worst"
