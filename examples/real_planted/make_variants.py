#!/usr/bin/env python3
"""Regenerates the planted-bug variants of real kernels from tests/corpus/real (Triton 3.6.0 output).

Every variant is one hand edit of a correct kernel, described in README.md. Each edit is an exact
text replacement that must match exactly once, so a change in the source file is caught instead
of silently producing a different kernel.
Usage: python3 make_variants.py [DIR]   (writes the .ttgir files to DIR, default next to this script)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "tests", "corpus", "real")


def read(name):
    with open(os.path.join(CORPUS, name)) as f:
        return f.read()


def sub(text, old, new):
    n = text.count(old)
    if n != 1:
        sys.exit(f"make_variants: expected 1 occurrence of {old!r}, found {n}")
    return text.replace(old, new)


# (output file, source kernel, what the edit does, old text, new text)
VARIANTS = [
    ("t05_wgmma_pendings1.ttgir", "t05_matmul_pipelined_90.ok.ttgir",
     "the in-loop warp_group_dot_wait keeps 1 wgmma pending instead of 0",
     "%acc_13 = ttng.warp_group_dot_wait %arg17 {pendings = 0 : i32}",
     "%acc_13 = ttng.warp_group_dot_wait %arg17 {pendings = 1 : i32}"),
    ("triton_t03_fenced.ttgir", "triton_t03_matmul_90.ttgir",
     "fixed: a fence_async_shared after the in-loop cp.async wait, the fence Triton 3.6.0 omits "
     "(cp.async writes through the generic proxy, the wgmma reads through the async proxy)",
     "      %a_108 = ttg.async_wait %a_99, %b_101 {num = 2 : i32} loc(#loc113)\n",
     "      %a_108 = ttg.async_wait %a_99, %b_101 {num = 2 : i32} loc(#loc113)\n"
     "      ttng.fence_async_shared {bCluster = false} loc(#loc113)\n"),
    ("tpipe_mxf4_100_fenced.ttgir", "tpipe_matmul_kernel_100_matmul_mxf4.ttgir",
     "fixed: a fence_async_shared after both cp.async waits (prologue and loop), the fence Triton "
     "3.6.0 omits before the tcgen05 MMA reads the copied operands",
     ("    %a_166 = ttg.async_wait %a_89, %a_scale_102, %b_94 {num = 6 : i32} loc(#loc120)\n",
      "      %a_248 = ttg.async_wait %a_232, %a_scale_235, %b_240 {num = 6 : i32} loc(#loc120)\n"),
     ("    %a_166 = ttg.async_wait %a_89, %a_scale_102, %b_94 {num = 6 : i32} loc(#loc120)\n"
      "    ttng.fence_async_shared {bCluster = false} loc(#loc120)\n",
      "      %a_248 = ttg.async_wait %a_232, %a_scale_235, %b_240 {num = 6 : i32} loc(#loc120)\n"
      "      ttng.fence_async_shared {bCluster = false} loc(#loc120)\n")),
    ("tk_bf16_100_fenced.ttgir", "tk_matmul_100_bf16_plain.ttgir",
     "fixed: a fence_async_shared after both cp.async waits (prologue and loop), the fence Triton "
     "3.6.0 omits before the tcgen05 MMA reads the copied operands",
     ("    %x_83 = ttg.async_wait %x_55, %w_59 {num = 4 : i32} loc(#loc158)\n",
      "      %x_136 = ttg.async_wait %x_122, %w_125 {num = 4 : i32} loc(#loc158)\n"),
     ("    %x_83 = ttg.async_wait %x_55, %w_59 {num = 4 : i32} loc(#loc158)\n"
      "    ttng.fence_async_shared {bCluster = false} loc(#loc158)\n",
      "      %x_136 = ttg.async_wait %x_122, %w_125 {num = 4 : i32} loc(#loc158)\n"
      "      ttng.fence_async_shared {bCluster = false} loc(#loc158)\n")),
    ("triton_t03_async_wait4.ttgir", "triton_t03_matmul_90.ttgir",
     "the in-loop async_wait leaves 4 cp.async groups pending instead of 2 (and, as in "
     "triton_t03_fenced, a fence_async_shared follows it)",
     "      %a_108 = ttg.async_wait %a_99, %b_101 {num = 2 : i32} loc(#loc113)\n",
     "      %a_108 = ttg.async_wait %a_99, %b_101 {num = 4 : i32} loc(#loc113)\n"
     "      ttng.fence_async_shared {bCluster = false} loc(#loc113)\n"),
    ("triton_t09_dws90_parity.ttgir", "triton_t09_descriptor_persistent_ws_90.ok.ttgir",
     "consumer partition0 waits on the A-ready barrier with the parity flipped",
     "          ttng.wait_barrier %37, %38 {async_task_id = array<i32: 1>}",
     "          %flip38 = arith.xori %38, %c1_i32_11 {async_task_id = array<i32: 1>} : i32 loc(#loc)\n"
     "          ttng.wait_barrier %37, %flip38 {async_task_id = array<i32: 1>}"),
    ("triton_t09_dws90_noarrive.ttgir", "triton_t09_descriptor_persistent_ws_90.ok.ttgir",
     "consumer partition1 never releases its A slot (the first arrive_barrier removed)",
     "          ttng.arrive_barrier %43, 128 {async_task_id = array<i32: 2>} : !ttg.memdesc<1xi64, #shared, #smem, mutable> loc(#loc73)\n",
     ""),
    ("triton_t09_dws90_nofence.ttgir", "triton_t09_descriptor_persistent_ws_90.ok.ttgir",
     "partition0's fence_async_shared between the local_alloc of the C tile and its TMA store removed",
     "        %36 = ttg.local_alloc %c : (tensor<64x128xf16, #mma>) -> !ttg.memdesc<64x128xf16, #shared1, #smem> loc(#loc39)\n"
     "        ttng.fence_async_shared {bCluster = false} loc(#loc39)\n",
     "        %36 = ttg.local_alloc %c : (tensor<64x128xf16, #mma>) -> !ttg.memdesc<64x128xf16, #shared1, #smem> loc(#loc39)\n"),
    ("ttd_load_c2_expect_block.ttgir", "ttd_load_90_c2.ok.ttgir",
     "the expect announces the whole 8x16 f32 block (512 bytes) where each of the 2 CTAs the "
     "layout splits it over receives 256",
     "ttng.barrier_expect %block_3, 256, %true",
     "ttng.barrier_expect %block_3, 512, %true"),
    ("ttd_matmul_c2_phase.ttgir", "ttd_matmul_100_c2_pa.ok.ttgir",
     "the two-CTA pipelined matmul's load wait flips its parity at every iteration, not at the "
     "ring's wrap",
     "%accumulator_33 = arith.select %accumulator_30, %accumulator_32, %arg11 : i32",
     "%accumulator_33 = arith.select %accumulator_30, %accumulator_32, %accumulator_32 : i32"),
    ("ttd_reshape_noepiwait.ttgir", "ttd_reshape_100_c1.ok.ttgir",
     "the wait after the fused loop on the last MMA's barrier (before the epilogue reads the last "
     "tile's accumulator) removed",
     "        ttng.wait_barrier %tile_id_c_64#13, %tile_id_c_64#14 deps %tile_id_c_64#15, "
     "%tile_id_c_64#16 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>, !ttg.memdesc<64x64xf16, "
     "#shared1, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared3, #smem, mutable> loc(#loc78)\n",
     ""),
    ("t07_p90_expect_half.ttgir", "t07_persistent_90.ok.ttgir",
     "the in-loop barrier_expect announces 24576 bytes instead of the 49152 the two TMA loads bring",
     "ttng.barrier_expect %bar_33, 49152, %true",
     "ttng.barrier_expect %bar_33, 24576, %true"),
    ("t06_nofence.ttgir", "t06_matmul_pipelined_100.ok.ttgir",
     "the fence_async_shared between the first epilogue local_store and its TMA store removed",
     "    ttng.fence_async_shared {bCluster = false} loc(#loc107)\n",
     ""),
    ("t07_p100_nocommit.ttgir", "t07_persistent_100.ok.ttgir",
     "the in-loop tc_gen5_commit on the MMA barrier removed",
     "        ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc184)\n",
     ""),
    ("triton_t09_tpws100_parity.ttgir", "triton_t09_tma_persistent_ws_100.ok.ttgir",
     "the epilogue waits on the accumulator-ready barrier with the parity always flipped",
     "ttng.wait_barrier %accumulator_59, %accumulator_58 :",
     "ttng.wait_barrier %accumulator_59, %accumulator_57 :"),
    ("triton_t09_tpws100_norelease.ttgir", "triton_t09_tma_persistent_ws_100.ok.ttgir",
     "the epilogue never releases the TMEM accumulator (arrive on the accumulator-empty barrier removed)",
     "            ttng.arrive_barrier %accumulator_63, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc68)\n",
     ""),
    ("tk_f8_ragged_accphase.ttgir", "tk_p_matmul_100_f8_ragged_p.ttgir",
     "the epilogue's accumulator-ready phase starts at 0 instead of 1 (its first wait is for the wrong phase)",
     "%arg61 = %c1_i32, %arg62 = %c1_i32)",
     "%arg61 = %c1_i32, %arg62 = %c0_i32)"),
    ("tk_bf16_norelease.ttgir", "tk_p_matmul_100_bf16_plain_p.ok.ttgir",
     "the epilogue never releases its TMEM accumulator slot (arrive on the accumulator-empty barrier removed)",
     "          %acc_84 = ttng.tmem_load %acc_81 : !ttg.memdesc<128x128xf32, #tmem1, #ttng.tensor_memory, mutable, 128x256> -> tensor<128x128xf32, #linear1> loc(#loc87)\n"
     "          ttng.arrive_barrier %acc_82, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc87)\n",
     "          %acc_84 = ttng.tmem_load %acc_81 : !ttg.memdesc<128x128xf32, #tmem1, #ttng.tensor_memory, mutable, 128x256> -> tensor<128x128xf32, #linear1> loc(#loc87)\n"),
    ("t06_causal_late_vempty.ttgir", "triton_t06_attention_ws_causal_100.ok.ttgir",
     "the loader's wait on the V-empty barrier moved below its expect and TMA load of that V slot",
     "        ttng.wait_barrier %v_180, %v_179 : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc141)\n"
     "        %v_181 = ttg.memdesc_index %v_135[%v_177] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable> loc(#loc141)\n"
     "        %v_182 = ttg.memdesc_index %v_134[%v_177] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc141)\n"
     "        ttng.barrier_expect %v_182, 4096, %true_159 : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc141)\n"
     "        ttng.async_tma_copy_global_to_local %desc_v_146[%offset_y_172, %c0_i32_156] %v_181, %v_182, %true_159 : !tt.tensordesc<tensor<32x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable> loc(#loc141)\n",
     "        %v_181 = ttg.memdesc_index %v_135[%v_177] : !ttg.memdesc<2x32x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable> loc(#loc141)\n"
     "        %v_182 = ttg.memdesc_index %v_134[%v_177] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc141)\n"
     "        ttng.barrier_expect %v_182, 4096, %true_159 : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc141)\n"
     "        ttng.async_tma_copy_global_to_local %desc_v_146[%offset_y_172, %c0_i32_156] %v_181, %v_182, %true_159 : !tt.tensordesc<tensor<32x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable> loc(#loc141)\n"
     "        ttng.wait_barrier %v_180, %v_179 : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc141)\n"),
    ("fa_causal_nowait_s.ttgir", "fa_d64_causal_100.ok.ttgir",
     "the softmax partition's wait for the S tile (the QK^T MMA's ready barrier) in the off-diagonal KV loop removed",
     "          ttng.wait_barrier %ready_bar_103, %arg64, %true_78 : !ttg.memdesc<1xi64, #shared1, #smem, mutable> loc(#loc1782)\n",
     ""),
]


def write_variants(variants, read_source, corpus, script, dest):
    """Writes each variant (out, src, what, old, new; old and new may be tuples of edits) of variants to dest with a two-line header
    naming the source kernel (corpus/src) and the generating script; prints the file names."""
    for out, src, what, old, new in variants:
        text = read_source(src)
        # one edit, or several: a tuple of old texts and the tuple of their replacements
        for o, n in zip(old, new) if isinstance(old, tuple) else [(old, new)]:
            text = sub(text, o, n)
        kind = "edited" if what.startswith("fixed:") else "with a planted bug"
        head = (f"// {src} {kind}: {what}\n"
                f"// Generated by {script} from {corpus}/{src}.\n")
        with open(os.path.join(dest, out), "w") as f:
            f.write(head + text)
        print(out)


def main():
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    write_variants(VARIANTS, read, "tests/corpus/real", "examples/real_planted/make_variants.py", dest)


if __name__ == "__main__":
    main()
