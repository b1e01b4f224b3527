import SwiftSyntax

/// Where nodes lie in the file (a piece's offsets and lines are the file's), and type names and
/// texts as the summary keeps them, read from the file's bytes: SwiftSyntax's
/// `trimmedDescription` makes a trimmed copy of the node first (a new tree, built through key
/// paths), which took a tenth of the summary's instructions on MAGE.
extension FileSummarizer {
    /// `[Coordinator]` for `[Coordinator]()` and `[UUID:Any]` for `[UUID: Any]()`: the type of an
    /// empty collection made by its initializer, which is how many apps declare their children.
    func inferredCollectionType(_ value: ExprSyntax) -> String {
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty else { return "" }
        let callee = call.calledExpression
        guard callee.is(ArrayExprSyntax.self) || callee.is(DictionaryExprSyntax.self) else { return "" }
        return compactText(of: callee)
    }

    /// `Foo` for `Foo`, `Foo<Bar>`, `Module.Foo`, `Foo?`, `any Foo`; the type's text for others
    /// (`[Foo]`, `(Foo) -> Void`).
    func baseName(of type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let optional = type.as(OptionalTypeSyntax.self) { return baseName(of: optional.wrappedType) }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return baseName(of: optional.wrappedType) }
        if let some = type.as(SomeOrAnyTypeSyntax.self) { return baseName(of: some.constraint) }
        if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(of: attributed.baseType) }
        // `BaseCoordinator & PrivacyProviding`: the class or protocol written first.
        if let composition = type.as(CompositionTypeSyntax.self), let first = composition.elements.first {
            return baseName(of: first.type)
        }
        return trimmedText(of: type)
    }

    /// The type a function returns: `Self` stands for the type its own `where Self == …` names
    /// (`static func pushFlow(…) -> Self where Self == PushFlow`, the factory a protocol's extension
    /// gives for `.pushFlow(…)`).
    func resultType(_ type: TypeSyntax, of function: FunctionDeclSyntax) -> String {
        let name = baseName(of: type)
        guard name == "Self", let clause = function.genericWhereClause else { return name }
        for element in clause.requirements {
            guard case .sameTypeRequirement(let requirement) = element.requirement,
                case .type(let left) = requirement.leftType, baseName(of: left) == "Self",
                case .type(let right) = requirement.rightType
            else { continue }
            return baseName(of: right)
        }
        return name
    }

    /// The offset in the file of the node's first byte after its leading trivia.
    func offset(of node: some SyntaxProtocol) -> Int {
        fileOffset(node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// The offset in the file of an offset in the tree's text.
    func fileOffset(_ treeOffset: Int) -> Int {
        guard let header else { return base + treeOffset }
        return treeOffset < header.count ? header.lowerBound + treeOffset : base + treeOffset - header.count
    }

    /// The line and column of the node's first byte after its leading trivia.
    func location(_ node: some SyntaxProtocol) -> (line: Int, column: Int) {
        lines.location(of: offset(of: node))
    }

    /// The node's text without its leading and trailing trivia, as `trimmedDescription` gives it.
    func trimmedText(of node: some SyntaxProtocol) -> String {
        guard let range = byteRange(of: node) else { return "" }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// Where the node's text lies in the file's bytes, without its leading and trailing trivia;
    /// nil when it is empty.
    private func byteRange(of node: some SyntaxProtocol) -> Range<Int>? {
        let start = offset(of: node)
        let end = min(fileOffset(node.endPositionBeforeTrailingTrivia.utf8Offset), bytes.count)
        return start < end ? start..<end : nil
    }

    /// The first `characters` characters of the node's text without its outer trivia, as
    /// `String(node.trimmedDescription.prefix(characters))` gives, without making the whole
    /// text of a long closure: a slice of the file's bytes, taken longer until it holds enough.
    func prefixOfText(_ node: some SyntaxProtocol, characters: Int) -> String {
        guard let range = byteRange(of: node) else { return "" }
        let (start, end) = (range.lowerBound, range.upperBound)
        var length = min(end - start, characters * 4)
        while true {
            let text = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
            // A slice cut inside a character changes at most its last two characters; with more
            // than `characters + 1`, the first `characters` are those of the whole text.
            if start + length == end || text.count > characters + 1 { return String(text.prefix(characters)) }
            length = min(end - start, length * 2)
        }
    }

    /// The node's text without whitespace (`[String:Coordinator]?`), as
    /// `trimmedDescription.filter { !$0.isWhitespace }` gives.
    func compactText(of node: some SyntaxProtocol) -> String {
        guard let range = byteRange(of: node) else { return "" }
        let slice = bytes[range]
        guard slice.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: slice, as: UTF8.self).filter { !$0.isWhitespace }
        }
        // ASCII's whitespace: tab, line feed, vertical tab, form feed, carriage return, space.
        return String(decoding: slice.filter { !((0x09...0x0D).contains($0) || $0 == 0x20) }, as: UTF8.self)
    }
}
