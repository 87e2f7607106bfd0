/* sim_int.c: integer semantics of the arith ops on values in the "bits" convention (sim.h):
 * widths, sign extension, the binary ops and the comparisons, one definition for verify mode
 * (sim_scalar.c) and simulate mode (data_elem.c). Integers wrap at their width (two's
 * complement, as PTX add / sub / mul.lo / div do); a division by zero is the caller's error. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "sim_internal.h"

int64_t sim_sext(uint64_t bits, unsigned w) {
  if (w >= 64) return (int64_t)bits;
  if (w == 0) return 0;
  uint64_t m = 1ull << (w - 1);
  bits &= (m << 1) - 1;
  return (int64_t)((bits ^ m) - m);
}

uint64_t sim_trunc(uint64_t v, unsigned w) {
  if (w >= 64) return v;
  return v & ((1ull << w) - 1);
}

bool sim_int_binop(ir_opcode c, unsigned w, uint64_t xa, uint64_t xb, uint64_t *out) {
  assert(w >= 1 && w <= 64);
  int64_t a = sim_sext(xa, w), b = sim_sext(xb, w);
  uint64_t ua = sim_trunc(xa, w), ub = sim_trunc(xb, w), r;
  switch (c) {
  case IR_OP_ARITH_ADDI: r = ua + ub; break;
  case IR_OP_ARITH_SUBI: r = ua - ub; break;
  case IR_OP_ARITH_MULI: r = ua * ub; break;
  case IR_OP_ARITH_ANDI: r = ua & ub; break;
  case IR_OP_ARITH_ORI: r = ua | ub; break;
  case IR_OP_ARITH_XORI: r = ua ^ ub; break;
  case IR_OP_ARITH_SHLI: r = ub >= w ? 0 : ua << ub; break;
  case IR_OP_ARITH_SHRUI: r = ub >= w ? 0 : ua >> ub; break;
  case IR_OP_ARITH_SHRSI: r = (uint64_t)(ub >= w ? (a < 0 ? -1 : 0) : a >> ub); break;
  case IR_OP_ARITH_MAXSI: r = (uint64_t)(a > b ? a : b); break;
  case IR_OP_ARITH_MINSI: r = (uint64_t)(a < b ? a : b); break;
  case IR_OP_ARITH_MAXUI: r = ua > ub ? ua : ub; break;
  case IR_OP_ARITH_MINUI: r = ua < ub ? ua : ub; break;
  case IR_OP_ARITH_DIVSI: case IR_OP_ARITH_REMSI: case IR_OP_ARITH_CEILDIVSI:
  case IR_OP_ARITH_FLOORDIVSI: {
    if (b == 0) return false;
    if (b == -1 && a == sim_sext(1ull << (w - 1), w)) { /* INT_MIN / -1 wraps */
      r = c == IR_OP_ARITH_REMSI ? 0 : (uint64_t)a;
      break;
    }
    int64_t q = a / b, rem = a % b; /* C rounds toward zero; rem has a's sign */
    if (c == IR_OP_ARITH_REMSI) q = rem;
    else if (c == IR_OP_ARITH_CEILDIVSI && rem != 0 && ((rem > 0) == (b > 0))) q++;
    else if (c == IR_OP_ARITH_FLOORDIVSI && rem != 0 && ((rem < 0) != (b < 0))) q--;
    r = (uint64_t)q;
    break;
  }
  case IR_OP_ARITH_DIVUI: case IR_OP_ARITH_REMUI: case IR_OP_ARITH_CEILDIVUI:
    if (ub == 0) return false;
    r = c == IR_OP_ARITH_REMUI ? ua % ub : c == IR_OP_ARITH_DIVUI ? ua / ub : ua / ub + (ua % ub != 0);
    break;
  default: return false;
  }
  *out = sim_trunc(r, w);
  return true;
}

bool sim_cmpi(int pred, unsigned w, uint64_t xa, uint64_t xb) {
  int64_t a = sim_sext(xa, w), b = sim_sext(xb, w);
  uint64_t ua = sim_trunc(xa, w), ub = sim_trunc(xb, w);
  switch (pred) {
  case 0: return ua == ub;
  case 1: return ua != ub;
  case 2: return a < b;
  case 3: return a <= b;
  case 4: return a > b;
  case 5: return a >= b;
  case 6: return ua < ub;
  case 7: return ua <= ub;
  case 8: return ua > ub;
  default: assert(pred == 9); return ua >= ub;
  }
}

bool sim_cmpf(int pred, double a, double b) {
  bool un = isnan(a) || isnan(b);
  switch (pred) {
  case 0: return false;
  case 1: return !un && a == b;
  case 2: return !un && a > b;
  case 3: return !un && a >= b;
  case 4: return !un && a < b;
  case 5: return !un && a <= b;
  case 6: return !un && a != b;
  case 7: return !un;
  case 8: return un || a == b;
  case 9: return un || a > b;
  case 10: return un || a >= b;
  case 11: return un || a < b;
  case 12: return un || a <= b;
  case 13: return un || a != b;
  case 14: return un;
  default: assert(pred == 15); return true;
  }
}
