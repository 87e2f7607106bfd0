"""Triton's own LDS size for AMD TTGIR files: compiles each file with triton.compile (IRSource:
the file itself, target from its "ttg.target" attribute; nothing launched) and prints
`FILE shared=N` (metadata "shared": the bytes Triton's liveness-based allocation gives the
kernel), the reference `lower --target gfx942|gfx950` must not exceed (tests/cli/lower_amd_tut.sh).
Each file in its own process (an LLVM error aborts it).

  python3 tests/device/amd_shared.py FILE.ttgir ...

Run of 2026-12-02 (Triton 3.6.0, H200 machine): docs/lowering.md "AMD" has the numbers."""
import re
import subprocess
import sys


def one(path):
    import triton
    from triton.backends.compiler import GPUTarget
    arch = re.search(r'ttg.target = "hip:(gfx[0-9a-z]+)"', open(path).read()).group(1)
    k = triton.compile(path, target=GPUTarget("hip", arch, 64))
    print(f"{path} shared={k.metadata.shared}", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "--one":
        one(sys.argv[2])
        sys.exit(0)
    for p in sys.argv[1:]:
        r = subprocess.run([sys.executable, __file__, "--one", p], capture_output=True, text=True, timeout=300)
        print(r.stdout.strip() if r.returncode == 0 else f"{p} failed: {r.stderr.strip().splitlines()[-1:]}")
