import SwiftParser
import SwiftSyntax

/// Reads one parsed file's type declarations, extensions and their members.
final class DeclarationCollector: SyntaxVisitor {
    private let path: String
    private let converter: SourceLocationConverter
    private(set) var types: [TypeFacts] = []
    /// The types being visited, innermost last; members go to the innermost.
    private var stack: [TypeFacts] = []

    init(path: String, tree: SourceFileSyntax) {
        self.path = path
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    private func line(_ node: some SyntaxProtocol) -> Int {
        node.startLocation(converter: converter, afterLeadingTrivia: true).line
    }

    private func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { baseName(of: $0.type) } ?? []
    }

    private func push(_ name: String, _ kind: TypeFacts.Kind, _ clause: InheritanceClauseSyntax?, _ node: some SyntaxProtocol)
        -> SyntaxVisitorContinueKind
    {
        stack.append(TypeFacts(name: name, kind: kind, inherited: inherited(clause), file: path, line: line(node)))
        return .visitChildren
    }

    private func pop() {
        types.append(stack.removeLast())
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, .class, node.inheritanceClause, node)
    }
    override func visitPost(_ node: ClassDeclSyntax) { pop() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, .protocol, node.inheritanceClause, node)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { pop() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, .struct, node.inheritanceClause, node)
    }
    override func visitPost(_ node: StructDeclSyntax) { pop() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        push(node.name.text, .enum, node.inheritanceClause, node)
    }
    override func visitPost(_ node: EnumDeclSyntax) { pop() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        push(baseName(of: node.extendedType), .extension, node.inheritanceClause, node)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { pop() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !stack.isEmpty else { return .skipChildren }
        let isWeak = node.modifiers.contains { $0.name.tokenKind == .keyword(.weak) }
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
            stack[stack.count - 1].properties.append(
                PropertyFacts(name: name, typeText: typeText, value: value, isWeak: isWeak, line: line(binding)))
        }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !stack.isEmpty else { return .skipChildren }
        stack[stack.count - 1].functions.append(
            FunctionFacts(name: node.name.text, body: node.body, file: path, line: line(node)))
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !stack.isEmpty else { return .skipChildren }
        stack[stack.count - 1].functions.append(FunctionFacts(name: "init", body: node.body, file: path, line: line(node)))
        return .skipChildren
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
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        if let expression = item.as(ExprSyntax.self) { return expression }
        return item.as(ReturnStmtSyntax.self)?.expression
    }
}

/// `[Coordinator]` for `[Coordinator]()` and `[UUID:Any]` for `[UUID: Any]()`: the type of an
/// empty collection made by its initializer, which is how many apps declare their children.
func inferredCollectionType(_ value: ExprSyntax) -> String {
    guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty else { return "" }
    let callee = call.calledExpression
    guard callee.is(ArrayExprSyntax.self) || callee.is(DictionaryExprSyntax.self) else { return "" }
    return callee.trimmedDescription.filter { !$0.isWhitespace }
}

/// `Foo` for `Foo`, `Foo<Bar>`, `Module.Foo`, `Foo?`, `any Foo`.
func baseName(of type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
    if let optional = type.as(OptionalTypeSyntax.self) { return baseName(of: optional.wrappedType) }
    if let some = type.as(SomeOrAnyTypeSyntax.self) { return baseName(of: some.constraint) }
    if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(of: attributed.baseType) }
    return type.trimmedDescription
}
