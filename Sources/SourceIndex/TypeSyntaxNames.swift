import SwiftSyntax

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
    if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return baseName(of: optional.wrappedType) }
    if let some = type.as(SomeOrAnyTypeSyntax.self) { return baseName(of: some.constraint) }
    if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(of: attributed.baseType) }
    // `BaseCoordinator & PrivacyProviding`: the class or protocol written first.
    if let composition = type.as(CompositionTypeSyntax.self), let first = composition.elements.first {
        return baseName(of: first.type)
    }
    return type.trimmedDescription
}
