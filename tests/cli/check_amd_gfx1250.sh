#!/bin/sh
# check_amd_gfx1250.sh: gfx1250's LDS mbarriers, TDM copies (sim/sim_amd_mbar.c) and warp
# specialization (waves of each partition, per-partition barriers: sim/sim_amd_machine.c) and
# clusters (sim/sim_amd_cluster.c; docs/amd-gfx1250.md): the correct kernels of tests/amd/gfx1250 verify, every planted bug is
# reported first with its kind at its line; what the model does not take is refused at the op.
set -eu
: "${TLXV:?TLXV must name the tlx-verify binary}" "${SRC:?SRC must name the repository root}"
. "$SRC/tests/tools/expected_kernels.sh"
check_expected "$SRC/tests/amd/gfx1250" g.py
[ "$n" -ge 37 ] || fail "only $n gfx1250 kernels"
# refused at the op (exit 2), never checked under another rule: gfx1250 ops on gfx950, a TDM
# copy with warp_used_hint, warp specialization on gfx950 / twice with other partitions / in a loop
ok="$SRC/tests/amd/gfx1250/tdm-mbar.ok.ttgir"
refuse() { # FILE WHAT: exit 2 with the message WHAT
  rc=0
  "$TLXV" "$1" > "$T/out" 2> "$T/err" || rc=$?
  [ $rc = 2 ] || fail "$1: exit $rc, want 2"
  grep -q "$2" "$T/err" || fail "$1: $(cat "$T/err")"
}
sed 's/hip:gfx1250/hip:gfx950/; s/"ttg.threads-per-warp" = 32/"ttg.threads-per-warp" = 64/' "$ok" > "$T/g950.ttgir"
refuse "$T/g950.ttgir" 'amdg.init_barrier exists only on gfx1250'
sed 's/barrier = %bar :/barrier = %bar {warp_used_hint = 3 : i32} :/' "$ok" > "$T/hint.ttgir"
refuse "$T/hint.ttgir" 'with warp_used_hint: which waves issue'
sed 's/hip:gfx1250/sm_90a/' "$ok" | sed 's/ttg.target = "sm_90a"/ttg.target = "cuda:90"/' > "$T/nv.ttgir"
refuse "$T/nv.ttgir" 'is an AMD op; the kernel'"'"'s target is not an AMD one'
# an arrive under a thread-id condition (lane 0 only): the lanes that arrive are not counted
awk '/amdg.arrive_barrier/ {
  print "    %tid = rocdl.workitem.id.x : i32"
  print "    %z = arith.constant 0 : i32"
  print "    %l0 = arith.cmpi eq, %tid, %z : i32"
  print "    scf.if %l0 {"
  sub(/%ph = /, "%ph0 = "); print; print "    }"
  print "    %ph = arith.constant 0 : i32"; next }
{ print }' "$SRC/tests/amd/gfx1250/mbar-arrive.ok.ttgir" > "$T/lane0.ttgir"
refuse "$T/lane0.ttgir" 'amdg.arrive_barrier under control flow that depends on the thread id'
# Triton 3.6's TDM copy carries its own predicate (tests/corpus/amd/amdk_gfx1250_tw): one that is
# not constant true is refused at the copy
tw="$SRC/tests/corpus/amd/amdk_gfx1250_tw.ok.ttgir"
sed 's/into %b, %true/into %b, %false/; s/%true = arith.constant true/%true = arith.constant true\n    %false = arith.constant false/' "$tw" > "$T/tdmpred.ttgir"
grep -q 'into %b, %false' "$T/tdmpred.ttgir" || fail "could not plant the TDM predicate"
refuse "$T/tdmpred.ttgir" 'with a predicate that is not constant true: whether the copy runs'
# warp specialization: only gfx1250 has it; the model runs one fork / join at the top level
ws="$SRC/tests/amd/gfx1250/ws-ring.ok.ttgir"
grep -v 'amdg\.' "$ws" | sed 's/hip:gfx1250/hip:gfx950/; s/"ttg.threads-per-warp" = 32/"ttg.threads-per-warp" = 64/' > "$T/ws950.ttgir"
refuse "$T/ws950.ttgir" 'warp specialization exists on AMD only for gfx1250'
awk '/ttg.warp_specialize\(/ { on = 1 } on { blk = blk $0 "\n" } { print }
/^    } : \(/ && on { on = 0; printf "%s", blk }' "$ws" > "$T/ws2.ttgir"
[ "$(grep -c 'ttg.warp_specialize(' "$T/ws2.ttgir")" = 2 ] || fail "could not plant a second warp_specialize"
# a second one after the first is modelled (ws-two.ok) when its partitions have the first's waves
awk '/num_warps\(2\)/ && ++k == 2 { sub(/num_warps\(2\)/, "num_warps(1)") } { print }' "$T/ws2.ttgir" > "$T/ws2b.ttgir"
grep -q 'num_warps(1)' "$T/ws2b.ttgir" || fail "could not plant a second partition shape"
refuse "$T/ws2b.ttgir" 'a second ttg.warp_specialize on gfx1250 whose partitions differ from the first'
awk '/ttg.warp_specialize\(/ { print "    scf.for %i = %c0 to %c1 step %c1 : i32 {" } { print }
/^    } : \(/ { print "    }" }' "$ws" > "$T/wsloop.ttgir"
refuse "$T/wsloop.ttgir" 'ttg.warp_specialize inside a loop or branch on gfx1250'
# clusters (sim/sim_amd_cluster.c): a copy whose layout has no CGA layout, or gives several CTAs
# the same rows (a multicast), is refused; so are clusters on gfx950, cluster barriers in a kernel
# of one CTA, and warp specialization in a cluster
sed 's/"ttg.num-ctas" = 1/"ttg.num-ctas" = 2/' "$ok" > "$T/cl.ttgir"
refuse "$T/cl.ttgir" 'a multicast copy, or no CGA layout'
cl="$SRC/tests/amd/gfx1250/cl-loop.ok.ttgir"
sed 's/CGALayout = \[\[1, 0\]\]/CGALayout = [[0, 0]]/g' "$cl" > "$T/mcast.ttgir"
grep -q 'CGALayout = \[\[0, 0\]\]' "$T/mcast.ttgir" || fail "could not plant the multicast layout"
refuse "$T/mcast.ttgir" 'amdg.async_tdm_copy_global_to_local in a kernel of 2 CTAs'
sed 's/hip:gfx1250/hip:gfx950/; s/"ttg.threads-per-warp" = 32/"ttg.threads-per-warp" = 64/' "$cl" > "$T/cl950.ttgir"
refuse "$T/cl950.ttgir" 'hip:gfx950 has no workgroup clusters'
sed 's/"ttg.num-ctas" = 2/"ttg.num-ctas" = 1/' "$SRC/tests/amd/gfx1250/cl-pair.ok.ttgir" > "$T/cl1.ttgir"
refuse "$T/cl1.ttgir" 'its verifier requires ttg.num-ctas > 1'
sed 's/"ttg.num-ctas" = 1/"ttg.num-ctas" = 2/' "$ws" > "$T/wscl.ttgir"
refuse "$T/wscl.ttgir" 'warp specialization in a cluster is not modelled'
echo "check_amd_gfx1250: $n kernels ok"
