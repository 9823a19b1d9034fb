#include "CFuzzDriver.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// libFuzzer's entry point for programs with their own main() (in -sanitize=fuzzer's runtime).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *, size_t));
// Each fuzz target defines this in Swift with @_cdecl.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int kivash_fuzz_main(int argc, char **argv) {
  return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

void kivash_fuzz_fail(const char *message) {
  fprintf(stderr, "fuzz finding: %s\n", message);
  fflush(stderr);
  abort();
}
