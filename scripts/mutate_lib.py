"""mutate_lib.py: what the mutation scripts share (mutate_edit.py, mutate_hoist.py,
mutate_release.py, mutate_late.py; driven by mutation_audit.sh)."""
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
