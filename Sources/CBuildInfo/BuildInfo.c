#include "BuildInfo.h"

// A build from a git checkout gets NAVINSPECT_COMMIT from Package.swift (Context.gitInformation).
// A build from a tarball made by `git archive` (a GitHub release, the Homebrew formula) has no git:
// .gitattributes marks this file export-subst, so git archive writes the commit in the line below.
#ifndef NAVINSPECT_COMMIT
#define NAVINSPECT_COMMIT "$Format:%H$"
#endif

const char *navinspect_build_commit(void) {
    return NAVINSPECT_COMMIT;
}
