#!/bin/bash
# How long after a process first posts work a second thread joins it: Dispatch's
# concurrentPerform against Locking's WorkerPool (the pool concurrentMap runs on), each cold or
# asked for early (`-warm`).
#
#     thread_start.sh [RUNS]
#
# Builds ThreadStartBench/main.swift with Sources/Locking/WorkerPool.swift (swiftc -O), then runs
# RUNS fresh processes of each side, alternating, and prints each side's arrivals sorted and how
# many never came within 5 ms (the caller then does the work alone).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
runs=${1:-30}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftc -O -module-name ThreadStart -o "$work/thread-start" \
    "$here/ThreadStartBench/main.swift" "$here/../Sources/Locking/WorkerPool.swift"
for side in dispatch dispatch-warm pool pool-warm; do : > "$work/$side"; done
for _ in $(seq "$runs"); do
    for side in dispatch dispatch-warm pool pool-warm; do "$work/thread-start" "$side" >> "$work/$side"; done
done
for side in dispatch dispatch-warm pool pool-warm; do
    never=$(grep -c never "$work/$side" || true)
    times=$(grep -v never "$work/$side" | sort -n | awk '{printf "%.2f ", $1}')
    echo "$side: $never of $runs never joined within 5 ms; arrivals (ms): $times"
done
