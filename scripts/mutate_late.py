#!/usr/bin/env python3
"""mutate_late.py KERNEL OUT_PREFIX: writes one mutant per ttng.wait_barrier that a buffer access
follows in the same block (local_load, local_store, tmem_load, tmem_store, tc_gen5_mma,
tmem_copy, warp_group_dot, a TMA store or load): the wait moves below the nearest such access (an
access issued before the wait that should order it: it may read data not yet written, or
overwrite a slot still in use). The wait defines no value, so the move keeps the IR valid.
Prints the mutant paths, one per line, as OUT_PREFIX_LINE.ttgir (LINE: the wait's line in
KERNEL). Used by mutation_audit.sh --late (session 29; the mirror of --release, which moves an
arrival above the access before it)."""
import re
import sys

from mutate_lib import access, nearest_below, write_mutant

WAIT = re.compile(r'^\s*ttng\.wait_barrier\b')
ACCESS = access(True)


def main():
    src, prefix = sys.argv[1], sys.argv[2]
    lines = open(src).read().split('\n')
    for i, line in enumerate(lines):
        if not WAIT.match(line):
            continue
        j = nearest_below(lines, i, ACCESS)
        if j < 0 or '{' in lines[j]:
            continue
        write_mutant(prefix, i, lines[:i] + lines[i + 1:j + 1] + [line] + lines[j + 1:])


if __name__ == '__main__':
    main()
