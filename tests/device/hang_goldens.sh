#!/bin/bash
# hang_goldens.sh OUTDIR [EXAMPLE BUG]: golden inputs for `explain` from real tools (issue 17, run 3).
# Launches a Triton-built hanging variant (default: examples/hopper_gemm_ws bug1, a deadlock) through
# run_one.py, then reads the stuck GPU two ways: cuda-gdb attached live (`info cuda threads`), and a
# user-triggered coredump that keeps shared memory, read offline with cuda-gdb. Writes
# OUTDIR/<example>.bug<N>.attach.txt and OUTDIR/<example>.bug<N>.core.txt. Needs a GPU, Triton and
# cuda-gdb; exits 77 without them.
set -u
out=${1:?usage: hang_goldens.sh OUTDIR [EXAMPLE BUG]}
ex=${2:-hopper_gemm_ws}; bug=${3:-1}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
gdb=$(command -v cuda-gdb || echo /usr/local/cuda/bin/cuda-gdb)
if ! nvidia-smi -L >/dev/null 2>&1 || [ ! -x "$gdb" ] || ! python3 -c 'import triton' 2>/dev/null; then
  echo "hang_goldens: no GPU, Triton or cuda-gdb: skipped"; exit 77
fi
work=$(mktemp -d)
name="$ex.bug$bug"
launch() {  # launch RESULT: one launch, polled for 500 s (it hangs: we kill it)
  PYTHONUNBUFFERED=1 TRITON_CACHE_DIR="$work/cache" python3 "$here/run_one.py" --mode hw --example "$ex" \
    --bug "$bug" --outdir "$work" --result "$1" --reps 1 --timeout 500 > "$1.log" 2>&1 &
  pid=$!
  for i in $(seq 240); do grep -q t_compiled "$1" 2>/dev/null && break; sleep 0.5; done
  sleep 2
}
mkdir -p "$work/ttgir"
launch "$work/r1.json"
{ echo "# cuda-gdb attached to a running Triton launch of $name (Triton $(python3 -c 'import triton; print(triton.__version__)'))"
  timeout 180 "$gdb" -batch -p "$pid" -ex "info cuda threads" -ex "info cuda warps" -ex "detach"
  echo "# exit $?"; } > "$out/$name.attach.txt" 2>&1
kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null

pipe="$work/corepipe"
export CUDA_ENABLE_USER_TRIGGERED_COREDUMP=1 CUDA_COREDUMP_PIPE="$pipe" CUDA_COREDUMP_FILE="$work/core.%p"
launch "$work/r2.json"
unset CUDA_ENABLE_USER_TRIGGERED_COREDUMP CUDA_COREDUMP_PIPE CUDA_COREDUMP_FILE
if [ -p "$pipe" ]; then timeout 10 sh -c "echo 1 > '$pipe'"; fi
for i in $(seq 180); do core=$(ls "$work"/core.* 2>/dev/null | head -1); [ -n "$core" ] && ! kill -0 "$pid" 2>/dev/null && break; sleep 0.5; done
kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
core=$(ls "$work"/core.* 2>/dev/null | head -1)
{ echo "# user-triggered coredump of a running Triton launch of $name: ${core:-no core file} $( [ -n "$core" ] && stat -c %s "$core") bytes"
  [ -n "$core" ] && timeout 180 "$gdb" -batch -ex "target cudacore $core" -ex "info cuda threads" -ex "info cuda warps"
  echo "# exit $?"; } > "$out/$name.core.txt" 2>&1
cp "$work/r1.json.log" "$out/$name.launch.log" 2>/dev/null
rm -rf "$work"
exit 0
