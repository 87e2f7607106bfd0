// Provenance: facebookexperimental/triton (the TLX fork) commit db4666f22c1f8b206584c3f06e3b4a0ff035989e, test/Hopper/WarpSpecialization/blackwell_ws_matmul_tma.mlir, split-input-file
// chunk 1, function @matmul_kernel_tma_persistent_ws (other public functions of the chunk removed by tests/lit/sweep.sh).
// A lit test input (test data), copied unchanged otherwise; triage in docs/lit-sweep.md.

// Test case: Persistent Blackwell GEMM kernel with nested loops.
// This IR represents a persistent GEMM kernel where:
// - The outer loop iterates over tiles (with step 148 for persistent scheduling)
// - The inner loop performs the K-dimension reduction
// - Partitions: 1 = MMA (transpose + mma), 2 = loads, 3 = epilogue store, 4 = Trunc + epilogue tmem load
// This tests that partition annotations are correctly tracked through nested control flow.

// CHECK-LABEL: @matmul_kernel_tma_persistent_ws
// CHECK: ttg.warp_specialize
// Default group (partition 0): MMA operations
// CHECK: default
// CHECK: ttng.tc_gen5_mma
// Partition 0 (partition 1): Descriptor load operations
// CHECK: partition0
// CHECK: ttng.async_tma_copy_global_to_local
// CHECK: ttng.async_tma_copy_global_to_local
// TODO: Partition 1 and Partition 2 should be merged by the
// partition scheduler?
// Partition 1 (partition 2): Epilogue store operations
// CHECK: partition1
// CHECK: tt.descriptor_store
// Partition 2 (partition 1): Epilogue load from tensor memory
// CHECK: partition2
// CHECK: ttng.tmem_load

#blocked9 = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked10 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared6 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared7 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem4 = #ttg.shared_memory
#tmem4 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.cluster-dim-x" = 1 : i32, "ttg.cluster-dim-y" = 1 : i32, "ttg.cluster-dim-z" = 1 : i32, ttg.max_reg_auto_ws = 152 : i32, ttg.min_reg_auto_ws = 24 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel_tma_persistent_ws(%a_desc: !tt.tensordesc<128x128xf16, #shared6>, %a_desc_0: i32, %a_desc_1: i32, %a_desc_2: i64, %a_desc_3: i64, %b_desc: !tt.tensordesc<128x128xf16, #shared6>, %b_desc_4: i32, %b_desc_5: i32, %b_desc_6: i64, %b_desc_7: i64, %c_desc: !tt.tensordesc<128x128xf16, #shared6>, %c_desc_8: i32, %c_desc_9: i32, %c_desc_10: i64, %c_desc_11: i64, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %false = arith.constant false
    %true = arith.constant true
    %c148_i32 = arith.constant 148 : i32
    %c8_i32 = arith.constant 8 : i32
    %c128_i32 = arith.constant 128 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c127_i32 = arith.constant 127 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked9>
    %start_pid = tt.get_program_id x : i32
    %num_pid_m = arith.addi %M, %c127_i32 : i32
    %num_pid_m_12 = arith.divsi %num_pid_m, %c128_i32 : i32
    %num_pid_n = arith.addi %N, %c127_i32 : i32
    %num_pid_n_13 = arith.divsi %num_pid_n, %c128_i32 : i32
    %k_tiles = arith.addi %K, %c127_i32 : i32
    %k_tiles_14 = arith.divsi %k_tiles, %c128_i32 : i32
    %num_tiles = arith.muli %num_pid_m_12, %num_pid_n_13 : i32
    %tile_id_c = arith.subi %start_pid, %c148_i32 : i32
    %num_pid_in_group = arith.muli %num_pid_n_13, %c8_i32 : i32
    // Outer persistent loop - iterates over output tiles
    %tile_id_c_15 = scf.for %tile_id = %start_pid to %num_tiles step %c148_i32 iter_args(%tile_id_c_16 = %tile_id_c) -> (i32)  : i32 {
      %group_id = arith.divsi %tile_id, %num_pid_in_group : i32
      %first_pid_m = arith.muli %group_id, %c8_i32 : i32
      %group_size_m = arith.subi %num_pid_m_12, %first_pid_m : i32
      %group_size_m_17 = arith.minsi %group_size_m, %c8_i32 : i32
      %pid_m = arith.remsi %tile_id, %group_size_m_17 : i32
      %pid_m_18 = arith.addi %first_pid_m, %pid_m : i32
      %pid_n = arith.remsi %tile_id, %num_pid_in_group : i32
      %pid_n_19 = arith.divsi %pid_n, %group_size_m_17 : i32
      %offs_am = arith.muli %pid_m_18, %c128_i32 : i32
      %offs_bn = arith.muli %pid_n_19, %c128_i32 : i32
      %accumulator, %accumulator_20 = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem4, #ttng.tensor_memory, mutable>, !ttg.async.token)
      %accumulator_21 = ttng.tmem_store %cst, %accumulator[%accumulator_20], %true : tensor<128x128xf32, #blocked9> -> !ttg.memdesc<128x128xf32, #tmem4, #ttng.tensor_memory, mutable>
      // Inner K-loop with partition annotations
      %accumulator_22:2 = scf.for %accumulator_36 = %c0_i32 to %k_tiles_14 step %c1_i32 iter_args(%arg21 = %false, %accumulator_37 = %accumulator_21) -> (i1, !ttg.async.token)  : i32 {
        %offs_k = arith.muli %accumulator_36, %c128_i32 {loop.cluster = 2 : i32, loop.stage = 0 : i32} : i32
        // Partition 2: Load operations
        %a = tt.descriptor_load %a_desc[%offs_am, %offs_k] {loop.cluster = 2 : i32, loop.stage = 0 : i32, ttg.partition = array<i32: 2>} : !tt.tensordesc<128x128xf16, #shared6> -> tensor<128x128xf16, #blocked10>
        %a_38 = ttg.local_alloc %a {loop.cluster = 0 : i32, loop.stage = 2 : i32, ttg.partition = array<i32: 2>} : (tensor<128x128xf16, #blocked10>) -> !ttg.memdesc<128x128xf16, #shared6, #smem4>
        %b = tt.descriptor_load %b_desc[%offs_bn, %offs_k] {loop.cluster = 2 : i32, loop.stage = 0 : i32, ttg.partition = array<i32: 2>} : !tt.tensordesc<128x128xf16, #shared6> -> tensor<128x128xf16, #blocked10>
        %accumulator_39 = ttg.local_alloc %b {loop.cluster = 0 : i32, loop.stage = 2 : i32, ttg.partition = array<i32: 2>} : (tensor<128x128xf16, #blocked10>) -> !ttg.memdesc<128x128xf16, #shared6, #smem4>
        // Partition 1: Transpose + MMA operations
        %accumulator_40 = ttg.memdesc_trans %accumulator_39 {loop.cluster = 0 : i32, loop.stage = 2 : i32, order = array<i32: 1, 0>, ttg.partition = array<i32: 1>} : !ttg.memdesc<128x128xf16, #shared6, #smem4> -> !ttg.memdesc<128x128xf16, #shared7, #smem4>
        %accumulator_41 = ttng.tc_gen5_mma %a_38, %accumulator_40, %accumulator[%accumulator_37], %arg21, %true {loop.cluster = 0 : i32, loop.stage = 2 : i32, tt.self_latency = 1 : i32, ttg.partition = array<i32: 1>} : !ttg.memdesc<128x128xf16, #shared6, #smem4>, !ttg.memdesc<128x128xf16, #shared7, #smem4>, !ttg.memdesc<128x128xf32, #tmem4, #ttng.tensor_memory, mutable>
        scf.yield %true, %accumulator_41 : i1, !ttg.async.token
      } {tt.scheduled_max_stage = 2 : i32}
      // Epilogue: compute next tile coordinates
      %tile_id_c_23 = arith.addi %tile_id_c_16, %c148_i32 : i32
      %group_id_24 = arith.divsi %tile_id_c_23, %num_pid_in_group : i32
      %first_pid_m_25 = arith.muli %group_id_24, %c8_i32 : i32
      %group_size_m_26 = arith.subi %num_pid_m_12, %first_pid_m_25 : i32
      %group_size_m_27 = arith.minsi %group_size_m_26, %c8_i32 : i32
      %pid_m_28 = arith.remsi %tile_id_c_23, %group_size_m_27 : i32
      %pid_m_29 = arith.addi %first_pid_m_25, %pid_m_28 : i32
      %pid_n_30 = arith.remsi %tile_id_c_23, %num_pid_in_group : i32
      %pid_n_31 = arith.divsi %pid_n_30, %group_size_m_27 : i32
      %offs_am_c = arith.muli %pid_m_29, %c128_i32 : i32
      %offs_bn_c = arith.muli %pid_n_31, %c128_i32 : i32
      // Partition 4: Load from tensor memory
      %accumulator_32, %accumulator_33 = ttng.tmem_load %accumulator[%accumulator_22#1] {ttg.partition = array<i32: 4>} : !ttg.memdesc<128x128xf32, #tmem4, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked9>
      %accumulator_34 = arith.truncf %accumulator_32 {ttg.partition = array<i32: 4>} : tensor<128x128xf32, #blocked9> to tensor<128x128xf16, #blocked9>
      // Partition 3: Store to global memory
      %accumulator_35 = ttg.convert_layout %accumulator_34 {ttg.partition = array<i32: 3>} : tensor<128x128xf16, #blocked9> -> tensor<128x128xf16, #blocked10>
      tt.descriptor_store %c_desc[%offs_am_c, %offs_bn_c], %accumulator_35 {ttg.partition = array<i32: 3>} : !tt.tensordesc<128x128xf16, #shared6>, tensor<128x128xf16, #blocked10>
      scf.yield %tile_id_c_23 : i32
    } {tt.disallow_acc_multi_buffer, tt.warp_specialize, ttg.partition.stages = [0 : i32, 1 : i32, 0 : i32, 0 : i32, 0 : i32], ttg.warp_specialize.tag = 0 : i32}
    tt.return
  }
}

