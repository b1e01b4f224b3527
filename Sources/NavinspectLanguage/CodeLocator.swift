import SwiftParser
import SwiftSyntax

/// What a position in a Swift buffer points at, as far as coordinators are concerned.
public enum CodeSymbol: Equatable, Sendable {
    /// A type name, such as a coordinator class in its declaration or where it is used.
    case typeName(String, span: Range<Int>)
    /// An implicit member such as `.home`, perhaps a `CoordinatorType` case; `findCall` is the
    /// start offset of the `findCoordinator(type:)` call it is the argument of, if it is one.
    case caseName(String, span: Range<Int>, findCall: Int?)
}

/// Finds the symbol under a position by parsing the buffer: the buffer may be ahead of the index.
public enum CodeLocator {
    /// The symbol at a UTF-8 offset of `text`, and the class or extension the offset sits in.
    public static func symbol(at offset: Int, in text: String) -> (symbol: CodeSymbol, enclosingType: String?)? {
        let tree = Parser.parse(source: text)
        guard var token = tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
        // At the end of a name (the cursor right after it), take the name.
        if !isName(token), offset == token.positionAfterSkippingLeadingTrivia.utf8Offset,
            let previous = token.previousToken(viewMode: .sourceAccurate), isName(previous),
            previous.endPositionBeforeTrailingTrivia.utf8Offset == offset
        {
            token = previous
        }
        guard isName(token) else { return nil }
        let span = token.positionAfterSkippingLeadingTrivia.utf8Offset..<token.endPositionBeforeTrailingTrivia.utf8Offset
        let enclosing = enclosingType(of: Syntax(token))
        if let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.id == token.id
        {
            return (.caseName(token.text, span: span, findCall: findCall(around: Syntax(member))), enclosing)
        }
        return (.typeName(token.text, span: span), enclosing)
    }

    private static func isName(_ token: TokenSyntax) -> Bool {
        if case .identifier = token.tokenKind { return true }
        return false
    }

    /// The start of `findCoordinator(type: <node>)` when `node` is that argument.
    private static func findCall(around node: Syntax) -> Int? {
        guard let argument = node.parent?.as(LabeledExprSyntax.self), argument.label?.text == "type",
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return nil }
        let callee = call.calledExpression
        let name =
            callee.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        return name == "findCoordinator" ? call.positionAfterSkippingLeadingTrivia.utf8Offset : nil
    }

    private static func enclosingType(of node: Syntax) -> String? {
        var current = node.parent
        while let syntax = current {
            if let declaration = syntax.as(ClassDeclSyntax.self) { return declaration.name.text }
            if let declaration = syntax.as(StructDeclSyntax.self) { return declaration.name.text }
            if let declaration = syntax.as(ExtensionDeclSyntax.self) { return declaration.extendedType.trimmedDescription }
            current = syntax.parent
        }
        return nil
    }
}
