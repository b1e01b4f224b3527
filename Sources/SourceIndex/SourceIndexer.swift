import CoordinatorModel

/// What reading an app's sources produced: the tree as a draft document, and what could not be placed.
public struct SourceIndex: Sendable {
    /// The coordinator tree the root's `start()` builds, with flows as on-demand children.
    public var draft = TreeDraft(root: nil, coordinators: [])
    public var convention: Convention?
    /// Files that could not be read or parsed, classes that could not be placed, and the like.
    public var problems: [SourceProblem]
    /// The Swift files found.
    public var fileCount = 0
    /// The files parsed; the others mention nothing a coordinator is made of.
    public var parsedFileCount = 0
    /// What this index read and parsed itself; a ``SourceWorkspace`` takes the rest from its cache.
    public var work = IndexWork()
    /// The declarations and analyses the tree was built from.
    var model = CodeModel()
    /// Every coordinator class found, placed in the tree or not.
    public var coordinatorClasses: [String] = []

    init(problems: [SourceProblem]) {
        self.problems = problems
    }

    /// The validated tree, or, when the sources gave none, the problems as document issues.
    public func tree() -> Result<CoordinatorTree, InvalidDocument> {
        guard draft.root != nil else {
            let reasons = problems.isEmpty ? ["no coordinator found"] : problems.map(\.description)
            return .failure(InvalidDocument(issues: reasons.map { DocumentIssue(pointer: "", reason: $0) }))
        }
        return Result { () throws(InvalidDocument) in try CoordinatorTree(validating: draft) }
    }
}

/// Reads an app's Swift sources with SwiftSyntax and builds its coordinator tree.
///
/// The tree is made of instances, not classes: a class that two parents create, or that one
/// parent creates from two places, is a node under each, so no creation edge is lost. Node ids
/// are paths of class names from the root (`AppCoordinator/TabCoordinator/HomeCoordinator`), with
/// `@method` added where one parent creates the same class from several methods.
public enum SourceIndexer {
    /// Indexes the app under `directory` once; paths in the result are relative to it.
    /// ``SourceWorkspace`` indexes the same folder again cheaply.
    /// - Parameter progress: called as files are scanned and parsed, from any thread.
    public static func index(
        directory: String, convention override: Convention? = nil, progress: (@Sendable (IndexProgress) -> Void)? = nil
    ) -> SourceIndex {
        SourceWorkspace(directory: directory).index(convention: override, progress: progress)
    }

    /// Builds the tree from the merged declarations of the files that matter.
    /// - Parameters:
    ///   - known: the convention, when the caller has found it in these types already.
    ///   - earlier: the analysis of the same app before some files changed, whose class
    ///     analyses are kept where nothing they depend on changed.
    static func analyze(
        _ types: [String: TypeFacts], convention known: Convention? = nil, given: Convention?, problems: [SourceProblem],
        earlier: EarlierAnalysis? = nil
    ) -> SourceIndex {
        var index = SourceIndex(problems: problems)
        guard let convention = known ?? given.flatMap({ $0.completed(from: types) }) ?? Convention.detect(in: types) else {
            index.problems.append(
                SourceProblem(
                    file: "", line: 0,
                    reason:
                        "no coordinator protocol or base class found (a type declaring an array of its own kind, such as childCoordinators)"
                ))
            return index
        }
        index.convention = convention
        let family = FamilyNames(convention: convention, types: types)
        let classes = types.values.filter {
            $0.kind == .class && !convention.roots.contains($0.name) && family.members.contains($0.name)
        }
        let classNames = Set(classes.map(\.name))
        let creation = CreationRules(
            types: types, coordinators: classNames, family: family.members, carriers: family.carriers)
        // A class analysis depends on the class's declarations, the convention and the rules alone.
        let kept = earlier.flatMap { $0.model.convention == convention && $0.model.rules == creation ? $0 : nil }
        func keeps(_ name: String) -> Bool { kept.map { !$0.changedTypes.contains(name) } ?? false }
        var analyses: [String: ClassAnalysis] = [:]
        for facts in classes {
            analyses[facts.name] =
                (keeps(facts.name) ? kept?.model.analyses[facts.name] : nil)
                ?? ClassAnalysis(facts, convention: convention, rules: creation)
        }
        // Who creates coordinators outside coordinators (an app or scene delegate): the root's creator.
        var launchers: [String: ClassAnalysis] = [:]
        // A protocol is never made: its extensions create for the classes that conform to it.
        for facts in types.values
        where facts.kind != .protocol && !classNames.contains(facts.name) && !convention.roots.contains(facts.name) {
            if keeps(facts.name) {
                launchers[facts.name] = kept?.model.launchers[facts.name]
                continue
            }
            // Most types create no coordinator: skip those whose calls name none, nor any factory.
            guard
                !facts.calledNames.isDisjoint(with: creation.creatingNames)
                    || facts.properties.contains(where: { creation.providedClass($0) != nil })
            else { continue }
            let analysis = ClassAnalysis(facts, convention: convention, rules: creation)
            if !analysis.sites.isEmpty { launchers[facts.name] = analysis }
        }

        let created = Set(analyses.values.flatMap { $0.sites.map(\.childClass) })
        let subclassed = Set(classes.flatMap(\.inherited))
        var assembler = TreeAssembler(analyses: analyses, types: types)
        var navigation: [String: String] = [:]
        var tabsSetAt: [String: SiteKey] = [:]
        let root = RootChoice(analyses: analyses, launchers: launchers, excluded: subclassed).place(in: &assembler)
        if let root {
            // The containers the launch builds: stacks, tabs, the window.
            var evaluator = ContainerEvaluator(
                types: types, coordinators: assembler.coordinators, coordinatorClasses: classNames,
                startMethod: convention.startMethod, childBySite: assembler.childBySite,
                chosenChildren: assembler.chosenChildren)
            // Under a node for the app and its extensions, the app's root builds what is on screen.
            let launched = root == RootChoice.targetsID ? assembler.coordinators.first?.children.first ?? root : root
            let launchedClass = assembler.coordinators.first { $0.id == launched }?.className ?? root
            let launcher = launchers.values.sorted { $0.facts.name < $1.facts.name }.lazy.compactMap { launcher in
                launcher.sites.first { $0.childClass == launchedClass }.map { (launcher.facts, $0) }
            }.first
            evaluator.run(root: launched, launcher: launcher)
            let built = evaluator.output(coordinators: assembler.coordinators)
            index.draft.containers = built.containers
            index.draft.window = built.window
            navigation = built.navigation
            tabsSetAt = built.tabsSetAt
        }
        // A coordinator class others inherit from and nothing creates is a base class, not a lost coordinator.
        let bases = subclassed.intersection(classNames).subtracting(created)
        for name in classNames.sorted() where !assembler.placedClasses.contains(name) && !bases.contains(name) {
            let facts = types[name]!
            let reason =
                created.contains(name)
                ? "is created only by coordinators the root never reaches" : "is never created by another coordinator"
            index.problems.append(
                SourceProblem(file: facts.file, line: facts.line, reason: "\(name) \(reason); it is not in the tree"))
        }
        index.problems.append(contentsOf: assembler.problems)
        index.model = CodeModel(
            types: types, convention: convention, rules: creation, analyses: analyses, launchers: launchers,
            tabsSetAt: tabsSetAt, baseClasses: bases)
        var coordinators = assembler.coordinators
        for position in coordinators.indices { coordinators[position].navigation = navigation[coordinators[position].id] }
        index.draft = TreeDraft(
            root: root, window: index.draft.window, coordinators: coordinators, containers: index.draft.containers)
        index.coordinatorClasses = classNames.sorted()
        return index
    }
}

/// A place where a coordinator creates another one.
struct CreationSite: Sendable {
    var method: String
    var file: String
    var childClass: String
    var line: Int
    var column: Int
    /// False inside a closure that runs later (an event handler, a subscription, a callback).
    var immediate: Bool
    /// The position in the file, for ordering.
    var offset: Int
    /// The length of the callee as written (`HomeCoordinator`, `factory.makeHome`), in UTF-8 bytes.
    var length: Int
    /// True when the call may make one of several classes (a function returning a carrier
    /// enum): this site is one of them, and other sites share its place.
    var isChoice = false
}

/// A call from one of a coordinator's methods to another of its own.
struct OwnCall: Sendable {
    var caller: String
    var callee: String
    var immediate: Bool
    var offset: Int
}

/// A place in the sources: a file and a UTF-8 offset in it.
struct SiteKey: Hashable {
    var file: String
    var offset: Int
}

/// What an earlier analysis of the same app worked out, and which types changed since.
struct EarlierAnalysis {
    var model: CodeModel
    /// The types declared or extended in files that changed, came or went.
    var changedTypes: Set<String>
}

/// Which calls create a coordinator: its initializer, and the factories and provider closures
/// that return one.
struct CreationRules: Equatable {
    let coordinators: Set<String>
    /// For each type, its factories and the classes each makes: one, or for a function that
    /// returns a carrier (an enum with a case holding a coordinator), each it may hand out.
    private var factoriesByType: [String: [String: [String]]] = [:]
    /// Factory names that mean the same classes wherever they are called.
    private var factoriesByName: [String: [String]] = [:]

    init(types: [String: TypeFacts], coordinators: Set<String>, family: Set<String>, carriers: Set<String> = []) {
        self.coordinators = coordinators
        var followed: [(owner: String, function: FunctionFacts, carries: Bool)] = []
        for facts in types.values {
            for function in facts.functions + facts.properties.compactMap(Self.getter) {
                let carries = carriers.contains(function.returnType ?? "")
                let made = Self.madeClasses(function, facts, coordinators, family, carries: carries)
                if !made.isEmpty { factoriesByType[facts.name, default: [:]][function.name] = made }
                if carries || (made.isEmpty && function.isStatic) { followed.append((facts.name, function, carries)) }
            }
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
            for (name, made) in factories {
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
        creatingNames = coordinators.union(byName.keys).union(["init"])
        // Methods of protocols (in their extensions) and base classes that create coordinators:
        // a class that calls one creates what it creates (`extension Navigating { func showHelp() { … } }`).
        var creating: [String: [String: InheritedMethod]] = [:]
        // Only the protocols and classes coordinators descend from: this runs on every index again.
        let ancestors = Dictionary(uniqueKeysWithValues: coordinators.map { ($0, Convention.ancestors(of: $0, in: types)) })
        for name in Set(ancestors.values.joined()) {
            guard let facts = types[name], facts.kind == .protocol || facts.kind == .class else { continue }
            // What a protocol outside the family requires, others call: a navigator protocol a view
            // model is given. A protocol of the family (a coordinator that can present an alert) is
            // what coordinators call on themselves, so only a call counts there.
            let required = Set(facts.functions.lazy.filter { !$0.hasBody }.map(\.name))
            // What each method creates, itself or through the type's other methods it calls.
            var made: [String: [String]] = [:]
            for function in facts.functions where function.hasBody && !function.isStatic {
                for call in function.calls {
                    for name in createdClasses(by: call, in: facts, providers: [:])
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
            for function in facts.functions where function.hasBody && !function.isStatic {
                guard let made = made[function.name], !made.isEmpty else { continue }
                creating[facts.name, default: [:]][function.name] = InheritedMethod(
                    made: made,
                    isRequirement: facts.kind == .protocol && !family.contains(facts.name) && required.contains(function.name),
                    file: function.file,
                    line: function.line, offset: function.nameOffset)
            }
        }
        guard !creating.isEmpty else { return }
        for (name, ancestors) in ancestors {
            var helpers: [String: InheritedMethod] = [:]
            for ancestor in ancestors.sorted() {
                for (function, method) in creating[ancestor] ?? [:] where helpers[function] == nil { helpers[function] = method }
            }
            if !helpers.isEmpty { inherited[name] = helpers }
        }
    }

    /// A method a class inherits from a protocol's extension or a base class, that creates coordinators.
    struct InheritedMethod: Equatable {
        var made: [String]
        /// A protocol requirement given a body in an extension: others may call it on the class.
        var isRequirement: Bool
        var file: String
        var line: Int
        var offset: Int
    }

    /// For each coordinator class, the methods it inherits that create coordinators, by name.
    private(set) var inherited: [String: [String: InheritedMethod]] = [:]

    /// The classes a method `name` that `className` inherits creates, when it is called on the instance.
    func inheritedCreations(of className: String, calling name: String) -> [String] {
        inherited[className]?[name]?.made ?? []
    }

    /// A computed property as the function its getter is (`var home: TabItemCoordinator { HomeCoordinator() }`
    /// is a factory read as `builder.home`); nil for a stored property.
    private static func getter(_ property: PropertyFacts) -> FunctionFacts? {
        guard property.isComputed, !property.calls.isEmpty else { return nil }
        let type = typeName(String(property.typeText.prefix { $0 != "&" }))
        return FunctionFacts(
            name: property.name, file: "", line: property.line, returnType: type, returns: property.returns, calls: property.calls
        )
    }

    /// Every call name that can create a coordinator: the classes, `init`, and the factories.
    private(set) var creatingNames: Set<String> = []
    /// The types the app declares (in the files read).
    private var knownTypes: Set<String> = []
    /// The protocols among them.
    private var protocols: Set<String> = []

    /// The classes a factory makes: the coordinator class it returns (`Self` of one included),
    /// else, when it returns a protocol of the family or is a static helper, the one class its
    /// body creates, or when it returns a carrier, every class its body creates.
    private static func madeClasses(
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
        guard let base, base != "self" else { return [] }
        // `factory.makeHome()`: the factory's type, when `factory` is a property whose type is known.
        let receiver = base.hasPrefix("self.") ? String(base.dropFirst(5)) : base
        if let property = owner.properties.first(where: { $0.name == receiver }), let type = Self.declaredType(of: property) {
            if let made = factoriesByType[type]?[call.name] { return made }
            // A type the scan did not parse names no coordinator, so it makes none; nor does a
            // class or struct of the app without such a factory. A protocol's implementation may.
            if !protocols.contains(type) { return [] }
        }
        if let made = factoriesByType[receiver]?[call.name] { return made }
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

    init(_ facts: TypeFacts, convention: Convention, rules: CreationRules) {
        self.facts = facts
        self.startMethod = convention.startMethod
        let ownMethods = Set(facts.functions.map(\.name)).subtracting(["init"])
        let lazyNames = facts.properties.filter(\.isLazy).map(\.name)
        var providers: [String: String] = [:]
        for property in facts.properties {
            if let provided = rules.providedClass(property) { providers[property.name] = provided }
        }
        func read(_ calls: [CallFacts], method: String, file: String) {
            for call in calls {
                var made = rules.createdClasses(by: call, in: facts, providers: providers)
                if made.isEmpty, call.base == nil || call.base == "self", !ownMethods.contains(call.name) {
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
                if made.isEmpty, call.base == nil || call.base == "self", ownMethods.contains(call.name) {
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
        // A static function runs without an instance: it is a factory, not something this one does.
        for function in facts.functions where !function.isStatic {
            read(function.calls + function.bindings.compactMap(Self.propertyRead), method: function.name, file: function.file)
        }
        // A requirement of a protocol the class conforms to, implemented in the protocol's extension,
        // is a method of the class that others call (a view model given it as its navigator).
        for (name, method) in rules.inherited[facts.name] ?? [:] where method.isRequirement && !ownMethods.contains(name) {
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

/// Turns class analyses into the instance tree, from the root down.
struct TreeAssembler {
    let analyses: [String: ClassAnalysis]
    let types: [String: TypeFacts]
    private(set) var coordinators: [CoordinatorDraft] = []
    private(set) var placedClasses: Set<String> = []
    private(set) var problems: [SourceProblem] = []
    /// For each node, the node each of its creation sites made.
    private(set) var childBySite: [String: [SiteKey: String]] = [:]
    /// For each node, the nodes made by calls that choose among several classes, which no
    /// single site stands for.
    private(set) var chosenChildren: [String: [String]] = [:]

    init(analyses: [String: ClassAnalysis], types: [String: TypeFacts]) {
        self.analyses = analyses
        self.types = types
    }

    /// Adds `className` as `id`, then its children; `path` holds the classes above it.
    mutating func add(_ className: String, id: String, trigger: Trigger?, path: [String]) {
        guard let analysis = analyses[className] else { return }
        placedClasses.insert(className)
        addNode(analysis, id: id, trigger: trigger, sites: analysis.orderedSites, path: path)
    }

    /// Adds a node for an app or scene delegate that creates several root coordinators, with
    /// those it creates (of `roots`) as its children.
    mutating func addLauncher(_ analysis: ClassAnalysis, creating roots: Set<String>) {
        let sites = analysis.sites.filter { roots.contains($0.childClass) }.sorted { ($0.file, $0.offset) < ($1.file, $1.offset) }
        addNode(analysis, id: analysis.facts.name, trigger: nil, sites: sites.map { ($0, $0.immediate) }, path: [])
    }

    /// Adds a node `id` standing for an app and its extensions, with each target's root below it.
    mutating func addTargets(id: String, roots: [CreationSite]) {
        let index = coordinators.count
        coordinators.append(CoordinatorDraft(id: id, className: id))
        for site in roots {
            let childID = id + "/" + site.childClass
            coordinators[index].children.append(childID)
            add(site.childClass, id: childID, trigger: Trigger(method: site.method, onLaunch: true), path: [])
        }
    }

    private mutating func addNode(
        _ analysis: ClassAnalysis, id: String, trigger: Trigger?, sites: [(site: CreationSite, onLaunch: Bool)], path: [String]
    ) {
        let className = analysis.facts.name
        let index = coordinators.count
        coordinators.append(
            CoordinatorDraft(
                id: id, className: className, type: analysis.typeCase, children: [],
                source: SourceLocation(file: analysis.facts.file, line: analysis.facts.line), trigger: trigger))
        let counts = Dictionary(sites.map { ($0.site.childClass, 1) }, uniquingKeysWith: +)
        var used: Set<String> = []
        for (site, onLaunch) in sites {
            var childID = id + "/" + site.childClass
            if counts[site.childClass, default: 0] > 1 { childID += "@" + site.method }
            var unique = childID
            var number = 2
            while !used.insert(unique).inserted {
                unique = "\(childID)#\(number)"
                number += 1
            }
            coordinators[index].children.append(unique)
            if site.isChoice {
                chosenChildren[id, default: []].append(unique)
            } else {
                childBySite[id, default: [:]][SiteKey(file: site.file, offset: site.offset)] = unique
            }
            let trigger = Trigger(method: site.method, onLaunch: onLaunch)
            // A class already on the path (a wallet opening another wallet, a log-out flow making
            // a fresh app coordinator) is shown once more, without its children: the recursion stops there.
            if path.contains(site.childClass) || site.childClass == className, let child = analyses[site.childClass] {
                addNode(child, id: unique, trigger: trigger, sites: [], path: path + [className])
            } else {
                add(site.childClass, id: unique, trigger: trigger, path: path + [className])
            }
        }
    }
}
