import CoordinatorModel

/// The values of expressions: calls, constructions, paths, members, enum cases.
extension ContainerEvaluator {
    // MARK: Expressions

    mutating func evaluate(_ facts: ValueFacts, in frame: Frame, name: String?) -> Value {
        switch facts {
        case .call(let base, let callee, let arguments, let offset):
            return evaluateCall(base: base, name: callee, arguments: arguments, offset: offset, in: frame, name: name)
        case .reference(let path):
            return resolve(path, in: frame)
        case .caseName(let name):
            return .enumCase(type: nil, name: name)
        case .instance(let typeName, let value):
            if isViewControllerName(typeName) { return makeViewController(typeName, in: frame) }
            // `step as? AppStep`: a case of that enum stays itself; what else a cast gives is not known.
            guard kind(of: typeName) == .enum, case .enumCase(let type, let name) = evaluate(value, in: frame, name: nil),
                type == nil || type == typeName
            else { return .unknown }
            return .enumCase(type: typeName, name: name)
        case .string(let text):
            return .string(text)
        case .integer(let number):
            return .integer(number)
        case .array(let elements):
            return .list(elements.map { evaluate($0, in: frame, name: name) })
        case .closure(let parameters, let body, let start):
            return .closure(parameters: parameters, body: body, start: start, frame: WeakFrame(frame))
        case .calledClosure(let start):
            return runInPlace(closure: start, in: frame)
        case .boolean(let value):
            return .boolean(value)
        case .choice(let condition, let then, let otherwise):
            // A condition the evaluation knows (a build setting's constant) picks its branch; else
            // both run, and the value is the second's, as the later branch of an `if` wins.
            if case .boolean(let known) = evaluate(condition, in: frame, name: nil) {
                return evaluate(known ? then : otherwise, in: frame, name: name)
            }
            _ = evaluate(then, in: frame, name: name)
            return evaluate(otherwise, in: frame, name: name)
        case .other:
            return .unknown
        }
    }

    mutating func evaluateCall(
        base: String?, name: String, arguments: [ArgumentFacts], offset: Int, in frame: Frame, name hint: String?
    ) -> Value {
        let key = CallKey(offset: offset, name: name)
        if let done = frame.results[key] { return done }
        frame.results[key] = .unknown
        let value = call(base: base, name: name, arguments: arguments, offset: offset, in: frame, hint: hint)
        frame.results[key] = value
        return value
    }

    /// Methods that call their closure at once with the receiver (the `Then` style): `x.tap { $0… }`.
    static let receiverClosures: Set<String> = ["tap", "then", "do", "apply"]

    mutating func call(
        base: String?, name: String, arguments: [ArgumentFacts], offset: Int, in frame: Frame, hint: String?
    ) -> Value {
        let base = base.map { Self.dealias($0, in: frame) }
        if let base, base != "?", Self.receiverClosures.contains(name), arguments.count == 1,
            case .closure(let parameters, _, let start) = arguments[0].value
        {
            // The closure runs now, its parameter standing for the receiver.
            let inner = Frame(instance: frame.instance, file: frame.file, parent: frame, live: frame.live)
            inner.aliases[parameters.first ?? "$0"] = base
            if let function = enclosingFunction(of: start, in: frame) { runStatements(of: function, closure: start, in: inner) }
            return resolve(base, in: frame)
        }
        let instance = frame.instance
        // The calls written at this offset, in source order: a chain (`a.make().start()`) shares its
        // start. Looked at in place, by index: nearly every call is alone at its offset, and a list of
        // copies made for each call evaluated was 0.6% of a re-index's instructions; a lazy filter
        // still copied each call it tested.
        let calls = frame.body?.calls ?? []
        var chained = 0
        var outermost: String?
        for index in calls.indices where calls[index].offset == offset {
            chained += 1
            if outermost == nil, calls[index].name != startMethod { outermost = calls[index].name }
        }
        // In a chain, the creation is its outermost call but a start: `factory.make(…).start()`.
        let creating = chained > 1 ? outermost : name
        // A coordinator made here: start it with what is passed.
        if creating == name, let childID = child(of: instance, at: SiteKey(file: frame.file, offset: offset)) {
            if let made = throughFactory(childID, base: base, name: name, arguments: arguments, in: frame) { return made }
            let values = arguments.map { ($0.label, evaluate($0.value, in: frame, name: nil)) }
            // Started where the code calls its start method, else when the creating function ends.
            if let made = create(childID, arguments: values, live: frame.live), frame.live {
                frame.function.created.append(made)
            }
            return instances[childID].map { .object($0) } ?? .unknown
        }
        // A function declared in the body hides the instance's methods of its name.
        if base == nil, let value = callLocalFunction(name, arguments: arguments, in: frame) { return value }
        // In a method of the app's extensions of UIKit's view controllers, what the body asks of
        // itself is asked of the screen or container it runs on.
        if let receiver = frame.receiver, base == nil && name != "init" || base == "self" {
            return method(name, on: receiver, arguments: arguments, in: frame, at: offset)
        }
        // One of the instance's own methods: run it, arguments evaluated when the body reads them.
        // `.init(…)` with no type before it makes a value of the type its context expects, never one of this class.
        if base == nil && name != "init" || base == "self",
            let function = function(name, in: instance.className, labels: arguments.map(\.label)), !function.isStatic
        {
            return run(
                function, of: instance, arguments: arguments.map { ($0.label, .later($0.value, frame)) }, live: frame.live)
        }
        if base == nil || base == "self", let value = callClosure(named: name, arguments: arguments, in: frame) {
            return value
        }
        if base == nil || base == "self", let held = instance.container, Self.splitOwnMethods.contains(name) {
            // A split view controller of the app's own calling UIKit's methods on itself.
            return method(name, on: .container(held), arguments: arguments, in: frame, at: offset)
        }
        if base == "?" || base == "super", name == "init", let declaring = frame.declaring {
            // `super.init(navigationController:)`: a base class that keeps the navigation controller.
            let superclass = types[declaring]?.inherited.first { types[$0]?.kind == .class }
            let values = arguments.map { ($0.label, evaluate($0.value, in: frame, name: nil)) }
            if superclass == nil, let library = libraryBase(of: declaring) {
                libraryInit(library, of: instance, arguments: values, in: frame)
                return .unknown
            }
            guard let superclass, let initializer = initializer(of: superclass, matching: values) else { return .unknown }
            return run(initializer, of: instance, arguments: values.map { ($0.0, .value($0.1)) }, live: frame.live)
        }
        if let base, name == "makeKeyAndVisible", frame.live {
            makeKey(base)
            return .unknown
        }
        if base == "?" {
            // The chain's calls, by their places among the body's: a call is copied only when evaluated.
            let chain = calls.indices.filter { calls[$0].offset == offset }
            if arguments.isEmpty, !chain.contains(where: { calls[$0].name == name }), let first = chain.first {
                // `Coordinator().strongRouter`: a property of what the chain's call returns.
                let inner = calls[first]
                let receiver = evaluateCall(
                    base: inner.base, name: inner.name, arguments: inner.arguments, offset: offset, in: frame, name: nil)
                return member(name, of: receiver, in: frame)
            }
            if let position = chain.firstIndex(where: { calls[$0].name == name }), position + 1 < chain.count {
                // `a.make().start()`: the receiver is the value of the call inside this one.
                let inner = calls[chain[position + 1]]
                let receiver = evaluateCall(
                    base: inner.base, name: inner.name, arguments: inner.arguments, offset: offset, in: frame, name: nil)
                return method(name, on: receiver, arguments: arguments, in: frame, at: offset)
            }
        }
        if modelsRxFlow, let value = flowCall(base: base, name: name, arguments: arguments, in: frame) { return value }
        if base == nil, let value = implicitMember(name, arguments: arguments, in: frame) { return value }
        if name.utf8.count == 7, name == "resolve", let screen = resolvedScreen(arguments) {
            // A dependency container's `container.resolve(LoginViewController.self)`: a new screen of that class.
            return construct(screen, arguments: [], in: frame, hint: hint)
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

    /// `builder.app(navigation: navigation)`: a factory method of an object of the app's runs, and the
    /// coordinator its body makes, with what it passes (`builder: self`), is the node the call creates.
    mutating func throughFactory(
        _ childID: String, base: String?, name: String, arguments: [ArgumentFacts], in frame: Frame
    ) -> Value? {
        guard let base, let className = classOfNode[childID], name != className, factoryTargets[className] == nil else {
            return nil
        }
        let labels = arguments.map(\.label)
        let factory: Instance
        if case .object(let object) = resolve(base, in: frame) {
            factory = object
        } else if let only = factoryClass(declaring: name, labels: labels) {
            // `factories.makeOnboarding().makeCoordinator(…)`: a receiver made by a chain of calls is
            // the one class of the app that declares such a factory.
            factory = register(Instance(id: frame.instance.id + ">" + only, className: only, owner: frame.instance.owner))
        } else {
            return nil
        }
        guard !factory.isCoordinator, let function = function(name, in: factory.className, labels: labels), !function.isStatic
        else { return nil }
        factoryTargets[className] = (childID, frame.live)
        defer { factoryTargets[className] = nil }
        _ = run(function, of: factory, arguments: arguments.map { ($0.label, .later($0.value, frame)) }, live: frame.live)
        guard let made = instances[childID] else { return nil }
        if frame.live, !made.started { frame.function.created.append(made) }
        return .object(made)
    }

    /// The one class (not a coordinator) that declares an instance method `name` with these labels, if only one does.
    func factoryClass(declaring name: String, labels: [String?]) -> String? {
        if memo.instanceMethods == nil {
            // Every class's instance methods by name, gathered once for all the questions of the run.
            var owners: [String: [String]] = [:]
            for type in types.values { Memo.addInstanceMethods(of: type, to: &owners, coordinatorClasses: coordinatorClasses) }
            memo.instanceMethods = owners
        }
        // Most names no class of the app's declares: answered without making the key of the labels.
        guard let owners = memo.instanceMethods?[name] else { return nil }
        let key = ([name] + labels.map { $0 ?? "_" }).joined(separator: ":")
        if let known = memo.factories[key] { return known }
        let declaring = owners.filter { owner in
            types[owner]?.functions.contains { $0.name == name && !$0.isStatic && Self.labels(of: $0.parameters, are: labels) }
                == true
        }
        let found = declaring.count == 1 ? declaring[0] : nil
        memo.factories[key] = .some(found)
        return found
    }

    /// A method called on a value: container effects, `map` and `forEach` over lists, per-case functions of enums.
    mutating func method(
        _ name: String, on receiver: Value, arguments: [ArgumentFacts], in frame: Frame, at offset: Int
    ) -> Value {
        // `module.toPresent()`, `module.toPresentable()`: a screen or container handed to a router is itself.
        if name == "toPresent" || name == "toPresentable" {
            switch receiver {
            case .container, .viewController: return receiver
            default: break
            }
        }
        // A method the app adds to UIKit's view controllers: run on the screen or container, at launch.
        if frame.live, let function = kitExtensionMethod(name, labels: arguments.map(\.label), on: receiver) {
            return runKitExtension(function, on: receiver, arguments: arguments, in: frame)
        }
        switch receiver {
        case .container(let index):
            let first = arguments.first.map { evaluate($0.value, in: frame, name: nil) } ?? .unknown
            guard frame.live else { return .unknown }
            switch name {
            case "pushViewController", "push", "show":
                push(first, on: index)
            case "setViewControllers", "setRootViewController", "setRootModule", "setRoot", "setRootController":
                // A custom tab bar's variadic `setViewControllers(home, search, profile)`: every unlabeled argument.
                let unlabeled = arguments.filter { $0.label == nil }
                let value =
                    unlabeled.count > 1 ? .list(unlabeled.map { evaluate($0.value, in: frame, name: nil) }) : first
                replace(index, with: value)
                if containers[index].kind == .tabBar { tabsSetAt[index] = SiteKey(file: frame.file, offset: offset) }
            case "present", "presentModule", "presentViewController":
                present(first, on: index)
            case "popViewController", "popModule":
                pop(index, toRoot: false)
            case "popToRootViewController", "popToRootModule", "popToRoot":
                pop(index, toRoot: true)
            case "dismiss", "dismissModule":
                dismiss(index)
            case "setViewController" where containers[index].kind == .split:
                // `setViewController(list, for: .primary)`.
                if let target = arguments.first(where: { $0.label == "for" }),
                    case .enumCase(_, let name) = evaluate(target.value, in: frame, name: nil),
                    let column = SplitColumn(rawValue: name)
                {
                    setColumn(column, of: index, to: first)
                }
            case "showDetailViewController" where containers[index].kind == .split:
                setColumn(.secondary, of: index, to: first)
            default:
                break
            }
            return .unknown
        case .list(let elements):
            guard let closure = arguments.last.map({ evaluate($0.value, in: frame, name: nil) }),
                case .closure(let parameters, let body, let start, let box) = closure, let defining = box.frame
            else { return .unknown }
            var results: [Value] = []
            for element in elements {
                results.append(runClosure(parameters: parameters, body: body, start: start, in: defining, with: [element]))
            }
            switch name {
            case "map", "compactMap": return .list(results)
            case "flatMap": return .list(results.flatMap { if case .list(let inner) = $0 { inner } else { [$0] } })
            default: return .unknown
            }
        case .object(let object):
            if object.isCoordinator, function(name, in: object.className) == nil,
                libraryBase(of: object.className) != nil
                    || lineage(of: object.className).contains(where: { libraryBase(of: $0) != nil })
            {
                // A library coordinator: `setRoot(for: window)`, `trigger(.route)`.
                let first = arguments.first.map { evaluate($0.value, in: frame, name: nil) } ?? .unknown
                if name == "setRoot", frame.live, let root = presentable(receiver).container {
                    placeInWindow(root, path: "window")
                } else if name == "trigger" {
                    trigger(first, on: object, live: frame.live)
                }
                return .unknown
            }
            if object.isCoordinator, name == startMethod {
                // `child.start()`, `child.start(with: navigationController)`: once, when the code says.
                guard frame.live, self.live.contains(object.id) else { return .unknown }
                return runStart(of: object, arguments: arguments.map { ($0.label, .later($0.value, frame)) })
            }
            guard let function = function(name, in: object.className, labels: arguments.map(\.label)), !function.isStatic
            else { return .unknown }
            // A screen a factory or router makes for a coordinator is that coordinator's.
            let saved = screenOwner
            defer { screenOwner = saved }
            if !object.isCoordinator, screenOwner == nil { screenOwner = .some(frame.instance.owner) }
            return run(
                function, of: object, arguments: arguments.map { ($0.label, .later($0.value, frame)) }, live: frame.live)
        case .enumCase(let type, let caseName):
            guard let function = enumMember(name, type: type, caseName: caseName)?.function else { return .unknown }
            let inner = Frame(instance: frame.instance, file: function.file, live: frame.live)
            inner.locals["self"] = receiver
            return returned(function.returns, in: inner)
        case .viewController(let index):
            return showChild(name, on: index, arguments: arguments, in: frame)
        default:
            return .unknown
        }
    }

    /// The value of a dotted path: a local, a parameter, a property of the instance, an enum case,
    /// `allCases`, a raw value or per-case property.
    mutating func resolve(_ path: String, in frame: Frame) -> Value {
        var names = DottedNames(path)
        guard let first = names.next(), !first.isEmpty else { return .unknown }
        var value: Value
        if first == "self" {
            if let local = lookup("self", in: frame) {
                value = local
            } else if let property = names.next() {
                value = read(property: property, of: frame.instance, live: frame.live)
            } else {
                // `builder: self`, `navigator: self`: the object itself, whose methods and properties run when used.
                return .object(frame.instance)
            }
        } else if let local = lookup(first, in: frame) {
            value = local
        } else if property(first, of: frame.instance.className) != nil {
            value = read(property: first, of: frame.instance, live: frame.live)
        } else if kind(of: first) == .enum, let next = names.peek(),
            next == "allCases" || types[first]?.cases.contains(where: { $0.name == next }) == true
        {
            _ = names.next()
            let cases = types[first]?.cases ?? []
            value =
                next == "allCases"
                ? .list(cases.map { .enumCase(type: first, name: $0.name) }) : .enumCase(type: first, name: next)
        } else if let next = names.peek(), let kind = kind(of: first), kind != .protocol,
            let constant = property(next, of: first), !constant.isComputed, let literal = Self.literal(constant.value)
        {
            // `BuildSettings.newAppLayoutEnabled`: a type's static constant written as a literal. One made
            // by a call (`static let shared = Services()`) is not made again at each read: it stays unknown.
            _ = names.next()
            value = literal
        } else {
            return .unknown
        }
        while let component = names.next() {
            value = member(component, of: value, in: frame)
        }
        return value
    }

    /// The value of a literal (`true`, `3`, `"home"`), nil for any other expression.
    static func literal(_ facts: ValueFacts?) -> Value? {
        switch facts {
        case .boolean(let value): .boolean(value)
        case .integer(let value): .integer(value)
        case .string(let value): .string(value)
        default: nil
        }
    }

    mutating func member(_ name: String, of value: Value, in frame: Frame) -> Value {
        switch value {
        case .enumCase(let type, let caseName):
            if name == "rawValue" { return rawValue(of: caseName, type: type) }
            // A computed property of the enum, or of a protocol it conforms to (`extension Step { var app: AppStep? { … } }`).
            guard
                let property = enumMember(name, type: type, caseName: caseName)?.property
                    ?? type.flatMap({ self.property(name, of: $0) }).flatMap({ $0.isComputed ? $0 : nil })
            else { return .unknown }
            let inner = Frame(instance: frame.instance, file: frame.file, live: frame.live)
            inner.locals["self"] = value
            return returned(property.returns, in: inner)
        case .container(let index):
            if name == "tabBarItem" { return .tabItem(containers[index].tabItem) }
            // `router.navigationController`, `navigationController.tabBarController`: the same container or one unknown.
            return ["navigationController", "rootViewController", "viewController", "toPresent"].contains(name) ? value : .unknown
        case .viewController(let index):
            if name == "navigationController" {
                // UIKit's `navigationController`: the navigation container whose stack holds the screen.
                let holder = containers.indices.last { container in
                    containers[container].kind == .navigation
                        && containers[container].stack.contains { if case .viewController(index) = $0 { true } else { false } }
                }
                return holder.map { .container($0) } ?? .unknown
            }
            return name == "tabBarItem" ? .tabItem(viewControllers[index].tabItem) : .unknown
        case .tabItem(let item):
            switch name {
            case "tag": return item.tag.map { .integer($0) } ?? .unknown
            case "title": return item.title.map { .string($0) } ?? .unknown
            default: return .unknown
            }
        case .object(let object):
            // `coordinator.strongRouter`: a library's router stands for its coordinator.
            if object.isCoordinator, Self.libraryRouters.contains(name), property(name, of: object.className) == nil {
                return value
            }
            return read(property: name, of: object, live: frame.live)
        default:
            return .unknown
        }
    }

    /// The coordinator a builder's property read at `offset` makes (`let weather = builder.weather`), if it makes one.
    mutating func createdByRead(at offset: Int, path: ValueFacts, in frame: Frame) -> Value? {
        guard let childID = child(of: frame.instance, at: SiteKey(file: frame.file, offset: offset)) else { return nil }
        // The builder's property runs, so the coordinator gets what the builder gives it.
        if case .reference(let path) = path, let dot = path.lastIndex(of: "."), let className = classOfNode[childID],
            factoryTargets[className] == nil, case .object(let builder) = resolve(String(path[..<dot]), in: frame),
            !builder.isCoordinator
        {
            factoryTargets[className] = (childID, frame.live)
            let name = String(path[path.index(after: dot)...])
            if property(name, of: builder.className) != nil {
                builder.properties[name] = nil
                _ = read(property: name, of: builder, live: frame.live)
                builder.properties[name] = nil
            }
            factoryTargets[className] = nil
        }
        _ = create(childID, arguments: [], live: frame.live)
        guard let made = instances[childID] else { return nil }
        if frame.live, !made.started { frame.function.created.append(made) }
        return .object(made)
    }

    mutating func lookup(_ name: String, in frame: Frame) -> Value? {
        var current: Frame? = frame
        // Most frames hold few names, and many none: an empty dictionary is not asked, as asking hashes the name.
        while let scope = current {
            if !scope.locals.isEmpty, let value = scope.locals[name] { return value }
            if !scope.pending.isEmpty, let (facts, caller) = scope.pending.removeValue(forKey: name) {
                let value = evaluate(facts, in: caller ?? scope, name: name)
                scope.locals[name] = value
                return value
            }
            current = scope.parent
        }
        return nil
    }

    /// The file of the type in the class's lineage that declares the property, once per class and
    /// property: every instance reads its properties, and looking through the lineage copies each type's facts.
    func declaringFile(of property: PropertyFacts, in className: String) -> String {
        let key = DeclaringKey(className: className, property: property.name, offset: property.nameOffset)
        if let known = memo.declaringFiles[key] { return known }
        var file: String?
        for name in lineage(of: className) {
            guard let type = types[name] else { continue }
            if type.properties.contains(where: { $0.name == property.name && $0.nameOffset == property.nameOffset }) {
                file = type.file
                break
            }
        }
        let found = file ?? types[className]?.file ?? ""
        memo.declaringFiles[key] = found
        return found
    }

    /// A stored property's value, made from its initial value the first time it is read.
    mutating func read(property name: String, of instance: Instance, live: Bool) -> Value {
        if let value = instance.properties[name] { return value }
        guard let facts = property(name, of: instance.className), let initial = facts.value else { return .unknown }
        instance.properties[name] = .unknown
        let frame = Frame(instance: instance, file: declaringFile(of: facts, in: instance.className), live: live)
        // `lazy var fields = builder.fields`: a builder's property that makes a coordinator.
        let value =
            createdByRead(at: facts.nameOffset, path: initial, in: frame) ?? evaluate(initial, in: frame, name: name)
        instance.properties[name] = value
        return value
    }
}
