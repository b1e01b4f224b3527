import CoordinatorModel
import JSON
import SourceIndex

/// The answers to the editor's requests, from a workspace snapshot, as LSP JSON.
public enum LanguageFeatures {
    /// The command a code lens runs: the coordinator's place in the tree.
    public static let revealCommand = "navinspect.revealCoordinator"

    // MARK: Hover

    /// `textDocument/hover`: for a coordinator class, its paths from the root, its children and
    /// its creators; for a `CoordinatorType` case, the classes that declare it; for
    /// `findCoordinator(type:)`, what the app's own search returns from the calling class.
    public static func hover(_ snapshot: WorkspaceSnapshot, file: String, line: Int, character: Int) -> JSONValue {
        guard let text = snapshot.text(of: file) else { return .null }
        let positions = TextPositions(text)
        let offset = positions.offset(line: line, character: character)
        guard let (symbol, enclosing) = CodeLocator.symbol(at: offset, in: text) else { return .null }
        let classes = snapshot.index.classes
        let markdown: String
        let span: Range<Int>
        switch symbol {
        case .typeName(let name, let range):
            guard let coordinator = classes.first(where: { $0.name == name }) else { return .null }
            markdown = describe(coordinator, snapshot)
            span = range
        case .caseName(let name, let range, let findCall):
            let declaring = classes.filter { $0.typeCase == name }
            guard !declaring.isEmpty else { return .null }
            span = range
            if findCall != nil, let caller = enclosing {
                markdown = describeFind(name, from: caller, declaring: declaring, snapshot)
            } else {
                markdown =
                    "`.\(name)`: the type of "
                    + declaring.map { "**\($0.name)**" }.joined(separator: ", ")
                    + (declaring.count > 1
                        ? "\n\nSeveral classes share it: `findCoordinator(type: .\(name))` returns one of them." : "")
            }
        }
        return [
            "contents": ["kind": "markdown", "value": .string(markdown)],
            "range": range(span, positions),
        ]
    }

    private static func describe(_ coordinator: CoordinatorClass, _ snapshot: WorkspaceSnapshot) -> String {
        var lines = ["**\(coordinator.name)**" + (coordinator.typeCase.map { " · type `.\($0)`" } ?? "")]
        if let tree = snapshot.tree {
            let paths = coordinator.nodeIDs.prefix(3).compactMap { id -> String? in
                guard let node = tree.node(id: id) else { return nil }
                return tree.path(to: node).map { tree[$0].className }.joined(separator: " → ")
            }
            if !paths.isEmpty {
                lines.append("Path: " + paths.joined(separator: "; "))
                if coordinator.nodeIDs.count > 3 { lines[lines.count - 1] += "; and \(coordinator.nodeIDs.count - 3) more" }
            } else {
                lines.append("Not in the tree: no coordinator the root reaches creates it.")
            }
        }
        lines.append(
            coordinator.childClasses.isEmpty
                ? "No children." : "Children: " + coordinator.childClasses.joined(separator: ", "))
        if !coordinator.creations.isEmpty {
            let creators = coordinator.creations.map {
                "\($0.parentClass).\($0.method)()" + ($0.onLaunch ? " on launch" : " on demand")
            }
            lines.append("Created by: " + Array(Set(creators)).sorted().joined(separator: ", "))
        }
        return lines.joined(separator: "\n\n")
    }

    private static func describeFind(
        _ typeCase: String, from caller: String, declaring: [CoordinatorClass], _ snapshot: WorkspaceSnapshot
    ) -> String {
        var lines = ["`findCoordinator(type: .\(typeCase))` from **\(caller)**"]
        if let tree = snapshot.tree, let callerClass = snapshot.index.classes.first(where: { $0.name == caller }) {
            for id in callerClass.nodeIDs.prefix(3) {
                guard let origin = tree.node(id: id) else { continue }
                if let found = tree.findCoordinator(type: typeCase, from: origin) {
                    lines.append("From `\(id)`: returns **\(tree[found].className)** (`\(tree[found].id)`)")
                } else {
                    lines.append("From `\(id)`: returns nil (no coordinator of that type at or below it)")
                }
            }
        }
        if declaring.count > 1 {
            lines.append("Also of type `.\(typeCase)`: " + declaring.map(\.name).joined(separator: ", "))
        } else if let only = declaring.first {
            lines.append("Only **\(only.name)** has type `.\(typeCase)`.")
        }
        return lines.joined(separator: "\n\n")
    }

    // MARK: Definition and references

    /// `textDocument/definition`: a `CoordinatorType` case goes to the classes that declare it; a
    /// coordinator class name to its declaration.
    public static func definition(_ snapshot: WorkspaceSnapshot, file: String, line: Int, character: Int) -> JSONValue {
        guard let text = snapshot.text(of: file) else { return .null }
        let offset = TextPositions(text).offset(line: line, character: character)
        guard let (symbol, _) = CodeLocator.symbol(at: offset, in: text) else { return .null }
        let classes = snapshot.index.classes
        let targets: [SourceSpan]
        switch symbol {
        case .typeName(let name, _): targets = classes.filter { $0.name == name }.map(\.declaration)
        case .caseName(let name, _, _): targets = classes.filter { $0.typeCase == name }.map(\.declaration)
        }
        return .array(targets.compactMap { location($0, snapshot) })
    }

    /// `textDocument/references` on a coordinator class: every place that creates it, and its
    /// declaration when asked.
    public static func references(
        _ snapshot: WorkspaceSnapshot, file: String, line: Int, character: Int, includeDeclaration: Bool
    ) -> JSONValue {
        guard let text = snapshot.text(of: file) else { return .null }
        let offset = TextPositions(text).offset(line: line, character: character)
        guard case .typeName(let name, _)? = CodeLocator.symbol(at: offset, in: text)?.symbol,
            let coordinator = snapshot.index.classes.first(where: { $0.name == name })
        else { return .null }
        let spans = (includeDeclaration ? [coordinator.declaration] : []) + coordinator.creations.map(\.span)
        return .array(spans.compactMap { location($0, snapshot) })
    }

    // MARK: Code lenses

    /// `textDocument/codeLens`: on each coordinator class declared in the file, its parents, its
    /// children, its type and how it starts, and, when a live app is connected (`alive`, its
    /// coordinators counted by class), how many of the class are alive; the command reveals it in the tree.
    public static func codeLenses(_ snapshot: WorkspaceSnapshot, file: String, alive: [String: Int]? = nil) -> JSONValue {
        guard let text = snapshot.text(of: file) else { return [] }
        let positions = TextPositions(text)
        let lenses: [JSONValue] = snapshot.index.classes.filter { $0.declaration.file == file }.map { coordinator in
            let span = coordinator.declaration.offset..<(coordinator.declaration.offset + coordinator.declaration.length)
            let command: JSONValue = [
                "title": .string(lensTitle(coordinator, root: snapshot.index.draft.root, alive: alive)),
                "command": .string(revealCommand),
                "arguments": .array(coordinator.nodeIDs.first.map { [.string($0)] } ?? [.string(coordinator.name)]),
            ]
            return ["range": range(span, positions), "command": command]
        }
        return .array(lenses)
    }

    static func lensTitle(_ coordinator: CoordinatorClass, root: String?, alive: [String: Int]? = nil) -> String {
        var parts: [String] = []
        let parents = Array(Set(coordinator.creations.map(\.parentClass))).sorted()
        if coordinator.name == root {
            parts.append("root")
        } else if parents.isEmpty {
            parts.append("never created")
        } else {
            parts.append("parent: " + parents.joined(separator: ", "))
        }
        let count = coordinator.childClasses.count
        parts.append(count == 1 ? "1 child" : "\(count) children")
        if let typeCase = coordinator.typeCase { parts.append("type .\(typeCase)") }
        let onDemand = coordinator.creations.filter { !$0.onLaunch }.map(\.method)
        if coordinator.creations.contains(where: \.onLaunch) || coordinator.name == root {
            parts.append("started on launch")
        } else if !onDemand.isEmpty {
            parts.append("on demand: " + Array(Set(onDemand)).sorted().joined(separator: ", "))
        }
        if let alive { parts.append("\(alive[coordinator.name] ?? 0) alive") }
        return parts.joined(separator: " · ")
    }

    /// `workspace/executeCommand` of ``revealCommand``: the coordinator's path and children.
    public static func reveal(_ snapshot: WorkspaceSnapshot, id: String) -> JSONValue {
        guard let tree = snapshot.tree, let node = tree.node(id: id) else { return .null }
        return [
            "id": .string(id),
            "path": .array(tree.path(to: node).map { .string(tree[$0].id) }),
            "children": .array(tree.children(of: node).map { .string(tree[$0].id) }),
        ]
    }

    // MARK: Symbols

    /// `workspace/symbol`: coordinator classes whose name holds the query's letters in order,
    /// best first (a prefix, then fewer gaps, then shorter names).
    public static func symbols(_ snapshot: WorkspaceSnapshot, query: String) -> JSONValue {
        let scored = snapshot.index.classes.compactMap { coordinator -> (Int, CoordinatorClass)? in
            fuzzyScore(query, coordinator.name).map { ($0, coordinator) }
        }
        let ordered = scored.sorted { ($0.0, $0.1.name) < ($1.0, $1.1.name) }
        return .array(
            ordered.compactMap { _, coordinator in
                guard let location = location(coordinator.declaration, snapshot) else { return nil }
                var symbol: JSONObject = ["name": .string(coordinator.name), "kind": 5, "location": location]
                if let parent = coordinator.creations.first?.parentClass { symbol["containerName"] = .string(parent) }
                return .object(symbol)
            })
    }

    /// Lower is better; nil when `query`'s letters are not all in `name`, in order, ignoring case.
    static func fuzzyScore(_ query: String, _ name: String) -> Int? {
        let needle = Array(query.lowercased())
        let haystack = Array(name.lowercased())
        guard !needle.isEmpty else { return haystack.count }
        var position = 0
        var gaps = 0
        var first: Int?
        for character in needle {
            guard let found = haystack[position...].firstIndex(of: character) else { return nil }
            if first == nil { first = found }
            if found > position, first != found { gaps += 1 }
            position = found + 1
        }
        return (first == 0 ? 0 : 1000) + gaps * 100 + haystack.count
    }

    // MARK: Diagnostics

    /// The LSP diagnostics of one file.
    public static func diagnostics(_ snapshot: WorkspaceSnapshot, file: String) -> JSONValue {
        guard let found = snapshot.diagnostics[file], let text = snapshot.text(of: file) else { return [] }
        let positions = TextPositions(text)
        return .array(
            found.map { diagnostic in
                let span = diagnostic.span.offset..<(diagnostic.span.offset + diagnostic.span.length)
                return [
                    "range": range(span, positions), "severity": diagnostic.severity == .error ? 1 : 2,
                    "code": .string(diagnostic.rule), "source": "navinspect", "message": .string(diagnostic.message),
                ]
            })
    }

    // MARK: Positions

    static func range(_ span: Range<Int>, _ positions: TextPositions) -> JSONValue {
        let start = positions.position(of: span.lowerBound)
        let end = positions.position(of: span.upperBound)
        return [
            "start": ["line": .int(start.line), "character": .int(start.character)],
            "end": ["line": .int(end.line), "character": .int(end.character)],
        ]
    }

    static func location(_ span: SourceSpan, _ snapshot: WorkspaceSnapshot) -> JSONValue? {
        guard let text = snapshot.text(of: span.file) else { return nil }
        return [
            "uri": .string(FileURI.uri(forPath: snapshot.absolutePath(span.file))),
            "range": range(span.offset..<(span.offset + span.length), TextPositions(text)),
        ]
    }
}
