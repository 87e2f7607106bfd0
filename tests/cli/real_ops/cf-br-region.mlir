module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%n: i32) {
    %c0 = arith.constant 0 : i32
    %p = arith.cmpi sgt, %n, %c0 : i32
    scf.if %p {
      scf.execute_region {
        cf.br ^bb1
      ^bb1:
        scf.yield
      }
    }
    tt.return
  }
}
