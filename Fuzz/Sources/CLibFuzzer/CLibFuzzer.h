// libFuzzer's entry points, for Swift (libFuzzer ships with the toolchain; -sanitize=fuzzer links it).
#include <stddef.h>
#include <stdint.h>

// The test of one input: every fuzz target defines it (`@_cdecl("LLVMFuzzerTestOneInput")`).
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// Runs libFuzzer with the command line's options and corpus folders, calling `test` with each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));
