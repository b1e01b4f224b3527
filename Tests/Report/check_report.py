#!/usr/bin/env python3
"""Opens navinspect's HTML report in headless Chromium and checks the rendered page.

For the built-in example and every fixture app, it writes a report, loads it with a fragment that
drives the page's script (a search in the tree, a selected coordinator, a findCoordinator type and
origin), lets the script run (--virtual-time-budget), reads the DOM Chromium dumps, and compares
what the page shows with what the command line answers (--json): the tree, the details, the
current stack, the findCoordinator visiting order and the lint findings.

Usage: check_report.py NAVINSPECT [--screenshots DIR]
"""

import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "SourceIndexTests", "Fixtures")


class Element:
    def __init__(self, tag, attributes, parent):
        self.tag = tag
        self.attributes = dict(attributes)
        self.parent = parent
        self.children = []

    def text(self):
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)

    def walk(self):
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.walk()

    def find_all(self, predicate):
        return [element for element in self.walk() if predicate(element)]

    def by_id(self, identifier):
        found = self.find_all(lambda element: element.attributes.get("id") == identifier)
        return found[0] if found else None

    def classes(self):
        return (self.attributes.get("class") or "").split()


class DOMBuilder(html.parser.HTMLParser):
    VOID = {"meta", "link", "br", "img", "input", "hr", "source", "wbr", "col", "area", "base", "embed", "param", "track"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", {}, None)
        self.current = self.root

    def handle_starttag(self, tag, attributes):
        element = Element(tag, attributes, self.current)
        self.current.children.append(element)
        if tag not in self.VOID:
            self.current = element

    def handle_startendtag(self, tag, attributes):
        self.current.children.append(Element(tag, attributes, self.current))

    def handle_endtag(self, tag):
        element = self.current
        while element is not None and element.tag != tag:
            element = element.parent
        if element is not None and element.parent is not None:
            self.current = element.parent

    def handle_data(self, data):
        self.current.children.append(data)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium_arguments():
    # As root Chromium refuses to start without --no-sandbox; CI runs as root.
    return ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--disable-extensions"]


def render(browser, page, fragment):
    url = "file://" + urllib.parse.quote(page) + ("#" + fragment if fragment else "")
    result = subprocess.run(
        [browser, *chromium_arguments(), "--virtual-time-budget=5000", "--dump-dom", url],
        capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise AssertionError(f"chromium failed on {url}: {result.stderr[-2000:]}")
    builder = DOMBuilder()
    builder.feed(result.stdout)
    return builder.root


def run(navinspect, *arguments):
    result = subprocess.run([navinspect, *arguments], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise AssertionError(f"navinspect {' '.join(arguments)} failed: {result.stderr}")
    return result.stdout


def flatten(tree):
    nodes = []
    pending = [tree]
    while pending:
        node = pending.pop()
        nodes.append(node)
        pending.extend(reversed(node.get("children", [])))
    return nodes


class Checker:
    def __init__(self, navinspect, browser):
        self.navinspect = navinspect
        self.browser = browser
        self.failures = []
        self.checks = 0
        # Apps whose explorer was checked through a coordinator shown as the same as another.
        self.checked_same_as = 0

    def expect(self, condition, message):
        self.checks += 1
        if not condition:
            self.failures.append(message)

    def check_app(self, name, source, workdir):
        where = ["--source", source] if source else []
        page = os.path.join(workdir, name + ".html")
        run(self.navinspect, "report", *( [source] if source else []), "-o", page)
        tree = json.loads(run(self.navinspect, "query", "tree", *where, "--json"))
        nodes = flatten(tree)
        ids = [node["id"] for node in nodes]

        # The type with the most coordinators, called below the root whenever the tree allows it.
        by_type = {}
        for node in nodes:
            if node.get("type"):
                by_type.setdefault(node["type"], []).append(node["id"])
        find_type, origin, expected_order = None, tree["id"], []
        if by_type:
            find_type = max(sorted(by_type), key=lambda type_: len(by_type[type_]))
            root_order = json.loads(
                run(self.navinspect, "query", "findCoordinator", *where, "--type", find_type, "--all", "--json"))
            last_path = root_order[-1]["path"]
            # The parent of the last match: from there the search sees a part of the matches only.
            origin = last_path[-2] if len(last_path) > 1 else last_path[0]
            expected_order = [match["id"] for match in json.loads(
                run(self.navinspect, "query", "findCoordinator", *where, "--type", find_type, "--from", origin, "--all", "--json"))]
        selected = ids[-1]
        described = json.loads(run(self.navinspect, "query", "describe", *where, "--id", selected, "--json"))
        query = tree["children"][0]["class"][:5].lower() if tree.get("children") else tree["class"][:5].lower()

        fragment = "&".join([
            "q=" + urllib.parse.quote(query), "select=" + urllib.parse.quote(selected),
            "find=" + urllib.parse.quote(find_type or ""), "from=" + urllib.parse.quote(origin)])
        dom = render(self.browser, page, fragment)
        body = dom.find_all(lambda element: element.tag == "body")[0]
        self.expect(body.attributes.get("data-ready") == "1", f"{name}: the page's script did not finish")
        data = json.loads(dom.by_id("navinspect-data").text())
        id_of = [node["id"] for node in data["nodes"]]

        # The tree: one item per coordinator, in the same nesting, filtered by the search.
        items = dom.by_id("tree").find_all(lambda element: element.tag == "li" and "data-node" in element.attributes)
        self.expect(sorted(id_of[int(item.attributes["data-node"])] for item in items) == sorted(ids),
                    f"{name}: the tree does not list every coordinator")
        for item in items:
            parent = item.parent
            while parent is not None and not (parent.tag == "li" and "data-node" in parent.attributes):
                parent = parent.parent
            node = data["nodes"][int(item.attributes["data-node"])]
            expected_parent = None if node["parent"] is None else node["parent"]
            actual_parent = None if parent is None else int(parent.attributes["data-node"])
            self.expect(actual_parent == expected_parent, f"{name}: {node['id']} hangs under the wrong parent")
        matching = {node["id"] for node in nodes if query in " ".join([node["class"], node.get("type") or "", node["id"]]).lower()}
        shown_matches = {id_of[int(item.attributes["data-node"])] for item in items if "match" in item.classes()}
        self.expect(shown_matches == matching, f"{name}: search '{query}' marks {shown_matches}, expected {matching}")
        for item in items:
            node_id = id_of[int(item.attributes["data-node"])]
            keeps = any(match == node_id or node_id in self.ancestors(data, match) for match in matching)
            self.expect(("hidden" in item.attributes) != keeps, f"{name}: search '{query}' hides {node_id} wrongly")

        # The details of the selected coordinator.
        details = dom.by_id("details")
        fields = {cell.attributes["data-field"]: cell.text() for cell in details.find_all(lambda e: "data-field" in e.attributes)}
        self.expect(dom.by_id("details-class").text() == described["class"], f"{name}: details show the wrong class")
        self.expect(fields.get("id") == selected, f"{name}: details show the wrong id")
        if described.get("source"):
            place = f"{described['source']['file']}:{described['source']['line']}"
            self.expect(fields.get("source") == place, f"{name}: details show source {fields.get('source')}, expected {place}")
        if described.get("trigger"):
            trigger = described["trigger"]
            starts = f"{trigger['method']}() {'at launch' if trigger['onLaunch'] else 'on demand'}"
            self.expect(fields.get("starts") == starts, f"{name}: details show starts {fields.get('starts')}, expected {starts}")

        # The findCoordinator explorer: the visiting order from the origin, and the winner.
        order = dom.by_id("find-order")
        shown_order = [] if order is None else [
            id_of[int(entry.attributes["data-node"])] for entry in order.find_all(lambda e: e.tag == "li")]
        self.expect(shown_order == expected_order, f"{name}: explorer shows {shown_order}, expected {expected_order}")
        winner = dom.by_id("find-winner")
        if find_type is None:
            self.expect(winner is not None and "No coordinator has type" in winner.text(), f"{name}: no note without types")
        else:
            self.expect(winner is not None and "returns" in winner.text() and f".{find_type})" in winner.text(),
                        f"{name}: the explorer names no winner")
        if expected_order:
            self.expect(winner.attributes.get("data-node") is not None
                        and id_of[int(winner.attributes["data-node"])] == expected_order[0], f"{name}: wrong winner")

        # A flow shown as the same as another: from its parent, the explorer goes on below the one
        # it names, as the query does (a match met through it may come twice, by two ways).
        for node in nodes:
            if not node.get("sameAs"):
                continue
            index = id_of.index(node["id"])
            parent = id_of[data["nodes"][index]["parent"]]
            for type_ in sorted(by_type):
                through = json.loads(run(self.navinspect, "query", "findCoordinator", *where, "--type", type_,
                                         "--from", parent, "--all", "--json"))
                if not any(match.get("via") for match in through):
                    continue
                again = render(self.browser, page, "find=" + urllib.parse.quote(type_) + "&from=" + urllib.parse.quote(parent))
                listed = again.by_id("find-order")
                shown = [] if listed is None else [
                    id_of[int(entry.attributes["data-node"])] for entry in listed.find_all(lambda e: e.tag == "li")]
                self.expect(shown == [match["id"] for match in through],
                            f"{name}: through {node['id']}, the explorer shows {shown}, the query {[m['id'] for m in through]}")
                self.checked_same_as += 1
                break
            break

        # The current stack, bottom to top, with its owners, and the selected tab.
        stack = json.loads(run(self.navinspect, "query", "currentStack", *where, "--json"))
        visible = dom.by_id("visible")
        shown_stack = [] if visible is None else [
            (entry.find_all(lambda e: "vc-class" in e.classes())[0].text(),
             next((id_of[int(e.attributes["data-node"])] for e in entry.find_all(lambda e: "owner" in e.classes() and "data-node" in e.attributes)), None))
            for entry in visible.find_all(lambda e: e.tag == "li")]
        expected_stack = [(entry["class"], entry.get("owner")) for entry in stack["viewControllers"]]
        self.expect(shown_stack == expected_stack, f"{name}: the stack shows {shown_stack}, expected {expected_stack}")
        if expected_stack:
            self.expect(dom.by_id("no-window") is None and len(dom.find_all(lambda e: "window" in e.classes())) == 1,
                        f"{name}: the window is not drawn")
        return dom

    @staticmethod
    def ancestors(data, node_id):
        index = next(number for number, node in enumerate(data["nodes"]) if node["id"] == node_id)
        result = []
        while data["nodes"][index]["parent"] is not None:
            index = data["nodes"][index]["parent"]
            result.append(data["nodes"][index]["id"])
        return result

    def check_lint(self, name, source, dom):
        table = dom.by_id("lint-table")
        findings = json.loads(run(self.navinspect, "lint", source, "--format", "json"))["diagnostics"]
        rows = [] if table is None else table.find_all(lambda e: e.tag == "tr" and "data-rule" in e.attributes)
        shown = [(row.attributes["data-rule"], row.find_all(lambda e: "place" in e.classes())[0].text()) for row in rows]
        expected = [(finding["rule"], f"{finding['file']}:{finding['line']}:{finding['column']}") for finding in findings]
        self.expect(shown == expected, f"{name}: lint shows {shown}, expected {expected}")
        if not findings:
            self.expect(dom.by_id("lint-none") is not None, f"{name}: no 'no findings' note")


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    navinspect = os.path.abspath(sys.argv[1])
    browser = chromium()
    if browser is None:
        print("report: chromium is not installed (scripts/setup installs it)", file=sys.stderr)
        return 1
    checker = Checker(navinspect, browser)
    with tempfile.TemporaryDirectory() as workdir:
        dom = checker.check_app("example", None, workdir)
        selected_tabs = [tab.text() for tab in dom.find_all(lambda e: e.tag == "li" and "tab" in e.classes() and "selected" in e.classes())]
        example = json.loads(run(navinspect, "example"))
        expected_tabs = [
            (container["tabs"][container.get("selectedIndex", 0)].get("title"))
            for container in example["containers"] if container.get("kind") == "tabBar"]
        checker.expect(selected_tabs == expected_tabs, f"example: selected tabs {selected_tabs}, expected {expected_tabs}")
        checker.expect(dom.by_id("lint-none") is not None, "example: a tree document should say lint needs sources")
        presented = dom.find_all(lambda e: "presented" in e.classes())
        checker.expect(len(presented) >= 1, "example: the presented screen is not drawn")
        for app in sorted(os.listdir(FIXTURES)):
            source = os.path.join(FIXTURES, app)
            dom = checker.check_app(app, source, workdir)
            checker.check_lint(app, source, dom)
        checker.expect(checker.checked_same_as >= 1, "no fixture app's explorer was checked through a sameAs coordinator")
        if "--screenshots" in sys.argv:
            screenshots(navinspect, browser, sys.argv[sys.argv.index("--screenshots") + 1], workdir)
    for failure in checker.failures:
        print("report: FAIL " + failure, file=sys.stderr)
    print(f"report: {checker.checks - len(checker.failures)} of {checker.checks} checks passed in headless {os.path.basename(browser)}")
    return 1 if checker.failures else 0


def screenshots(navinspect, browser, folder, workdir):
    """The pictures in README.md and docs/, taken the way the test renders the page."""
    os.makedirs(folder, exist_ok=True)
    page = os.path.join(workdir, "shots.html")
    run(navinspect, "report", os.path.join(FIXTURES, "ProtocolStyle"), "-o", page)
    shots = [
        ("report-tree.png", "1100,420",
         "select=AppCoordinator/MainTabCoordinator/JournalCoordinator/PlantDetailCoordinator&find=plantDetail&only=tree-section"),
        ("report-find.png", "1100,260", "find=plantDetail&from=AppCoordinator/MainTabCoordinator/GardenCoordinator&only=find"),
        ("report-stack.png", "1100,560", "only=screen"),
        ("report-lint.png", "1100,300", "only=lint"),
    ]
    for name, size, fragment in shots:
        subprocess.run([browser, *chromium_arguments(), "--virtual-time-budget=5000", f"--window-size={size}",
                        f"--screenshot={os.path.join(folder, name)}", "file://" + page + "#" + fragment],
                       capture_output=True, timeout=120, check=True)
    svg = os.path.join(workdir, "graph.svg")
    run(navinspect, "graph", "--source", os.path.join(FIXTURES, "ProtocolStyle"), "--format", "svg", "--find", "plantDetail",
        "-o", svg)
    with open(svg) as file:
        header = file.read(400)
    width = int(float(header.split('width="')[1].split('"')[0]))
    height = int(float(header.split('height="')[1].split('"')[0]))
    subprocess.run([browser, *chromium_arguments(), f"--window-size={min(width, 1600)},{min(height, 900)}",
                    f"--screenshot={os.path.join(folder, 'graph.png')}", "file://" + svg],
                   capture_output=True, timeout=120, check=True)


if __name__ == "__main__":
    sys.exit(main())
