module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    %nvalid, %x, %y, %z = ttng.clc_advance : i1, i32, i32, i32 loc("k.py":3:5)
    tt.return
  }
}
