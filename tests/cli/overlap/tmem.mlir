// tmem.mlir: facebookexperimental/triton test/TLX/buffer-offset-alignment.mlir (commit
// db4666f22c1f8b206584c3f06e3b4a0ff035989e), chunk #2, @tmem_distinct_f32_i8, verbatim. The fork
// places TMEM reuse groups in columns (getTmemAllocSizes); the model refuses them at the
// tlx.set_buffer_overlap (line 13).
#dummy_tmem_layout = #tlx.dummy_tmem_layout<>
#tmem = #ttng.tensor_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @tmem_distinct_f32_i8() {
    %0 = tlx.storage_alias_spec storage = tmem : !tlx.storage_alias_spec<tmem>
    %A = tlx.storage_alias_local_alloc %0 : !tlx.storage_alias_spec<tmem> -> !ttg.memdesc<4x32x8xf32, #dummy_tmem_layout, #tmem, mutable>
    %B = tlx.storage_alias_local_alloc %0 : !tlx.storage_alias_spec<tmem> -> !ttg.memdesc<4x32x4xi8, #dummy_tmem_layout, #tmem, mutable>
    %distinct = tlx.reuse_group(%A, %B) group_kind = distinct : (!ttg.memdesc<4x32x8xf32, #dummy_tmem_layout, #tmem, mutable>, !ttg.memdesc<4x32x4xi8, #dummy_tmem_layout, #tmem, mutable>) -> !tlx.reuse_group<distinct>
    tlx.set_buffer_overlap(%0, %distinct) : (!tlx.storage_alias_spec<tmem>, !tlx.reuse_group<distinct>) -> ()
    tt.return
  }
}
