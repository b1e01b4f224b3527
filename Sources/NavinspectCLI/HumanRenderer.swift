import JSON
import TreeGraphics

/// Renders query results for people: trees drawn with box characters, stacks as lists.
///
/// It reads the same JSON results the server sends, so what people see and what editors get
/// cannot drift apart. Coordinators are named by class, with an id only where two share the
/// class (``CoordinatorNames``); `--json` keeps the exact ids.
enum HumanRenderer {
    /// `AppCoordinator .app`, or `TrailDetailCoordinator [TripsCoordinator/TrailDetailCoordinator] .trailDetail`.
    static func label(_ node: JSONValue, _ names: CoordinatorNames) -> String {
        names.label(
            id: node["id"]?.stringValue ?? "?", className: node["class"]?.stringValue ?? "?", type: node["type"]?.stringValue)
    }

    static func tree(_ root: JSONValue, _ names: CoordinatorNames) -> String {
        func marks(_ node: JSONValue) -> String { more(node) + same(node, names) }
        var lines = [label(root, names) + marks(root)]
        func draw(_ node: JSONValue, prefix: String) {
            let children = node["children"]?.arrayValue ?? []
            for (index, child) in children.enumerated() {
                let last = index == children.count - 1
                lines.append(prefix + (last ? "└─ " : "├─ ") + label(child, names) + marks(child))
                draw(child, prefix: prefix + (last ? "   " : "│  "))
            }
        }
        draw(root, prefix: "")
        return lines.joined(separator: "\n")
    }

    /// `  = same as [Tabs/HomeCoordinator]` for a coordinator shown as the same as another (of its
    /// class, so its id alone, or the end of it that tells it apart, says which).
    private static func same(_ node: JSONValue, _ names: CoordinatorNames) -> String {
        guard let same = node["sameAs"]?.stringValue else { return "" }
        return "  = same as [\(names.sameAsLabel(id: same, className: node["class"]?.stringValue ?? ""))]"
    }

    private static func more(_ node: JSONValue) -> String {
        guard node["hasMore"] == true, let count = node["childCount"]?.numberValue?.int64 else { return "" }
        return " … \(count) more \(count == 1 ? "child" : "children")"
    }

    static func children(_ result: JSONValue, _ names: CoordinatorNames) -> String {
        let children = result["children"]?.arrayValue ?? []
        guard !children.isEmpty else { return "\(names.name(id: result["id"]?.stringValue ?? "?")) has no children" }
        return children.enumerated().map { index, child in
            let count = child["childCount"]?.numberValue?.int64 ?? 0
            return "\(index). \(label(child, names))" + (count > 0 ? "  (\(count) \(count == 1 ? "child" : "children"))" : "")
                + same(child, names)
        }.joined(separator: "\n")
    }

    static func describe(_ result: JSONValue, _ names: CoordinatorNames) -> String {
        var lines = [label(result, names)]
        func add(_ name: String, _ value: String) { lines.append("  " + name.padding(to: 12) + value) }
        add("id", result["id"]?.stringValue ?? "?")
        add("parent", result["parent"]?.stringValue.map(names.name(id:)) ?? "none (the root)")
        add("path", path(result["path"], names))
        add("children", list(result["children"], names))
        if let same = result["sameAs"]?.stringValue { add("same as", names.name(id: same) + ": its children are this one's") }
        if let source = result["source"], !source.isNull {
            add("source", "\(source["file"]?.stringValue ?? "?"):\(source["line"]?.numberValue?.literal ?? "?")")
        }
        if let trigger = result["trigger"], !trigger.isNull {
            let method = trigger["method"]?.stringValue ?? "?"
            add("created by", trigger["onLaunch"] == true ? "\(method)() at launch" : "\(method)() on demand")
        }
        add("navigation", result["navigation"]?.stringValue ?? "none")
        let owned = result["viewControllers"]?.arrayValue ?? []
        add("owns", owned.isEmpty ? "no view controllers" : "")
        for viewController in owned {
            let position = viewController["position"]?.stringValue ?? "stack"
            lines.append(
                "    \(viewController["class"]?.stringValue ?? "?") in \(viewController["container"]?.stringValue ?? "?") "
                    + "(\(position) \(viewController["index"]?.numberValue?.literal ?? "?"))")
        }
        return lines.joined(separator: "\n").replacing("owns        \n", with: "owns\n")
    }

    static func findCoordinator(_ result: JSONValue, type: String, from: String, all: Bool, _ names: CoordinatorNames) -> String {
        let call = "findCoordinator(type: .\(type)) called on \(names.name(id: from))"
        let matches = all ? (result.arrayValue ?? []) : (result.isNull ? [] : [result])
        guard let first = matches.first else { return "\(call) returns nil: no coordinator of that type below it" }
        var lines = ["\(call) returns \(label(first, names))", "  path: \(path(first["path"], names))"]
        if let via = first["via"], !via.isNull {
            lines.append("  via:  \(list(via, names)) (shown as the same as another, below which the search went on)")
        }
        if all && matches.count > 1 {
            lines.append("\(matches.count) coordinators have type .\(type), in the order the search visits them:")
            for (index, match) in matches.enumerated() {
                lines.append(
                    "  \(index + 1). \(label(match, names))\(index == 0 ? "  ← returned" : "")  path: \(path(match["path"], names))"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    static func currentStack(_ result: JSONValue, _ names: CoordinatorNames) -> String {
        let viewControllers = result["viewControllers"]?.arrayValue ?? []
        guard !viewControllers.isEmpty else {
            // A window whose container shows nothing the document knows (an empty stack, a tab bar
            // whose tabs come from data) is not the same answer as no window at all.
            guard let window = result["window"]?.stringValue else { return "Nothing is on screen (the document has no window)." }
            return "Nothing is on screen: the window holds \(window), which shows no view controller the document knows."
        }
        let width = viewControllers.map { ($0["class"]?.stringValue ?? "").count }.max() ?? 0
        var lines = ["On screen, bottom to top:"]
        for (index, viewController) in viewControllers.enumerated() {
            let name = (viewController["class"]?.stringValue ?? "?").padding(to: width)
            let owner = viewController["owner"]?.stringValue.map(names.name(id:)) ?? "no owner"
            lines.append("  \(index + 1). \(name)  owner: \(owner)  in \(viewController["container"]?.stringValue ?? "?")")
        }
        lines.append("Coordinators to the top: \(path(result["coordinators"], names))")
        return lines.joined(separator: "\n")
    }

    /// A path of ids as classes only: one chain from the root reads unambiguously.
    private static func path(_ list: JSONValue?, _ names: CoordinatorNames) -> String {
        let ids = list?.arrayValue?.compactMap(\.stringValue) ?? []
        guard !ids.isEmpty else { return "none" }
        return ids.map { id in names.tree.node(id: id).map { names.tree[$0].className } ?? id }.joined(separator: " → ")
    }

    /// A list of ids as names, each with its id where its class is not enough.
    private static func list(_ list: JSONValue?, _ names: CoordinatorNames) -> String {
        let ids = list?.arrayValue?.compactMap(\.stringValue) ?? []
        return ids.isEmpty ? "none" : ids.map(names.name(id:)).joined(separator: ", ")
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
