#ifndef NAVINSPECT_FUZZ_DRIVER_H
#define NAVINSPECT_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that have their own main (LLVM 11 and later).
/// SwiftPM names an executable target's entry point `<Target>_main`, so each fuzz target
/// defines that function and hands control to libFuzzer through this driver.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
