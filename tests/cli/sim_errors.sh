#!/bin/sh
# sim_errors.sh: input errors of `tlx-verify sim` are clear, name what to pass, exit 2.
set -eu
: "${TLXV:?}" "${CORPUS:?}" "${SRC:?}"
K="$CORPUS/gluon/ws_add.bug0.ttgir"
. "$SRC/tests/tools/input_error.sh"
expect2() { # "what it must say" args...
  input_error sim "$@"
  [ "$(wc -l < "$T/err")" -le 3 ] || fail "too verbose for: $*: $(cat "$T/err")"
}
A="--tensor a_desc=random:256x2048:f32 --tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f32"
# shellcheck disable=SC2086
{
expect2 "pass --arg xnumel=INT" "$K" $A --arg ynumel=2048
expect2 "kernels.py:95" "$K" $A --arg ynumel=2048
expect2 "pass --tensor c_desc=" "$K" --tensor a_desc=random:256x2048:f32 --tensor b_desc=random:256x2048:f32 --arg xnumel=256 --arg ynumel=2048
expect2 "no such scalar argument" "$K" $A --arg xnumel=256 --arg ynumel=2048 --arg nope=3
expect2 "filled in from --tensor a_desc" "$K" $A --arg xnumel=256 --arg ynumel=2048 --arg a_desc_0=5
expect2 "pass a 2-D f32 tensor" "$K" --tensor a_desc=random:256:f32 --tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f32 --arg xnumel=256 --arg ynumel=2048
expect2 "zeros:256x2048:f32" "$K" --tensor a_desc=random:256x2048:f32 --tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f16 --arg xnumel=256 --arg ynumel=2048
expect2 "multiple of 16" "$K" $A --arg xnumel=250 --arg ynumel=2048
expect2 "random:SHAPE:DTYPE" "$K" --tensor a_desc=random:256x2048 --tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f32 --arg xnumel=256 --arg ynumel=2048
expect2 "cannot open" "$K" --tensor a_desc=/nonexistent.npy --tensor b_desc=random:256x2048:f32 --tensor c_desc=zeros:256x2048:f32 --arg xnumel=256 --arg ynumel=2048
expect2 "--schedule" "$K" $A --schedule fifo
expect2 "--grid" "$K" $A --grid 0
expect2 "missing FILE" --grid 2
}
echo "sim_errors: ok"
