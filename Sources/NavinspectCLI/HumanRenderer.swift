import JSON

/// Renders query results for people: trees drawn with box characters, stacks as lists.
///
/// It reads the same JSON results the server sends, so what people see and what editors get
/// cannot drift apart.
enum HumanRenderer {
    /// `AppCoordinator [app] .app`
    static func label(_ node: JSONValue) -> String {
        let name = node["class"]?.stringValue ?? "?"
        let id = node["id"]?.stringValue ?? "?"
        let type = node["type"]?.stringValue.map { " .\($0)" } ?? ""
        return "\(name) [\(id)]\(type)"
    }

    static func tree(_ root: JSONValue) -> String {
        var lines = [label(root) + more(root)]
        func draw(_ node: JSONValue, prefix: String) {
            let children = node["children"]?.arrayValue ?? []
            for (index, child) in children.enumerated() {
                let last = index == children.count - 1
                lines.append(prefix + (last ? "└─ " : "├─ ") + label(child) + more(child))
                draw(child, prefix: prefix + (last ? "   " : "│  "))
            }
        }
        draw(root, prefix: "")
        return lines.joined(separator: "\n")
    }

    private static func more(_ node: JSONValue) -> String {
        guard node["hasMore"] == true, let count = node["childCount"]?.numberValue?.int64 else { return "" }
        return " … \(count) more \(count == 1 ? "child" : "children")"
    }

    static func children(_ result: JSONValue) -> String {
        let children = result["children"]?.arrayValue ?? []
        guard !children.isEmpty else { return "\(result["id"]?.stringValue ?? "?") has no children" }
        return children.enumerated().map { index, child in
            let count = child["childCount"]?.numberValue?.int64 ?? 0
            return "\(index). \(label(child))" + (count > 0 ? "  (\(count) \(count == 1 ? "child" : "children"))" : "")
        }.joined(separator: "\n")
    }

    static func describe(_ result: JSONValue) -> String {
        var lines = [label(result)]
        func add(_ name: String, _ value: String) { lines.append("  " + name.padding(to: 12) + value) }
        add("parent", result["parent"]?.stringValue ?? "none (the root)")
        add("path", ids(result["path"]))
        add("children", result["children"]?.arrayValue?.isEmpty == false ? ids(result["children"], separator: ", ") : "none")
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
            let position = viewController["position"]?.stringValue == "tab" ? "tab" : "stack"
            lines.append(
                "    \(viewController["class"]?.stringValue ?? "?") in \(viewController["container"]?.stringValue ?? "?") "
                    + "(\(position) \(viewController["index"]?.numberValue?.literal ?? "?"))")
        }
        return lines.joined(separator: "\n").replacing("owns        \n", with: "owns\n")
    }

    static func findCoordinator(_ result: JSONValue, type: String, from: String, all: Bool) -> String {
        let call = "findCoordinator(type: .\(type)) called on \(from)"
        let matches = all ? (result.arrayValue ?? []) : (result.isNull ? [] : [result])
        guard let first = matches.first else { return "\(call) returns nil: no coordinator of that type below it" }
        var lines = ["\(call) returns \(label(first))", "  path: \(ids(first["path"]))"]
        if all && matches.count > 1 {
            lines.append("\(matches.count) coordinators have type .\(type), in the order the search visits them:")
            for (index, match) in matches.enumerated() {
                lines.append("  \(index + 1). \(label(match))\(index == 0 ? "  ← returned" : "")  path: \(ids(match["path"]))")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func currentStack(_ result: JSONValue) -> String {
        let viewControllers = result["viewControllers"]?.arrayValue ?? []
        guard !viewControllers.isEmpty else { return "Nothing is on screen (the document has no window)." }
        let width = viewControllers.map { ($0["class"]?.stringValue ?? "").count }.max() ?? 0
        var lines = ["On screen, bottom to top:"]
        for (index, viewController) in viewControllers.enumerated() {
            let name = (viewController["class"]?.stringValue ?? "?").padding(to: width)
            let owner = viewController["owner"]?.stringValue ?? "no owner"
            lines.append("  \(index + 1). \(name)  owner: \(owner)  in \(viewController["container"]?.stringValue ?? "?")")
        }
        lines.append("Coordinators to the top: \(ids(result["coordinators"]))")
        return lines.joined(separator: "\n")
    }

    private static func ids(_ list: JSONValue?, separator: String = " → ") -> String {
        let ids = list?.arrayValue?.compactMap(\.stringValue) ?? []
        return ids.isEmpty ? "none" : ids.joined(separator: separator)
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
