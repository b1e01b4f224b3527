#!/usr/bin/env python3
"""Counts how many of an app's ground-truth parent -> child pairs a tree document holds.

    count_pairs.py SECTION DOCUMENT

SECTION is the number of the app's section in docs/research/real-apps.md (1 for MateRunner,
4 for Mullvad, ...); DOCUMENT is what `navinspect index` wrote for that app. A pair is found
when a node of the parent class has a child node of the child class. Pairs in the document
that the truth lacks are printed as wrong, except those from a root that stands for an app
delegate starting several coordinators (its class is in no pair of the truth): those edges are
the roots themselves.
"""

import json
import os
import re
import sys


def truth_pairs(section):
    text = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "real-apps.md")).read()
    parts = re.split(r"^## (\d+)\. ", text, flags=re.M)
    body = parts[parts.index(str(section)) + 1]
    edges = body.split("### Edges", 1)[1].split("### Tricky", 1)[0]
    pairs = set()
    for line in edges.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].isdigit():
            name = lambda cell: re.sub(r"[`*]", "", cell).split()[0]
            pairs.add((name(cells[1]), name(cells[2])))
    return pairs


def main():
    section, path = int(sys.argv[1]), sys.argv[2]
    truth = truth_pairs(section)
    document = json.load(open(path))
    nodes = {node["id"]: node for node in document["coordinators"]}
    found = {(node["class"], nodes[child]["class"]) for node in nodes.values() for child in node["children"]}
    named = {name for pair in truth for name in pair}
    root = nodes.get(document.get("root"))
    delegate = root["class"] if root and root["class"] not in named else None
    wrong = {pair for pair in found - truth if pair[0] != delegate}
    print("pairs in the truth: %d, found: %d, missed: %d, wrong: %d"
          % (len(truth), len(truth & found), len(truth - found), len(wrong)))
    for pair in sorted(truth - found):
        print("  missed %s -> %s" % pair)
    for pair in sorted(wrong):
        print("  wrong  %s -> %s" % pair)


if __name__ == "__main__":
    main()
