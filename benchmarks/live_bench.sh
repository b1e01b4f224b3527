#!/usr/bin/env bash
# Benchmarks of the live app (NavinspectRuntime and the daemon's live source), in release mode:
# the app's cost of a snapshot and send of a 500-coordinator tree, the latency from an app's
# change to the editor's navinspect/treeDidChange, and the daemon's memory for 10,000 generations.
# Prints the figures and the machine; benchmarks/RESULTS.md keeps a run of them.
#   benchmarks/live_bench.sh [--iterations N]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

swift build -c release --scratch-path .build-release --product navinspect >&2
swift build -c release --scratch-path .build-release --product live-bench >&2
bin="$(swift build -c release --scratch-path .build-release --show-bin-path)"

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, kernel $(uname -r)"
echo "swift: $(swift --version 2>&1 | head -1)"
echo "navinspect: $(git log -1 --format='%h %s' | cut -c1-80)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin/live-bench" --navinspect "$bin/navinspect" "$@"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
