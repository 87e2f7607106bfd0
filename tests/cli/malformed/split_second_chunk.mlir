// ARGS: --split-input-file
// EXPECT: split_second_chunk.mlir:11:24: error: expected ',', found '%b'
module {
  tt.func @ok(%a: i32) {
    tt.return
  }
}
// -----
module {
  tt.func @bad(%a: i32, %b: i32) {
    %x = arith.addi %a %b : i32
    tt.return
  }
}
