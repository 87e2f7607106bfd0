// Provenance: facebookexperimental/triton (the TLX fork) commit db4666f22c1f8b206584c3f06e3b4a0ff035989e, test/TritonNvidiaGPU/interleave_tmem.mlir, split-input-file
// chunk 0, function @interleave_load_store_ws (other public functions of the chunk removed by tests/lit/sweep.sh).
// A lit test input (test data), copied unchanged otherwise; triage in docs/lit-sweep.md.
// RUN: triton-opt %s --triton-nvidia-interleave-tmem --allow-unregistered-dialect | FileCheck %s
// RUN: env TRITON_DISABLE_WSBARRIER_REORDER=1 triton-opt %s --triton-nvidia-interleave-tmem --allow-unregistered-dialect | FileCheck %s --check-prefix=TARGETED

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#linear64 = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0], [0, 32]], block = []}>
#linear128 = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0], [0, 64]], block = []}>

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#barrier_shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:100"} {

// CHECK-LABEL: @sink_load

// CHECK-LABEL: @sink_loads_to_fresh_ranges

// CHECK-LABEL: @interleave_load_store_ws
tt.func @interleave_load_store_ws() {
  %0 = ttng.tmem_alloc : () -> (!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>)
  ttg.warp_specialize(%0)
  default{
    ttg.warp_yield
  }
  // CHECK: partition0
  partition0(%arg0: !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>) num_warps(8) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %alpha = arith.constant dense<0.5> : tensor<128x64xf32, #linear64>
    %true = arith.constant true

    // CHECK: scf.for
    scf.for %i = %c0 to %c32 step %c1 : i32 {
      // CHECK: memdesc_index
      %cur_acc = ttg.memdesc_index %arg0[%i] : !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>

      // CHECK-NEXT: [[S0:%.+]] = ttng.tmem_subslice %{{.+}} {N = 0 : i32}
      // CHECK-NEXT: [[L0:%.+]] = ttng.tmem_load [[S0]]
      // CHECK-NEXT: [[M0:%.+]] = arith.mulf [[L0]]
      // CHECK-NEXT: [[S1:%.+]] = ttng.tmem_subslice %{{.+}} {N = 64 : i32}
      // CHECK-NEXT: ttng.tmem_store [[M0]], [[S0]]
      %slice0 = ttng.tmem_subslice %cur_acc {N = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
      %val0 = ttng.tmem_load %slice0 : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128> -> tensor<128x64xf32, #linear64>
      %mul0 = arith.mulf %val0, %alpha : tensor<128x64xf32, #linear64>

      // CHECK-NEXT: [[L1:%.+]] = ttng.tmem_load [[S1]]
      // CHECK-NEXT: [[M1:%.+]] = arith.mulf [[L1]]
      // CHECK-NEXT: ttng.tmem_store [[M1]], [[S1]]
      %slice1 = ttng.tmem_subslice %cur_acc {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
      %val1 = ttng.tmem_load %slice1 : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128> -> tensor<128x64xf32, #linear64>
      %mul1 = arith.mulf %val1, %alpha : tensor<128x64xf32, #linear64>

      ttng.tmem_store %mul0, %slice0, %true : tensor<128x64xf32, #linear64> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
      ttng.tmem_store %mul1, %slice1, %true : tensor<128x64xf32, #linear64> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>

    }
    ttg.warp_return
  } : (!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>) -> ()
  tt.return
}

// CHECK-LABEL: @arrive_barrier

// CHECK-LABEL: @arrive_restore_after_operand_defs

// CHECK-LABEL: @sink_alloc_op

// An arrive with channelGraph disjoint from a wait's channelGraph should be
// sunk past the wait.
// CHECK-LABEL: @sink_arrive_past_wait_disjoint

// An arrive whose channelGraph overlaps the wait's channelGraph must NOT be
// sunk past the wait.
// CHECK-LABEL: @no_reorder_overlapping_graph

// Barriers without constraints are not moved.
// CHECK-LABEL: @no_reorder_without_constraints

// WS barriers are not reordered in a parent block without a direct tmem_load,
// even if a nested region contains one.
// CHECK-LABEL: @no_reorder_without_tmem_load_in_parent_block

// WS arrives cannot sink past a non-WS arrive barrier.
// CHECK-LABEL: @sink_arrive_stops_at_non_ws_arrive

// WS waits cannot rise past a non-WS wait barrier.
// CHECK-LABEL: @raise_wait_stops_at_non_ws_wait

// WS barriers cannot move past non-barrier ops with arrive-like semantics.
// CHECK-LABEL: @no_reorder_across_arrive_like_op

// A plain TMA store token wait has no associated barrier and should not block
// TMEM load sinking.
// CHECK-LABEL: @plain_tma_store_token_wait_does_not_block_tmem_load

// A queue-wide token wait must not be delayed across a later TMA launch. That
// would make the wait cover an additional async reader and change its pending
// count before the first staging buffer is reused.
// CHECK-LABEL: @plain_wait_does_not_cross_next_tma_launch
// CHECK: %[[TOK0:.*]] = ttng.async_tma_copy_local_to_global
// CHECK-NEXT: ttng.async_tma_store_token_wait %[[TOK0]]
// CHECK-NEXT: %[[TOK1:.*]] = ttng.async_tma_copy_local_to_global
// CHECK-NEXT: ttg.local_store

// WS barriers cannot move past tcgen05 commits.
// CHECK-LABEL: @no_reorder_across_tcgen5_commit

// WS barriers cannot move past control-flow ops.
// CHECK-LABEL: @no_reorder_across_control_flow

// After barrier reordering, tmem_load can sink past the wait that was
// previously blocked by an arrive from a different channel.
// CHECK-LABEL: @tmem_load_sinks_after_barrier_reorder

// Ordered WSBarrier metadata lets a tmem_load inherit constraints and sink past
// an overlapping wait when the wait's region is earlier than the arrive's
// region in the same parent.
// CHECK-LABEL: @tmem_load_sinks_with_ordered_regions

// Ordered WSBarrier metadata does not let a tmem_load sink past an overlapping
// wait when the wait's region is not before the arrive's region.
// CHECK-LABEL: @tmem_load_does_not_sink_with_later_wait_region

// All split tmem_loads should inherit the channelGraph from their arrive
// barrier and sink past store-channel barriers independently.
// CHECK-LABEL: @split_tmem_loads_all_sink
// TARGETED-LABEL: @split_tmem_loads_all_sink

// When the final order does not reduce overlapping tmem_load liveness, restore
// the original block order.
// CHECK-LABEL: @rollback_when_overlap_profile_unchanged

// Named barriers are ordering barriers. WS barrier restore must not move an
// arrive across one when searching for the guarded memory op.
// CHECK-LABEL: @restore_ws_arrive_stops_at_named_barrier


// Two shared-memory block arguments cannot be proven distinct: a warp
// specialization capture list, or a caller, can bind both to the same buffer.
// The TMA store token wait must therefore stop at the first store through
// either argument rather than sinking past one that may clobber the staging
// buffer while the store is still in flight.
// CHECK-LABEL: @wait_stops_at_possibly_aliasing_arg
// CHECK: = ttng.async_tma_copy_local_to_global {{.*}} %[[BUF0:[0-9a-zA-Z_]+]] :
// CHECK-NEXT: ttng.async_tma_store_token_wait
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF0]] :
}
