#!/bin/bash
# The word scan of two revisions, in paired runs: A B A B ..., the median of the pairs' ratios.
#
#     word_scan_paired.sh REV_A REV_B ROUNDS APP [APP ...]
#
# REV is a git revision of this repository, or `worktree` for the files as they are. Each build
# compiles that revision's Sources/SourceIndex/WordScan*.swift and WordHashes.swift with
# WordScanBench/main.swift (swiftc -O, whole module, no exclusivity checks, as the release build)
# and, where the scan uses it, the bench's ByteSearch.swift; a run prints the best of seven passes
# over every Swift file of the app, held in memory, on one thread.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
a=$1 b=$2 rounds=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
build() {
    local rev=$1 out=$2 dir
    dir=$(mktemp -d -p "$work")
    local files
    if [ "$rev" = worktree ]; then
        files=$(cd "$repo/Sources/SourceIndex" && ls WordScan*.swift WordHashes.swift)
    else
        files=$(git -C "$repo" ls-tree --name-only "$rev" Sources/SourceIndex/ | sed 's|.*/||' | grep -E '^(WordScan.*|WordHashes)\.swift$')
    fi
    for file in $files; do
        if [ "$rev" = worktree ]; then
            cp "$repo/Sources/SourceIndex/$file" "$dir/$file"
        else
            git -C "$repo" show "$rev:Sources/SourceIndex/$file" > "$dir/$file"
        fi
    done
    # The scan looks for a line's end through ByteSearch since it was split into files.
    if grep -q ByteSearch "$dir"/*.swift; then cp "$here/WordScanBench/ByteSearch.swift" "$dir/"; fi
    swiftc -O -wmo -enforce-exclusivity=unchecked -o "$out" "$here/WordScanBench/main.swift" "$dir"/*.swift
}
build "$a" "$work/a"
build "$b" "$work/b"
echo "word scan, $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); A=$a B=$b; $rounds rounds"
for app in "$@"; do
    ratios=()
    times_a=()
    times_b=()
    for ((round = 0; round < rounds; round++)); do
        if ((round % 2 == 0)); then
            ra=$("$work/a" "$app"); rb=$("$work/b" "$app")
        else
            rb=$("$work/b" "$app"); ra=$("$work/a" "$app")
        fi
        read -r ta files found_a <<< "$ra"
        read -r tb _ found_b <<< "$rb"
        if [ "$found_a" != "$found_b" ]; then echo "$app: the revisions find different declarations ($found_a, $found_b)" >&2; fi
        times_a+=("$ta"); times_b+=("$tb")
        ratios+=("$(echo "$tb / $ta" | bc -l)")
    done
    median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
    printf '%s: %s files, A %.2f ms, B %.2f ms (medians), B / A %.3f (median of paired ratios; %.3f to %.3f)\n' \
        "$(basename "$app")" "$files" "$(median "${times_a[@]}")" "$(median "${times_b[@]}")" "$(median "${ratios[@]}")" \
        "$(printf '%s\n' "${ratios[@]}" | sort -g | head -1)" "$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)"
done
