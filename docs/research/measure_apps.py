#!/usr/bin/env python3
"""Indexes real apps and compares what `navinspect index` finds with their ground truth.

    measure_apps.py NAVINSPECT APPS [TRUTH] [--markdown]

NAVINSPECT is the binary; APPS the folder holding each app's extracted sources under its name
(the commits are in TRUTH); TRUTH the ground-truth file, unseen-apps.json beside this script
by default. For each app it reports: the coordinator classes the index found and how many of
them it placed in the tree, the root it chose and whether that is the root the truth names
(the class the app's delegate creates, read by hand), the truth's classes and pairs found in
the tree, the pairs in the tree the truth lacks (only for apps whose list of pairs is
complete), and the problems the index reported.

A pair (parent class, child class) is found when a node of the parent class has a child node
of the child class. Nodes that stand for a launcher (an app delegate starting several
coordinators) are not coordinators: their edges are the roots themselves.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time


def index(binary, folder):
    """Runs `navinspect index` and returns (document or None, summary line, problems, seconds)."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        path = out.name
    started = time.monotonic()
    run = subprocess.run([binary, "index", folder, "-o", path], capture_output=True, text=True)
    seconds = time.monotonic() - started
    lines = run.stderr.splitlines()
    summary = next((line for line in reversed(lines) if "Swift files" in line), "")
    problems = [line for line in lines if line.startswith("navinspect: ") and line is not summary]
    document = None
    if run.returncode == 0 and os.path.getsize(path) > 0:
        document = json.load(open(path))
    else:
        problems = lines[-3:]
    os.unlink(path)
    return document, summary, problems, seconds


def measure(binary, apps, app):
    document, summary, problems, seconds = index(binary, os.path.join(apps, app.get("folder", app["name"])))
    found = re.search(r"(\d+) coordinator classes", summary)
    row = {
        "name": app["name"],
        "classes found": int(found.group(1)) if found else 0,
        "seconds": seconds,
        "problems": len(problems),
        "first problems": problems[:3],
    }
    truth_classes = {entry["name"] for entry in app["classes"]}
    truth_roots = {root["class"] for root in app["roots"]}
    truth_pairs = {tuple(pair) for pair in app["pairs"]}
    if document is None:
        row.update({"placed": 0, "root": "(none)", "right root": False, "truth classes placed": 0,
                    "pairs found": 0, "wrong pairs": None})
        row["truth classes"] = len(truth_classes)
        row["truth pairs"] = len(truth_pairs)
        return row
    nodes = {node["id"]: node for node in document["coordinators"]}
    root = nodes[document["root"]]
    # A launcher node (a delegate starting several roots) is no coordinator of the app.
    launcher = root["class"] not in truth_classes and not root["class"].endswith("Coordinator")
    roots = {nodes[child]["class"] for child in root["children"]} if launcher else {root["class"]}
    placed = {node["class"] for node in nodes.values()} - ({root["class"]} if launcher else set())
    pairs = {(node["class"], nodes[child]["class"]) for node in nodes.values() for child in node["children"]
             if not (launcher and node is root)}
    row.update({
        "placed": len(placed),
        "root": ", ".join(sorted(roots)) + (" (under %s)" % root["class"] if launcher else ""),
        "right root": truth_roots <= roots,
        "truth classes": len(truth_classes),
        "truth classes placed": len(truth_classes & placed),
        "truth pairs": len(truth_pairs),
        "pairs found": len(truth_pairs & pairs),
        "wrong pairs": len(pairs - truth_pairs) if app.get("pairs_complete") else None,
        "missed pairs": sorted(truth_pairs - pairs)[:8],
    })
    return row


def markdown(rows):
    print("| app | classes found → placed | root chosen | right root | truth classes placed | pairs (truth → found) | wrong pairs | problems | index |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        wrong = "n/a (partial truth)" if row["wrong pairs"] is None else str(row["wrong pairs"])
        print("| %s | %d → %d | %s | %s | %d of %d | %d → %d | %s | %d | %.2f s |" % (
            row["name"], row["classes found"], row["placed"], row["root"], "yes" if row["right root"] else "**no**",
            row["truth classes placed"], row["truth classes"], row["truth pairs"], row["pairs found"], wrong,
            row["problems"], row["seconds"]))


def main():
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    binary, apps = args[0], args[1]
    truth = args[2] if len(args) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "unseen-apps.json")
    rows = []
    for app in json.load(open(truth)):
        if not os.path.isdir(os.path.join(apps, app.get("folder", app["name"]))):
            print("skipped %s: not under %s" % (app["name"], apps), file=sys.stderr)
            continue
        rows.append(measure(binary, apps, app))
    if "--markdown" in sys.argv:
        markdown(rows)
        return
    for row in rows:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
