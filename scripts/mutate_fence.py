#!/usr/bin/env python3
"""mutate_fence.py KERNEL OUT_PREFIX: writes one mutant per ttng.fence_async_shared that a
buffer access precedes in the same block (local_store, local_load, tmem_store, ... : the
pattern of mutate_lib.access, a TMA load included): the fence moves above the nearest such
access. A fence issued before the generic-proxy write it should publish (or before the read it
should order with the next TMA load) orders nothing of it: the async proxy may read stale
data, or a TMA load may overwrite the slot before the read. The fence defines no value, so the
move keeps the IR valid. Prints the mutant paths, one per line, as OUT_PREFIX_LINE.ttgir
(LINE: the fence's line in KERNEL). Used by mutation_audit.sh --fence (session 30: the
deletion mode removes fences; this keeps one, in the wrong place, which proxy-fence must tell
apart)."""
import re
import sys

from mutate_lib import access, move_each

FENCE = re.compile(r'^\s*ttng\.fence_async_shared\b')
ACCESS = access(True)


def main():
    move_each(sys.argv[1], sys.argv[2], FENCE, ACCESS, below=False)


if __name__ == '__main__':
    main()
