# amd_codeobj.sh: sourced by the tests/cli/lower_amd*.sh that read AMD code objects. Sets T,
# fail and input_error (input_error.sh), OBJDUMP / READELF (LLVM 22's, overridable; the skeleton
# command reads LLVM_OBJDUMP), C (the AMD corpus) and note FILE KEY: the value of the code
# object note .KEY (llvm-readelf --notes), e.g. group_segment_fixed_size.
. "$SRC/tests/tools/input_error.sh"
OBJDUMP=${OBJDUMP:-/usr/lib/llvm-22/bin/llvm-objdump}
READELF=${READELF:-/usr/lib/llvm-22/bin/llvm-readelf}
export LLVM_OBJDUMP="$OBJDUMP"
C="$SRC/tests/corpus/amd"
note() { "$READELF" --notes "$1" | sed -n "s/^ *\\.$2: *//p" | head -n 1; }
# in_loop FILE.s MNEMONIC: succeeds when the first MNEMONIC instruction of the disassembly
# FILE.s (llvm-objdump -d of one kernel) lies in a loop: a branch after it jumps back to it or
# before it (addresses from the objdump comments, targets `<kernel+0xOFF>` from the kernel's start).
in_loop() {
  base=$(grep -m 1 '^[0-9a-f]* <.*>:$' "$1" | cut -d' ' -f1)
  at=$(grep -m 1 "^	$2 " "$1" | sed -n 's|.*// \([0-9A-Fa-f]*\):.*|\1|p')
  [ -n "$base" ] && [ -n "$at" ] || return 1
  grep '^	s_c*branch' "$1" | sed -n 's|.*// \([0-9A-Fa-f]*\):.*<[^+>]*+0x\([0-9a-f]*\)>.*|\1 \2|p' |
    while read -r from off; do
      [ $((0x$from)) -gt $((0x$at)) ] && [ $((0x$base + 0x$off)) -le $((0x$at)) ] && echo back
    done | grep -q back
}
