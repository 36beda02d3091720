#include "LibFuzzerDriver.h"

int fuzz_main(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size)) {
  return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
