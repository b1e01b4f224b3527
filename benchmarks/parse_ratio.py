#!/usr/bin/env python3
"""`navinspect index` against `swiftc -frontend -parse` on the same files, app by app, in paired runs.

    parse_ratio.py --bin BIN --app DIR [--app DIR ...] [--rounds 7] [--changes 10] [--out FILE]

For each app and each round, `swiftc -frontend -parse` runs once over the Swift files navinspect
reads (the same folders skipped: `swift_files` of source_bench.py, passed in a response file) and
`navinspect index DIR` runs once; the order alternates between rounds (A B, B A, ...), so a drift
in the machine's speed falls on both. Per app it reports both medians and the median over rounds
of the ratio navinspect / swiftc within a round: on a machine whose speed drifts, only ratios of
neighbouring runs compare. With --changes N (default 10; 0 to skip) it also re-indexes a copy of
the app through the server after one coordinator file changed (`reindex` of source_bench.py) and
reports the median of the N loads. The machine and the load average at start and end are printed.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paired_index import machine  # noqa: E402
from source_bench import reindex, response_file, swift_files, timed  # noqa: E402


def load_average():
    with open("/proc/loadavg") as handle:
        return " / ".join(handle.read().split()[:3])


def navinspect_file_count(binary, app):
    """The number of Swift files navinspect says it read (its summary line on stderr)."""
    completed = subprocess.run([binary, "index", app, "-o", os.devnull], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    found = re.search(r"navinspect: (\d+) Swift files \((\d+) parsed\)", completed.stderr)
    return (int(found.group(1)), int(found.group(2))) if found else (None, None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--app", action="append", required=True)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--out")
    args = parser.parse_args()
    started_load = load_average()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    rows = []
    for app in args.app:
        app = os.path.abspath(app)
        files = swift_files(app)
        counted, parsed = navinspect_file_count(args.bin, app)
        if counted is not None and counted != len(files):
            print("warning: %s: navinspect read %d Swift files, the compiler is given %d" % (app, counted, len(files)),
                  file=sys.stderr)
        listing = response_file(files)
        swiftc = ["swiftc", "-frontend", "-parse", "@" + listing]
        index = [args.bin, "index", app, "-o", os.devnull]
        # One uncounted run of each: the files are then in the page cache for both. A file the
        # compiler could not open would make its run short: that is an error, not a figure.
        warm = subprocess.run(swiftc, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if "error opening input file" in warm.stderr or "no such file" in warm.stderr.lower():
            raise RuntimeError("swiftc could not read a file of %s: %s" % (app, warm.stderr[-500:]))
        timed(index)
        samples = {"swiftc": [], "index": []}
        for round_number in range(args.rounds):
            order = ("swiftc", "index") if round_number % 2 == 0 else ("index", "swiftc")
            for side in order:
                samples[side].append(timed(swiftc if side == "swiftc" else index)[0])
        os.unlink(listing)
        ratios = [b / a for a, b in zip(samples["swiftc"], samples["index"])]
        again = None
        if args.changes > 0:
            try:
                _, _, changed, _ = reindex(args.bin, app, args.changes)
                again = statistics.median(changed)
            except (RuntimeError, OSError) as error:
                print("%s: no re-index figure: %s" % (app, error), file=sys.stderr)
        rows.append((os.path.basename(app), len(files), parsed, statistics.median(samples["swiftc"]),
                     statistics.median(samples["index"]), statistics.median(ratios), min(ratios), max(ratios), again))
        print("%s done (%.2f)" % (os.path.basename(app), statistics.median(ratios)), file=sys.stderr)
    commit = subprocess.run(["git", "log", "-1", "--format=%h %s"], capture_output=True, text=True,
                            cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    lines = [
        "Machine: %s. navinspect %s (%s)." % (machine(), args.bin, commit),
        "Started %s; load average (1/5/15 min) %s at start, %s at end. %d rounds per app, swiftc and navinspect alternating."
        % (started, started_load, load_average(), args.rounds),
        "",
        "| app | Swift files (parsed by navinspect) | `swiftc -frontend -parse` median | `navinspect index` median "
        "| index / parse (median of paired ratios) | range of ratios | re-index after one changed file (median) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for app, count, parsed, swiftc, index, ratio, low, high, again in rows:
        lines.append("| %s | %d (%s) | %.1f ms | %.1f ms | %.2f | %.2f to %.2f | %s |" % (
            app, count, parsed if parsed is not None else "?", swiftc * 1000, index * 1000, ratio, low, high,
            "%.1f ms" % (again * 1000) if again is not None else ""))
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text + "\n")


if __name__ == "__main__":
    main()
