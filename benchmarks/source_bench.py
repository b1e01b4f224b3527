#!/usr/bin/env python3
"""Indexing an app's Swift sources, side by side with the compiler's parser.

    source_bench.py --bin .build-release/release/navinspect --app DIR [--runs 5] [--changes 20]

Measures, on the same machine and the same list of files:
  * `swiftc -frontend -parse` over the files navinspect indexes (wall clock and CPU);
  * `navinspect index DIR`, as shipped (files that name no coordinator are scanned, not parsed),
    and with every file parsed (the hidden --parse-everything), to show what the skipping buys;
  * re-indexing through the server: `navinspect/load {"source": DIR}` cold, unchanged, and after
    one coordinator file changed on disk (a copy of the app is edited, never the original).
Prints a Markdown table; --out writes it to a file.
"""

import argparse
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LSPClient  # noqa: E402

SKIPPED = {"Pods", "Carthage", "DerivedData", "build", "Build", "Vendor", "vendor"}


def swift_files(app):
    """The files navinspect indexes: the same folders skipped (see SwiftFiles.isSkipped)."""
    found = []
    for root, dirs, files in os.walk(app):
        # A library kept inside the app (a folder with a podspec) has an example app of its own.
        is_library = root != app and any(name.endswith(".podspec") for name in files)
        dirs[:] = [d for d in dirs if not (d.startswith(".") or d in SKIPPED or d.endswith("Tests")
                                           or d.endswith(".xcassets") or d.endswith(".xctemplate")
                                           or (is_library and d in ("Example", "Examples")))]
        found += [os.path.join(root, name) for name in files
                  if name.endswith(".swift") and not is_test_code(os.path.join(root, name))]
    return sorted(found)


TEST_IMPORT = re.compile(rb"^[ \t]*(import XCTest\b|import Testing\b|@testable import )", re.M)


def is_test_code(path):
    """A test's file, which navinspect does not read (SwiftFiles.isTestCode): it imports XCTest or
    Swift Testing, or @testable imports a module, on a line of its own."""
    with open(path, "rb") as handle:
        return TEST_IMPORT.search(handle.read()) is not None


def response_file(files):
    """A response file for swiftc naming `files`, each quoted: app paths hold spaces."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("\n".join('"%s"' % path.replace("\\", "\\\\").replace('"', '\\"') for path in files))
    return listing.name


def timed(argv):
    """Wall seconds and child CPU seconds of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    completed = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode not in (0, 1):
        raise RuntimeError("%s failed: %s" % (argv[0], completed.stderr.decode()[-500:]))
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_run(argv, runs):
    results = [timed(argv) for _ in range(runs)]
    return statistics.median(r[0] for r in results), statistics.median(r[1] for r in results)


def edit(original, number):
    """The text of a coordinator's file after its `number`-th edit: a line in `start()` (or at the
    end), and on even edits a new method in an extension, so the file's result really changes."""
    edited = original.replace("func start() {", "func start() {\n        // edit %d" % number, 1)
    if edited == original:
        edited = original.rstrip() + "\n// edit %d\n" % number
    if number % 2 == 0:
        edited = edited.rstrip() + "\n\nextension %s { func extra%d() {} }\n" % (
            re.search(r"class (\w+(?:Coordinator|Flow|FlowController))\b", original).group(1), number)
    return edited


def reindex(binary, app, changes):
    """Cold, unchanged and one-file-changed loads of a copy of the app, through the server."""
    work = tempfile.mkdtemp(prefix="navinspect-bench-")
    copy = os.path.join(work, "app")
    shutil.copytree(app, copy)
    target = None
    fallback = None
    for path in swift_files(copy):
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        if re.search(r"class \w+Coordinator\b", text) and "func start()" in text:
            target, original = path, text
            break
        if fallback is None and re.search(r"class \w+(Coordinator|Flow|FlowController)\b", text):
            fallback = (path, text)
    if target is None:
        # Apps whose coordinators start otherwise (`start(animated:)`, RxFlow's flows, flow
        # controllers): the first file declaring a class named as a coordinator, flow or flow
        # controller; each edit then adds a line at its end.
        if fallback is None:
            raise RuntimeError("%s: no file declares a class named ...Coordinator, ...Flow or ...FlowController" % app)
        target, original = fallback
    client = LSPClient([binary, "serve"], reader_thread=True)
    client.initialize()

    def load():
        started = time.perf_counter()
        client.request("navinspect/load", {"source": copy}, timeout=600)
        return time.perf_counter() - started

    cold = load()
    unchanged = [load() for _ in range(changes)]
    changed = []
    for number in range(changes):
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(edit(original, number))
        changed.append(load())
    client.shutdown()
    shutil.rmtree(work, ignore_errors=True)
    return cold, unchanged, changed, os.path.relpath(target, copy)


def ms(seconds):
    return "%.1f ms" % (seconds * 1000)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--app", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--out")
    args = parser.parse_args()
    app = os.path.abspath(args.app)
    files = swift_files(app)
    lines = 0
    size = 0
    for path in files:
        with open(path, "rb") as handle:
            data = handle.read()
        size += len(data)
        lines += data.count(b"\n")
    listing = response_file(files)
    swiftc = median_run(["swiftc", "-frontend", "-parse", "@" + listing], args.runs)
    os.unlink(listing)
    shipped = median_run([args.bin, "index", app, "-o", os.devnull], args.runs)
    everything = median_run([args.bin, "index", app, "-o", os.devnull, "--parse-everything"], args.runs)
    cold, unchanged, changed, edited = reindex(args.bin, app, args.changes)
    commit = subprocess.run(["git", "log", "-1", "--oneline"], capture_output=True, text=True,
                            cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    rows = [
        ("`swiftc -frontend -parse` on the same files (median of %d)" % args.runs, swiftc),
        ("`navinspect index` (median of %d)" % args.runs, shipped),
        ("`navinspect index --parse-everything` (median of %d)" % args.runs, everything),
    ]
    report = [
        "Indexing %s: %d Swift files, %d lines, %.1f MB" % (os.path.basename(app), len(files), lines, size / 1e6),
        "Machine: %s, %d cores; navinspect %s" % (platform.processor() or platform.machine(), os.cpu_count(), commit),
        "", "| | wall | CPU (user+sys) |", "|---|---|---|"]
    report += ["| %s | %s | %s |" % (label, ms(wall), ms(cpu)) for label, (wall, cpu) in rows]
    report += [
        "", "| re-index through the server (`navinspect/load` with `source`) | p50 | p95 | max |", "|---|---|---|---|",
        "| cold (first load) | %s | | |" % ms(cold),
        "| nothing changed (%d loads) | %s | %s | %s |" % (
            len(unchanged), ms(statistics.median(unchanged)), ms(sorted(unchanged)[int(0.95 * (len(unchanged) - 1))]),
            ms(max(unchanged))),
        "| one file changed on disk (%d loads; %s) | %s | %s | %s |" % (
            len(changed), edited, ms(statistics.median(changed)), ms(sorted(changed)[int(0.95 * (len(changed) - 1))]),
            ms(max(changed))),
        ""]
    text = "\n".join(report)
    print(text)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
