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
    private let types: [String: TypeFacts]
    private let coordinatorClasses: Set<String>
    private let startMethod: String
    private let childBySite: [String: [SiteKey: String]]
    private var classOfNode: [String: String] = [:]

    private var containers: [Container] = []
    private var viewControllers: [ViewController] = []
    private var window: Int?
    private var parentOf: [Int: Int] = [:]
    private var placed: Set<Int> = []
    private var instances: [String: Instance] = [:]
    private var steps = 0
    private(set) var problems: [SourceProblem] = []
    /// Where each tab bar's tabs were last set.
    private var tabsSetAt: [Int: SiteKey] = [:]

    /// Statements run before the evaluation stops: enough for any app, and a bound for recursion.
    static let stepLimit = 200_000

    init(
        types: [String: TypeFacts], coordinators: [CoordinatorDraft], coordinatorClasses: Set<String>, startMethod: String,
        childBySite: [String: [SiteKey: String]]
    ) {
        self.types = types
        self.coordinatorClasses = coordinatorClasses
        self.startMethod = startMethod
        self.childBySite = childBySite
        for node in coordinators { classOfNode[node.id] = node.className }
    }

    // MARK: Values

    private struct TabItem {
        var title: String?
        var icon: String?
        var tag: Int?
    }

    private final class Container {
        let kind: ContainerKind
        let className: String
        let name: String
        /// The node that made it (through its own code or an object it made), or the delegate.
        var creator = "app"
        /// Indices of view controllers or, for an embedded container, `.container`.
        var stack: [Value] = []
        var tabs: [Value] = []
        var selectedIndex: Int?
        var presented: Int?
        var tabItem = TabItem()

        init(kind: ContainerKind, className: String, name: String) {
            self.kind = kind
            self.className = className
            self.name = name
        }
    }

    private final class ViewController {
        let className: String
        let owner: String?
        var tabItem = TabItem()

        init(className: String, owner: String?) {
            self.className = className
            self.owner = owner
        }
    }

    private indirect enum Value {
        case container(Int)
        case viewController(Int)
        case enumCase(type: String?, name: String)
        case integer(Int)
        case string(String)
        case tabItem(TabItem)
        case list([Value])
        /// A closure and the frame it was written in, held weakly: a closure kept in its own
        /// frame's locals would otherwise keep the frame alive forever.
        case closure(parameter: String?, body: ValueFacts?, start: Int, frame: WeakFrame)
        /// An instance of one of the app's own classes that is neither a coordinator nor a view
        /// controller: a router, a presenter. Its methods are run when called.
        case object(Instance)
        case unknown

        var container: Int? {
            if case .container(let index) = self { return index }
            return nil
        }

        /// The container this value is or, for an object such as a router, the first one it holds.
        var heldContainer: Int? {
            switch self {
            case .container(let index): index
            case .object(let object): object.properties.values.lazy.compactMap(\.container).first
            default: nil
            }
        }
    }

    /// A coordinator (or an app delegate) being run: its stored properties.
    private final class Instance {
        let id: String
        let className: String
        /// Nil for an app or scene delegate, whose view controllers belong to no coordinator.
        let owner: String?
        var properties: [String: Value] = [:]
        /// Containers this instance made, in order.
        var made: [Int] = []

        init(id: String, className: String, owner: String?) {
            self.id = id
            self.className = className
            self.owner = owner
        }
    }

    /// One run of a function or closure body: its locals, and the values of the calls already run.
    private final class Frame {
        let instance: Instance
        let file: String
        let parent: Frame?
        var locals: [String: Value] = [:]
        /// Arguments not evaluated yet: a parameter is evaluated in the caller's frame when first read.
        var pending: [String: (ValueFacts, Frame)] = [:]
        var results: [Int: Value] = [:]
        /// False while running a flow's method: containers may be made, but nothing goes on screen.
        let live: Bool

        init(instance: Instance, file: String, parent: Frame? = nil, live: Bool) {
            self.instance = instance
            self.file = file
            self.parent = parent
            self.live = live
        }
    }

    // MARK: Running

    /// Runs the launch: the root (or the delegate standing for several roots) and every
    /// coordinator it starts, then each flow's initializer.
    mutating func run(root: String, launcher: (facts: TypeFacts, site: CreationSite)?) {
        if let className = classOfNode[root], !coordinatorClasses.contains(className) {
            // A delegate that makes several roots: run each of its members that makes one.
            let instance = Instance(id: root, className: className, owner: root)
            instances[root] = instance
            for key in (childBySite[root] ?? [:]).keys.sorted(by: { ($0.file, $0.offset) < ($1.file, $1.offset) }) {
                runMember(holding: key, of: instance)
            }
        } else if let launcher {
            // One root, made by an app or scene delegate: run the delegate's member that makes it.
            let instance = Instance(id: launcher.facts.name, className: launcher.facts.name, owner: nil)
            let key = SiteKey(file: launcher.site.file, offset: launcher.site.offset)
            extraSites[instance.id] = [key: root]
            runMember(holding: key, of: instance)
        }
        if instances[root] == nil { start(root, arguments: [], live: true) }
        runFlows()
    }

    /// Sites of instances that are not nodes of the tree: the delegate that makes the one root.
    private var extraSites: [String: [SiteKey: String]] = [:]
    private var callDepth = 0

    private func child(of instance: Instance, at key: SiteKey) -> String? {
        childBySite[instance.id]?[key] ?? extraSites[instance.id]?[key]
    }

    /// Runs the function, or reads the lazy property, whose body holds the call at `key`.
    private mutating func runMember(holding key: SiteKey, of instance: Instance) {
        if let (function, _) = call(at: key, in: instance.className) {
            _ = run(function, of: instance, arguments: [], live: true)
        } else if let property = properties(of: instance.className).first(where: {
            $0.calls.contains { $0.offset == key.offset }
        }) {
            _ = read(property: property.name, of: instance, live: true)
        }
    }

    /// Makes the instance for node `id`, runs its initializer with `arguments`, and on a live run its start method.
    private mutating func start(_ id: String, arguments: [(label: String?, value: Value)], live: Bool) {
        guard instances[id] == nil else { return }
        let className = classOfNode[id] ?? id
        let instance = Instance(id: id, className: className, owner: classOfNode[id] == nil ? nil : id)
        instances[id] = instance
        // Stored properties with an initial value are made first, then the initializer runs.
        for property in properties(of: className) where property.value != nil && !property.isLazy && !property.isComputed {
            _ = read(property: property.name, of: instance, live: live)
        }
        if let initializer = initializer(of: className, matching: arguments) {
            _ = run(initializer, of: instance, arguments: arguments.map { ($0.label, .value($0.value)) }, live: live)
        }
        guard live else { return }
        if let start = function(startMethod, in: className) {
            _ = run(start, of: instance, arguments: [], live: true)
        }
    }

    /// Flows are not run, but their initializers are, with what their creator passes, so each
    /// knows its container. Parents come before their children, so each flow sees its creator.
    private mutating func runFlows() {
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
        }
    }

    private mutating func startFlow(_ id: String, at key: SiteKey, of parent: Instance) {
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

    private final class WeakFrame {
        weak var frame: Frame?

        init(_ frame: Frame) { self.frame = frame }
    }

    private enum Argument {
        case value(Value)
        case later(ValueFacts, Frame)
    }

    /// Runs a function's body in a new frame and returns what it returns.
    private mutating func run(
        _ function: FunctionFacts, of instance: Instance, arguments: [(String?, Argument)], live: Bool
    ) -> Value {
        guard callDepth < 24 else { return .unknown }
        callDepth += 1
        defer { callDepth -= 1 }
        let frame = Frame(instance: instance, file: function.file, live: live)
        bind(function.parameters, to: arguments, in: frame)
        runStatements(of: function, closure: nil, in: frame)
        return returned(function.returns, in: frame)
    }

    /// Binds arguments to parameters by label, then by position.
    private func bind(_ parameters: [ParameterFacts], to arguments: [(String?, Argument)], in frame: Frame) {
        var remaining = arguments
        for parameter in parameters {
            let index = remaining.firstIndex { $0.0 == parameter.label } ?? (remaining.isEmpty ? nil : 0)
            guard let index else { continue }
            switch remaining.remove(at: index).1 {
            case .value(let value): frame.locals[parameter.name] = value
            case .later(let facts, let caller): frame.pending[parameter.name] = (facts, caller)
            }
        }
    }

    private enum Statement {
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
    private mutating func runStatements(of function: FunctionFacts, closure: Int?, in frame: Frame) {
        let statements =
            function.calls.filter { $0.closure == closure }.map(Statement.call)
            + function.assignments.filter { $0.closure == closure }.map(Statement.assignment)
            + function.bindings.filter { $0.closure == closure }.map(Statement.binding)
        for statement in statements.sorted(by: { $0.offset < $1.offset }) {
            steps += 1
            guard steps < Self.stepLimit else { return }
            // A `switch` subject is known only once the statements before it ran.
            switch statement {
            case .binding(let binding):
                guard matches(binding.conditions, in: frame) else { continue }
                frame.locals[binding.name] = evaluate(binding.value, in: frame, name: binding.name)
            case .assignment(let assignment):
                guard matches(assignment.conditions, in: frame) else { continue }
                assign(assignment.value, to: assignment.target, in: frame, at: assignment.offset)
            case .call(let call):
                guard frame.results[call.offset] == nil, matches(call.conditions, in: frame) else { continue }
                _ = evaluateCall(
                    base: call.base, name: call.name, arguments: call.arguments, offset: call.offset, in: frame, name: nil)
            }
        }
    }

    /// True when every `switch` case around a statement can run: its subject is one of the
    /// case's names, or not a known case at all.
    private mutating func matches(_ conditions: [CaseCondition], in frame: Frame) -> Bool {
        for condition in conditions {
            guard case .enumCase(_, let name) = resolve(condition.subject, in: frame) else { continue }
            if condition.isDefault ? condition.otherCases.contains(name) : !condition.cases.contains(name) { return false }
        }
        return true
    }

    private mutating func returned(_ returns: [ReturnFacts], in frame: Frame) -> Value {
        guard let first = returns.first(where: { matches($0.conditions, in: frame) }) else { return .unknown }
        return evaluate(first.value, in: frame, name: nil)
    }

    // MARK: Expressions

    private mutating func evaluate(_ facts: ValueFacts, in frame: Frame, name: String?) -> Value {
        switch facts {
        case .call(let base, let callee, let arguments, let offset):
            return evaluateCall(base: base, name: callee, arguments: arguments, offset: offset, in: frame, name: name)
        case .reference(let path):
            return resolve(path, in: frame)
        case .caseName(let name):
            return .enumCase(type: nil, name: name)
        case .instance(let className):
            return isViewControllerName(className) ? makeViewController(className, in: frame) : .unknown
        case .string(let text):
            return .string(text)
        case .integer(let number):
            return .integer(number)
        case .array(let elements):
            return .list(elements.map { evaluate($0, in: frame, name: name) })
        case .closure(let parameter, let body, let start):
            return .closure(parameter: parameter, body: body, start: start, frame: WeakFrame(frame))
        case .other:
            return .unknown
        }
    }

    private mutating func evaluateCall(
        base: String?, name: String, arguments: [ArgumentFacts], offset: Int, in frame: Frame, name hint: String?
    ) -> Value {
        if let done = frame.results[offset] { return done }
        frame.results[offset] = .unknown
        let value = call(base: base, name: name, arguments: arguments, offset: offset, in: frame, hint: hint)
        frame.results[offset] = value
        return value
    }

    private mutating func call(
        base: String?, name: String, arguments: [ArgumentFacts], offset: Int, in frame: Frame, hint: String?
    ) -> Value {
        let instance = frame.instance
        // A coordinator made here: start it with what is passed.
        if let childID = child(of: instance, at: SiteKey(file: frame.file, offset: offset)) {
            let values = arguments.map { ($0.label, evaluate($0.value, in: frame, name: nil)) }
            start(childID, arguments: values, live: frame.live)
            return .unknown
        }
        // One of the instance's own methods: run it, arguments evaluated when the body reads them.
        if base == nil || base == "self", let function = function(name, in: instance.className), !function.isStatic {
            return run(
                function, of: instance, arguments: arguments.map { ($0.label, .later($0.value, frame)) }, live: frame.live)
        }
        if let base {
            let receiver = resolve(base, in: frame)
            if case .unknown = receiver {
                return typeCall(type: base, name: name, arguments: arguments, in: frame)
            }
            return method(name, on: receiver, arguments: arguments, in: frame, at: offset)
        }
        return construct(name, arguments: arguments, in: frame, hint: hint)
    }

    /// `UINavigationController(rootViewController:)`, `HomeViewController()`, `UITabBarItem(...)`, a router around a container.
    private mutating func construct(_ className: String, arguments: [ArgumentFacts], in frame: Frame, hint: String?) -> Value {
        if coordinatorClasses.contains(className) { return .unknown }
        if let kind = containerKind(className) {
            let index = makeContainer(kind, className, name: hint ?? lowerFirst(className), in: frame)
            if kind == .navigation, let root = arguments.first(where: { $0.label == "rootViewController" }) {
                push(evaluate(root.value, in: frame, name: nil), on: index)
            }
            return .container(index)
        }
        if className == "UITabBarItem" {
            var item = TabItem()
            for argument in arguments {
                let value = evaluate(argument.value, in: frame, name: nil)
                switch (argument.label, value) {
                case ("title", .string(let title)): item.title = title
                case ("image", .string(let icon)): item.icon = icon
                case ("tag", .integer(let tag)): item.tag = tag
                case ("tabBarSystemItem", .enumCase(_, let system)): item.title = system
                default: break
                }
            }
            return .tabItem(item)
        }
        if className == "UIImage" {
            // `UIImage(systemName: "house")`, `UIImage(named: "home")`: the icon's name.
            if let first = arguments.first, case .string(let icon) = evaluate(first.value, in: frame, name: nil) {
                return .string(icon)
            }
            return .unknown
        }
        if isViewControllerName(className) { return makeViewController(className, in: frame) }
        if let facts = types[className], facts.kind == .enum {
            // `Tab(rawValue: 2)`: the case with that raw value.
            guard let first = arguments.first, first.label == "rawValue" else { return .unknown }
            let raw = evaluate(first.value, in: frame, name: nil)
            return facts.cases.first { sameRaw(rawValue(of: $0.name, type: className), raw) }
                .map { .enumCase(type: className, name: $0.name) } ?? .unknown
        }
        if let facts = types[className], facts.kind == .class || facts.kind == .struct {
            return makeObject(facts, arguments: arguments, in: frame)
        }
        // An object of a class not read, made with a container, stands for that container.
        let wrapped = arguments.compactMap { evaluate($0.value, in: frame, name: nil).container }
        return wrapped.count == 1 ? .container(wrapped[0]) : .unknown
    }

    private func sameRaw(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.integer(let a), .integer(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        default: false
        }
    }

    /// An instance of one of the app's classes: its stored properties made, its initializer run.
    private mutating func makeObject(_ facts: TypeFacts, arguments: [ArgumentFacts], in frame: Frame) -> Value {
        let object = Instance(id: frame.instance.id + ">" + facts.name, className: facts.name, owner: frame.instance.owner)
        let values = arguments.map { ($0.label, evaluate($0.value, in: frame, name: nil)) }
        for property in properties(of: facts.name) where property.value != nil && !property.isLazy && !property.isComputed {
            _ = read(property: property.name, of: object, live: frame.live)
        }
        if let initializer = initializer(of: facts.name, matching: values) {
            _ = run(initializer, of: object, arguments: values.map { ($0.0, .value($0.1)) }, live: frame.live)
        }
        return .object(object)
    }

    /// `HomeViewController.instantiate()`, `TabPage.allCases.map`, `Self.make()`: calls on a type.
    private mutating func typeCall(type: String, name: String, arguments: [ArgumentFacts], in frame: Frame) -> Value {
        if name == "init" { return construct(type, arguments: arguments, in: frame, hint: nil) }
        if isViewControllerName(type), types[type]?.kind != .enum { return makeViewController(type, in: frame) }
        if let facts = types[type], let function = facts.functions.first(where: { $0.name == name && $0.isStatic }),
            let made = function.returnType, isViewControllerName(made)
        {
            return makeViewController(made, in: frame)
        }
        return .unknown
    }

    /// A method called on a value: container effects, `map` and `forEach` over lists, per-case functions of enums.
    private mutating func method(
        _ name: String, on receiver: Value, arguments: [ArgumentFacts], in frame: Frame, at offset: Int
    ) -> Value {
        switch receiver {
        case .container(let index):
            let first = arguments.first.map { evaluate($0.value, in: frame, name: nil) } ?? .unknown
            guard frame.live else { return .unknown }
            switch name {
            case "pushViewController", "push", "show":
                push(first, on: index)
            case "setViewControllers", "setRootViewController", "setRootModule", "setRoot", "setRootController":
                replace(index, with: first)
                if containers[index].kind == .tabBar { tabsSetAt[index] = SiteKey(file: frame.file, offset: offset) }
            case "present", "presentModule", "presentViewController":
                present(first, on: index)
            default:
                break
            }
            return .unknown
        case .list(let elements):
            guard let closure = arguments.last.map({ evaluate($0.value, in: frame, name: nil) }),
                case .closure(let parameter, let body, let start, let box) = closure, let defining = box.frame
            else { return .unknown }
            var results: [Value] = []
            for element in elements {
                let inner = Frame(instance: defining.instance, file: defining.file, parent: defining, live: defining.live)
                inner.locals[parameter ?? "$0"] = element
                let function = enclosingFunction(of: start, in: defining)
                if let function { runStatements(of: function, closure: start, in: inner) }
                results.append(body.map { evaluate($0, in: inner, name: nil) } ?? .unknown)
            }
            switch name {
            case "map", "compactMap": return .list(results)
            case "flatMap": return .list(results.flatMap { if case .list(let inner) = $0 { inner } else { [$0] } })
            default: return .unknown
            }
        case .object(let object):
            guard let function = function(name, in: object.className), !function.isStatic else { return .unknown }
            return run(
                function, of: object, arguments: arguments.map { ($0.label, .later($0.value, frame)) }, live: frame.live)
        case .enumCase(let type, let caseName):
            guard let function = enumMember(name, type: type, caseName: caseName)?.function else { return .unknown }
            let inner = Frame(instance: frame.instance, file: function.file, live: frame.live)
            inner.locals["self"] = receiver
            return returned(function.returns, in: inner)
        default:
            return .unknown
        }
    }

    /// The function whose body holds the closure that starts at `start`.
    private func enclosingFunction(of start: Int, in frame: Frame) -> FunctionFacts? {
        allFunctions(of: frame.instance.className).first { function in
            function.file == frame.file
                && (function.calls.contains { $0.closure == start } || function.bindings.contains { $0.closure == start }
                    || function.assignments.contains { $0.closure == start })
        }
    }

    /// The value of a dotted path: a local, a parameter, a property of the instance, an enum case,
    /// `allCases`, a raw value or per-case property.
    private mutating func resolve(_ path: String, in frame: Frame) -> Value {
        var components = path.split(separator: ".").map(String.init)
        guard let first = components.first else { return .unknown }
        components.removeFirst()
        var value: Value
        if first == "self" {
            if let local = lookup("self", in: frame) {
                value = local
            } else if let property = components.first {
                components.removeFirst()
                value = read(property: property, of: frame.instance, live: frame.live)
            } else {
                return .unknown
            }
        } else if let local = lookup(first, in: frame) {
            value = local
        } else if property(first, of: frame.instance.className) != nil {
            value = read(property: first, of: frame.instance, live: frame.live)
        } else if types[first]?.kind == .enum, let next = components.first {
            components.removeFirst()
            let cases = types[first]?.cases ?? []
            if next == "allCases" {
                value = .list(cases.map { .enumCase(type: first, name: $0.name) })
            } else if cases.contains(where: { $0.name == next }) {
                value = .enumCase(type: first, name: next)
            } else {
                return .unknown
            }
        } else {
            return .unknown
        }
        for component in components {
            value = member(component, of: value, in: frame)
        }
        return value
    }

    private mutating func member(_ name: String, of value: Value, in frame: Frame) -> Value {
        switch value {
        case .enumCase(let type, let caseName):
            if name == "rawValue" { return rawValue(of: caseName, type: type) }
            guard let property = enumMember(name, type: type, caseName: caseName)?.property else { return .unknown }
            let inner = Frame(instance: frame.instance, file: frame.file, live: frame.live)
            inner.locals["self"] = value
            return returned(property.returns, in: inner)
        case .container(let index):
            if name == "tabBarItem" { return .tabItem(containers[index].tabItem) }
            // `router.navigationController`, `navigationController.tabBarController`: the same container or one unknown.
            return ["navigationController", "rootViewController", "viewController", "toPresent"].contains(name) ? value : .unknown
        case .viewController(let index):
            return name == "tabBarItem" ? .tabItem(viewControllers[index].tabItem) : .unknown
        case .tabItem(let item):
            switch name {
            case "tag": return item.tag.map { .integer($0) } ?? .unknown
            case "title": return item.title.map { .string($0) } ?? .unknown
            default: return .unknown
            }
        case .object(let object):
            return read(property: name, of: object, live: frame.live)
        default:
            return .unknown
        }
    }

    private mutating func lookup(_ name: String, in frame: Frame) -> Value? {
        var current: Frame? = frame
        while let scope = current {
            if let value = scope.locals[name] { return value }
            if let (facts, caller) = scope.pending.removeValue(forKey: name) {
                let value = evaluate(facts, in: caller, name: name)
                scope.locals[name] = value
                return value
            }
            current = scope.parent
        }
        return nil
    }

    /// A stored property's value, made from its initial value the first time it is read.
    private mutating func read(property name: String, of instance: Instance, live: Bool) -> Value {
        if let value = instance.properties[name] { return value }
        guard let facts = property(name, of: instance.className), let initial = facts.value else { return .unknown }
        instance.properties[name] = .unknown
        let frame = Frame(instance: instance, file: types[instance.className]?.file ?? "", live: live)
        let value = evaluate(initial, in: frame, name: name)
        instance.properties[name] = value
        return value
    }

    // MARK: Effects

    private mutating func assign(_ facts: ValueFacts, to target: String, in frame: Frame, at offset: Int) {
        var components = target.split(separator: ".").map(String.init)
        guard let last = components.popLast() else { return }
        let value = evaluate(facts, in: frame, name: last)
        if components.isEmpty || components == ["self"] {
            if components.isEmpty, lookup(last, in: frame) != nil {
                frame.locals[last] = value
            } else {
                frame.instance.properties[last] = value
            }
            return
        }
        let receiverPath = components.joined(separator: ".")
        if last == "rootViewController", components.last?.lowercased().hasSuffix("window") == true {
            if frame.live, let index = value.container { placeInWindow(index) }
            return
        }
        if components.last == "tabBarItem" {
            let owner = resolve(components.dropLast().joined(separator: "."), in: frame)
            updateTabItem(of: owner) { item in
                switch (last, value) {
                case ("title", .string(let title)): item.title = title
                case ("image", .string(let icon)): item.icon = icon
                case ("tag", .integer(let tag)): item.tag = tag
                default: break
                }
            }
            return
        }
        let receiver = resolve(receiverPath, in: frame)
        switch last {
        case "tabBarItem":
            if case .tabItem(let item) = value { updateTabItem(of: receiver) { $0 = item } }
        case "title":
            if case .string(let title) = value {
                updateTabItem(of: receiver) { item in if item.title == nil { item.title = title } }
            }
        case "selectedIndex":
            if frame.live, let index = receiver.container, case .integer(let selected) = value {
                containers[index].selectedIndex = selected
            }
        case "viewControllers":
            if frame.live, let index = receiver.container {
                replace(index, with: value)
                if containers[index].kind == .tabBar { tabsSetAt[index] = SiteKey(file: frame.file, offset: offset) }
            }
        default:
            break
        }
    }

    private mutating func updateTabItem(of value: Value, _ change: (inout TabItem) -> Void) {
        switch value {
        case .container(let index): change(&containers[index].tabItem)
        case .viewController(let index): change(&viewControllers[index].tabItem)
        default: break
        }
    }

    private mutating func push(_ value: Value, on index: Int) {
        guard containers[index].kind == .navigation else { return }
        switch value {
        case .viewController:
            containers[index].stack.append(value)
        case .container(let embedded):
            if place(embedded, in: index) { containers[index].stack.append(value) }
        default:
            break
        }
    }

    private mutating func replace(_ index: Int, with value: Value) {
        let elements: [Value]
        switch value {
        case .list(let list): elements = list
        case .viewController, .container: elements = [value]
        default: return
        }
        let kept = elements.filter { element in
            switch element {
            case .viewController: true
            case .container(let child): place(child, in: index)
            default: false
            }
        }
        if containers[index].kind == .navigation { containers[index].stack = kept } else { containers[index].tabs = kept }
    }

    private mutating func present(_ value: Value, on index: Int) {
        guard let presented = value.container else { return }
        var top = index
        while let next = containers[top].presented { top = next }
        if place(presented, in: top) { containers[top].presented = presented }
    }

    private mutating func placeInWindow(_ index: Int) {
        guard window == nil, !placed.contains(index) else { return }
        placed.insert(index)
        window = index
    }

    /// Records `child` as placed inside `parent`, unless it is placed already or would be inside itself.
    private mutating func place(_ child: Int, in parent: Int) -> Bool {
        guard !placed.contains(child), child != parent, window != child else { return false }
        var ancestor: Int? = parent
        while let current = ancestor {
            if current == child { return false }
            ancestor = parentOf[current]
        }
        placed.insert(child)
        parentOf[child] = parent
        return true
    }

    private mutating func makeContainer(_ kind: ContainerKind, _ className: String, name: String, in frame: Frame) -> Int {
        let container = Container(kind: kind, className: className, name: name)
        container.creator = frame.instance.owner ?? frame.instance.id
        containers.append(container)
        frame.instance.made.append(containers.count - 1)
        return containers.count - 1
    }

    private mutating func makeViewController(_ className: String, in frame: Frame) -> Value {
        viewControllers.append(ViewController(className: className, owner: frame.instance.owner))
        return .viewController(viewControllers.count - 1)
    }

    // MARK: Declarations

    /// Lookups the evaluation repeats thousands of times, computed once per class.
    private final class Memo {
        var lineage: [String: [String]] = [:]
        var functions: [String: [FunctionFacts]] = [:]
        var properties: [String: [PropertyFacts]] = [:]
        var calls: [SiteKey: (FunctionFacts, CallFacts)?] = [:]
    }
    private let memo = Memo()

    /// The class and what it inherits from, its own name first, then in name order.
    private func lineage(of className: String) -> [String] {
        if let known = memo.lineage[className] { return known }
        let lineage = [className] + Convention.ancestors(of: className, in: types).sorted()
        memo.lineage[className] = lineage
        return lineage
    }

    private func containerKind(_ className: String) -> ContainerKind? {
        let lineage = lineage(of: className)
        if lineage.contains("UINavigationController") { return .navigation }
        if lineage.contains("UITabBarController") || className.hasSuffix("TabBarController") { return .tabBar }
        return nil
    }

    private func isViewControllerName(_ name: String) -> Bool {
        guard !coordinatorClasses.contains(name), containerKind(name) == nil else { return false }
        return name.hasSuffix("Controller") || lineage(of: name).contains("UIViewController")
    }

    /// The functions of a class and of what it inherits from, its own first.
    private func allFunctions(of className: String) -> [FunctionFacts] {
        if let known = memo.functions[className] { return known }
        let functions = lineage(of: className).flatMap { types[$0]?.functions ?? [] }
        memo.functions[className] = functions
        return functions
    }

    private func function(_ name: String, in className: String) -> FunctionFacts? {
        allFunctions(of: className).first { $0.name == name }
    }

    private func properties(of className: String) -> [PropertyFacts] {
        if let known = memo.properties[className] { return known }
        let properties = lineage(of: className).flatMap { types[$0]?.properties ?? [] }
        memo.properties[className] = properties
        return properties
    }

    private func property(_ name: String, of className: String) -> PropertyFacts? {
        properties(of: className).first { $0.name == name }
    }

    /// The initializer whose labels match the arguments, else the first.
    private func initializer(of className: String, matching arguments: [(label: String?, value: Value)]) -> FunctionFacts? {
        let initializers = allFunctions(of: className).filter { $0.name == "init" }
        let labels = arguments.map(\.label)
        return initializers.first { $0.parameters.map(\.label) == labels } ?? initializers.first
    }

    /// A function or computed property of an enum, found by the enum's name or, for `.home` written
    /// without it, by an enum that has such a case and member.
    private func enumMember(_ name: String, type: String?, caseName: String) -> (
        function: FunctionFacts?, property: PropertyFacts?
    )? {
        let candidates = type.map { [$0] } ?? types.keys.sorted().filter { types[$0]?.kind == .enum }
        for candidate in candidates {
            guard let facts = types[candidate], facts.kind == .enum, facts.cases.contains(where: { $0.name == caseName })
            else { continue }
            let function = facts.functions.first { $0.name == name && !$0.isStatic }
            let property = facts.properties.first { $0.name == name }
            if function != nil || property != nil { return (function, property) }
        }
        return nil
    }

    private func rawValue(of caseName: String, type: String?) -> Value {
        guard let type, let cases = types[type]?.cases, let position = cases.firstIndex(where: { $0.name == caseName }) else {
            return .unknown
        }
        switch cases[position].rawValue {
        case .integer(let number)?: return .integer(number)
        case .string(let text)?: return .string(text)
        case nil:
            // Int raw values count up from the last written one, or from 0.
            if let written = cases[..<position].lastIndex(where: { $0.rawValue != nil }),
                case .integer(let number)? = cases[written].rawValue
            {
                return .integer(number + position - written)
            }
            return .integer(position)
        default: return .unknown
        }
    }

    private func call(at key: SiteKey, in className: String) -> (FunctionFacts, CallFacts)? {
        if let known = memo.calls[key] { return known }
        var found: (FunctionFacts, CallFacts)?
        for function in allFunctions(of: className) where function.file == key.file {
            if let call = function.calls.first(where: { $0.offset == key.offset }) {
                found = (function, call)
                break
            }
        }
        memo.calls[key] = found
        return found
    }

    private func lowerFirst(_ name: String) -> String {
        let trimmed = name.hasPrefix("UI") ? String(name.dropFirst(2)) : name
        return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }

    // MARK: Output

    /// The containers as document drafts, each coordinator's container, and the window.
    func output(coordinators: [CoordinatorDraft]) -> (
        containers: [ContainerDraft], navigation: [String: String], window: String?, tabsSetAt: [String: SiteKey]
    ) {
        // Which coordinator drives which container: one it made and kept, a tab bar first, else the
        // first property that holds one.
        var drives: [String: Int] = [:]
        for node in coordinators {
            guard let instance = instances[node.id] else { continue }
            let held = properties(of: node.className).compactMap { instance.properties[$0.name]?.heldContainer }
            let own = held.filter(instance.made.contains)
            drives[node.id] = own.first { containers[$0].kind == .tabBar } ?? own.first ?? held.first
        }
        let kept = Set(drives.values).union(placed).union(window.map { [$0] } ?? []).union(
            containers.indices.filter { !containers[$0].stack.isEmpty || !containers[$0].tabs.isEmpty })
        var ids: [Int: String] = [:]
        var used: Set<String> = []
        for index in containers.indices where kept.contains(index) {
            let base = containers[index].creator + "." + containers[index].name
            var id = base
            var number = 2
            while !used.insert(id).inserted {
                id = "\(base)#\(number)"
                number += 1
            }
            ids[index] = id
        }
        var drafts: [ContainerDraft] = []
        for index in containers.indices {
            guard let id = ids[index] else { continue }
            let container = containers[index]
            var draft = ContainerDraft(id: id, kind: container.kind, className: container.className)
            draft.presented = container.presented.flatMap { ids[$0] }
            switch container.kind {
            case .navigation:
                draft.stack = container.stack.compactMap { entry in
                    switch entry {
                    case .viewController(let vc):
                        return ViewControllerDraft(className: viewControllers[vc].className, owner: viewControllers[vc].owner)
                    case .container(let embedded):
                        guard let embeddedID = ids[embedded] else { return nil }
                        return ViewControllerDraft(
                            className: containers[embedded].className, owner: nil, embeds: embeddedID)
                    default:
                        return nil
                    }
                }
            case .tabBar:
                draft.tabs = container.tabs.compactMap { entry in
                    switch entry {
                    case .viewController(let vc):
                        let item = viewControllers[vc].tabItem
                        return TabDraft(
                            title: item.title, icon: item.icon, tag: item.tag,
                            content: .viewController(
                                ViewControllerDraft(
                                    className: viewControllers[vc].className, owner: viewControllers[vc].owner)))
                    case .container(let embedded):
                        guard let embeddedID = ids[embedded] else { return nil }
                        let item = containers[embedded].tabItem
                        return TabDraft(title: item.title, icon: item.icon, tag: item.tag, content: .container(embeddedID))
                    default:
                        return nil
                    }
                }
                if let selected = container.selectedIndex, selected >= 0, selected < draft.tabs.count {
                    draft.selectedIndex = selected
                }
            }
            drafts.append(draft)
        }
        let tabSources = Dictionary(uniqueKeysWithValues: tabsSetAt.compactMap { index, key in ids[index].map { ($0, key) } })
        return (drafts, drives.compactMapValues { ids[$0] }, window.flatMap { ids[$0] }, tabSources)
    }
}
