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

from mutate_lib import access, move_each

WAIT = re.compile(r'^\s*ttng\.wait_barrier\b')
ACCESS = access(True)


def main():
    move_each(sys.argv[1], sys.argv[2], WAIT, ACCESS, below=True, skip_brace=True)


if __name__ == '__main__':
    main()
