#!/usr/bin/env python3
"""Measures navinspect and writes benchmarks/RESULTS.md.

    bench.py --bin PATH/navinspect --data benchmarks/data [--out benchmarks/RESULTS.md] [--quick]

Expects the documents written by run.sh in --data: tree-1k.json, tree-100k.json
and tree-1m.json, each with its .meta.json sidecar. One function per
measurement fills a results dict; render() turns it into Markdown. --quick
runs a few repetitions of everything (for trying the script out) and writes
RESULTS-quick.md in the data folder unless --out is given.

Standard library only.
"""

import argparse
import datetime
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import LSPClient, encode_frame  # noqa: E402

DOCUMENTS = (("1k", "tree-1k.json"), ("100k", "tree-100k.json"), ("1M", "tree-1m.json"))

TARGETS = {
    "startup_ms": 30.0,          # navinspect serve: spawn -> initialize answered, median
    "rss_mb": 400.0,             # VmRSS after loading the 1M document
    "p99_ms": 1.0,               # every query method after loading 1M
    "throughput_rps": 20000.0,   # pipelined requests per second
}

SEED = 20240601


# ---------------------------------------------------------------------------
# Helpers

def percentile(values, fraction):
    """Nearest-rank percentile of a list of numbers."""
    ordered = sorted(values)
    rank = max(1, int(-(-fraction * len(ordered) // 1)))  # ceil(fraction * n)
    return ordered[min(rank, len(ordered)) - 1]


def summary_ms(samples_ns):
    ms = [s / 1e6 for s in samples_ns]
    return {"n": len(ms), "p50": percentile(ms, 0.50), "p90": percentile(ms, 0.90),
            "p99": percentile(ms, 0.99), "max": max(ms), "mean": statistics.fmean(ms)}


def proc_status(pid):
    """VmRSS and VmHWM of a process, in MB."""
    values = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024.0
    return values


def cpu_seconds(pid):
    """User + system CPU time of a process so far, in seconds."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


class CpuMeter:
    """How much CPU other processes used: the sum over every visible process that is not this
    script or one of its descendants of user + system time, its own and its reaped children's.
    (A process that ended in between is counted through its parent's children's time.) Benchmarks
    on 2 cores are sensitive to anything else running; this shows whether something did."""

    def __init__(self):
        self.ticks = os.sysconf("SC_CLK_TCK")
        self.last = self._snapshot()

    def _snapshot(self):
        me = os.getpid()
        parents, times = {}, {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open("/proc/%s/stat" % entry) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            pid = int(entry)
            parents[pid] = int(fields[1])
            times[pid] = sum(int(v) for v in fields[11:15])     # utime stime cutime cstime

        def ours(pid):
            seen = 0
            while pid > 1 and seen < 64:
                if pid == me:
                    return True
                pid, seen = parents.get(pid, 0), seen + 1
            return False

        return sum(t for pid, t in times.items() if not ours(pid)) / self.ticks

    def lap(self):
        """CPU seconds used by other processes since the last lap."""
        now = self._snapshot()
        other, self.last = now - self.last, now
        return max(0.0, other)


def wait_for_idle(meter, limit, window=5.0, threshold=0.10):
    """Waits until other processes use less than `threshold` of a core over `window` seconds,
    or until `limit` seconds have passed. Returns whether the machine became idle."""
    deadline = time.monotonic() + limit
    told = 0.0
    meter.lap()
    while True:
        time.sleep(window)
        share = meter.lap() / window
        if share < threshold:
            return True
        now = time.monotonic()
        if now > deadline:
            print("warning: other processes still use %.0f%% of a core; measuring anyway" % (100 * share),
                  file=sys.stderr, flush=True)
            return False
        if now - told > 30:
            print("waiting for the machine to be idle (others use %.0f%% of a core)" % (100 * share),
                  file=sys.stderr, flush=True)
            told = now


def disturbed(wall, other_cpu):
    """Whether other processes used enough CPU during a part to disturb its figures."""
    return other_cpu > max(0.5, 0.10 * wall)


def load_meta(data, filename):
    with open(os.path.join(data, filename + ".meta.json")) as f:
        return json.load(f)


def run_text(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return ""


def serve(bin_path, cwd):
    """A navinspect server, initialized."""
    client = LSPClient([bin_path, "serve"], cwd=cwd)
    client.initialize()
    return client


def timed_request(client, frame, id):
    """Writes one pre-encoded request and reads until its response; returns (ns, response)."""
    started = time.perf_counter_ns()
    client.write_bytes(frame)
    while True:
        body = client.read_frame()
        elapsed = time.perf_counter_ns() - started
        message = json.loads(body)
        if message.get("id") == id and "method" not in message:
            return elapsed, message
        client.handle_unrequested(message)


# ---------------------------------------------------------------------------
# Measurements

def measure_machine():
    lscpu = run_text(["lscpu"])
    model = next((line.split(":", 1)[1].strip() for line in lscpu.splitlines()
                  if line.startswith("Model name")), platform.processor() or "unknown")
    mem_kb = 0
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemTotal:"):
                mem_kb = int(line.split()[1])
    swift = run_text(["swift", "--version"]).splitlines()
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    commit = run_text(["git", "-C", repo, "log", "-1", "--format=%h %s"])
    dirty = run_text(["git", "-C", repo, "status", "--porcelain", "--untracked-files=no", "--", "Sources", "Package.swift"])
    return {
        "commit": (commit or "unknown") + (" (with uncommitted changes in Sources/ or Package.swift)" if dirty else ""),
        "cpu": model,
        "cores": os.cpu_count(),
        "memory_gb": mem_kb / 1024 / 1024,
        "kernel": platform.release(),
        "swift": swift[0] if swift else "unknown",
        "python": platform.python_version(),
        "loadavg": open("/proc/loadavg").read().split()[:3],
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def measure_startup(bin_path, runs, cwd):
    """Spawn -> initialize answered, for navinspect serve and sourcekit-lsp, interleaved."""
    commands = {"navinspect serve": [bin_path, "serve"]}
    sourcekit = shutil.which("sourcekit-lsp")
    if sourcekit:
        commands["sourcekit-lsp"] = [sourcekit]
    params = {"processId": None, "rootUri": None, "capabilities": {}}
    samples = {name: [] for name in commands}
    for run in range(runs + 1):                 # run 0 warms the page cache and is not counted
        for name, argv in commands.items():
            started = time.perf_counter_ns()
            client = LSPClient(argv, cwd=cwd)
            client.request("initialize", params)
            elapsed = time.perf_counter_ns() - started
            client.notify("initialized", {})
            client.shutdown(timeout=10)
            if run > 0:
                samples[name].append(elapsed)
    return {name: summary_ms(values) for name, values in samples.items()}


def measure_load(bin_path, data, runs, cwd):
    """navinspect/load wall time of each document, each run in a fresh server; memory after it.

    Returns the results and the server of the last 1M run, still running, for the query tests."""
    results, keep = {}, None
    for label, filename in DOCUMENTS:
        path = os.path.abspath(os.path.join(data, filename))
        times, memory = [], []
        count = runs[label]
        for run in range(count):
            client = serve(bin_path, cwd)
            started = time.perf_counter_ns()
            summary = client.request("navinspect/load", {"path": path}, timeout=600)
            times.append(time.perf_counter_ns() - started)
            memory.append(proc_status(client.pid))
            if label == "1M" and run == count - 1:
                keep = client
            else:
                client.shutdown()
        results[label] = {
            "coordinators": summary["coordinators"],
            "containers": summary["containers"],
            "bytes": os.path.getsize(path),
            "runs": count,
            "ms": summary_ms(times),
            "ms_min": min(times) / 1e6,
            "rss_mb": max(m["VmRSS"] for m in memory),
            "hwm_mb": max(m["VmHWM"] for m in memory),
        }
    return results, keep


def query_arguments(meta, rng):
    """Generators of params for each query method, from the 1M document's sidecar."""
    frequent = [t["type"] for t in meta["frequentTypes"]]
    rare = [t["type"] for t in meta["rareTypes"]]
    ids = meta["sampleIds"]

    def find():
        kind = frequent if rng.random() < 0.5 else rare
        return {"type": rng.choice(kind), "from": rng.choice(ids)}

    return {
        "navinspect/findCoordinator": find,
        "navinspect/children": lambda: {"id": rng.choice(ids)},
        "navinspect/describe": lambda: {"id": rng.choice(ids)},
        "navinspect/currentStack": lambda: {},
    }


def sequential(client, method, make_params, count, warmup):
    """`count` requests one after the other; the latency of each, in ns."""
    samples, errors = [], 0
    for index in range(warmup + count):
        message = client.request_message(method, make_params())
        frame = encode_frame(message)
        elapsed, response = timed_request(client, frame, message["id"])
        if "error" in response:
            errors += 1
        if index >= warmup:
            samples.append(elapsed)
    return samples, errors


def measure_latency(client, meta, count, warmup):
    """p50/p99 over stdio of each query method, sequential requests, after loading 1M."""
    rng = random.Random(SEED)
    results = {}
    for method, make_params in query_arguments(meta, rng).items():
        samples, errors = sequential(client, method, make_params, count, warmup)
        results[method] = dict(summary_ms(samples), errors=errors)
    return results


def measure_worst_find(client, meta, count):
    """Not a target: findCoordinator from the root for a rare or absent type, a whole-tree search."""
    rng = random.Random(SEED + 1)
    rare = [t["type"] for t in meta["rareTypes"]]
    absent = meta.get("absentType", "noSuchCoordinatorType")
    results = {}
    cases = {
        "rare type, from the root": lambda: {"type": rng.choice(rare)},
        "absent type, from the root": lambda: {"type": absent},
    }
    for label, make_params in cases.items():
        samples, errors = sequential(client, "navinspect/findCoordinator", make_params, count, 5)
        results[label] = dict(summary_ms(samples), errors=errors)
    return results


def measure_throughput(client, meta, count, methods=("children", "describe", "findCoordinator")):
    """Pipelined: write `count` small requests as fast as possible, a reader thread collects them.

    The requests cycle through `methods`: children and describe of a random id, findCoordinator
    for a frequent type from a random id."""
    rng = random.Random(SEED + 2)
    frequent = [t["type"] for t in meta["frequentTypes"]]
    ids = meta["sampleIds"]
    requests = []
    for index in range(count):
        kind = methods[index % len(methods)]
        if kind == "findCoordinator":
            params = {"type": rng.choice(frequent), "from": rng.choice(ids)}
        else:
            params = {"id": rng.choice(ids)}
        requests.append(("navinspect/" + kind, params))
    server_cpu = cpu_seconds(client.pid)
    client_cpu = time.process_time()
    run = client.pipeline(requests, timeout=1800)
    server_cpu = cpu_seconds(client.pid) - server_cpu
    client_cpu = time.process_time() - client_cpu
    return {
        "methods": list(methods),
        "requests": run["requests"],
        "errors": run["errors"],
        "seconds": run["seconds"],
        "write_seconds": run["write_seconds"],
        "rps": run["requests"] / run["seconds"],
        "server_cpu_s": server_cpu,
        "client_cpu_s": client_cpu,
    }


def time_command(argv, cwd):
    """Wall seconds and peak RSS (MB) of one run, by /usr/bin/time; stdout is discarded."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        completed = subprocess.run(
            ["/usr/bin/time", "-o", report.name, "-f", "%e %M"] + argv,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd)
        if completed.returncode != 0:
            raise RuntimeError("%s failed (%d): %s" % (" ".join(argv), completed.returncode,
                                                         completed.stderr.decode(errors="replace")[-2000:]))
        wall, peak_kb = report.read().split()[-2:]
    return float(wall), int(peak_kb) / 1024.0


def measure_cli(bin_path, data, runs, cwd):
    """`navinspect query findCoordinator --all --json` versus jq on the 1M document."""
    meta = load_meta(data, "tree-1m.json")
    path = os.path.abspath(os.path.join(data, "tree-1m.json"))
    chosen = meta["frequentTypes"][0]
    commands = {
        "navinspect query": [bin_path, "query", "findCoordinator", "--tree", path, "--type", chosen["type"], "--all", "--json"],
        "jq": ["jq", '[.coordinators[] | select(.type == "%s") | .id]' % chosen["type"], path],
    }
    # Once untimed, to check that both find the same coordinators.
    found = {}
    for name, argv in commands.items():
        output = subprocess.run(argv, capture_output=True, check=True, cwd=cwd).stdout
        result = json.loads(output)
        found[name] = sorted(m["id"] if isinstance(m, dict) else m for m in result)
    agree = found["navinspect query"] == found["jq"]
    timings = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            timings[name].append(time_command(argv, cwd))
    results = {"type": chosen["type"], "matches": len(found["jq"]), "agree": agree, "runs": runs,
               "commands": {name: " ".join(argv).replace(path, "tree-1m.json").replace(bin_path, "navinspect")
                            for name, argv in commands.items()}}
    for name, values in timings.items():
        results[name] = {"seconds": statistics.median(v[0] for v in values),
                         "rss_mb": statistics.median(v[1] for v in values),
                         "all": values}
    return results


# ---------------------------------------------------------------------------
# Rendering

def verdict(value, target, lower_is_better=True):
    ok = value < target if lower_is_better else value >= target
    return "**PASS**" if ok else "**FAIL**"


def render(results):
    m = results["machine"]
    out = []
    add = out.append
    add("# navinspect benchmark results")
    add("")
    add("Written by `benchmarks/run.sh` (bench.py); see `benchmarks/README.md` for what each figure means.%s"
        % (" **Quick run: few repetitions, not representative.**" if results["quick"] else ""))
    add("")
    add("## Machine")
    add("")
    add("| | |")
    add("|---|---|")
    add("| CPU | %s |" % m["cpu"])
    add("| Cores | %d |" % m["cores"])
    add("| Memory | %.1f GB |" % m["memory_gb"])
    add("| Kernel | %s |" % m["kernel"])
    add("| Swift | %s |" % m["swift"])
    add("| navinspect measured | %s |" % m["commit"].replace("|", "\\|"))
    add("| Python (client) | %s |" % m["python"])
    add("| Date | %s |" % m["date"])
    add("| Load average (1/5/15 min) at start, at end | %s; %s |"
        % (" / ".join(m["loadavg"]), " / ".join(results.get("loadavg_end", ["?"]))))
    add("| Full run took | %.0f s (of which %.0f s waiting for other processes to finish) |"
        % (results["elapsed_s"], results["waited_for_idle_s"]))
    add("")

    add("## Summary")
    add("")
    add("| Figure | Measured | Target | |")
    add("|---|---|---|---|")
    s = results["startup"]["navinspect serve"]
    add("| Startup, spawn → `initialize` answered (median) | %.1f ms | < %.0f ms | %s |"
        % (s["p50"], TARGETS["startup_ms"], verdict(s["p50"], TARGETS["startup_ms"])))
    big = results["load"]["1M"]
    add("| Resident memory after loading 1M coordinators (VmRSS) | %.0f MB | < %.0f MB | %s |"
        % (big["rss_mb"], TARGETS["rss_mb"], verdict(big["rss_mb"], TARGETS["rss_mb"])))
    for method, stats in results["latency"].items():
        add("| `%s` p99 latency, 1M loaded | %.3f ms | < %.0f ms | %s |"
            % (method, stats["p99"], TARGETS["p99_ms"], verdict(stats["p99"], TARGETS["p99_ms"])))
    t = results["throughput"]
    add("| Pipelined throughput | %s req/s | ≥ %s req/s | %s |"
        % (format(round(t["rps"]), ","), format(round(TARGETS["throughput_rps"]), ","),
           verdict(t["rps"], TARGETS["throughput_rps"], lower_is_better=False)))
    c = results["cli"]
    add("| `navinspect query findCoordinator` on 1M vs jq on the same file (median wall) | %.2f s vs %.2f s | no slower than jq | %s |"
        % (c["navinspect query"]["seconds"], c["jq"]["seconds"],
           verdict(c["navinspect query"]["seconds"], c["jq"]["seconds"] + 1e-9)))
    add("")
    noisy = [row["section"] for row in results["other_cpu"]
             if not row["discarded"] and disturbed(row["seconds"], row["other_cpu_s"])]
    if noisy:
        add("**Warning:** other processes used more than 10%% of a core during: %s (see the last section); "
            "those figures are likely worse than on an idle machine." % "; ".join(noisy))
        add("")
    misses = [line.split("|")[1].strip() for line in out if line.endswith("**FAIL** |")]
    if misses:
        add("Missed: %d of %d targets — %s. The figures are as measured; see the sections below."
            % (len(misses), 4 + len(results["latency"]), "; ".join(misses)))
    else:
        add("All %d targets met." % (4 + len(results["latency"])))
    add("")

    add("## Startup: spawn → `initialize` answered")
    add("")
    add("%d runs of each, interleaved in the same loop after one uncounted warm-up run each; "
        "`initialize` with `rootUri: null`, then `shutdown` and `exit`." % s["n"])
    add("")
    add("| Server | median | p90 | max | Target | |")
    add("|---|---|---|---|---|---|")
    for name, stats in results["startup"].items():
        target = ("< %.0f ms" % TARGETS["startup_ms"], verdict(stats["p50"], TARGETS["startup_ms"])) \
            if name == "navinspect serve" else ("—", "for comparison")
        add("| `%s` | %.1f ms | %.1f ms | %.1f ms | %s | %s |"
            % (name, stats["p50"], stats["p90"], stats["max"], target[0], target[1]))
    add("")

    add("## Loading documents (`navinspect/load`)")
    add("")
    add("Wall time from writing the request to reading its response, each run in a fresh server "
        "(documents are in the page cache). Memory is read from `/proc/PID/status` right after the "
        "response; the largest of the runs is shown.")
    add("")
    add("| Document | Coordinators | Containers | Size | Runs | Load median | Load min | VmRSS | VmHWM | Target | |")
    add("|---|---|---|---|---|---|---|---|---|---|---|")
    for label, row in results["load"].items():
        target = ("RSS < %.0f MB" % TARGETS["rss_mb"], verdict(row["rss_mb"], TARGETS["rss_mb"])) \
            if label == "1M" else ("—", "")
        add("| %s | %s | %s | %.1f MB | %d | %.0f ms | %.0f ms | %.0f MB | %.0f MB | %s | %s |"
            % (label, format(row["coordinators"], ","), format(row["containers"], ","), row["bytes"] / 1e6,
               row["runs"], row["ms"]["p50"], row["ms_min"], row["rss_mb"], row["hwm_mb"], target[0], target[1]))
    add("")

    add("## Query latency over stdio, 1M coordinators loaded")
    add("")
    first = next(iter(results["latency"].values()))
    add("%d sequential requests per method (after %d uncounted warm-up requests): the clock runs from "
        "writing the request to having read its whole response frame. Arguments are random: ids from the "
        "sidecar's sample of 1,000; `findCoordinator` asks for a frequent or a rare type (half each) "
        "from a random coordinator." % (first["n"], results["latency_warmup"]))
    add("")
    add("| Method | p50 | p90 | p99 | max | errors | Target | |")
    add("|---|---|---|---|---|---|---|---|")
    for method, stats in results["latency"].items():
        add("| `%s` | %.3f ms | %.3f ms | %.3f ms | %.2f ms | %d | p99 < %.0f ms | %s |"
            % (method, stats["p50"], stats["p90"], stats["p99"], stats["max"], stats["errors"],
               TARGETS["p99_ms"], verdict(stats["p99"], TARGETS["p99_ms"])))
    add("")
    for number, attempt in enumerate(results.get("latency_discarded", []), 1):
        add("Discarded attempt %d (other processes were busy): p99 %s." % (number, ", ".join(
            "`%s` %.3f ms" % (method.split("/")[-1], stats["p99"]) for method, stats in attempt.items())))
        add("")
    add("For comparison, not a target: `findCoordinator` without `from`, which searches the whole tree "
        "when the type is rare or absent.")
    add("")
    add("| Case | requests | p50 | p99 | max |")
    add("|---|---|---|---|---|")
    for label, stats in results["worst_find"].items():
        add("| %s | %d | %.2f ms | %.2f ms | %.2f ms |" % (label, stats["n"], stats["p50"], stats["p99"], stats["max"]))
    add("")

    add("## Pipelined throughput")
    add("")
    add("Requests encoded beforehand and written as fast as the pipe takes them, while a reader thread "
        "collects the responses (they may come back in any order). Rate = requests / (first write → last "
        "response). The target applies to the first row, the mix of children, describe and findCoordinator "
        "(a third each; random ids from the sample, frequent types). The second row leaves describe out, "
        "to show how much of the rate depends on it; it has no target.")
    add("")
    add("| Mix | Requests | Errors | Writing took | All answered after | Rate | Server CPU | Client CPU | Target | |")
    add("|---|---|---|---|---|---|---|---|---|---|")
    for key in ("throughput", "throughput_diag"):
        row = results[key]
        target = ("≥ %s req/s" % format(round(TARGETS["throughput_rps"]), ","),
                  verdict(row["rps"], TARGETS["throughput_rps"], lower_is_better=False)) \
            if key == "throughput" else ("—", "diagnostic")
        add("| %s | %s | %d | %.2f s | %.2f s | %s req/s | %.1f s | %.1f s | %s | %s |"
            % (", ".join(row["methods"]), format(row["requests"], ","), row["errors"], row["write_seconds"],
               row["seconds"], format(round(row["rps"]), ","), row["server_cpu_s"], row["client_cpu_s"],
               target[0], target[1]))
    add("")
    for number, attempt in enumerate(results.get("throughput_discarded", []), 1):
        add("Discarded attempt %d of the mixed run (other processes were busy): %s req/s." % (
            number, format(round(attempt["rps"]), ",")))
        add("")
    add("Server CPU is the server process's user + system time during the run (it may use both cores); "
        "the client is Python on the same 2 cores, so its CPU time also limits the rate.")
    add("")

    c = results["cli"]
    add("## CLI versus jq, 1M document")
    add("")
    add("Every coordinator of the most frequent type, `%s` (%s matches), %d run(s) each, alternating; "
        "`/usr/bin/time -f \"%%e %%M\"`, output to /dev/null. Both find the same coordinators: %s. "
        "Target: navinspect no slower than jq." % (c["type"], format(c["matches"], ","), c["runs"], "yes" if c["agree"] else "**NO**"))
    add("")
    add("| Command | median wall | median peak RSS | all runs (s / MB) |")
    add("|---|---|---|---|")
    for name in ("navinspect query", "jq"):
        row = c[name]
        runs = ", ".join("%.2f / %.0f" % (w, r) for w, r in row["all"])
        command = c["commands"][name].replace("|", "\\|")     # a | would end the table cell
        add("| `%s` | %.2f s | %.0f MB | %s |" % (command, row["seconds"], row["rss_mb"], runs))
    add("")
    add("## Other activity on the machine")
    add("")
    add("CPU time used by processes other than the benchmark and the programs it ran, during each part "
        "(user + system time, including that of their ended children, summed over every process in /proc "
        "outside the benchmark's own process tree). Each part started once others had "
        "used under 10%% of a core for 5 s (waiting at most %.0f s in all). More than a few percent of a "
        "core means the figures of that part were disturbed; the latency and throughput parts, which are "
        "short, are then measured again (up to 2 more times) and the disturbed attempts are shown in their "
        "sections." % results.get("wait_budget_s", 0))
    add("")
    add("| Part | wall | other processes' CPU | share of one core | |")
    add("|---|---|---|---|---|")
    for row in results["other_cpu"]:
        add("| %s | %.0f s | %.1f s | %.0f%% | %s |" % (
            row["section"], row["seconds"], row["other_cpu_s"], 100.0 * row["other_cpu_s"] / max(row["seconds"], 1e-9),
            "disturbed: measured again" if row["discarded"] else ""))
    add("")
    return "\n".join(out)


# ---------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True, help="the navinspect executable")
    parser.add_argument("--data", required=True, help="folder with the generated documents")
    parser.add_argument("--out", help="where to write the Markdown (default: RESULTS.md next to this script)")
    parser.add_argument("--quick", action="store_true", help="few repetitions, to try the script out")
    parser.add_argument("--wait-idle", type=float, default=0, metavar="SECONDS",
                        help="before each part, wait for other processes to use under 10%% of a core "
                             "for 5 s; at most this long in all (default 0: do not wait)")
    args = parser.parse_args()

    here = os.path.dirname(os.path.abspath(__file__))
    bin_path = os.path.abspath(args.bin)
    data = os.path.abspath(args.data)
    out = args.out or (os.path.join(data, "RESULTS-quick.md") if args.quick else os.path.join(here, "RESULTS.md"))
    quick = args.quick
    started = time.monotonic()
    work = tempfile.mkdtemp(prefix="navinspect-bench-")    # an empty cwd for the servers

    meter = CpuMeter()
    sections = []       # {"section", "seconds", "other_cpu_s", "discarded"}
    waiting = {"budget": args.wait_idle, "waited": 0.0}

    def run_part(name, measure, retries=0):
        """Runs one part once the machine is idle (see --wait-idle) and notes how much CPU others
        used meanwhile. A short part that others disturbed is measured again, up to `retries`
        times; the disturbed attempts are kept in `discarded` and reported."""
        discarded = []
        for attempt in range(retries + 1):
            left = waiting["budget"] - waiting["waited"]
            if left > 0:
                before = time.monotonic()
                wait_for_idle(meter, left)
                waiting["waited"] += time.monotonic() - before
            label = name if attempt == 0 else "%s (attempt %d)" % (name, attempt + 1)
            print("[%5.0f s] %s" % (time.monotonic() - started, label), file=sys.stderr, flush=True)
            meter.lap()
            at = time.monotonic()
            value = measure()
            wall, other = time.monotonic() - at, meter.lap()
            again = disturbed(wall, other) and attempt < retries
            sections.append({"section": label, "seconds": wall, "other_cpu_s": other, "discarded": again})
            if not again:
                return value, discarded
            print("  other processes used %.1f s of CPU meanwhile; measuring again" % other, file=sys.stderr, flush=True)
            discarded.append(value)

    results = {"quick": quick}
    results["machine"] = measure_machine()
    results["startup"], _ = run_part(
        "startup: navinspect serve and sourcekit-lsp", lambda: measure_startup(bin_path, 5 if quick else 30, work))
    runs = {"1k": 2, "100k": 2, "1M": 1} if quick else {"1k": 5, "100k": 5, "1M": 3}
    (results["load"], server), _ = run_part("load: 1k, 100k, 1M", lambda: measure_load(bin_path, data, runs, work))
    try:
        meta = load_meta(data, "tree-1m.json")
        count, warmup = (500, 50) if quick else (5000, 100)
        results["latency_warmup"] = warmup
        results["latency"], results["latency_discarded"] = run_part(
            "latency: %d sequential requests per method" % count,
            lambda: measure_latency(server, meta, count, warmup), retries=2)
        results["worst_find"], _ = run_part(
            "findCoordinator from the root (not a target)", lambda: measure_worst_find(server, meta, 20 if quick else 100))
        results["throughput"], results["throughput_discarded"] = run_part(
            "throughput: pipelined requests",
            lambda: measure_throughput(server, meta, 10000 if quick else 100000), retries=2)
        results["throughput_diag"], _ = run_part(
            "throughput without describe (diagnostic)",
            lambda: measure_throughput(server, meta, 10000 if quick else 50000, methods=("children", "findCoordinator")))
    finally:
        server.shutdown()
    results["cli"], _ = run_part("CLI versus jq", lambda: measure_cli(bin_path, data, 1 if quick else 3, work))
    results["other_cpu"] = sections
    results["elapsed_s"] = time.monotonic() - started
    results["waited_for_idle_s"] = waiting["waited"]
    results["wait_budget_s"] = waiting["budget"]
    with open("/proc/loadavg") as f:
        results["loadavg_end"] = f.read().split()[:3]
    shutil.rmtree(work, ignore_errors=True)

    with open(out, "w") as f:
        f.write(render(results))
    with open(os.path.join(data, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    print("wrote %s" % out, file=sys.stderr)


if __name__ == "__main__":
    main()
