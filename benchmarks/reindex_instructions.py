#!/usr/bin/env python3
"""Instructions a server runs per re-index after one changed file, counted by callgrind.

    reindex_instructions.py --app DIR [--changes 10] BIN [BIN ...]

On a machine whose speed drifts by half within minutes, time only compares in paired runs; the
number of instructions does not drift at all, so it shows a change of a few percent that timing
cannot. It is not time: an instruction that misses the cache, or an atomic reference count, costs
more than others. For each binary (a stripped copy: valgrind cannot read the toolchain's debug
information), a server under `valgrind --tool=callgrind` loads a copy of the app twice, then
re-indexes it after each of N edits of one coordinator file (the edits of `reindex` in
source_bench.py); a second server does the same with no edit. The difference of their totals,
divided by N, is the figure. Needs valgrind (`apt-get install valgrind`).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LSPClient  # noqa: E402
from source_bench import edit, swift_files  # noqa: E402


def edited_target(copy):
    """The first file declaring a coordinator class with `func start()`, and its text."""
    for path in swift_files(copy):
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        if re.search(r"class \w+Coordinator\b", text) and "func start()" in text:
            return path, text
    raise RuntimeError("%s: no file declares a coordinator class with func start()" % copy)


def total_instructions(binary, app, changes):
    work = tempfile.mkdtemp(prefix="navinspect-instructions-")
    try:
        copy = os.path.join(work, "app")
        shutil.copytree(app, copy)
        target, original = edited_target(copy)
        out = os.path.join(work, "callgrind.out")
        client = LSPClient(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary, "serve"], reader_thread=True)
        client.initialize(timeout=600)

        def load():
            client.request("navinspect/load", {"source": copy}, timeout=1800)

        load()
        load()
        for number in range(changes):
            with open(target, "w", encoding="utf-8") as handle:
                handle.write(edit(original, number))
            load()
        client.shutdown()
        client.proc.wait(timeout=600)
        with open(out) as handle:
            for line in handle:
                if line.startswith("totals:") or line.startswith("summary:"):
                    return int(line.split()[1])
        raise RuntimeError("callgrind wrote no totals for %s" % binary)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", required=True)
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    app = os.path.abspath(args.app)
    first = None
    for binary in args.binaries:
        stripped = tempfile.mktemp(prefix="navinspect-stripped-")
        subprocess.run(["strip", "-o", stripped, binary], check=True)
        try:
            base = total_instructions(stripped, app, 0)
            edited = total_instructions(stripped, app, args.changes)
        finally:
            os.unlink(stripped)
        per_change = (edited - base) / args.changes
        first = first or per_change
        print("%s: %.1f M instructions per re-index (%.2f of the first), %.0f M for the server's start and two loads"
              % (binary, per_change / 1e6, per_change / first, base / 1e6), flush=True)


if __name__ == "__main__":
    main()
