"""Compile small Triton kernels for AMD targets (hip:gfx942, hip:gfx950) on any machine with Triton
3.6, nothing launched, and keep their TTGIR: inputs for the AMD model (tests/corpus/amd).

The kernels below are this project's own (a pointer matmul and a row reduction); what the test
needs from Triton is its AMD pipeline: the stream pipeliner with direct-to-LDS async copies
(TRITON_HIP_USE_ASYNC_COPY), block ping-pong scheduling (TRITON_HIP_USE_BLOCK_PINGPONG), buffer
ops, and the CTA barriers Membar adds. Each variant compiles in its own process (an LLVM error
aborts the process; the environment knobs are read once per process).

  python3 tests/device/amd_compile.py --out DIR          (all variants, 8 at a time)
  python3 tests/device/amd_compile.py --out DIR --one ID (one variant; internal)

Writes DIR/<ID>.ttgir (locations as run_one.py normalizes them) and prints one line per variant.
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# id: (arch, kernel, block sizes / constexprs, num_warps, num_stages, environment)
VARIANTS = {
    "amdk_matmul_gfx950_s2": ("gfx950", "matmul", dict(BM=128, BN=128, BK=64), 8, 2, {}),
    "amdk_matmul_gfx950_async_s2": ("gfx950", "matmul", dict(BM=128, BN=128, BK=64), 8, 2,
                                    {"TRITON_HIP_USE_ASYNC_COPY": "1"}),
    "amdk_matmul_gfx950_async_s3": ("gfx950", "matmul", dict(BM=128, BN=128, BK=64), 4, 3,
                                    {"TRITON_HIP_USE_ASYNC_COPY": "1"}),
    "amdk_matmul_gfx942_async_s2": ("gfx942", "matmul", dict(BM=128, BN=128, BK=64), 4, 2,
                                    {"TRITON_HIP_USE_ASYNC_COPY": "1"}),
    "amdk_matmul_gfx942_pingpong": ("gfx942", "matmul", dict(BM=256, BN=256, BK=64), 8, 2,
                                    {"TRITON_HIP_USE_BLOCK_PINGPONG": "1"}),
    "amdk_matmul_gfx950_pingpong": ("gfx950", "matmul", dict(BM=256, BN=256, BK=64), 8, 2,
                                    {"TRITON_HIP_USE_BLOCK_PINGPONG": "1"}),
    "amdk_rowsum_gfx942": ("gfx942", "rowsum", dict(BN=1024), 4, 1, {}),
    "amdk_rowsum_gfx950": ("gfx950", "rowsum", dict(BN=1024), 4, 1, {}),
}


def build(variant_id, out):
    arch, kname, consts, warps, stages, env = VARIANTS[variant_id]
    os.environ.update(env)
    dump = tempfile.mkdtemp(prefix="amdk_")
    os.environ.update({"TRITON_KERNEL_DUMP": "1", "TRITON_DUMP_DIR": dump, "TRITON_ALWAYS_COMPILE": "1"})
    import torch
    import triton
    import triton.language as tl
    from triton.backends.compiler import GPUTarget

    triton.runtime.driver.active.get_current_target = lambda: GPUTarget("hip", arch, 64)

    @triton.jit
    def matmul(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn, BM: tl.constexpr, BN: tl.constexpr,
               BK: tl.constexpr):
        pid = tl.program_id(0)
        npn = tl.cdiv(N, BN)
        pm = pid // npn
        pn = pid % npn
        rm = (pm * BM + tl.arange(0, BM)) % M
        rn = (pn * BN + tl.arange(0, BN)) % N
        rk = tl.arange(0, BK)
        pa = a + rm[:, None] * sam + rk[None, :] * sak
        pb = b + rk[:, None] * sbk + rn[None, :] * sbn
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            x = tl.load(pa, mask=rk[None, :] < K - k * BK, other=0.0)
            y = tl.load(pb, mask=rk[:, None] < K - k * BK, other=0.0)
            acc = tl.dot(x, y, acc)
            pa += BK * sak
            pb += BK * sbk
        cm = pm * BM + tl.arange(0, BM)
        cn = pn * BN + tl.arange(0, BN)
        tl.store(c + cm[:, None] * scm + cn[None, :] * scn, acc.to(tl.float16),
                 mask=(cm[:, None] < M) & (cn[None, :] < N))

    @triton.jit
    def rowsum(x, y, N, BN: tl.constexpr):
        row = tl.program_id(0)
        cols = tl.arange(0, BN)
        v = tl.load(x + row * N + cols, mask=cols < N, other=0.0)
        tl.store(y + row, tl.sum(v, axis=0))

    dev = "cuda"
    try:
        if kname == "matmul":
            a = torch.empty((512, 512), device=dev, dtype=torch.float16)
            b = torch.empty((512, 512), device=dev, dtype=torch.float16)
            c = torch.empty((512, 512), device=dev, dtype=torch.float16)
            matmul.warmup(a, b, c, 512, 512, 512, 512, 1, 512, 1, 512, 1, grid=(1, ), num_warps=warps,
                          num_stages=stages, **consts)
        else:
            x = torch.empty((64, 1024), device=dev, dtype=torch.float32)
            y = torch.empty((64, ), device=dev, dtype=torch.float32)
            rowsum.warmup(x, y, 1024, grid=(1, ), num_warps=warps, num_stages=stages, **consts)
        status = "ok"
    except Exception as e:  # the TTGIR is dumped before later stages fail
        status = "late-error: " + str(e).replace("\n", " ")[:200]
    found = sorted(glob.glob(os.path.join(dump, "**", "*.ttgir"), recursive=True))
    if not found:
        print(f"{variant_id}\tno-ttgir\t{status}")
        return
    sys.path.insert(0, HERE)
    from run_one import normalize_ttgir
    with open(found[-1]) as f:
        text = normalize_ttgir(f.read())
    with open(os.path.join(out, variant_id + ".ttgir"), "w") as f:
        f.write(text)
    print(f"{variant_id}\twritten\t{status}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--one", default="")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.one:
        build(a.one, a.out)
        return 0
    procs = {v: subprocess.Popen([sys.executable, __file__, "--out", a.out, "--one", v], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for v in VARIANTS}
    for v, p in procs.items():
        try:
            o, e = p.communicate(timeout=240)
        except subprocess.TimeoutExpired:
            p.kill()
            o, e = "", "timeout"
        line = [l for l in o.splitlines() if l.startswith(v + "\t")]
        print(line[-1] if line else f"{v}\tcrash\t{(e.strip().splitlines() or ['?'])[-1][:200]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
