"""Warp-specialized Hopper attention forward in Gluon (two wgmmas per iteration), with planted bugs.

O = softmax(Q K^T * sm_scale) V for BH independent heads, fp16 in, fp32 softmax and accumulator, fp16 out.
Partitions: default (4 warps) = S = Q K^T (async wgmma, K^T is a transposed SMEM view), online softmax,
O += P V (async wgmma, P from registers), epilogue (SMEM store + TMA store); worker (1 warp) = TMA loads of
Q once and of K and V tiles into two rings of NB stages, each with its own ready/empty mbarriers.
BUG == 0 is correct; every other value plants one synchronization bug.
"""
import math
import torch
import triton
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor
from triton.experimental.gluon.language.nvidia.hopper import (tma, mbarrier, fence_async_shared, warpgroup_mma,
                                                              warpgroup_mma_wait)

# 1 K stage released before the S = Q K^T wgmma that reads it has been waited for (race), 2 compute partition
# never arrives on v_empty (hang once the V ring wraps), 3 expect on k_ready counts K's and V's bytes but only
# K lands there (hang), 4 compute partition waits on v_ready with parity ph ^ 1 (reads V before it lands:
# race / phase alias), 5 no fence_async_shared between the SMEM store of O and the TMA store (proxy race),
# 6 load partition waits on v_empty with parity ph instead of ph ^ 1 (hang).
BUGS = {0: "ok", 1: "race", 2: "hang", 3: "hang", 4: "race", 5: "proxy-fence", 6: "hang"}


@gluon.jit
def attn_load(descs, bars, bufs, q_row, kv_row, N_CTX, BUG: gl.constexpr):
    q_desc, k_desc, v_desc, o_desc = descs
    q_bar, k_ready, k_empty, v_ready, v_empty = bars
    q_smem, k_bufs, v_bufs, o_smem = bufs
    NB: gl.constexpr = k_bufs.type.shape[0]
    BLOCK_N: gl.constexpr = k_desc.block_type.shape[0]
    mbarrier.expect(q_bar, q_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(q_desc, [q_row, 0], q_bar, q_smem)
    for j in range(gl.cdiv(N_CTX, BLOCK_N)):
        s = j % NB
        ph = j // NB & 1
        mbarrier.wait(k_empty.index(s), ph ^ 1)
        if BUG == 3:
            mbarrier.expect(k_ready.index(s), k_desc.block_type.nbytes + v_desc.block_type.nbytes)
        else:
            mbarrier.expect(k_ready.index(s), k_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(k_desc, [kv_row + j * BLOCK_N, 0], k_ready.index(s), k_bufs.index(s))
        if BUG == 6:
            mbarrier.wait(v_empty.index(s), ph)
        else:
            mbarrier.wait(v_empty.index(s), ph ^ 1)
        mbarrier.expect(v_ready.index(s), v_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(v_desc, [kv_row + j * BLOCK_N, 0], v_ready.index(s), v_bufs.index(s))


@gluon.jit
def attn_compute(descs, bars, bufs, q_row, N_CTX, qk_scale: gl.constexpr, mma_layout: gl.constexpr,
                 BUG: gl.constexpr):
    q_desc, k_desc, v_desc, o_desc = descs
    q_bar, k_ready, k_empty, v_ready, v_empty = bars
    q_smem, k_bufs, v_bufs, o_smem = bufs
    NB: gl.constexpr = k_bufs.type.shape[0]
    BLOCK_M: gl.constexpr = q_desc.block_type.shape[0]
    HEAD_D: gl.constexpr = q_desc.block_type.shape[1]
    BLOCK_N: gl.constexpr = k_desc.block_type.shape[0]
    row_layout: gl.constexpr = gl.SliceLayout(1, mma_layout)
    p_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=mma_layout, k_width=2)
    m_i = gl.full([BLOCK_M], float("-inf"), gl.float32, row_layout)
    l_i = gl.zeros([BLOCK_M], gl.float32, row_layout)
    acc = gl.zeros([BLOCK_M, HEAD_D], gl.float32, mma_layout)
    s_zero = gl.zeros([BLOCK_M, BLOCK_N], gl.float32, mma_layout)
    mbarrier.wait(q_bar, 0)
    for j in range(gl.cdiv(N_CTX, BLOCK_N)):
        s = j % NB
        ph = j // NB & 1
        mbarrier.wait(k_ready.index(s), ph)
        qk = warpgroup_mma(q_smem, k_bufs.index(s).permute((1, 0)), s_zero, use_acc=False, is_async=True)
        if BUG == 1:
            mbarrier.arrive(k_empty.index(s), count=1)
            qk = warpgroup_mma_wait(num_outstanding=0, deps=(qk, ))
        else:
            qk = warpgroup_mma_wait(num_outstanding=0, deps=(qk, ))
            mbarrier.arrive(k_empty.index(s), count=1)
        qk = qk * qk_scale
        m_new = gl.maximum(m_i, gl.max(qk, axis=1))
        alpha = gl.exp2(m_i - m_new)
        p = gl.exp2(qk - m_new[:, None])
        l_i = l_i * alpha + gl.sum(p, axis=1)
        acc = acc * alpha[:, None]
        m_i = m_new
        p16 = gl.convert_layout(p.to(gl.float16), p_layout)
        if BUG == 4:
            mbarrier.wait(v_ready.index(s), ph ^ 1)
        else:
            mbarrier.wait(v_ready.index(s), ph)
        acc = warpgroup_mma(p16, v_bufs.index(s), acc, is_async=True)
        acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc, ))
        if BUG != 2:
            mbarrier.arrive(v_empty.index(s), count=1)
    acc = acc / l_i[:, None]
    o_smem.store(acc.to(gl.float16))
    if BUG != 5:
        fence_async_shared()
    tma.async_copy_shared_to_global(o_desc, [q_row, 0], o_smem)
    tma.store_wait(0)


@gluon.jit
def hopper_attention_ws_kernel(q_desc, k_desc, v_desc, o_desc, N_CTX, qk_scale: gl.constexpr, NB: gl.constexpr,
                               BUG: gl.constexpr, num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = q_desc.block_type.shape[0]
    HEAD_D: gl.constexpr = q_desc.block_type.shape[1]
    mma_layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[num_warps, 1],
                                                         instr_shape=[16, HEAD_D, 16])
    q_smem = gl.allocate_shared_memory(q_desc.dtype, q_desc.block_type.shape, q_desc.layout)
    k_bufs = gl.allocate_shared_memory(k_desc.dtype, [NB] + k_desc.block_type.shape, k_desc.layout)
    v_bufs = gl.allocate_shared_memory(v_desc.dtype, [NB] + v_desc.block_type.shape, v_desc.layout)
    o_smem = gl.allocate_shared_memory(o_desc.dtype, o_desc.block_type.shape, o_desc.layout)
    q_bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    k_ready = gl.allocate_shared_memory(gl.int64, [NB, 1], mbarrier.MBarrierLayout())
    k_empty = gl.allocate_shared_memory(gl.int64, [NB, 1], mbarrier.MBarrierLayout())
    v_ready = gl.allocate_shared_memory(gl.int64, [NB, 1], mbarrier.MBarrierLayout())
    v_empty = gl.allocate_shared_memory(gl.int64, [NB, 1], mbarrier.MBarrierLayout())
    mbarrier.init(q_bar, count=1)
    for i in gl.static_range(NB):
        mbarrier.init(k_ready.index(i), count=1)
        mbarrier.init(k_empty.index(i), count=1)
        mbarrier.init(v_ready.index(i), count=1)
        mbarrier.init(v_empty.index(i), count=1)
    # Program p handles query rows [p * BLOCK_M, (p + 1) * BLOCK_M) of the flattened [BH * N_CTX, HEAD_D] Q.
    q_row = gl.program_id(0) * BLOCK_M
    kv_row = (q_row // N_CTX) * N_CTX
    descs = (q_desc, k_desc, v_desc, o_desc)
    bars = (q_bar, k_ready, k_empty, v_ready, v_empty)
    bufs = (q_smem, k_bufs, v_bufs, o_smem)
    gl.warp_specialize([
        (attn_compute, (descs, bars, bufs, q_row, N_CTX, qk_scale, mma_layout, BUG)),
        (attn_load, (descs, bars, bufs, q_row, kv_row, N_CTX, BUG)),
    ], [1], [24])


# ---------------------------------------------------------------- host side (not part of the TTGIR)
LAUNCH = dict(BH=2, N_CTX=256, HEAD_D=64, BLOCK_M=64, BLOCK_N=64, NB=2, num_warps=4, maxnreg=128)
SM_SCALE = 0.125  # 1 / sqrt(HEAD_D)
QK_SCALE = SM_SCALE * 1.4426950408889634  # folded log2(e): the kernel uses exp2


def make_inputs(seed=0, device="cuda"):
    g = torch.Generator(device="cpu").manual_seed(seed)
    L = LAUNCH
    shape = (L["BH"] * L["N_CTX"], L["HEAD_D"])
    return {n: torch.randn(*shape, generator=g).to(torch.float16).to(device) for n in ("q", "k", "v")}


def reference(inp):
    L = LAUNCH
    q, k, v = (inp[n].float().view(L["BH"], L["N_CTX"], L["HEAD_D"]) for n in ("q", "k", "v"))
    p = torch.softmax(q @ k.transpose(1, 2) * SM_SCALE, dim=-1)
    return (p @ v).reshape(L["BH"] * L["N_CTX"], L["HEAD_D"]).to(torch.float16)


def launch(inp, bug):
    L = LAUNCH
    q, k, v = inp["q"], inp["k"], inp["v"]
    o = torch.full_like(q, float("nan"))
    q_l = gl.NVMMASharedLayout.get_default_for([L["BLOCK_M"], L["HEAD_D"]], gl.float16)
    kv_l = gl.NVMMASharedLayout.get_default_for([L["BLOCK_N"], L["HEAD_D"]], gl.float16)
    q_desc = TensorDescriptor.from_tensor(q, [L["BLOCK_M"], L["HEAD_D"]], q_l)
    k_desc = TensorDescriptor.from_tensor(k, [L["BLOCK_N"], L["HEAD_D"]], kv_l)
    v_desc = TensorDescriptor.from_tensor(v, [L["BLOCK_N"], L["HEAD_D"]], kv_l)
    o_desc = TensorDescriptor.from_tensor(o, [L["BLOCK_M"], L["HEAD_D"]], q_l)
    grid = (L["BH"] * L["N_CTX"] // L["BLOCK_M"], )
    ck = hopper_attention_ws_kernel[grid](q_desc, k_desc, v_desc, o_desc, L["N_CTX"], QK_SCALE, L["NB"], bug,
                                          num_warps=L["num_warps"], maxnreg=L["maxnreg"])
    return ck, o


def check(out, ref):
    return bool(torch.allclose(out.float(), ref.float(), atol=2e-2, rtol=2e-2))


assert abs(SM_SCALE - 1 / math.sqrt(LAUNCH["HEAD_D"])) < 1e-12
