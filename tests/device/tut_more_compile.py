"""Compile (and, on the Hopper machine, run) the tutorial kernels of Triton 3.6 that the real corpus
did not have yet (tests/corpus/real/README.md, "More tutorials"):

  - `python/tutorials/08-grouped-gemm.py`: grouped GEMM, pointer loads and TMA with descriptors
    made on the device (`tl.make_tensor_descriptor`), persistent over the groups' tiles;
  - `python/tutorials/10-block-scaled-matmul.py`: Blackwell block-scaled matmul (nvfp4, mxfp4,
    mxfp8, mixed), software-pipelined by the compiler;
  - `python/tutorials/11-programmatic-dependent-launch.py`: `gdc_wait` / `gdc_launch_dependents`;
  - `python/tutorials/12-split-k-matmul.py`: split-K matmuls (atomic and two-pass);
  - `python/tutorials/gluon/04-tma.py`: Gluon TMA copies and a pipelined TMA elementwise add;
  - `python/tutorials/gluon/09-tma-gather-scatter.py`: Blackwell TMA gather / scatter.

    python3 tests/device/tut_more_compile.py --target 90|100 --tut DIR --out OUT

DIR holds the tutorial files (the TLX fork's tag v3.6.1, `git show v3.6.1:<path>`, the Gluon ones
under DIR/gluon), copied untracked into the working tree (e.g. `.tut/`, excluded and carried),
since the device machine reaches nothing outside. Each configuration runs in its own process with
its own Triton cache (300 s limit), 8 at a time. --target 90 compiles and runs on the Hopper GPU:
`passed` means the tutorial's own check (or the test function) held. --target 100 points the JIT
at sm_100 with launches made no-ops and the numerics comparisons made to pass (as
autows_compile.py): `ran`. The benchmark code of the tutorials is not run. Every TTGIR of the
configuration's cache is written to OUT with an index (index.tsv)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from autows_compile import driver_args, run_children, setup_target, write_cache  # noqa: E402

B90, ONLY100 = (90, 100), (100, )


def load(path, name, drop=()):
    """Imports a tutorial file as module `name`; lines containing any of `drop` (the module-level
    benchmark runs) are left out."""
    src = open(path).read()
    src = "\n".join(ln for ln in src.splitlines() if not any(d in ln for d in drop))
    mod = type(sys)(name)
    mod.__file__ = path
    sys.modules[name] = mod
    sys.path.insert(0, os.path.dirname(path))
    exec(compile(src, path, "exec"), mod.__dict__)
    return mod


def t08(d):
    # the module's own test (group_gemm_fn and, on Hopper or newer, group_gemm_tma_fn against torch)
    # runs at import; its benchmark runs are dropped
    load(os.path.join(d, "08-grouped-gemm.py"), "tut08", drop=(".run(show_plots",))


def t10(fmt):
    # (mxfp4 and mixed are not run: at v3.6.1 the tutorial's initialize_block_scaled returns the
    # cuBLAS scales, which it sets only for mxfp8 and nvfp4: UnboundLocalError before any launch)
    def run(d):
        m = load(os.path.join(d, "10-block-scaled-matmul.py"), "tut10")
        m.cublas = None  # compare the Triton kernel only
        import torch
        torch.manual_seed(42)
        m.validate_block_scaled(1024, 1024, 1024, block_scale_type=fmt)
    return run


def t11(d):
    import torch
    m = load(os.path.join(d, "11-programmatic-dependent-launch.py"), "tut11")
    x = torch.rand(98432, device="cuda")
    y = torch.rand(98432, device="cuda")
    out = m.add(x, y)
    assert torch.allclose(out, x + y)


def t12(d):
    import torch
    m = load(os.path.join(d, "12-split-k-matmul.py"), "tut12")
    M, N, K = m.SKINNY_SHAPES[0]
    a = torch.randn((M, K), device="cuda", dtype=torch.float16)
    b = torch.randn((K, N), device="cuda", dtype=torch.float16)
    ref = torch.matmul(a, b).float()
    for fn in (m.stock_triton_matmul, m.skinny_atomic_matmul, m.skinny_twopass_matmul):
        out = fn(a, b).float()
        err = (out - ref).abs().max().item() / max(ref.abs().max().item(), 1e-9)
        # the tutorial's own tolerance (check_correctness); nothing runs for sm_100
        assert err <= 0.02 or os.environ["TUT_TARGET"] != "90", f"{fn.__name__}: relative error {err}"


def g04(d):
    m = load(os.path.join(d, "gluon", "04-tma.py"), "gtut04")
    m.test_memcpy_1d_tma(64, 500)
    for nb in (1, 2, 3):
        m.test_elementwise_add_pipelined(1000, 2000, 32, 64, nb)


def g09(d):
    import torch
    m = load(os.path.join(d, "gluon", "09-tma-gather-scatter.py"), "gtut09")
    for bx, by in ((8, 16), (128, 128)):
        inp = torch.randn((1024, 1024), dtype=torch.bfloat16, device="cuda")
        xo = torch.arange(bx, dtype=torch.int32, device="cuda") * 3
        m.async_gather(inp, xo, 48, bx, by)
        src = torch.randn((bx, by), dtype=torch.bfloat16, device="cuda")
        m.async_scatter(inp, xo, 48, src, bx, by)


# (name, function of the tutorial folder, targets)
CONFIGS = [
    ("t08gg", t08, B90),
    ("t10bs_nvfp4", t10("nvfp4"), ONLY100),
    ("t10bs_mxfp8", t10("mxfp8"), ONLY100),
    ("t11pdl", t11, B90),
    ("t12sk", t12, B90),
    ("g04tma", g04, B90),
    ("g09gs", g09, ONLY100),
]


def child(a):
    os.environ["TRITON_CACHE_DIR"] = a.cache
    os.environ["TUT_TARGET"] = str(a.target)
    setup_target(a.target)
    import torch
    import triton
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    name, fn, _ = next(c for c in CONFIGS if c[0] == a.one)
    try:
        fn(a.tut)
        outcome = "passed" if a.target == 90 else "ran"
    except BaseException as e:  # noqa: BLE001 (an assertion of the tutorial, a compile error)
        outcome = f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
    n = write_cache(a, name, outcome, lambda kname, h: f"triton_{name}_{kname}_{a.target}_{h}.ttgir",
                    lambda fname, kname, meta, text: [fname, kname, str(a.target),
                                                      str(meta.get("num_warps", "?")),
                                                      str(meta.get("num_stages", "?")), name])
    print(f"{name}: {outcome} ({n} TTGIR)", flush=True)


def main():
    ap = driver_args("--tut", ".tut")
    ap.add_argument("--names", help="comma-separated configurations (default: all of the target)")
    a = ap.parse_args()
    a.tut = os.path.abspath(a.tut)
    os.makedirs(a.out, exist_ok=True)
    if a.one:
        return child(a)
    names = [c[0] for c in CONFIGS if a.target in c[2] and (not a.names or c[0] in a.names.split(","))]
    run_children(a, os.path.abspath(__file__), names, ["--tut", a.tut],
                 "file\tkernel\ttarget\tnum_warps\tnum_stages\tconfig\toutcome\n")


if __name__ == "__main__":
    main()
