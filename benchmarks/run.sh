#!/usr/bin/env bash
# Builds navinspect in release mode, generates the benchmark documents (once) and
# runs bench.py, which writes benchmarks/RESULTS.md.
#
#   benchmarks/run.sh            # the full run
#   benchmarks/run.sh --quick    # few repetitions, writes benchmarks/data/RESULTS-quick.md
#
# Extra arguments are passed to bench.py.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
data="$here/data"
python="${PYTHON:-python3}"
seed=1

cd "$repo"

echo "== building navinspect (release, .build-release)" >&2
swift build -c release --scratch-path .build-release
bin="$(swift build -c release --scratch-path .build-release --show-bin-path)/navinspect"
[[ -x "$bin" ]] || { echo "error: no executable at $bin" >&2; exit 1; }

mkdir -p "$data"
for spec in 1k:1000 100k:100000 1m:1000000; do
    name="${spec%%:*}"
    count="${spec#*:}"
    file="$data/tree-$name.json"
    # The sidecar is written last, so a document without one is incomplete.
    if [[ -s "$file" && -s "$file.meta.json" ]]; then
        echo "== $file: present, not regenerated" >&2
        continue
    fi
    echo "== generating $file ($count coordinators)" >&2
    rm -f "$file" "$file.meta.json"
    "$python" "$here/generate_tree.py" --coordinators "$count" --seed "$seed" --out "$file"
    if [[ "$name" == 1k ]]; then
        "$python" "$here/check_tree.py" "$file"
        "$bin" validate "$file"
    fi
done

echo "== measuring" >&2
# Before each part, waits for other processes to leave the cores alone: at most
# BENCH_WAIT_IDLE seconds in all (default 15 minutes; bench.py --wait-idle).
"$python" "$here/bench.py" --bin "$bin" --data "$data" --wait-idle "${BENCH_WAIT_IDLE:-900}" "$@"
