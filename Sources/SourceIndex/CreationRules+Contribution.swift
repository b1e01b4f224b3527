/// What each type adds to the creation rules, worked out from its own declaration: an index after
/// a change works it out again only for the types declared or extended in the files that changed.
extension CreationRules {
    /// The sets, besides the coordinator classes, that contributions are worked out from.
    struct Basis: Equatable, Sendable {
        let family: Set<String>
        let carriers: Set<String>
    }

    /// One type's part of the rules.
    struct Contribution: Sendable {
        /// For a protocol, the requirements whose result is no coordinator, nor of the family.
        var plainRequirements: Set<String>?
        /// Its factories, by name, and the classes each makes.
        var factories: [String: [String]] = [:]
        /// The argument labels of its factories and static functions, by name.
        var labels: [String: [[String?]]] = [:]
        /// Functions whose calls of the type's other factories say what they make (static helpers,
        /// functions returning a carrier): followed once every type's factories are known.
        var followed: [(function: FunctionFacts, carries: Bool)] = []
        /// Its functions that make a coordinator and add it to a parent they hold or are given.
        var helpers: [String: [String]] = [:]
    }

    static func contribution(
        of facts: TypeFacts, _ coordinators: Set<String>, _ family: Set<String>, _ carriers: Set<String>
    ) -> Contribution {
        var contribution = Contribution()
        if facts.kind == .protocol { contribution.plainRequirements = plainRequirements(of: facts, family, carriers) }
        // Computed properties are rare: most types add nothing to their functions here.
        let getters = facts.properties.contains(where: \.isComputed) ? facts.properties.compactMap(getter) : []
        for function in getters.isEmpty ? facts.functions : facts.functions + getters {
            let carries = carriers.contains(function.returnType ?? "")
            let made = madeClasses(function, facts, coordinators, family, carries: carries)
            if !made.isEmpty { contribution.factories[function.name] = made }
            if !made.isEmpty || carries || function.isStatic {
                contribution.labels[function.name, default: []].append(function.parameters.map(\.label))
            }
            if carries || (made.isEmpty && function.isStatic) { contribution.followed.append((function, carries)) }
        }
        contribution.helpers = helperFunctions(of: facts, coordinators: coordinators, family: family)
        return contribution
    }
}
