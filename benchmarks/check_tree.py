#!/usr/bin/env python3
"""Check a tree document against the version 1 rules, independently of navinspect.

    check_tree.py FILE

Prints one problem per line and exits 1 if there are any. Used to check the
generator's output; it loads the whole document with the json module, so it is
meant for small and medium documents.
"""

import json
import sys

DOC = {"navinspect", "root", "window", "coordinators", "containers"}
COORD = {"id", "class", "type", "children", "source", "trigger", "navigation"}
SOURCE = {"file", "line"}
TRIGGER = {"method", "onLaunch"}
NAV = {"id", "kind", "class", "stack", "presented"}
TABBAR = {"id", "kind", "class", "tabs", "selectedIndex", "presented"}
ENTRY = {"class", "owner", "embeds"}
TAB = {"title", "icon", "tag", "container", "viewController"}
VC = {"class", "owner"}


def check(doc):
    problems = []

    def bad(pointer, message):
        problems.append("%s: %s" % (pointer or "/", message))

    def is_str(v):
        return isinstance(v, str)

    def is_int(v):
        return isinstance(v, int) and not isinstance(v, bool)

    def members(obj, pointer, allowed, required):
        if not isinstance(obj, dict):
            bad(pointer, "not an object")
            return False
        for key in obj:
            if key not in allowed:
                bad(pointer, "unknown member %r" % key)
        for key in required:
            if key not in obj:
                bad(pointer, "missing member %r" % key)
        return True

    if not members(doc, "", DOC, ("navinspect", "root", "coordinators")):
        return problems
    if doc.get("navinspect") != 1 or not is_int(doc.get("navinspect")):
        bad("/navinspect", "must be 1")
    coords = doc.get("coordinators")
    containers = doc.get("containers", [])
    if not isinstance(coords, list):
        bad("/coordinators", "not an array")
        return problems
    if not isinstance(containers, list):
        bad("/containers", "not an array")
        return problems

    coord_ids, cont_ids = {}, {}
    for i, c in enumerate(coords):
        p = "/coordinators/%d" % i
        if not members(c, p, COORD, ("id", "class", "children")):
            continue
        if not is_str(c.get("id")):
            bad(p + "/id", "not a string")
        elif c["id"] in coord_ids:
            bad(p + "/id", "duplicate id %r" % c["id"])
        else:
            coord_ids[c["id"]] = i
        if not is_str(c.get("class")):
            bad(p + "/class", "not a string")
        if c.get("type") is not None and not is_str(c["type"]):
            bad(p + "/type", "not a string or null")
        if not isinstance(c.get("children"), list) or not all(is_str(x) for x in c["children"]):
            bad(p + "/children", "not an array of strings")
        s = c.get("source")
        if s is not None and members(s, p + "/source", SOURCE, SOURCE):
            if not is_str(s.get("file")):
                bad(p + "/source/file", "not a string")
            if not is_int(s.get("line")) or s["line"] < 1:
                bad(p + "/source/line", "not an integer >= 1")
        t = c.get("trigger")
        if t is not None and members(t, p + "/trigger", TRIGGER, TRIGGER):
            if not is_str(t.get("method")):
                bad(p + "/trigger/method", "not a string")
            if not isinstance(t.get("onLaunch"), bool):
                bad(p + "/trigger/onLaunch", "not a boolean")
        if c.get("navigation") is not None and not is_str(c["navigation"]):
            bad(p + "/navigation", "not a string or null")

    for i, k in enumerate(containers):
        p = "/containers/%d" % i
        if not isinstance(k, dict):
            bad(p, "not an object")
            continue
        if not is_str(k.get("id")):
            bad(p + "/id", "not a string")
        elif k["id"] in cont_ids:
            bad(p + "/id", "duplicate id %r" % k["id"])
        else:
            cont_ids[k["id"]] = i

    # Coordinators: one parent each, all reachable from the root, no cycles.
    root = doc.get("root")
    if root not in coord_ids:
        bad("/root", "unknown coordinator %r" % root)
        return problems
    parent = {}
    for i, c in enumerate(coords):
        if not isinstance(c, dict) or not isinstance(c.get("children"), list):
            continue
        for slot, child in enumerate(c["children"]):
            p = "/coordinators/%d/children/%d" % (i, slot)
            if child not in coord_ids:
                bad(p, "unknown coordinator %r" % child)
            elif child == root:
                bad(p, "the root cannot be a child")
            elif child in parent:
                bad(p, "%r already has a parent" % child)
            else:
                parent[child] = c.get("id")
    seen, stack = {root}, [root]
    while stack:
        node = stack.pop()
        for child in coords[coord_ids[node]].get("children", []):
            if child in coord_ids and parent.get(child) == node and child not in seen:
                seen.add(child)
                stack.append(child)
    for cid, i in coord_ids.items():
        if cid not in seen:
            bad("/coordinators/%d" % i, "%r is not reachable from the root" % cid)
        nav = coords[i].get("navigation")
        if is_str(nav) and nav not in cont_ids:
            bad("/coordinators/%d/navigation" % i, "unknown container %r" % nav)

    # Containers: members by kind, owners, placement once, never inside itself.
    placed_in = {}                          # container id -> placing container id (None: window)

    def place(cid, pointer, inside):
        if not is_str(cid):
            bad(pointer, "not a container id")
        elif cid not in cont_ids:
            bad(pointer, "unknown container %r" % cid)
        elif cid in placed_in:
            bad(pointer, "container %r is placed twice" % cid)
        else:
            placed_in[cid] = inside

    def owner(value, pointer):
        if value is not None and value not in coord_ids:
            bad(pointer, "unknown owner %r" % value)

    window = doc.get("window")
    if window is not None:
        place(window, "/window", None)
    for i, k in enumerate(containers):
        p = "/containers/%d" % i
        if not isinstance(k, dict):
            continue
        kind = k.get("kind")
        if kind == "navigation":
            if not members(k, p, NAV, ("id", "kind", "stack")):
                continue
            if not isinstance(k["stack"], list):
                bad(p + "/stack", "not an array")
                continue
            for slot, e in enumerate(k["stack"]):
                q = "%s/stack/%d" % (p, slot)
                if members(e, q, ENTRY, ("class", "owner")):
                    if not is_str(e.get("class")):
                        bad(q + "/class", "not a string")
                    owner(e.get("owner"), q + "/owner")
                    if e.get("embeds") is not None:
                        place(e["embeds"], q + "/embeds", k.get("id"))
        elif kind == "tabBar":
            if not members(k, p, TABBAR, ("id", "kind", "tabs", "selectedIndex")):
                continue
            tabs = k["tabs"]
            if not isinstance(tabs, list):
                bad(p + "/tabs", "not an array")
                continue
            for slot, tab in enumerate(tabs):
                q = "%s/tabs/%d" % (p, slot)
                if not members(tab, q, TAB, ("title", "icon", "tag")):
                    continue
                for key in ("title", "icon"):
                    if tab.get(key) is not None and not is_str(tab[key]):
                        bad(q + "/" + key, "not a string or null")
                if tab.get("tag") is not None and not is_int(tab["tag"]):
                    bad(q + "/tag", "not an integer or null")
                if ("container" in tab) == ("viewController" in tab):
                    bad(q, "needs exactly one of container and viewController")
                elif "container" in tab:
                    place(tab["container"], q + "/container", k.get("id"))
                elif members(tab["viewController"], q + "/viewController", VC, ("class", "owner")):
                    owner(tab["viewController"].get("owner"), q + "/viewController/owner")
            sel = k["selectedIndex"]
            if not is_int(sel) or not 0 <= sel < len(tabs):
                bad(p + "/selectedIndex", "out of range")
        else:
            bad(p + "/kind", "unknown kind %r" % kind)
            continue
        if k.get("class") is not None and not is_str(k["class"]):
            bad(p + "/class", "not a string")
        if k.get("presented") is not None:
            place(k["presented"], p + "/presented", k.get("id"))
    for cid in placed_in:
        seen, current = set(), placed_in[cid]
        while current is not None and current not in seen:
            if current == cid:
                bad("/containers/%d" % cont_ids[cid], "container %r contains itself" % cid)
                break
            seen.add(current)
            current = placed_in.get(current)
    return problems


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: check_tree.py FILE")
    with open(sys.argv[1], encoding="utf-8") as f:
        doc = json.load(f)
    problems = check(doc)
    for line in problems:
        print(line)
    if problems:
        sys.exit(1)
    print("%s: valid (%d coordinators, %d containers)" % (
        sys.argv[1], len(doc["coordinators"]), len(doc.get("containers", []))), file=sys.stderr)


if __name__ == "__main__":
    main()
