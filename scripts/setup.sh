#!/bin/sh
# One-command set-up: install dependencies (Debian 12, as root or with sudo), build
# tlx-verify in build/, and run it on a bundled example kernel.
set -eu
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
echo "== build/tlx-verify tests/corpus/gluon/ws_add.bug1.ttgir"
rc=0
./build/tlx-verify tests/corpus/gluon/ws_add.bug1.ttgir --arg xnumel=256 --arg ynumel=2048 || rc=$?
echo "== exit code $rc (0 verified, 1 bugs found, 2 input error, 3 inconclusive)"
# The example has a planted deadlock: anything but "bugs found" means the build is broken.
if [ "$rc" != 1 ]; then echo "setup.sh: the bundled example should report its bug (exit 1), got exit $rc" >&2; exit 1; fi
echo "setup.sh: tlx-verify is built (build/tlx-verify) and found the example's bug"
