import SwiftParser
import SwiftSyntax

/// Reads one parsed file into a ``FileSummary``: its types, their members, and in each member
/// the calls, assignments and local bindings the analysis follows.
final class FileSummarizer: SyntaxVisitor {
    private let path: String
    /// The file's bytes and where its lines start: lines and closure texts are read from them,
    /// which is cheaper than asking the syntax tree.
    let bytes: [UInt8]
    /// Where the parsed text starts in `bytes`: a piece of a large file is parsed alone
    /// (``FilePieces``), and its offsets and lines are the file's.
    let base: Int
    /// The bytes of the file read before the tree's text at `base`: the header of the declaration
    /// a part of a long file starts inside (``FilePart``). A tree offset below its length is in it.
    let header: Range<Int>?
    let lines: LineStarts
    private(set) var types: [TypeFacts] = []
    /// The types being visited, innermost last; members go to the innermost.
    private var stack: [TypeFacts] = []
    /// For each type being visited, the conformances its `where` clause requires of `Self`.
    private var constraints: [[String]] = []
    /// The member whose body is being read: a function, or a property's initial value or getter.
    var member: FunctionFacts?
    /// For each closure around the current node, innermost last: whether it runs at once.
    private var closures: [(atOnce: Bool, start: Int)] = []
    private var deferredClosures = 0
    /// Functions declared inside a member's body run when called, which is later.
    private var nestedFunctions = 0
    /// Where local functions and closures called in place start: their `return`s are kept.
    private var returnScopes: Set<Int> = []
    /// The `switch` cases around the current node, outermost first.
    var conditions: [CaseCondition] = []

    /// Whether the walk leaves out the subtrees that hold nothing the summary reads (names,
    /// literals, types); the tests walk into them too, to show that the summary is the same.
    private let skipsEmptySubtrees: Bool
    /// What the app's project files say of its `#if` conditions: code under a condition no build
    /// defines is not read.
    private let compilation: CompilationConditions

    init(
        path: String, bytes: [UInt8], base: Int = 0, header: Range<Int>? = nil, lines: LineStarts? = nil,
        skipsEmptySubtrees: Bool = true, conditions: CompilationConditions = .unknown
    ) {
        self.path = path
        self.bytes = bytes
        self.base = base
        self.header = header
        self.skipsEmptySubtrees = skipsEmptySubtrees
        self.compilation = conditions
        self.lines = lines ?? LineStarts(bytes)
        super.init(viewMode: .sourceAccurate)
    }

    /// Functions declared outside any type, such as factories: kept under a type without a name.
    lazy var fileScope = TypeFacts(name: "", kind: .extension, inherited: [], file: path, line: 1)

    var isImmediate: Bool { deferredClosures == 0 && nestedFunctions == 0 }
    var innermostClosure: Int? { closures.last?.start }

    // MARK: Types

    private func push(
        _ name: String, _ kind: TypeFacts.Kind, _ clause: InheritanceClauseSyntax?, _ node: some SyntaxProtocol,
        nameAt nameNode: some SyntaxProtocol
    ) -> SyntaxVisitorContinueKind {
        // A type declared inside a function body is local to it and never a coordinator of the app.
        guard member == nil else { return .skipChildren }
        let inherited = clause?.inheritedTypes.map { baseName(of: $0.type) } ?? []
        var facts = TypeFacts(name: name, kind: kind, inherited: inherited, file: path, line: location(node).line)
        facts.nameOffset = offset(of: nameNode)
        facts.isNested = !stack.isEmpty && kind != .extension
        stack.append(facts)
        constraints.append([])
        return .visitChildren
    }

    private func pop() {
        var facts = stack.removeLast()
        Self.typeStoredInits(of: &facts)
        types.append(facts)
        constraints.removeLast()
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
        let kind = push(baseName(of: node.extendedType), .extension, node.inheritanceClause, node, nameAt: node.extendedType)
        // `where Self: EditingBehavior & Presenting`: what its methods need of the type they run on.
        if kind == .visitChildren, let clause = node.genericWhereClause {
            constraints[constraints.count - 1] = clause.requirements.flatMap { element -> [String] in
                guard case .conformanceRequirement(let requirement) = element.requirement,
                    requirement.leftType.as(IdentifierTypeSyntax.self)?.name.tokenKind == .keyword(.Self)
                else { return [] }
                if let composition = requirement.rightType.as(CompositionTypeSyntax.self) {
                    return composition.elements.map { baseName(of: $0.type) }
                }
                return [baseName(of: requirement.rightType)]
            }
        }
        return kind
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
            // A local function: its statements are the member's, keyed by where its name is, run when called.
            let start = offset(of: node.name)
            closures.append((false, start))
            returnScopes.insert(start)
            member?.localFunctions.append(
                FunctionFacts(
                    name: node.name.text, file: path, line: location(node).line, nameOffset: start,
                    hasBody: node.body != nil, returnType: node.signature.returnClause.map { baseName(of: $0.type) },
                    parameters: parameters(node.signature.parameterClause)))
            recordImplicitReturn(node.body?.statements, closure: start)
            return .visitChildren
        }
        let returnType = node.signature.returnClause.map { resultType($0.type, of: node) }
        let isStatic = node.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        member = FunctionFacts(
            name: node.name.text, file: path, line: location(node).line,
            nameOffset: offset(of: node.name), hasBody: node.body != nil,
            isStatic: isStatic, constraints: constraints.last ?? [], returnType: returnType,
            parameters: parameters(node.signature.parameterClause))
        recordImplicitReturn(node.body?.statements)
        return .visitChildren
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
            closures.append((false, offset(of: node)))
            return .visitChildren
        }
        member = FunctionFacts(
            name: "init", file: path, line: location(node).line,
            nameOffset: offset(of: node.initKeyword), hasBody: node.body != nil,
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
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if let (value, call) = injectedCreation(node, binding) {
                    member?.calls.append(call)
                    member?.bindings.append(
                        BindingFacts(
                            name: name, value: value, offset: offset(of: node),
                            conditions: conditions, closure: innermostClosure, line: location(node).line,
                            immediate: isImmediate))
                    continue
                }
                guard let value = binding.initializer?.value else {
                    // `let screen: UIViewController`, set in each branch below: a local all the same.
                    if node.bindingSpecifier.tokenKind == .keyword(.let) {
                        member?.bindings.append(
                            BindingFacts(
                                name: name, value: .other, offset: offset(of: node),
                                conditions: conditions, closure: innermostClosure, line: location(node).line,
                                immediate: isImmediate, assignedOnce: true))
                    }
                    continue
                }
                member?.bindings.append(
                    BindingFacts(
                        name: name, value: summarize(value), offset: offset(of: node),
                        conditions: conditions, closure: innermostClosure, line: location(node).line, immediate: isImmediate))
            }
            return .visitChildren
        }
        guard !stack.isEmpty else { return .skipChildren }
        let isWeak = node.modifiers.contains {
            $0.name.tokenKind == .keyword(.weak) || $0.name.tokenKind == .keyword(.unowned)
        }
        let isLazy = node.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
        let isFilledElsewhere = node.attributes.contains { element in
            guard let name = element.as(AttributeSyntax.self).map({ trimmedText(of: $0.attributeName) }) else { return false }
            return !Self.declarationAttributes.contains(name)
        }
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
            var injectedValue: ValueFacts?
            if value == nil, let accessor = binding.accessorBlock {
                // A computed property: its single returned expression (`var type: T { .home }`).
                value = returnedExpression(of: accessor)
            }
            let typeText =
                binding.typeAnnotation.map { compactText(of: $0.type) }
                ?? binding.initializer.map { inferredCollectionType($0.value) } ?? ""
            // The calls of the initial value or getter, read by a walk of their own.
            member = FunctionFacts(name: "init", file: path, line: location(binding).line)
            if let initializer = binding.initializer { walk(initializer) }
            if let accessor = binding.accessorBlock {
                if case .getter(let statements) = accessor.accessors { recordImplicitReturn(statements) }
                walk(accessor)
            }
            var calls = member?.calls ?? []
            let returns = member?.returns ?? []
            member = nil
            if let (injected, call) = injectedCreation(node, binding) {
                value = nil
                calls.append(call)
                injectedValue = injected
            }
            stack[stack.count - 1].properties.append(
                PropertyFacts(
                    name: name, typeText: typeText, value: injectedValue ?? value.map { summarize($0) }, isWeak: isWeak,
                    isLazy: isLazy,
                    isComputed: isComputed(binding),
                    line: location(binding).line, nameOffset: offset(of: binding.pattern),
                    calls: calls, returns: returns, isFilledElsewhere: isFilledElsewhere))
        }
        return .skipChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if member != nil, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = node.initializer?.value
        {
            // Bound only when its value is not nil.
            let own = unlessNil(node).map { [$0] } ?? []
            member?.bindings.append(
                BindingFacts(
                    name: name, value: summarize(value), offset: offset(of: node),
                    conditions: conditions + own, closure: innermostClosure, line: location(node).line,
                    immediate: isImmediate))
        }
        return .visitChildren
    }

    /// How many conditions each `if let` body being visited added, innermost last.
    private var optionalBodies: [Int] = []

    /// How many `guard` `else` bodies of the member are being visited.
    private var guardElses = 0

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
        if member != nil, node.parent?.is(GuardStmtSyntax.self) == true { guardElses += 1 }
        guard let ifExpression = guardingIf(node) else { return .visitChildren }
        // `if let screen = pending { … }`: the body runs unless `pending` is known to be nil.
        let added = ifExpression.conditions.compactMap { element -> CaseCondition? in
            guard case .optionalBinding(let binding) = element.condition else { return nil }
            return unlessNil(binding)
        }
        conditions += added
        optionalBodies.append(added.count)
        return .visitChildren
    }

    override func visitPost(_ node: CodeBlockSyntax) {
        if member != nil, node.parent?.is(GuardStmtSyntax.self) == true { guardElses -= 1 }
        guard guardingIf(node) != nil, let added = optionalBodies.popLast() else { return }
        conditions.removeLast(added)
    }

    /// The `if` whose body is `node`, inside a member.
    private func guardingIf(_ node: CodeBlockSyntax) -> IfExprSyntax? {
        guard member != nil, let ifExpression = node.parent?.as(IfExprSyntax.self), ifExpression.body.id == node.id else {
            return nil
        }
        return ifExpression
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
        let subject = switchSubject(switchExpression.subject)
        switch node.label {
        case .case:
            conditions.append(CaseCondition(subject: subject, cases: caseNames(node), isDefault: false, otherCases: []))
        case .default:
            // Only the `default` needs the other cases: worked out for each case, a switch of n cases cost n².
            let allCases = switchExpression.cases.compactMap { $0.as(SwitchCaseSyntax.self) }.flatMap(caseNames)
            conditions.append(CaseCondition(subject: subject, cases: [], isDefault: true, otherCases: allCases))
        }
        return .visitChildren
    }

    override func visitPost(_ node: SwitchCaseSyntax) {
        if member != nil, node.parent?.parent?.is(SwitchExprSyntax.self) == true { conditions.removeLast() }
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        // A return inside a closure leaves the closure, not the member.
        if member != nil, closures.isEmpty, let expression = node.expression {
            member?.returns.append(
                ReturnFacts(value: summarize(expression), conditions: conditions, leavesGuard: guardElses > 0))
        } else if member != nil, let start = closures.last?.start, returnScopes.contains(start), let expression = node.expression
        {
            // The return of a local function or of a closure called in place: the value of its call.
            record(ReturnFacts(value: summarize(expression), conditions: conditions, closure: start))
        }
        return .visitChildren
    }

    // MARK: Bodies

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        // `[weak self]`, `[unowned self]`, `[weak owner = self]`: `[self]` alone captures it strongly.
        if member != nil,
            node.signature?.capture?.items.contains(where: { item in
                item.specifier != nil
                    && (item.name.text == "self"
                        || item.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.text == "self")
            }) == true
        {
            member?.weakSelfClosures.append(offset(of: node))
        }
        let atOnce = runsAtOnce(node)
        closures.append((atOnce, offset(of: node)))
        if isCalledInPlace(node) { returnScopes.insert(offset(of: node)) }
        if !atOnce { deferredClosures += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        if closures.removeLast().atOnce == false { deferredClosures -= 1 }
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `case let .present(route):` matches a value; nothing is called.
        guard member != nil, !isPattern(node) else { return .visitChildren }
        // `let detail: DetailCoordinator = .init(…)`: the declared type's initializer.
        let (base, name) = callee(of: node)
        let place = location(node)
        member?.calls.append(
            CallFacts(
                base: base, name: name, arguments: arguments(of: node, depth: 0), line: place.line,
                column: place.column, offset: offset(of: node), immediate: isImmediate,
                conditions: conditions, closure: innermostClosure, closureText: closureText(of: node)))
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard member != nil else { return .visitChildren }
        let elements = Array(node.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self) {
            member?.assignments.append(
                AssignmentFacts(
                    target: dottedPath(elements[0]) ?? trimmedText(of: elements[0]), value: summarize(elements[2]),
                    line: location(node).line, offset: offset(of: node),
                    immediate: isImmediate, conditions: conditions, closure: innermostClosure))
        }
        return .visitChildren
    }

    /// `#if SNAPSHOTS … #else … #endif`: only the clauses some build of the app compiles.
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let counted = compilation.countedClauses(of: node) else { return .visitChildren }
        for clause in counted { walk(clause) }
        return .skipChildren
    }

    // MARK: Subtrees with nothing to read

    // Names, literals, types, modifiers and imports hold no declaration, call, assignment,
    // closure or condition: the walk does not go into them. It would make a node for each of
    // their tokens (most of a file's nodes are tokens) only to find nothing. One override per
    // kind: SwiftSyntax's `SyntaxAnyVisitor`, which would let one function decide for all
    // kinds, costs more than the skipping saves.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: IntegerLiteralExprSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: FloatLiteralExprSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: NilLiteralExprSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: StringSegmentSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: AssignmentExprSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: BinaryOperatorExprSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: GenericParameterClauseSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: TypeExprSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: OptionalTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: ImplicitlyUnwrappedOptionalTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: ArrayTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: DictionaryTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: FunctionTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: TupleTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: AttributedTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: SomeOrAnyTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: CompositionTypeSyntax) -> SyntaxVisitorContinueKind { skipped }
    override func visit(_ node: MetatypeTypeSyntax) -> SyntaxVisitorContinueKind { skipped }

    private var skipped: SyntaxVisitorContinueKind { skipsEmptySubtrees ? .skipChildren : .visitChildren }
}
