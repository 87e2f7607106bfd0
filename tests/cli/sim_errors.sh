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
# What simulate mode cannot compute stops the run as a model limit (exit 3) at the op, never a
# bug report (exit 1): device-side tensor descriptors in global scratch (Triton's Hopper
# warp-specialized attention creates them with ttng.tensormap_create).
set +e
"$TLXV" sim "$CORPUS/real/triton_t06_attention_ws_90.ok.ttgir" --arg sm_scale=0.5 --arg H=2 \
  --arg N_CTX=256 --tensor M=zeros:512:f32 --tensor desc_q=random:512x64:f16 \
  --tensor desc_k=random:512x64:f16 --tensor desc_v=random:512x64:f16 \
  --tensor desc_o=zeros:512x64:f16 --grid 2,2 > "$T/out" 2> "$T/err"
rc=$?
set -e
[ "$rc" = 3 ] || fail "global_scratch_alloc in sim: exit $rc, want 3: $(cat "$T/out" "$T/err")"
grep -q "06-fused-attention.py:173:70:.*does not model ttg.global_scratch_alloc" "$T/out" "$T/err" ||
  fail "global_scratch_alloc in sim: no message at the op: $(cat "$T/out" "$T/err")"
echo "sim_errors: ok"
