import CoordinatorModel

/// Finds the view controller containers an app builds at launch by running, on abstract values,
/// what its coordinators do: the initializer and the start method of each coordinator in the
/// tree, helpers inlined, `map` and `forEach` closures run for each element, `switch` branches
/// chosen when the subject is a known enum case.
///
/// Values are followed through local variables, parameters, stored properties, enum cases and
/// their per-case properties, and objects that wrap a container (a router made with a navigation
/// controller is that navigation controller). Effects are pushes, stack and tab replacements,
/// presentations, tab bar items, the selected tab, and the window's root. Flows (coordinators
/// created later) are not run: their initializer only, so that the container each one will
/// drive is known.
struct ContainerEvaluator {
    let types: [String: TypeFacts]
    let coordinatorClasses: Set<String>
    let startMethod: String
    let childBySite: [String: [SiteKey: String]]
    /// Children made by calls that choose among several classes: started with no arguments.
    let chosenChildren: [String: [String]]
    var classOfNode: [String: String] = [:]

    var containers: [Container] = []
    var viewControllers: [ViewController] = []
    var window: Int?
    /// Every window root given, with the path of the window, and the window made key first.
    var windowRoots: [(path: String, index: Int)] = []
    var keyWindow: String?
    var parentOf: [Int: Int] = [:]
    var placed: Set<Int> = []
    var instances: [String: Instance] = [:]
    var steps = 0
    private(set) var problems: [SourceProblem] = []
    /// Per-class and per-body lookups, computed once (see the memo extension).
    let memo: Memo
    /// Where each tab bar's tabs were last set.
    var tabsSetAt: [Int: SiteKey] = [:]
    /// What tells a stored optional that is still nil (see the optionals extension).
    let optionals = OptionalFacts()

    /// Whether a coordinator class is an RxFlow `Flow`, whose library calls the evaluation models
    /// (``flowCall(base:name:arguments:in:)``): other apps' calls are not compared with them.
    let modelsRxFlow: Bool

    /// The methods the app declares in extensions of UIKit's view controllers, run on the screens
    /// and containers they are called on.
    let kitExtensions: KitExtensions

    /// Statements run before the evaluation stops: enough for any app, and a bound for recursion.
    static let stepLimit = 200_000

    init(
        types: [String: TypeFacts], coordinators: [CoordinatorDraft], coordinatorClasses: Set<String>, startMethod: String,
        childBySite: [String: [SiteKey: String]], chosenChildren: [String: [String]] = [:], memo: Memo? = nil
    ) {
        self.types = types
        self.coordinatorClasses = coordinatorClasses
        self.startMethod = startMethod
        self.childBySite = childBySite
        self.chosenChildren = chosenChildren
        self.memo = memo ?? Memo(coordinatorClasses: coordinatorClasses)
        modelsRxFlow = coordinatorClasses.contains { types[$0]?.inherited.contains("Flow") == true }
        kitExtensions = KitExtensions(types: types)
        for node in coordinators { classOfNode[node.id] = node.className }
    }

    // MARK: Running

    /// Runs the launch: the root (or the delegate standing for several roots) and every
    /// coordinator it starts, then each flow's initializer.
    mutating func run(root: String, launcher: (facts: TypeFacts, site: CreationSite)?) {
        if let className = classOfNode[root], !coordinatorClasses.contains(className) {
            // A delegate that makes several roots: run each of its members that makes one.
            let instance = register(Instance(id: root, className: className, owner: root))
            instances[root] = instance
            if !runDelegateLaunch(making: instance) {
                var outside = false
                for key in (childBySite[root] ?? [:]).keys.sorted(by: { ($0.file, $0.offset) < ($1.file, $1.offset) }) {
                    if call(at: key, in: className) == nil,
                        !properties(of: className).contains(where: { property in
                            property.calls.contains { $0.offset == key.offset }
                        })
                    {
                        outside = true
                    }
                    runMember(holding: key, of: instance)
                }
                // A class that stands for the root while others (a split view it shows) make the coordinators:
                // its start method makes what makes them.
                if outside, let start = function(startMethod, in: className, labels: []) {
                    _ = run(start, of: instance, arguments: [], live: true)
                }
            }
        } else if let launcher {
            // One root, made by an app or scene delegate: run the delegate's member that makes it, or
            // its launch entry when the entry calls that member (what the entry does first, such as
            // giving the window a loading screen, is part of the launch).
            let instance = register(Instance(id: launcher.facts.name, className: launcher.facts.name, owner: nil))
            let key = SiteKey(file: launcher.site.file, offset: launcher.site.offset)
            extraSites[instance.id] = [key: root]
            if let entry = launchEntry(of: launcher.facts.name, reaching: key) {
                _ = run(entry, of: instance, arguments: [], live: true)
            } else {
                runMember(holding: key, of: instance)
            }
        }
        if instances[root] == nil { start(root, arguments: [], live: true) }
        // Coordinators made live whose start the code left to a closure that never ran.
        for instance in instances.keys.sorted().compactMap({ instances[$0] })
        where instance.isCoordinator && live.contains(instance.id) {
            runStart(of: instance, arguments: [])
        }
        runFlows()
    }

    /// For a root that is no delegate (an app controller that swaps the top flow): runs the launch
    /// entry of the app or scene delegate that makes an object of its class, the root standing for
    /// that object, so what the delegate asks of it at launch runs (`appController.launch()`), and
    /// not the flows it makes later (on a delegate's callback). False, having run nothing that
    /// counts, when no delegate's entry makes it.
    mutating func runDelegateLaunch(making root: Instance) -> Bool {
        guard let (delegate, entry) = launchEntry(making: root.className) else { return false }
        standIn = root
        defer { standIn = nil }
        _ = run(entry, of: register(Instance(id: delegate, className: delegate, owner: nil)), arguments: [], live: true)
        return standIn == nil
    }

    /// The app or scene delegate, first by name, that makes an object of `className` and its
    /// launch entry (`application(_:didFinishLaunchingWithOptions:)`, `scene(_:willConnectTo:options:)`);
    /// nil when no delegate does, or `className` is a delegate itself.
    func launchEntry(making className: String) -> (delegate: String, entry: FunctionFacts)? {
        func isDelegate(_ facts: TypeFacts) -> Bool { facts.kind == .class && RootChoice.isDelegate(facts) }
        if let facts = types[className], isDelegate(facts) { return nil }
        for delegate in types.values.filter({ isDelegate($0) && $0.calledNames.contains(className) }).sorted(by: {
            $0.name < $1.name
        }) {
            if let entry = allFunctions(of: delegate.name).first(where: Self.isLaunchEntry) { return (delegate.name, entry) }
        }
        return nil
    }

    /// `application(_:didFinishLaunchingWithOptions:)` or `scene(_:willConnectTo:options:)`: where an
    /// app or scene delegate's launch begins.
    static func isLaunchEntry(_ function: FunctionFacts) -> Bool {
        (function.name == "application" && function.parameters.contains { $0.label == "didFinishLaunchingWithOptions" })
            || (function.name == "scene" && function.parameters.contains { $0.label == "willConnectTo" })
    }

    /// The delegate's launch entry (`application(_:didFinishLaunchingWithOptions:)`,
    /// `scene(_:willConnectTo:options:)`) when the method holding `key` is not it but one it calls
    /// on itself as it runs (not from a closure it leaves for later), at most three calls deep, and
    /// gives no window its root; nil otherwise.
    func launchEntry(of className: String, reaching key: SiteKey) -> FunctionFacts? {
        guard let (holder, _) = call(at: key, in: className) else { return nil }
        // A member that gives the window its root itself is the launch, as the code runs it: a root
        // the entry gave before (a splash) is replaced at once.
        let givesWindowItsRoot =
            holder.assignments.contains { $0.target.hasSuffix("rootViewController") }
            || holder.calls.contains { $0.name == "makeKeyAndVisible" }
        guard !givesWindowItsRoot else { return nil }
        let functions = allFunctions(of: className)
        func isHolder(_ function: FunctionFacts) -> Bool {
            function.file == holder.file && function.nameOffset == holder.nameOffset
        }
        guard
            let entry = functions.first(where: Self.isLaunchEntry), !isHolder(entry)
        else { return nil }
        var reached: Set<String> = [entry.name]
        var current = [entry]
        for _ in 0..<3 {
            let called = Set(
                current.flatMap { function in
                    function.calls.filter { $0.immediate && ($0.base == nil || $0.base == "self") }.map(\.name)
                })
            let next = functions.filter { !reached.contains($0.name) && called.contains($0.name) }
            if next.contains(where: isHolder) { return entry }
            reached.formUnion(next.map(\.name))
            current = next
        }
        return nil
    }

    /// Sites of instances that are not nodes of the tree: the delegate that makes the one root.
    var extraSites: [String: [SiteKey: String]] = [:]
    var callDepth = 0
    /// Every object the run made. They refer to each other through their properties (a child's
    /// `parent`, a service's owner), so `releaseObjects()` breaks those cycles when the run is done.
    var everyInstance: [Instance] = []

    /// `instance`, remembered for `releaseObjects()`.
    mutating func register(_ instance: Instance) -> Instance {
        everyInstance.append(instance)
        return instance
    }

    /// Forgets what the objects of the run hold, so none keeps another alive once the output is taken.
    mutating func releaseObjects() {
        for instance in everyInstance {
            instance.properties = [:]
            instance.startValue = .unknown
        }
        everyInstance = []
    }

    /// The classes of the objects being made, outermost first: an object whose making makes
    /// another of its class, or a chain of objects making objects deeper than a few, stops there.
    var constructing: [String] = []
    /// While a coordinator runs a method of a factory or router it holds: the coordinator, which owns what it makes.
    var screenOwner: String??
    /// The functions being run, by where they are declared: none runs inside itself, so a set.
    var running: Set<SiteKey> = []
    /// Coordinators made on a live run, whose start method runs.
    var live: Set<String> = []
    /// While a factory of another object runs: the node its caller creates, by class, and whether live.
    var factoryTargets: [String: (id: String, live: Bool)] = [:]
    /// While a delegate's launch entry runs for a root that is no coordinator: the root's
    /// instance, which the object of its class the entry makes stands for (``makeObject(_:arguments:in:)``);
    /// nil again once made.
    var standIn: Instance?

    func child(of instance: Instance, at key: SiteKey) -> String? {
        // Asked at every call the run evaluates: the instance keeps its sites, so its id (a path
        // of the tree, often long) is not hashed each time. Extra sites are given to an instance
        // as it is made, before any of its code runs.
        if instance.sites == nil {
            instance.sites = (childBySite[instance.id] ?? [:]).merging(extraSites[instance.id] ?? [:]) { own, _ in own }
        }
        return instance.sites?[key]
    }

    /// Runs the function, or reads the lazy property, whose body holds the call at `key`.
    mutating func runMember(holding key: SiteKey, of instance: Instance) {
        if let (function, _) = call(at: key, in: instance.className) {
            _ = run(function, of: instance, arguments: [], live: true)
        } else if let property = properties(of: instance.className).first(where: {
            $0.calls.contains { $0.offset == key.offset }
        }) {
            // A lazy property is made where it is first read: run the methods that use it, as the
            // app does (`appCoordinator.start()` in `application(_:didFinishLaunchingWithOptions:)`).
            let readers = allFunctions(of: instance.className).filter { function in
                function.calls.contains { call in call.base.map { Self.path($0, startsWith: property.name) } == true }
            }
            for reader in readers { _ = run(reader, of: instance, arguments: [], live: true) }
            _ = read(property: property.name, of: instance, live: true)
        }
    }

    /// True for `name`, `name.x`, `self.name` and `self.name.x`.
    static func path(_ path: String, startsWith name: String) -> Bool {
        let path = path.hasPrefix("self.") ? path.dropFirst(5) : Substring(path)
        return path == name || path.hasPrefix(name + ".")
    }

    /// Makes the instance for node `id`, runs its initializer with `arguments`, and on a live run its start method.
    mutating func start(_ id: String, arguments: [(label: String?, value: Value)], live: Bool) {
        guard let instance = create(id, arguments: arguments, live: live), live else { return }
        runStart(of: instance, arguments: [])
    }

    /// Runs a coordinator's start method once, with the arguments the code passes, if any.
    /// - Returns: what it returns (`func start() -> UIViewController`), the same when asked again.
    @discardableResult
    mutating func runStart(of instance: Instance, arguments: [(String?, Argument)]) -> Value {
        guard !instance.started else { return instance.startValue }
        instance.started = true
        if let start = function(startMethod, in: instance.className, labels: arguments.map(\.0)) {
            instance.startValue = run(start, of: instance, arguments: arguments, live: true)
        }
        return instance.startValue
    }

    /// Makes the instance for node `id` and runs its initializer with `arguments`; nil when it exists already.
    mutating func create(_ id: String, arguments: [(label: String?, value: Value)], live: Bool) -> Instance? {
        guard instances[id] == nil else { return nil }
        let className = classOfNode[id] ?? id
        let instance = register(Instance(id: id, className: className, owner: classOfNode[id] == nil ? nil : id))
        instance.isCoordinator = coordinatorClasses.contains(className)
        if live { self.live.insert(id) }
        instances[id] = instance
        // Stored properties with an initial value are made first, then the initializer runs. A flow
        // (made later than the launch) is run only for its container: its properties are made when
        // its initializer or a method it runs reads them, and the others never.
        if live {
            for property in properties(of: className) where property.value != nil && !property.isLazy && !property.isComputed {
                _ = read(property: property.name, of: instance, live: live)
            }
        }
        if let initializer = initializer(of: className, matching: arguments) {
            _ = run(initializer, of: instance, arguments: arguments.map { ($0.label, .value($0.value)) }, live: live)
        } else if let library = libraryBase(of: className) {
            // No initializer of its own: the library base's, with what the creator passes.
            let frame = Frame(instance: instance, file: types[className]?.file ?? "", live: live)
            libraryInit(library, of: instance, arguments: arguments, in: frame)
        }
        return instance
    }

    /// Flows are not run, but their initializers are, with what their creator passes, so each
    /// knows its container. Parents come before their children, so each flow sees its creator.
    mutating func runFlows() {
        var pending = instances.keys.sorted()
        var visited: Set<String> = []
        var index = 0
        while index < pending.count, steps < Self.stepLimit {
            let id = pending[index]
            index += 1
            guard visited.insert(id).inserted, let instance = instances[id] else { continue }
            for (key, childID) in (childBySite[id] ?? [:]).sorted(by: { $0.value < $1.value }) {
                if instances[childID] == nil { startFlow(childID, at: key, of: instance) }
                pending.append(childID)
            }
            for childID in chosenChildren[id] ?? [] {
                if instances[childID] == nil { start(childID, arguments: [], live: false) }
                pending.append(childID)
            }
        }
    }

    mutating func startFlow(_ id: String, at key: SiteKey, of parent: Instance) {
        // The arguments of the creating call, in a frame of the method that holds it.
        guard let (function, call) = call(at: key, in: parent.className) else {
            start(id, arguments: [], live: false)
            return
        }
        let frame = Frame(instance: parent, file: function.file, live: false)
        bind(function.parameters, to: [], in: frame)
        // The locals the call can see, made before it.
        for binding in function.bindings where binding.offset < call.offset && binding.closure == nil {
            frame.locals[binding.name] = evaluate(binding.value, in: frame, name: binding.name)
        }
        let arguments = call.arguments.map { ($0.label, evaluate($0.value, in: frame, name: nil)) }
        start(id, arguments: arguments, live: false)
    }

    /// Runs a function's body in a new frame and returns what it returns.
    mutating func run(
        _ function: FunctionFacts, of instance: Instance, arguments: [(String?, Argument)], live: Bool,
        receiver: Value? = nil
    ) -> Value {
        let key = SiteKey(file: function.file, offset: function.nameOffset)
        // A function does not run inside itself: code that calls back into itself, directly or
        // through a delegate and a queue (a router's `present` reaching its delegate, which
        // presents again), would run every caller again at each level, exponentially.
        guard callDepth < 24, running.insert(key).inserted else { return .unknown }
        callDepth += 1
        defer {
            callDepth -= 1
            running.remove(key)
        }
        let saved = screenOwner
        defer { screenOwner = saved }
        if instance.isNode { screenOwner = nil }
        let frame = Frame(instance: instance, file: function.file, live: live)
        // Room for the values its calls give and for its locals, made once instead of by doubling.
        if !function.calls.isEmpty { frame.results = SmallMap(capacity: function.calls.count) }
        if !function.bindings.isEmpty || !function.parameters.isEmpty {
            frame.locals = SmallMap(capacity: function.bindings.count + function.parameters.count)
        }
        if let receiver {
            frame.receiver = receiver
            frame.locals["self"] = receiver
        }
        if function.name == "init" {
            frame.declaring = lineage(of: instance.className).first { name in
                types[name]?.functions.contains { $0.file == function.file && $0.nameOffset == function.nameOffset } == true
            }
        }
        bind(function.parameters, to: arguments, in: frame)
        runStatements(of: function, closure: nil, in: frame)
        let value = returned(function.returns, in: frame)
        for child in frame.created { runStart(of: child, arguments: []) }
        return value
    }

    /// Binds arguments to parameters by label, then by position.
    func bind(_ parameters: [ParameterFacts], to arguments: [(String?, Argument)], in frame: Frame) {
        var remaining = arguments
        for parameter in parameters {
            let labeled = remaining.firstIndex { $0.0 == parameter.label }
            let byPosition = remaining.isEmpty || (parameter.defaultValue != nil && parameter.label != nil) ? nil : 0
            guard let index = labeled ?? byPosition else {
                // Left out: its default value, evaluated where the function runs.
                if let value = parameter.defaultValue { frame.pending[parameter.name] = (value, nil) }
                continue
            }
            switch remaining.remove(at: index).1 {
            case .value(let value): frame.locals[parameter.name] = value
            case .later(let facts, let caller): frame.pending[parameter.name] = (typed(facts, as: parameter.type), caller)
            }
        }
    }

    enum Statement {
        case call(CallFacts)
        case assignment(AssignmentFacts)
        case binding(BindingFacts)

        var offset: Int {
            switch self {
            case .call(let call): call.offset
            case .assignment(let assignment): assignment.offset
            case .binding(let binding): binding.offset
            }
        }
    }

    /// Runs, in source order, the statements written directly in a body (`closure` nil) or in one closure.
    mutating func runStatements(of function: FunctionFacts, closure: Int?, in frame: Frame) {
        frame.body = function
        for statement in statements(of: function, closure: closure) {
            steps += 1
            guard steps < Self.stepLimit else {
                stopped(in: function)
                return
            }
            // A `switch` subject is known only once the statements before it ran.
            switch statement {
            case .binding(let binding):
                guard matches(binding.conditions, in: frame) else { continue }
                frame.locals[binding.name] =
                    createdByRead(at: binding.offset, path: binding.value, in: frame)
                    ?? evaluate(binding.value, in: frame, name: binding.name)
                if binding.assignedOnce { frame.assignedOnce.insert(binding.name) }
            case .assignment(let assignment):
                guard matches(assignment.conditions, in: frame) else { continue }
                assign(assignment.value, to: assignment.target, in: frame, at: assignment.offset)
            case .call(let call):
                guard frame.results[CallKey(offset: call.offset, name: call.name)] == nil, matches(call.conditions, in: frame)
                else { continue }
                _ = evaluateCall(
                    base: call.base, name: call.name, arguments: call.arguments, offset: call.offset, in: frame, name: nil)
            }
        }
    }

    /// The statements written directly in a body (`closure` nil) or in one closure, in source order.
    func statements(of function: FunctionFacts, closure: Int?) -> [Statement] {
        let key = StatementsKey(function: SiteKey(file: function.file, offset: function.nameOffset), closure: closure)
        if let known = memo.statements[key] { return known }
        let statements =
            (function.calls.filter { $0.closure == closure }.map(Statement.call)
            + function.assignments.filter { $0.closure == closure }.map(Statement.assignment)
            + function.bindings.filter { $0.closure == closure }.map(Statement.binding)).sorted { $0.offset < $1.offset }
        memo.statements[key] = statements
        return statements
    }

    /// Says once that the evaluation stopped at its bound, where: what it has not run is missing.
    mutating func stopped(in function: FunctionFacts) {
        guard problems.isEmpty else { return }
        problems.append(
            SourceProblem(
                file: function.file, line: function.line,
                reason:
                    "the launch evaluation stopped after \(Self.stepLimit) statements, in \(function.name); containers it had not reached yet are missing"
            ))
    }

    /// True when every `switch` case around a statement can run: its subject is one of the
    /// case's names, or not a known case at all; and no `if let` around it binds a stored optional still nil.
    mutating func matches(_ conditions: [CaseCondition], in frame: Frame) -> Bool {
        for condition in conditions {
            if condition.unlessNil {
                if isKnownNil(condition.subject, in: frame) { return false }
                continue
            }
            guard case .enumCase(_, let name) = resolve(condition.subject, in: frame) else { continue }
            if condition.isDefault ? condition.otherCases.contains(name) : !condition.cases.contains(name) { return false }
        }
        return true
    }

    mutating func returned(_ returns: [ReturnFacts], in frame: Frame) -> Value {
        guard let first = chosenReturn(returns, in: frame) else { return .unknown }
        return evaluate(first.value, in: frame, name: nil)
    }

    /// The return the run reaches: the first whose `switch` cases match, past every `guard` (the
    /// evaluation runs what follows a guard, so an `else`'s early return is taken only when no other is).
    mutating func chosenReturn(_ returns: [ReturnFacts], in frame: Frame) -> ReturnFacts? {
        returns.first { !$0.leavesGuard && matches($0.conditions, in: frame) }
            ?? returns.first { $0.leavesGuard && matches($0.conditions, in: frame) }
    }
}
