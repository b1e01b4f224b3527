import CoordinatorModel

/// How bad a rule's finding is: an error makes `navinspect lint` exit non-zero.
public enum LintSeverity: String, Sendable, Hashable {
    case warning
    case error
}

/// One finding of a lint rule, placed in a file.
public struct LintDiagnostic: Sendable, Hashable {
    public var rule: String
    public var severity: LintSeverity
    /// What goes wrong at run time and how to fix it.
    public var message: String
    /// Where it is: the file relative to the indexed folder, the UTF-8 offset and length.
    public var span: SourceSpan
    /// 1-based line and column (in UTF-8 bytes), as Xcode shows them.
    public var line: Int
    public var column: Int
}

/// What a lint rule is, for documentation and for `navinspect lint --rules`.
public struct LintRuleInfo: Sendable {
    public var id: String
    public var severity: LintSeverity
    public var summary: String
    /// Swift sources (after ``Linter/examplePrelude``, unless they start with
    /// ``Linter/ownConvention``) that must trigger the rule on each line marked
    /// `// expect: <id>`, and only there.
    public var triggering: [String]
    /// Swift sources that must not trigger it.
    public var nonTriggering: [String]
}

/// A finding before it is placed on a line.
struct LintFinding {
    var file: String
    var offset: Int
    var length: Int
    var message: String
}

/// A lint rule: a check over what the index knows about the app.
protocol LintRule: Sendable {
    var info: LintRuleInfo { get }
    func check(_ context: LintContext) -> [LintFinding]
}

/// Runs the lint rules over an index.
public enum Linter {
    static let rules: [any LintRule] = [
        WeakParentReference(), ChildNotRetained(), FinishDelegateNotSet(), FinishedChildNotRemoved(), RemovalByType(),
        AmbiguousFindCoordinator(), FinishWithoutParent(), TooManyTabs(), NeverCreated(),
    ]

    /// Every rule, in the order they run.
    public static var ruleInfos: [LintRuleInfo] { rules.map(\.info) }

    /// The declarations every rule example starts with: a coordinator protocol in the style most apps use.
    public static let examplePrelude = """
        import UIKit
        protocol Coordinator: AnyObject {
            var finishDelegate: CoordinatorFinishDelegate? { get set }
            var childCoordinators: [Coordinator] { get set }
            var type: CoordinatorType { get }
            func start()
            func finish()
        }
        protocol CoordinatorFinishDelegate: AnyObject {
            func coordinatorDidFinish(childCoordinator: Coordinator)
        }
        enum CoordinatorType { case app, tab, home, search, profile, settings, detail, login }

        """

    /// The first line of an example that declares its own coordinator convention, read without
    /// ``examplePrelude`` (a protocol with no `finish`, a base class whose start returns a result).
    public static let ownConvention = "// own convention\n"

    /// The whole text of a rule's example: the prelude and the example, or the example alone
    /// when it declares its own convention.
    public static func exampleText(_ example: String) -> String {
        example.hasPrefix(ownConvention) ? example : examplePrelude + example
    }

    /// The diagnostics of every rule not disabled, sorted by file and place.
    /// - Parameters:
    ///   - disabled: rule ids turned off (`.navinspect.json`'s `disabledRules`).
    ///   - text: the text of a file by its relative path (an open buffer or the disk), for lines,
    ///     columns and `// navinspect:disable:next <rule-id>` comments.
    public static func lint(_ index: SourceIndex, disabled: Set<String> = [], text: (String) -> String?) -> [LintDiagnostic] {
        let context = LintContext(index: index)
        var lines: [String: LineTable] = [:]
        var diagnostics: [LintDiagnostic] = []
        for rule in rules where !disabled.contains(rule.info.id) {
            for finding in rule.check(context) {
                if lines[finding.file] == nil { lines[finding.file] = LineTable(text(finding.file) ?? "") }
                let table = lines[finding.file]!
                let (line, column) = table.place(of: finding.offset)
                guard !table.isDisabled(rule.info.id, onLine: line) else { continue }
                diagnostics.append(
                    LintDiagnostic(
                        rule: rule.info.id, severity: rule.info.severity, message: finding.message,
                        span: SourceSpan(file: finding.file, offset: finding.offset, length: finding.length, line: line),
                        line: line, column: column))
            }
        }
        var seen: Set<LintDiagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }.sorted {
            ($0.span.file, $0.span.offset, $0.rule) < ($1.span.file, $1.span.offset, $1.rule)
        }
    }
}

/// Line starts of a file's text, and the lines that disable rules on the next one.
struct LineTable {
    private let starts: [Int]
    private let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        self.starts = starts
    }

    /// 1-based line and column of a UTF-8 offset.
    func place(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    func text(ofLine line: Int) -> String {
        guard line >= 1, line <= starts.count else { return "" }
        let end = line < starts.count ? starts[line] - 1 : bytes.count
        return String(decoding: bytes[starts[line - 1]..<max(starts[line - 1], end)], as: UTF8.self)
    }

    /// True when the line above holds `// navinspect:disable:next` naming the rule (or `all`).
    func isDisabled(_ rule: String, onLine line: Int) -> Bool {
        let above = text(ofLine: line - 1)
        guard let marker = above.firstRange(of: "// navinspect:disable:next") else { return false }
        let named = above[marker.upperBound...].split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\r" }
        return named.isEmpty || named.contains { $0 == rule || $0 == "all" }
    }
}

/// What the rules read: the index's declarations and analyses, the tree, and helpers over them.
struct LintContext {
    let index: SourceIndex
    let model: CodeModel
    let tree: CoordinatorTree?

    /// The coordinator protocol or base class, what refines it, and every coordinator class.
    let family: Set<String>
    /// Coordinator classes in name order.
    let coordinators: [ClassAnalysis]
    /// The protocols and classes coordinator classes inherit from or conform to.
    let adopted: Set<String>

    init(index: SourceIndex) {
        self.index = index
        self.model = index.model
        self.tree = try? index.tree().get()
        self.family = model.convention.map { FamilyNames(convention: $0, types: index.model.types).members } ?? []
        self.coordinators = index.model.analyses.values.sorted { $0.facts.name < $1.facts.name }
        self.adopted = Set(coordinators.flatMap { Convention.ancestors(of: $0.facts.name, in: index.model.types) })
    }

    var convention: Convention? { model.convention }

    /// The functions of a class and of what it inherits from, its own first.
    func functions(of className: String) -> [FunctionFacts] {
        ([className] + Convention.ancestors(of: className, in: model.types).sorted()).flatMap {
            model.types[$0]?.functions ?? []
        }
    }

    func properties(of className: String) -> [PropertyFacts] {
        ([className] + Convention.ancestors(of: className, in: model.types).sorted()).flatMap {
            model.types[$0]?.properties ?? []
        }
    }

    /// The class a creation at `offset` in `file` makes, if one coordinator is created there
    /// (not a choice among several).
    func createdClass(in analysis: ClassAnalysis, file: String, offset: Int) -> String? {
        analysis.sites.first { $0.file == file && $0.offset == offset && !$0.isChoice }?.childClass
    }

    /// Names of the properties through which a child reaches its parent.
    static let parentReferenceNames: Set<String> = ["finishDelegate", "parentCoordinator", "parent"]

    /// Whether `property` is a reference back to a parent coordinator: named so, and of a type
    /// a coordinator can be (the family, a coordinator class, a protocol coordinators adopt, or
    /// a name that says coordinator or delegate). A `parent: Group` of a database model, or the
    /// `parent: UIViewController` a flow is presented from, is not (KeePassium, P2P Wallet).
    func isParentReference(_ property: PropertyFacts) -> Bool {
        guard Self.parentReferenceNames.contains(property.name) else { return false }
        let type = property.typeText.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !type.isEmpty else { return true }
        return family.contains(type) || model.analyses[type] != nil || adopted.contains(type)
            || type.contains("Coordinator") || type.contains("Delegate")
    }

    /// The names a function uses for `self`: `self`, and those bound to it
    /// (`guard let strongSelf = self`, in a closure that captured it weakly).
    static func selfNames(in function: FunctionFacts) -> Set<String> {
        var names: Set<String> = ["self"]
        for binding in function.bindings where binding.value.refers(to: "self") || binding.value == .reference("self?") {
            names.insert(binding.name)
        }
        return names
    }

    /// `base` with a name bound to `self` written as `self`: `strongSelf.coordinators` is `self.coordinators`.
    static func normalized(_ base: String?, selfNames: Set<String>) -> String? {
        guard let base else { return nil }
        for name in selfNames where name != "self" {
            if base == name { return "self" }
            if base.hasPrefix(name + ".") { return "self." + base.dropFirst(name.count + 1) }
        }
        return base
    }

    /// Whether `method` of the class (or of what it inherits from) sets its first parameter's
    /// parent reference to `self`, as a base class's `addChild` that writes `child._parent = self`.
    func setsParent(_ method: String, in className: String) -> Bool {
        functions(of: className).contains { function in
            guard function.name == method, let parameter = function.parameters.first?.name else { return false }
            return function.assignments.contains { assignment in
                guard assignment.target.hasPrefix(parameter + "."), assignment.value.refers(to: "self") else { return false }
                let property = assignment.target.dropFirst(parameter.count + 1).drop { $0 == "_" }
                return Self.parentReferenceNames.contains(String(property))
            }
        }
    }

    /// True for `children`, `self.children` when the convention names `children`.
    func isChildren(_ path: String?) -> Bool {
        guard let path, let children = convention?.childrenProperty, !children.isEmpty else { return false }
        return path == children || path == "self." + children
    }
}

extension ValueFacts {
    /// True when the value is the variable `name`, alone or in an array literal.
    func refers(to name: String) -> Bool {
        switch self {
        case .reference(let path): path == name || path == "self." + name
        case .array(let elements): elements.contains { $0.refers(to: name) }
        default: false
        }
    }
}
