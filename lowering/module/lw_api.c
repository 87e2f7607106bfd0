/* lw_api.c (the module's only source; not in the static tlxv_lowering): the table of entry points that libtlxv-lower.so exports (lw.h, LW_API_SYMBOL). */
#include "lowering/lw.h"

const lw_api *lw_api_v1(void) {
  static const lw_api api = {
      .version = LW_API_VERSION,
      .target_parse = lw_target_parse,
      .target_name = lw_target_name,
      .emit_parse = lw_emit_parse,
      .lower = lw_lower,
      .lower_opts = lw_lower_opts,
  };
  return &api;
}
