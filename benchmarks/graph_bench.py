#!/usr/bin/env python3
"""Measures `navinspect graph` and `navinspect report` beyond the index they start with.

    graph_bench.py --bin .build-release/release/navinspect --app benchmarks/data/app-3000 \
        --tree benchmarks/data/tree-10k.json [--runs 5] [--out FILE]

For the app (sources) and the tree document, each command is run --runs times, the commands
interleaved in every round (A B C A B C ...) so a slower minute hits them alike. The baseline is
`query tree --depth 0 --json`: the same load (index or document, validated into a tree) and a
one-line answer. "Beyond the load" is a command's median minus the baseline's median. Output
sizes, and for the graph how many coordinators were drawn, are printed too.
"""

import argparse
import os
import platform
import statistics
import subprocess
import time


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{result.stderr.decode()[-2000:]}")
    return elapsed, len(result.stdout), result.stderr.decode()


def measure(binary, where, runs):
    commands = {
        "baseline: query tree --depth 0 --json": [binary, "query", "tree", *where, "--depth", "0", "--json"],
        "graph --format mermaid": [binary, "graph", *where, "--format", "mermaid"],
        "graph --format dot": [binary, "graph", *where, "--format", "dot"],
        "graph --format svg": [binary, "graph", *where, "--format", "svg"],
        "graph --format svg --max-nodes 0 --max-children 0 (everything)": [
            binary, "graph", *where, "--format", "svg", "--max-nodes", "0", "--max-children", "0"],
        "report": [binary, "report", *where],
    }
    times = {name: [] for name in commands}
    sizes = {}
    notes = {}
    for name, command in commands.items():
        timed(command)  # one uncounted warm-up run each, so the files are in the page cache
    for _ in range(runs):
        for name, command in commands.items():
            elapsed, size, stderr = timed(command)
            times[name].append(elapsed)
            sizes[name] = size
            notes[name] = next((line for line in stderr.splitlines() if "showing" in line), "")
    baseline = statistics.median(times["baseline: query tree --depth 0 --json"])
    rows = []
    for name in commands:
        median = statistics.median(times[name])
        rows.append((name, median, median - baseline, min(times[name]), sizes[name], notes[name]))
    return rows


def table(title, rows, runs):
    lines = [f"### {title}", "", f"{runs} runs each, interleaved; median and minimum wall time.", "",
             "| Command | median | beyond the load | min | output | note |", "|---|---|---|---|---|---|"]
    for name, median, beyond, minimum, size, note in rows:
        beyond_text = "—" if name.startswith("baseline") else f"{beyond * 1000:.0f} ms"
        note = note.replace("navinspect: ", "").split(";")[0]
        lines.append(f"| `{name}` | {median * 1000:.0f} ms | {beyond_text} | {minimum * 1000:.0f} ms | "
                     f"{size / 1024:.0f} KB | {note} |")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--app", required=True, help="a folder of Swift sources (generate_app.py)")
    parser.add_argument("--tree", help="a tree document (generate_tree.py), e.g. of 10,000 coordinators")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out")
    arguments = parser.parse_args()

    swift_files = sum(1 for _, _, files in os.walk(arguments.app) for name in files if name.endswith(".swift"))
    text = [f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
            f"{platform.system()} {platform.release()}; load average at start {os.getloadavg()[0]:.2f}.", ""]
    text.append(table(f"Sources: {os.path.basename(arguments.app.rstrip('/'))} ({swift_files} Swift files)",
                      measure(arguments.bin, ["--source", arguments.app], arguments.runs),
                      arguments.runs))
    if arguments.tree:
        text.append(table(f"Tree document: {os.path.basename(arguments.tree)}",
                          measure(arguments.bin, ["--tree", arguments.tree], arguments.runs), arguments.runs))
    output = "\n".join(text)
    print(output)
    if arguments.out:
        with open(arguments.out, "w") as file:
            file.write(output)


if __name__ == "__main__":
    main()
