import SwiftParser
import SwiftSyntax

/// Expressions as far as the extractor follows values: calls and their arguments, closures,
/// dotted paths, and which closures run at once.
extension FileSummarizer {
    /// Higher-order functions that run their closure before they return.
    static let immediateCallees: Set<String> = [
        "map", "compactMap", "flatMap", "forEach", "filter", "reduce", "sorted", "first", "contains", "allSatisfy",
        "min", "max", "prefix", "drop", "enumerated", "zip", "withExtendedLifetime",
    ]

    /// Attributes that say how a property is declared, not what fills it.
    static let declarationAttributes: Set<String> = [
        "objc", "nonobjc", "MainActor", "available", "usableFromInline", "inlinable", "discardableResult", "preconcurrency",
    ]

    func closureText(of call: FunctionCallExprSyntax) -> String? {
        let closure =
            call.trailingClosure ?? call.arguments.lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first
        return closure.map { prefixOfText($0, characters: 400) }
    }

    /// The arguments, trailing closures last, as the call's own arguments.
    func arguments(of call: FunctionCallExprSyntax, depth: Int) -> [ArgumentFacts] {
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
    /// One look at the node's kind (``ExprSyntaxEnum``) rather than a cast to each kind in turn:
    /// this runs for every call's every argument.
    func summarize(_ expression: ExprSyntax, depth: Int = 0) -> ValueFacts {
        guard depth < 5 else { return .other }
        switch expression.as(ExprSyntaxEnum.self) {
        case .tryExpr(let wrapped): return summarize(wrapped.expression, depth: depth)
        case .awaitExpr(let wrapped): return summarize(wrapped.expression, depth: depth)
        case .forceUnwrapExpr(let wrapped): return summarize(wrapped.expression, depth: depth)
        case .optionalChainingExpr(let wrapped): return summarize(wrapped.expression, depth: depth)
        case .tupleExpr(let tuple):
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return .other }
            return summarize(only.expression, depth: depth)
        case .functionCallExpr(let call):
            // `{ UINavigationController() }()`: a closure called where it is written is what it returns.
            if let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty {
                // `{ let controller = UINavigationController(); …; return controller }()`: what the returned local holds.
                let returned = returnedExpression(of: closure.statements) ?? returnedLocal(of: closure.statements)
                // Else its statements run where it is written and its value is what they return.
                return returned.map { summarize($0, depth: depth + 1) }
                    ?? .calledClosure(start: offset(of: closure))
            }
            let (base, name) = callee(of: call)
            return .call(
                base: base, name: name, arguments: arguments(of: call, depth: depth),
                offset: offset(of: call))
        case .memberAccessExpr(let member):
            guard let base = member.base else { return .caseName(member.declName.baseName.text) }
            // `Coordinator().strongRouter`: a property read on what a call returns, kept as a call of the
            // chain (same offset as the call inside it) that takes no arguments.
            if base.is(FunctionCallExprSyntax.self) {
                return .call(
                    base: "?", name: member.declName.baseName.text, arguments: [],
                    offset: offset(of: expression))
            }
            return dottedPath(expression).map { .reference($0) } ?? .other
        case .declReferenceExpr(let reference):
            return .reference(reference.baseName.text)
        case .stringLiteralExpr(let literal):
            let parts = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }
            return parts.count == literal.segments.count ? .string(parts.joined()) : .other
        case .integerLiteralExpr(let literal):
            return Int(literal.literal.text.filter { $0 != "_" }).map { .integer($0) } ?? .other
        case .booleanLiteralExpr(let literal):
            return .boolean(literal.literal.tokenKind == .keyword(.true))
        case .arrayExpr(let array):
            return .array(array.elements.map { summarize($0.expression, depth: depth + 1) })
        case .closureExpr(let closure):
            return summarize(closure, depth: depth)
        case .sequenceExpr(let sequence):
            // `value as! HomeViewController`: whatever it was, it is now one of those.
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self), let type = elements[2].as(TypeExprSyntax.self) {
                return .instance(of: baseName(of: type.type), from: summarize(elements[0], depth: depth + 1))
            }
            // `BuildSettings.newLayout ? makeChats() : makeTabs()`: both values, and the condition when
            // it is one operand (a comparison is not evaluated).
            if let mark = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                let ternary = elements[mark].as(UnresolvedTernaryExprSyntax.self), mark + 2 == elements.count
            {
                return .choice(
                    condition: mark == 1 ? summarize(elements[0], depth: depth + 1) : .other,
                    then: summarize(ternary.thenExpression, depth: depth + 1),
                    otherwise: summarize(elements[mark + 1], depth: depth + 1))
            }
            return .other
        default:
            return .other
        }
    }

    /// A closure with its parameters and, when its body is one expression, that expression.
    func summarize(_ closure: ClosureExprSyntax, depth: Int) -> ValueFacts {
        let parameters: [String]
        switch closure.signature?.parameterClause {
        case .simpleInput(let names): parameters = names.map(\.name.text)
        case .parameterClause(let clause): parameters = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: parameters = []
        }
        let start = offset(of: closure)
        guard closure.statements.count == 1, let item = closure.statements.first?.item else {
            return .closure(parameters: parameters, body: nil, start: start)
        }
        let expression = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
        return .closure(parameters: parameters, body: expression.map { summarize($0, depth: depth + 1) }, start: start)
    }

    /// `a.b.c` for a chain of plain names (optional chaining and `!` looked through), else nil.
    func dottedPath(_ expression: ExprSyntax) -> String? {
        switch expression.as(ExprSyntaxEnum.self) {
        case .declReferenceExpr(let reference):
            return reference.baseName.text
        case .memberAccessExpr(let member):
            guard let base = member.base, let path = dottedPath(base) else { return nil }
            return path + "." + member.declName.baseName.text
        case .optionalChainingExpr(let wrapped): return dottedPath(wrapped.expression)
        case .forceUnwrapExpr(let wrapped): return dottedPath(wrapped.expression)
        default: return nil
        }
    }

    /// The type written for the variable a call initializes, `DetailCoordinator` for
    /// `let detail: DetailCoordinator = .init(…)` or `guard let detail: DetailCoordinator = try? .init(…)`.
    func declaredType(of call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call).parent
        while let current = node, current.is(TryExprSyntax.self) || current.is(ForceUnwrapExprSyntax.self) {
            node = current.parent
        }
        guard let clause = node?.as(InitializerClauseSyntax.self) else { return returnedType(of: call) }
        if let binding = clause.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type {
            return baseName(of: type)
        }
        if let condition = clause.parent?.as(OptionalBindingConditionSyntax.self), let type = condition.typeAnnotation?.type {
            return baseName(of: type)
        }
        return nil
    }

    /// For `return .init(…)`: the type the function returns (`-> DetailCoordinator`), or the type
    /// of the property a closure called in place initializes (`lazy var detail: DetailCoordinator =
    /// { return .init(…) }()`, a closure of one expression too), through `#if` clauses, `if`s and
    /// `switch`es around the `return`.
    private func returnedType(of call: FunctionCallExprSyntax) -> String? {
        var returned = false
        var node = Syntax(call).parent
        while let current = node {
            if current.is(ReturnStmtSyntax.self) {
                returned = true
            } else if let closure = current.as(ClosureExprSyntax.self) {
                guard returned || closure.statements.count == 1, isCalledInPlace(closure),
                    let inPlace = closure.parent?.as(FunctionCallExprSyntax.self),
                    let clause = inPlace.parent?.as(InitializerClauseSyntax.self),
                    let type = clause.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type
                else { return nil }
                return baseName(of: type)
            } else if let body = current.as(CodeBlockSyntax.self), !returned, body.statements.count == 1,
                body.parent?.is(FunctionDeclSyntax.self) == true
            {
                // A body of one expression returns it (`func make() -> Detail { .init(…) }`).
                returned = true
            } else if let function = current.as(FunctionDeclSyntax.self) {
                guard returned else { return nil }
                return function.signature.returnClause.map { resultType($0.type, of: function) }
            } else if !Self.passesReturn(current, returned: returned) {
                return nil
            }
            node = current.parent
        }
        return nil
    }

    /// The nodes between a `return` (or a closure's one expression) and its function or closure.
    private static func passesReturn(_ node: Syntax, returned: Bool) -> Bool {
        switch node.kind {
        case .codeBlockItem, .codeBlockItemList, .ifConfigClause, .ifConfigClauseList, .ifConfigDecl, .tryExpr,
            .forceUnwrapExpr:
            return true
        case .codeBlock, .ifExpr, .expressionStmt, .switchCase, .switchCaseList, .switchExpr, .guardStmt:
            return returned
        default:
            return false
        }
    }

    /// What a call calls, as ``calleeParts(_:)`` reads it, but `.init(…)` where a type is written
    /// for it (`let detail: Detail = .init(…)`, `return .init(…)` in a function returning one) is
    /// that type's initializer: so its value, a return's or a binding's, is what the call makes.
    func callee(of call: FunctionCallExprSyntax) -> (base: String?, name: String) {
        let (base, name) = calleeParts(call.calledExpression)
        if base == nil, name == "init", let declared = declaredType(of: call) { return (declared, name) }
        return (base, name)
    }

    /// `(nil, "Foo")` for `Foo(...)`, `("self", "start")` for `self.start()`, `("Foo", "init")` for `Foo.init(...)`.
    func calleeParts(_ expression: ExprSyntax) -> (base: String?, name: String) {
        switch expression.as(ExprSyntaxEnum.self) {
        case .declReferenceExpr(let reference):
            return (nil, reference.baseName.text)
        case .memberAccessExpr(let member):
            return (member.base.map { dottedPath($0) ?? "?" }, member.declName.baseName.text)
        case .genericSpecializationExpr(let specialized): return calleeParts(specialized.expression)
        case .optionalChainingExpr(let wrapped): return calleeParts(wrapped.expression)
        case .forceUnwrapExpr(let wrapped): return calleeParts(wrapped.expression)
        default: return ("?", "")
        }
    }

    /// True for `{ … }()`, a closure called where it is written.
    func isCalledInPlace(_ closure: ClosureExprSyntax) -> Bool {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return call.calledExpression.id == closure.id
    }

    /// True for a closure handed to `map`, `forEach` and the like, which run it at once; false for
    /// a closure that is stored or handed to something that calls it later.
    func runsAtOnce(_ closure: ClosureExprSyntax) -> Bool {
        // `{ ... }()` calls the closure where it is written.
        if isCalledInPlace(closure) { return true }
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
    func isStreamOperator(_ call: FunctionCallExprSyntax) -> Bool {
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

    func returnedExpression(of accessor: AccessorBlockSyntax) -> ExprSyntax? {
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
    func returnedLocal(of statements: CodeBlockItemListSyntax) -> ExprSyntax? {
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
    func returnedExpression(of statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        return item.as(ReturnStmtSyntax.self)?.expression
    }

    // MARK: Parameters and conditions

    /// Each parameter's label, name, type and default value.
    func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterFacts] {
        clause.parameters.map { parameter in
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            return ParameterFacts(
                label: label, name: (parameter.secondName ?? parameter.firstName).text, type: baseName(of: parameter.type),
                defaultValue: parameter.defaultValue.map { summarize($0.value) })
        }
    }

    /// The condition `if let x = path` or `if let path` puts on what it guards, when its value is a path.
    func unlessNil(_ binding: OptionalBindingConditionSyntax) -> CaseCondition? {
        let subject =
            binding.initializer.map { dottedPath($0.value) }
            ?? binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        guard let subject else { return nil }
        return CaseCondition(subject: subject, cases: [], isDefault: false, otherCases: [], unlessNil: true)
    }

    /// `["home", "search"]` for `case .home, .search:` and `case .detail(let id):`.
    /// What a `switch` decides on, as a dotted path: `route`, `self.page`; for `step as? AppStep`,
    /// the value cast (a case of that enum stays itself). Any other expression is kept as its text.
    func switchSubject(_ subject: ExprSyntax) -> String {
        if let sequence = subject.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let cast = sequence.elements.dropFirst().first, cast.is(UnresolvedAsExprSyntax.self),
            let operand = sequence.elements.first, let path = dottedPath(operand)
        {
            return path
        }
        return dottedPath(subject) ?? trimmedText(of: subject)
    }

    func caseNames(_ switchCase: SwitchCaseSyntax) -> [String] {
        guard case .case(let label) = switchCase.label else { return [] }
        return label.caseItems.compactMap { item in
            var expression = item.pattern.as(ExpressionPatternSyntax.self)?.expression
            // `case .home?:` on an optional subject.
            if let optional = expression?.as(OptionalChainingExprSyntax.self) { expression = optional.expression }
            if let call = expression?.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
            return expression?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        }
    }

    /// True for `.present(route)` in `case let .present(route):` or `if case .some(.detail(let id)) = …`.
    func isPattern(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if current.is(ExpressionPatternSyntax.self) { return true }
            guard
                current.is(LabeledExprSyntax.self) || current.is(LabeledExprListSyntax.self)
                    || current.is(FunctionCallExprSyntax.self) || current.is(TupleExprSyntax.self)
            else { return false }
            node = current.parent
        }
        return false
    }
}
