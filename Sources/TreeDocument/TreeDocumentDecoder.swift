import CoordinatorModel
import JSON

/// Decodes the parts of a tree document into a ``TreeDraft``, collecting every problem with its
/// JSON pointer instead of stopping at the first.
///
/// Generic over ``JSONReadable`` so that a file is read straight from json-c, element by
/// element, while a document that arrived inside a message is read from its Swift value.
struct TreeDocumentDecoder<Node: JSONReadable> {
    private(set) var issues: [DocumentIssue] = []
    /// Class names, types, files and methods repeat across thousands of coordinators; one copy each.
    private var interned: [String: String] = [:]

    // MARK: - The top level

    /// What the top-level members say; the lists are decoded separately.
    struct Header {
        var version: Int64?
        var root: String?
        var window: String?
        var sawCoordinators = false
    }

    static var topLevelMembers: [String] { DocumentMembers.document.names }

    /// Decodes a whole document held in one value.
    mutating func decodeDocument(_ node: Node) -> TreeDraft {
        guard node.kind == .object else {
            report("", "a tree document is a JSON object, not \(article(node.kind))")
            return TreeDraft(root: nil, coordinators: [])
        }
        var header = Header()
        var coordinators: [CoordinatorDraft] = []
        var containers: [ContainerDraft] = []
        node.forEachMember { key, value in
            switch key {
            case "coordinators":
                header.sawCoordinators = true
                decodeList(value, name: key) { decoder, element, pointer in
                    coordinators.append(decoder.decodeCoordinator(element, at: pointer()))
                }
            case "containers":
                decodeList(value, name: key) { decoder, element, pointer in
                    containers.append(decoder.decodeContainer(element, at: pointer()))
                }
            default:
                decodeHeaderMember(key, value, into: &header)
            }
        }
        finish(header)
        return TreeDraft(root: header.root, window: header.window, coordinators: coordinators, containers: containers)
    }

    /// Reads one non-list top-level member.
    mutating func decodeHeaderMember(_ key: String, _ value: Node, into header: inout Header) {
        switch key {
        case "navinspect":
            guard let version = value.int64Value else {
                report("/navinspect", "must be the integer 1, not \(article(value.kind))")
                return
            }
            header.version = version
            if version != 1 { report("/navinspect", "unsupported document version \(version); this navinspect reads version 1") }
        case "root":
            header.root = string(value, at: "/root", nullable: false)
        case "window":
            header.window = string(value, at: "/window", nullable: true)
        default:
            report(
                "/" + escape(key), "unknown member '\(key)' (a tree document has \(Self.topLevelMembers.joined(separator: ", ")))"
            )
        }
    }

    /// Reports what the top level lacks.
    mutating func finish(_ header: Header) {
        if header.version == nil { report("", "missing member 'navinspect' (the document version, 1)") }
        if header.root == nil { report("", "missing member 'root' (the id of the root coordinator)") }
        if !header.sawCoordinators { report("", "missing member 'coordinators'") }
    }

    mutating func reportNotAList(_ name: String, kind: JSONKind) {
        report("/\(name)", "must be an array, not \(article(kind))")
    }

    private mutating func decodeList(_ node: Node, name: String, element: (inout Self, Node, () -> String) -> Void) {
        guard node.kind == .array else { return reportNotAList(name, kind: node.kind) }
        for index in 0..<node.count { element(&self, node[index], { "/\(name)/\(index)" }) }
    }

    // MARK: - Coordinators
    //
    // Lists never lose an element: what cannot be read becomes a placeholder whose ids are empty
    // strings (the validator skips those, the problem is already reported), so that every later
    // pointer still names the element's real position in the document.

    mutating func decodeCoordinator(_ node: Node, at pointer: @autoclosure () -> String) -> CoordinatorDraft {
        guard let node = object(node, at: pointer(), names: DocumentMembers.coordinator, noun: "a coordinator") else {
            return CoordinatorDraft(id: "", className: "")
        }
        return CoordinatorDraft(
            id: requiredString(node, "id", in: pointer()) ?? "",
            className: requiredString(node, "class", in: pointer()).map { self.intern($0) } ?? "",
            type: optionalString(node, "type", in: pointer()),
            children: stringList(node, "children", in: pointer()),
            source: decodeSource(node["source"], at: pointer() + "/source"),
            trigger: decodeTrigger(node["trigger"], at: pointer() + "/trigger"),
            navigation: optionalString(node, "navigation", in: pointer()),
            sameAs: optionalString(node, "sameAs", in: pointer()))
    }

    private mutating func decodeSource(_ node: Node?, at pointer: @autoclosure () -> String) -> SourceLocation? {
        guard let node, !node.isNull else { return nil }
        guard let node = object(node, at: pointer(), names: DocumentMembers.source, noun: "a source location") else { return nil }
        let file = requiredString(node, "file", in: pointer()).map { self.intern($0) }
        let line = integer(node, "line", in: pointer(), required: true, minimum: 1)
        guard let file, let line else { return nil }
        return SourceLocation(file: file, line: line)
    }

    private mutating func decodeTrigger(_ node: Node?, at pointer: @autoclosure () -> String) -> Trigger? {
        guard let node, !node.isNull else { return nil }
        guard let node = object(node, at: pointer(), names: DocumentMembers.trigger, noun: "a trigger") else { return nil }
        let method = requiredString(node, "method", in: pointer())
        var onLaunch: Bool? = nil
        if let flag = node["onLaunch"] {
            onLaunch = flag.boolValue
            if onLaunch == nil { report(pointer() + "/onLaunch", "must be true or false, not \(article(flag.kind))") }
        } else {
            report(pointer(), "missing member 'onLaunch'")
        }
        guard let method, let onLaunch else { return nil }
        return Trigger(method: method, onLaunch: onLaunch)
    }

    // MARK: - Containers

    mutating func decodeContainer(_ node: Node, at pointer: @autoclosure () -> String) -> ContainerDraft {
        let placeholder = ContainerDraft(id: "", kind: .navigation)
        guard let node = object(node, at: pointer(), names: DocumentMembers.container, noun: "a container") else {
            return placeholder
        }
        var kind: ContainerKind? = nil
        if let word = requiredString(node, "kind", in: pointer()) {
            kind = ContainerKind(rawValue: word)
            if kind == nil {
                report(pointer() + "/kind", "unknown container kind '\(word)' (known: navigation, tabBar, screen, split)")
            }
        }
        var container = ContainerDraft(
            id: requiredString(node, "id", in: pointer()) ?? "", kind: kind ?? .navigation,
            className: optionalString(node, "class", in: pointer()).map { self.intern($0) },
            presented: optionalString(node, "presented", in: pointer()))
        guard let kind else { return container }

        // Members that belong to other kinds.
        let owners = ["stack": "navigation and screen", "tabs": "tabBar", "selectedIndex": "tabBar", "columns": "split"]
        let allowed: Set<String> =
            switch kind {
            case .navigation, .screen: ["stack"]
            case .tabBar: ["tabs", "selectedIndex"]
            case .split: ["columns"]
            }
        for member in ["stack", "tabs", "selectedIndex", "columns"] where !allowed.contains(member) && node[member] != nil {
            report(pointer() + "/" + member, "'\(member)' belongs to \(owners[member]!) containers, not \(kind.rawValue)")
        }
        switch kind {
        case .navigation, .screen:
            guard let stack = node["stack"] else {
                report(pointer(), "missing member 'stack' (the view controllers, bottom first)")
                return container
            }
            container.stack = decodeElements(stack, at: pointer() + "/stack") { decoder, entry, entryPointer in
                decoder.decodeViewController(entry, at: entryPointer(), allowEmbeds: true)
            }
        case .tabBar:
            guard let tabs = node["tabs"] else {
                report(pointer(), "missing member 'tabs'")
                return container
            }
            container.tabs = decodeElements(tabs, at: pointer() + "/tabs") { decoder, tab, tabPointer in
                decoder.decodeTab(tab, at: tabPointer())
            }
            container.selectedIndex = integer(node, "selectedIndex", in: pointer(), required: false, minimum: 0)
        case .split:
            guard let columns = node["columns"] else {
                report(pointer(), "missing member 'columns' (the split's columns, each a container or a view controller)")
                return container
            }
            container.columns = decodeElements(columns, at: pointer() + "/columns") { decoder, column, columnPointer in
                decoder.decodeColumn(column, at: columnPointer())
            }.compactMap { $0 }
        }
        return container
    }

    private mutating func decodeColumn(_ node: Node, at pointer: @autoclosure () -> String) -> ColumnDraft? {
        guard let node = object(node, at: pointer(), names: DocumentMembers.column, noun: "a column") else { return nil }
        var column: SplitColumn? = nil
        if let word = requiredString(node, "column", in: pointer()) {
            column = SplitColumn(rawValue: word)
            if column == nil {
                let known = SplitColumn.allCases.map(\.rawValue).joined(separator: ", ")
                report(pointer() + "/column", "unknown column '\(word)' (known: \(known))")
            }
        }
        let container = optionalString(node, "container", in: pointer())
        let viewController = node["viewController"].flatMap { $0.isNull ? nil : $0 }
        let content: TabDraft.Content
        switch (container, viewController) {
        case (let container?, nil):
            content = .container(container)
        case (nil, let viewController?):
            content = .viewController(
                decodeViewController(viewController, at: pointer() + "/viewController", allowEmbeds: false))
        case (.some, .some):
            report(pointer(), "a column shows either a 'container' or a 'viewController', not both")
            return nil
        case (nil, nil):
            report(pointer(), "a column needs a 'container' or a 'viewController'")
            return nil
        }
        return column.map { ColumnDraft(column: $0, content: content) }
    }

    private mutating func decodeViewController(_ node: Node, at pointer: @autoclosure () -> String, allowEmbeds: Bool)
        -> ViewControllerDraft
    {
        let allowed = allowEmbeds ? DocumentMembers.stackEntry : DocumentMembers.tabViewController
        guard let node = object(node, at: pointer(), names: allowed, noun: "a view controller") else {
            return ViewControllerDraft(className: "", owner: nil)
        }
        if node["owner"] == nil { report(pointer(), "missing member 'owner' (a coordinator id, or null)") }
        return ViewControllerDraft(
            className: requiredString(node, "class", in: pointer()).map { self.intern($0) } ?? "",
            owner: optionalString(node, "owner", in: pointer()),
            embeds: allowEmbeds ? optionalString(node, "embeds", in: pointer()) : nil)
    }

    private mutating func decodeTab(_ node: Node, at pointer: @autoclosure () -> String) -> TabDraft {
        let unreadable = TabDraft(title: nil, icon: nil, tag: nil, content: .container(""))
        guard let node = object(node, at: pointer(), names: DocumentMembers.tab, noun: "a tab") else { return unreadable }
        let title = optionalString(node, "title", in: pointer(), allowEmpty: true)
        let icon = optionalString(node, "icon", in: pointer(), allowEmpty: true)
        let tag = integer(node, "tag", in: pointer(), required: false, minimum: nil)
        let container = optionalString(node, "container", in: pointer())
        let viewController = node["viewController"].flatMap { $0.isNull ? nil : $0 }
        switch (container, viewController) {
        case (let container?, nil):
            return TabDraft(title: title, icon: icon, tag: tag, content: .container(container))
        case (nil, let viewController?):
            let draft = decodeViewController(viewController, at: pointer() + "/viewController", allowEmbeds: false)
            return TabDraft(title: title, icon: icon, tag: tag, content: .viewController(draft))
        case (.some, .some):
            report(pointer(), "a tab shows either a 'container' or a 'viewController', not both")
        case (nil, nil):
            report(pointer(), "a tab needs a 'container' or a 'viewController'")
        }
        return unreadable
    }

    private mutating func decodeElements<Element>(
        _ node: Node, at pointer: @autoclosure () -> String, element: (inout Self, Node, () -> String) -> Element
    ) -> [Element] {
        guard node.kind == .array else {
            report(pointer(), "must be an array, not \(article(node.kind))")
            return []
        }
        // Element pointers are rare (only errors need them), so the list's pointer is built once here.
        let listPointer = pointer()
        return (0..<node.count).map { index in element(&self, node[index], { "\(listPointer)/\(index)" }) }
    }

    // MARK: - Fields

    /// The members of an object, read in one pass; reports a value that is not an object and
    /// members not among `names`.
    private mutating func object(_ node: Node, at pointer: @autoclosure () -> String, names: MemberNames, noun: String)
        -> Members<Node>?
    {
        guard node.kind == .object else {
            report(pointer(), "\(noun) must be an object, not \(article(node.kind))")
            return nil
        }
        let members = node.members(names)
        for key in members.unexpected {
            report(pointer() + "/" + escape(key), "unknown member '\(key)' (allowed: \(names.names.joined(separator: ", ")))")
        }
        return members
    }

    private mutating func requiredString(_ node: Members<Node>, _ key: String, in pointer: @autoclosure () -> String) -> String? {
        guard let value = node[key] else {
            report(pointer(), "missing member '\(key)'")
            return nil
        }
        return string(value, at: pointer() + "/" + key, nullable: false)
    }

    /// A member that may be missing or null. Ids, types and class names are never empty;
    /// only free text (a tab's title or icon) may be.
    private mutating func optionalString(
        _ node: Members<Node>, _ key: String, in pointer: @autoclosure () -> String, allowEmpty: Bool = false
    ) -> String? {
        node[key].flatMap { string($0, at: pointer() + "/" + key, nullable: true, allowEmpty: allowEmpty) }
    }

    private mutating func string(
        _ value: Node, at pointer: @autoclosure () -> String, nullable: Bool, allowEmpty: Bool = false
    ) -> String? {
        if nullable && value.isNull { return nil }
        guard let string = value.stringValue else {
            report(pointer(), "must be a string\(nullable ? " or null" : ""), not \(article(value.kind))")
            return nil
        }
        if string.isEmpty && !allowEmpty {
            report(pointer(), nullable ? "must not be empty (write null for none)" : "must not be empty")
            return nil
        }
        return string
    }

    private mutating func stringList(_ node: Members<Node>, _ key: String, in pointer: @autoclosure () -> String) -> [String] {
        guard let list = node[key] else { return [] }
        guard list.kind == .array else {
            report(pointer() + "/" + key, "must be an array of ids, not \(article(list.kind))")
            return []
        }
        var strings: [String] = []
        strings.reserveCapacity(list.count)
        for index in 0..<list.count {
            strings.append(string(list[index], at: "\(pointer())/\(key)/\(index)", nullable: false) ?? "")
        }
        return strings
    }

    private mutating func integer(
        _ node: Members<Node>, _ key: String, in pointer: @autoclosure () -> String, required: Bool, minimum: Int64?
    ) -> Int? {
        guard let value = node[key], !(value.isNull && !required) else {
            if required { report(pointer(), "missing member '\(key)'") }
            return nil
        }
        guard let integer = value.int64Value, integer >= (minimum ?? Int64.min), let fitting = Int(exactly: integer) else {
            let expectation = minimum.map { "an integer ≥ \($0)" } ?? "an integer"
            let found = value.kind == .number ? "the number \(value.int64Value.map(String.init) ?? "given")" : article(value.kind)
            report(pointer() + "/" + key, "must be \(expectation), not \(found)")
            return nil
        }
        return fitting
    }

    // MARK: - Helpers

    private mutating func intern(_ string: String) -> String {
        if let existing = interned[string] { return existing }
        interned[string] = string
        return string
    }

    mutating func report(_ pointer: String, _ reason: String) {
        issues.append(DocumentIssue(pointer: pointer, reason: reason))
    }

    private func article(_ kind: JSONKind) -> String {
        switch kind {
        case .null: "null"
        case .array, .object: "an \(kind.name)"
        default: "a \(kind.name)"
        }
    }

    /// Escapes a member name for a JSON pointer() (RFC 6901).
    private func escape(_ key: String) -> String {
        key.replacing("~", with: "~0").replacing("/", with: "~1")
    }
}

/// The members each object of a tree document may have.
enum DocumentMembers {
    static let document = MemberNames(["navinspect", "root", "window", "coordinators", "containers"])
    static let coordinator = MemberNames(["id", "class", "type", "children", "source", "trigger", "navigation", "sameAs"])
    static let source = MemberNames(["file", "line"])
    static let trigger = MemberNames(["method", "onLaunch"])
    static let container = MemberNames(["id", "kind", "class", "stack", "tabs", "selectedIndex", "columns", "presented"])
    static let column = MemberNames(["column", "container", "viewController"])
    static let stackEntry = MemberNames(["class", "owner", "embeds"])
    static let tabViewController = MemberNames(["class", "owner"])
    static let tab = MemberNames(["title", "icon", "tag", "container", "viewController"])
}
