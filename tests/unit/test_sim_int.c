/* test_sim_int.c: the one definition of integer semantics (sim_int.c) that verify mode
 * (sim_scalar.c) and simulate mode (data_elem.c) both use: every i8 operand pair of every
 * binary op against a reference computed in wider arithmetic, the 64-bit corners (INT_MIN / -1
 * for every signed division, which C leaves undefined), division by zero refused, shifts past
 * the width, and the comparisons under each predicate. */
#include <check.h>
#include <stdint.h>

#include "sim/sim_internal.h"
#include "check_run.h"

static int64_t floordiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static int64_t ceildiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

/* The i8 result of op on a, b (as signed values), computed in 64-bit arithmetic and wrapped;
 * false for a division by zero. */
static bool ref8(ir_opcode c, int64_t a, int64_t b, uint8_t *out) {
  uint64_t ua = (uint8_t)a, ub = (uint8_t)b;
  int64_t r;
  switch (c) {
  case IR_OP_ARITH_ADDI: r = a + b; break;
  case IR_OP_ARITH_SUBI: r = a - b; break;
  case IR_OP_ARITH_MULI: r = a * b; break;
  case IR_OP_ARITH_ANDI: r = a & b; break;
  case IR_OP_ARITH_ORI: r = a | b; break;
  case IR_OP_ARITH_XORI: r = a ^ b; break;
  case IR_OP_ARITH_SHLI: r = ub >= 8 ? 0 : (int64_t)(ua << ub); break;
  case IR_OP_ARITH_SHRUI: r = ub >= 8 ? 0 : (int64_t)(ua >> ub); break;
  case IR_OP_ARITH_SHRSI: r = ub >= 8 ? (a < 0 ? -1 : 0) : a >> ub; break;
  case IR_OP_ARITH_MAXSI: r = a > b ? a : b; break;
  case IR_OP_ARITH_MINSI: r = a < b ? a : b; break;
  case IR_OP_ARITH_MAXUI: r = (int64_t)(ua > ub ? ua : ub); break;
  case IR_OP_ARITH_MINUI: r = (int64_t)(ua < ub ? ua : ub); break;
  case IR_OP_ARITH_DIVSI: if (!b) return false; r = a / b; break; /* -128 / -1 = 128 wraps to -128 */
  case IR_OP_ARITH_REMSI: if (!b) return false; r = a % b; break;
  case IR_OP_ARITH_CEILDIVSI: if (!b) return false; r = ceildiv(a, b); break;
  case IR_OP_ARITH_FLOORDIVSI: if (!b) return false; r = floordiv(a, b); break;
  case IR_OP_ARITH_DIVUI: if (!ub) return false; r = (int64_t)(ua / ub); break;
  case IR_OP_ARITH_REMUI: if (!ub) return false; r = (int64_t)(ua % ub); break;
  case IR_OP_ARITH_CEILDIVUI: if (!ub) return false; r = (int64_t)((ua + ub - 1) / ub); break;
  default: ck_abort_msg("no reference for op %d", c); return false;
  }
  *out = (uint8_t)r;
  return true;
}

static const ir_opcode binops[] = {
    IR_OP_ARITH_ADDI,  IR_OP_ARITH_SUBI,  IR_OP_ARITH_MULI,      IR_OP_ARITH_ANDI,
    IR_OP_ARITH_ORI,   IR_OP_ARITH_XORI,  IR_OP_ARITH_SHLI,      IR_OP_ARITH_SHRUI,
    IR_OP_ARITH_SHRSI, IR_OP_ARITH_MAXSI, IR_OP_ARITH_MINSI,     IR_OP_ARITH_MAXUI,
    IR_OP_ARITH_MINUI, IR_OP_ARITH_DIVSI, IR_OP_ARITH_REMSI,     IR_OP_ARITH_CEILDIVSI,
    IR_OP_ARITH_FLOORDIVSI, IR_OP_ARITH_DIVUI, IR_OP_ARITH_REMUI, IR_OP_ARITH_CEILDIVUI};

START_TEST(every_i8_pair) {
  uint64_t checked = 0;
  for (size_t k = 0; k < sizeof binops / sizeof *binops; k++)
    for (int64_t a = -128; a < 128; a++)
      for (int64_t b = -128; b < 128; b++) {
        uint8_t want;
        uint64_t got = 0xdead;
        bool ok = ref8(binops[k], a, b, &want);
        /* operands in the bits convention (zero-extended), with junk above the width */
        bool r = sim_int_binop(binops[k], 8, (uint64_t)(uint8_t)a | 0xab00, (uint64_t)(uint8_t)b, &got);
        if (r != ok || (ok && got != want)) /* (one check per pair would take minutes) */
          ck_abort_msg("%s %lld %lld: %d %llu, want %d %u", ir_ops[binops[k]].name, (long long)a,
                       (long long)b, r, (unsigned long long)got, ok, want);
        checked++;
      }
  ck_assert_uint_eq(checked, 20 * 65536);
}
END_TEST

START_TEST(wide_corners) {
  uint64_t out;
  const uint64_t min = (uint64_t)INT64_MIN, m1 = UINT64_MAX;
  ck_assert(sim_int_binop(IR_OP_ARITH_DIVSI, 64, min, m1, &out) && out == min);
  ck_assert(sim_int_binop(IR_OP_ARITH_CEILDIVSI, 64, min, m1, &out) && out == min);
  ck_assert(sim_int_binop(IR_OP_ARITH_FLOORDIVSI, 64, min, m1, &out) && out == min);
  ck_assert(sim_int_binop(IR_OP_ARITH_REMSI, 64, min, m1, &out) && out == 0);
  ck_assert(!sim_int_binop(IR_OP_ARITH_DIVUI, 64, 5, 0, &out));
  ck_assert(sim_int_binop(IR_OP_ARITH_SHLI, 64, 1, 64, &out) && out == 0);
  ck_assert(sim_int_binop(IR_OP_ARITH_SHRSI, 64, min, 200, &out) && out == m1);
  ck_assert(sim_int_binop(IR_OP_ARITH_ADDI, 32, 0xffffffffu, 1, &out) && out == 0); /* wraps */
  ck_assert(sim_int_binop(IR_OP_ARITH_SUBI, 1, 0, 1, &out) && out == 1);            /* i1 */
  ck_assert(!sim_int_binop(IR_OP_ARITH_CMPI, 32, 1, 2, &out)); /* not a binary op */
}
END_TEST

START_TEST(comparisons) {
  /* i8 -1 (0xff) against 1: signed less, unsigned greater */
  static const bool want[10] = {false, true, true, true, false, false, false, false, true, true};
  for (int p = 0; p < 10; p++) ck_assert_msg(sim_cmpi(p, 8, 0xff, 1) == want[p], "cmpi %d", p);
  ck_assert(sim_cmpi(0, 8, 0x1ff, 0xff)); /* bits above the width do not count */
  double nan = __builtin_nan("");
  ck_assert(!sim_cmpf(1, nan, nan) && sim_cmpf(8, nan, 1.0)); /* oeq / ueq */
  ck_assert(sim_cmpf(14, nan, 0) && !sim_cmpf(7, nan, 0));    /* uno / ord */
  ck_assert(sim_cmpf(4, -1.0, 0.0) && !sim_cmpf(0, 0, 0) && sim_cmpf(15, 0, 0));
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_int");
  TCase *t = tcase_create("int");
  tcase_add_test(t, every_i8_pair);
  tcase_add_test(t, wide_corners);
  tcase_add_test(t, comparisons);
  suite_add_tcase(s, t);
  return tu_run_suite(s);
}
