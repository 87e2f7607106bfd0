// ws-distinct.mlir: facebookexperimental/triton test/TLX/buffer-offset-calculation.mlir (commit
// db4666f22c1f8b206584c3f06e3b4a0ff035989e), chunk #16, @warp_specialize_distinct_reuse_group,
// with a store to each buffer added: the default partition writes %1[idx], partition0 %arg1[idx].
// distinct(f32[2,64,64], f32[2,64,64]): 32768 bytes between buffer groups, %1's index becomes
// 2 * k, %2's 2 * k + 1 (the chunk's CHECK lines: local_alias 3x64x64 and 4x64x64), so the two
// stores are 16384 bytes apart: verified. check_overlap.sh makes the group shared (both at
// 16384 * k: a race) and drops the set_buffer_overlap (both at offset 0: a race).
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @warp_specialize_distinct_reuse_group(%idx: i32) {
    %0 = tlx.storage_alias_spec storage = smem : !tlx.storage_alias_spec<smem>
    %1 = tlx.storage_alias_local_alloc %0 : !tlx.storage_alias_spec<smem> -> !ttg.memdesc<2x64x64xf32, #shared, #smem, mutable>
    %2 = tlx.storage_alias_local_alloc %0 : !tlx.storage_alias_spec<smem> -> !ttg.memdesc<2x64x64xf32, #shared, #smem, mutable>
    %3 = tlx.reuse_group(%1, %2) group_kind = distinct : (!ttg.memdesc<2x64x64xf32, #shared, #smem, mutable>, !ttg.memdesc<2x64x64xf32, #shared, #smem, mutable>) -> !tlx.reuse_group<distinct>
    tlx.set_buffer_overlap(%0, %3) : (!tlx.storage_alias_spec<smem>, !tlx.reuse_group<distinct>) -> ()
    ttg.warp_specialize(%1, %2, %idx)
    default {
      %x = arith.constant dense<1.000000e+00> : tensor<64x64xf32, #blocked>
      %d = ttg.memdesc_index %1[%idx] : !ttg.memdesc<2x64x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
      ttg.local_store %x, %d : tensor<64x64xf32, #blocked> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable> loc("ws.py":20:5)
      ttg.warp_yield
    }
    partition0(%arg0: !ttg.memdesc<2x64x64xf32, #shared, #smem, mutable>, %arg1: !ttg.memdesc<2x64x64xf32, #shared, #smem, mutable>, %arg_idx: i32) num_warps(4) {
      %y = arith.constant dense<2.000000e+00> : tensor<64x64xf32, #blocked>
      %5 = ttg.memdesc_index %arg1[%arg_idx] : !ttg.memdesc<2x64x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
      ttg.local_store %y, %5 : tensor<64x64xf32, #blocked> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable> loc("ws.py":30:7)
      ttg.warp_return
    } : (!ttg.memdesc<2x64x64xf32, #shared, #smem, mutable>, !ttg.memdesc<2x64x64xf32, #shared, #smem, mutable>, i32) -> ()
    tt.return
  }
}
