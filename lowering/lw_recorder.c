/* lw_recorder.c: the hang recorder (`tlx-verify lower --recorder`, docs/lowering.md "Hang
 * recorder"). A wait whose first try_wait fails spins in a slow loop that reads %globaltimer;
 * once it has spun longer than tlxv_rec_timeout, lane 0 of the warp writes a record (op id,
 * barrier, parity, test_wait, raw word, times) to the host-mapped buffer tlxv_rec, and the
 * first warp of a CTA to do so dumps every barrier of the shared-memory plan. Warps mark
 * themselves exited at kernel exit, and resumed when a recorded wait passes later. Nothing
 * traps: the runner's watchdog reads the buffer while the kernel spins. The buffer layout is
 * lowering/runner/rec_abi.h; the side table (op id -> FILE:LINE, barrier offsets) is written
 * as "// tlxv-rec-..." lines of the PTX header. Without --recorder nothing here is called. */
#include <stdio.h>
#include <string.h>

#include "lw_int.h"
#include "runner/rec_abi.h"

/* ------------------------------------------------------------------ the plan's barriers */

/* Barriers are the i64 local_allocs of the plan (mbarriers are 64-bit words; the verifier's
 * model has no other i64 shared buffers in the kernels it accepts): one entry per 8-byte
 * element. */
static bool is_bar_alloc(const lw_ctx *c, const ir_op *op) {
  if (op->code != IR_OP_TTG_LOCAL_ALLOC || op->n_results != 1) return false;
  if (c->plan.off[op->id] == LW_NO_OFF) return false;
  const ir_type *t = op->results[0]->type;
  return t && t->kind == IR_T_MEMDESC && t->elem && t->elem->kind == IR_T_INT && t->elem->bits == 64;
}

static uint32_t alloc_elems(const ir_op *op) {
  const ir_type *t = op->results[0]->type;
  uint64_t n = 1;
  for (int d = 0; d < t->rank; d++) n *= (uint64_t)t->shape[d];
  return n > 4096 ? 4096 : (uint32_t)n;
}

static void walk_bars(lw_ctx *c, const ir_op *op, bool fill) {
  if (is_bar_alloc(c, op)) {
    uint32_t n = alloc_elems(op);
    for (uint32_t k = 0; k < n; k++) {
      if (fill) c->rec.bars[c->rec.nbars] = (lw_recbar){.alloc = op, .idx = k, .off = c->plan.off[op->id] + 8 * k};
      c->rec.nbars++;
    }
  }
  for (uint32_t r = 0; r < op->n_regions; r++)
    for (uint32_t b = 0; b < op->regions[r]->n_blocks; b++)
      for (const ir_op *o = op->regions[r]->blocks[b]->first; o; o = o->next) walk_bars(c, o, fill);
}

void lw_rec_analyze(lw_ctx *c) {
  if (!c->recorder) return;
  c->rec.nbars = 0;
  walk_bars(c, c->fn->op, false);
  c->rec.bars = lw_alloc(c, (c->rec.nbars + 1) * sizeof *c->rec.bars);
  c->rec.nbars = 0;
  walk_bars(c, c->fn->op, true);
  c->rec.ops = lw_alloc(c, (c->fn->n_ops + 1) * sizeof *c->rec.ops);
  c->rec.nops = 0;
}

/* ------------------------------------------------------------------ small emitters */

static lw_ssa gtimer(lw_ctx *c) {
  return lw_asm(c, "i64", "mov.u64 $0, %globaltimer;", "=l", NULL, NULL, 0, 0);
}

static lw_ssa load_global(lw_ctx *c, const char *sym, const char *ty) {
  lw_ssa p = lw_op(c, "llvm.mlir.addressof @%s : !llvm.ptr<1>", sym);
  return lw_op(c, "llvm.load %s : !llvm.ptr<1> -> %s", lw_n(c, p), ty);
}

static lw_ssa zext64(lw_ctx *c, lw_ssa v) { return lw_cast(c, "llvm.zext", v, "i32", "i64"); }

/* Volatile store of an i64 to word idx (i64) of the host buffer hp. */
static void put_word(lw_ctx *c, lw_ssa hp, lw_ssa idx, int64_t plus, lw_ssa v) {
  lw_ssa i = plus ? lw_bin_imm(c, "llvm.add", idx, plus, "i64") : idx;
  lw_ssa p = lw_op(c, "llvm.getelementptr %s[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64", lw_n(c, hp), lw_n(c, i));
  lw_stmt(c, "llvm.store volatile %s, %s : i64, !llvm.ptr<1>", lw_n(c, v), lw_n(c, p));
}

static void fence_sys(lw_ctx *c) { lw_asm(c, NULL, "fence.acq_rel.sys;", "", NULL, NULL, 0, 0); }

/* Raw 64-bit word of the barrier at shared address a (i32). */
static lw_ssa bar_word(lw_ctx *c, lw_ssa a) {
  const char *ty = "i32";
  return lw_asm(c, "i64", "ld.volatile.shared.u64 $0, [$1];", "=l,r", &a, &ty, 1, 0);
}

/* Function prologue shared by the helpers: returns to ^ret unless this is lane 0 of a warp of
 * a CTA with room in the buffer and the recorder is on. Sets *hp (buffer), *slot (word index
 * of the warp's record), *cta (i64 linear CTA id) and *nct (i64 CTAs with room). */
static void slot_prologue(lw_ctx *c, uint32_t ret, lw_ssa *hp, lw_ssa *slot, lw_ssa *cta, lw_ssa *nct) {
  lw_ssa tid = lw_op(c, "nvvm.read.ptx.sreg.tid.x : i32");
  lw_ssa lane = lw_bin_imm(c, "llvm.and", tid, 31, "i32");
  lw_ssa l0 = lw_icmp(c, "eq", lane, lw_i32(c, 0), "i32");
  uint32_t b1 = lw_newblk(c), b2 = lw_newblk(c);
  lw_cond_br(c, l0, b1, ret);
  lw_block(c, b1);
  lw_ssa rec = load_global(c, "tlxv_rec", "i64");
  lw_ssa n32 = load_global(c, "tlxv_rec_ctas", "i32");
  lw_ssa cx = lw_op(c, "nvvm.read.ptx.sreg.ctaid.x : i32"), cy = lw_op(c, "nvvm.read.ptx.sreg.ctaid.y : i32");
  lw_ssa cz = lw_op(c, "nvvm.read.ptx.sreg.ctaid.z : i32");
  lw_ssa nx = zext64(c, lw_op(c, "nvvm.read.ptx.sreg.nctaid.x : i32"));
  lw_ssa ny = zext64(c, lw_op(c, "nvvm.read.ptx.sreg.nctaid.y : i32"));
  lw_ssa yz = lw_bin(c, "llvm.add", zext64(c, cy), lw_bin(c, "llvm.mul", ny, zext64(c, cz), "i64"), "i64");
  *cta = lw_bin(c, "llvm.add", zext64(c, cx), lw_bin(c, "llvm.mul", nx, yz, "i64"), "i64");
  *nct = zext64(c, n32);
  lw_ssa room = lw_icmp(c, "ult", *cta, *nct, "i64");
  lw_ssa on = lw_icmp(c, "ne", rec, lw_const_int(c, "i64", 0), "i64");
  lw_cond_br(c, lw_bin(c, "llvm.and", room, on, "i1"), b2, ret);
  lw_block(c, b2);
  *hp = lw_op(c, "llvm.inttoptr %s : i64 to !llvm.ptr<1>", lw_n(c, rec));
  lw_ssa warp = zext64(c, lw_bin_imm(c, "llvm.lshr", tid, 5, "i32"));
  lw_ssa w = lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.mul", *cta, c->threads / 32, "i64"), warp, "i64");
  *slot = lw_bin_imm(c, "llvm.add", lw_bin_imm(c, "llvm.mul", w, REC_WARP_WORDS, "i64"), REC_HDR_WORDS, "i64");
}

/* Ends a recorder function: a branch to its return block ret, the return, the closing brace. */
static void func_return(lw_ctx *c, lw_sb *o, uint32_t ret) {
  lw_br(c, ret, NULL, NULL, 0);
  lw_block(c, ret);
  lw_stmt(c, "llvm.return");
  lw_sb_printf(o, "  }\n");
}

/* @tlxv_rec_hit(bar, parity, op, spins, t0, now, base): the timed-out wait's record and, the
 * first time in the CTA, the barrier dump. */
static void emit_hit(lw_ctx *c, lw_sb *o) {
  lw_ssa a = lw_new(c), par = lw_new(c), opid = lw_new(c), spins = lw_new(c), t0 = lw_new(c),
         now = lw_new(c), base = lw_new(c);
  lw_sb_printf(o, "  llvm.func internal @tlxv_rec_hit(%%v%u: i32, %%v%u: i32, %%v%u: i32, %%v%u: i32, "
               "%%v%u: i64, %%v%u: i64, %%v%u: i32) attributes {always_inline} {\n",
               a, par, opid, spins, t0, now, base);
  uint32_t ret = lw_newblk(c);
  lw_ssa hp, slot, cta, nct;
  slot_prologue(c, ret, &hp, &slot, &cta, &nct);
  lw_ssa raw = bar_word(c, a);
  lw_ssa tw = lw_mbar_parity(c, false, a, par);
  lw_ssa off = zext64(c, lw_bin(c, "llvm.sub", a, base, "i32"));
  lw_ssa pw = lw_bin_imm(c, "llvm.shl", zext64(c, lw_bin_imm(c, "llvm.and", par, 1, "i32")), 32, "i64");
  lw_ssa tww = lw_bin_imm(c, "llvm.shl", zext64(c, tw), 33, "i64");
  lw_ssa wbar = lw_bin(c, "llvm.or", lw_bin(c, "llvm.or", off, pw, "i64"), tww, "i64");
  put_word(c, hp, slot, REC_W_BAR, wbar);
  put_word(c, hp, slot, REC_W_WORD, raw);
  put_word(c, hp, slot, REC_W_TIME, now);
  put_word(c, hp, slot, REC_W_START, t0);
  put_word(c, hp, slot, REC_W_SPINS, zext64(c, spins));
  fence_sys(c);
  lw_ssa st = lw_bin_imm(c, "llvm.or", lw_bin_imm(c, "llvm.shl", zext64(c, opid), 32, "i64"), REC_ST_WAIT, "i64");
  put_word(c, hp, slot, REC_W_STATE, st);
  fence_sys(c);
  if (c->rec.nbars) {
    /* dump = HDR + nct * warps * WARP_WORDS + cta * (1 + nbars) */
    lw_ssa wa = lw_bin_imm(c, "llvm.mul", nct, (int64_t)(c->threads / 32) * REC_WARP_WORDS, "i64");
    lw_ssa d = lw_bin(c, "llvm.add", lw_bin_imm(c, "llvm.add", wa, REC_HDR_WORDS, "i64"),
                      lw_bin_imm(c, "llvm.mul", cta, 1 + (int64_t)c->rec.nbars, "i64"), "i64");
    lw_ssa fp = lw_op(c, "llvm.getelementptr %s[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64", lw_n(c, hp), lw_n(c, d));
    lw_ssa flag = lw_op(c, "llvm.load volatile %s : !llvm.ptr<1> -> i64", lw_n(c, fp));
    uint32_t dump = lw_newblk(c);
    lw_cond_br(c, lw_icmp(c, "eq", flag, lw_const_int(c, "i64", 0), "i64"), dump, ret);
    lw_block(c, dump);
    /* A loop over the table @tlxv_rec_bars (byte offsets), its bound read from
     * @tlxv_rec_nbars: both are mutable globals, so LLVM keeps one loop instead of unrolling
     * loads and stores per barrier into every wait. */
    uint32_t lp = lw_newblk(c), body = lw_newblk(c), out = lw_newblk(c);
    lw_ssa nb = load_global(c, "tlxv_rec_nbars", "i32");
    lw_ssa z = lw_i32(c, 0);
    static const char *const ity[1] = {"i32"};
    lw_br(c, lp, &z, ity, 1);
    lw_ssa k = lw_new(c);
    lw_block_args(c, lp, &k, ity, 1);
    lw_cond_br(c, lw_icmp(c, "ult", k, nb, "i32"), body, out);
    lw_block(c, body);
    lw_ssa tp = lw_op(c, "llvm.mlir.addressof @tlxv_rec_bars : !llvm.ptr<1>");
    lw_ssa ep = lw_op(c, "llvm.getelementptr %s[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32", lw_n(c, tp), lw_n(c, k));
    lw_ssa bo = lw_op(c, "llvm.load %s : !llvm.ptr<1> -> i32", lw_n(c, ep));
    lw_ssa w = bar_word(c, lw_bin(c, "llvm.add", base, bo, "i32"));
    put_word(c, hp, lw_bin(c, "llvm.add", d, zext64(c, k), "i64"), 1, w);
    lw_ssa k1 = lw_bin_imm(c, "llvm.add", k, 1, "i32");
    lw_stmt(c, "llvm.br ^bb%u(%s : i32) {loop_annotation = #llvm.loop_annotation<unroll = "
               "#llvm.loop_unroll<disable = true>>}", lp, lw_n(c, k1));
    lw_block(c, out);
    fence_sys(c);
    put_word(c, hp, d, 0, lw_bin_imm(c, "llvm.or", now, 1, "i64"));
    fence_sys(c);
  }
  func_return(c, o, ret);
}

/* @tlxv_rec_mark(state): the warp's state word (exited, or resumed at op id). */
static void emit_mark(lw_ctx *c, lw_sb *o) {
  lw_ssa st = lw_new(c);
  lw_sb_printf(o, "  llvm.func internal @tlxv_rec_mark(%%v%u: i64) attributes {always_inline} {\n", st);
  uint32_t ret = lw_newblk(c);
  lw_ssa hp, slot, cta, nct;
  slot_prologue(c, ret, &hp, &slot, &cta, &nct);
  put_word(c, hp, slot, REC_W_STATE, st);
  fence_sys(c);
  func_return(c, o, ret);
}

/* @tlxv_rec_wait(bar, parity, op, base): the slow path of a wait, entered when its first
 * try_wait failed; returns once the barrier's phase completed. One copy called from every wait
 * (ptxas saves what is live around the call, on the slow path only), except in kernels that use
 * setmaxnreg: ptxas cannot allocate registers there for a real call (C7600), so it is inlined. */
static void emit_wait(lw_ctx *c, lw_sb *o) {
  lw_ssa a = lw_new(c), phase = lw_new(c), oid = lw_new(c), base = lw_new(c);
  lw_sb_printf(o, "  llvm.func internal @tlxv_rec_wait(%%v%u: i32, %%v%u: i32, %%v%u: i32, %%v%u: i32) "
               "attributes {%s} {\n", a, phase, oid, base, c->ws.realloc ? "always_inline" : "no_inline");
  uint32_t spin = lw_newblk(c), passed = lw_newblk(c), resume = lw_newblk(c), check = lw_newblk(c),
           hit = lw_newblk(c), done = lw_newblk(c);
  /* Few values live around the spin (it runs where the kernel's own registers are live): the
   * globals are read again at each check, and the hit recomputes what it needs. */
  lw_ssa t0 = gtimer(c);
  lw_ssa z = lw_i32(c, 0);
  lw_ssa init[2] = {z, z};
  static const char *const ity[2] = {"i32", "i32"};
  lw_br(c, spin, init, ity, 2);
  lw_ssa n = lw_new(c), recd = lw_new(c);
  lw_ssa sargs[2] = {n, recd};
  lw_block_args(c, spin, sargs, ity, 2);
  lw_ssa ok = lw_mbar_parity(c, true, a, phase);
  lw_cond_br(c, lw_icmp(c, "ne", ok, z, "i32"), passed, check);
  lw_block(c, passed);
  lw_cond_br(c, lw_icmp(c, "ne", recd, z, "i32"), resume, done);
  lw_block(c, resume);
  lw_ssa rs = lw_bin_imm(c, "llvm.or", lw_bin_imm(c, "llvm.shl", zext64(c, oid), 32, "i64"), REC_ST_RESUMED, "i64");
  lw_stmt(c, "llvm.call @tlxv_rec_mark(%s) : (i64) -> ()", lw_n(c, rs));
  lw_br(c, done, NULL, NULL, 0);
  lw_block(c, check);
  lw_ssa now = gtimer(c);
  lw_ssa rec = load_global(c, "tlxv_rec", "i64");
  lw_ssa to = load_global(c, "tlxv_rec_timeout", "i64");
  lw_ssa on = lw_icmp(c, "ne", rec, lw_const_int(c, "i64", 0), "i64");
  lw_ssa el = lw_bin(c, "llvm.sub", now, t0, "i64");
  lw_ssa n1 = lw_bin_imm(c, "llvm.add", n, 1, "i32");
  lw_ssa late = lw_icmp(c, "ugt", el, to, "i64");
  lw_ssa fresh = lw_icmp(c, "eq", recd, z, "i32");
  lw_ssa go = lw_bin(c, "llvm.and", lw_bin(c, "llvm.and", late, fresh, "i1"), on, "i1");
  lw_stmt(c, "llvm.cond_br %s, ^bb%u, ^bb%u(%s, %s : i32, i32)", lw_n(c, go), hit, spin, lw_n(c, n1),
          lw_n(c, recd));
  lw_block(c, hit);
  lw_stmt(c, "llvm.call @tlxv_rec_hit(%s, %s, %s, %s, %s, %s, %s) : (i32, i32, i32, i32, i64, i64, i32) -> ()",
          lw_n(c, a), lw_n(c, phase), lw_n(c, oid), lw_n(c, n1), lw_n(c, t0), lw_n(c, now), lw_n(c, base));
  lw_ssa one = lw_i32(c, 1);
  lw_ssa again[2] = {n1, one};
  lw_br(c, spin, again, ity, 2);
  lw_block(c, done);
  lw_stmt(c, "llvm.return");
  lw_sb_printf(o, "  }\n");
}

/* ------------------------------------------------------------------ what the kernel calls */

void lw_rec_wait_slow(lw_ctx *c, const ir_op *op, lw_ssa a, lw_ssa phase, uint32_t slow,
                      uint32_t done) {
  if (c->rec.nops > c->fn->n_ops) { /* a wait emitted more often than there are ops */
    lw_fail(c, op, "the hang recorder's op table is full");
    return;
  }
  c->rec.ops[c->rec.nops++] = op;
  lw_block(c, slow);
  lw_ssa base = c->smem ? lw_smem_u32(c, c->smem) : lw_i32(c, 0);
  lw_ssa oid = lw_i32(c, c->rec.nops);
  lw_stmt(c, "llvm.call @tlxv_rec_wait(%s, %s, %s, %s) : (i32, i32, i32, i32) -> ()", lw_n(c, a),
          lw_n(c, phase), lw_n(c, oid), lw_n(c, base));
  lw_br(c, done, NULL, NULL, 0);
}

void lw_rec_exit(lw_ctx *c) {
  if (!c->recorder) return;
  lw_ssa st = lw_const_int(c, "i64", REC_ST_EXITED);
  lw_stmt(c, "llvm.call @tlxv_rec_mark(%s) : (i64) -> ()", lw_n(c, st));
}

void lw_rec_globals(lw_ctx *c, lw_sb *module) {
  if (!c->recorder) return;
  lw_sb_printf(module, "  llvm.mlir.global external @tlxv_rec(0 : i64) {addr_space = 1 : i32, alignment = 8 : i64} : i64\n");
  lw_sb_printf(module, "  llvm.mlir.global external @tlxv_rec_timeout(0 : i64) {addr_space = 1 : i32, alignment = 8 : i64} : i64\n");
  lw_sb_printf(module, "  llvm.mlir.global external @tlxv_rec_ctas(0 : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32\n");
  if (!c->rec.nbars) return;
  lw_sb_printf(module, "  llvm.mlir.global external @tlxv_rec_nbars(%u : i32) {addr_space = 1 : i32, alignment = 4 : i64} : i32\n",
               c->rec.nbars);
  lw_sb_printf(module, "  llvm.mlir.global external @tlxv_rec_bars(dense<[");
  for (uint32_t k = 0; k < c->rec.nbars; k++) lw_sb_printf(module, "%s%u", k ? ", " : "", c->rec.bars[k].off);
  lw_sb_printf(module, "]> : tensor<%uxi32>) {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<%u x i32>\n",
               c->rec.nbars, c->rec.nbars);
}

int lw_rec_funcs(lw_ctx *c, lw_sb *module) {
  if (!c->recorder) return 0;
  lw_sb f = {0};
  lw_sb *saved = c->out;
  c->out = &f;
  emit_hit(c, &f);
  emit_mark(c, &f);
  emit_wait(c, &f);
  c->out = saved;
  lw_sb_put(module, f.p ? f.p : "", f.n);
  lw_sb_free(&f);
  return 0;
}

/* s with the bytes ptxas refuses in a PTX file (anything outside printable ASCII: it rejects
 * even comments with other bytes), spaces and '%' written as %HH (run_rec.c decodes them). */
static void put_ascii(lw_sb *o, const char *s) {
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p > 0x20 && *p < 0x7f && *p != '%') lw_sb_put(o, (const char *)p, 1);
    else lw_sb_printf(o, "%%%02X", *p);
  }
}

void lw_rec_header(lw_ctx *c, lw_sb *o) {
  if (!c->recorder) return;
  lw_sb_printf(o, "// tlxv-recorder version=%d warps=%d bars=%u ops=%u\n", REC_VERSION, c->threads / 32,
               c->rec.nbars, c->rec.nops);
  for (uint32_t i = 0; i < c->rec.nops; i++) {
    const ir_op *op = c->rec.ops[i];
    /* The op's user location (the Python line Triton keeps), else its line in the TTGIR. */
    const char *file = op->loc.file ? op->loc.file : (c->m->filename ? c->m->filename : "<input>");
    uint32_t line = op->loc.file ? op->loc.line : op->ir_line;
    lw_sb_printf(o, "// tlxv-rec-op %u ", i + 1);
    put_ascii(o, file);
    lw_sb_printf(o, ":%u\n", line);
  }
  for (uint32_t k = 0; k < c->rec.nbars; k++) {
    const lw_recbar *b = &c->rec.bars[k];
    const char *nm = b->alloc->results[0]->name;
    lw_sb_printf(o, "// tlxv-rec-bar %u off=%u name=", k, b->off);
    put_ascii(o, nm ? nm : "bar");
    lw_sb_printf(o, "[%u]\n", b->idx);
  }
}
