/* test_ir_corpus.c: the nine real TTGIR files of tests/corpus/gluon parse into the right
 * structure: opcodes, operand segments, custom-form attributes, regions (warp_specialize
 * partitions, scf.for block arguments), dense numbering, resolved locations, and print back
 * byte-identical. */
#include "ir_test_util.h"
#include "check_run.h"

#ifndef TLXV_SRC
#define TLXV_SRC "."
#endif

static char *corpus_path(int bug, char *buf, size_t n) {
  const char *src = getenv("SRC") ? getenv("SRC") : TLXV_SRC;
  snprintf(buf, n, "%s/tests/corpus/gluon/ws_add.bug%d.ttgir", src, bug);
  return buf;
}

static ir_module *load(int bug) {
  char path[1024];
  ir_diag d = {0};
  ir_module *m = ir_parse_file(corpus_path(bug, path, sizeof path), &d);
  ck_assert_msg(m != NULL, "%s", d.msg ? d.msg : "?");
  return m;
}

static void expect_loc(ir_loc l, const char *want) {
  char buf[256];
  ck_assert_str_eq(ir_loc_str(l, buf, sizeof buf), want);
}

typedef struct numbering {
  unsigned char *vseen, *oseen;
  uint32_t nv, no;
} numbering;

static void mark_value(numbering *c, const ir_value *v) {
  ck_assert_uint_lt(v->id, c->nv);
  ck_assert_msg(!c->vseen[v->id], "value id %u used twice", v->id);
  c->vseen[v->id] = 1;
}

static void check_op(numbering *c, const ir_op *op) {
  ck_assert_uint_lt(op->id, c->no);
  ck_assert_msg(!c->oseen[op->id], "op id %u used twice", op->id);
  c->oseen[op->id] = 1;
  ck_assert_uint_le(op->n_segs, IR_MAX_SEGS);
  ck_assert_uint_eq(op->seg_start[op->n_segs], op->n_operands);
  for (uint32_t i = 0; i < op->n_operands; i++) ck_assert_ptr_nonnull(op->operands[i]->type);
  for (uint32_t i = 0; i < op->n_results; i++) {
    ck_assert_ptr_eq(op->results[i]->def, op);
    ck_assert_int_eq(op->results[i]->result_idx, (int)i);
    mark_value(c, op->results[i]);
  }
  for (uint32_t r = 0; r < op->n_regions; r++) {
    ck_assert_ptr_eq(op->regions[r]->parent, op);
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++) {
      const ir_block *bl = op->regions[r]->blocks[b];
      ck_assert_ptr_eq(bl->parent, op->regions[r]);
      for (uint32_t a = 0; a < bl->n_args; a++) {
        ck_assert_ptr_eq(bl->args[a]->block, bl);
        ck_assert_int_eq(bl->args[a]->result_idx, -1);
        mark_value(c, bl->args[a]);
      }
      for (const ir_op *o = bl->first; o; o = o->next) {
        ck_assert_ptr_eq(o->parent, bl);
        check_op(c, o);
      }
    }
  }
}

START_TEST(all_files_parse_and_print_identically) {
  for (int bug = 0; bug <= 8; bug++) {
    char path[1024];
    corpus_path(bug, path, sizeof path);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char *orig = calloc(1, 1 << 20);
    size_t n = fread(orig, 1, (1 << 20) - 1, f);
    fclose(f);
    ck_assert_uint_gt(n, 1000);
    ir_module *m = load(bug);
    ck_assert_uint_eq(m->n_funcs, 1);
    ir_func *fn = m->funcs[0];
    ck_assert_str_eq(fn->name, "ws_add_kernel");
    ck_assert(fn->is_public);
    /* dense numbering of values and ops in the function */
    numbering c = {calloc(fn->n_values, 1), calloc(fn->n_ops, 1), fn->n_values, fn->n_ops};
    check_op(&c, fn->op);
    for (uint32_t i = 0; i < fn->n_values; i++) ck_assert_msg(c.vseen[i], "value id %u unused", i);
    for (uint32_t i = 0; i < fn->n_ops; i++) ck_assert_msg(c.oseen[i], "op id %u unused", i);
    free(c.vseen);
    free(c.oseen);
    char *s = tu_print(m);
    ck_assert_msg(!strcmp(s, orig), "bug%d does not print back identically", bug);
    free(s);
    free(orig);
    ir_module_free(m);
  }
}
END_TEST

START_TEST(bug0_structure) {
  ir_module *m = load(0);
  ck_assert_str_eq(ir_module_target(m), "cuda:90");
  ck_assert_int_eq(ir_module_attr_int(m, "ttg.num-warps", 0), 4);
  ck_assert_int_eq(ir_module_attr_int(m, "ttg.num-ctas", 0), 1);
  ck_assert_int_eq(ir_module_attr_int(m, "ttg.maxnreg", 0), 128);
  ir_func *fn = ir_module_func(m, "ws_add_kernel");
  ck_assert_ptr_nonnull(fn);
  ck_assert_uint_eq(fn->type->n_inputs, 17);
  ck_assert_ptr_null(fn->arg_attrs[0]);
  ck_assert_int_eq(ir_dict_get(fn->arg_attrs[15], "tt.divisibility")->ival, 16);
  ir_block *entry = fn->op->regions[0]->blocks[0];
  ck_assert_str_eq(entry->args[15]->name, "xnumel");
  ck_assert_int_eq(entry->args[0]->type->kind, IR_T_TENSORDESC);
  expect_loc(entry->args[15]->loc, "kernels.py:95:0");

  /* allocations and barrier init */
  ir_op *alloc = tu_nth(m, IR_OP_TTG_LOCAL_ALLOC, 3);
  ck_assert_str_eq(alloc->results[0]->name, "le");
  const ir_type *t = alloc->results[0]->type;
  ck_assert_int_eq(t->kind, IR_T_MEMDESC);
  ck_assert_int_eq(t->shape[0], 2);
  ck_assert_int_eq(t->elem->bits, 64);
  ck_assert_int_eq(ir_type_encoding(t)->kind, IR_E_SWIZZLED_SHARED);
  expect_loc(alloc->loc, "kernels.py:101:54");
  ir_op *init = tu_nth(m, IR_OP_TTNG_INIT_BARRIER, 0);
  ck_assert_int_eq(ir_op_attr_int(init, "count", 0), 1);
  ir_op *idx = ir_seg(init, 0, NULL)->def;
  ck_assert_int_eq(idx->code, IR_OP_TTG_MEMDESC_INDEX);
  ck_assert_ptr_eq(ir_seg(idx, 0, NULL), alloc->results[0]);
  int64_t v;
  ck_assert(ir_value_const_int(ir_seg(idx, 1, NULL), &v));
  ck_assert_int_eq(v, 0);

  /* warp_specialize: default + two 1-warp partitions with the captures as arguments */
  ir_op *ws = tu_nth(m, IR_OP_TTG_WARP_SPECIALIZE, 0);
  ck_assert_uint_eq(ws->n_regions, 3);
  ck_assert_str_eq(ws->regions[0]->label, "default");
  ck_assert_str_eq(ws->regions[1]->label, "partition0");
  ck_assert_str_eq(ws->regions[2]->label, "partition1");
  ck_assert_int_eq(ws->regions[1]->num_warps, 1);
  ck_assert_int_eq(ws->regions[2]->num_warps, 1);
  uint32_t ncap;
  ir_seg(ws, 0, &ncap);
  ck_assert_uint_eq(ncap, 12);
  ck_assert_uint_eq(ws->regions[1]->blocks[0]->n_args, 12);
  ck_assert_ptr_eq(ws->regions[1]->blocks[0]->args[2]->type, ws->operands[2]->type);
  ck_assert_int_eq(ir_op_attr(ws, "requestedRegisters")->ivals[1], 24);
  ck_assert_int_eq(ws->regions[0]->blocks[0]->last->code, IR_OP_TTG_WARP_YIELD);
  ck_assert_int_eq(ws->regions[1]->blocks[0]->last->code, IR_OP_TTG_WARP_RETURN);

  /* the load partition's loop */
  ir_op *loop = tu_nth(m, IR_OP_SCF_FOR, 1);
  ck_assert_ptr_eq(loop->parent->parent, ws->regions[1]);
  ck_assert_uint_eq(loop->regions[0]->blocks[0]->n_args, 1);
  ck_assert_str_eq(loop->regions[0]->blocks[0]->args[0]->name, "i");
  ck_assert_int_eq(loop->regions[0]->blocks[0]->args[0]->type->bits, 32);
  expect_loc(loop->loc, "kernels.py:27:19");
  ir_op *wait = tu_nth(m, IR_OP_TTNG_WAIT_BARRIER, 2); /* default has two */
  uint32_t n;
  ck_assert_ptr_nonnull(ir_seg(wait, 2, &n)); /* pred */
  ck_assert_uint_eq(n, 1);
  ck_assert_ptr_null(ir_seg(wait, 3, &n)); /* no deps */
  ck_assert_uint_eq(n, 0);
  ck_assert_int_eq(ir_seg(wait, 1, NULL)->def->code, IR_OP_ARITH_XORI);
  expect_loc(wait->loc, "kernels.py:33:41");
  ir_op *expect = tu_nth(m, IR_OP_TTNG_BARRIER_EXPECT, 0);
  ck_assert_int_eq(ir_op_attr_int(expect, "size", 0), 16384);
  expect_loc(expect->loc, "kernels.py:40:43");
  ir_op *tma = tu_nth(m, IR_OP_TTNG_TMA_G2L, 0);
  ir_seg(tma, 1, &n);
  ck_assert_uint_eq(n, 2); /* coord */
  ck_assert_ptr_eq(ir_seg(tma, 3, NULL), expect->operands[0]); /* barrier */
  ck_assert_ptr_null(ir_seg(tma, 5, NULL));                    /* no multicast */
  expect_loc(tma->loc, "kernels.py:41:83");
  /* a library frame (standard.py) resolves to the user's call site */
  expect_loc(tu_nth(m, IR_OP_ARITH_ADDI, 0)->loc, "kernels.py:71:35");
  ir_op *sw = tu_nth(m, IR_OP_TTNG_TMA_STORE_WAIT, 0);
  ck_assert_int_eq(ir_op_attr_int(sw, "pendings", -1), 1);
  ir_op *arr = tu_nth(m, IR_OP_TTNG_ARRIVE_BARRIER, 2);
  ck_assert_int_eq(ir_seg(arr, 1, NULL)->def->code, IR_OP_ARITH_CMPI);
  ck_assert_str_eq(ir_op_attr(ir_seg(arr, 1, NULL)->def, "predicate")->str, "sge");
  ck_assert_int_eq(ir_op_attr(tu_nth(m, IR_OP_TTNG_FENCE_ASYNC_SHARED, 0), "bCluster")->ival, 0);
  ck_assert_str_eq(ir_op_attr(tu_nth(m, IR_OP_TT_GET_PROGRAM_ID, 0), "axis")->str, "x");
  ir_module_free(m);
}
END_TEST

START_TEST(planted_bugs_differ_where_expected) {
  /* bug3: expect asks for 1024 more bytes; bug7: ready barrier initialised with count 2 */
  ir_module *m = load(3);
  ck_assert_int_eq(ir_op_attr_int(tu_nth(m, IR_OP_TTNG_BARRIER_EXPECT, 0), "size", 0), 17408);
  ir_module_free(m);
  m = load(7);
  int twos = 0;
  for (int i = 0; i < 8; i++) twos += ir_op_attr_int(tu_nth(m, IR_OP_TTNG_INIT_BARRIER, i), "count", 0) == 2;
  ck_assert_int_eq(twos, 2);
  ir_module_free(m);
  m = load(2); /* the compute partition never arrives on the empty barrier */
  ck_assert_ptr_null(tu_nth(m, IR_OP_TTNG_ARRIVE_BARRIER, 2));
  ir_module_free(m);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("ir_corpus");
  TCase *tc = tcase_create("corpus");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, all_files_parse_and_print_identically);
  tcase_add_test(tc, bug0_structure);
  tcase_add_test(tc, planted_bugs_differ_where_expected);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return tu_run_suite(suite());
}
