"""A pytest plugin for harvesting the TTGIR of a test file's kernels (tests/device/README.md,
"Gluon's own tests"): with HARVEST_TARGET=100 the JIT is pointed at sm_100 with launches made
no-ops and the numerics comparisons made to pass (autows_compile.setup_target), so the Blackwell
tests compile on the Hopper machine; with 90 nothing changes (the tests run on the GPU). The
caller sets TRITON_CACHE_DIR and collects the *.ttgir files from it afterwards.

    HARVEST_TARGET=90 TRITON_CACHE_DIR=/tmp/c90 python3 -m pytest -p harvest_plugin FILE ..."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def pytest_configure(config):
    from autows_compile import setup_target
    setup_target(int(os.environ.get("HARVEST_TARGET", "90")))
    import torch
    import triton
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
