#!/usr/bin/env bash
# scripts/install into a temporary PREFIX, then navinspect from another folder, found on the PATH.
#   Tests/Install/run.sh
# Installs the debug build (NAVINSPECT_BUILD_CONFIGURATION=debug) so it reuses the build the other
# tests made instead of paying for a release build; the release path differs only in -c release and
# the flags it adds (the Swift runtime linked in on Linux, no exported symbols, no exclusivity checks,
# optimization across modules).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install test: $*" >&2; exit 1; }

output=$(NAVINSPECT_BUILD_CONFIGURATION=debug "$root/scripts/install" "$work/prefix/bin" 2> "$work/stderr") \
    || { cat "$work/stderr" >&2; fail "scripts/install failed"; }
[[ -x "$work/prefix/bin/navinspect" ]] || fail "no binary at $work/prefix/bin/navinspect"
[[ "$output" == "installed $work/prefix/bin/navinspect ("*")" ]] || fail "it did not say where: $output"
grep -q "is not on your PATH" "$work/stderr" || fail "it did not say that the folder is not on the PATH"

mkdir "$work/elsewhere"
cd "$work/elsewhere"
export PATH="$work/prefix/bin:$PATH"
[[ "$(command -v navinspect)" == "$work/prefix/bin/navinspect" ]] || fail "navinspect on the PATH is $(command -v navinspect)"

version=$(navinspect --version)
if head=$(git -C "$root" rev-parse HEAD 2> /dev/null); then
    [[ "$version" == *"+$head" || "$version" == *"+$head.modified" ]] || fail "--version is $version, HEAD is $head"
fi
[[ "$output" == *"($version)" ]] || fail "install printed '$output', --version '$version'"

tree=$(navinspect query tree 2> "$work/query.stderr") || fail "navinspect query tree failed: $(cat "$work/query.stderr")"
[[ "$tree" == "AppCoordinator .app"* ]] || fail "query tree printed: $tree"
grep -q "built-in example" "$work/query.stderr" || fail "query tree did not name the built-in example"

# An argument too many is refused with the usage, before anything is built.
if "$root/scripts/install" a b 2> "$work/usage"; then fail "two arguments were accepted"; fi
grep -q "usage: scripts/install" "$work/usage" || fail "no usage for two arguments"
if NAVINSPECT_BUILD_CONFIGURATION=fast "$root/scripts/install" "$work/x" 2> "$work/config"; then fail "a bad configuration was accepted"; fi
grep -q "must be release or debug" "$work/config" || fail "a bad configuration was not named"

echo "install test: scripts/install into a temporary PREFIX, then navinspect $version from another folder: ok"
