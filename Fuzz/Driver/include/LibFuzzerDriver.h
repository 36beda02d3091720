// libFuzzer's entry for programs with a main of their own (compiler-rt's FuzzerInterface.h).
// SwiftPM links an executable target's main as `<Target>_main`; each target defines that symbol and
// hands its test function to libFuzzer through `fuzz_main`.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// Runs libFuzzer with the program's arguments on `callback`.
int fuzz_main(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size));
