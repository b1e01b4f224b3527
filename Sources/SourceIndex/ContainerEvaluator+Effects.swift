import CoordinatorModel

/// What the evaluated code does to containers: pushes, replacements, presentations, tab items, the window.
extension ContainerEvaluator {
    // MARK: Effects

    mutating func assign(_ facts: ValueFacts, to target: String, in frame: Frame, at offset: Int) {
        let target = Self.dealias(target, in: frame)
        // `receiver.last`, cut at the last dot: most targets are `name` or `self.name`.
        let dot = target.utf8.lastIndex(of: UInt8(ascii: "."))
        let last = dot.map { String(target[target.index(after: $0)...]) } ?? target
        let receiverPath = dot.map { String(target[..<$0]) } ?? ""
        guard !last.isEmpty else { return }
        let value = evaluate(facts, in: frame, name: last)
        if receiverPath.isEmpty || receiverPath == "self" {
            // A split view controller of the app's own sets its columns in its own code.
            if let held = frame.instance.container, last == "viewControllers", lookup(last, in: frame) == nil {
                if frame.live { replace(held, with: value) }
                return
            }
            if receiverPath.isEmpty, lookup(last, in: frame) != nil {
                if isAssigned(constant: last, in: frame) { return }
                frame.locals[last] = value
            } else {
                frame.instance.properties[last] = value
            }
            return
        }
        if last == "rootViewController", Self.isWindow(receiverPath, in: frame) {
            if frame.live, let index = windowRoot(value) { placeInWindow(index, path: Self.windowPath(receiverPath)) }
            return
        }
        if receiverPath == "tabBarItem" || receiverPath.hasSuffix(".tabBarItem") {
            let owner = resolve(String(receiverPath.dropLast(".tabBarItem".count)), in: frame)
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

    mutating func updateTabItem(of value: Value, _ change: (inout TabItem) -> Void) {
        switch value {
        case .container(let index): change(&containers[index].tabItem)
        case .viewController(let index): change(&viewControllers[index].tabItem)
        default: break
        }
    }

    mutating func push(_ value: Value, on index: Int) {
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

    mutating func replace(_ index: Int, with value: Value) {
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
        switch containers[index].kind {
        case .navigation: containers[index].stack = kept
        case .tabBar: containers[index].tabs = kept
        case .split:
            // `viewControllers = [a, b]`: primary and secondary; three add the supplementary between them.
            let names: [SplitColumn] = kept.count == 3 ? [.primary, .supplementary, .secondary] : [.primary, .secondary]
            containers[index].columns = zip(names, kept).map { (column: $0, value: $1) }
        case .screen: break
        }
    }

    /// `setViewController(_:for:)`, `showDetailViewController(_:sender:)`: one column of a split, replaced.
    mutating func setColumn(_ column: SplitColumn, of index: Int, to value: Value) {
        switch value {
        case .viewController: break
        case .container(let child): guard place(child, in: index) else { return }
        default: return
        }
        if let old = containers[index].columns.firstIndex(where: { $0.column == column }) {
            if let child = containers[index].columns[old].value.container {
                placed.remove(child)
                parentOf[child] = nil
            }
            containers[index].columns.remove(at: old)
        }
        containers[index].columns.append((column, value))
    }

    /// What a window shows when given `value` as its root: a container, or a screen container made
    /// for a single view controller (a plain screen, or a container class of the app's own).
    mutating func windowRoot(_ value: Value) -> Int? {
        switch value {
        case .container(let index):
            return index
        case .viewController(let index):
            let viewController = viewControllers[index]
            let container = Container(
                kind: .screen, className: viewController.className, name: lowerFirst(viewController.className))
            container.creator = viewController.owner ?? "app"
            container.owner = viewController.owner
            container.stack = [value]
            containers.append(container)
            return containers.count - 1
        default:
            return nil
        }
    }

    mutating func present(_ value: Value, on index: Int) {
        guard let presented = value.container else { return }
        var top = index
        while let next = containers[top].presented { top = next }
        if place(presented, in: top) { containers[top].presented = presented }
    }

    /// `popViewController`, `popToRootViewController`: what the stack keeps.
    mutating func pop(_ index: Int, toRoot: Bool) {
        guard containers[index].kind == .navigation, containers[index].stack.count > 1 else { return }
        if toRoot {
            containers[index].stack.removeLast(containers[index].stack.count - 1)
        } else {
            containers[index].stack.removeLast()
        }
    }

    /// `dismiss`: what `index` presents goes away or, when it presents nothing, `index` itself if presented.
    mutating func dismiss(_ index: Int) {
        if containers[index].presented != nil {
            containers[index].presented = nil
        } else if let presenter = containers.firstIndex(where: { $0.presented == index }) {
            containers[presenter].presented = nil
        }
    }

    /// Several windows may get a root (a privacy screen's beside the app's): the one made key is
    /// on screen, else the first given one.
    mutating func placeInWindow(_ index: Int, path: String) {
        guard !placed.contains(index) else { return }
        windowRoots.append((path, index))
        guard window == nil || (path == keyWindow && windowRoots.first { $0.index == window }?.path != keyWindow) else { return }
        if let old = window { placed.remove(old) }
        placed.insert(index)
        window = index
    }

    /// `window.makeKeyAndVisible()`: the root that window was given, or will be given, is on screen.
    mutating func makeKey(_ path: String) {
        let path = Self.windowPath(path)
        guard keyWindow == nil else { return }
        keyWindow = path
        if let root = windowRoots.last(where: { $0.path == path }), root.index != window {
            if let old = window { placed.remove(old) }
            placed.insert(root.index)
            window = root.index
        }
    }

    /// A path whose first component is the parameter of a closure its receiver was handed to, as
    /// the receiver's path: `$0.rootViewController` in `window.tap { … }` is `window.rootViewController`.
    static func dealias(_ path: String, in frame: Frame) -> String {
        var scope: Frame? = frame
        var first: String?
        while let current = scope {
            // Aliases are rare: the first component is cut out only when a frame has some.
            if !current.aliases.isEmpty {
                let name = first ?? String(path.prefix { $0 != "." })
                first = name
                if let receiver = current.aliases[name] { return receiver + path.dropFirst(name.count) }
            }
            scope = current.parent
        }
        return path
    }

    /// True for a path named as a window (`window`, `self.mainWindow`), or on which the body being
    /// run calls `makeKeyAndVisible()`, which only a window has (`presenter`, a base class's window).
    static func isWindow(_ path: String, in frame: Frame) -> Bool {
        let name = path.utf8.lastIndex(of: UInt8(ascii: ".")).map { path[path.index(after: $0)...] } ?? path[...]
        if name.lowercased().hasSuffix("window") { return true }
        return frame.function.body?.calls.contains { $0.name == "makeKeyAndVisible" && $0.base == path } == true
    }

    /// `self.window`, `window` and `self?.window` name the same window.
    static func windowPath(_ path: String) -> String {
        path.hasPrefix("self.") ? String(path.dropFirst(5)) : path
    }

    /// Records `child` as placed inside `parent`, unless it is placed already or would be inside itself.
    mutating func place(_ child: Int, in parent: Int) -> Bool {
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

    mutating func makeContainer(_ kind: ContainerKind, _ className: String, name: String, in frame: Frame) -> Int {
        let container = Container(kind: kind, className: className, name: name)
        container.creator = frame.instance.owner ?? frame.instance.id
        container.owner = screenOwner ?? frame.instance.owner
        containers.append(container)
        frame.instance.made.append(containers.count - 1)
        return containers.count - 1
    }

    mutating func makeViewController(_ className: String, in frame: Frame) -> Value {
        viewControllers.append(ViewController(className: className, owner: screenOwner ?? frame.instance.owner))
        return .viewController(viewControllers.count - 1)
    }
}
