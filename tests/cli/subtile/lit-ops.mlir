// Provenance: facebookexperimental/triton (db4666f), test/TritonNvidiaGPU/ops.mlir, functions
// @subtiled_region and @subtiled_region_with_results (their module; CHECK lines dropped).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @subtiled_region(%v0: i32, %v1: i32) {
    ttng.subtiled_region
        per_tile(%v0, %v1 : i32, i32)
        {numTiles = 2 : i32}
      tile(%arg0: i32) {
        %res = arith.addi %arg0, %arg0 : i32
        ttng.subtiled_region_yield
      }
    tt.return
  }

  tt.func @subtiled_region_with_results(%v0: i32, %v1: i32) {
    // 2 tiles, 1 yield each -> 2 results.
    %r0, %r1 = ttng.subtiled_region
        per_tile(%v0, %v1 : i32, i32)
        {numTiles = 2 : i32}
      tile(%arg0: i32) {
        %res = arith.addi %arg0, %arg0 : i32
        ttng.subtiled_region_yield %res : i32
      } -> (i32, i32)
    tt.return
  }
}
