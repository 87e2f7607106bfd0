#!/bin/bash
# mbar_word.sh OUTDIR: the mbarrier word on real hardware (issue 17, run 2). Needs a Hopper GPU, nvcc and
# cuda-gdb; exits 77 (skipped) without them. Writes OUTDIR/mbar_words.tsv (one row per scenario of
# mbar_word.cu: the state PTX defines, the word read plainly, late, after mbarrier.inval, the arrive
# token, test_wait.parity 0/1), and for a kernel spinning on barriers in known states:
# OUTDIR/mbar_hang.out (the words the kernel read before spinning), OUTDIR/mbar_attach.txt (cuda-gdb
# attached live) and OUTDIR/mbar_core.txt (a user-triggered coredump that keeps shared memory, read
# with cuda-gdb): `info cuda threads` and the barrier words read from shared memory.
set -u
out=${1:?usage: mbar_word.sh OUTDIR}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
gdb=$(command -v cuda-gdb || echo /usr/local/cuda/bin/cuda-gdb)
if ! nvidia-smi -L >/dev/null 2>&1 || [ ! -x "$nvcc" ]; then echo "mbar_word: no GPU or nvcc: skipped"; exit 77; fi
work=$(mktemp -d)
"$nvcc" -arch=sm_90a -lineinfo -o "$work/mbar_word" "$here/mbar_word.cu" || exit 1
timeout 60 "$work/mbar_word" table > "$out/mbar_words.tsv" || { echo "mbar_word table failed"; exit 1; }
cat "$out/mbar_words.tsv"

# Live attach: the kernel spins; cuda-gdb attaches, prints the threads and the words, detaches.
"$work/mbar_word" hang > "$out/mbar_hang.out" 2>&1 &
pid=$!
for i in $(seq 50); do grep -q bar3 "$out/mbar_hang.out" 2>/dev/null && break; sleep 0.2; done
off=$(awk '/smem_offset/{print $2}' "$out/mbar_hang.out")
sleep 1
gdbcmds=(-ex "info cuda threads" -ex "info cuda warps" -ex "x/4gx (@shared void *)$off"
         -ex "print/x *(@shared unsigned long long *)$off@4")
if [ -x "$gdb" ] && [ -n "$off" ]; then
  timeout 120 "$gdb" -batch -p "$pid" "${gdbcmds[@]}" -ex "detach" > "$out/mbar_attach.txt" 2>&1
  echo "attach: exit $?" >> "$out/mbar_attach.txt"
fi
kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null

# User-triggered coredump of the spinning kernel, shared memory kept (no skip_shared_memory flag).
pipe="$work/corepipe"
CUDA_ENABLE_USER_TRIGGERED_COREDUMP=1 CUDA_COREDUMP_PIPE="$pipe" CUDA_COREDUMP_FILE="$work/core.%p" \
  "$work/mbar_word" hang > "$out/mbar_hang2.out" 2>&1 &
pid=$!
for i in $(seq 50); do grep -q bar3 "$out/mbar_hang2.out" 2>/dev/null && break; sleep 0.2; done
off=$(awk '/smem_offset/{print $2}' "$out/mbar_hang2.out")
sleep 1
if [ -p "$pipe" ]; then timeout 10 sh -c "echo 1 > '$pipe'"; else echo "no coredump pipe at $pipe" >> "$out/mbar_core.txt"; fi
for i in $(seq 120); do core=$(ls "$work"/core.* 2>/dev/null | head -1); [ -n "$core" ] && ! kill -0 "$pid" 2>/dev/null && break; sleep 0.5; done
kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
core=$(ls "$work"/core.* 2>/dev/null | head -1)
echo "core file: ${core:-none} $( [ -n "$core" ] && stat -c %s "$core") bytes" >> "$out/mbar_core.txt"
if [ -n "$core" ] && [ -n "$off" ]; then
  timeout 120 "$gdb" -batch -ex "target cudacore $core" "${gdbcmds[@]}" >> "$out/mbar_core.txt" 2>&1
  echo "cudacore: exit $?" >> "$out/mbar_core.txt"
fi
rm -rf "$work"
exit 0
