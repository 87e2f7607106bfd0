"""Does Triton 3.6 compile for hip:gfx1250 (nothing launched)? Compiles this project's own small
kernels with `triton.compile(..., target=GPUTarget("hip", "gfx1250", 32))` and keeps their TTGIR:
inputs for the gfx1250 model (tests/corpus/amd). Each variant runs in its own process (an LLVM
error aborts the process). Kernels:

  tl_matmul_s2 / _s3   a pointer matmul (as amd_compile.py's), Triton's AMD stream pipeliner
  tl_desc_matmul       the same with device-side tensor descriptors (TDM on gfx1250)
  tl_ws_matmul         tl.range(warp_specialize=True) (warp specialization on gfx1250)
  g_tdm_wait           Gluon: TDM load, tdm.async_wait, local load
  g_tdm_mbar           Gluon: TDM loads that arrive on LDS mbarriers, mbarrier waits
  g_async_mbar         Gluon: async copy to LDS, async_copy.mbarrier_arrive, mbarrier wait
  g_cluster            Gluon: cluster barrier arrive / wait
  g_ws_mbar            Gluon: warp_specialize, a producer partition and a consumer over mbarriers

  python3 tests/device/amd_gfx1250_compile.py --out DIR          (all)
  python3 tests/device/amd_gfx1250_compile.py --out DIR --one ID (one; internal)

Writes DIR/<ID>.ttgir (locations normalised as run_one.py does) and prints one line per variant:
ID, written / failed, and the first line of the error.
"""
import argparse
import os
import subprocess
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ["tl_matmul_s2", "tl_matmul_s3", "tl_desc_matmul", "tl_ws_matmul", "g_tdm_wait", "g_tdm_mbar",
            "g_async_mbar", "g_cluster", "g_ws_mbar"]


def tl_kernels():
    import triton
    import triton.language as tl

    @triton.jit
    def matmul(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn, BM: tl.constexpr, BN: tl.constexpr,
               BK: tl.constexpr, STAGES: tl.constexpr, WS: tl.constexpr):
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
        for k in tl.range(0, tl.cdiv(K, BK), num_stages=STAGES, warp_specialize=WS):
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
    def desc_matmul(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
        pid = tl.program_id(0)
        npn = tl.cdiv(N, BN)
        pm = pid // npn
        pn = pid % npn
        da = tl.make_tensor_descriptor(a, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
        db = tl.make_tensor_descriptor(b, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
        dc = tl.make_tensor_descriptor(c, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in tl.range(0, tl.cdiv(K, BK), num_stages=2):
            x = da.load([pm * BM, k * BK])
            y = db.load([k * BK, pn * BN])
            acc = tl.dot(x, y, acc)
        dc.store([pm * BM, pn * BN], acc.to(tl.float16))

    return matmul, desc_matmul


def g_kernels():
    from triton.experimental import gluon
    import triton.experimental.gluon.language as ttgl
    g = ttgl.amd.gfx1250
    BL: ttgl.constexpr = ttgl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])

    @gluon.jit
    def tdm_wait(a, out, M, N, BM: ttgl.constexpr, BN: ttgl.constexpr):
        lay: ttgl.constexpr = ttgl.PaddedSharedLayout.with_identity_for([[32, 4]], [BM, BN], [1, 0])
        d = g.tdm.make_tensor_descriptor(base=a, shape=(M, N), strides=(N, 1), block_shape=(BM, BN), layout=lay)
        buf = ttgl.allocate_shared_memory(d.dtype, d.block_shape, d.layout)
        g.tdm.async_load(d, [0, 0], buf)
        g.tdm.async_wait(0)
        v = buf.load(layout=BL)
        om = ttgl.arange(0, BM, layout=ttgl.SliceLayout(1, BL))
        on = ttgl.arange(0, BN, layout=ttgl.SliceLayout(0, BL))
        ttgl.store(out + om[:, None] * N + on[None, :], v)

    @gluon.jit
    def tdm_mbar(a, out, M, N, BM: ttgl.constexpr, BN: ttgl.constexpr, NB: ttgl.constexpr):
        lay: ttgl.constexpr = ttgl.PaddedSharedLayout.with_identity_for([[32, 4]], [BM, BN], [1, 0])
        d = g.tdm.make_tensor_descriptor(base=a, shape=(M, N), strides=(N, 1), block_shape=(BM, BN), layout=lay)
        bars = ttgl.allocate_shared_memory(ttgl.int64, [NB, 1], g.mbarrier.MBarrierLayout())
        buf = ttgl.allocate_shared_memory(d.dtype, [NB] + d.block_shape, d.layout)
        for i in ttgl.static_range(NB):
            g.mbarrier.init(bars.index(i), count=ttgl.num_warps())
        for i in ttgl.static_range(NB):
            g.tdm.async_load(d, [0, i * BN], buf.index(i), mbarrier=bars.index(i))
        acc = ttgl.zeros([BM, BN], ttgl.float16, BL)
        for i in ttgl.static_range(NB):
            g.mbarrier.wait(bars.index(i), 0)
            acc += buf.index(i).load(layout=BL)
        om = ttgl.arange(0, BM, layout=ttgl.SliceLayout(1, BL))
        on = ttgl.arange(0, BN, layout=ttgl.SliceLayout(0, BL))
        ttgl.store(out + om[:, None] * N + on[None, :], acc)

    @gluon.jit
    def async_mbar(a, out, N, BM: ttgl.constexpr, BN: ttgl.constexpr):
        lay: ttgl.constexpr = ttgl.SwizzledSharedLayout(8, 2, 4, [1, 0])
        bar = ttgl.allocate_shared_memory(ttgl.int64, [1], g.mbarrier.MBarrierLayout())
        buf = ttgl.allocate_shared_memory(a.type.element_ty, [BM, BN], lay)
        g.mbarrier.init(bar, count=ttgl.num_warps() * 32)
        om = ttgl.arange(0, BM, layout=ttgl.SliceLayout(1, BL))
        on = ttgl.arange(0, BN, layout=ttgl.SliceLayout(0, BL))
        g.async_copy.global_to_shared(buf, a + om[:, None] * N + on[None, :])
        g.async_copy.mbarrier_arrive(bar)
        g.mbarrier.wait(bar, 0)
        v = buf.load(layout=BL)
        ttgl.store(out + om[:, None] * N + on[None, :], v)

    @gluon.jit
    def cluster(a, out, BN: ttgl.constexpr):
        L1: ttgl.constexpr = ttgl.BlockedLayout([1], [32], [4], [0])
        buf = ttgl.allocate_shared_memory(ttgl.float32, [BN], ttgl.SwizzledSharedLayout(1, 1, 1, [0]))
        o = ttgl.arange(0, BN, layout=L1)
        buf.store(ttgl.load(a + o))
        g.cluster.arrive()
        g.cluster.wait()
        ttgl.store(out + o, buf.load(L1))

    @gluon.jit
    def ws_producer(d, buf, full, empty, NB: ttgl.constexpr, ITERS: ttgl.constexpr):
        for k in range(ITERS):
            s = k % NB
            g.mbarrier.wait(empty.index(s), ((k // NB) & 1) ^ 1)
            g.tdm.async_load(d, [0, 0], buf.index(s), mbarrier=full.index(s))

    @gluon.jit
    def ws_consumer(out, buf, full, empty, NB: ttgl.constexpr, ITERS: ttgl.constexpr, BM: ttgl.constexpr,
                    BN: ttgl.constexpr):
        acc = ttgl.zeros([BM, BN], ttgl.float16, BL)
        for k in range(ITERS):
            s = k % NB
            g.mbarrier.wait(full.index(s), (k // NB) & 1)
            acc += buf.index(s).load(layout=BL)
            g.mbarrier.arrive(empty.index(s))
        om = ttgl.arange(0, BM, layout=ttgl.SliceLayout(1, BL))
        on = ttgl.arange(0, BN, layout=ttgl.SliceLayout(0, BL))
        ttgl.store(out + om[:, None] * BN + on[None, :], acc)

    @gluon.jit
    def ws_mbar(a, out, M, N, BM: ttgl.constexpr, BN: ttgl.constexpr, NB: ttgl.constexpr, ITERS: ttgl.constexpr):
        lay: ttgl.constexpr = ttgl.PaddedSharedLayout.with_identity_for([[32, 4]], [BM, BN], [1, 0])
        d = g.tdm.make_tensor_descriptor(base=a, shape=(M, N), strides=(N, 1), block_shape=(BM, BN), layout=lay)
        full = ttgl.allocate_shared_memory(ttgl.int64, [NB, 1], g.mbarrier.MBarrierLayout())
        empty = ttgl.allocate_shared_memory(ttgl.int64, [NB, 1], g.mbarrier.MBarrierLayout())
        buf = ttgl.allocate_shared_memory(d.dtype, [NB] + d.block_shape, d.layout)
        for i in ttgl.static_range(NB):
            g.mbarrier.init(full.index(i), count=1)
            g.mbarrier.init(empty.index(i), count=4 * 32)
        ttgl.warp_specialize([(ws_consumer, (out, buf, full, empty, NB, ITERS, BM, BN)),
                              (ws_producer, (d, buf, full, empty, NB, ITERS))], [1])

    return gluon, dict(g_tdm_wait=tdm_wait, g_tdm_mbar=tdm_mbar, g_async_mbar=async_mbar, g_cluster=cluster,
                       g_ws_mbar=ws_mbar)


def build(vid, out):
    import triton
    from triton.backends.compiler import GPUTarget
    target = GPUTarget("hip", "gfx1250", 32)
    opts = {"num_warps": 4}
    if vid.startswith("tl_"):
        from triton.compiler import ASTSource
        matmul, desc_matmul = tl_kernels()
        if vid == "tl_desc_matmul":
            sig = {k: "*fp16" for k in "abc"}
            sig.update({k: "i32" for k in "MNK"})
            sig.update({k: "constexpr" for k in ("BM", "BN", "BK")})
            src = ASTSource(fn=desc_matmul, signature=sig, constexprs=dict(BM=128, BN=128, BK=64))
            opts["num_stages"] = 2
        else:
            sig = {k: "*fp16" for k in "abc"}
            sig.update({k: "i32" for k in ("M", "N", "K", "sam", "sak", "sbk", "sbn", "scm", "scn")})
            sig.update({k: "constexpr" for k in ("BM", "BN", "BK", "STAGES", "WS")})
            stages = 3 if vid == "tl_matmul_s3" else 2
            src = ASTSource(fn=matmul, signature=sig,
                            constexprs=dict(BM=128, BN=128, BK=64, STAGES=stages, WS=vid == "tl_ws_matmul"))
            opts["num_stages"] = stages
    else:
        gluon, ks = g_kernels()
        fn = ks[vid]
        base = {"a": "*fp16", "out": "*fp16"}
        if vid == "g_tdm_wait":
            sig = dict(base, M="i32", N="i32", BM="constexpr", BN="constexpr")
            ce = dict(BM=32, BN=64)
        elif vid == "g_tdm_mbar":
            sig = dict(base, M="i32", N="i32", BM="constexpr", BN="constexpr", NB="constexpr")
            ce = dict(BM=32, BN=64, NB=2)
        elif vid == "g_async_mbar":
            sig = dict(base, N="i32", BM="constexpr", BN="constexpr")
            ce = dict(BM=32, BN=64)
        elif vid == "g_cluster":
            sig = {"a": "*fp32", "out": "*fp32", "BN": "constexpr"}
            ce = dict(BN=128)
        else:
            sig = dict(base, M="i32", N="i32", BM="constexpr", BN="constexpr", NB="constexpr", ITERS="constexpr")
            ce = dict(BM=32, BN=64, NB=2, ITERS=4)
        attrs = {(k, ): [["tt.divisibility", 16]] for k in range(len(sig) - len(ce))}
        src = gluon._runtime.GluonASTSource(fn=fn, signature=sig, attrs=attrs, constexprs=ce)
    status = "written"
    try:
        k = triton.compile(src, target=target, options=opts)
        text = k.asm["ttgir"]
    except Exception as e:  # noqa: BLE001
        msg = str(e).strip().splitlines()
        print(f"{vid}\tfailed\t{(msg[-1] if msg else repr(e))[:300]}")
        traceback.print_exc(file=sys.stderr)
        return
    sys.path.insert(0, HERE)
    from run_one import normalize_ttgir
    with open(os.path.join(out, vid + ".ttgir"), "w") as f:
        f.write(normalize_ttgir(text))
    print(f"{vid}\t{status}\ttriton {triton.__version__}")


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
            o, e = p.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            p.kill()
            o, e = "", "timeout"
        line = [l for l in o.splitlines() if l.startswith(v + "\t")]
        print(line[-1] if line else f"{v}\tcrash\t{(e.strip().splitlines() or ['?'])[-1][:300]}")
        if e.strip():
            sys.stderr.write(f"--- {v}\n" + "\n".join(e.strip().splitlines()[-6:]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
