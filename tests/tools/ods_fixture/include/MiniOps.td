class MINI_Op<string mnemonic, list<Trait> traits = []> :
    Op<Mini_Dialect, mnemonic, !listconcat(traits, [])> {
}
class MINI_WaitLike<string mnemonic> : MINI_Op<mnemonic, [Pure]>;
class OTHER_Op<string mnemonic, list<Trait> traits = []> : Op<Other_Dialect, mnemonic, traits>;
def MINI_WaitBarrierOp : MINI_Op<"wait_barrier", []> { }
def MINI_TokenWaitOp : MINI_WaitLike<"async_tma_store_token_wait">;
def MINI_AdvanceOp : MINI_Op<"clc_advance">;
def MINI_PackedOp : MINI_Op<"packed_arith">;
def MINI_NotAnOp : MINI_Op<"no_such_op_here">;
// def MINI_Commented : MINI_Op<"commented_out">;
def OTHER_ArefCreateOp : OTHER_Op<"aref.create">;
