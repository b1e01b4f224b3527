import SwiftSyntax

/// A place where a coordinator creates another one.
struct CreationSite {
    var method: String
    var file: String
    var childClass: String
    var line: Int
    /// False inside a closure that runs later (an event handler, a subscription, a callback).
    var immediate: Bool
    /// The position in the file, for ordering.
    var offset: Int
}

/// A call from one of a coordinator's methods to another of its own.
struct OwnCall {
    var caller: String
    var callee: String
    var immediate: Bool
    var offset: Int
}

/// Finds, in one method body, the coordinators it creates and the own methods it calls.
final class CreationFinder: SyntaxVisitor {
    /// Higher-order functions that run their closure before they return.
    static let immediateCallees: Set<String> = [
        "map", "compactMap", "flatMap", "forEach", "filter", "reduce", "sorted", "first", "contains", "allSatisfy",
        "min", "max", "prefix", "drop", "enumerated", "zip", "withExtendedLifetime",
    ]

    private let method: String
    private let file: String
    private let coordinators: Set<String>
    private let ownMethods: Set<String>
    private let converter: SourceLocationConverter
    private(set) var sites: [CreationSite] = []
    private(set) var calls: [OwnCall] = []

    init(method: String, file: String, coordinators: Set<String>, ownMethods: Set<String>, converter: SourceLocationConverter) {
        self.method = method
        self.file = file
        self.coordinators = coordinators
        self.ownMethods = ownMethods
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        switch calleeParts(node.calledExpression) {
        case (nil, let name) where coordinators.contains(name), ("Self", let name) where coordinators.contains(name):
            sites.append(site(name, node, offset))
        case (let base?, "init") where coordinators.contains(base):
            sites.append(site(base, node, offset))
        case (nil, let name) where ownMethods.contains(name), ("self", let name) where ownMethods.contains(name):
            calls.append(OwnCall(caller: method, callee: name, immediate: isImmediate(node), offset: offset))
        default:
            break
        }
        return .visitChildren
    }

    private func site(_ childClass: String, _ node: FunctionCallExprSyntax, _ offset: Int) -> CreationSite {
        CreationSite(
            method: method, file: file, childClass: childClass,
            line: node.startLocation(converter: converter, afterLeadingTrivia: true).line,
            immediate: isImmediate(node), offset: offset)
    }

    /// `(nil, "Foo")` for `Foo(...)`, `("self", "start")` for `self.start()`, `("Foo", "init")` for `Foo.init(...)`.
    private func calleeParts(_ expression: ExprSyntax) -> (base: String?, name: String) {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return (nil, reference.baseName.text) }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let base = member.base.map { $0.as(DeclReferenceExprSyntax.self)?.baseName.text ?? $0.trimmedDescription }
            return (base, member.declName.baseName.text)
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) { return calleeParts(specialized.expression) }
        return (nil, "")
    }

    /// False when the node sits in a closure that is stored or handed to something that calls it
    /// later; closures given to `map`, `forEach` and the like run at once.
    private func isImmediate(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let syntax = current {
            if let closure = syntax.as(ClosureExprSyntax.self), !runsAtOnce(closure) { return false }
            current = syntax.parent
        }
        return true
    }

    private func runsAtOnce(_ closure: ClosureExprSyntax) -> Bool {
        var parent = closure.parent
        // An argument closure sits in a labeled expression inside the argument list.
        if parent?.is(LabeledExprSyntax.self) == true { parent = parent?.parent?.parent }
        guard let call = parent?.as(FunctionCallExprSyntax.self) else { return false }
        return Self.immediateCallees.contains(calleeParts(call.calledExpression).name)
    }
}
