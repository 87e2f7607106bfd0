#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32, "ttng.two-ctas" = true} {
  tt.func public @k() {
    %c = arith.constant dense<1.000000e+00> : tensor<128x64xf16, #blocked>
    %g = ttng.two_cta_peer_gather %c split_dim = 0 num_ctas = 2 : tensor<128x64xf16, #blocked> loc("k.py":4:5)
    tt.return
  }
}
