import CoordinatorModel
import Dispatch

/// Values made by name: containers, tab items, enum cases from raw values, and objects of the
/// app's classes with their stored properties and initializer run.
extension ContainerEvaluator {
    /// `UINavigationController(rootViewController:)`, `HomeViewController()`, `UITabBarItem(...)`, a router around a container.
    mutating func construct(_ className: String, arguments: [ArgumentFacts], in frame: Frame, hint: String?) -> Value {
        if coordinatorClasses.contains(className) {
            // Inside a factory the evaluation follows: the node its caller creates.
            guard let (childID, live) = factoryTargets[className] else { return .unknown }
            let values = arguments.map { ($0.label, evaluate($0.value, in: frame, name: nil)) }
            _ = create(childID, arguments: values, live: live)
            return instances[childID].map { .object($0) } ?? .unknown
        }
        if let kind = containerKind(className) {
            // `_ = UINavigationController(…)` names nothing: the class names it.
            let named = hint.flatMap { $0 == "_" ? nil : $0 }
            let index = makeContainer(kind, className, name: named ?? lowerFirst(className), in: frame)
            if kind == .navigation, let root = arguments.first(where: { $0.label == "rootViewController" }) {
                push(evaluate(root.value, in: frame, name: nil), on: index)
            }
            if kind == .split, let facts = types[className], facts.kind == .class { runOwnSplit(facts, index, arguments, frame) }
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
        if kind(of: className) == .enum, let facts = types[className] {
            // `Tab(rawValue: 2)`: the case with that raw value.
            guard let first = arguments.first, first.label == "rawValue" else { return .unknown }
            let raw = evaluate(first.value, in: frame, name: nil)
            return facts.cases.first { sameRaw(rawValue(of: $0.name, type: className), raw) }
                .map { .enumCase(type: className, name: $0.name) } ?? .unknown
        }
        if kind(of: className) == .class || kind(of: className) == .struct, let facts = types[className] {
            return makeObject(facts, arguments: arguments, in: frame)
        }
        // An object of a class not read, made with a container, stands for that container.
        let wrapped = arguments.compactMap { evaluate($0.value, in: frame, name: nil).container }
        return wrapped.count == 1 ? .container(wrapped[0]) : .unknown
    }

    /// UIKit's methods a split view controller of the app's own calls on itself to set its columns.
    static let splitOwnMethods: Set<String> = [
        "setViewController", "showDetailViewController", "setViewControllers", "present", "show",
    ]

    /// A split view controller class of the app's own: its initializer and `viewDidLoad` run, on an
    /// object that is the container, so the columns its code sets and the coordinators it makes are seen.
    mutating func runOwnSplit(_ facts: TypeFacts, _ index: Int, _ arguments: [ArgumentFacts], _ frame: Frame) {
        let object = register(
            Instance(id: frame.instance.id + ">" + facts.name, className: facts.name, owner: frame.instance.owner))
        object.container = index
        // Coordinators it makes are children of whoever made it, as the tree's extraction decided.
        extraSites[object.id] = (childBySite[frame.instance.id] ?? [:]).merging(extraSites[frame.instance.id] ?? [:]) { a, _ in
            a
        }
        let values = arguments.map { ($0.label, evaluate($0.value, in: frame, name: nil)) }
        for property in properties(of: facts.name) where property.value != nil && !property.isLazy && !property.isComputed {
            _ = read(property: property.name, of: object, live: frame.live)
        }
        if let initializer = initializer(of: facts.name, matching: values) {
            _ = run(initializer, of: object, arguments: values.map { ($0.0, .value($0.1)) }, live: frame.live)
        }
        if let loaded = function("viewDidLoad", in: facts.name, labels: []) {
            _ = run(loaded, of: object, arguments: [], live: frame.live)
        }
    }

    func sameRaw(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.integer(let a), .integer(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        default: false
        }
    }

    /// An instance of one of the app's classes: its stored properties made, its initializer run.
    mutating func makeObject(_ facts: TypeFacts, arguments: [ArgumentFacts], in frame: Frame) -> Value {
        let object: Instance
        if let root = standIn, root.className == facts.name {
            // The root of the tree, made by the delegate's launch entry.
            standIn = nil
            object = root
        } else {
            object = register(
                Instance(id: frame.instance.id + ">" + facts.name, className: facts.name, owner: frame.instance.owner))
        }
        // A cycle (a service whose property makes its owner's class) or a long chain stands unmade:
        // its properties are read when something reads them.
        guard !constructing.contains(facts.name), constructing.count < 6 else { return .object(object) }
        constructing.append(facts.name)
        defer { constructing.removeLast() }
        let initializer = initializer(of: facts.name, labels: arguments.lazy.map(\.label))
        var values: [(label: String?, value: Value)] = []
        for (position, argument) in arguments.enumerated() {
            var value = argument.value
            if case .call(nil, "init", _, _) = value {
                // `.init(…)` makes a value of the type the parameter or the member it sets is declared with.
                let expected =
                    if let initializer {
                        initializer.parameters.count == arguments.count ? initializer.parameters[position].type : nil
                    } else {
                        argument.label.flatMap { property($0, of: facts.name) }.flatMap {
                            FileSummarizer.concreteType($0.typeText)
                        }
                    }
                value = typed(value, as: expected)
            }
            values.append((argument.label, evaluate(value, in: frame, name: nil)))
        }
        for property in properties(of: facts.name) where property.value != nil && !property.isLazy && !property.isComputed {
            _ = read(property: property.name, of: object, live: frame.live)
        }
        if let initializer {
            _ = run(initializer, of: object, arguments: values.map { ($0.label, .value($0.value)) }, live: frame.live)
        } else if facts.kind == .struct {
            setMembers(of: object, to: values)
        }
        return .object(object)
    }

    /// A struct's memberwise initializer, which Swift writes when the struct declares none: each
    /// argument sets the stored property its label names (`Dependencies(window: window, tabs: tabs)`).
    /// Arguments that are not all labelled with stored properties' names are another initializer's.
    mutating func setMembers(of object: Instance, to values: [(label: String?, value: Value)]) {
        let stored = properties(of: object.className).filter { !$0.isComputed }
        let members = values.compactMap { value in value.label.map { ($0, value.value) } }
        guard !members.isEmpty, members.count == values.count,
            members.allSatisfy({ label, _ in stored.contains { $0.name == label } })
        else { return }
        for (label, value) in members { object.properties[label] = value }
    }

    /// `.init(…)` given where a value of a struct or class of the app's is expected: that type's
    /// initializer, as Swift reads it (`HomeFlow(dependencies: .init(navigation: navigation))`).
    func typed(_ facts: ValueFacts, as type: String?) -> ValueFacts {
        guard case .call(nil, "init", let arguments, let offset) = facts, let type,
            kind(of: type) == .struct || kind(of: type) == .class
        else { return facts }
        return .call(base: type, name: "init", arguments: arguments, offset: offset)
    }

    /// `HomeViewController.instantiate()`, `TabPage.allCases.map`, `Self.make()`: calls on a type.
    mutating func typeCall(type: String, name: String, arguments: [ArgumentFacts], in frame: Frame) -> Value {
        if name == "init" { return construct(type, arguments: arguments, in: frame, hint: nil) }
        // An enum named as a screen is no screen, unless it is nested in another type and the screen's
        // class was not read: SwiftGen's `StoryboardScene.HomeViewController` beside `HomeViewController`.
        if isViewControllerName(type), kind(of: type) != .enum || types[type]?.isNested == true {
            return makeViewController(type, in: frame)
        }
        if let facts = types[type], let function = facts.functions.first(where: { $0.name == name && $0.isStatic }),
            let made = function.returnType, isViewControllerName(made)
        {
            return makeViewController(made, in: frame)
        }
        return .unknown
    }

    /// `.pushFlow(navigationController: navigation)`, where a value of a type of the app's is
    /// expected: the static function of that name and those labels that one type of the app's
    /// declares (a protocol's extension gives its conformers such factories), run as that type's,
    /// when it returns a struct or class of the app's. Nil when none or several do, or the name is a type's.
    mutating func implicitMember(_ name: String, arguments: [ArgumentFacts], in frame: Frame) -> Value? {
        guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return nil }
        if memo.staticFunctions == nil {
            // Every static function of the app's with a body, by name, gathered once and carried.
            var owners: [String: [String]] = [:]
            for type in types.values { Memo.addStaticFunctions(of: type, to: &owners) }
            memo.staticFunctions = owners
        }
        guard let owners = memo.staticFunctions?[name] else { return nil }
        let labels = arguments.map(\.label)
        let declared = owners.flatMap { owner in
            (types[owner]?.functions ?? []).lazy.filter {
                $0.name == name && $0.isStatic && $0.hasBody && Self.labels(of: $0.parameters, are: labels)
            }.map { (owner, $0) }
        }
        // Only a factory of a value of the app's (a struct or class) can bear on the screens.
        guard declared.count == 1, let result = declared[0].1.returnType,
            kind(of: result) == .struct || kind(of: result) == .class
        else { return nil }
        let (owner, function) = declared[0]
        let type = register(Instance(id: frame.instance.id + ">" + owner, className: owner, owner: frame.instance.owner))
        return run(function, of: type, arguments: arguments.map { ($0.label, .later($0.value, frame)) }, live: frame.live)
    }

    /// Releases an evaluation's objects, and frees them, on a queue of its own:
    /// thousands of objects and dictionaries, a tenth of the evaluation's own time to free.
    /// Nothing else holds them once the output is taken.
    static func retire(_ evaluator: consuming ContainerEvaluator) {
        // Under LeakSanitizer an evaluation still on the queue when the process ends would be
        // reported as leaked: it is released here, as it was before the queue.
        if LeakSanitizer.checksAtExit {
            var evaluator = evaluator
            evaluator.releaseObjects()
            return
        }
        let retired = Retired(evaluator)
        retiring.async {
            retired.evaluator?.releaseObjects()
            retired.evaluator = nil
        }
    }

    private static let retiring = DispatchQueue(label: "navinspect.evaluation-release", qos: .utility)

    /// An evaluation handed to the queue that frees it: it moves there whole, and no other
    /// thread touches it again, so it crosses threads though its objects are not `Sendable`.
    private final class Retired: @unchecked Sendable {
        var evaluator: ContainerEvaluator?
        init(_ evaluator: consuming ContainerEvaluator) { self.evaluator = evaluator }
    }
}
