// Only the header matters: it declares LLVMFuzzerRunDriver, which libFuzzer (-sanitize=fuzzer) defines.
#include "LibFuzzerDriver.h"
