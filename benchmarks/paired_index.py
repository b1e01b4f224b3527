#!/usr/bin/env python3
"""Two navinspect binaries indexing the same apps, in paired runs: A B A B ...

    paired_index.py --a OLD --b NEW --app DIR [--app DIR ...] [--rounds 7] [--changes 10] [--out FILE]

For each app and each round, `navinspect index DIR` runs once with A and once with B (the order
alternates between rounds, so a drift in the machine's speed falls on both), and so does a server
session that re-indexes a copy of the app after one coordinator file changed (`reindex` of
source_bench.py: the median of `changes` re-indexes is one sample). The result for each measure is
the median over rounds of the ratio B / A within a round, with both medians beside it: on a
machine whose speed drifts, only ratios of neighbouring runs compare.
"""

import argparse
import os
import platform
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from source_bench import reindex, timed  # noqa: E402


def machine():
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return "%s, %d cores, %s" % (model or platform.processor(), os.cpu_count() or 0, platform.platform())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", required=True, help="the binary before")
    parser.add_argument("--b", required=True, help="the binary after")
    parser.add_argument("--app", action="append", required=True)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--changes", type=int, default=10, help="re-indexes per round; 0 times the index alone")
    parser.add_argument("--out")
    args = parser.parse_args()
    rows = []
    for app in args.app:
        index = {"a": [], "b": []}
        again = {"a": [], "b": []}
        for round_number in range(args.rounds):
            order = ("a", "b") if round_number % 2 == 0 else ("b", "a")
            for side in order:
                binary = getattr(args, side)
                index[side].append(timed([binary, "index", app, "-o", os.devnull])[0])
                if args.changes > 0:
                    _, _, changed, _ = reindex(binary, app, args.changes)
                    again[side].append(statistics.median(changed))
        measures = [("index", index)] + ([("re-index after one changed file", again)] if args.changes > 0 else [])
        for name, samples in measures:
            ratios = [b / a for a, b in zip(samples["a"], samples["b"])]
            rows.append((os.path.basename(os.path.normpath(app)), name, statistics.median(samples["a"]),
                         statistics.median(samples["b"]), statistics.median(ratios), min(ratios), max(ratios)))
    lines = [
        "Machine: %s. %d rounds, A and B alternating." % (machine(), args.rounds),
        "",
        "| app | measure | A median | B median | B / A (median of paired ratios) | range of ratios |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for app, name, a, b, ratio, low, high in rows:
        lines.append("| %s | %s | %.1f ms | %.1f ms | %.2f | %.2f to %.2f |" % (app, name, a * 1000, b * 1000, ratio, low, high))
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text + "\n")


if __name__ == "__main__":
    main()
