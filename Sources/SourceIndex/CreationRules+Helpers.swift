/// Helper objects that create a coordinator for a parent they are given: a promise bridge whose
/// initializer makes `SignCoordinator`, calls `parent.addCoordinator(new)` and starts it, often
/// reached through a static helper on the coordinator's own type (`SignCoordinator.promise(…, coordinator: self)`).
///
/// Both the helper's own functions (`init`, `promise(…)`) and the static functions that make such a
/// helper and call it are factories of the class it makes: a call to one creates that class where it is.
extension CreationRules {
    /// The functions of one type (a class or struct, not a coordinator) that make a coordinator
    /// and add it to a coordinator they hold or are given: the class each makes, by name.
    static func helperFunctions(
        of facts: TypeFacts, coordinators: Set<String>, family: Set<String>
    ) -> [String: [String]] {
        guard (facts.kind == .class || facts.kind == .struct) && !coordinators.contains(facts.name) else { return [:] }
        var helpers: [String: [String]] = [:]
        // Coordinators it holds or is handed: the parents it may add to.
        let held = facts.properties.filter { isCoordinatorType($0.typeText, coordinators, family) }.map(\.name)
        for function in facts.functions where function.hasBody && !function.isStatic {
            let given = function.parameters.filter { isCoordinatorType($0.type, coordinators, family) }.map(\.name)
            let parents = Set(given + held + held.map { "self." + $0 })
            guard !parents.isEmpty else { continue }
            var made: [String] = []
            for binding in function.bindings {
                guard case .call(nil, let name, _, _) = binding.value, coordinators.contains(name) else { continue }
                let added = function.calls.contains { call in
                    guard let base = call.base, parents.contains(base) else { return false }
                    return call.name.lowercased().contains("add")
                        && call.arguments.contains { $0.value.refers(to: binding.name) }
                }
                if added, !made.contains(name) { made.append(name) }
            }
            if made.count == 1 { helpers[function.name] = made }
        }
        return helpers
    }

    /// The helper objects' functions (from ``helperFunctions(of:coordinators:family:)``, by type),
    /// and the static functions of any type that create such a helper and call it.
    static func helperFactories(types: [String: TypeFacts], helpers: [String: [String: [String]]]) -> [String: [String: [String]]]
    {
        guard !helpers.isEmpty else { return [:] }
        // Static functions that create a helper (`Bridge(…)`, `Bridge(…).promise`) or create one and
        // call it (`let bridge = Bridge(…); return bridge.promise(…)`) make what it makes.
        var factories = helpers
        for facts in types.values {
            for function in facts.functions where function.isStatic && function.hasBody {
                var made: [String] = []
                var bridges: [String: String] = [:]
                for binding in function.bindings {
                    if case .call(nil, let name, _, _) = binding.value, helpers[name] != nil { bridges[binding.name] = name }
                }
                for call in function.calls {
                    let classes =
                        if call.base == nil { helpers[call.name]?["init"] ?? [] } else {
                            call.base.flatMap { bridges[$0] }.flatMap { helpers[$0]?[call.name] } ?? []
                        }
                    for name in classes where !made.contains(name) { made.append(name) }
                }
                if made.count == 1, factories[facts.name]?[function.name] == nil {
                    factories[facts.name, default: [:]][function.name] = made
                }
            }
        }
        return factories
    }

    /// `Coordinator`, `Coordinator?`, `any Coordinator`, a coordinator class: a type a parent can be.
    private static func isCoordinatorType(_ text: String, _ coordinators: Set<String>, _ family: Set<String>) -> Bool {
        var name = Substring(text)
        for prefix in ["any", "some"] where name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true {
            name = name.dropFirst(prefix.count)
        }
        while name.hasSuffix("?") || name.hasSuffix("!") { name = name.dropLast() }
        return family.contains(String(name)) || coordinators.contains(String(name))
    }
}
