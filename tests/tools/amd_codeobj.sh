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
