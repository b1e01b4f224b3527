import SwiftParser
import SwiftSyntax

/// Reads one parsed file into a ``FileSummary``: its types, their members, and in each member
/// the calls, assignments and local bindings the analysis follows.
final class FileSummarizer: SyntaxVisitor {
    /// Higher-order functions that run their closure before they return.
    static let immediateCallees: Set<String> = [
        "map", "compactMap", "flatMap", "forEach", "filter", "reduce", "sorted", "first", "contains", "allSatisfy",
        "min", "max", "prefix", "drop", "enumerated", "zip", "withExtendedLifetime",
    ]

    private let path: String
    /// The file's bytes and where its lines start: lines and closure texts are read from them,
    /// which is cheaper than asking the syntax tree.
    private let bytes: [UInt8]
    private let lines: LineStarts
    private(set) var types: [TypeFacts] = []
    /// The types being visited, innermost last; members go to the innermost.
    private var stack: [TypeFacts] = []
    /// The member whose body is being read: a function, or a property's initial value or getter.
    private var member: FunctionFacts?
    /// For each closure around the current node, innermost last: whether it runs at once.
    private var closures: [(atOnce: Bool, start: Int)] = []
    private var deferredClosures = 0
    /// Functions declared inside a member's body run when called, which is later.
    private var nestedFunctions = 0
    /// The `switch` cases around the current node, outermost first.
    private var conditions: [CaseCondition] = []

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lines = LineStarts(bytes)
        super.init(viewMode: .sourceAccurate)
    }

    /// The summary of `tree`, whose text was read from `path`.
    /// - Parameter text: the text `tree` was parsed from, when the caller has it (the tree's
    ///   text is the same, byte for byte).
    static func summarize(_ tree: SourceFileSyntax, path: String, text: String? = nil) -> [TypeFacts] {
        let summarizer = FileSummarizer(path: path, bytes: text.map { Array($0.utf8) } ?? tree.syntaxTextBytes)
        summarizer.walk(tree)
        return summarizer.types + (summarizer.fileScope.functions.isEmpty ? [] : [summarizer.fileScope])
    }

    /// Functions declared outside any type, such as factories: kept under a type without a name.
    private lazy var fileScope = TypeFacts(name: "", kind: .extension, inherited: [], file: path, line: 1)

    /// The line and column of the node's first byte after its leading trivia.
    private func location(_ node: some SyntaxProtocol) -> (line: Int, column: Int) {
        lines.location(of: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    private var isImmediate: Bool { deferredClosures == 0 && nestedFunctions == 0 }
    private var innermostClosure: Int? { closures.last?.start }

    // MARK: Types

    private func push(
        _ name: String, _ kind: TypeFacts.Kind, _ clause: InheritanceClauseSyntax?, _ node: some SyntaxProtocol,
        nameAt nameNode: some SyntaxProtocol
    ) -> SyntaxVisitorContinueKind {
        // A type declared inside a function body is local to it and never a coordinator of the app.
        guard member == nil else { return .skipChildren }
        let inherited = clause?.inheritedTypes.map { baseName(of: $0.type) } ?? []
        var facts = TypeFacts(name: name, kind: kind, inherited: inherited, file: path, line: location(node).line)
        facts.nameOffset = nameNode.positionAfterSkippingLeadingTrivia.utf8Offset
        facts.isNested = !stack.isEmpty && kind != .extension
        stack.append(facts)
        return .visitChildren
    }

    private func pop() {
        types.append(stack.removeLast())
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, .class, node.inheritanceClause, node, nameAt: node.name)
    }
    override func visitPost(_ node: ClassDeclSyntax) { if member == nil { pop() } }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, .protocol, node.inheritanceClause, node, nameAt: node.name)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { if member == nil { pop() } }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, .struct, node.inheritanceClause, node, nameAt: node.name)
    }
    override func visitPost(_ node: StructDeclSyntax) { if member == nil { pop() } }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, .enum, node.inheritanceClause, node, nameAt: node.name)
    }
    override func visitPost(_ node: EnumDeclSyntax) { if member == nil { pop() } }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, .class, node.inheritanceClause, node, nameAt: node.name)
    }
    override func visitPost(_ node: ActorDeclSyntax) { if member == nil { pop() } }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        push(baseName(of: node.extendedType), .extension, node.inheritanceClause, node, nameAt: node.extendedType)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { if member == nil { pop() } }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        guard member == nil else { return .skipChildren }
        let type = node.initializer.value
        let components =
            type.as(CompositionTypeSyntax.self).map { $0.elements.map { baseName(of: $0.type) } } ?? [baseName(of: type)]
        var facts = TypeFacts(
            name: node.name.text, kind: .typealias, inherited: components, file: path, line: location(node).line)
        facts.isNested = !stack.isEmpty
        types.append(facts)
        return .skipChildren
    }

    // MARK: Members

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if member != nil {
            nestedFunctions += 1
            closures.append((false, node.positionAfterSkippingLeadingTrivia.utf8Offset))
            return .visitChildren
        }
        let returnType = node.signature.returnClause.map { baseName(of: $0.type) }
        let isStatic = node.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        member = FunctionFacts(
            name: node.name.text, file: path, line: location(node).line,
            nameOffset: node.name.positionAfterSkippingLeadingTrivia.utf8Offset, hasBody: node.body != nil,
            isStatic: isStatic, returnType: returnType, parameters: parameters(node.signature.parameterClause))
        recordImplicitReturn(node.body?.statements)
        return .visitChildren
    }

    private func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterFacts] {
        clause.parameters.map { parameter in
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            return ParameterFacts(
                label: label, name: (parameter.secondName ?? parameter.firstName).text, type: baseName(of: parameter.type),
                defaultValue: parameter.defaultValue.map { summarize($0.value) })
        }
    }

    /// A body made of one expression returns it; a `switch` expression returns each case's value.
    private func recordImplicitReturn(_ statements: CodeBlockItemListSyntax?) {
        guard let statements, statements.count == 1, let item = statements.first?.item,
            let expression = item.as(ExprSyntax.self) ?? item.as(ExpressionStmtSyntax.self)?.expression
        else {
            return
        }
        guard let switchExpression = expression.as(SwitchExprSyntax.self) else {
            member?.returns.append(ReturnFacts(value: summarize(expression), conditions: conditions))
            return
        }
        let subject = dottedPath(switchExpression.subject) ?? switchExpression.subject.trimmedDescription
        let cases = switchExpression.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
        let allNames = cases.flatMap(caseNames)
        for switchCase in cases {
            guard switchCase.statements.count == 1, let value = switchCase.statements.first?.item.as(ExprSyntax.self)
            else { continue }
            let condition: CaseCondition
            switch switchCase.label {
            case .case:
                condition = CaseCondition(subject: subject, cases: caseNames(switchCase), isDefault: false, otherCases: [])
            case .default:
                condition = CaseCondition(subject: subject, cases: [], isDefault: true, otherCases: allNames)
            }
            member?.returns.append(ReturnFacts(value: summarize(value), conditions: conditions + [condition]))
        }
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        if nestedFunctions > 0 {
            nestedFunctions -= 1
            closures.removeLast()
        } else {
            endFunction()
        }
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if member != nil {
            nestedFunctions += 1
            closures.append((false, node.positionAfterSkippingLeadingTrivia.utf8Offset))
            return .visitChildren
        }
        member = FunctionFacts(
            name: "init", file: path, line: location(node).line,
            nameOffset: node.initKeyword.positionAfterSkippingLeadingTrivia.utf8Offset, hasBody: node.body != nil,
            parameters: parameters(node.signature.parameterClause))
        return .visitChildren
    }

    override func visitPost(_ node: InitializerDeclSyntax) {
        if nestedFunctions > 0 {
            nestedFunctions -= 1
            closures.removeLast()
        } else {
            endFunction()
        }
    }

    private func endFunction() {
        guard let function = member else { return }
        member = nil
        if stack.isEmpty {
            fileScope.functions.append(function)
        } else {
            stack[stack.count - 1].functions.append(function)
        }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if member != nil {
            // A local variable: remembered so that later uses of its name can be followed.
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value
                else { continue }
                member?.bindings.append(
                    BindingFacts(
                        name: name, value: summarize(value), offset: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                        conditions: conditions, closure: innermostClosure, line: location(node).line, immediate: isImmediate))
            }
            return .visitChildren
        }
        guard !stack.isEmpty else { return .skipChildren }
        let isWeak = node.modifiers.contains {
            $0.name.tokenKind == .keyword(.weak) || $0.name.tokenKind == .keyword(.unowned)
        }
        let isLazy = node.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
        let isComputed = { (binding: PatternBindingSyntax) -> Bool in
            guard binding.initializer == nil, let accessor = binding.accessorBlock else { return false }
            if case .accessors(let list) = accessor.accessors {
                return list.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) }
            }
            return true
        }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var value = binding.initializer?.value
            if value == nil, let accessor = binding.accessorBlock {
                // A computed property: its single returned expression (`var type: T { .home }`).
                value = returnedExpression(of: accessor)
            }
            let typeText =
                binding.typeAnnotation.map { $0.type.trimmedDescription.filter { !$0.isWhitespace } }
                ?? binding.initializer.map { inferredCollectionType($0.value) } ?? ""
            // The calls of the initial value or getter, read by a walk of their own.
            member = FunctionFacts(name: "init", file: path, line: location(binding).line)
            if let initializer = binding.initializer { walk(initializer) }
            if let accessor = binding.accessorBlock {
                if case .getter(let statements) = accessor.accessors { recordImplicitReturn(statements) }
                walk(accessor)
            }
            let calls = member?.calls ?? []
            let returns = member?.returns ?? []
            member = nil
            stack[stack.count - 1].properties.append(
                PropertyFacts(
                    name: name, typeText: typeText, value: value.map { summarize($0) }, isWeak: isWeak, isLazy: isLazy,
                    isComputed: isComputed(binding),
                    line: location(binding).line, nameOffset: binding.pattern.positionAfterSkippingLeadingTrivia.utf8Offset,
                    calls: calls, returns: returns))
        }
        return .skipChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if member != nil, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = node.initializer?.value
        {
            member?.bindings.append(
                BindingFacts(
                    name: name, value: summarize(value), offset: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                    conditions: conditions, closure: innermostClosure, line: location(node).line, immediate: isImmediate))
        }
        return .visitChildren
    }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard member == nil, !stack.isEmpty else { return .skipChildren }
        for element in node.elements {
            stack[stack.count - 1].cases.append(
                EnumCaseFacts(
                    name: element.name.text, rawValue: element.rawValue.map { summarize($0.value) },
                    payloadTypes: element.parameterClause?.parameters.map { baseName(of: $0.type) } ?? []))
        }
        return .skipChildren
    }

    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        guard member != nil, let switchExpression = node.parent?.parent?.as(SwitchExprSyntax.self) else {
            return .visitChildren
        }
        let subject = dottedPath(switchExpression.subject) ?? switchExpression.subject.trimmedDescription
        let allCases = switchExpression.cases.compactMap { $0.as(SwitchCaseSyntax.self) }.flatMap(caseNames)
        switch node.label {
        case .case:
            conditions.append(CaseCondition(subject: subject, cases: caseNames(node), isDefault: false, otherCases: []))
        case .default:
            conditions.append(CaseCondition(subject: subject, cases: [], isDefault: true, otherCases: allCases))
        }
        return .visitChildren
    }

    override func visitPost(_ node: SwitchCaseSyntax) {
        if member != nil, node.parent?.parent?.is(SwitchExprSyntax.self) == true { conditions.removeLast() }
    }

    /// `["home", "search"]` for `case .home, .search:` and `case .detail(let id):`.
    private func caseNames(_ switchCase: SwitchCaseSyntax) -> [String] {
        guard case .case(let label) = switchCase.label else { return [] }
        return label.caseItems.compactMap { item in
            var expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression
            if let call = expression?.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
            return expression?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        }
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        // A return inside a closure leaves the closure, not the member.
        if member != nil, closures.isEmpty, let expression = node.expression {
            member?.returns.append(ReturnFacts(value: summarize(expression), conditions: conditions))
        }
        return .visitChildren
    }

    // MARK: Bodies

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        let atOnce = runsAtOnce(node)
        closures.append((atOnce, node.positionAfterSkippingLeadingTrivia.utf8Offset))
        if !atOnce { deferredClosures += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        if closures.removeLast().atOnce == false { deferredClosures -= 1 }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard member != nil else { return .visitChildren }
        var (base, name) = calleeParts(node.calledExpression)
        // `let detail: DetailCoordinator = .init(…)`: the declared type's initializer.
        if base == nil, name == "init", let declared = declaredType(of: node) { base = declared }
        let place = location(node)
        member?.calls.append(
            CallFacts(
                base: base, name: name, arguments: arguments(of: node, depth: 0), line: place.line,
                column: place.column, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, immediate: isImmediate,
                conditions: conditions, closure: innermostClosure, closureText: closureText(of: node)))
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard member != nil else { return .visitChildren }
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
            member?.assignments.append(
                AssignmentFacts(
                    target: dottedPath(elements[0]) ?? elements[0].trimmedDescription, value: summarize(elements[2]),
                    line: location(node).line, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                    immediate: isImmediate, conditions: conditions, closure: innermostClosure))
        }
        return .visitChildren
    }

    // MARK: Expressions

    private func closureText(of call: FunctionCallExprSyntax) -> String? {
        let closure =
            call.trailingClosure ?? call.arguments.lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first
        return closure.map { prefixOfText($0, characters: 400) }
    }

    /// The first `characters` characters of the node's text without its outer trivia, as
    /// `String(node.trimmedDescription.prefix(characters))` gives, without making the whole
    /// text of a long closure: a slice of the file's bytes, taken longer until it holds enough.
    private func prefixOfText(_ node: some SyntaxProtocol, characters: Int) -> String {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = min(node.endPositionBeforeTrailingTrivia.utf8Offset, bytes.count)
        guard start < end else { return "" }
        var length = min(end - start, characters * 4)
        while true {
            let text = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
            // A slice cut inside a character changes at most its last two characters; with more
            // than `characters + 1`, the first `characters` are those of the whole text.
            if start + length == end || text.count > characters + 1 { return String(text.prefix(characters)) }
            length = min(end - start, length * 2)
        }
    }

    /// The arguments, trailing closures last, as the call's own arguments.
    private func arguments(of call: FunctionCallExprSyntax, depth: Int) -> [ArgumentFacts] {
        var arguments = call.arguments.map {
            ArgumentFacts(label: $0.label?.text, value: summarize($0.expression, depth: depth + 1))
        }
        if let closure = call.trailingClosure {
            arguments.append(ArgumentFacts(label: nil, value: summarize(closure, depth: depth + 1)))
        }
        for extra in call.additionalTrailingClosures {
            arguments.append(ArgumentFacts(label: extra.label.text, value: summarize(extra.closure, depth: depth + 1)))
        }
        return arguments
    }

    /// What the extractor keeps of an expression; nesting deeper than a few levels is `.other`.
    private func summarize(_ expression: ExprSyntax, depth: Int = 0) -> ValueFacts {
        guard depth < 5 else { return .other }
        if let wrapped = expression.as(TryExprSyntax.self) { return summarize(wrapped.expression, depth: depth) }
        if let wrapped = expression.as(AwaitExprSyntax.self) { return summarize(wrapped.expression, depth: depth) }
        if let wrapped = expression.as(ForceUnwrapExprSyntax.self) { return summarize(wrapped.expression, depth: depth) }
        if let wrapped = expression.as(OptionalChainingExprSyntax.self) { return summarize(wrapped.expression, depth: depth) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.label == nil
        {
            return summarize(only.expression, depth: depth)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            // `{ UINavigationController() }()`: a closure called where it is written is what it returns.
            if let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty {
                // `{ let controller = UINavigationController(); …; return controller }()`: what the returned local holds.
                let returned = returnedExpression(of: closure.statements) ?? returnedLocal(of: closure.statements)
                return returned.map { summarize($0, depth: depth + 1) } ?? .other
            }
            let (base, name) = calleeParts(call.calledExpression)
            return .call(
                base: base, name: name, arguments: arguments(of: call, depth: depth),
                offset: call.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            return .caseName(member.declName.baseName.text)
        }
        // `Coordinator().strongRouter`: a property read on what a call returns, kept as a call of the
        // chain (same offset as the call inside it) that takes no arguments.
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            base.is(FunctionCallExprSyntax.self)
        {
            return .call(
                base: "?", name: member.declName.baseName.text, arguments: [],
                offset: expression.positionAfterSkippingLeadingTrivia.utf8Offset)
        }
        if let path = dottedPath(expression) { return .reference(path) }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            let parts = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }
            return parts.count == literal.segments.count ? .string(parts.joined()) : .other
        }
        if let literal = expression.as(IntegerLiteralExprSyntax.self) {
            return Int(literal.literal.text.filter { $0 != "_" }).map { .integer($0) } ?? .other
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            return .array(array.elements.map { summarize($0.expression, depth: depth + 1) })
        }
        if let closure = expression.as(ClosureExprSyntax.self) { return summarize(closure, depth: depth) }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            // `value as! HomeViewController`: whatever it was, it is now one of those.
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self) {
                return .instance(of: baseName(of: type.type))
            }
        }
        return .other
    }

    /// A closure with its parameter and, when its body is one expression, that expression.
    private func summarize(_ closure: ClosureExprSyntax, depth: Int) -> ValueFacts {
        var parameter: String?
        switch closure.signature?.parameterClause {
        case .simpleInput(let names): parameter = names.first?.name.text
        case .parameterClause(let clause): parameter = clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        case nil: parameter = nil
        }
        let start = closure.positionAfterSkippingLeadingTrivia.utf8Offset
        guard closure.statements.count == 1, let item = closure.statements.first?.item else {
            return .closure(parameter: parameter, body: nil, start: start)
        }
        let expression = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
        return .closure(parameter: parameter, body: expression.map { summarize($0, depth: depth + 1) }, start: start)
    }

    /// `a.b.c` for a chain of plain names (optional chaining and `!` looked through), else nil.
    private func dottedPath(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let path = dottedPath(base) {
            return path + "." + member.declName.baseName.text
        }
        if let wrapped = expression.as(OptionalChainingExprSyntax.self) { return dottedPath(wrapped.expression) }
        if let wrapped = expression.as(ForceUnwrapExprSyntax.self) { return dottedPath(wrapped.expression) }
        return nil
    }

    /// The type written for the variable a call initializes, `DetailCoordinator` for
    /// `let detail: DetailCoordinator = .init(…)` or `guard let detail: DetailCoordinator = try? .init(…)`.
    private func declaredType(of call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call).parent
        while let current = node, current.is(TryExprSyntax.self) || current.is(ForceUnwrapExprSyntax.self) {
            node = current.parent
        }
        guard let clause = node?.as(InitializerClauseSyntax.self) else { return nil }
        if let binding = clause.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type {
            return baseName(of: type)
        }
        if let condition = clause.parent?.as(OptionalBindingConditionSyntax.self), let type = condition.typeAnnotation?.type {
            return baseName(of: type)
        }
        return nil
    }

    /// `(nil, "Foo")` for `Foo(...)`, `("self", "start")` for `self.start()`, `("Foo", "init")` for `Foo.init(...)`.
    private func calleeParts(_ expression: ExprSyntax) -> (base: String?, name: String) {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return (nil, reference.baseName.text) }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let base = member.base.map { dottedPath($0) ?? "?" }
            return (base, member.declName.baseName.text)
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) { return calleeParts(specialized.expression) }
        if let wrapped = expression.as(OptionalChainingExprSyntax.self) { return calleeParts(wrapped.expression) }
        if let wrapped = expression.as(ForceUnwrapExprSyntax.self) { return calleeParts(wrapped.expression) }
        return ("?", "")
    }

    /// True for a closure handed to `map`, `forEach` and the like, which run it at once; false for
    /// a closure that is stored or handed to something that calls it later.
    private func runsAtOnce(_ closure: ClosureExprSyntax) -> Bool {
        // `{ ... }()` calls the closure where it is written.
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == closure.id { return true }
        var parent = closure.parent
        // An argument closure sits in a labeled expression inside the argument list.
        if parent?.is(LabeledExprSyntax.self) == true { parent = parent?.parent?.parent }
        guard let call = parent?.as(FunctionCallExprSyntax.self) else { return false }
        return Self.immediateCallees.contains(calleeParts(call.calledExpression).name) && !isStreamOperator(call)
    }

    /// Names that end a chain of RxSwift or Combine operators: subscribing is what runs them, later.
    static let streamSinks: Set<String> = [
        "subscribe", "sink", "bind", "drive", "emit", "disposed", "store", "assign", "observe", "asObservable",
        "eraseToAnyPublisher",
    ]

    /// True when `call` (a `map` or `flatMap`) is an operator on an event stream rather than on a
    /// collection: its chain goes on to a subscription (`.flatMap { … }.subscribe()`), or starts at `.rx`.
    private func isStreamOperator(_ call: FunctionCallExprSyntax) -> Bool {
        if let base = calleeParts(call.calledExpression).base, base == "rx" || base.hasSuffix(".rx") || base.contains(".rx.") {
            return true
        }
        var node = Syntax(call)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), let next = member.parent?.as(FunctionCallExprSyntax.self)
        {
            if Self.streamSinks.contains(member.declName.baseName.text) { return true }
            node = Syntax(next)
        }
        return false
    }

    private func returnedExpression(of accessor: AccessorBlockSyntax) -> ExprSyntax? {
        let statements: CodeBlockItemListSyntax
        switch accessor.accessors {
        case .getter(let items):
            statements = items
        case .accessors(let list):
            guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), let body = getter.body
            else {
                return nil
            }
            statements = body.statements
        }
        return returnedExpression(of: statements)
    }

    /// The initial value of the local a body ends by returning: `let x = E; …; return x` gives `E`.
    private func returnedLocal(of statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard let last = statements.last?.item.as(ReturnStmtSyntax.self),
            let name = last.expression?.as(DeclReferenceExprSyntax.self)?.baseName.text
        else { return nil }
        for item in statements {
            guard let declaration = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in declaration.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return binding.initializer?.value
            }
        }
        return nil
    }

    /// The expression a body of one statement returns: `{ .home }` or `{ return .home }`.
    private func returnedExpression(of statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        return item.as(ReturnStmtSyntax.self)?.expression
    }
}
