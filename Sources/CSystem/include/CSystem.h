#ifndef NAVINSPECT_CSYSTEM_H
#define NAVINSPECT_CSYSTEM_H

/// Returns memory that malloc holds but no longer uses to the operating system.
/// Returns 1 when some memory was released.
int navinspect_release_free_memory(void);

#endif
