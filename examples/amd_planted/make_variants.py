#!/usr/bin/env python3
"""Regenerates the planted-bug variants of the AMD kernels of tests/corpus/amd (Triton 3.6.0 output
for gfx942 / gfx950, tests/device/amd_compile.py).

Every variant is one hand edit of a correct kernel, described in README.md; each edit is an exact
text replacement that must match exactly once (examples/real_planted/make_variants.py, whose
helpers this uses).
Usage: python3 make_variants.py [DIR]   (writes the .ttgir files to DIR, default next to this script)
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "tests", "corpus", "amd")
_spec = importlib.util.spec_from_file_location("real_planted", os.path.join(HERE, "..", "real_planted", "make_variants.py"))
real_planted = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(real_planted)


def read(name):
    with open(os.path.join(CORPUS, name)) as f:
        return f.read()


BAR = "      gpu.barrier loc(#loc81)\n"
# (output file, source kernel, what the edit does, old text, new text)
VARIANTS = [
    ("amdk_g942_async_s2_wait2.ttgir", "amdk_matmul_gfx942_async_s2.ok.ttgir",
     "the in-loop async_wait leaves 2 commit groups (A and B) in flight instead of 0",
     "%x_68 = ttg.async_wait %x_62, %y_63 {num = 0 : i32}",
     "%x_68 = ttg.async_wait %x_62, %y_63 {num = 2 : i32}"),
    ("amdk_g950_async_s2_wait1.ttgir", "amdk_matmul_gfx950_async_s2.ok.ttgir",
     "the in-loop async_wait leaves 1 commit group (B) in flight instead of 0",
     "%x_68 = ttg.async_wait %x_62, %y_63 {num = 0 : i32}",
     "%x_68 = ttg.async_wait %x_62, %y_63 {num = 1 : i32}"),
    ("amdk_g950_async_s3_wait3.ttgir", "amdk_matmul_gfx950_async_s3.ok.ttgir",
     "the in-loop async_wait leaves 3 commit groups in flight instead of 0",
     "%x_120 = ttg.async_wait %x_93, %y_94 {num = 0 : i32}",
     "%x_120 = ttg.async_wait %x_93, %y_94 {num = 3 : i32}"),
    ("amdk_g950_async_s3_wait2.ttgir", "amdk_matmul_gfx950_async_s3.ok.ttgir",
     "(no bug) the in-loop async_wait leaves 2 commit groups in flight instead of 0",
     "%x_120 = ttg.async_wait %x_93, %y_94 {num = 0 : i32}",
     "%x_120 = ttg.async_wait %x_93, %y_94 {num = 2 : i32}"),
    ("amdk_g942_pingpong_nobar_store.ttgir", "amdk_matmul_gfx942_pingpong.ok.ttgir",
     "the loop's gpu.barrier after the local_store cluster removed",
     "!ttg.memdesc<64x256xf16, #shared1, #smem, mutable> loc(#loc75)\n" + BAR,
     "!ttg.memdesc<64x256xf16, #shared1, #smem, mutable> loc(#loc75)\n"),
    ("amdk_g950_pingpong_nobar_end.ttgir", "amdk_matmul_gfx950_pingpong.ok.ttgir",
     "the loop's last gpu.barrier (before scf.yield) removed",
     "      rocdl.s.setprio 0 loc(#loc81)\n" + BAR + "      rocdl.sched.barrier 0 loc(#loc81)\n      scf.yield",
     "      rocdl.s.setprio 0 loc(#loc81)\n      rocdl.sched.barrier 0 loc(#loc81)\n      scf.yield"),
    ("amdk_g950_pingpong_nobar_load.ttgir", "amdk_matmul_gfx950_pingpong.ok.ttgir",
     "(no bug) the loop's first gpu.barrier (after the first local_load cluster) removed",
     "%y_81 = ttg.local_load %y_80 : !ttg.memdesc<16x256xf16, #shared1, #smem, mutable, 64x256> -> "
     "tensor<16x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> loc(#loc75)\n" + BAR,
     "%y_81 = ttg.local_load %y_80 : !ttg.memdesc<16x256xf16, #shared1, #smem, mutable, 64x256> -> "
     "tensor<16x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> loc(#loc75)\n"),
    ("amdk_g942_pingpong_nolow.ttgir", "amdk_matmul_gfx942_pingpong.ok.ttgir",
     "the cond_barrier after the loop (the low wave group catching up) removed",
     "    amdg.cond_barrier %acc_53 loc(#loc87)\n", ""),
    ("amdk_g950_pingpong_nohigh.ttgir", "amdk_matmul_gfx950_pingpong.ok.ttgir",
     "the cond_barrier before the loop (the high wave group's shift) removed",
     "    amdg.cond_barrier %acc_53 loc(#loc87)\n", ""),
    ("amdk_g950_pingpong_inverted.ttgir", "amdk_matmul_gfx950_pingpong.ok.ttgir",
     "the predicate of the cond_barrier after the loop inverted (tid / 256 != 0 for == 0)",
     "    amdg.cond_barrier %acc_52 loc(#loc87)\n", "    amdg.cond_barrier %acc_53 loc(#loc87)\n"),
]


def main():
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    real_planted.write_variants(VARIANTS, read, "tests/corpus/amd", "examples/amd_planted/make_variants.py", dest)


if __name__ == "__main__":
    main()
