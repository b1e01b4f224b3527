import SwiftSyntax

/// Creations written without a call of the class's name: an injecting property wrapper's
/// declaration, and `.init(…)` into a stored property typed with the class.
extension FileSummarizer {
    /// `@Injected var flow: SignInFlow`: a dependency container's property wrapper, which makes an
    /// instance of the declared class where the declaration runs (a local) or when its object is
    /// made (a stored property), as `SignInFlow()` would there. Read as that value and that call.
    /// The wrapper is known by its name (`Inject`, `Injected`, `LazyInjected`, …): it is often the
    /// app's own, declared in a file this one does not see, or a library's. An optional or generic
    /// type is not read: a container may give nothing, or a shared instance of a protocol.
    func injectedCreation(
        _ node: VariableDeclSyntax, _ binding: PatternBindingSyntax
    ) -> (value: ValueFacts, call: CallFacts)? {
        guard binding.initializer == nil, binding.accessorBlock == nil, let type = binding.typeAnnotation?.type,
            node.attributes.contains(where: { element in
                element.as(AttributeSyntax.self).map { trimmedText(of: $0.attributeName).contains("Inject") } ?? false
            })
        else { return nil }
        let name: String
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            name = identifier.name.text
        } else if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            name = member.name.text
        } else {
            return nil
        }
        let place = location(type)
        let offset = self.offset(of: type)
        let call = CallFacts(
            base: nil, name: name, arguments: [], line: place.line, column: place.column, offset: offset,
            immediate: isImmediate, conditions: conditions, closure: innermostClosure)
        return (.call(base: nil, name: name, arguments: [], offset: offset), call)
    }

    /// `DetailCoordinator` for the written types `DetailCoordinator`, `DetailCoordinator?`,
    /// `Flows.DetailCoordinator` and `DetailCoordinator<Route>`; nil for any other (a tuple, a
    /// function, a collection, a composition).
    static func concreteType(_ typeText: String) -> String? {
        // On the bytes: the same steps on characters cost some twenty thousand instructions a type.
        var text = typeText.utf8[...]
        while let last = text.last, last == UInt8(ascii: "?") || last == UInt8(ascii: "!") { text = text.dropLast() }
        if let generic = text.firstIndex(of: UInt8(ascii: "<")) { text = text[..<generic] }
        if let dot = text.lastIndex(of: UInt8(ascii: ".")) { text = text[text.index(after: dot)...] }
        guard let first = text.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
            text.allSatisfy(WordScan.isWordByte)
        else { return nil }
        return String(Substring(text))
    }

    /// `self.detail = .init(…)` where the type declares `let detail: DetailCoordinator`: the
    /// initializer of the property's declared type, as `let detail: DetailCoordinator = .init(…)` is.
    static func typeStoredInits(of facts: inout TypeFacts) {
        for index in facts.functions.indices {
            // Few functions assign `.init(…)`: most are passed over at the first test.
            guard facts.functions[index].calls.contains(where: { $0.base == nil && $0.name == "init" }) else { continue }
            for assignment in facts.functions[index].assignments {
                guard case .call(nil, "init", _, let offset) = assignment.value else { continue }
                let name = assignment.target.hasPrefix("self.") ? String(assignment.target.dropFirst(5)) : assignment.target
                guard let property = facts.properties.first(where: { $0.name == name }),
                    let type = concreteType(property.typeText),
                    let call = facts.functions[index].calls.firstIndex(where: {
                        $0.offset == offset && $0.base == nil && $0.name == "init"
                    })
                else { continue }
                facts.functions[index].calls[call].base = type
            }
        }
    }
}
