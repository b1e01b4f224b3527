#include "CSystem.h"

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
