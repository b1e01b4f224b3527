#ifndef NAVINSPECT_BUILD_INFO_H
#define NAVINSPECT_BUILD_INFO_H

/// The commit navinspect was built from: set by Package.swift from the git checkout, written by
/// `git archive` into a release tarball, or a "$Format" placeholder when neither knew it.
const char *navinspect_build_commit(void);

#endif
