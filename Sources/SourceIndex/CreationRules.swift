/// Which calls create a coordinator: its initializer, and the factories and provider closures
/// that return one.
struct CreationRules: Equatable {
    let coordinators: Set<String>
    /// The sets besides the coordinators that each type's contribution was worked out from.
    private let basis: Basis
    /// What each type adds, kept for the next index (not part of equality: it follows from the rest).
    private var contributions: [String: Contribution] = [:]
    /// For each type, its factories and the classes each makes: one, or for a function that
    /// returns a carrier (an enum with a case holding a coordinator), each it may hand out.
    private var factoriesByType: [String: [String: [String]]] = [:]
    /// Factory names that mean the same classes wherever they are called.
    private var factoriesByName: [String: [String]] = [:]

    /// - Parameters:
    ///   - last: the rules of the same app before some files changed, whose types' contributions
    ///     are kept for the types not `changed`, when made from the same sets.
    ///   - changed: the types declared or extended in the files that changed, came or went, before
    ///     and after; nil when not known (every type's part is worked out again).
    init(
        types: [String: TypeFacts], coordinators: Set<String>, family: Set<String>, carriers: Set<String> = [],
        last: CreationRules? = nil, changed: Set<String>? = nil
    ) {
        let basis = Basis(family: family, carriers: carriers)
        let kept = last.flatMap { $0.coordinators == coordinators && $0.basis == basis ? $0.contributions : nil }
        if kept != nil, let last, let changed,
            let carried = Self.carried(from: last, types: types, changed: changed, coordinators, family, carriers)
        {
            self = carried
            return
        }
        self.coordinators = coordinators
        self.basis = basis
        func unchanged(_ name: String) -> Bool { changed?.contains(name) == false }
        var followed: [(owner: String, function: FunctionFacts, carries: Bool)] = []
        var helpers: [String: [String: [String]]] = [:]
        // Keys only: a type's facts are copied out of the dictionary only when worked out again,
        // on every core (a type's contribution depends on its facts alone); then taken in the
        // dictionary's order, as one core would.
        let names = Array(types.keys)
        var worked: [Contribution?] = names.map { name in kept.flatMap { unchanged(name) ? $0[name] : nil } }
        let pending = worked.indices.filter { worked[$0] == nil }
        let fresh = concurrentMap(pending) { [coordinators] index in
            Self.contribution(of: types[names[index]]!, coordinators, family, carriers)
        }
        for (index, contribution) in zip(pending, fresh) { worked[index] = contribution }
        for (name, contribution) in zip(names, worked) {
            guard let contribution else { continue }
            contributions[name] = contribution
            if let plain = contribution.plainRequirements { plainRequirements[name] = plain }
            if !contribution.factories.isEmpty { factoriesByType[name] = contribution.factories }
            if !contribution.labels.isEmpty { factoryLabels[name] = contribution.labels }
            if !contribution.helpers.isEmpty { helpers[name] = contribution.helpers }
            followed += contribution.followed.map { (name, $0.function, $0.carries) }
        }
        // Helper objects given a parent to add to, and static helpers that create them.
        for (owner, made) in Self.helperFactories(types: types, helpers: helpers) {
            factoriesByType[owner, default: [:]].merge(made) { known, _ in known }
        }
        // A function that calls another factory of its own type makes what that one makes: a
        // static helper (`present` calling `confirmationCoordinator`) when that is one class, a
        // function returning a carrier (`destination(for:)` calling `pierDestination()`) whatever
        // its calls make. A few passes follow chains.
        for _ in 0..<3 {
            var grew = false
            for (owner, function, carries) in followed {
                let known = factoriesByType[owner]?[function.name] ?? []
                var made: [String] = []
                for call in function.calls {
                    let own = call.base == nil || call.base == "Self" || call.base == owner
                    let classes =
                        if carries, call.base == nil, coordinators.contains(call.name) {
                            [call.name]
                        } else if own {
                            factoriesByType[owner]?[call.name] ?? []
                        } else {
                            [String]()
                        }
                    for name in classes where !made.contains(name) { made.append(name) }
                }
                guard carries ? made.count > known.count : (known.isEmpty && made.count == 1) else { continue }
                factoriesByType[owner, default: [:]][function.name] = made
                grew = true
            }
            if !grew { break }
        }
        var byName: [String: Set<String>] = [:]
        var declarers: [String: [[String]]] = [:]
        for factories in factoriesByType.values {
            // A helper object's initializer is called by its type's name, never by `init` alone.
            for (name, made) in factories where name != "init" {
                byName[name, default: []].formUnion(made)
                declarers[name, default: []].append(made)
            }
        }
        // A name means the same classes wherever it is called when one type declares it, or when
        // all who declare it make one and the same class.
        factoriesByName = declarers.compactMapValues { lists in
            lists.count == 1 ? lists[0] : Set(lists.joined()).count == 1 ? [lists[0][0]] : nil
        }
        knownTypes = Set(types.keys)
        protocols = Set(types.values.lazy.filter { $0.kind == .protocol }.map(\.name))
        // `typealias Module = AuthModule & TabModule`: a value of it is one of the protocols'.
        for facts in types.values {
            if let members = Self.composition(of: facts, protocols: protocols) { compositions[facts.name] = members }
        }
        creatingNames = coordinators.union(byName.keys).union(["init"])
        hasHelpers = !helpers.isEmpty
        ancestors = Dictionary(uniqueKeysWithValues: coordinators.map { ($0, Convention.ancestors(of: $0, in: types)) })
        everyAncestor = Set(ancestors.values.joined())
        inherited = Self.inheritedMethods(types: types, family: family, rules: self)
    }

    /// What each coordinator class descends from (``Convention/ancestors(of:in:)``), and all of
    /// them together: the inherited methods are worked out from them.
    private var ancestors: [String: Set<String>] = [:]
    private var everyAncestor: Set<String> = []
    /// Whether some type makes and adds coordinators through a helper object (``helperFactories(types:helpers:)``).
    private var hasHelpers = false
    /// True when these rules are the last ones, with only the changed types' parts worked out
    /// again, which are what they were (not part of equality).
    private(set) var isCarried = false

    /// The last rules with the changed types' parts worked out again, when each is what it was and
    /// nothing the rest of the rules was worked out from moved; nil otherwise, and the rules are
    /// worked out from the parts. Every set the rules hold follows from the parts, the kinds of
    /// the types and what the coordinators descend from, so when none of them changed, neither did
    /// any set. Nothing moved when each changed type:
    /// - is declared before and after (no type came or went: the types known are the same);
    /// - adds the same factories, labels, helpers and plain requirements, and follows the same
    ///   functions through the same calls (what those make depends on its own factories alone);
    /// - is a protocol before and after or neither, and composes the same protocols (a typealias);
    /// - has no static function a helper object could be made in, when helpers exist, nor a
    ///   factory found through one (or through a function it follows) before;
    /// - is no ancestor of a coordinator class, and when it is a coordinator class, descends from
    ///   what it did (the inherited methods are then the same).
    private static func carried(
        from last: CreationRules, types: [String: TypeFacts], changed: Set<String>, _ coordinators: Set<String>,
        _ family: Set<String>, _ carriers: Set<String>
    ) -> CreationRules? {
        var rules = last
        for name in changed {
            guard let facts = types[name], let before = last.contributions[name] else { return nil }
            let now = contribution(of: facts, coordinators, family, carriers)
            guard now.factories == before.factories, now.labels == before.labels, now.helpers == before.helpers,
                now.plainRequirements == before.plainRequirements, followSame(now.followed, before.followed),
                (facts.kind == .protocol) == last.protocols.contains(name),
                composition(of: facts, protocols: last.protocols) == last.compositions[name],
                !last.hasHelpers
                    || last.factoriesByType[name] ?? [:] == now.factories
                        && !facts.functions.contains(where: { $0.isStatic && $0.hasBody }),
                !last.everyAncestor.contains(name),
                !coordinators.contains(name) || Convention.ancestors(of: name, in: types) == last.ancestors[name]
            else { return nil }
            rules.contributions[name] = now
        }
        rules.isCarried = true
        return rules
    }

    /// Whether two lists of followed functions make the same classes: the same functions, each
    /// followed the same way through the same calls. What a followed function makes depends on its
    /// calls and its own type's factories alone (the passes of the initializer).
    private static func followSame(
        _ now: [(function: FunctionFacts, carries: Bool)], _ before: [(function: FunctionFacts, carries: Bool)]
    ) -> Bool {
        now.count == before.count
            && zip(now, before).allSatisfy { now, before in
                now.carries == before.carries && now.function.name == before.function.name
                    && now.function.calls.count == before.function.calls.count
                    && zip(now.function.calls, before.function.calls).allSatisfy { $0.base == $1.base && $0.name == $1.name }
            }
    }

    /// The protocols a typealias composes (`typealias Module = AuthModule & TabModule`), nil for
    /// any other type or a typealias of no protocol.
    private static func composition(of facts: TypeFacts, protocols: Set<String>) -> [String]? {
        guard facts.kind == .typealias, facts.inherited.contains(where: protocols.contains) else { return nil }
        return facts.inherited.filter(protocols.contains)
    }

    /// Methods of protocols (in their extensions) and base classes that create coordinators, for
    /// each coordinator class that inherits them: a class that calls one creates what it creates
    /// (`extension Navigating { func showHelp() { … } }`).
    private static func inheritedMethods(
        types: [String: TypeFacts], family: Set<String>, rules: CreationRules
    ) -> [String: [String: InheritedMethod]] {
        var creating: [String: [String: InheritedMethod]] = [:]
        // Only the protocols and classes coordinators descend from.
        let ancestors = rules.ancestors
        // The ancestors of the protocols and classes above them, each walked once.
        var above: [String: Set<String>] = [:]
        func ancestorsOf(_ name: String) -> Set<String> {
            if let known = above[name] { return known }
            let found = Convention.ancestors(of: name, in: types)
            above[name] = found
            return found
        }
        for name in rules.everyAncestor {
            guard let facts = types[name], facts.kind == .protocol || facts.kind == .class else { continue }
            // What a protocol outside the family requires, others call: a navigator protocol a view
            // model is given, also when a protocol of the family refines it and implements it in its
            // extension (a reader coordinator is its screens' delegate). What only a protocol of the
            // family requires (a coordinator that can present an alert) is what coordinators call
            // on themselves, so only a call counts there.
            // A protocol that refines a coordinator type outside the app (an alert-presenting
            // protocol refining a library's coordinator protocol) is the coordinators' own too.
            func isCallersProtocol(_ name: String) -> Bool {
                guard !family.contains(name), types[name]?.kind == .protocol else { return false }
                return !ancestorsOf(name).contains {
                    Convention.isCoordinatorName($0) && !$0.hasSuffix("Delegate")
                }
            }
            let required =
                facts.kind == .protocol
                ? Set(
                    ([name] + ancestorsOf(name)).lazy.filter(isCallersProtocol)
                        .compactMap { types[$0] }.flatMap { $0.functions.lazy.filter { !$0.hasBody }.map(\.name) }) : []
            // What each method creates, itself or through the type's other methods it calls.
            var made: [String: [String]] = [:]
            for function in facts.functions where function.hasBody && !function.isStatic {
                for call in function.calls {
                    for name in rules.createdClasses(by: call, in: facts, providers: [:])
                    where !(made[function.name] ?? []).contains(name) {
                        made[function.name, default: []].append(name)
                    }
                }
            }
            for _ in 0..<2 {
                for function in facts.functions where function.hasBody && !function.isStatic {
                    for call in function.calls where call.base == nil || call.base == "self" {
                        for name in made[call.name] ?? [] where !(made[function.name] ?? []).contains(name) {
                            made[function.name, default: []].append(name)
                        }
                    }
                }
            }
            // The type's own methods its methods call: helpers, not what others call. Worked out
            // only for a type with a method that creates, which few are.
            var calledWithin: Set<String>?
            for function in facts.functions where function.hasBody && !function.isStatic {
                guard let made = made[function.name], !made.isEmpty else { continue }
                if calledWithin == nil {
                    calledWithin = Set(
                        facts.functions.lazy.flatMap { $0.calls.lazy.filter { $0.base == nil || $0.base == "self" }.map(\.name) })
                }
                creating[facts.name, default: [:]][function.name] = InheritedMethod(
                    made: made,
                    isRequirement: required.contains(function.name),
                    file: function.file,
                    line: function.line, offset: function.nameOffset, constraints: function.constraints,
                    isHelper: calledWithin?.contains(function.name) == true,
                    // `extension Coordinator where Self: AccountEditing`: the default a behavior
                    // protocol (a callers' protocol) gives its adopters. Constrained to a coordinator
                    // type alone (`extension AlertShowing where Self: Coordinator`), it is not one.
                    isAdoptersDefault: !function.constraints.isEmpty
                        && ([facts.name] + function.constraints).contains(where: isCallersProtocol))
            }
        }
        var inherited: [String: [String: InheritedMethod]] = [:]
        guard !creating.isEmpty else { return inherited }
        for (name, ancestors) in ancestors {
            var helpers: [String: InheritedMethod] = [:]
            for ancestor in ancestors.sorted() {
                for (function, method) in creating[ancestor] ?? [:] where helpers[function] == nil {
                    // A method of an extension constrained to conformers (`extension Coordinator where
                    // Self: EditingBehavior`) is the class's only when it conforms. The default a
                    // behavior protocol gives its adopters is what others call on them, unless it is
                    // a helper the extension's other methods call.
                    guard method.constraints.allSatisfy(ancestors.contains) else { continue }
                    var method = method
                    if method.isAdoptersDefault && !method.isHelper { method.isRequirement = true }
                    helpers[function] = method
                }
            }
            if !helpers.isEmpty { inherited[name] = helpers }
        }
        return inherited
    }

    static func == (a: CreationRules, b: CreationRules) -> Bool {
        a.coordinators == b.coordinators && a.factoriesByType == b.factoriesByType && a.factoriesByName == b.factoriesByName
            && a.inherited == b.inherited && a.factoryLabels == b.factoryLabels && a.plainRequirements == b.plainRequirements
            && a.creatingNames == b.creatingNames && a.knownTypes == b.knownTypes && a.protocols == b.protocols
            && a.compositions == b.compositions
    }

    /// A method a class inherits from a protocol's extension or a base class, that creates coordinators.
    struct InheritedMethod: Equatable {
        var made: [String]
        /// A protocol requirement given a body in an extension: others may call it on the class.
        var isRequirement: Bool
        var file: String
        var line: Int
        var offset: Int
        /// The conformances its extension's `where` clause requires of `Self`.
        var constraints: [String] = []
        /// Called by another method of the type that declares it.
        var isHelper = false
        /// Declared in an extension constrained to a callers' protocol's adopters.
        var isAdoptersDefault = false
    }

    /// For each coordinator class, the methods it inherits that create coordinators, by name.
    private(set) var inherited: [String: [String: InheritedMethod]] = [:]

    /// Whether `function` of `owner` is a factory: what it makes is made where it is called.
    func isFactory(_ function: String, of owner: String) -> Bool { factoriesByType[owner]?[function] != nil }

    /// Whether `function` hands what it makes to its caller: it returns a coordinator class, a
    /// type of the family or a carrier (`Self` of a coordinator included). A static helper that
    /// returns something else (a screen's action that shows a flow when run) makes its coordinator itself.
    func handsOut(_ function: FunctionFacts, of owner: String) -> Bool {
        guard let result = function.returnType else { return false }
        let type = result == "Self" ? owner : result
        return coordinators.contains(type) || basis.family.contains(type) || basis.carriers.contains(type)
    }

    /// The classes a method `name` that `className` inherits creates, when it is called on the instance.
    func inheritedCreations(of className: String, calling name: String) -> [String] {
        inherited[className]?[name]?.made ?? []
    }

    /// A computed property as the function its getter is (`var home: TabItemCoordinator { HomeCoordinator() }`
    /// is a factory read as `builder.home`); nil for a stored property.
    static func getter(_ property: PropertyFacts) -> FunctionFacts? {
        guard property.isComputed, !property.calls.isEmpty else { return nil }
        let type = typeName(String(property.typeText.prefix { $0 != "&" }))
        return FunctionFacts(
            name: property.name, file: "", line: property.line, returnType: type, returns: property.returns, calls: property.calls
        )
    }

    /// The argument labels of each factory, by type and name: a type may declare a factory and
    /// another function of the same base name (`authenticationCoordinator(from:)` beside a
    /// delegate's `authenticationCoordinator(_:didAuthenticate:)`).
    private var factoryLabels: [String: [String: [[String?]]]] = [:]

    /// Whether `call`'s labels fit one of the factories `name` of `type`: in order, some left out
    /// (a parameter with a default value), none the factory lacks.
    private func takes(_ call: CallFacts, asFactory name: String, of type: String) -> Bool {
        guard let signatures = factoryLabels[type]?[name] else { return true }
        return signatures.contains { Self.fits(call, labels: $0) }
    }

    /// Whether `call` may call a function with parameters labelled `labels`: its labels in
    /// order, some left out (a parameter with a default value), none the function lacks; a
    /// trailing closure is written without its label.
    static func fits(_ call: CallFacts, labels: [String?]) -> Bool {
        var remaining = labels[...]
        for argument in call.arguments {
            if case .closure = argument.value { continue }
            guard let found = remaining.firstIndex(of: argument.label) else { return false }
            remaining = remaining[(found + 1)...]
        }
        return true
    }

    /// For each protocol, the requirements whose result is no coordinator, nor of the family.
    private var plainRequirements: [String: Set<String>] = [:]

    static func plainRequirements(of facts: TypeFacts, _ family: Set<String>, _ carriers: Set<String>) -> Set<String> {
        var plain: Set<String> = []
        var making: Set<String> = []
        for function in facts.functions where !function.hasBody {
            let result = function.returnType ?? ""
            if family.contains(result) || carriers.contains(result) || Convention.hasRoleName(result) {
                making.insert(function.name)
            } else {
                plain.insert(function.name)
            }
        }
        return plain.subtracting(making)
    }

    /// Every call name that can create a coordinator: the classes, `init`, and the factories.
    private(set) var creatingNames: Set<String> = []
    /// The types the app declares (in the files read).
    private var knownTypes: Set<String> = []
    /// The protocols among them.
    private var protocols: Set<String> = []
    /// The typealiases that compose protocols, with those protocols.
    private var compositions: [String: [String]] = [:]

    /// The classes a factory makes: the coordinator class it returns (`Self` of one included),
    /// else, when it returns a protocol of the family or is a static helper, the one class its
    /// body creates, or when it returns a carrier, every class its body creates.
    static func madeClasses(
        _ function: FunctionFacts, _ owner: TypeFacts, _ coordinators: Set<String>, _ family: Set<String>, carries: Bool
    ) -> [String] {
        let result = function.returnType ?? ""
        if coordinators.contains(result) { return [result] }
        if result == "Self", coordinators.contains(owner.name) { return [owner.name] }
        guard family.contains(result) || function.isStatic || carries else { return [] }
        var made: [String] = []
        for call in function.calls where call.base == nil && coordinators.contains(call.name) && !made.contains(call.name) {
            made.append(call.name)
        }
        if carries || made.count == 1 { return made }
        // `return isRestoring ? … : StartCoordinator(…)`, one `return` per branch: each returned
        // class may be what the caller gets, a choice made when the app runs.
        var returned: [String] = []
        for value in function.returns.map(\.value) {
            guard case .call(nil, let name, _, _) = value, coordinators.contains(name) else { continue }
            if !returned.contains(name) { returned.append(name) }
        }
        return returned.count > 1 ? returned : []
    }

    /// The coordinator classes `call`, made in a method of `owner`, creates: none, one, or
    /// several when it calls a function that returns a carrier and which it hands out depends
    /// on the arguments.
    func createdClasses(by call: CallFacts, in owner: TypeFacts, providers: [String: String]) -> [String] {
        let base = call.base
        if base == nil || base == "Self" || base.map(Self.isTypeName) == true, coordinators.contains(call.name) {
            return [call.name]
        }
        if call.name == "init", let base, coordinators.contains(base) { return [base] }
        if base == nil || base == "self", let provided = providers[call.name] { return [provided] }
        // `Bridge(parent: self)`: a helper object whose initializer adds what it makes to the parent.
        if base == nil, let made = factoriesByType[call.name]?["init"] { return made }
        guard let base, base != "self" else { return [] }
        // `factory.makeHome()`: the factory's type, when `factory` is a property whose type is known.
        let receiver = base.hasPrefix("self.") ? String(base.dropFirst(5)) : base
        if let property = owner.properties.first(where: { $0.name == receiver }), let type = Self.declaredType(of: property) {
            if let made = factoriesByType[type]?[call.name], takes(call, asFactory: call.name, of: type) { return made }
            // A type the scan did not parse names no coordinator, so it makes none; nor does a
            // class or struct of the app without such a factory. A protocol's implementation may,
            // unless the protocol requires the method with another result (a delegate's
            // `authenticationCoordinator(_:didAuthenticate:)`, named as a factory elsewhere).
            if let members = compositions[type] {
                // A composition's value is of each protocol: one requiring the method with another result rules it out.
                if members.contains(where: { plainRequirements[$0]?.contains(call.name) == true }) { return [] }
            } else if !protocols.contains(type) || plainRequirements[type]?.contains(call.name) == true {
                return []
            }
        }
        if let made = factoriesByType[receiver]?[call.name], takes(call, asFactory: call.name, of: receiver) { return made }
        // A call on a type the app declares is that type's function: no other type's factory.
        if knownTypes.contains(receiver) { return [] }
        return factoriesByName[call.name] ?? []
    }

    /// The coordinator class a stored closure such as `let makeSettings: () -> SettingsCoordinator` returns.
    func providedClass(_ property: PropertyFacts) -> String? {
        // What follows the last `->`; most properties have none, and are done with in one pass.
        let text = property.typeText.utf8
        var arrow: String.UTF8View.Index?
        var previous: UInt8 = 0
        for index in text.indices {
            let byte = text[index]
            if previous == UInt8(ascii: "-") && byte == UInt8(ascii: ">") { arrow = text.index(after: index) }
            previous = byte
        }
        guard let arrow else { return nil }
        let name = String(Substring(property.typeText.utf8[arrow...])).filter { !"()?!".contains($0) }
        return coordinators.contains(name) ? name : nil
    }

    private static func isTypeName(_ text: String) -> Bool {
        text.first?.isUppercase == true && !text.contains(".")
    }

    /// The type a property is declared with, or made by: `let screens: ScreenBuilder`, `let screens = ScreenBuilder()`.
    private static func declaredType(of property: PropertyFacts) -> String? {
        if !property.typeText.isEmpty { return typeName(property.typeText) }
        if case .call(nil, let name, _, _) = property.value, isTypeName(name) { return name }
        return nil
    }

    /// `HomeFactory` for `HomeFactory`, `HomeFactory?`, `any HomeFactory`.
    private static func typeName(_ text: String) -> String {
        // Type texts are written without spaces: `anyHomeFactory` for `any HomeFactory`.
        var name = Substring(text)
        for prefix in ["any", "some"] where name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true {
            name = name.dropFirst(prefix.count)
        }
        while name.hasSuffix("?") || name.hasSuffix("!") { name = name.dropLast() }
        return String(name)
    }
}
