/* sym_api.c: the table of the Z3 layer's entry points (sym.h vf_sym_api), the one symbol the
 * module libtlxv-sym.so exports to the command (cli/cli_modload.c); also in the static
 * tlxv_symbolic, for the unit tests and fuzz targets that link the layer (vf_cli_sym_use). */
#include "sym.h"

const vf_sym_api *vf_sym_api_v1(void) {
  static const vf_sym_api api = {
      .version = VF_SYM_API_VERSION,
      .check = vf_sym_check,
      .suggest_args = vf_sym_suggest_args,
  };
  return &api;
}
