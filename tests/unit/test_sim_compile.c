/* test_sim_compile.c: the compiler of the machine (sim_compile.c, docs/verifier.md §1) on
 * small hand-written IR: the flattened code (an scf.for becomes FOR_INIT / FOR_TEST / FOR_STEP
 * and a jump back; a warp_specialize FORK, the default region, JOIN; a partition ends in
 * PEND, the kernel in END), each instruction's visibility (barrier ops and waits interleave,
 * shared-memory accesses are memory ops, scalar arithmetic runs inside a step), the decoded
 * arrive count, agents and regions, blocks joined by cf branches, an op the model lacks
 * refused at its line, and the value types decoded for the step loop (sim_compile_types.c). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/sim_internal.h"
#include "check_run.h"
#include "sim_rig.h"

#define HDR                                                                                   \
  "#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>\n" \
  "#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"     \
  "#smem = #ttg.shared_memory\n"                                                              \
  "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:90\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
#define BAR "!ttg.memdesc<1xi64, #shared, #smem, mutable>"
#define BUF "!ttg.memdesc<128xf32, #shared, #smem, mutable>"

/* A producer / consumer pair around one barrier, with a loop in the producer. */
static const char *k_ws = HDR
  "  tt.func public @k(%n: i32) {\n"
  "    %c0 = arith.constant 0 : i32\n"
  "    %c1 = arith.constant 1 : i32\n"
  "    %bar = ttg.local_alloc : () -> " BAR "\n"
  "    %buf = ttg.local_alloc : () -> " BUF "\n"
  "    ttng.init_barrier %bar, 3 : " BAR "\n"
  "    ttg.warp_specialize(%bar, %buf, %n) attributes {requestedRegisters = array<i32: 24>}\n"
  "    default {\n"
  "      ttng.wait_barrier %bar, %c0 : " BAR "\n"
  "      %v = ttg.local_load %buf : " BUF " -> tensor<128xf32, #blocked>\n"
  "      ttg.warp_yield\n"
  "    }\n"
  "    partition0(%b: " BAR ", %s: " BUF ", %m: i32) num_warps(1) {\n"
  "      %z = arith.constant 0 : i32\n"
  "      %o = arith.constant 1 : i32\n"
  "      scf.for %i = %z to %m step %o  : i32 {\n"
  "        %x = arith.addi %i, %o : i32\n"
  "      }\n"
  "      ttng.arrive_barrier %b, 3 : " BAR "\n"
  "      ttg.warp_return\n"
  "    } : (" BAR ", " BUF ", i32) -> ()\n"
  "    tt.return\n  }\n}\n";

static void rig_up(rig *r, const char *text, int32_t n) {
  uint64_t args[1] = {(uint64_t)n};
  sim_opts o = {.args = args, .n_args = 1};
  rig_up_opts(r, text, &o);
}

/* The first instruction of region reg with code c at or after from, else UINT32_MAX. */
static uint32_t find(const sim_machine *m, uint32_t reg, uint32_t code, uint32_t from) {
  for (uint32_t i = from; i < m->n_code; i++)
    if (m->code[i].region == reg && m->code[i].code == code) return i;
  return UINT32_MAX;
}

START_TEST(agents_and_regions) {
  rig r;
  rig_up(&r, k_ws, 2);
  const sim_machine *m = r.m;
  ck_assert_uint_eq(m->n_agents, 2);            /* the parent (runs default) and partition0 */
  ck_assert_str_eq(sim_agent_name(m, 0), "default");
  ck_assert_str_eq(sim_agent_name(m, 1), "partition0");
  ck_assert_uint_eq(m->n_regions, 2);
  ck_assert_uint_eq(m->n_ws, 1);
  ck_assert_int_eq(m->regions[0].ws, -1);       /* the parent */
  ck_assert_int_eq(m->regions[1].ws, 0);
  ck_assert_int_eq(m->regions[1].part, 0);
  ck_assert_int_eq(m->regions[1].num_warps, 1);
  ck_assert_uint_eq(m->ws[0].n_parts, 1);
  ck_assert_uint_eq(m->ws[0].part_region[0], 1);
  /* the regions tile the code, each in one range */
  ck_assert_uint_eq(m->regions[0].start, 0);
  for (uint32_t g = 0; g < m->n_regions; g++) {
    ck_assert_uint_lt(m->regions[g].start, m->regions[g].end);
    for (uint32_t i = m->regions[g].start; i < m->regions[g].end; i++)
      ck_assert_uint_eq(m->code[i].region, g);
  }
  rig_down(&r);
}
END_TEST

START_TEST(flattened_control) {
  rig r;
  rig_up(&r, k_ws, 2);
  const sim_machine *m = r.m;
  /* parent: init, FORK, the default region, JOIN, END (in that order) */
  uint32_t init = find(m, 0, IR_OP_TTNG_INIT_BARRIER, 0), fork = find(m, 0, SIM_I_FORK, 0);
  uint32_t wait = find(m, 0, IR_OP_TTNG_WAIT_BARRIER, 0), join = find(m, 0, SIM_I_JOIN, 0);
  uint32_t end = find(m, 0, SIM_I_END, 0);
  ck_assert(init < fork && fork < wait && wait < join && join < end && end != UINT32_MAX);
  ck_assert_int_eq(m->code[fork].imm, 0);       /* warp_specialize index */
  ck_assert_int_eq(m->code[join].imm, 0);
  ck_assert_uint_eq(m->ws[0].fork_ins, fork);
  ck_assert_uint_eq(m->ws[0].join_ins, join);
  /* partition: the loop's test jumps past its body, its step jumps back to the test */
  uint32_t fi = find(m, 1, SIM_I_FOR_INIT, 0), ft = find(m, 1, SIM_I_FOR_TEST, 0);
  uint32_t add = find(m, 1, IR_OP_ARITH_ADDI, 0), fs = find(m, 1, SIM_I_FOR_STEP, 0);
  uint32_t arrive = find(m, 1, IR_OP_TTNG_ARRIVE_BARRIER, 0), pend = find(m, 1, SIM_I_PEND, 0);
  ck_assert(fi < ft && ft < add && add < fs && fs < arrive && arrive < pend && pend != UINT32_MAX);
  ck_assert_uint_eq(m->code[fs].target, ft);
  ck_assert_uint_gt(m->code[ft].target, fs);
  ck_assert_uint_le(m->code[ft].target, arrive);
  ck_assert_uint_eq(pend + 1, m->regions[1].end);
  rig_down(&r);
}
END_TEST

START_TEST(visibility_and_immediates) {
  rig r;
  rig_up(&r, k_ws, 2);
  const sim_machine *m = r.m;
  uint32_t wait = find(m, 0, IR_OP_TTNG_WAIT_BARRIER, 0), load = find(m, 0, IR_OP_TTG_LOCAL_LOAD, 0);
  uint32_t add = find(m, 1, IR_OP_ARITH_ADDI, 0), arrive = find(m, 1, IR_OP_TTNG_ARRIVE_BARRIER, 0);
  ck_assert_uint_ne(load, UINT32_MAX);
  ck_assert_uint_eq(m->code[wait].vis, SIM_V_SYNC);
  ck_assert_uint_eq(m->code[arrive].vis, SIM_V_SYNC);
  ck_assert_uint_eq(m->code[load].vis, SIM_V_MEM);
  ck_assert_uint_eq(m->code[add].vis, SIM_V_NONE);
  ck_assert_int_eq(m->code[arrive].imm, 3);     /* the count, decoded once */
  ck_assert_int_eq(m->code[arrive].imm2, 0);    /* neither perThread nor a CTA mask */
  ck_assert_ptr_nonnull(m->code[arrive].op);
  ck_assert_int_eq(m->code[arrive].op->code, IR_OP_TTNG_ARRIVE_BARRIER);
  /* one barrier (of one element) and one buffer */
  ck_assert_uint_eq(m->n_bars, 1);
  rig_down(&r);
}
END_TEST

/* The loop's trip count comes from the argument at run time (FOR_INIT checks it against
 * max_trip): n = 4 runs under a bound of 4; n = 5 stops the path with the bound noted, at the
 * fork (a partition's pure prefix, the loop here, runs when the partition starts). */
START_TEST(loop_trip_count_bound) {
  for (int32_t n = 4; n <= 5; n++) {
    rig r;
    uint64_t args[1] = {(uint64_t)n};
    sim_opts o = {.args = args, .n_args = 1, .max_trip = 4};
    rig_up_opts(&r, k_ws, &o);
    ck_assert_int_eq(rig_step(&r, SIM_TR_AGENT, 0), 0); /* init */
    ck_assert(!rig_enabled(&r, SIM_TR_AGENT, 1));       /* idle before the fork */
    int rc = rig_step(&r, SIM_TR_AGENT, 0);             /* fork: partition0 runs its loop */
    if (n == 4) {
      ck_assert_int_eq(rc, 0);
      ck_assert(!r.log.bound);
      ck_assert_int_eq(rig_step(&r, SIM_TR_AGENT, 1), 0); /* the arrive, the end */
      ck_assert_int_eq(sim_agent_status_of(r.m, r.st, 1), SIM_AG_DONE);
    } else {
      ck_assert_int_ne(rc, 0);
      ck_assert(r.log.bound);
      ck_assert_msg(strstr(r.log.text, "loop trip count 5 exceeds the trip-count bound"), "%s",
                    r.log.text);
    }
    rig_down(&r);
  }
}
END_TEST

/* The induction variable must not wrap (sim_exec.c FOR_INIT): lb = n, ub = INT32_MAX, step 8
 * in i32. n = INT32_MAX - 8 runs once and ends at INT32_MAX; n = INT32_MAX - 15 needs two
 * iterations, after which the variable would be 2^31, wrapping to INT32_MIN below the bound
 * again: the path stops as a bound (inconclusive, exit 3) at the loop, not a wrap or a hang. */
static const char *k_wrap = HDR
  "  tt.func public @k(%n: i32) {\n"
  "    %c0 = arith.constant 0 : i32\n"
  "    %bar = ttg.local_alloc : () -> " BAR "\n"
  "    ttng.init_barrier %bar, 1 : " BAR "\n"
  "    ttg.warp_specialize(%bar, %n) attributes {requestedRegisters = array<i32: 24>}\n"
  "    default {\n"
  "      ttng.wait_barrier %bar, %c0 : " BAR "\n"
  "      ttg.warp_yield\n"
  "    }\n"
  "    partition0(%b: " BAR ", %m: i32) num_warps(1) {\n"
  "      %hi = arith.constant 2147483647 : i32\n"
  "      %s8 = arith.constant 8 : i32\n"
  "      scf.for %i = %m to %hi step %s8  : i32 {\n"
  "        %x = arith.addi %i, %s8 : i32\n"
  "      } loc(\"k.py\":7:8)\n"
  "      ttng.arrive_barrier %b, 1 : " BAR "\n"
  "      ttg.warp_return\n"
  "    } : (" BAR ", i32) -> ()\n"
  "    tt.return\n  }\n}\n";

START_TEST(loop_induction_wrap) {
  const int32_t ns[2] = {INT32_MAX - 8, INT32_MAX - 15};
  for (int k = 0; k < 2; k++) {
    rig r;
    uint64_t args[1] = {(uint64_t)(uint32_t)ns[k]};
    sim_opts o = {.args = args, .n_args = 1};
    rig_up_opts(&r, k_wrap, &o);
    ck_assert_int_eq(rig_step(&r, SIM_TR_AGENT, 0), 0); /* init */
    int rc = rig_step(&r, SIM_TR_AGENT, 0);             /* fork: partition0 runs its loop */
    if (k == 0) {
      ck_assert_int_eq(rc, 0);
      ck_assert(!r.log.bound);
      ck_assert_int_eq(rig_step(&r, SIM_TR_AGENT, 1), 0); /* the arrive, the end */
      ck_assert_int_eq(sim_agent_status_of(r.m, r.st, 1), SIM_AG_DONE);
    } else {
      ck_assert_int_ne(rc, 0);
      ck_assert(r.log.bound);
      ck_assert_msg(strstr(r.log.text, "induction variable overflows its i32 type") &&
                        strstr(r.log.text, "(at k.py:7:8)"),
                    "%s", r.log.text);
    }
    rig_down(&r);
  }
}
END_TEST

/* An op the table knows but the model does not run is refused at its line, with its name. */
START_TEST(unsupported_op_refused) {
  static const char *k = HDR
    "  tt.func public @k(%n: i32) {\n"
    "    %v, %x, %y, %z = ttng.clc_advance : i1, i32, i32, i32 loc(\"k.py\":9:4)\n"
    "    tt.return\n  }\n}\n";
  rig r;
  sim_opts o = {0};
  ck_assert(!rig_try_opts(&r, k, &o));
  ck_assert_msg(strstr(r.err.msg, "k.py:9:4: error: ttng.clc_advance is the fork's high-level"), "%s",
                r.err.msg);
  ir_module_free(r.mod);
}
END_TEST

/* Blocks joined by cf.br / cf.cond_br: laid out in reverse postorder (the loop's exit block
 * ^bb3 textually before its body ^bb2 still comes after the header), a cond_br is a BRZ to its
 * false edge, each edge copies its operands into the target's arguments (one COPY of all of
 * them: a parallel copy) and jumps; the back edge is a backward jump (sim_may_cycle). */
START_TEST(cf_blocks) {
  static const char *k = HDR
    "  tt.func public @k(%n: i32) {\n"
    "    %c0 = arith.constant 0 : i32\n"
    "    %c1 = arith.constant 1 : i32\n"
    "    cf.br ^bb1(%c0, %c1 : i32, i32)\n"
    "  ^bb1(%i: i32, %j: i32):\n"
    "    %go = arith.cmpi slt, %i, %n : i32\n"
    "    cf.cond_br %go, ^bb2, ^bb3\n"
    "  ^bb3:\n"
    "    tt.return\n"
    "  ^bb2:\n"
    "    %i1 = arith.addi %i, %j : i32\n"
    "    cf.br ^bb1(%j, %i1 : i32, i32)\n"
    "  }\n}\n";
  rig r;
  rig_up(&r, k, 3);
  const sim_machine *m = r.m;
  uint32_t brz = find(m, 0, SIM_I_BRZ, 0);
  ck_assert_uint_ne(brz, UINT32_MAX);
  /* the true edge: no arguments, a jump to ^bb2 (the addi) */
  ck_assert_uint_eq(m->code[brz + 1].code, SIM_I_JMP);
  ck_assert_uint_eq(m->code[m->code[brz + 1].target].code, IR_OP_ARITH_ADDI);
  /* the false edge: a jump to ^bb3, the END */
  ck_assert_uint_eq(m->code[brz].target, brz + 2);
  ck_assert_uint_eq(m->code[brz + 2].code, SIM_I_JMP);
  ck_assert_uint_eq(m->code[m->code[brz + 2].target].code, SIM_I_END);
  /* the back edge: one COPY of both arguments, then a jump back to the header */
  uint32_t add = m->code[brz + 1].target;
  ck_assert_uint_eq(m->code[add + 1].code, SIM_I_COPY);
  ck_assert_uint_eq(m->code[add + 1].n_in, 2);
  ck_assert_uint_eq(m->code[add + 2].code, SIM_I_JMP);
  ck_assert_uint_lt(m->code[add + 2].target, add);
  ck_assert(sim_may_cycle(m));
  rig_down(&r);
}
END_TEST

/* The value types the step loop reads, decoded once (sim_compile_types.c): an instruction's
 * operand and result types, an allocation's type, and for a view made by a permutation the
 * type of the view it started from (sim_view_fp covers that one's bytes). */
#define SH2 "#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>\n"
#define B2 "#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>\n"
#define RING2 "!ttg.memdesc<2x16x32xf16, #shared2, #smem, mutable>"
#define SLOT2 "!ttg.memdesc<16x32xf16, #shared2, #smem, mutable>"
#define TSLOT2 "!ttg.memdesc<32x16xf16, #shared2, #smem, mutable>"
static const char *k_types = SH2 B2 HDR
  "  tt.func public @k(%n: i32) {\n"
  "    %c1 = arith.constant 1 : i32\n"
  "    %ring = ttg.local_alloc : () -> " RING2 "\n"
  "    %s = ttg.memdesc_index %ring[%c1] : " RING2 " -> " SLOT2 "\n"
  "    %t = ttg.memdesc_trans %s {order = array<i32: 1, 0>} : " SLOT2 " -> " TSLOT2 "\n"
  "    %v = ttg.local_load %t : " TSLOT2 " -> tensor<32x16xf16, #blocked2>\n"
  "    %w = ttg.local_load %s : " SLOT2 " -> tensor<16x32xf16, #blocked2>\n"
  "    %x = arith.addi %n, %c1 : i32\n"
  "    tt.return\n  }\n}\n";

START_TEST(decoded_types) {
  rig r;
  rig_up(&r, k_types, 1);
  const sim_machine *m = r.m;
  uint32_t add = find(m, 0, IR_OP_ARITH_ADDI, 0), ld_t = find(m, 0, IR_OP_TTG_LOCAL_LOAD, 0);
  uint32_t ld_s = find(m, 0, IR_OP_TTG_LOCAL_LOAD, ld_t + 1);
  ck_assert_uint_ne(ld_s, UINT32_MAX);
  /* a scalar: its width */
  ck_assert_uint_eq(ins_tin(m, &m->code[add], 0)->kind, IR_T_INT);
  ck_assert_uint_eq(ins_tin(m, &m->code[add], 0)->w, 32);
  ck_assert_uint_eq(ins_tout(m, &m->code[add], 0)->w, 32);
  /* a memdesc operand and a tensor result: shape, elements, element bytes and dtype */
  const sim_vtype *st = ins_tin(m, &m->code[ld_s], 0), *rt = ins_tout(m, &m->code[ld_s], 0);
  ck_assert_uint_eq(st->kind, IR_T_MEMDESC);
  ck_assert_uint_eq(st->rank, 2);
  ck_assert_int_eq(st->shape[0], 16);
  ck_assert_int_eq(st->shape[1], 32);
  ck_assert_int_eq(st->numel, 512);
  ck_assert_int_eq(st->ebytes, 2);
  ck_assert_uint_eq(st->dt, SIM_DT_F16);
  ck_assert_uint_eq(sim_vtype_bytes(st), 1024);
  ck_assert_uint_eq(rt->kind, IR_T_TENSOR);
  ck_assert_int_eq(rt->numel, 512);
  /* types are uniqued: the two loads' operands differ, %s's type is the slot type */
  ck_assert_uint_ne(ins_rin(m, &m->code[ld_t], 0)->t, ins_rin(m, &m->code[ld_s], 0)->t);
  /* the transposed view started from %s: its regular source is the slot type; %s has none */
  ck_assert_uint_eq(ins_rin(m, &m->code[ld_t], 0)->src, ins_rin(m, &m->code[ld_s], 0)->t);
  ck_assert_uint_eq(ins_rin(m, &m->code[ld_s], 0)->src, 0);
  /* the allocation's type: the ring */
  const sim_vtype *at = NULL;
  for (uint32_t a = 1; a < m->n_allocs; a++)
    if (m->allocs[a].op && !m->allocs[a].is_barrier) at = sim_alloc_vt(m, &m->allocs[a]);
  ck_assert_ptr_nonnull(at);
  ck_assert_uint_eq(at->rank, 3);
  ck_assert_int_eq(at->numel, 1024);
  ck_assert_uint_eq(at->arank, 3);
  rig_down(&r);
}
END_TEST

/* A triangular nest (the inner bound is the outer index: a causal range) inside a loop of
 * %n trips, beside a loop inside one of no iteration. */
static const char *k_nest = HDR
  "  tt.func public @k(%n: i32) {\n"
  "    %c0 = arith.constant 0 : i32\n"
  "    %c1 = arith.constant 1 : i32\n"
  "    scf.for %i = %c0 to %n step %c1 : i32 {\n"
  "      scf.for %j = %c0 to %i step %c1 : i32 {\n"
  "      }\n"
  "    }\n"
  "    scf.for %k = %c0 to %c0 step %c1 : i32 {\n"
  "      scf.for %l = %c0 to %n step %c1 : i32 {\n"
  "      }\n"
  "    }\n"
  "    tt.return\n"
  "  }\n"
  "}\n";

/* sim_static_loop_counts (sim_compile_static.c): every count each loop takes, the enclosing
 * loops' iterations enumerated; sim_static_loops cannot compute the triangular loop's. */
START_TEST(static_loop_counts) {
  ir_diag d = {0};
  ir_module *m = ir_parse(k_nest, strlen(k_nest), "t.ttgir", &d);
  ck_assert_msg(m, "parse: %s", d.msg);
  const ir_func *fn = m->funcs[0];
  uint64_t args[1] = {4};
  sim_static_loop l[8];
  ck_assert_uint_eq(sim_static_loops(fn, args, 1, NULL, NULL, l, 8), 4);
  ck_assert_int_eq(l[0].trips, 4);
  ck_assert_int_eq(l[1].trips, -1); /* its bound is the enclosing index */
  ck_assert_int_eq(l[3].trips, 4);  /* evaluated although it never runs */
  sim_static_counts c[8];
  ck_assert_uint_eq(sim_static_loop_counts(fn, args, 1, NULL, NULL, false, 0, 0, c, 8), 4);
  ck_assert_uint_eq(c[0].n, 1);
  ck_assert_int_eq(c[0].trips[0], 4);
  ck_assert_uint_eq(c[1].n, 4); /* 0, 1, 2, 3: one per iteration of the outer loop */
  for (int64_t t = 0; t < 4; t++) ck_assert_int_eq(c[1].trips[t], t);
  ck_assert(!c[1].partial);
  ck_assert_uint_eq(c[2].n, 1);
  ck_assert_int_eq(c[2].trips[0], 0);
  ck_assert_uint_eq(c[3].n, 0); /* inside a loop of no iteration: never reached */
  /* past 64 enclosing iterations the rest are not enumerated, and that is said */
  args[0] = 100;
  sim_static_loop_counts(fn, args, 1, NULL, NULL, false, 0, 0, c, 8);
  ck_assert(c[1].partial);
  ck_assert_uint_eq(c[1].n, SIM_STATIC_COUNTS);
  /* sim_static_loop_takes asks one loop for one count along the same enumeration */
  args[0] = 4;
  for (int64_t t = 0; t < 4; t++) ck_assert(sim_static_loop_takes(fn, args, 1, NULL, NULL, l[1].op, t));
  ck_assert(!sim_static_loop_takes(fn, args, 1, NULL, NULL, l[1].op, 4));
  ck_assert(sim_static_loop_takes(fn, args, 1, NULL, NULL, l[0].op, 4));
  ck_assert(!sim_static_loop_takes(fn, args, 1, NULL, NULL, l[0].op, 3));
  ck_assert(!sim_static_loop_takes(fn, args, 1, NULL, NULL, l[3].op, 4)); /* never reached */
  args[0] = 100; /* the 64-iteration cut: count 70 is past it, 63 within */
  ck_assert(sim_static_loop_takes(fn, args, 1, NULL, NULL, l[1].op, 63));
  ck_assert(!sim_static_loop_takes(fn, args, 1, NULL, NULL, l[1].op, 70));
  ir_module_free(m);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_compile");
  TCase *t = tcase_create("compile");
  tcase_add_test(t, agents_and_regions);
  tcase_add_test(t, flattened_control);
  tcase_add_test(t, visibility_and_immediates);
  tcase_add_test(t, loop_trip_count_bound);
  tcase_add_test(t, loop_induction_wrap);
  tcase_add_test(t, unsupported_op_refused);
  tcase_add_test(t, cf_blocks);
  tcase_add_test(t, decoded_types);
  tcase_add_test(t, static_loop_counts);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
