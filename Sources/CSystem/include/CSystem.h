#ifndef NAVINSPECT_CSYSTEM_H
#define NAVINSPECT_CSYSTEM_H

#include <stddef.h>

/// Returns memory that malloc holds but no longer uses to the operating system.
/// Returns 1 when some memory was released.
int navinspect_release_free_memory(void);

/// The first occurrence of `needle` in `haystack`, or NULL: the C library's memmem, which Swift's
/// Glibc module does not expose (glibc declares it only for _GNU_SOURCE).
const void *navinspect_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/// Asks the system to back the heap with large pages (2 MB) where it can: an index touches tens
/// of megabytes once, and a page fault for each 4 KB of them was a few percent of its time. The
/// heap is made to grow by 64 MB now, and that mapping is advised; it grows 64 MB at a time from
/// then on, in mappings not advised. Blocks under 32 MB come from the heap (where glibc's own
/// threshold ends up once large blocks have been freed). Call it once, at the start of the
/// process. Returns how many bytes were advised: 0 where there is nothing to do (another C
/// library than glibc, a sanitizer's allocator).
size_t navinspect_advise_large_pages(void);

/// 1 where ``navinspect_advise_large_pages`` advises the heap (glibc's malloc, not a sanitizer's
/// allocator standing in for it), else 0.
int navinspect_heap_takes_advice(void);

#endif
