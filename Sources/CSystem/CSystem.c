#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "CSystem.h"

#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
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
