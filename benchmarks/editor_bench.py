#!/usr/bin/env python3
"""Editor latencies of `navinspect serve` on an app's folder, as an editor sees them.

    editor_bench.py --bin .build-release/release/navinspect --app benchmarks/data/app-3000 [--runs 50]

Measures, over stdio with LSP framing:
  * the first index of the workspace (spawn -> navinspect/treeDidChange);
  * diagnostics after an edit: an unsaved edit to a coordinator file (a strong
    `parentCoordinator` property typed in, then removed) -> the
    textDocument/publishDiagnostics for that file and version;
  * textDocument/hover on the coordinator's class name, and textDocument/definition
    on it, round trips.
Prints a Markdown table (and writes it to --out when given).
"""

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LSPClient  # noqa: E402


def file_uri(path):
    from urllib.parse import quote
    return "file://" + quote(os.path.abspath(path))


def coordinator_files(app):
    """(path, line of the class declaration, column of its name, name) of coordinator classes."""
    pattern = re.compile(r"^(?:final |open |public )*class (\w+Coordinator)\b[^{]*\{")
    for root, dirs, files in os.walk(app):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("Pods", "Carthage"))
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8", errors="replace") as handle:
                for number, line in enumerate(handle):
                    match = pattern.match(line)
                    if match:
                        yield path, number, match.start(1), match.group(1)
                        break


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def summary(values):
    return {"p50": statistics.median(values) * 1000, "p95": percentile(values, 0.95) * 1000,
            "max": max(values) * 1000, "n": len(values)}


def measure(binary, app, runs):
    started = time.perf_counter()
    stderr = open(os.environ["BENCH_STDERR"], "w") if os.environ.get("BENCH_STDERR") else subprocess.DEVNULL
    client = LSPClient([binary, "serve"], reader_thread=True, stderr=stderr)
    uri_root = file_uri(app)
    client.initialize({"processId": None, "rootUri": uri_root, "capabilities": {},
                       "workspaceFolders": [{"uri": uri_root, "name": "app"}]})
    client.wait_notification("navinspect/treeDidChange", timeout=600)
    first_index = time.perf_counter() - started

    results = {"first index (spawn -> treeDidChange)": {"p50": first_index * 1000, "p95": first_index * 1000,
                                                          "max": first_index * 1000, "n": 1}}
    for path, line, column, name in coordinator_files(app):
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        uri = file_uri(path)
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "swift", "version": 1, "text": text}})
        inserted = "    var parentCoordinator: AnyObject?\n"
        at = {"line": line + 1, "character": 0}
        latencies = []
        version = 1
        usable = True
        for run in range(runs * 2):
            version += 1
            if run % 2 == 0:
                change = {"range": {"start": at, "end": at}, "text": inserted}
            else:
                change = {"range": {"start": at, "end": {"line": line + 2, "character": 0}}, "text": ""}
            mark = len(client.notifications)
            sent = time.perf_counter()
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})
            deadline = time.monotonic() + 30
            while True:
                params = client.wait_notification("textDocument/publishDiagnostics", timeout=30, after=mark)
                mark = next(i for i in range(mark, len(client.notifications))
                            if client.notifications[i][1] is params) + 1
                if params.get("uri") == uri and params.get("version") == version:
                    break
                if time.monotonic() > deadline:
                    raise TimeoutError("no diagnostics for version %d" % version)
            latencies.append(time.perf_counter() - sent)
            has_finding = any(d.get("code") == "weak-parent-reference" for d in params["diagnostics"])
            if has_finding != (run % 2 == 0):
                usable = False
                break
        if not usable:
            client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
            continue
        results["diagnostics after didChange"] = summary(latencies)

        position = {"textDocument": {"uri": uri}, "position": {"line": line, "character": column + 2}}
        for method, label in (("textDocument/hover", "hover on a class name"),
                              ("textDocument/definition", "definition of a class name")):
            times = []
            for _ in range(runs):
                sent = time.perf_counter()
                answer = client.request(method, position)
                times.append(time.perf_counter() - sent)
                if not answer:
                    raise RuntimeError("%s answered nothing at %s:%d" % (method, path, line + 1))
            results[label] = summary(times)
        results["_file"] = "%s (%s)" % (os.path.relpath(path, app), name)
        break
    client.shutdown()
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--app", required=True)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--out")
    args = parser.parse_args()
    app = os.path.abspath(args.app)
    files = sum(1 for root, _, names in os.walk(app) for n in names if n.endswith(".swift"))
    results = measure(args.bin, app, args.runs)
    commit = subprocess.run(["git", "log", "-1", "--oneline"], capture_output=True, text=True,
                            cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
    lines = ["| | p50 ms | p95 ms | max ms | n |", "|---|---|---|---|---|"]
    for label, figures in results.items():
        if label.startswith("_"):
            continue
        lines.append("| %s | %.1f | %.1f | %.1f | %d |" % (label, figures["p50"], figures["p95"], figures["max"], figures["n"]))
    report = "\n".join([
        "Editor latencies: %s, %d Swift files; edited file %s" % (os.path.basename(app), files, results.get("_file")),
        "Machine: %s, %d cores; navinspect %s" % (platform.processor() or platform.machine(), os.cpu_count(), commit),
        "", *lines, ""])
    print(report)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(report)


if __name__ == "__main__":
    main()
