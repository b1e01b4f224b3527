#ifndef NAVINSPECT_CSYSTEM_H
#define NAVINSPECT_CSYSTEM_H

#include <stddef.h>

/// Returns memory that malloc holds but no longer uses to the operating system.
/// Returns 1 when some memory was released.
int navinspect_release_free_memory(void);

/// The first occurrence of `needle` in `haystack`, or NULL: the C library's memmem, which Swift's
/// Glibc module does not expose (glibc declares it only for _GNU_SOURCE).
const void *navinspect_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

#endif
