/// One type's part in the tree: its type case, the coordinators it creates, and the order it creates them in.
struct ClassAnalysis: Sendable {
    let facts: TypeFacts
    var typeCase: String?
    private(set) var sites: [CreationSite] = []
    private(set) var calls: [OwnCall] = []
    let startMethod: String
    /// The creation sites in the order they happen: those reached from the start method first, in
    /// the order it runs them (helpers it calls inlined where they are called), then the others.
    private(set) var orderedSites: [(site: CreationSite, onLaunch: Bool)] = []

    /// - Parameter launcher: the type is no coordinator (an app delegate, a module of factories):
    ///   a factory of its own that it never calls itself makes its coordinator where others call it.
    init(_ facts: TypeFacts, convention: Convention, rules: CreationRules, launcher: Bool = false) {
        self.facts = facts
        self.startMethod = convention.startMethod
        let ownMethods = Set(facts.functions.map(\.name)).subtracting(["init"])
        let lazyNames = facts.properties.filter(\.isLazy).map(\.name)
        var providers: [String: String] = [:]
        for property in facts.properties {
            if let provided = rules.providedClass(property) { providers[property.name] = provided }
        }
        // A call of the class's own method, told from an inherited namesake by its labels.
        func callsOwn(_ call: CallFacts) -> Bool {
            ownMethods.contains(call.name)
                && facts.functions.contains {
                    $0.name == call.name && CreationRules.fits(call, labels: $0.parameters.map(\.label))
                }
        }
        func read(_ calls: [CallFacts], method: String, file: String) {
            for call in calls {
                var made = rules.createdClasses(by: call, in: facts, providers: providers)
                if made.isEmpty, call.base == nil || call.base == "self", !callsOwn(call) {
                    made = rules.inheritedCreations(of: facts.name, calling: call.name)
                }
                // Which of several classes a call makes is decided when the app runs: each is a
                // child made on demand, never at launch.
                let isChoice = made.count > 1
                for child in made {
                    sites.append(
                        CreationSite(
                            method: method, file: file, childClass: child, line: call.line, column: call.column,
                            immediate: call.immediate && !isChoice, offset: call.offset,
                            length: ((call.base.map { $0 + "." } ?? "") + call.name).utf8.count, isChoice: isChoice))
                }
                if made.isEmpty, call.base == nil || call.base == "self", callsOwn(call) {
                    self.calls.append(OwnCall(caller: method, callee: call.name, immediate: call.immediate, offset: call.offset))
                }
                // A lazy property is made where it is first read: `start(fields)`, `fields.start()`.
                let receiver = call.base.map { $0.hasPrefix("self.") ? String($0.dropFirst(5)) : $0 }
                for name in lazyNames
                where receiver == name || call.arguments.contains(where: { $0.value.refers(to: name) }) {
                    self.calls.append(OwnCall(caller: method, callee: name, immediate: call.immediate, offset: call.offset))
                }
            }
        }
        // A coordinator's static function runs without an instance: it is a factory, not something
        // this one does; nor is a launcher's factory only others call (`module.makeTabCoordinator()`
        // of an app's module of factories): its callers make what it makes. A launcher's static
        // function that hands out no coordinator makes its own (`static func showReports() -> Action
        // { .execute { ReportsCoordinator(…).start() } }`, a screen's action that shows a flow).
        var leftToCallers: Set<String> = []
        if launcher {
            // Most launchers declare no factory: their calls are not gathered.
            leftToCallers = Set(
                facts.functions.lazy.filter { function in
                    rules.isFactory(function.name, of: facts.name)
                        && (!function.isStatic || rules.handsOut(function, of: facts.name))
                }.map(\.name))
            if !leftToCallers.isEmpty {
                leftToCallers.subtract(
                    facts.functions.lazy.flatMap(\.calls).filter { $0.base == nil || $0.base == "self" }.map(\.name))
            }
        }
        for function in facts.functions where (launcher || !function.isStatic) && !leftToCallers.contains(function.name) {
            read(function.calls + function.bindings.compactMap(Self.propertyRead), method: function.name, file: function.file)
        }
        // A requirement of a protocol the class conforms to, implemented in the protocol's extension,
        // is a method of the class that others call (a view model given it as its navigator).
        // In name order: sites are ordered by place, and these share one per method.
        for (name, method) in (rules.inherited[facts.name] ?? [:]).sorted(by: { $0.key < $1.key })
        where method.isRequirement && !ownMethods.contains(name) {
            for child in method.made where child != facts.name {
                sites.append(
                    CreationSite(
                        method: name, file: method.file, childClass: child, line: method.line, column: 1, immediate: false,
                        offset: method.offset, length: name.utf8.count))
            }
        }
        // Stored property initializers run when the object is made, as the initializer does, and a
        // lazy one when it is first read. A provider closure creates when it is called, which the
        // calls to it say.
        for property in facts.properties where providers[property.name] == nil {
            // `private lazy var home = builder.home`: a builder's property read where it is stored.
            let stored = BindingFacts(
                name: property.name, value: property.value ?? .other, offset: property.nameOffset, line: property.line)
            let reads = property.isComputed ? [] : Self.propertyRead(stored).map { [$0] } ?? []
            read(property.calls + reads, method: property.isLazy ? property.name : "init", file: facts.file)
        }
        typeCase = Self.typeCase(of: facts, property: convention.typeProperty)
        orderedSites = ordered()
    }

    /// `let home = builder.home` as the call it may be: a computed property that makes a coordinator.
    private static func propertyRead(_ binding: BindingFacts) -> CallFacts? {
        guard case .reference(let path) = binding.value, let dot = path.lastIndex(of: ".") else { return nil }
        return CallFacts(
            base: String(path[..<dot]), name: String(path[path.index(after: dot)...]), arguments: [], line: binding.line,
            column: 1, offset: binding.offset, immediate: binding.immediate, conditions: binding.conditions,
            closure: binding.closure)
    }

    /// The case named by `var type: CoordinatorType = .home`, `{ .home }`, or `self.type = .home` in an initializer.
    static func typeCase(of facts: TypeFacts, property: String) -> String? {
        if case .caseName(let name) = facts.properties.first(where: { $0.name == property })?.value { return name }
        for function in facts.functions where function.name == "init" {
            for assignment in function.assignments where assignment.target == property || assignment.target == "self.\(property)"
            {
                if case .caseName(let name) = assignment.value { return name }
            }
        }
        return nil
    }

    private func ordered() -> [(site: CreationSite, onLaunch: Bool)] {
        var ordered: [(CreationSite, Bool)] = []
        var taken = Set<Int>()
        var expanded: Set<String> = []
        func run(_ method: String) {
            guard expanded.insert(method).inserted else { return }
            let events: [(offset: Int, site: Int?, call: OwnCall?)] =
                sites.indices.filter { sites[$0].method == method && sites[$0].immediate }.map { (sites[$0].offset, $0, nil) }
                + calls.filter { $0.caller == method && $0.immediate }.map { ($0.offset, nil, $0) }
            for event in events.sorted(by: { $0.offset < $1.offset }) {
                if let site = event.site, taken.insert(site).inserted {
                    ordered.append((sites[site], true))
                } else if let call = event.call {
                    run(call.callee)
                }
            }
        }
        run("init")
        run(startMethod)
        let rest = sites.indices.sorted { (sites[$0].file, sites[$0].offset, $0) < (sites[$1].file, sites[$1].offset, $1) }
        for site in rest where taken.insert(site).inserted {
            ordered.append((sites[site], false))
        }
        return ordered
    }
}
