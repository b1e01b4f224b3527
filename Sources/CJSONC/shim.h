#ifndef NAVINSPECT_CJSONC_SHIM_H
#define NAVINSPECT_CJSONC_SHIM_H

// The one place that includes json-c. Only the JSON module imports CJSONC.
#include <json-c/json.h>

#endif
