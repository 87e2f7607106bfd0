/* ir_enc.c: dialect attributes `#dialect.mnemonic<...>`: Triton layouts and memory spaces are
 * parsed into ir_encoding (the fields later stages need); others are kept as text. */
#include <assert.h>
#include <string.h>

#include "ir_priv.h"

static const struct {
  const char *mnemonic;
  ir_enckind kind;
  bool structured;             /* body parsed into items (else kept verbatim) */
} ir_enc_table[] = {
    {"ttg.blocked", IR_E_BLOCKED, true},
    {"ttg.slice", IR_E_SLICE, true},
    {"ttg.dot_op", IR_E_DOT_OP, true},
    {"ttg.nvidia_mma", IR_E_NVIDIA_MMA, true},
    {"ttg.linear", IR_E_LINEAR, true},
    {"ttg.nvmma_shared", IR_E_NVMMA_SHARED, true},
    {"ttg.swizzled_shared", IR_E_SWIZZLED_SHARED, true},
    {"ttg.padded_shared", IR_E_PADDED_SHARED, false},
    {"ttg.shared_linear", IR_E_SHARED_LINEAR, true},
    {"ttng.tensor_memory_encoding", IR_E_TMEM, true},
    {"ttng.tensor_memory_scales_encoding", IR_E_TMEM_SCALES, true},
    {"ttg.amd_mfma", IR_E_AMD_MFMA, true},
    {"ttg.amd_wmma", IR_E_AMD_WMMA, true},
    {"ttg.amd_rotating_shared", IR_E_AMD_ROTATING_SHARED, true},
    {"ttg.shared_memory", IR_E_SPACE_SHARED, true},
    {"ttng.tensor_memory", IR_E_SPACE_TMEM, true},
    {"ttng.shared_cluster_memory", IR_E_SPACE_CLUSTER, true},
};

/* Named parameter k of an encoding: `k = v` items first, then inside `{...}` items. */
static const ir_attr *ir_enc_get(const ir_attr *params, const char *k) {
  if (!params) return NULL;
  for (uint32_t i = 0; i < params->n; i++)
    if (params->names[i] && !strcmp(params->names[i], k)) return params->elems[i];
  for (uint32_t i = 0; i < params->n; i++)
    if (!params->names[i] && params->elems[i]->kind == IR_A_DICT) {
      const ir_attr *v = ir_dict_get(params->elems[i], k);
      if (v) return v;
    }
  return NULL;
}

/* Where the encoding being filled was written, for range errors (its parameters are 32-bit
 * fields: Triton declares them `unsigned`, and a value that does not fit is refused here
 * rather than truncated). */
typedef struct ir_encpos {
  ir_parser *P;
  const char *mnemonic;
  uint32_t line, col;
} ir_encpos;

static int32_t ir_enc_i32(const ir_encpos *w, const char *k, int64_t v) {
  if (v < INT32_MIN || v > INT32_MAX)
    ir_fail_at(w->P, w->line, w->col, "parameter '%s' of #%s is %lld: out of range for a 32-bit value",
               k, w->mnemonic, (long long)v);
  return (int32_t)v;
}

static int32_t ir_enc_int(const ir_encpos *w, const ir_attr *params, const char *k, int32_t dflt) {
  const ir_attr *a = ir_enc_get(params, k);
  if (a && (a->kind == IR_A_INT || a->kind == IR_A_BOOL)) return ir_enc_i32(w, k, a->ival);
  return dflt;
}

/* Integer list parameter ([1, 2] or array<i32: 1, 2>) into out; returns its length. */
static int ir_enc_ints(const ir_encpos *w, const ir_attr *params, const char *k, int32_t *out, int max) {
  const ir_attr *a = ir_enc_get(params, k);
  if (!a) return 0;
  int n = 0;
  if (a->kind == IR_A_ARRAY) {
    for (uint32_t i = 0; i < a->n && n < max; i++)
      if (a->elems[i]->kind == IR_A_INT) out[n++] = ir_enc_i32(w, k, a->elems[i]->ival);
  } else if (a->kind == IR_A_DENSE_ARRAY) {
    for (uint32_t i = 0; i < a->n && n < max; i++) out[n++] = ir_enc_i32(w, k, a->ivals[i]);
  }
  return n;
}

static void ir_enc_fill(const ir_encpos *w, ir_encoding *e) {
  const ir_attr *p = e->params;
  e->cta_layout = ir_enc_get(p, "CGALayout");
  if (!e->cta_layout) e->cta_layout = ir_enc_get(p, "CTALayout");
  ir_enc_ints(w, p, "CTAsPerCGA", e->ctas_per_cga, IR_MAX_RANK);
  ir_enc_ints(w, p, "CTASplitNum", e->cta_split_num, IR_MAX_RANK);
  ir_enc_ints(w, p, "CTAOrder", e->cta_order, IR_MAX_RANK);
  switch (e->kind) {
  case IR_E_BLOCKED:
    e->rank = (uint8_t)ir_enc_ints(w, p, "sizePerThread", e->size_per_thread, IR_MAX_RANK);
    ir_enc_ints(w, p, "threadsPerWarp", e->threads_per_warp, IR_MAX_RANK);
    ir_enc_ints(w, p, "warpsPerCTA", e->warps_per_cta, IR_MAX_RANK);
    ir_enc_ints(w, p, "order", e->order, IR_MAX_RANK);
    break;
  case IR_E_SLICE:
    e->dim = ir_enc_int(w, p, "dim", 0);
    e->parent = ir_enc_get(p, "parent");
    break;
  case IR_E_DOT_OP:
    e->op_idx = ir_enc_int(w, p, "opIdx", 0);
    e->k_width = ir_enc_int(w, p, "kWidth", 0);
    e->parent = ir_enc_get(p, "parent");
    break;
  case IR_E_NVIDIA_MMA:
    e->version_major = ir_enc_int(w, p, "versionMajor", 0);
    e->version_minor = ir_enc_int(w, p, "versionMinor", 0);
    e->rank = (uint8_t)ir_enc_ints(w, p, "warpsPerCTA", e->warps_per_cta, IR_MAX_RANK);
    ir_enc_ints(w, p, "instrShape", e->instr_shape, 3);
    break;
  case IR_E_AMD_MFMA:
  case IR_E_AMD_WMMA:
    e->version_major = ir_enc_int(w, p, "version", 0);
    e->rank = (uint8_t)ir_enc_ints(w, p, "warpsPerCTA", e->warps_per_cta, IR_MAX_RANK);
    ir_enc_ints(w, p, "instrShape", e->instr_shape, 3);
    e->transposed = ir_enc_int(w, p, e->kind == IR_E_AMD_MFMA ? "isTransposed" : "isTranspose", 0);
    ir_enc_ints(w, p, "tilesPerWarp", e->tiles_per_warp, IR_MAX_RANK);
    e->element_bits = ir_enc_int(w, p, "elementBitWidth", 0);
    break;
  case IR_E_NVMMA_SHARED:
    e->swizzle_bytes = ir_enc_int(w, p, "swizzlingByteWidth", 0);
    e->transposed = ir_enc_int(w, p, "transposed", 0);
    e->element_bits = ir_enc_int(w, p, "elementBitWidth", 0);
    e->element_bytes = (e->element_bits + 7) / 8;
    e->fp4_padded = ir_enc_int(w, p, "fp4Padded", 0);
    e->rank = (uint8_t)ir_enc_int(w, p, "rank", 0);
    break;
  case IR_E_SWIZZLED_SHARED: case IR_E_AMD_ROTATING_SHARED:
    e->vec = ir_enc_int(w, p, "vec", 0);
    e->per_phase = ir_enc_int(w, p, "perPhase", 0);
    e->max_phase = ir_enc_int(w, p, "maxPhase", 0);
    e->rank = (uint8_t)ir_enc_ints(w, p, "order", e->order, IR_MAX_RANK);
    break;
  case IR_E_TMEM:
    e->block_m = ir_enc_int(w, p, "blockM", 0);
    e->block_n = ir_enc_int(w, p, "blockN", 0);
    e->col_stride = ir_enc_int(w, p, "colStride", ir_enc_int(w, p, "unpacked", 0));
    e->two_ctas = ir_enc_int(w, p, "twoCTAs", 0);
    break;
  default: break;
  }
}

const ir_attr *ir_parse_dialect_attr(ir_parser *P, const char *mnemonic) {
  ir_encoding e = {.kind = IR_E_OTHER, .mnemonic = mnemonic};
  bool structured = false;
  for (size_t i = 0; i < sizeof ir_enc_table / sizeof ir_enc_table[0]; i++)
    if (!strcmp(ir_enc_table[i].mnemonic, mnemonic)) {
      e.kind = ir_enc_table[i].kind;
      structured = ir_enc_table[i].structured;
    }
  ir_encpos w = {P, mnemonic, P->L.tok.line, P->L.tok.col};
  if (ir_is_punct(P, '<')) {
    e.has_body = true;
    if (!structured) {
      e.raw = ir_capture_angle(P);
    } else {
      ir_lex_next(P);
      ir_vec names = IR_VEC(P), vals = IR_VEC(P);
      if (!ir_is_punct(P, '>')) {
        do {
          const char *name = NULL;
          if (P->L.tok.kind == TK_BARE) {
            ir_lexer save = P->L;
            ir_lex_next(P);
            bool eq = ir_is_punct(P, '=');
            P->L = save;
            if (eq) {
              name = ir_tok_intern(P);
              ir_lex_next(P);
              ir_lex_next(P);
            }
          }
          const ir_attr *v = ir_is_punct(P, '{') ? ir_parse_attr_dict(P) : ir_parse_attr(P);
          ir_vec_push(&names, (void *)name);
          ir_vec_push(&vals, (void *)v);
        } while (ir_eat_punct(P, ','));
      }
      bool ok = ir_is_punct(P, '>');
      ir_attr params = {.kind = IR_A_DICT, .names = (const char **)names.v,
                        .elems = (const ir_attr **)vals.v, .n = (uint32_t)names.n};
      if (ok) e.params = ir_attr_unique(P, &params);
      ir_vec_free(&names);
      ir_vec_free(&vals);
      if (!ok) {
        char b[64];
        ir_fail(P, "expected ',' or '>' in #%s<...>, found %s", mnemonic,
                ir_describe_tok(&P->L.tok, b, sizeof b));
      }
      ir_lex_next(P);
      ir_enc_fill(&w, &e);
    }
  }
  ir_attr a = {.kind = IR_A_ENCODING, .enc = &e};
  return ir_attr_unique(P, &a);
}

void ir_print_encoding(const ir_encoding *e, FILE *out) {
  fprintf(out, "#%s", e->mnemonic);
  if (!e->has_body) return;
  fputc('<', out);
  if (e->raw) {
    fputs(e->raw, out);
  } else if (e->params) {
    for (uint32_t i = 0; i < e->params->n; i++) {
      if (i) fputs(", ", out);
      if (e->params->names[i]) fprintf(out, "%s = ", e->params->names[i]);
      ir_print_attr(e->params->elems[i], out);
    }
  }
  fputc('>', out);
}
