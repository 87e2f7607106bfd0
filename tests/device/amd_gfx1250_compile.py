"""Does Triton 3.6 compile for hip:gfx1250 (nothing launched)? Compiles this project's own small
kernels with `triton.compile(..., target=GPUTarget("hip", "gfx1250", 32))` and keeps their TTGIR:
inputs for the gfx1250 model (docs/amd-gfx1250.md). Each variant runs in its own process (an LLVM
error aborts the process; a compile that hangs is killed after TIMEOUT seconds). Kernels (this
project's own):

  mm2 / mm3   a pointer matmul 128x128x64, 2 / 3 stages (Triton's AMD stream pipeliner)
  dmm         the same with device-side tensor descriptors (TDM on gfx1250)
  tw          Gluon: a TDM load, tdm.async_wait, a local load
  tm          Gluon: two TDM loads that arrive on LDS mbarriers (count 4 = the 4 waves' copies)
  am          Gluon: an async copy to LDS, async_copy.mbarrier_arrive (count 4 * 32), mbarrier wait
  ws          Gluon: warp_specialize, a 1-wave TDM producer and the default partition consuming
              through full / empty mbarriers
  ws2         Gluon: warp_specialize, a 4-wave worker storing a tile to LDS (ds_write) and
              arriving per lane on `full`, the 4-wave default partition reading it and arriving
              on `empty`, two buffers, 4 rounds; after the region the default waves wait `done`
  cb          Gluon: num_ctas 2, amd.gfx1250.cluster.arrive / wait around LDS stores and loads
  cb0         Gluon: num_ctas 2, cluster.arrive then cluster.wait, nothing else

  python3 tests/device/amd_gfx1250_compile.py OUTDIR [ID ...]   (all or the IDs, in parallel)
  python3 tests/device/amd_gfx1250_compile.py OUTDIR --one ID   (one; internal)

Triton 3.6.0's Gluon `warp_specialize(functions_and_args, worker_num_warps, worker_num_regs)`
needs `worker_num_regs` (optional only in later versions); the AMD lowering ignores it
(ConvertWarpSpecializeToLLVM.cpp: reallocRegisters does nothing).

Writes OUTDIR/<ID>.ttgir (file locations reduced to the file name; OUTDIR/<ID>.partial.ttgir when a
stage after the TTGIR failed) and prints one line per variant.
Runs (Triton 3.6.0, H200 machine), 2026-12-02: `dmm` did not finish within 200 s in the first run;
mm2, mm3, dmm, tw, tm, am compiled later (tests/corpus/amd/amdk_gfx1250_*). A third run (helper
amdws, a compact copy of `ws`, `ws2`, `cb`, `cb0`): `ws` and `ws2` fail in make_llir
("PassManager::run failed"; the diagnostic was not printed, the TTGIR not kept: both fixed since),
`cb` / `cb0` fail at once: Triton 3.6.0's gluon.language.amd.gfx1250 has no `cluster` module
(the TLX fork's v3.6.1 has `cluster.arrive` / `cluster.wait`). Fourth run (lead, session 9):
`ws`, `ws2` fail in make_llir with "failed to legalize operation 'ttg.warp_specialize'" (no gfx1250
lowering of warp specialization in Triton 3.6.0); their complete TTGIR was kept
(tests/corpus/amd/amdk_gfx1250_ws.ok, tests/bench/large/amdk_gfx1250_ws2).
"""
import os
import re
import subprocess
import sys

TIMEOUT = int(os.environ.get("AMD_COMPILE_TIMEOUT", "300"))
V = ["mm2", "mm3", "dmm", "tw", "tm", "am", "ws", "ws2", "cb", "cb0"]


def main_all(out, ids):
    procs = {v: subprocess.Popen([sys.executable, __file__, out, "--one", v], stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True) for v in ids}
    for v, p in procs.items():
        try:
            o, _ = p.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            p.kill()
            o = f"timeout after {TIMEOUT} s"
        lines = o.strip().splitlines()
        # the MLIR diagnostics (a pass's emitError) come before Python's traceback
        print(v, p.returncode, [x for x in lines if "error" in x.lower()][:4] + lines[-2:])


if __name__ == "__main__" and (len(sys.argv) < 3 or sys.argv[2] != "--one"):
    main_all(sys.argv[1], sys.argv[2:] or V)
    sys.exit(0)

O, v = sys.argv[1], sys.argv[3]
# Triton dumps each stage's IR as it is made (compiler.py, TRITON_KERNEL_DUMP): the TTGIR survives
# a failure of a later stage (make_llir), and is kept as OUTDIR/<ID>.partial.ttgir
os.environ.update(TRITON_KERNEL_DUMP="1", TRITON_DUMP_DIR=f"/tmp/amd_gfx1250_dump-{v}", TRITON_ALWAYS_COMPILE="1")
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402
from triton.experimental import gluon  # noqa: E402
import triton.experimental.gluon.language as gl  # noqa: E402

g = gl.amd.gfx1250
c = gl.constexpr


@triton.jit
def mm(a, b, o, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, S: tl.constexpr):
    p = tl.program_id(0)
    rm = p * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    pa = a + rm[:, None] * K + rk[None, :]
    pb = b + rk[:, None] * N + rn[None, :]
    acc = tl.zeros((BM, BN), tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), num_stages=S):
        acc = tl.dot(tl.load(pa), tl.load(pb), acc)
        pa += BK
        pb += BK * N
    tl.store(o + rm[:, None] * N + rn[None, :], acc.to(tl.float16))


@triton.jit
def dmm(a, b, o, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    p = tl.program_id(0)
    da = tl.make_tensor_descriptor(a, [M, K], [K, 1], [BM, BK])
    db = tl.make_tensor_descriptor(b, [K, N], [N, 1], [BK, BN])
    acc = tl.zeros((BM, BN), tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), num_stages=2):
        acc = tl.dot(da.load([p * BM, k * BK]), db.load([k * BK, 0]), acc)
    tl.make_tensor_descriptor(o, [M, N], [N, 1], [BM, BN]).store([p * BM, 0], acc.to(tl.float16))


L = c(gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0]))
Y = c(gl.PaddedSharedLayout.with_identity_for([[32, 4]], [32, 64], [1, 0]))


@gluon.jit
def P(o, N):
    return o + gl.arange(0, 32, gl.SliceLayout(1, L))[:, None] * N + gl.arange(0, 64, gl.SliceLayout(0, L))[None, :]


@gluon.jit
def D(a, M, N):
    return g.tdm.make_tensor_descriptor(base=a, shape=(M, N), strides=(N, 1), block_shape=(32, 64), layout=Y)


@gluon.jit
def tw(a, o, M, N):
    d = D(a, M, N)
    b = gl.allocate_shared_memory(d.dtype, d.block_shape, d.layout)
    g.tdm.async_load(d, [0, 0], b)
    g.tdm.async_wait(0)
    gl.store(P(o, N), b.load(L))


@gluon.jit
def cb0(a, o, M, N):
    g.cluster.arrive()
    g.cluster.wait()


@gluon.jit
def tm(a, o, M, N):
    d = D(a, M, N)
    m = gl.allocate_shared_memory(gl.int64, [2, 1], g.mbarrier.MBarrierLayout())
    b = gl.allocate_shared_memory(d.dtype, [2] + d.block_shape, d.layout)
    for i in gl.static_range(2):
        g.mbarrier.init(m.index(i), count=4)
    for i in gl.static_range(2):
        g.tdm.async_load(d, [0, i * 64], b.index(i), mbarrier=m.index(i))
    for i in gl.static_range(2):
        g.mbarrier.wait(m.index(i), 0)
        gl.store(P(o + i * 64, N), b.index(i).load(L))


@gluon.jit
def am(a, o, M, N):
    m = gl.allocate_shared_memory(gl.int64, [1], g.mbarrier.MBarrierLayout())
    b = gl.allocate_shared_memory(gl.float16, [32, 64], gl.SwizzledSharedLayout(8, 2, 4, [1, 0]))
    g.mbarrier.init(m, count=128)
    g.async_copy.global_to_shared(b, P(a, N))
    g.async_copy.mbarrier_arrive(m)
    g.mbarrier.wait(m, 0)
    gl.store(P(o, N), b.load(L))


@gluon.jit
def cb0(a, o, M, N):
    g.cluster.arrive()
    g.cluster.wait()


@gluon.jit
def wp(d, b, f, e):
    for k in range(4):
        s = k % 2
        g.mbarrier.wait(e.index(s), ((k // 2) & 1) ^ 1)
        g.tdm.async_load(d, [0, 0], b.index(s), mbarrier=f.index(s))


@gluon.jit
def wc(o, b, f, e, N):
    for k in range(4):
        s = k % 2
        g.mbarrier.wait(f.index(s), (k // 2) & 1)
        gl.store(P(o, N), b.index(s).load(L))
        g.mbarrier.arrive(e.index(s))


@gluon.jit
def ws(a, o, M, N):
    d = D(a, M, N)
    f = gl.allocate_shared_memory(gl.int64, [2, 1], g.mbarrier.MBarrierLayout())
    e = gl.allocate_shared_memory(gl.int64, [2, 1], g.mbarrier.MBarrierLayout())
    b = gl.allocate_shared_memory(d.dtype, [2] + d.block_shape, d.layout)
    for i in gl.static_range(2):
        g.mbarrier.init(f.index(i), count=1)
        g.mbarrier.init(e.index(i), count=128)
    gl.warp_specialize([(wc, (o, b, f, e, N)), (wp, (d, b, f, e))], [1], [32])


@gluon.jit
def wp2(a, b, f, e, N):
    x = gl.load(P(a, N))
    for k in range(4):
        s = k % 2
        g.mbarrier.wait(e.index(s), ((k // 2) & 1) ^ 1)
        b.index(s).store(x)
        g.mbarrier.arrive(f.index(s))


@gluon.jit
def wc2(o, b, f, e, N):
    acc = gl.zeros([32, 64], gl.float16, L)
    for k in range(4):
        s = k % 2
        g.mbarrier.wait(f.index(s), (k // 2) & 1)
        acc += b.index(s).load(L)
        g.mbarrier.arrive(e.index(s))
    gl.store(P(o, N), acc)


@gluon.jit
def ws2(a, o, M, N):
    f = gl.allocate_shared_memory(gl.int64, [2, 1], g.mbarrier.MBarrierLayout())
    e = gl.allocate_shared_memory(gl.int64, [2, 1], g.mbarrier.MBarrierLayout())
    b = gl.allocate_shared_memory(gl.float16, [2, 32, 64], Y)
    for i in gl.static_range(2):
        g.mbarrier.init(f.index(i), count=128)
        g.mbarrier.init(e.index(i), count=128)
    gl.warp_specialize([(wc2, (o, b, f, e, N)), (wp2, (a, b, f, e, N))], [4], [32])


@gluon.jit
def cb(a, o, M, N):
    b = gl.allocate_shared_memory(gl.float16, [32, 64], Y)
    b.store(gl.load(P(a, N)))
    g.cluster.arrive()
    g.cluster.wait()
    gl.store(P(o, N), b.load(L))


@gluon.jit
def cb0(a, o, M, N):
    g.cluster.arrive()
    g.cluster.wait()


S = {k: "*fp16" for k in ("a", "b", "o")}
S.update({k: "i32" for k in "MNK"})
C = "constexpr"
if v[0] == "m":
    s = ASTSource(mm, dict(S, BM=C, BN=C, BK=C, S=C), constexprs=dict(BM=128, BN=128, BK=64, S=int(v[2])))
elif v == "dmm":
    s = ASTSource(dmm, dict(S, BM=C, BN=C, BK=C), constexprs=dict(BM=128, BN=128, BK=64))
else:
    s = gluon._runtime.GluonASTSource(fn=globals()[v], signature={"a": "*fp16", "o": "*fp16", "M": "i32", "N": "i32"},
                                      attrs={(i, ): [["tt.divisibility", 16]] for i in range(4)})
opt = {"num_warps": 4}
if v.startswith("cb"):
    opt["num_ctas"] = 2


def keep(text, name):
    with open(f"{O}/{name}", "w") as f:
        f.write(re.sub(r'loc\("[^"]*/([^"/]+\.py)"', r'loc("\1"', text))


try:
    k = triton.compile(s, target=GPUTarget("hip", "gfx1250", 32), options=opt)
except Exception:
    import glob
    for g_ in glob.glob(f"/tmp/amd_gfx1250_dump-{v}/**/*.ttgir", recursive=True):
        keep(open(g_).read(), f"{v}.partial.ttgir")
        print("TTGIR kept:", f"{v}.partial.ttgir")
    raise
keep(k.asm["ttgir"], f"{v}.ttgir")
print("written", triton.__version__)
