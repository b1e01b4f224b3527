#!/usr/bin/env python3
"""Write a synthetic, valid navinspect tree document (version 1) for benchmarks.

    generate_tree.py --coordinators N --seed S --out FILE

The same N and seed always give the same bytes. Besides FILE it writes
FILE.meta.json with query arguments for the benchmarks (frequent and rare
types, a sample of ids) and a few facts about the shape.

Shape of the document
  * c0 is the app coordinator (type "app"). It owns the window's tab bar
    ("tabBar") with 4 tabs; each tab shows the navigation container of one of
    c1..c4 (types homeTab, searchTab, activityTab, profileTab). c0 also has two
    more children (onboarding, deepLink) that are not on screen.
  * The rest grows in segments hung below a random shallow coordinator
    (depth < 25, never the root): mostly fan-outs of 1-5 children, some of
    5-50, a few of 50-2,000; about 4% of segments are chains of 5-40
    coordinators, and a few of those are 100-300 long. So most coordinators are
    less than 30 deep, and the deepest a few hundred deep.
  * Types come from a pool of about N/50 names with Zipf-like weights (a few
    types are shared by many coordinators, most by a handful); ~10% are null.
    Class names come from a pool of about N/20, also Zipf-like.
  * Every coordinator has a source and a trigger (onLaunch for ~70%).
  * About 1 in 20 coordinators owns a navigation container (id "n<k>") whose
    stack has 1-4 view controllers owned by it or its children; the others use
    their nearest ancestor's container (the root uses none). The navigation
    container of one coordinator below the first tab is presented modally over
    that tab's container. Other containers are not on screen.
  * The coordinators are listed in a shuffled order (the root first), so a
    child often comes before its parent.

The JSON is written incrementally, one coordinator per line, so it is quick
(about 10-20 s for 1,000,000 coordinators) and needs no JSON encoder for the
bulk of the file.
"""

import argparse
import bisect
import itertools
import json
import os
import random
import sys
import time

WORDS = (
    "home feed search detail profile settings account login signup onboarding "
    "checkout cart payment order history inbox message chat thread contact "
    "photo gallery camera video player playlist library album artist track "
    "map place route booking ticket event calendar reminder note document "
    "share invite friend group team project task report filter sort help "
    "support feedback review rating wallet card transfer receipt coupon offer "
    "store product category brand compare wishlist address delivery tracking "
    "notification privacy security backup export import sync editor preview"
).split()

METHODS = (
    "start showDetail showProfile presentSettings didTapItem didSelectRow "
    "openDeepLink handleNotification pushNext showAlert didFinish restart "
    "showOnboarding presentModal didTapClose routeToSearch continueFlow"
).split()

SCREENS = ("List", "Detail", "Edit", "Summary", "Picker")
TAB_TYPES = ("homeTab", "searchTab", "activityTab", "profileTab")
TAB_TITLES = ("Home", "Search", "Activity", "Profile")
TAB_ICONS = ("house", "magnifyingglass", "bell", "person.crop.circle")

SHALLOW_DEPTH = 25      # segments hang below coordinators shallower than this
MAX_DEPTH = 350         # hard cap on any coordinator's depth
NAV_EVERY = 20          # about one coordinator in this many owns a container


def camel(words):
    return words[0] + "".join(w[:1].upper() + w[1:] for w in words[1:])


def make_type_names(count, rng):
    """`count` distinct lowerCamel names such as "photoDetail" or "cartReview7"."""
    names, seen = [], set(TAB_TYPES) | {"app", "onboarding", "deepLink"}
    singles = list(WORDS)
    rng.shuffle(singles)
    pairs = [(a, b) for a in WORDS for b in WORDS if a != b]
    rng.shuffle(pairs)
    candidates = itertools.chain(
        singles, (camel(p) for p in pairs),
        (camel(p) + str(n) for n in itertools.count(2) for p in pairs))
    for name in candidates:
        if len(names) == count:
            break
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def make_class_names(count, rng):
    """`count` distinct coordinator class names such as "PhotoDetailCoordinator"."""
    pairs = [(a, b) for a in WORDS for b in WORDS if a != b]
    rng.shuffle(pairs)
    names, seen = [], {"AppCoordinator", "TabCoordinator"}
    candidates = itertools.chain(
        (w.capitalize() for w in WORDS),
        (a.capitalize() + b.capitalize() for a, b in pairs),
        (a.capitalize() + b.capitalize() + str(n) for n in itertools.count(2) for a, b in pairs))
    for stem in candidates:
        if len(names) == count:
            break
        name = stem + "Coordinator"
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def zipf_cum_weights(count, exponent):
    total, cum = 0.0, []
    for rank in range(1, count + 1):
        total += rank ** -exponent
        cum.append(total)
    return cum


def grow_tree(n, rng):
    """Parent index and depth of every coordinator; parents come before children."""
    parent = [-1] * n
    depth = [0] * n
    # c0 = app; c1..c4 = tabs; c5 onboarding, c6 deepLink: all children of the root.
    fixed = min(n, 7)
    for i in range(1, fixed):
        parent[i], depth[i] = 0, 1
    shallow = list(range(1, fixed))        # candidates for hanging a segment below
    nxt = fixed
    rand, randint = rng.random, rng.randint
    while nxt < n:
        if not shallow:                     # only the root exists (n == 1)
            break
        anchor = shallow[int(rand() * len(shallow))]
        r = rand()
        if r < 0.96:                        # fan-out below one coordinator
            r2 = rand()
            if r2 < 0.90:
                k = randint(1, 5)
            elif r2 < 0.99:
                k = randint(5, 50)
            else:
                k = randint(50, 2000)
            k = min(k, n - nxt)
            d = depth[anchor] + 1
            for i in range(nxt, nxt + k):
                parent[i] = anchor
                depth[i] = d
            if d < SHALLOW_DEPTH:
                shallow.extend(range(nxt, nxt + k))
            nxt += k
        else:                               # a chain hanging below the anchor
            length = randint(100, 300) if rand() < 0.03 else randint(5, 40)
            length = min(length, n - nxt, MAX_DEPTH - depth[anchor])
            p = anchor
            for i in range(nxt, nxt + length):
                parent[i] = p
                depth[i] = depth[p] + 1
                if depth[i] < SHALLOW_DEPTH:
                    shallow.append(i)
                p = i
            nxt += length
    return parent, depth


def generate(n, seed, out_path):
    if n < 1:
        raise SystemExit("--coordinators must be at least 1")
    rng = random.Random(seed)
    started = time.monotonic()

    parent, depth = grow_tree(n, rng)
    children = [None] * n                   # lists only where there are children
    for i in range(1, n):
        p = parent[i]
        lst = children[p]
        if lst is None:
            children[p] = [i]
        else:
            lst.append(i)

    # Types: Zipf over a pool of ~n/50 names; ~10% null.
    type_pool = make_type_names(max(8, n // 50), rng)
    type_cum = zipf_cum_weights(len(type_pool), 1.1)
    type_idx = rng.choices(range(len(type_pool)), cum_weights=type_cum, k=n)
    types = [type_pool[t] for t in type_idx]
    for i in range(n):
        if rng.random() < 0.10:
            types[i] = None
    special = {0: "app", 5: "onboarding", 6: "deepLink"}
    special.update({1 + t: name for t, name in enumerate(TAB_TYPES)})
    for i, name in special.items():
        if i < n:
            types[i] = name

    # Classes: Zipf over a pool of ~n/20 names.
    class_pool = make_class_names(max(8, n // 20), rng)
    class_cum = zipf_cum_weights(len(class_pool), 1.0)
    classes = rng.choices(class_pool, cum_weights=class_cum, k=n)
    classes[0] = "AppCoordinator"
    for i in range(1, min(n, 5)):
        classes[i] = "TabCoordinator"

    # Navigation containers: the root's tab coordinators always own one.
    owns_nav = [False] * n
    for i in range(1, min(n, 5)):
        owns_nav[i] = True
    for i in range(5, n):
        if rng.random() < 1.0 / NAV_EVERY:
            owns_nav[i] = True
    # The container a coordinator pushes onto: its own, else its nearest ancestor's.
    nav_of = [-1] * n                       # index of the coordinator owning the container
    for i in range(1, n):                   # parents come before children
        nav_of[i] = i if owns_nav[i] else nav_of[parent[i]]

    # The modal: the container of a coordinator below the first tab, presented over tab 0.
    presented_owner = None
    if n > 1:
        below_tab0 = []
        stack = list(children[1] or [])
        while stack and len(below_tab0) < 1000:
            node = stack.pop()
            if owns_nav[node]:
                below_tab0.append(node)
            stack.extend(children[node] or [])
        if not below_tab0 and children[1]:
            node = children[1][0]
            owns_nav[node] = True
            # Its subtree now pushes onto its own container.
            stack = [node]
            while stack:
                m = stack.pop()
                if nav_of[m] == 1 or m == node:
                    nav_of[m] = node
                    stack.extend(children[m] or [])
            below_tab0.append(node)
        if below_tab0:
            presented_owner = rng.choice(below_tab0)

    ids = ['"c%d"' % i for i in range(n)]   # quoted, ready to write

    with open(out_path, "w", encoding="utf-8", newline="\n") as out:
        out.write('{"navinspect":1,"root":"c0","window":%s,\n"coordinators":[\n'
                  % ('"tabBar"' if n > 1 else "null"))
        order = list(range(1, n))
        rng.shuffle(order)
        order.insert(0, 0)
        rand = rng.random
        buf = []
        for pos, i in enumerate(order):
            kids = children[i]
            t = types[i]
            cls = classes[i]
            nav = nav_of[i]
            buf.append(
                '{"id":%s,"class":"%s","type":%s,"children":[%s],'
                '"source":{"file":"App/Coordinators/%s.swift","line":%d},'
                '"trigger":{"method":"%s","onLaunch":%s},"navigation":%s}%s\n' % (
                    ids[i], cls, "null" if t is None else '"%s"' % t,
                    ",".join([ids[k] for k in kids]) if kids else "",
                    cls, 1 + int(rand() * 400),
                    METHODS[int(rand() * len(METHODS))], "true" if rand() < 0.7 else "false",
                    "null" if nav < 0 else '"n%d"' % nav,
                    "," if pos + 1 < n else ""))
            if len(buf) >= 4096:
                out.write("".join(buf))
                buf.clear()
        out.write("".join(buf))
        buf.clear()
        out.write("],\n\"containers\":[\n")

        containers = []
        if n > 1:
            tabs = []
            for t in range(min(4, n - 1)):
                tabs.append({"title": TAB_TITLES[t], "icon": TAB_ICONS[t], "tag": t, "container": "n%d" % (1 + t)})
            containers.append(json.dumps(
                {"id": "tabBar", "kind": "tabBar", "class": "MainTabBarController", "tabs": tabs, "selectedIndex": 0},
                separators=(",", ":")))
        for i in range(1, n):
            if not owns_nav[i]:
                continue
            # Owners: the coordinator first, then children that push onto the same container.
            pushers = [k for k in (children[i] or ())[:8] if nav_of[k] == i]
            stack = []
            for slot in range(rng.randint(1, 4)):
                owner_idx = i if slot == 0 or not pushers else rng.choice(pushers)
                owner = None if (slot > 0 and rng.random() < 0.05) else "c%d" % owner_idx
                stem = classes[owner_idx][:-len("Coordinator")]
                vc = stem + ("" if slot == 0 else rng.choice(SCREENS)) + "ViewController"
                stack.append({"class": vc, "owner": owner})
            container = {"id": "n%d" % i, "kind": "navigation", "class": "UINavigationController", "stack": stack}
            if i == 1 and presented_owner is not None:
                container["presented"] = "n%d" % presented_owner
            containers.append(json.dumps(container, separators=(",", ":")))
        out.write(",\n".join(containers))
        out.write("\n]}\n")

    size = os.path.getsize(out_path)

    # Sidecar: arguments for the benchmarks' queries.
    counts = {}
    for t in types:
        if t is not None:
            counts[t] = counts.get(t, 0) + 1
    by_count = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    frequent = [{"type": t, "count": c} for t, c in by_count[:20]]
    # Rare: at most 3 coordinators each; in small documents, the 5 least common instead.
    ordinary = [(t, c) for t, c in by_count if t not in special.values()]
    rare_pool = [t for t, c in ordinary if c <= 3] or [t for t, c in ordinary[-5:]]
    rare = sorted(rng.sample(rare_pool, min(50, len(rare_pool))))
    sample = sorted(rng.sample(range(n), min(1000, n)))
    max_depth = max(depth)
    shallow = sum(1 for d in depth if d < 30)
    meta = {
        "file": os.path.basename(out_path),
        "coordinators": n,
        "containers": len(containers),
        "seed": seed,
        "bytes": size,
        "types": len(counts),
        "nullTypes": sum(1 for t in types if t is None),
        "maxDepth": max_depth,
        "fractionDepthBelow30": round(shallow / n, 4),
        "maxChildren": max((len(c) for c in children if c), default=0),
        "frequentTypes": frequent,
        "rareTypes": [{"type": t, "count": counts[t]} for t in rare],
        "absentType": "noSuchCoordinatorType",
        "sampleIds": ["c%d" % i for i in sample],
    }
    with open(out_path + ".meta.json", "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1)
        f.write("\n")

    elapsed = time.monotonic() - started
    print("%s: %d coordinators, %d containers, %.1f MB in %.1f s; max depth %d, %.1f%% below depth 30, "
          "widest fan-out %d" % (out_path, n, len(containers), size / 1e6, elapsed, max_depth,
                                 100.0 * shallow / n, meta["maxChildren"]), file=sys.stderr)
    print("  frequent types: " + ", ".join("%s (%d)" % (f["type"], f["count"]) for f in frequent[:6]), file=sys.stderr)
    return meta


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--coordinators", type=int, required=True, help="number of coordinators")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--out", required=True, help="the document to write")
    args = parser.parse_args()
    generate(args.coordinators, args.seed, args.out)


if __name__ == "__main__":
    main()
