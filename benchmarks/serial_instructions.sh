#!/bin/bash
# The instructions of one `navinspect index` that run on one core: callgrind with each thread
# counted apart, the main thread's total less what it ran inside `DispatchQueue.concurrentPerform`
# (the parallel maps, whose work both threads share).
#
#     serial_instructions.sh APP BIN [BIN ...]
#
# On two cores the index's time is about its serial work plus half its parallel work, so an
# instruction taken off the serial part counts twice what one taken off a parallel part does.
# Instructions do not drift with the machine; they are not time. Give stripped copies of the
# binaries (valgrind cannot read the toolchain's debug information). Needs valgrind.
set -euo pipefail
app=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total_of() { callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }
for binary in "$@"; do
    valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$work/out" "$binary" index "$app" -o /dev/null \
        > /dev/null 2>&1
    main=$(total_of "$work/out-01")
    parallel=$(callgrind_annotate --inclusive=yes "$work/out-01" 2>/dev/null \
        | awk '/17concurrentPerform10iterations/ && !found { gsub(",", "", $1); print $1; found = 1 }')
    total=0
    for part in "$work"/out-*; do total=$((total + $(total_of "$part"))); done
    echo "$(basename "$app") $binary: $((total / 1000000)) M instructions, $(((main - ${parallel:-0}) / 1000000)) M on one core"
    rm -f "$work"/out*
done
