#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CSystem.h"

#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

int navinspect_release_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

const void *navinspect_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

// A sanitizer's allocator stands in for malloc: the heap is its own, and takes no advice here.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define NAVINSPECT_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NAVINSPECT_SANITIZED 1
#endif

#if defined(__GLIBC__) && defined(MADV_HUGEPAGE) && !defined(NAVINSPECT_SANITIZED)
#define NAVINSPECT_ADVISES_HEAP 1
#endif

int navinspect_heap_takes_advice(void) {
#if defined(NAVINSPECT_ADVISES_HEAP)
    return 1;
#else
    return 0;
#endif
}

size_t navinspect_advise_large_pages(void) {
#if defined(NAVINSPECT_ADVISES_HEAP)
    const size_t pad = (size_t)64 << 20;
    const size_t probe_size = (size_t)1 << 20;
    const uintptr_t large_page = (uintptr_t)2 << 20;
    // Setting the pad turns off malloc's own raising of the size past which a block gets a
    // mapping of its own (from 128 KB up to 32 MB as large blocks are freed): it is set where that
    // raising ends, or every re-index would map and fault its large blocks afresh.
    if (mallopt(M_MMAP_THRESHOLD, 32 << 20) == 0) return 0;
    // The heap grows by the pad at a time from now on, so the growth made here is one mapping, and
    // a block larger than what is left at its top makes it grow now.
    if (mallopt(M_TOP_PAD, (int)pad) == 0) return 0;
    void *probe = malloc(probe_size);
    if (probe == NULL) return 0;
    uintptr_t start = ((uintptr_t)probe + large_page - 1) & ~(large_page - 1);
    uintptr_t end = (uintptr_t)sbrk(0) & ~(large_page - 1);
    size_t advised = 0;
    // From the probe to the break is what the heap just grew by: never more than the pad and the
    // probe. A larger range would not be the heap's growth, and is left alone.
    if (end > start && end - start <= pad + probe_size && madvise((void *)start, end - start, MADV_HUGEPAGE) == 0) {
        advised = end - start;
    }
    free(probe);
    return advised;
#else
    return 0;
#endif
}
