#!/bin/sh
# pre-commit entry: runs `tlx-verify check` on each file given; exits with the worst status
# (1 = a bug was found in some file, 2 = input error, 3 = inconclusive).
# Extra options before the files are passed to every run (e.g. --arg ynumel=2048).
set -u
TLXV="${TLXV:-$(command -v tlx-verify || echo "$(dirname "$0")/../build/tlx-verify")}"
opts=""
while [ $# -gt 0 ]; do
  case "$1" in
    --*) opts="$opts $1"; shift; case "$1" in -*|*.ttgir|*.ttir) ;; *) opts="$opts $1"; shift ;; esac ;;
    *) break ;;
  esac
done
worst=0
for f in "$@"; do
  # shellcheck disable=SC2086
  "$TLXV" check "$f" $opts; rc=$?
  if [ "$rc" -eq 1 ] || { [ "$rc" -ne 0 ] && [ "$worst" -ne 1 ]; }; then worst=$rc; fi
done
exit "$worst"
