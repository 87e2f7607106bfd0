/* sim_compile_mod.c: the compiler's decoding of the module attributes a machine is built from
 * (sim_internal.h sim_modattrs): the machine, the cluster rules (sim_pair.c) and the
 * tensor-memory checks (sim_tmem.c) read the decoded record, never the attribute dictionary. */
#include "sim_internal.h"

void sim_compile_modattrs(const ir_module *mod, sim_modattrs *out) {
  static const char *const dims[3] = {"ttg.cluster-dim-x", "ttg.cluster-dim-y", "ttg.cluster-dim-z"};
  out->target = ir_module_target(mod);
  out->threads_per_warp = ir_module_attr_int(mod, "ttg.threads-per-warp", 32);
  out->num_warps = ir_module_attr_int(mod, "ttg.num-warps", 4);
  out->num_ctas = ir_module_attr_int(mod, "ttg.num-ctas", 1);
  for (int k = 0; k < 3; k++) out->cluster_dim[k] = ir_module_attr_int(mod, dims[k], 1);
  out->two_ctas = ir_module_attr_int(mod, "ttng.two-ctas", -1);
  out->tlx_paired = ir_module_attr_int(mod, "tlx.enable_paired_cta_mma", 0);
  out->tmem_size = ir_module_attr_int(mod, "ttg.tensor_memory_size", -1);
  out->tlx_module = ir_module_attr_int(mod, "tlx.has_tlx_ops", 0) > 0 ||
                    ir_module_attr_int(mod, "tlx.has_warp_spec_ops", 0) > 0 ||
                    ir_module_attr_int(mod, "tlx.has_explicit_local_mem_access", 0) > 0;
}
