import CoordinatorModel
import JSON
import Testing
import TreeDocument

/// Loads `document` from its UTF-8 bytes, through the outline and json-c path.
func loadBytes(_ document: String) -> Result<CoordinatorTree, TreeLoadError> {
    var text = document
    return text.withUTF8 { buffer in
        Result { () throws(TreeLoadError) in try TreeDocumentLoader.load(bytes: UnsafeRawBufferPointer(buffer)) }
    }
}

/// Loads `value` as a document that arrived inside a message.
func loadValue(_ value: JSONValue) -> Result<CoordinatorTree, TreeLoadError> {
    Result { () throws(TreeLoadError) in try TreeDocumentLoader.load(value: value) }
}

/// The issues of a load that must fail as an invalid document; nil (and a recorded issue) otherwise.
func invalidIssues(
    _ result: Result<CoordinatorTree, TreeLoadError>, path: String, sourceLocation: Testing.SourceLocation
) -> [DocumentIssue]? {
    switch result {
    case .success:
        Issue.record("load(\(path)) accepted the document", sourceLocation: sourceLocation)
    case .failure(.unreadable(let file, let reason)):
        Issue.record("load(\(path)) said unreadable: \(file): \(reason)", sourceLocation: sourceLocation)
    case .failure(.invalid(let document)):
        return document.issues
    }
    return nil
}

/// Loads `document` through `load(bytes:)` and through `load(value:)`, and expects both to refuse
/// it with issues at the same pointers, including each expected pointer with its reason.
@discardableResult
func assertIssues(
    _ document: String, contain expected: [(pointer: String, reasonSubstring: String)],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [DocumentIssue] {
    let value: JSONValue
    do {
        value = try JSONParser.parseValue(document)
    } catch {
        Issue.record("the fixture is not valid JSON: \(error)", sourceLocation: sourceLocation)
        return []
    }
    guard let fromBytes = invalidIssues(loadBytes(document), path: "bytes:", sourceLocation: sourceLocation),
        let fromValue = invalidIssues(loadValue(value), path: "value:", sourceLocation: sourceLocation)
    else { return [] }

    #expect(
        fromBytes.map(\.pointer) == fromValue.map(\.pointer), "bytes: \(fromBytes)\nvalue: \(fromValue)",
        sourceLocation: sourceLocation)
    for (pointer, reason) in expected {
        for (path, issues) in [("bytes:", fromBytes), ("value:", fromValue)]
        where !issues.contains(where: { $0.pointer == pointer && $0.reason.contains(reason) }) {
            Issue.record(
                "load(\(path)) did not report \(pointer.isEmpty ? "/" : pointer): …\(reason)…; it reported:\n\(issues.map(\.description).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        }
    }
    return fromBytes
}

/// Everything a query could show about a tree, one line per coordinator and container, so two
/// trees can be compared with `==` and a difference reads as a line.
func summary(_ tree: CoordinatorTree) -> [String] {
    func id(_ node: NodeIndex?) -> String { node.map { tree[$0].id } ?? "-" }
    func container(_ index: ContainerIndex?) -> String { index.map { tree.containers[$0].id } ?? "-" }
    func viewController(_ viewController: CoordinatorTree.ViewController) -> String {
        "\(viewController.className)@\(id(viewController.owner))>\(container(viewController.embeds))"
    }

    var lines = ["root=\(id(tree.root)) window=\(container(tree.window)) count=\(tree.count)"]
    for index in tree.nodes.indices {
        let node = tree[index]
        let source = node.source.map { "\($0.file):\($0.line)" } ?? "-"
        let trigger = node.trigger.map { "\($0.method)/\($0.onLaunch)" } ?? "-"
        lines.append(
            "\(node.id) class=\(node.className) type=\(node.type ?? "-") parent=\(id(node.parent))"
                + " children=\(Array(tree.children(of: index)).map { tree[$0].id }) source=\(source) trigger=\(trigger)"
                + " navigation=\(container(node.navigation))")
    }
    for item in tree.containers {
        let tabs = item.tabs.map { tab -> String in
            let content: String
            switch tab.content {
            case .container(let index): content = "container \(container(index))"
            case .viewController(let shown): content = viewController(shown)
            }
            return "\(tab.title ?? "-")/\(tab.icon ?? "-")/\(tab.tag.map(String.init) ?? "-")/\(content)"
        }
        lines.append(
            "\(item.id) kind=\(item.kind) class=\(item.className) stack=\(item.stack.map(viewController)) tabs=\(tabs)"
                + " selected=\(item.selectedIndex.map(String.init) ?? "-") presented=\(container(item.presented))")
    }
    return lines
}

/// A minimal valid coordinator.
let appCoordinator = #"{"id": "app", "class": "AppCoordinator"}"#

/// A tree document text with version 1, from its parts (each coordinator and container as JSON).
func treeDocument(
    root: String = #""app""#, window: String? = nil, coordinators: [String] = [appCoordinator], containers: [String]? = nil,
    extra: String? = nil
) -> String {
    var members = [#""navinspect": 1"#, #""root": \#(root)"#]
    if let window { members.append(#""window": \#(window)"#) }
    members.append(#""coordinators": [\#n    \#(coordinators.joined(separator: ",\n    "))\#n  ]"#)
    if let containers { members.append(#""containers": [\#n    \#(containers.joined(separator: ",\n    "))\#n  ]"#) }
    if let extra { members.append(extra) }
    return "{\n  " + members.joined(separator: ",\n  ") + "\n}"
}
