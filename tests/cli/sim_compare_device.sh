#!/bin/sh
# sim_compare_device.sh: runs tests/device/compare_sim.sh (simulator vs stored H200 outputs).
set -eu
: "${TLXV:?}" "${SRC:?}"
exec sh "$SRC/tests/device/compare_sim.sh"
