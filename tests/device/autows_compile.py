"""Compile (and, on the H200, run) the kernels of Triton 3.6's own tests of its compiler-made
pipelines, through the tests' own functions, for the real corpus (tests/corpus/real/README.md,
"Triton's pipeline tests"):

  - `python/test/unit/language/test_warp_specialization.py`: automatic warp specialization
    (`tl.range(..., warp_specialize=True)`): TMA / cp.async matmuls, persistent matmuls,
    attention inner loops, a grouped GEMM;
  - `python/test/unit/language/test_pipeliner.py`: software pipelining (TMA and cp.async
    matmuls, block-scaled dot, vector add, epilogue, indirect loads, TMA scatter, conditional store);
  - `python/test/unit/cuda/test_tma_store_gemm.py`: a block-pointer matmul stored through TMA.

    python3 tests/device/autows_compile.py --target 90|100 --tests DIR --out OUT

DIR holds the three test files (the TLX fork's tag v3.6.1, `git show v3.6.1:<path>`), copied
untracked into the working tree (e.g. `.tt/`, excluded) since the device machine reaches nothing
outside. Each configuration runs in its own process (an LLVM error or a hang takes only that one
down; 300 s limit), with its own Triton cache, 8 at a time.

--target 90: compiled for and run on the H200; the outcome `passed` means the test function
returned, i.e. every assertion of the test held (numerics against torch / cuBLAS and the test's
own checks of the TTGIR, e.g. that `ttg.warp_specialize` is there). --target 100: the JIT is
pointed at sm_100 (as run_one.py's compile100 does), the GPU reports capability 10.0 to the test,
and every launch is made a no-op (sm_100 code cannot load on the H200); `torch.testing.assert_close`
and `torch.allclose` are made to pass so that the tests' checks of the TTGIR after the numerics
still run (`ran` = those held; numerics not checked). Every TTGIR the configuration's cache holds
afterwards is written to OUT with an index (index.tsv: file, kernel, target, num_warps, config,
warp_specialize ops, outcome)."""
import argparse
import concurrent.futures
import glob
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

WS = "test_warp_specialization"
PL = "test_pipeliner"
TS = "test_tma_store_gemm"
B90, B100, ONLY100, ONLY90 = (90, 100), (90, 100), (100, ), (90, )
MM = dict(BLOCK_SIZE_M=128, a_use_tma=True, b_use_tma=True)

# (name, test module, test function, arguments, targets). One configuration per distinct kernel
# shape the tests cover: TMA vs cp.async operands, fp16 vs fp8, stages, warps, persistence,
# flattening; the test's own skips (e.g. Hopper needs all-TMA loads for warp specialization)
# apply when the function is called.
CONFIGS = [
    ("ws_tma_f16_s3w4", WS, "test_warp_specialize_tma_matmul",
     dict(M=2048, N=2048, K=512, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, num_stages=3, num_warps=4, use_fp8=False, **MM),
     B90),
    ("ws_tma_f8_n256k128_s2w4", WS, "test_warp_specialize_tma_matmul",
     dict(M=2048, N=2048, K=512, BLOCK_SIZE_N=256, BLOCK_SIZE_K=128, num_stages=2, num_warps=4, use_fp8=True, **MM),
     B90),
    ("ws_tma_f16_s3w8", WS, "test_warp_specialize_tma_matmul",
     dict(M=2048, N=2048, K=512, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, num_stages=3, num_warps=8, use_fp8=False, **MM),
     ONLY90),
    ("ws_cpa_f16_s3w4", WS, "test_warp_specialize_tma_matmul",
     dict(M=2048, N=2048, K=512, BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, num_stages=3, num_warps=4,
          use_fp8=False, a_use_tma=False, b_use_tma=True), ONLY100),
    ("ws_pers_f16_s3w4", WS, "test_warp_specialize_tma_matmul_persistent",
     dict(M=8192, N=8192, K=512, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, num_stages=3, num_warps=4, use_fp8=False,
          flatten=True, **MM), B90),
    ("ws_pers_noflat_f16_s3w4", WS, "test_warp_specialize_tma_matmul_persistent",
     dict(M=8192, N=8192, K=512, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, num_stages=3, num_warps=4, use_fp8=False,
          flatten=False, **MM), ONLY100),
    ("ws_attn_m128d64_s2w4", WS, "test_warp_specialize_attention_forward",
     dict(M=1024, N=1024, BLOCK_M=128, HEAD_DIM=64, num_stages=2, disable_acc_multibuf=False, num_warps=4,
          use_fp8=False), ONLY100),
    ("ws_attnp_m128d64_s2w4", WS, "test_warp_specialize_attention_persistent_forward",
     dict(M=1024, N=1024, BLOCK_M=128, HEAD_DIM=64, num_stages=2, disable_acc_multibuf=False, num_warps=4,
          use_fp8=False), ONLY100),
    ("ws_grouped_g4", WS, "test_grouped_gemm", dict(M=128, N=256, K=128, group_size=4), ONLY100),
    ("pl_matmul_tma", PL, "test_pipeline_matmul", dict(scale=False, device="cuda"), B90),
    ("pl_matmul_mxf4", PL, "test_pipeline_matmul", dict(scale=True, device="cuda"), B90),
    ("pl_vecadd", PL, "test_pipeline_vecadd", dict(device="cuda"), B90),
    ("pl_epilogue_r3s3", PL, "test_pipeline_epilogue", dict(ROW_COUNT=3, NUM_STAGES=3, device="cuda"), B90),
    ("pl_indirect_k64s3", PL, "test_indirect_matmul",
     dict(BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_stages=3, device="cuda"), B90),
    ("pl_condstore_s3", PL, "test_conditional_store_pipeline", dict(num_stages=3, device="cuda"), B90),
    ("pl_scatter", PL, "test_scatter_pipeline", dict(device="cuda"), ONLY100),
    ("tma_store_128x128x64_f16", TS, "test_tma_load_store",
     dict(M=128, N=128, K=64, NUM_CTAS=1, NUM_WARPS=4, TRANS_A=False, TRANS_B=True, OUTPUT_F16=True), B90),
]


def normalize(text):
    """As run_one.py: Triton's own files from `triton/` on, only the file name of everything else."""
    text = re.sub(r'loc\("[^"]*/(triton/[^"]+\.py)"', r'loc("\1"', text)
    return re.sub(r'loc\("(?!triton/)[^"]*/([^"/]+\.py)"', r'loc("\1"', text)


def setup_target(target):
    import torch
    from triton.backends.compiler import GPUTarget
    if not hasattr(GPUTarget, "is_cuda_backend"):  # _internal_testing at v3.6.1 asks; Triton 3.6.0 lacks it
        GPUTarget.is_cuda_backend = lambda self: self.backend == "cuda"
    if target == 90:
        return
    from triton.compiler.compiler import CompiledKernel
    from triton.runtime import driver
    t = GPUTarget("cuda", 100, 32)
    driver.active.get_current_target = lambda: t
    torch.cuda.get_device_capability = lambda *x, **y: (10, 0)

    def no_load(self):  # sm_100 code cannot be loaded on the H200: launches are no-ops
        if self.module is None:
            self.module, self.function, self.n_regs, self.n_spills, self.n_max_threads = 1, 0, 0, 0, 1024
            self._run = lambda *x, **y: None
    CompiledKernel._init_handles = no_load
    # nothing ran: let the numerics pass so the tests' checks of the TTGIR after them still run
    torch.testing.assert_close = lambda *x, **y: None
    torch.allclose = lambda *x, **y: True


def load_test(tests, name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(tests, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    if hasattr(mod, "assert_close"):  # `from torch.testing import assert_close`
        mod.assert_close = __import__("torch").testing.assert_close
    return mod


def child(a):
    """One configuration in this process; its TTGIR files and index rows go to a.out."""
    os.environ["TRITON_CACHE_DIR"] = a.cache
    setup_target(a.target)
    import pytest
    name, modname, fn, kw, _ = next(c for c in CONFIGS if c[0] == a.one)
    try:
        getattr(load_test(a.tests, modname), fn)(**kw)
        outcome = "passed" if a.target == 90 else "ran"
    except pytest.skip.Exception as e:
        outcome = f"skipped: {e}"
    except BaseException as e:  # noqa: BLE001 (an assertion of the test, a compile error)
        outcome = f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
    prefix = {WS: "tws", PL: "tpipe", TS: "ttma"}[modname]
    rows = write_cache(a, name, outcome,
                       lambda kname, h: f"{prefix}_{kname}_{a.target}_{name}_{h}.ttgir",
                       lambda fname, kname, meta, text: [fname, kname, str(a.target),
                                                         str(meta.get("num_warps", "?")), name,
                                                         str(text.count("ttg.warp_specialize("))])
    print(f"{name}: {outcome} ({rows} TTGIR)", flush=True)


def write_cache(a, name, outcome, fname_of, row_of):
    """Writes every TTGIR of the configuration's cache (a.cache) to a.out, normalized, as
    fname_of(kernel, hash), and its index rows (row_of(file, kernel, metadata, text) + the
    outcome; row_of("-", "-", {}, "") when there is none) to a.out/index.NAME.part; returns how
    many TTGIRs."""
    rows = []
    for p in sorted(glob.glob(os.path.join(a.cache, "*", "*.ttgir"))):
        meta_p = p[:-len(".ttgir")] + ".json"
        meta = json.load(open(meta_p)) if os.path.exists(meta_p) else {}
        kname = os.path.basename(p)[:-len(".ttgir")]
        text = normalize(open(p).read())
        fname = fname_of(kname, os.path.basename(os.path.dirname(p))[:8])
        with open(os.path.join(a.out, fname), "w") as f:
            f.write(text)
        rows.append("\t".join(row_of(fname, kname, meta, text) + [outcome.replace("\t", " ")]))
    with open(os.path.join(a.out, f"index.{name}.part"), "w") as f:
        f.write("".join(r + "\n" for r in rows) or
                "\t".join(row_of("-", "-", {}, "") + [outcome.replace("\t", " ")]) + "\n")
    return len(rows)


def run_children(a, script, names, extra, header):
    """Runs `script --one NAME` for each name (8 at a time, 300 s each, its own cache), keeps
    each one's output in a.out/log.NAME.txt, then joins the index parts into a.out/index.tsv
    under header."""
    def spawn(n):
        cmd = [sys.executable, script, "--target", str(a.target), "--out", a.out] + extra + \
              ["--one", n, "--cache", tempfile.mkdtemp(prefix="awcache")]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
            with open(os.path.join(a.out, f"log.{n}.txt"), "w") as f:
                f.write(r.stdout + r.stderr)
            return n, r.returncode, (r.stdout.strip().splitlines() or ["(no output)"])[-1]
        except subprocess.TimeoutExpired:
            return n, "timeout", "timeout (300 s): hang?"
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for n, rc, line in ex.map(spawn, names):
            print(f"[{a.target}] {n}: rc={rc} {line}", flush=True)
    with open(os.path.join(a.out, "index.tsv"), "w") as f:
        f.write(header)
        for p in sorted(glob.glob(os.path.join(a.out, "index.*.part"))):
            f.write(open(p).read())
            os.remove(p)


def driver_args(folder, default):
    """The options of a compile driver: --target, --out, the source folder option `folder`
    (default `default`), and --one / --cache / --jobs of the children."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--target", type=int, choices=[90, 100], required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument(folder, default=default)
    ap.add_argument("--one")
    ap.add_argument("--cache")
    ap.add_argument("--jobs", type=int, default=8)
    return ap


def main():
    a = driver_args("--tests", ".tt").parse_args()
    a.tests = os.path.abspath(a.tests)
    os.makedirs(a.out, exist_ok=True)
    if a.one:
        return child(a)
    names = [c[0] for c in CONFIGS if a.target in c[4]]
    run_children(a, os.path.abspath(__file__), names, ["--tests", a.tests],
                 "file\tkernel\ttarget\tnum_warps\tconfig\tws_ops\toutcome\n")


if __name__ == "__main__":
    main()
