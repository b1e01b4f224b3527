import CoordinatorModel

/// Coordinators whose base class comes from XCoordinator, which the app's sources do not contain:
/// what its bases do at launch, modelled here because the evaluator cannot read them.
///
/// A `NavigationCoordinator` owns a navigation controller (its `rootViewController`, given or made)
/// and, made with an `initialRoute`, performs the transition its `prepareTransition(for:)` returns
/// for that route: `.set([…])`, `.push(…)`, `.present(…)`, `.presentFullScreen(…)`, `.multiple(…)`.
/// A `TabBarCoordinator` made with `tabs:` owns a tab bar with each tab's root, `select:` chosen.
/// `setRoot(for: window)` makes the coordinator's root the window's, and `strongRouter`,
/// `weakRouter` and `unownedRouter` stand for the coordinator itself.
extension ContainerEvaluator {
    static let libraryRouters: Set<String> = ["strongRouter", "weakRouter", "unownedRouter", "anyRouter", "router"]

    /// The library base a class inherits from directly, if its declaration is out of sight.
    func libraryBase(of className: String) -> String? {
        types[className]?.inherited.first { name in
            types[name] == nil && ["NavigationCoordinator", "TabBarCoordinator", "ViewCoordinator"].contains(name)
        }
    }

    /// `super.init(rootViewController:initialRoute:)`, `super.init(tabs:select:)` of a library base.
    mutating func libraryInit(
        _ base: String, of instance: Instance, arguments: [(label: String?, value: Value)], in frame: Frame
    ) {
        func argument(_ label: String) -> Value? { arguments.first { $0.label == label }?.value }
        switch base {
        case "NavigationCoordinator":
            let root =
                argument("rootViewController")?.container
                ?? makeContainer(.navigation, "UINavigationController", name: "rootViewController", in: frame)
            instance.properties["rootViewController"] = .container(root)
            // Off the launch the transition would show nothing (a flow's screens are not on screen),
            // and running its route's code for every flow made XCoordinator apps' re-index slow.
            if frame.live, let route = argument("initialRoute") { trigger(route, on: instance, live: true) }
        case "TabBarCoordinator":
            let tabBar = makeContainer(.tabBar, "UITabBarController", name: "rootViewController", in: frame)
            instance.properties["rootViewController"] = .container(tabBar)
            if case .list(let tabs)? = argument("tabs") {
                var roots: [Value] = []
                for tab in tabs { roots.append(presentable(tab)) }
                if frame.live { replace(tabBar, with: .list(roots)) }
                if let select = argument("select"), let selected = presentable(select).container,
                    let position = roots.firstIndex(where: { $0.container == selected })
                {
                    containers[tabBar].selectedIndex = position
                }
            }
        default:
            break
        }
    }

    /// Performs the transition `prepareTransition(for: route)` returns.
    mutating func trigger(_ route: Value, on instance: Instance, live: Bool) {
        guard let prepare = function("prepareTransition", in: instance.className),
            let root = instance.properties["rootViewController"]?.container
        else { return }
        let frame = Frame(instance: instance, file: prepare.file, live: live)
        bind(prepare.parameters, to: [(nil, .value(route))], in: frame)
        runStatements(of: prepare, closure: nil, in: frame)
        guard let returned = chosenReturn(prepare.returns, in: frame) else { return }
        perform(returned.value, on: root, in: frame, depth: 0)
    }

    /// A transition's value: a case of the library (`.push(vc)`) or a helper of the class that returns one.
    mutating func perform(_ transition: ValueFacts, on root: Int, in frame: Frame, depth: Int) {
        guard depth < 8, case .call(let base, let name, let arguments, _) = transition, base == nil else { return }
        if let helper = function(name, in: frame.instance.className), !helper.isStatic {
            // `return splashTransition(for: route)`: the helper's own return.
            let inner = Frame(instance: frame.instance, file: helper.file, live: frame.live)
            bind(helper.parameters, to: arguments.map { ($0.label, .later($0.value, frame)) }, in: inner)
            runStatements(of: helper, closure: nil, in: inner)
            if let returned = chosenReturn(helper.returns, in: inner) {
                perform(returned.value, on: root, in: inner, depth: depth + 1)
            }
            return
        }
        guard frame.live else { return }
        let first = arguments.first.map { presentable(evaluate($0.value, in: frame, name: nil)) } ?? .unknown
        switch name {
        case "set": replace(root, with: first)
        case "push": push(first, on: root)
        case "present", "presentFullScreen", "presentOnRoot": present(first, on: root)
        case "multiple":
            for argument in arguments { perform(argument.value, on: root, in: frame, depth: depth + 1) }
        default: break
        }
    }

    /// A coordinator given where a screen is expected is its root view controller.
    mutating func presentable(_ value: Value) -> Value {
        switch value {
        case .object(let object) where object.isCoordinator:
            return object.properties["rootViewController"] ?? read(property: "rootViewController", of: object, live: true)
        case .list(let elements):
            var roots: [Value] = []
            for element in elements { roots.append(presentable(element)) }
            return .list(roots)
        default:
            return value
        }
    }
}
