#!/usr/bin/env python3
"""Checks the navinspect protocol's schemas and examples.

1. Every file in schemas/ is a valid JSON Schema draft 2020-12 document with the
   required `$schema`, `$id`, `title` and `description`, and refers only to itself.
2. Every file in examples/ validates against its schema, and every schema has an example.
3. Documents the schemas must refuse are refused (the strictness the spec promises).
4. The example results are what the spec's algorithms give on examples/small-tree.json.
5. The JSON examples in README.md validate and agree with the same algorithms, and each
   method has a section with Purpose, Params, Result, Errors and Example.

Exits 0 when everything passes, 1 otherwise. Needs the `jsonschema` package
(`pip install jsonschema`). Usage: python3 protocol/check_schemas.py
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError
except ImportError:
    sys.exit("check_schemas: the jsonschema package is missing (pip install jsonschema)")

HERE = Path(__file__).resolve().parent
SCHEMAS = HERE / "schemas"
EXAMPLES = HERE / "examples"
README = HERE / "README.md"
DIALECT = "https://json-schema.org/draft/2020-12/schema"
ID_BASE = "https://navinspect.invalid/schemas/"
# What a live app sends on its own connection: not advertised to editors, specified like the rest.
APP_MESSAGES = ["navinspect/hello", "navinspect/snapshot"]

failures: list[str] = []


def fail(where: str, message: str) -> None:
    failures.append(f"{where}: {message}")


# MARK: - Strict JSON


def _no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"duplicate member {key!r}")
        seen[key] = value
    return seen


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def _no_float(text):
    raise ValueError(f"number {text} has a fraction or exponent; the protocol uses integers only")


def strict_loads(text: str, allow_float: bool = False):
    return json.loads(
        text,
        object_pairs_hook=_no_duplicates,
        parse_constant=_no_constant,
        **({} if allow_float else {"parse_float": _no_float}),
    )


def read_json(path: Path, allow_float: bool = False):
    try:
        return strict_loads(path.read_text(encoding="utf-8"), allow_float)
    except (ValueError, UnicodeDecodeError) as error:
        fail(str(path.relative_to(HERE)), f"not valid JSON: {error}")
        return None


# MARK: - 1. Schemas


def local_refs(node, found=None):
    found = [] if found is None else found
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                found.append(value)
            else:
                local_refs(value, found)
    elif isinstance(node, list):
        for value in node:
            local_refs(value, found)
    return found


def resolve_pointer(document, pointer: str):
    node = document
    for token in pointer.split("/")[1:] if pointer else []:
        token = token.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node


def check_schemas() -> dict[str, Draft202012Validator]:
    validators = {}
    paths = sorted(SCHEMAS.glob("*.json"))
    if not paths:
        fail("schemas/", "no schema found")
    for path in paths:
        where = f"schemas/{path.name}"
        schema = read_json(path, allow_float=True)
        if not isinstance(schema, dict):
            if schema is not None:
                fail(where, "a schema must be an object")
            continue
        if schema.get("$schema") != DIALECT:
            fail(where, f"$schema must be {DIALECT}")
        if schema.get("$id") != ID_BASE + path.name:
            fail(where, f"$id must be {ID_BASE + path.name}")
        for member in ("title", "description"):
            if not isinstance(schema.get(member), str) or not schema[member].strip():
                fail(where, f"missing a non-empty {member}")
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as error:
            fail(where, f"not a valid draft 2020-12 schema: {error.message} (at {'/'.join(map(str, error.path))})")
            continue
        refs_ok = True
        for ref in local_refs(schema):
            if not ref.startswith("#"):
                fail(where, f"$ref {ref!r} leaves the file; each schema must load alone")
                refs_ok = False
                continue
            try:
                resolve_pointer(schema, ref[1:])
            except (KeyError, IndexError, ValueError, TypeError):
                fail(where, f"$ref {ref!r} does not resolve")
                refs_ok = False
        if not refs_ok:
            continue
        validators[path.name] = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    return validators


def validate(validators, schema_name: str, instance, where: str) -> bool:
    validator = validators.get(schema_name)
    if validator is None:
        fail(where, f"no schema schemas/{schema_name}")
        return False
    try:
        errors = sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path)))
    except Exception as error:  # a schema the validator cannot use, such as an unresolvable $ref
        fail(where, f"schemas/{schema_name} cannot be used: {error}")
        return False
    for error in errors:
        location = "/" + "/".join(map(str, error.absolute_path))
        fail(where, f"does not match schemas/{schema_name} at {location}: {error.message}")
    return not errors


# MARK: - 2. Examples


def schema_for_example(name: str) -> str:
    if name in ("small-tree.json", "split-tree.json"):
        return "tree-document.json"
    if name.startswith("error."):
        return "error.json"
    return name


def check_examples(validators) -> dict[str, object]:
    examples = {}
    used = set()
    for path in sorted(EXAMPLES.glob("*.json")):
        where = f"examples/{path.name}"
        instance = read_json(path)
        if instance is None and path.read_text(encoding="utf-8").strip() != "null":
            continue
        examples[path.name] = instance
        schema_name = schema_for_example(path.name)
        used.add(schema_name)
        validate(validators, schema_name, instance, where)
    for name in validators:
        if name not in used:
            fail(f"schemas/{name}", "has no example in examples/")
    return examples


# MARK: - 3. What the schemas must refuse


def refused_cases(tree):
    def changed(edit):
        document = json.loads(json.dumps(tree))
        edit(document)
        return document

    def set_path(pointer, value):
        def edit(document):
            *parents, last = pointer.split("/")[1:]
            node = resolve_pointer(document, "/" + "/".join(parents)) if parents else document
            if isinstance(node, list):
                node[int(last)] = value
            else:
                node[last] = value
        return edit

    def drop(pointer):
        def edit(document):
            *parents, last = pointer.split("/")[1:]
            node = resolve_pointer(document, "/" + "/".join(parents)) if parents else document
            del node[int(last) if isinstance(node, list) else last]
        return edit

    tab = "/containers/1/tabs/0"
    yield "tree-document.json", "version 2", changed(set_path("/navinspect", 2))
    yield "tree-document.json", "an unknown top-level member", changed(set_path("/coordinator", []))
    yield "tree-document.json", "no coordinators", changed(drop("/coordinators"))
    yield "tree-document.json", "an empty id", changed(set_path("/coordinators/0/id", ""))
    yield "tree-document.json", "a typo in a coordinator", changed(set_path("/coordinators/0/chidlren", []))
    yield "tree-document.json", "nested coordinators", changed(set_path("/coordinators/0/children/0", {"id": "tabs"}))
    yield "tree-document.json", "a child listed twice", changed(set_path("/coordinators/1/children/1", "home"))
    yield "tree-document.json", "line 0", changed(set_path("/coordinators/0/source/line", 0))
    yield "tree-document.json", "onLaunch as a number", changed(set_path("/coordinators/1/trigger/onLaunch", 1))
    yield "tree-document.json", "an unknown kind", changed(set_path("/containers/0/kind", "page"))
    yield "tree-document.json", "columns on a navigation container", changed(set_path("/containers/0/columns", []))
    yield "tree-document.json", "a split without columns", changed(set_path("/containers/0/kind", "split"))
    yield "tree-document.json", "a screen of two view controllers", changed(set_path("/containers/2/kind", "screen"))
    yield "tree-document.json", "a stack on a split", changed(
        set_path("/containers/0", {"id": "rootNav", "kind": "split", "columns": [], "stack": []}))
    yield "tree-document.json", "a column with an unknown name", changed(
        set_path("/containers/0", {"id": "rootNav", "kind": "split", "columns": [{"column": "left", "container": "homeNav"}]}))
    yield "tree-document.json", "a column with neither", changed(
        set_path("/containers/0", {"id": "rootNav", "kind": "split", "columns": [{"column": "primary"}]}))
    yield "tree-document.json", "tabs on a navigation container", changed(set_path("/containers/0/tabs", []))
    yield "tree-document.json", "a stack on a tab bar", changed(set_path("/containers/1/stack", []))
    yield "tree-document.json", "a tab bar without tabs", changed(drop("/containers/1/tabs"))
    yield "tree-document.json", "a negative selectedIndex", changed(set_path("/containers/1/selectedIndex", -1))
    yield "tree-document.json", "selectedIndex with no tabs", changed(set_path("/containers/1/tabs", []))
    yield "tree-document.json", "a stack entry without owner", changed(drop("/containers/0/stack/0/owner"))
    yield "tree-document.json", "an empty owner", changed(set_path("/containers/0/stack/0/owner", ""))
    yield "tree-document.json", "an empty window", changed(set_path("/window", ""))
    yield "tree-document.json", "embeds in a tab's view controller", changed(
        set_path(tab, {"viewController": {"class": "A", "owner": None, "embeds": "x"}}))
    yield "tree-document.json", "a tab with both", changed(
        set_path(tab, {"container": "homeNav", "viewController": {"class": "A", "owner": None}}))
    yield "tree-document.json", "a tab with neither", changed(set_path(tab, {"title": "Home"}))
    yield "tree-document.json", "a tab with both null", changed(set_path(tab, {"container": None, "viewController": None}))
    yield "navinspect.load.params.json", "path and document", {"path": "a.json", "document": {}}
    yield "navinspect.load.params.json", "neither path nor document", {}
    yield "navinspect.tree.params.json", "a negative depth", {"depth": -1}
    yield "navinspect.tree.params.json", "an unknown param", {"dept": 2}
    yield "navinspect.children.params.json", "no id", {}
    yield "navinspect.findCoordinator.params.json", "no type", {"all": True}
    yield "navinspect.currentStack.params.json", "a param", {"verbose": True}
    yield "navinspect.tree.params.json", "generation 0", {"generation": 0}
    yield "navinspect.diff.params.json", "no from", {"to": 2}
    yield "navinspect.hello.params.json", "version 2", {"name": "App", "version": 2}
    yield "navinspect.snapshot.params.json", "no tree", {"sequence": 1, "time": 0}
    yield "error.json", "-32014 without data", {"code": -32014, "message": "m"}
    yield "navinspect.tree.result.json", "a node without hasMore", {
        "id": "a", "class": "A", "type": None, "childCount": 0, "children": []}
    yield "initialize.result.json", "another capability", {
        "capabilities": {"hoverProvider": True, "experimental": {"navinspect": {
            "version": 1, "methods": [], "notifications": []}}},
        "serverInfo": {"name": "navinspect", "version": "1.0.0"}}
    yield "error.json", "-32012 without data", {"code": -32012, "message": "Invalid document"}
    yield "error.json", "-32012 without errors", {
        "code": -32012, "message": "m", "data": {"pointer": "", "reason": "r"}}
    yield "error.json", "a pointer without a leading slash", {
        "code": -32012, "message": "m", "data": {"pointer": "root", "reason": "r", "errors": [{"pointer": "root", "reason": "r"}]}}
    yield "error.json", "-32013 without path", {"code": -32013, "message": "m", "data": {"reason": "r"}}
    yield "error.json", "-32011 with the wrong data", {"code": -32011, "message": "m", "data": {"coordinator": "x"}}
    yield "error.json", "data on -32601", {"code": -32601, "message": "m", "data": {}}
    yield "error.json", "LSP's -32001", {"code": -32001, "message": "m"}


def check_refusals(validators, tree) -> None:
    if not isinstance(tree, dict):
        return
    for schema_name, label, instance in refused_cases(tree):
        validator = validators.get(schema_name)
        if validator is not None and validator.is_valid(instance):
            fail(f"schemas/{schema_name}", f"accepts {label}, which the spec refuses")


# MARK: - 4. The spec's algorithms, on the example document


class QueryError(Exception):
    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


class Tree:
    """A direct reading of the spec's algorithms; it assumes a document that passed validation."""

    def __init__(self, document):
        self.document = document
        self.coordinators = {c["id"]: c for c in document["coordinators"]}
        self.containers = {c["id"]: c for c in document.get("containers", [])}
        self.parent = {}
        for coordinator in document["coordinators"]:
            for child in coordinator.get("children", []):
                self.parent[child] = coordinator["id"]

    # Validation, enough to catch a broken example.
    def problems(self):
        found = []
        if len(self.coordinators) != len(self.document["coordinators"]):
            found.append("duplicate coordinator id")
        if len(self.containers) != len(self.document.get("containers", [])):
            found.append("duplicate container id")
        if self.document["root"] not in self.coordinators:
            found.append("unknown root")
        listings = [child for c in self.document["coordinators"] for child in c.get("children", [])]
        if len(listings) != len(set(listings)):
            found.append("a coordinator listed twice")
        for child in listings:
            if child not in self.coordinators:
                found.append(f"unknown child {child}")
        if self.document["root"] in listings:
            found.append("the root listed as a child")
        reached, stack = set(), [self.document["root"]]
        while stack:
            node = stack.pop()
            if node in reached or node not in self.coordinators:
                continue
            reached.add(node)
            stack.extend(self.coordinators[node].get("children", []))
        for missing in set(self.coordinators) - reached:
            found.append(f"{missing} not reachable")
        placements = [self.document.get("window")]
        owners = []
        for container in self.document.get("containers", []):
            for entry in container.get("stack", []):
                placements.append(entry.get("embeds"))
                owners.append(entry["owner"])
            for tab in container.get("tabs", []):
                placements.append(tab.get("container"))
                if tab.get("viewController"):
                    owners.append(tab["viewController"]["owner"])
            names = [column["column"] for column in container.get("columns", [])]
            if len(names) != len(set(names)):
                found.append(f"a column given twice in {container['id']}")
            for column in container.get("columns", []):
                placements.append(column.get("container"))
                if column.get("viewController"):
                    owners.append(column["viewController"]["owner"])
            placements.append(container.get("presented"))
            if container["kind"] == "tabBar" and container.get("selectedIndex") is not None:
                if container["selectedIndex"] >= len(container["tabs"]):
                    found.append(f"selectedIndex out of range in {container['id']}")
        placements = [p for p in placements if p is not None]
        if len(placements) != len(set(placements)):
            found.append("a container placed twice")
        references = placements + [c.get("navigation") for c in self.document["coordinators"]]
        for ref in references:
            if ref is not None and ref not in self.containers:
                found.append(f"unknown container {ref}")
        for owner in owners:
            if owner is not None and owner not in self.coordinators:
                found.append(f"unknown owner {owner}")
        return found

    def resolve(self, id_):
        if id_ not in self.coordinators:
            raise QueryError(-32011)
        return id_

    def path(self, id_):
        path = [id_]
        while path[-1] in self.parent:
            path.append(self.parent[path[-1]])
        return path[::-1]

    def identity(self, id_):
        c = self.coordinators[id_]
        return {"id": id_, "class": c["class"], "type": c.get("type")}

    def children_of(self, id_):
        return self.coordinators[id_].get("children", [])

    def tree(self, params):
        origin = self.resolve(params.get("from") or self.document["root"])
        depth = params.get("depth")
        depth = 100 if depth is None else min(depth, 100)

        def node(id_, remaining):
            kids = [node(k, remaining - 1) for k in self.children_of(id_)] if remaining > 0 else []
            count = len(self.children_of(id_))
            return {**self.identity(id_), "childCount": count, "children": kids, "hasMore": count > 0 and not kids}

        return node(origin, depth)

    def children(self, params):
        id_ = self.resolve(params["id"])
        return {"id": id_, "children": [
            {**self.identity(k), "childCount": len(self.children_of(k))} for k in self.children_of(id_)]}

    def describe(self, params):
        id_ = self.resolve(params["id"])
        c = self.coordinators[id_]
        owned = []
        for container in self.document.get("containers", []):
            for index, entry in enumerate(container.get("stack", [])):
                if entry["owner"] == id_:
                    owned.append({"class": entry["class"], "container": container["id"], "position": "stack", "index": index})
            for index, tab in enumerate(container.get("tabs", [])):
                vc = tab.get("viewController")
                if vc and vc["owner"] == id_:
                    owned.append({"class": vc["class"], "container": container["id"], "position": "tab", "index": index})
        return {**self.identity(id_), "parent": self.parent.get(id_), "path": self.path(id_),
                "children": list(self.children_of(id_)), "source": c.get("source"), "trigger": c.get("trigger"),
                "navigation": c.get("navigation"), "viewControllers": owned}

    def find_coordinator(self, params):
        origin = self.resolve(params.get("from") or self.document["root"])
        matches, stack = [], [origin]
        while stack:
            id_ = stack.pop()
            if self.coordinators[id_].get("type") == params["type"]:
                matches.append({**self.identity(id_), "path": self.path(id_)})
                if not params.get("all"):
                    return matches[0]
            stack.extend(self.children_of(id_))
        return matches if params.get("all") else None

    def current_stack(self, params):
        visible = []

        def visit(container_id):
            container = self.containers[container_id]
            def show(shown):
                if shown.get("container"):
                    visit(shown["container"])
                else:
                    vc = shown["viewController"]
                    visible.append({"class": vc["class"], "owner": vc["owner"], "container": container_id})

            if container["kind"] in ("navigation", "screen"):
                for entry in container["stack"]:
                    visible.append({"class": entry["class"], "owner": entry["owner"], "container": container_id})
                if container["stack"] and container["stack"][-1].get("embeds"):
                    visit(container["stack"][-1]["embeds"])
            elif container["kind"] == "split":
                # Primary, supplementary, secondary: the detail is the top; a compact column is not shown.
                for name in ("primary", "supplementary", "secondary"):
                    for column in container["columns"]:
                        if column["column"] == name:
                            show(column)
            elif container["tabs"]:
                show(container["tabs"][container.get("selectedIndex") or 0])
            if container.get("presented"):
                visit(container["presented"])

        if self.document.get("window"):
            visit(self.document["window"])
        owners = [vc["owner"] for vc in visible if vc["owner"] is not None]
        return {"viewControllers": visible, "coordinators": self.path(owners[-1]) if owners else [],
                "window": self.document.get("window")}

    def answer(self, method, params):
        handlers = {
            "navinspect/tree": self.tree,
            "navinspect/children": self.children,
            "navinspect/describe": self.describe,
            "navinspect/findCoordinator": self.find_coordinator,
            "navinspect/currentStack": self.current_stack,
        }
        return handlers[method](params or {})

    def summary(self, generation):
        return {"root": self.document["root"], "coordinators": len(self.coordinators),
                "containers": len(self.containers), "generation": generation}


# What currentStack answers on examples/split-tree.json: the primary column, then the secondary (the top),
# then the screen container presented over the split.
SPLIT_STACK = {
    "viewControllers": [
        {"class": "ShelvesViewController", "owner": "library", "container": "libraryNav"},
        {"class": "ShelfViewController", "owner": "library", "container": "libraryNav"},
        {"class": "BookViewController", "owner": "book", "container": "rootSplit"},
        {"class": "WelcomeViewController", "owner": "welcome", "container": "welcomeScreen"},
    ],
    "coordinators": ["app", "welcome"],
    "window": "rootSplit",
}


def check_split_example(validators, examples) -> None:
    document = examples.get("split-tree.json")
    if not isinstance(document, dict) or not validators["tree-document.json"].is_valid(document):
        return
    tree = Tree(document)
    for problem in tree.problems():
        fail("examples/split-tree.json", f"not a valid tree document: {problem}")
    answer = tree.current_stack({})
    if answer != SPLIT_STACK:
        fail("examples/split-tree.json", f"currentStack gives {answer}, not {SPLIT_STACK}")
    validate(validators, "navinspect.currentStack.result.json", answer, "currentStack on examples/split-tree.json")


def check_example_answers(examples, tree: Tree) -> None:
    for problem in tree.problems():
        fail("examples/small-tree.json", f"not a valid tree document: {problem}")
    for method in ("tree", "children", "describe", "findCoordinator", "currentStack"):
        params = examples.get(f"navinspect.{method}.params.json")
        name = f"navinspect.{method}.result.json"
        if name not in examples:
            continue
        try:
            expected = tree.answer(f"navinspect/{method}", params)
        except QueryError as error:
            fail(f"examples/{name}", f"the params give error {error.code}, not a result")
            continue
        if examples[name] != expected:
            fail(f"examples/{name}", f"differs from what the spec's algorithm gives:\n{json.dumps(expected, indent=2)}")
    for name in ("navinspect.load.result.json", "navinspect.treeDidChange.params.json"):
        if name in examples and examples[name] != tree.summary(1):
            fail(f"examples/{name}", "differs from the summary of small-tree.json after one load")


# MARK: - 5. README.md


def json_blocks(text: str):
    for match in re.finditer(r"^```json\n(.*?)^```", text, re.S | re.M):
        line = text.count("\n", 0, match.start()) + 1
        yield line, match.group(1)


def json_values(block: str):
    decoder = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constant, parse_float=_no_float)
    index = 0
    while True:
        while index < len(block) and block[index].isspace():
            index += 1
        if index == len(block):
            return
        value, index = decoder.raw_decode(block, index)
        yield value


def schema_name(method: str, part: str) -> str:
    return f"{method.replace('/', '.')}.{part}.json"


def check_readme(validators, tree: Tree | None) -> None:
    if not README.exists():
        fail("README.md", "missing")
        return
    checked = 0
    for line, block in json_blocks(README.read_text(encoding="utf-8")):
        where = f"README.md:{line}"
        try:
            values = list(json_values(block))
        except ValueError as error:
            fail(where, f"a json block that is not JSON: {error}")
            continue
        requests = {}
        for value in values:
            checked += 1
            if isinstance(value, dict) and "navinspect" in value:
                validate(validators, "tree-document.json", value, where)
                if tree is not None and value != tree.document:
                    fail(where, "the example document differs from examples/small-tree.json")
                continue
            messages = value if isinstance(value, list) else [value]
            for message in messages:
                if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
                    continue
                method = message.get("method")
                if method is not None:
                    if "id" in message:
                        requests[json.dumps(message["id"])] = message
                    params = message.get("params")
                    if params is not None and schema_name(method, "params") in validators:
                        validate(validators, schema_name(method, "params"), params, where)
                    continue
                request = requests.get(json.dumps(message.get("id")))
                if "error" in message:
                    validate(validators, "error.json", message["error"], where)
                if request is None:
                    continue
                method = request["method"]
                if "result" in message and schema_name(method, "result") in validators:
                    validate(validators, schema_name(method, "result"), message["result"], where)
                if tree is None or method not in (
                        "navinspect/tree", "navinspect/children", "navinspect/describe",
                        "navinspect/findCoordinator", "navinspect/currentStack"):
                    continue
                try:
                    expected = {"result": tree.answer(method, request.get("params"))}
                except QueryError as error:
                    expected = {"error": error.code}
                if "result" in message and expected != {"result": message["result"]}:
                    fail(where, f"the {method} result differs from the spec's algorithm on small-tree.json")
                if "error" in message and message["error"].get("code") == -32011 and expected != {"error": -32011}:
                    fail(where, f"the {method} error differs from the spec's algorithm on small-tree.json")
    if checked == 0:
        fail("README.md", "no json examples found")


def check_readme_sections(examples) -> None:
    """Each method and notification has a section with the same five parts, in order."""
    if not README.exists():
        return
    text = README.read_text(encoding="utf-8")
    advertised = (examples.get("initialize.result.json") or {}).get("capabilities", {}) \
        .get("experimental", {}).get("navinspect", {})
    methods = advertised.get("methods", []) + advertised.get("notifications", []) + APP_MESSAGES
    sections = re.split(r"^## ", text, flags=re.M)
    for method in methods:
        section = next((s for s in sections if s.startswith(f"`{method}`\n")), None)
        if section is None:
            fail("README.md", f"no section '## `{method}`'")
            continue
        parts = re.findall(r"^### (.+)$", section, re.M)
        if parts != ["Purpose", "Params", "Result", "Errors", "Example"]:
            fail("README.md", f"the section of {method} has parts {parts}, not Purpose, Params, Result, Errors, Example")
        for part in ("params", "result"):
            name = schema_name(method, part)
            if (SCHEMAS / name).exists() and f"(schemas/{name})" not in section:
                fail("README.md", f"the section of {method} does not link schemas/{name}")


def main() -> int:
    validators = check_schemas()
    examples = check_examples(validators)
    document = examples.get("small-tree.json")
    check_refusals(validators, document)
    check_split_example(validators, examples)
    tree = None
    if isinstance(document, dict) and validators.get("tree-document.json", None) is not None \
            and validators["tree-document.json"].is_valid(document):
        tree = Tree(document)
        check_example_answers(examples, tree)
    check_readme(validators, tree)
    check_readme_sections(examples)

    if failures:
        for failure in failures:
            print(f"FAIL {failure}", file=sys.stderr)
        print(f"check_schemas: {len(failures)} failure(s)", file=sys.stderr)
        return 1
    print(f"check_schemas: {len(validators)} schemas valid, {len(examples)} examples valid and consistent, README examples checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
