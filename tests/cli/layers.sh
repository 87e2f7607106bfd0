#!/bin/sh
# layers.sh: the include graph of the tree is the architecture (docs/verifier.md "Layout"):
#   cli/ -> verify/, symbolic/, traces/, lowering/ -> sim/ -> ir/
# read from the #include "..." lines of every C file and header of those folders. A quoted
# include resolves as the compiler resolves it (the including file's folder first, then the
# repository root); it must land in the file's own folder or in one below it in that list.
# Also: the explorer folder holds no command (cli_*) or Z3 (sym_*) file, the cli/ and
# symbolic/ folders keep their prefixes, and every header's first comment says who owns what
# it returns ("Ownership:").
set -u
: "${SRC:?set SRC to the repository root}"
cd "$SRC" || exit 1
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# The folders each folder may include from (itself first).
allowed() {
  case $1 in
    ir) echo "ir" ;;
    sim) echo "sim ir" ;;
    traces | verify | symbolic | lowering) echo "$1 sim ir" ;;
    cli) echo "cli verify symbolic traces lowering sim ir" ;;
  esac
}

n=0
for dir in ir sim traces verify symbolic lowering cli; do
  ok=$(allowed "$dir")
  for f in $(find "$dir" -name '*.[ch]' | sort); do
    here=$(dirname "$f")
    # shellcheck disable=SC2013 # an include path has no spaces
    for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
      n=$((n + 1))
      if [ -f "$here/$inc" ]; then path="$here/$inc"
      elif [ -f "$inc" ]; then path=$inc
      else fail "$f: #include \"$inc\" is neither beside it nor under the repository root"; continue
      fi
      to=${path%%/*}
      case " $ok " in
        *" $to "*) ;;
        *) fail "$f includes $path: $dir/ may include only from $ok" ;;
      esac
    done
  done
done
[ "$n" -gt 200 ] || fail "only $n includes read: is SRC the repository root?"

# Z3 stays in the symbolic layer: the explorer builds and tests without it
z3=$(find ir sim traces verify lowering cli -name '*.[ch]' -exec grep -l '^[[:space:]]*#[[:space:]]*include[[:space:]]*<z3\.h>' {} +)
[ -z "$z3" ] || fail "$(echo "$z3" | tr '\n' ' ')include <z3.h>: only symbolic/ uses Z3"
for f in verify/cli_* verify/sym_*; do
  [ -e "$f" ] && fail "$f: commands live in cli/, the Z3 layer in symbolic/"
done
for f in cli/*.[ch]; do
  case ${f#cli/} in cli_* | cli.h | main.c) ;; *) fail "$f: a file of cli/ is named cli_*" ;; esac
done
for f in symbolic/*.[ch]; do
  case ${f#symbolic/} in sym_* | sym.h) ;; *) fail "$f: a file of symbolic/ is named sym_*" ;; esac
done

for f in $(find ir sim traces verify symbolic lowering cli -name '*.h' | sort); do
  awk '/\*\//{print; exit} {print}' "$f" | grep -q "Ownership:" ||
    fail "$f: its first comment does not say who owns what it returns (Ownership: ...)"
done

[ "$bad" = 0 ] && echo "layers: $n includes follow cli -> verify, symbolic, traces, lowering -> sim -> ir"
exit "$bad"
