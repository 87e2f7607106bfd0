#!/usr/bin/env python3
"""mutate_release.py KERNEL OUT_PREFIX: writes one mutant per ttng.arrive_barrier or
tc_gen5_commit that an access of a buffer precedes in the same block (local_load, local_store, tmem_load, tmem_store,
tc_gen5_mma, tmem_copy, warp_group_dot, a TMA store): the arrival moves above the nearest such
access, with the memdesc_index ops between them that define its operands (a release issued
before the read or write it should follow: the next round's producer may overwrite the slot
first). Prints the mutant paths, one per line, as OUT_PREFIX_LINE.ttgir (LINE: the arrive's
line in KERNEL). Used by mutation_audit.sh --release (session 25: an epilogue releasing its
accumulator before its tmem_load had all seven proved once the K loop's accumulator write was
moved to the tile loop; tests/symbolic/acc-tile-release.bug)."""
import re
import sys

from mutate_lib import access, nearest_above, write_mutant

ARRIVE = re.compile(r'^\s*ttng\.(?:arrive_barrier|tc_gen5_commit)\s+(%[\w#.-]+)')
ACCESS = access()
DEF = re.compile(r'^\s*(%[\w#.-]+)\s*=\s*ttg\.memdesc_index\b')


def main():
    src, prefix = sys.argv[1], sys.argv[2]
    lines = open(src).read().split('\n')
    for i, line in enumerate(lines):
        m = ARRIVE.match(line)
        if not m:
            continue
        j = nearest_above(lines, i, ACCESS)
        if j < 0:
            continue
        # the barrier view's definition moves with the arrive when it lies between them
        moved = [k for k in range(j + 1, i)
                 if DEF.match(lines[k]) and DEF.match(lines[k]).group(1) == m.group(1)]
        write_mutant(prefix, i, lines[:j] + [lines[k] for k in moved] + [line] +
                     [lines[k] for k in range(j, i) if k not in moved] + lines[i + 1:])


if __name__ == '__main__':
    main()
