/* ir_formats.c: the custom syntax of every op in ops.def, in the format language of
 * ir_format.c (transcribed from the ODS assemblyFormat of Triton / MLIR), or "@@name" for
 * syntax written in C (ir_custom.c), "@@generic" for ops Triton always prints generically. */
#include "ir_priv.h"

#define UNARY "$src attrs `:` type(src) `->` type(r0)"
#define IBIN "$lhs `,` $rhs ( `overflow` `` @overflowFlags:g^ )? attrs `:` type(r0)"
#define FBIN "$lhs `,` $rhs ( `fastmath` `` @fastmath:g^ )? attrs `:` type(r0)"
#define FUN1 "$x ( `fastmath` `` @fastmath:g^ )? attrs `:` type(r0)"
#define CAST "$in ( `fastmath` `` @fastmath:g^ )? attrs `:` type(in) `to` type(r0)"
#define VIEW "$src attrs `:` type(src) `->` type(r0)"
#define ATTRS_ONLY "attrs"
#define CACHE_EVICT "oi( `cacheModifier` `=` @cache:k | `evictionPolicy` `=` @evict:k )oi"

const char *const ir_op_syntax[IR_OP__COUNT] = {
    [IR_OP_BUILTIN_MODULE] = "@@module",
    [IR_OP_TT_FUNC] = "@@func",
    [IR_OP_TT_RETURN] = "attrs ( $vals^ `:` type(vals) )?",
    [IR_OP_TT_CALL] = "@callee:y `(` $args `)` attrs `:` ftype(args)",
    [IR_OP_TT_GET_PROGRAM_ID] = "@axis:k attrs `:` type(r0)",
    [IR_OP_TT_GET_NUM_PROGRAMS] = "@axis:k attrs `:` type(r0)",
    [IR_OP_TT_MAKE_RANGE] = "attrs `:` type(r0)",
    [IR_OP_TT_SPLAT] = UNARY,
    [IR_OP_TT_UNSPLAT] = "$src attrs `:` type(src) ~elem:src",
    [IR_OP_TT_BROADCAST] = UNARY,
    [IR_OP_TT_EXPAND_DIMS] = UNARY,
    [IR_OP_TT_RESHAPE] = "$src ( `allow_reorder` @allow_reorder:u^ )? ( `efficient_layout` "
                         "@efficient_layout:u^ )? attrs `:` type(src) `->` type(r0)",
    [IR_OP_TT_TRANS] = UNARY,
    [IR_OP_TT_JOIN] = "$lhs `,` $rhs attrs `:` type(lhs) `->` type(r0)",
    [IR_OP_TT_SPLIT] = "$src attrs `:` type(src) `->` type(r0) ~dup",
    [IR_OP_TT_CAT] = "$lhs `,` $rhs attrs `:` type(lhs) `->` type(r0)",
    [IR_OP_TT_GATHER] = "$src `[` $indices `]` attrs `:` ftype(*)",
    [IR_OP_TT_HISTOGRAM] = "$src ( `,` $mask^ )? attrs `:` type(src) `->` type(r0)",
    [IR_OP_TT_REDUCE] = "@@generic",
    [IR_OP_TT_REDUCE_RETURN] = "$vals attrs `:` type(vals)",
    [IR_OP_TT_SCAN] = "@@generic",
    [IR_OP_TT_SCAN_RETURN] = "$vals attrs `:` type(vals)",
    [IR_OP_TT_MAP_ELEMENTWISE] = "@@generic",
    [IR_OP_TT_MAP_ELEMENTWISE_RETURN] = "attrs ( $vals^ `:` type(vals) )?",
    [IR_OP_TT_ADDPTR] = "$ptr `,` $offset attrs `:` type(r0) `,` type(offset)",
    [IR_OP_TT_BITCAST] = UNARY,
    [IR_OP_TT_INT_TO_PTR] = UNARY,
    [IR_OP_TT_PTR_TO_INT] = UNARY,
    /* Triton 3.6.0 prints the attribute dictionary before `, rounding = ...` (ODS
     * `$src attr-dict (`,` `rounding` ...)?`), the TLX fork's custom printer after it */
    [IR_OP_TT_FP_TO_FP] = "$src attrs ( `,` `rbits` `=` $rbits^ `:` type(rbits) )? ( `,` `rounding` `=` "
                          "@rounding:k^ )? attrs-alt `:` type(src) `->` type(r0)",
    [IR_OP_TT_PRECISE_DIVF] = "$x `,` $y attrs `:` type(x) ~same:x",
    [IR_OP_TT_PRECISE_SQRT] = "$x attrs `:` type(x) ~same:x",
    [IR_OP_TT_MULHIUI] = "$x `,` $y attrs `:` type(x) ~same:x",
    [IR_OP_TT_CLAMPF] = "$x `,` $min `,` $max `,` `propagateNan` `=` @propagateNan:k attrs `:` type(r0)",
    [IR_OP_TT_EXTERN_ELEMENTWISE] = "$srcs attrs `:` ftype(*)",
    [IR_OP_TT_INLINE_ASM] = "@asm_string:s attrs ( $args^ `:` type(args) )? `->` type(r*)",
    [IR_OP_TT_LOAD] = "$ptr ( `,` $mask^ )? ( `,` $other^ )? " CACHE_EVICT " attrs `:` type(ptr) ~load:ptr",
    [IR_OP_TT_STORE] = "$ptr `,` $value ( `,` $mask^ )? " CACHE_EVICT " attrs `:` type(ptr)",
    [IR_OP_TT_ATOMIC_RMW] = "@atomic_rmw_op:k `,` @sem:k `,` @scope:k `,` $ptr `,` $val ( `,` $mask^ )? "
                            "attrs `:` ftype(*)",
    [IR_OP_TT_ATOMIC_CAS] = "@sem:k `,` @scope:k `,` $ptr `,` $cmp `,` $val attrs `:` ftype(*)",
    [IR_OP_TT_DOT] = "$a `,` $b `,` $c ( `,` `inputPrecision` `=` @inputPrecision:k^ )? attrs `:` "
                     "type(a) `*` type(b) `->` type(r0)",
    [IR_OP_TT_DOT_SCALED] = "$a ( `scale` $a_scale^ )? `,` $b ( `scale` $b_scale^ )? `,` $c `lhs` `=` "
                            "@a_elem_type:k `rhs` `=` @b_elem_type:k attrs `:` type(a) ( `,` "
                            "type(a_scale)^ )? `*` type(b) ( `,` type(b_scale)^ )? `->` type(r0)",
    [IR_OP_TT_MAKE_TENSOR_DESC] = "$base `,` `[` $shape `]` `,` `[` $strides `]` ( `,` `descPtr` `=` "
                                  "$desc_ptr^ `:` type(desc_ptr) )? attrs `:` ptype(base) `,` dtype(r0)",
    [IR_OP_TT_DESCRIPTOR_LOAD] = "$desc `[` $indices `]` " CACHE_EVICT " attrs `:` type(desc) `->` type(r0)",
    [IR_OP_TT_DESCRIPTOR_STORE] = "$desc `[` $indices `]` `,` $src oi( `reduce_kind` `=` @reduce_kind:k )oi "
                                  "attrs `:` type(desc) `,` type(src)",
    [IR_OP_TT_MAKE_TENSOR_PTR] = "$base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` "
                                 "attrs `:` type(r0)",
    [IR_OP_TT_ADVANCE] = "$ptr `,` `[` $offsets `]` attrs `:` type(r0)",
    [IR_OP_TT_ASSERT] = "$cond `,` @message:s attrs `:` type(cond)",
    [IR_OP_TT_PRINT] = "@prefix:s attrs ( `:` $args^ `:` type(args) )?",
    [IR_OP_ARITH_CONSTANT] = "attrs @value:a ~attr:value",
    [IR_OP_ARITH_ADDI] = IBIN, [IR_OP_ARITH_SUBI] = IBIN, [IR_OP_ARITH_MULI] = IBIN,
    [IR_OP_ARITH_DIVSI] = IBIN, [IR_OP_ARITH_DIVUI] = IBIN, [IR_OP_ARITH_CEILDIVSI] = IBIN,
    [IR_OP_ARITH_CEILDIVUI] = IBIN, [IR_OP_ARITH_FLOORDIVSI] = IBIN, [IR_OP_ARITH_REMSI] = IBIN,
    [IR_OP_ARITH_REMUI] = IBIN, [IR_OP_ARITH_ANDI] = IBIN, [IR_OP_ARITH_ORI] = IBIN,
    [IR_OP_ARITH_XORI] = IBIN, [IR_OP_ARITH_SHLI] = IBIN, [IR_OP_ARITH_SHRSI] = IBIN,
    [IR_OP_ARITH_SHRUI] = IBIN, [IR_OP_ARITH_MAXSI] = IBIN, [IR_OP_ARITH_MINSI] = IBIN,
    [IR_OP_ARITH_MAXUI] = IBIN, [IR_OP_ARITH_MINUI] = IBIN,
    [IR_OP_ARITH_MULHISI] = "$lhs `,` $rhs attrs `:` type(r0) ~dup",
    [IR_OP_ARITH_MULUI_EXTENDED] = "$lhs `,` $rhs attrs `:` type(r0) ~dup",
    [IR_OP_ARITH_ADDF] = FBIN, [IR_OP_ARITH_SUBF] = FBIN, [IR_OP_ARITH_MULF] = FBIN,
    [IR_OP_ARITH_DIVF] = FBIN, [IR_OP_ARITH_REMF] = FBIN, [IR_OP_ARITH_MAXIMUMF] = FBIN,
    [IR_OP_ARITH_MINIMUMF] = FBIN, [IR_OP_ARITH_MAXNUMF] = FBIN, [IR_OP_ARITH_MINNUMF] = FBIN,
    [IR_OP_ARITH_NEGF] = FUN1,
    [IR_OP_ARITH_CMPI] = "@predicate:k `,` $lhs `,` $rhs attrs `:` type(lhs) ~i1:lhs",
    [IR_OP_ARITH_CMPF] = "@predicate:k `,` $lhs `,` $rhs ( `fastmath` `` @fastmath:g^ )? attrs `:` "
                         "type(lhs) ~i1:lhs",
    [IR_OP_ARITH_SELECT] = "@@select",
    [IR_OP_ARITH_EXTSI] = CAST, [IR_OP_ARITH_EXTUI] = CAST, [IR_OP_ARITH_TRUNCI] = CAST,
    [IR_OP_ARITH_SITOFP] = CAST, [IR_OP_ARITH_UITOFP] = CAST, [IR_OP_ARITH_FPTOSI] = CAST,
    [IR_OP_ARITH_FPTOUI] = CAST, [IR_OP_ARITH_EXTF] = CAST,
    [IR_OP_ARITH_TRUNCF] = "$in ( @roundingmode:k^ )? ( `fastmath` `` @fastmath:g^ )? attrs `:` "
                           "type(in) `to` type(r0)",
    [IR_OP_ARITH_INDEX_CAST] = CAST, [IR_OP_ARITH_INDEX_CASTUI] = CAST, [IR_OP_ARITH_BITCAST] = CAST,
    [IR_OP_MATH_EXP] = FUN1, [IR_OP_MATH_EXP2] = FUN1, [IR_OP_MATH_LOG] = FUN1,
    [IR_OP_MATH_LOG2] = FUN1, [IR_OP_MATH_SQRT] = FUN1, [IR_OP_MATH_RSQRT] = FUN1,
    [IR_OP_MATH_ABSF] = FUN1, [IR_OP_MATH_ABSI] = FUN1, [IR_OP_MATH_SIN] = FUN1,
    [IR_OP_MATH_COS] = FUN1, [IR_OP_MATH_TANH] = FUN1, [IR_OP_MATH_ERF] = FUN1,
    [IR_OP_MATH_FLOOR] = FUN1, [IR_OP_MATH_CEIL] = FUN1, [IR_OP_MATH_CTPOP] = FUN1,
    [IR_OP_MATH_FMA] = "$a `,` $b `,` $c ( `fastmath` `` @fastmath:g^ )? attrs `:` type(r0)",
    [IR_OP_SCF_FOR] = "@@for",
    [IR_OP_SCF_IF] = "@@if",
    [IR_OP_SCF_WHILE] = "@@while",
    [IR_OP_SCF_YIELD] = "attrs ( $vals^ `:` type(vals) )?",
    [IR_OP_SCF_CONDITION] = "`(` $cond `)` attrs ( $args^ `:` type(args) )?",
    [IR_OP_SCF_EXECUTE_REGION] = "@@execute_region",
    [IR_OP_CF_BR] = "@@br",
    [IR_OP_CF_COND_BR] = "@@cond_br",
    [IR_OP_GPU_THREAD_ID] = "@dimension:k ( `upper_bound` @upper_bound:a^ )? attrs ~index",
    [IR_OP_GPU_BARRIER] = ATTRS_ONLY,
    [IR_OP_NVGPU_CLUSTER_ID] = "attrs ~i32",
    [IR_OP_TTG_CLOCK64] = "attrs ~i64",
    [IR_OP_TTG_LOCAL_ALLOC] = "( $src^ )? attrs `:` ftype(*)",
    [IR_OP_TTG_LOCAL_DEALLOC] = "$src attrs `:` type(src)",
    [IR_OP_TTG_LOCAL_LOAD] = "$src ( `token` $token^ )? attrs `:` type(src) `->` type(r0)",
    [IR_OP_TTG_LOCAL_STORE] = "$src `,` $dst attrs `:` type(src) `->` type(dst)",
    [IR_OP_TTG_MEMDESC_INDEX] = "$src `[` $index `]` attrs `:` type(src) `->` type(r0)",
    [IR_OP_TTG_MEMDESC_SUBSLICE] = "$src `[` @offsets:n `]` attrs `:` type(src) `->` type(r0)",
    [IR_OP_TTG_MEMDESC_DYN_SUBSLICE] = "$src `[` $offsets `]` attrs `:` type(src) `->` type(r0)",
    [IR_OP_TTG_MEMDESC_TRANS] = VIEW,
    [IR_OP_TTG_MEMDESC_RESHAPE] = VIEW,
    [IR_OP_TTG_MEMDESC_REINTERPRET] = VIEW,
    [IR_OP_TTG_CONVERT_LAYOUT] = VIEW,
    [IR_OP_TTG_GLOBAL_SCRATCH_ALLOC] = "attrs `:` type(r0)",
    [IR_OP_TTG_FP4_TO_FP] = VIEW,
    [IR_OP_TTG_UPCAST_MXFP] = "$src `,` $scale `fp_type` `=` @fp_type:k attrs `:` type(src) `,` "
                              "type(scale) `->` type(r0)",
    [IR_OP_TTG_ASYNC_COPY_G2L] = "$src `,` $result ( `mask` $mask^ )? ( `other` $other^ )? ( `bulk_size` "
                                 "$bulk_size^ `:` type(bulk_size) )? ( `barrier` $barrier^ `:` "
                                 "type(barrier) )? " CACHE_EVICT " attrs `:` type(src) `->` "
                                 "utype(result) ~tok",
    [IR_OP_TTG_ASYNC_COMMIT_GROUP] = "( `tokens` $tokens^ )? attrs ~tok",
    [IR_OP_TTG_ASYNC_WAIT] = "( $tokens^ )? attrs ~tok",
    [IR_OP_TTG_WARP_SPECIALIZE] = "@@warp_specialize",
    [IR_OP_TTG_WARP_SPEC_PARTITIONS] = "@@generic",
    [IR_OP_TTG_WARP_YIELD] = "( $vals^ )? attrs ( `:` type(vals)^ )?",
    [IR_OP_TTG_WARP_RETURN] = ATTRS_ONLY,
    [IR_OP_TTG_BARRIER] = "@addrSpace:k attrs",
    [IR_OP_TTG_REMOTE_SHMEM_STORE] = "$src `,` `rank` $rank `,` $dst attrs `:` type(src) `->` type(dst)",
    [IR_OP_TTG_ASYNC_REMOTE_SHMEM_STORE] = "$src `,` `rank` $rank `,` $dst `barrier` $barrier attrs `:` "
                                           "type(src) `->` type(dst) `barrier_ty` type(barrier)",
    [IR_OP_TTG_ASYNC_REMOTE_SHMEM_COPY] = "$src `,` `rank` $rank `,` $dst `barrier` $barrier attrs `:` "
                                          "type(src) `->` type(dst) `barrier_ty` type(barrier)",
    [IR_OP_TTNG_INIT_BARRIER] = "$alloc `,` @count:i attrs `:` type(alloc)",
    [IR_OP_TTNG_INVAL_BARRIER] = "$alloc attrs `:` type(alloc)",
    [IR_OP_TTNG_BARRIER_EXPECT] = "$alloc `,` @size:i attrs `,` $pred `:` type(alloc)",
    [IR_OP_TTNG_WAIT_BARRIER] = "$alloc `,` $phase ( `,` $pred^ )? ( `deps` $deps^ )? attrs `:` "
                                "type(alloc) ( `,` type(deps)^ )?",
    [IR_OP_TTNG_ARRIVE_BARRIER] = "$alloc `,` @count:i ( `,` $pred^ )? attrs `:` type(alloc)",
    [IR_OP_TTNG_ASYNC_COPY_MBARRIER_ARRIVE] = "$barrier attrs `:` type(barrier)",
    [IR_OP_TTNG_WAIT_BARRIER_NAMED] = "$bar `,` $num_threads attrs `:` type(*)",
    [IR_OP_TTNG_ARRIVE_BARRIER_NAMED] = "$bar `,` $num_threads attrs `:` type(*)",
    [IR_OP_TTNG_TMA_G2L] = "$desc `[` $coord `]` ( `offsets` `=` `[` $offsets^ `]` )? $result `,` "
                           "$barrier `,` $pred ( `,` $mcast^ )? oi( `cacheModifier` `=` @cache:k | "
                           "`evictionPolicy` `=` @evict:k | `tensorMode` `=` @tensorMode:k )oi attrs "
                           "`:` type(desc) `,` type(barrier) `->` type(result)",
    [IR_OP_TTNG_TMA_L2G] = "$desc `[` $coord `]` $src oi( `evictionPolicy` `=` @evict:k )oi attrs `:` "
                           "type(desc) `,` type(src) ( `->` type(r0)^ )?",
    [IR_OP_TTNG_TMA_REDUCE] = "@kind:k `,` $desc `[` $coord `]` $src oi( `evictionPolicy` `=` "
                              "@evict:k )oi attrs `:` type(desc) `,` type(src) ( `->` type(r0)^ )?",
    [IR_OP_TTNG_TMA_GATHER] = "$desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred "
                              "attrs `:` type(*)",
    [IR_OP_TTNG_TMA_SCATTER] = "$desc `[` $x_offsets `,` $y_offset `]` $src attrs `:` type(*)",
    [IR_OP_TTNG_TMA_STORE_WAIT] = ATTRS_ONLY,
    [IR_OP_TTNG_TMA_STORE_TOKEN_WAIT] = "$token bars(barriers,barrier_preds) attrs `:` type(token) "
                                        "( `,` type(barriers)^ )?",
    [IR_OP_TTNG_TMA_PREFETCH] = "$desc `[` $coord `]` `,` $pred oi( `evictionPolicy` `=` @evict:k )oi "
                                "attrs `:` type(desc)",
    [IR_OP_TTNG_PREFETCH_TENSORMAP] = "$desc attrs `:` type(desc)",
    [IR_OP_TTNG_TENSORMAP_CREATE] = "$desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` "
                                    "$global_dim `]` `,` `[` $global_stride `]` `,` `[` "
                                    "$element_stride `]` attrs `:` ftype(*)",
    [IR_OP_TTNG_TENSORMAP_FENCEPROXY_ACQUIRE] = "$desc_ptr attrs `:` type(desc_ptr)",
    [IR_OP_TTNG_REINTERPRET_TENSOR_DESC] = "$raw_desc attrs `:` type(raw_desc) `to` type(r0)",
    [IR_OP_TTNG_FENCE_ASYNC_SHARED] = ATTRS_ONLY,
    [IR_OP_TTNG_FENCE] = ATTRS_ONLY,
    [IR_OP_TTNG_FENCE_MBARRIER_INIT] = ATTRS_ONLY,
    [IR_OP_TTNG_WARP_GROUP_DOT] = "$a `,` $b `,` $c ( `,` $useC^ )? attrs `:` type(a) `*` type(b) `->` "
                                  "type(r0)",
    [IR_OP_TTNG_WARP_GROUP_DOT_WAIT] = "$inputs attrs `:` type(inputs) ~pass:inputs",
    [IR_OP_TTNG_TMEM_ALLOC] = "( $src^ )? attrs `:` ftype(*)",
    [IR_OP_TTNG_TMEM_LOAD] = "$src `` tok(dep,r1) attrs `:` type(src) `->` type(r0) ( `,` type(rlast)^ )?",
    [IR_OP_TTNG_TMEM_STORE] = "$src `,` $dst `` tok(dep,r0) `,` $pred attrs `:` type(src) `->` type(dst)",
    [IR_OP_TTNG_TMEM_COPY] = "$src `,` $dst ( `,` $barrier^ )? attrs `:` type(*)",
    [IR_OP_TTNG_TMEM_SUBSLICE] = VIEW,
    [IR_OP_TTNG_TC_GEN5_MMA] = "$a `,` $b `,` $d `` tok(dep,r0) `,` $useD `,` $pred `` "
                               "bars(barriers,barrier_preds) attrs `:` type(a) `,` type(b) `,` "
                               "type(d) ( `,` type(barriers)^ )?",
    [IR_OP_TTNG_TC_GEN5_MMA_SCALED] = "$a `,` $b `,` $d `` tok(dep,r0) `,` $a_scale `,` $b_scale `,` "
                                      "$useD `,` $pred `lhs` `=` @a_type:k `rhs` `=` @b_type:k `` "
                                      "bars(barriers,barrier_preds) attrs `:` type(a) `,` type(b) `,` "
                                      "type(d) `,` type(a_scale) `,` type(b_scale) ( `,` "
                                      "type(barriers)^ )?",
    [IR_OP_TTNG_TC_GEN5_COMMIT] = "$barrier ( `,` $pred^ )? ( `descs` $descs^ )? attrs `:` "
                                  "type(barrier) ( `,` type(descs)^ )?",
    [IR_OP_TTNG_MAP_TO_REMOTE_BUFFER] = "$src `,` $rank attrs `:` type(src) `->` type(r0)",
    [IR_OP_TTNG_CLUSTER_ARRIVE] = ATTRS_ONLY,
    [IR_OP_TTNG_CLUSTER_WAIT] = ATTRS_ONLY,
    [IR_OP_TTNG_CLUSTER_BARRIER] = ATTRS_ONLY,
    [IR_OP_TTNG_CLUSTER_SIZE_1D] = "attrs ~i32",
    [IR_OP_TTNG_CLUSTER_CTA_ID] = "attrs ~i32",
    [IR_OP_TTNG_ASYNC_CLC_TRY_CANCEL] = "$barrier `,` $result attrs `:` type(*)",
    [IR_OP_TTNG_CLC_QUERY_CANCEL] = "$src attrs `:` ftype(*)",
    [IR_OP_TTNG_CLC_TRY_CANCEL] = "$result `,` $barrier attrs `:` type(result) `,` type(barrier)",
    [IR_OP_TTNG_CLC_LOAD_RESULT] = "$src attrs `:` type(src) `->` type(r0)",
    [IR_OP_TTNG_CLC_IS_CANCELED] = "$src attrs `:` type(src) `->` type(r0)",
    [IR_OP_TTNG_CLC_GET_PROGRAM_ID] = "$src `,` @dim:k attrs `:` type(src) `->` type(r0)",
    [IR_OP_TTNG_VOTE_BALLOT_SYNC] = "$mask `,` $pred attrs `:` type(pred) `->` type(r0)",
    [IR_OP_AMDG_INIT_BARRIER] = "$alloc `,` @count:i attrs `:` type(alloc)",
    [IR_OP_AMDG_ARRIVE_BARRIER] = "$alloc `,` @count:i attrs `:` type(alloc) `->` type(r0)",
    [IR_OP_AMDG_WAIT_BARRIER] = "$alloc `,` $phase attrs `:` type(alloc)",
    /* Triton 3.6 prints `%d[%i, %j] into %buf, %pred (, barrier = %b)?`; the fork's newer form
     * has neither indices nor pred */
    [IR_OP_AMDG_TDM_G2L] = "$desc ( `[` $indices^ `]` )? `into` $result ( `,` $pred^ )? ( `,` `barrier` "
                           "`=` $barrier^ )? attrs `:` type(desc) ( `,` type(barrier)^ )? `->` "
                           "type(result) ~tok",
    [IR_OP_AMDG_TDM_WAIT] = "$tokens attrs ~tok",
    [IR_OP_AMDG_UPDATE_TENSOR_DESC] = "$desc oi( `add_offsets` `=` `[` $add_offsets `]` | `set_bounds` "
                                      "`=` `[` $set_bounds `]` | `pred` `=` $pred )oi attrs `:` "
                                      "type(desc) ~same:desc",
    [IR_OP_AMDG_BUFFER_LOAD] = "$ptr `[` $offsets `]` ( `,` $mask^ )? ( `,` $other^ )? oi( "
                               "`cacheModifier` `=` @cache:k )oi ( `stride` `=` $stride^ )? attrs `:` "
                               "type(r0)",
    [IR_OP_AMDG_BUFFER_STORE] = "$value `,` $ptr `[` $offsets `]` ( `,` $mask^ )? oi( `cacheModifier` "
                                "`=` @cache:k )oi ( `stride` `=` $stride^ )? attrs `:` type(value)",
    [IR_OP_AMDG_BUFFER_LOAD_TO_LOCAL] = "$ptr `[` $offsets `]` ( `mask` `=` $mask^ )? ( `other` `=` "
                                        "$other^ )? ( `stride` `=` $stride^ )? oi( `cacheModifier` `=` "
                                        "@cache:k )oi `into` $dest attrs `:` ptype(ptr) `[` "
                                        "type(offsets) `]` type(other) `->` utype(dest) ~tok",
    [IR_OP_AMDG_COND_BARRIER] = "$pred attrs",
    [IR_OP_AMDG_CLUSTER_BARRIER_ARRIVE] = ATTRS_ONLY,
    [IR_OP_AMDG_CLUSTER_BARRIER_WAIT] = ATTRS_ONLY,
    [IR_OP_AMDG_ASYNC_COPY_MBARRIER_ARRIVE] = "$barrier attrs `:` type(barrier)",
    [IR_OP_AMDG_TDM_INTRINSIC_WAIT] = "( $tokens^ )? attrs ~tok",
    [IR_OP_AMDG_ASYNC_COPY_L2G] = "$src `,` $dst ( `mask` $mask^ )? " CACHE_EVICT " attrs `:` type(src) "
                                  "`->` type(dst) ~tok",
    [IR_OP_AMDG_TDM_FUSED_G2L] = "$descs `into` $dests attrs `:` type(descs) `->` type(dests) ~tok",
    [IR_OP_AMDG_TDM_GATHER] = "$desc `[` $src_row_indices `]` `to` $dst ( `,` `barrier` `=` $barrier^ )? attrs "
                              "`:` type(src_row_indices) `,` type(dst) ( `,` type(barrier)^ )? `->` "
                              "type(desc) ~tok",
    [IR_OP_AMDG_BUFFER_ATOMIC_RMW] = "@atomic_rmw_op:k `,` @sem:k `,` @scope:k `,` $value `,` $ptr `[` "
                                     "$offsets `]` ( `,` $mask^ )? ( `stride` `=` $stride^ )? attrs `:` "
                                     "type(r0)",
    [IR_OP_TTG_LOCAL_ATOMIC_SCATTER_RMW] = "@atomic_rmw_op:k `,` $dst `[` $indices `]` `,` $values ( `,` "
                                           "$mask^ )? attrs `:` ftype(*)",
    [IR_OP_AMDG_EXTRACT_SLICE] = "$source `[` @static_offsets:n `]` attrs `:` type(source) `to` type(r0)",
    [IR_OP_AMDG_SCALED_UPCAST_FP8] = "$input `scale` $scale attrs `:` type(input) `,` type(scale) `->` "
                                     "type(r0)",
    [IR_OP_AMDG_LOCAL_LOAD_PACKED_TRANSPOSED] = "$src ( `token` $token^ )? attrs `:` type(src) `->` type(r0)",
    [IR_OP_AMDG_BUFFER_ATOMIC_CAS] = "@sem:k `,` @scope:k `,` $cmp `,` $val `,` $ptr `[` $offsets `]` ( "
                                     "`stride` `=` $stride^ )? attrs `:` type(r0)",
    [IR_OP_AMDG_TDM_PREFETCH] = "$desc `[` $indices `]` `,` $pred `,` `speculative` `=` @speculative:b attrs "
                                "`:` type(desc) ( `->` type(r0)^ )?",
    [IR_OP_AMDG_TDM_SCATTER] = "$desc `[` $dst_row_indices `]` `from` $src ( `,` `barrier` `=` $barrier^ )? "
                               "attrs `:` type(dst_row_indices) `,` type(src) ( `,` type(barrier)^ )? `->` "
                               "type(desc) ~tok",
    [IR_OP_AMDG_UPCAST_MXFP] = "$src `,` $scale `fp_type` `=` @fp_type:k attrs `:` type(src) `,` "
                               "type(scale) `->` type(r0)",
    [IR_OP_AMDG_SCALED_UPCAST_FP4] = "$input `scale` $scale attrs `:` type(input) `,` type(scale) `->` "
                                     "type(r0)",
    [IR_OP_AMDG_REGISTER_RESIDENT] = "$input `class` @register_class:s `groups` @registers_per_group:i attrs "
                                     "`:` type(input) ~same:input",
    [IR_OP_AMDG_TDM_L2G] = "$desc `from` $src ( `,` `barrier` `=` $barrier^ )? oi( `cacheModifier` `=` "
                           "@cache:k )oi attrs `:` type(src) ( `,` type(barrier)^ )? `->` type(desc)",
    [IR_OP_AMDG_ASYNC_WAIT] = "( $tokens^ )? attrs ~tok",
    [IR_OP_AMDGPU_SCHED_BARRIER] = "attrs `allow` `=` @opts:g",
    [IR_OP_ROCDL_SCHED_BARRIER] = "@mask:i attrs",
    [IR_OP_ROCDL_S_SETPRIO] = "@priority:i attrs",
    [IR_OP_TLX_STORAGE_ALIAS_SPEC] = "`storage` `=` @storage:k ( `,` `size` `=` @buffer_size_bytes:i^ )? "
                                     "attrs `:` type(r0)",
    [IR_OP_TLX_STORAGE_ALIAS_LOCAL_ALLOC] = "$spec attrs `:` type(spec) `->` type(r0)",
    [IR_OP_TLX_REUSE_GROUP] = "`(` $elems `)` `group_kind` `=` @group_kind:k ( `,` `group_size` `=` "
                              "@group_size:i^ )? attrs `:` `(` type(elems) `)` `->` type(r0)",
    [IR_OP_TLX_SET_BUFFER_OVERLAP] = "`(` $spec `,` $group `)` `:` `(` type(spec) `,` type(group) `)` "
                                     "`->` `(` `)` attrs",
    [IR_OP_TLX_REQUIRE_LAYOUT] = VIEW,
    [IR_OP_TLX_RELEASE_LAYOUT] = VIEW,
    [IR_OP_TLX_ASSERT_SAME_LAYOUT] = "$a `,` $b attrs `:` type(a) `,` type(b)",
    [IR_OP_TLX_ASSERT_SAME_LAYOUT_EXPECTED] = "$a attrs `:` type(a)",
    [IR_OP_TLX_DUMP_LAYOUT] = "$src attrs `:` type(src)",
    [IR_OP_TLX_LOCAL_ALIAS] = VIEW,
    [IR_OP_UB_POISON] = "attrs `:` type(r0)",
    [IR_OP_LLVM_INTR_ASSUME] = "$cond attrs `:` type(cond)",
    [IR_OP_ROCDL_S_BARRIER] = ATTRS_ONLY,
    [IR_OP_ROCDL_SCHED_GROUP_BARRIER] = "@mask:i `,` @size:i `,` @groupId:i attrs",
    [IR_OP_AMDG_MEMORY_COUNTER_WAIT] = "oi( `load` `(` @load:i `)` | `store` `(` @store:i `)` | `ds` "
                                       "`(` @ds:i `)` )oi attrs",
    [IR_OP_ROCDL_WORKITEM_ID_X] = "attrs `:` type(r0)",
    [IR_OP_AMDG_IN_THREAD_TRANSPOSE] = UNARY,
    [IR_OP_PROTON_RECORD] = "@isStart:k @name:s attrs",
    [IR_OP_TTG_WARP_ID] = "attrs ~i32",
    [IR_OP_NVG_CLUSTER_ID] = "attrs ~i32",
    [IR_OP_TT_DESCRIPTOR_REDUCE] = "@kind:k `,` $desc `[` $indices `]` `,` $src attrs `:` type(desc) `,` "
                                   "type(src)",
    [IR_OP_TT_DESCRIPTOR_GATHER] = "$desc `[` $x_offsets `,` $y_offset `]` attrs `:` ftype(*)",
    [IR_OP_TT_DESCRIPTOR_SCATTER] = "$desc `[` $x_offsets `,` $y_offset `]` `,` $src attrs `:` type(*)",
    [IR_OP_TTNG_ASYNC_STORE] = "$src `,` $dst `,` $size attrs `:` type(src) `,` type(dst)",
    [IR_OP_TTNG_ASYNC_SHARED_STORE] = "$src `,` $dst `,` $mbarrier attrs `:` type(src) `->` type(dst) `,` "
                                      "type(mbarrier)",
    [IR_OP_TTNG_PACKED_ARITH] = "@op_kind:k $operands attrs `:` ftype(operands)",
    [IR_OP_TTNG_TCGEN5_GLOBAL_ALLOC] = ATTRS_ONLY,
    [IR_OP_TTNG_CLC_ADVANCE] = "attrs `:` type(r*)",
    [IR_OP_TTNG_CLC_TRY_CANCEL_ASYNC] = "attrs `:` type(r0)",
    [IR_OP_TTNG_CLC_READ] = "$token attrs `:` type(token) `->` type(r*)",
    [IR_OP_TTNG_TWO_CTA_PEER_GATHER] = "$src `split_dim` `=` @splitDim:i `num_ctas` `=` @numCTAs:i attrs `:` "
                                       "type(src) ~same:src",
    [IR_OP_GLUON_SET_AUTO_LAYOUT] = VIEW,
    [IR_OP_PTG_CIRCULAR_STORE] = "@isStart:k $segment `,` $counter attrs `:` type(segment) `,` type(counter)",
    [IR_OP_PTG_READ_COUNTER] = "attrs `:` type(r0)",
    [IR_OP_PTG_INITIALIZE] = "$scratchPtr attrs `:` type(scratchPtr)",
    [IR_OP_PTG_FINALIZE] = "$segment `,` $scratchPtr attrs `:` type(segment) `,` type(scratchPtr)",
    [IR_OP_PTG_SEGMENT_ALLOC] = "$buffer attrs `:` type(buffer) `->` stype(r0)",
    [IR_OP_PTG_INIT_CTX] = "$scratchPtr attrs `:` type(scratchPtr)",
    [IR_OP_PTG_RESTORE_CTX] = "$segment `,` $scratchPtr attrs `:` type(segment) `,` type(scratchPtr)",
    [IR_OP_PTG_SAVE_CTX] = "$segment `,` $scratchPtr attrs `:` type(segment) `,` type(scratchPtr)",
    [IR_OP_AMDG_CONCAT] = "$sources attrs `:` type(sources) `->` type(r0)",
    [IR_OP_AMDG_ASSUME_UNIFORM] = "$src attrs `:` type(src) ~same:src",
    [IR_OP_AMDG_REGISTER_HANDOFF] = "$input `class` @register_class:s attrs `:` type(input) ~same:input",
    /* SubtiledRegionOp::parse / print (the fork's Ops.cpp); the yield's ODS assemblyFormat is
     * `($results^ `:` type($results))? attr-dict` */
    [IR_OP_TTNG_SUBTILED_REGION] = "@@subtiled_region",
    [IR_OP_TTNG_SUBTILED_REGION_YIELD] = "( $vals^ `:` type(vals) )? attrs",
    /* NVWSOps.td assemblyFormat; the !nvws.aref type prints stripped (`<[...]>`), as MLIR prints
     * a typed constraint, and reads in either form */
    [IR_OP_NVWS_AREF_CREATE] = "$buffers attrs `:` atype(r0)",
    [IR_OP_NVWS_AREF_BUFFER] = "$aref ( `[` $stage^ `]` )? `,` $token attrs `:` atype(aref) `,` type(token) "
                               "`->` type(r*)",
    [IR_OP_NVWS_AREF_GET_ENTER] = "$aref ( `[` $stage^ `,` $phase `]` )? attrs `:` atype(aref) `->` type(r*)",
    [IR_OP_NVWS_AREF_GET_EXIT] = "$aref ( `[` $stage^ `]` )? `,` $token @async_ops:a attrs `:` atype(aref) "
                                 "`,` type(token)",
    [IR_OP_NVWS_AREF_PUT_ENTER] = "$aref ( `[` $stage^ `,` $phase `]` )? attrs `:` atype(aref) `->` type(r*)",
    [IR_OP_NVWS_AREF_PUT_EXIT] = "$aref ( `[` $stage^ `]` )? `,` $token @async_ops:a attrs `:` atype(aref) "
                                 "`,` type(token)",
    [IR_OP_NVWS_DESCRIPTOR_LOAD] = "$desc `[` $indices `]` @txCount:i $result " CACHE_EVICT " attrs `:` type(*)",
    [IR_OP_NVWS_DESCRIPTOR_GATHER] = "$desc `[` $x_offsets `,` $y_offset `]` @txCount:i $result attrs `:` type(*)",
    [IR_OP_NVWS_CREATE_TOKEN] = "attrs `:` type(r0)",
    [IR_OP_NVWS_WARP_GROUP] = "@@warp_group",
    [IR_OP_NVWS_WARP_GROUP_YIELD] = "( $vals^ )? attrs ( `:` type(vals)^ )?",
    [IR_OP_NVWS_WARP_GROUP_RETURN] = ATTRS_ONLY,
    [IR_OP_NVWS_PRODUCER_ACQUIRE] = "$token `,` $idx `,` $phase attrs `:` type(*)",
    [IR_OP_NVWS_PRODUCER_COMMIT] = "$token `,` $idx attrs `:` type(*)",
    [IR_OP_NVWS_CONSUMER_WAIT] = "$token `,` $idx `,` $phase attrs `:` type(*)",
    [IR_OP_NVWS_CONSUMER_RELEASE] = "$token `,` $idx attrs `:` type(*)",
};
