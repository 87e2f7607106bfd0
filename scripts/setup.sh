#!/bin/sh
# One-command set-up: install dependencies (Debian 12, as root or with sudo), build
# tlx-verify in build/, and run it on a bundled example kernel.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
echo "== build/tlx-verify tests/corpus/gluon/ws_add.bug1.ttgir"
./build/tlx-verify tests/corpus/gluon/ws_add.bug1.ttgir --arg xnumel=256 --arg ynumel=2048 || rc=$?
echo "== exit code ${rc:-0} (0 verified, 1 bugs found, 2 input error, 3 inconclusive)"
