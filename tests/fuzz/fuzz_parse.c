/* fuzz_parse.c: libFuzzer target for the TTGIR reader. Any input must give a module or one
 * diagnostic line (and at most one note line after it), never a crash; a module's printed
 * text must parse again and print the same (the fixpoint the printer promises), else the
 * target aborts. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *print_to_string(const ir_module *m, size_t *len) {
  char *text = NULL;
  FILE *f = open_memstream(&text, len);
  if (!f) abort();
  ir_print(m, f);
  fclose(f);
  return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ir_diag d = {0};
  ir_module *m = ir_parse((const char *)data, size, "fuzz.ttgir", &d);
  if (!m) {
    /* one line in the FILE:LINE:COL: error: form, then at most one FILE:LINE:COL: note: line */
    if (!d.msg || strncmp(d.msg, "fuzz.ttgir:", 11) || !strstr(d.msg, ": error: ")) abort();
    const char *nl = strchr(d.msg, '\n');
    if (nl && (strncmp(nl + 1, "fuzz.ttgir:", 11) || !strstr(nl + 1, ": note: ") || strchr(nl + 1, '\n') ||
               strstr(d.msg, ": error: ") > nl))
      abort();
    free(d.msg);
    return 0;
  }
  size_t n1, n2;
  char *p1 = print_to_string(m, &n1);
  ir_module_free(m);
  ir_diag d2 = {0};
  ir_module *m2 = ir_parse(p1, n1, "printed.ttgir", &d2);
  if (!m2) {
    fprintf(stderr, "printed text does not parse: %s\n--- printed ---\n%s\n", d2.msg, p1);
    abort();
  }
  char *p2 = print_to_string(m2, &n2);
  ir_module_free(m2);
  if (n1 != n2 || memcmp(p1, p2, n1)) {
    fprintf(stderr, "print is not a fixpoint\n--- first ---\n%s\n--- second ---\n%s\n", p1, p2);
    abort();
  }
  free(p1);
  free(p2);
  return 0;
}
