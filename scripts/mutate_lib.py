"""mutate_lib.py: what the mutation scripts share (mutate_edit.py, mutate_hoist.py,
mutate_release.py, mutate_late.py, mutate_swap.py, mutate_fence.py; driven by
mutation_audit.sh)."""
import re

# Ops that access a buffer synchronously or issue an async read of it (TMA store); `access(True)`
# adds the TMA load, an async write.
_ACCESS_OPS = ('ttg.local_load', 'ttg.local_store', 'ttng.tmem_load', 'ttng.tmem_store',
               'ttng.tc_gen5_mma', 'ttng.tmem_copy', 'ttng.warp_group_dot',
               'ttng.async_tma_copy_local_to_global')


def access(tma_load=False):
    """A pattern matching a line that is a buffer access op (with its result, if any)."""
    ops = _ACCESS_OPS + (('ttng.async_tma_copy_global_to_local',) if tma_load else ())
    return re.compile(r'^\s*(%[\w#:.-]+\s*=\s*)?(' + '|'.join(re.escape(o) for o in ops) + r')\b')


def nearest_above(lines, i, pattern):
    """The index of the nearest line above line i that pattern matches, in the same block (no
    region boundary, a line with '{' or '}', between them); -1 when there is none."""
    for j in range(i - 1, -1, -1):
        if pattern.match(lines[j]):
            return j
        if '{' in lines[j] or '}' in lines[j]:
            return -1
    return -1


def nearest_below(lines, i, pattern):
    """The index of the nearest line below line i that pattern matches, in the same block (no
    line with '{' or '}' between them); -1 when there is none."""
    for j in range(i + 1, len(lines)):
        if pattern.match(lines[j]):
            return j
        if '{' in lines[j] or '}' in lines[j]:
            return -1
    return -1


def write_mutant(prefix, i, out):
    """Writes the mutant's lines out as PREFIX_LINE.ttgir (LINE: i + 1, the mutated line in the
    kernel) and prints its path."""
    path = '%s_%d.ttgir' % (prefix, i + 1)
    open(path, 'w').write('\n'.join(out))
    print(path)


def move_each(src, prefix, moved, target, below, skip_brace=False):
    """One mutant per line of KERNEL src that pattern `moved` matches: with below, the line
    moves just below the nearest line under it that `target` matches (nearest_below; with
    skip_brace, not when that line has a '{': mutate_late.py's rule); else just above the
    nearest line over it that `target` matches (nearest_above). Only for ops that define no
    value (the move keeps the IR valid). Writes each with write_mutant (LINE: the moved
    line's)."""
    lines = open(src).read().split('\n')
    for i, line in enumerate(lines):
        if not moved.match(line):
            continue
        if below:
            j = nearest_below(lines, i, target)
            if j < 0 or (skip_brace and '{' in lines[j]):
                continue
            write_mutant(prefix, i, lines[:i] + lines[i + 1:j + 1] + [line] + lines[j + 1:])
        else:
            j = nearest_above(lines, i, target)
            if j < 0:
                continue
            write_mutant(prefix, i, lines[:j] + [line] + lines[j:i] + lines[i + 1:])
