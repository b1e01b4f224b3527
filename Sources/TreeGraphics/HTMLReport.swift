import CoordinatorModel
import JSON

/// A lint finding as the report shows it, so this module needs nothing of the lint itself.
public struct ReportFinding: Sendable, Hashable {
    public var rule: String
    public var severity: String
    public var message: String
    /// Relative to the app's folder.
    public var file: String
    public var line: Int
    public var column: Int

    public init(rule: String, severity: String, message: String, file: String, line: Int, column: Int) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }
}

/// One self-contained HTML page about a coordinator tree: the tree (collapsible, searchable), each
/// coordinator's details, the current stack as the containers show it, a `findCoordinator`
/// explorer and the lint findings.
///
/// The page needs no network: its style, script, data and picture are inline. The visiting
/// orders of `findCoordinator` are computed here, by the model, and embedded as data; the page's
/// script only slices them (see ``CoordinatorTree/searchOrder(from:)``).
public struct HTMLReport {
    public var tree: CoordinatorTree
    /// What the report is about, for its title: the app's folder or the document's name.
    public var title: String
    /// The lint findings; nil when they could not be computed (a tree document has no sources).
    public var findings: [ReportFinding]?
    /// Problems met reading the sources, one sentence each.
    public var problems: [String]

    public init(tree: CoordinatorTree, title: String, findings: [ReportFinding]?, problems: [String] = []) {
        self.tree = tree
        self.title = title
        self.findings = findings
        self.problems = problems
    }

    /// The page.
    public func render() -> String {
        let names = CoordinatorNames(tree)
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>navinspect: \(Escaping.markup(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body data-ready="0">
            <header>
            <h1>Coordinators of \(Escaping.markup(title))</h1>
            <p id="summary">\(tree.count) coordinators, \(tree.containers.count) containers\(findings.map { ", \($0.count) lint findings" } ?? "").</p>
            <nav><a href="#tree-section">Tree</a> <a href="#screen">Current stack</a> <a href="#find">findCoordinator</a> \
            <a href="#lint">Lint</a> <a href="#picture">Picture</a></nav>
            </header>
            <main>
            <section id="tree-section">
            <h2>Tree</h2>
            <p class="hint">Children in <code>childCoordinators</code> order; <span class="mark on-demand">on demand</span> children are \
            started later by the method named; <span class="mark shared">shared type</span>: several classes declare the type; \
            <span class="mark screen">on screen</span>: owns a view controller that is visible.</p>
            <div class="tools"><input id="tree-search" type="search" placeholder="Filter by class, type or id" autocomplete="off">
            <button type="button" id="expand-all">Expand all</button><button type="button" id="collapse-all">Collapse all</button>
            <span id="search-status"></span></div>
            <div class="split"><div id="tree">

            """
        out += treeMarkup(names: names)
        out += """
            </div>
            <aside id="details"><p class="hint">Select a coordinator to see its details.</p></aside></div>
            </section>

            """
        out += screenMarkup()
        out += """
            <section id="find">
            <h2>findCoordinator explorer</h2>
            <p class="hint">The app's search keeps a stack, pops the last element and pushes its children in order, \
            so the last child is searched first. Pick a type and where the call is made.</p>
            <div class="tools"><label>type <select id="find-type"></select></label>
            <label>called on <select id="find-from"></select></label></div>
            <div id="find-result"></div>
            </section>

            """
        out += lintMarkup()
        let graph = TreeGraph(tree: tree)
        let svg = SVGRenderer.render(graph)
        out += """
            <section id="picture">
            <h2>Picture</h2>
            \(graph.note.map { "<p class=\"hint\">\(Escaping.markup($0)).</p>" } ?? "")
            <div class="picture">\(svg.drop { $0 != "\n" })</div>
            </section>
            </main>
            <footer>Made by navinspect; this page needs no network.</footer>
            <script type="application/json" id="navinspect-data">\(dataJSON(names: names))</script>
            <script>\(Self.script)</script>
            </body>
            </html>

            """
        return out
    }

    /// The tree as nested lists, the first two levels open.
    private func treeMarkup(names: CoordinatorNames) -> String {
        var out = "<ul class=\"tree\">"
        let onScreen = Set(tree.currentStack().viewControllers.compactMap(\.owner))
        var classesOfType: [String: Set<String>] = [:]
        for node in tree.nodes {
            if let type = node.type { classesOfType[type, default: []].insert(node.className) }
        }
        // An explicit stack of open lists, so a deep tree cannot exhaust the call stack.
        enum Step {
            case open(NodeIndex, depth: Int)
            case close
        }
        var steps: [Step] = [.open(tree.root, depth: 0)]
        while let step = steps.popLast() {
            guard case .open(let node, let depth) = step else {
                out += "</ul></details></li>"
                continue
            }
            let item = tree[node]
            var label = "<button type=\"button\" class=\"node\" data-node=\"\(node)\">\(Escaping.markup(item.className))</button>"
            if let shown = names.distinguishingID(id: item.id, className: item.className) {
                label += " <span class=\"id\">\(Escaping.markup(shown))</span>"
            }
            if let type = item.type {
                let shared = (classesOfType[type]?.count ?? 0) > 1
                label += " <span class=\"type\(shared ? " mark shared" : "")\">.\(Escaping.markup(type))</span>"
            }
            if let trigger = item.trigger, !trigger.onLaunch {
                label += " <span class=\"mark on-demand\">\(Escaping.markup(trigger.method))()</span>"
            }
            if onScreen.contains(node) { label += " <span class=\"mark screen\">on screen</span>" }
            if let same = item.sameAs {
                let shown = names.sameAsLabel(id: tree[same].id, className: item.className)
                label += " <span class=\"mark same\" data-same=\"\(same)\">same as \(Escaping.markup(shown))</span>"
            }
            let search = Escaping.markup([item.className, item.type ?? "", item.id].joined(separator: " ").lowercased())
            if tree.childCount(of: node) == 0 {
                out += "<li data-node=\"\(node)\" data-search=\"\(search)\"><span class=\"leaf\">\(label)</span></li>"
            } else {
                out += "<li data-node=\"\(node)\" data-search=\"\(search)\"><details\(depth < 2 ? " open" : "")>"
                out += "<summary>\(label) <span class=\"count\">\(tree.childCount(of: node))</span></summary><ul>"
                steps.append(.close)
                for child in tree.children(of: node).reversed() { steps.append(.open(child, depth: depth + 1)) }
            }
        }
        return out + "</ul>\n"
    }

    /// The window and what it shows, drawn as nested containers, then the stack as a list.
    private func screenMarkup() -> String {
        var out = "<section id=\"screen\">\n<h2>Current stack</h2>\n"
        guard let window = tree.window else {
            return out + "<p id=\"no-window\">Nothing is on screen: the tree has no window.</p>\n</section>\n"
        }
        func owner(_ node: NodeIndex?) -> String {
            guard let node else { return "<span class=\"owner none\">no owner</span>" }
            return
                "<button type=\"button\" class=\"owner node\" data-node=\"\(node)\">\(Escaping.markup(tree[node].className))</button>"
        }
        var budget = tree.containers.count + 1
        func draw(_ index: ContainerIndex, role: String) -> String {
            budget -= 1
            guard budget >= 0 else { return "" }
            let container = tree.containers[index]
            var out = "<div class=\"container \(container.kind.rawValue)\" data-container=\"\(Escaping.markup(container.id))\">"
            out += "<div class=\"caption\">\(Escaping.markup(role))\(Escaping.markup(container.className)) "
            out += "<span class=\"id\">\(Escaping.markup(container.id))</span></div>"
            func show(_ content: CoordinatorTree.Tab.Content, role: String) {
                switch content {
                case .container(let inner):
                    out += draw(inner, role: role)
                case .viewController(let viewController):
                    out += "<ol class=\"stack\"><li class=\"vc top\"><span class=\"vc-class\">"
                    out += "\(Escaping.markup(viewController.className))</span> \(owner(viewController.owner))</li></ol>"
                }
            }
            switch container.kind {
            case .navigation, .screen:
                out += "<ol class=\"stack\">"
                for (position, entry) in container.stack.enumerated() {
                    let top = position == container.stack.count - 1
                    out +=
                        "<li class=\"vc\(top ? " top" : "")\"><span class=\"vc-class\">\(Escaping.markup(entry.className))</span> "
                    out += owner(entry.owner)
                    if top, let embedded = entry.embeds { out += draw(embedded, role: "shows ") }
                    out += "</li>"
                }
                out += "</ol>"
            case .tabBar:
                out += "<ul class=\"tabs\">"
                for (position, tab) in container.tabs.enumerated() {
                    let selected = position == container.selectedIndex
                    let name = tab.title ?? tab.icon ?? "tab \(position)"
                    out +=
                        "<li class=\"tab\(selected ? " selected" : "")\" data-tab=\"\(position)\">\(Escaping.markup(name))</li>"
                }
                out += "</ul>"
                if let selected = container.selectedIndex, container.tabs.indices.contains(selected) {
                    show(container.tabs[selected].content, role: "selected tab: ")
                }
            case .split:
                for column in container.columns {
                    out += "<div class=\"column\" data-column=\"\(column.column.rawValue)\">"
                    show(column.content, role: "\(column.column.rawValue) column: ")
                    out += "</div>"
                }
            }
            if let presented = container.presented {
                out += "<div class=\"presented\">" + draw(presented, role: "presented modally: ") + "</div>"
            }
            return out + "</div>"
        }
        out += "<div class=\"window\"><div class=\"caption\">Window</div>\(draw(window, role: ""))</div>\n"
        let stack = tree.currentStack()
        out += "<h3>On screen, bottom to top</h3>\n<ol id=\"visible\">"
        for entry in stack.viewControllers {
            out += "<li><span class=\"vc-class\">\(Escaping.markup(entry.className))</span> \(owner(entry.owner)) "
            out += "<span class=\"id\">in \(Escaping.markup(tree.containers[entry.container].id))</span></li>"
        }
        out += "</ol>\n<p id=\"to-top\">Coordinators to the top: "
        out += stack.coordinators.isEmpty ? "none" : stack.coordinators.map { owner($0) }.joined(separator: " → ")
        return out + "</p>\n</section>\n"
    }

    private func lintMarkup() -> String {
        var out = "<section id=\"lint\">\n<h2>Lint findings</h2>\n"
        if !problems.isEmpty {
            out +=
                "<details class=\"problems\"><summary>\(problems.count) \(problems.count == 1 ? "problem" : "problems") reading the sources</summary><ul>"
            for problem in problems { out += "<li>\(Escaping.markup(problem))</li>" }
            out += "</ul></details>\n"
        }
        guard let findings else {
            return out
                + "<p id=\"lint-none\">Lint needs the app's sources: run <code>navinspect report DIR</code>.</p>\n</section>\n"
        }
        guard !findings.isEmpty else { return out + "<p id=\"lint-none\">No findings.</p>\n</section>\n" }
        out +=
            "<table id=\"lint-table\"><thead><tr><th>severity</th><th>rule</th><th>place</th><th>finding</th></tr></thead><tbody>"
        for finding in findings {
            out += "<tr class=\"\(Escaping.markup(finding.severity))\" data-rule=\"\(Escaping.markup(finding.rule))\">"
            out += "<td>\(Escaping.markup(finding.severity))</td><td><code>\(Escaping.markup(finding.rule))</code></td>"
            out += "<td class=\"place\">\(Escaping.markup("\(finding.file):\(finding.line):\(finding.column)"))</td>"
            out += "<td>\(Escaping.markup(finding.message))</td></tr>"
        }
        return out + "</tbody></table>\n</section>\n"
    }

    /// What the script needs, as JSON that is safe inside a `<script>` element.
    private func dataJSON(names: CoordinatorNames) -> String {
        var classesOfType: [String: Set<String>] = [:]
        for node in tree.nodes {
            if let type = node.type { classesOfType[type, default: []].insert(node.className) }
        }
        let nodes: [JSONValue] = tree.nodes.indices.map { index in
            let node = tree[index]
            var object: JSONObject = [
                "id": .string(node.id), "class": .string(node.className), "label": .string(names.name(id: node.id)),
                "type": .optional(node.type),
                "parent": node.parent.map { .int($0) } ?? .null,
                "children": .array(tree.children(of: index).map { .int($0) }),
                "size": .int(tree.subtreeSize(of: index)),
            ]
            if let source = node.source { object["source"] = .string("\(source.file):\(source.line)") }
            if let trigger = node.trigger {
                object["starts"] = .string(
                    trigger.onLaunch ? "\(trigger.method)() at launch" : "\(trigger.method)() on demand")
            }
            if let navigation = node.navigation { object["navigation"] = .string(tree.containers[navigation].id) }
            if let same = node.sameAs { object["sameAs"] = .int(same) }
            let owned = tree.viewControllers(ownedBy: index)
            if !owned.isEmpty { object["owns"] = .array(owned.map { .string($0.className) }) }
            return .object(object)
        }
        let data: JSONValue = [
            "root": .int(tree.root),
            "nodes": .array(nodes),
            "order": .array(tree.searchOrder().map { .int($0) }),
            "types": .array(classesOfType.keys.sorted().map { .string($0) }),
        ]
        // Inside a script element only `</script` and `<!--` could end it early; no `<` is left.
        return data.serializedString().replacing("<", with: "\\u003c")
    }
}
