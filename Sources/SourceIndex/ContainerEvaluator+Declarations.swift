import CoordinatorModel

/// What the evaluator reads of the declarations, memoized, and the containers it found as document drafts.
extension ContainerEvaluator {
    // MARK: Declarations

    struct DeclaringKey: Hashable {
        let className: String
        let property: String
        let offset: Int

        // Every object reads its properties through this key: the property's offset and the
        // class name's length tell nearly all keys apart without hashing the names.
        func hash(into hasher: inout Hasher) {
            hasher.combine(offset)
            hasher.combine(className.utf8.count)
        }
    }

    struct StatementsKey: Hashable {
        let function: SiteKey
        let closure: Int?
    }

    /// What the evaluation reads of a type, made at its first question.
    func facts(of name: String) -> ClassFacts {
        if let last = memo.lastClass, last.name.isSame(as: name) { return last }
        if let known = memo.classes[name] {
            memo.lastClass = known
            return known
        }
        let facts = ClassFacts(name, types: types)
        memo.classes[name] = facts
        memo.lastClass = facts
        return facts
    }

    /// The kind of a type the app declares, nil for one it does not.
    func kind(of name: String) -> TypeFacts.Kind? { facts(of: name).kind }

    /// The class and what it inherits from, nearest first (its superclass before the superclass's
    /// own), so a method an intermediate class overrides wins over the base's, as in Swift.
    func lineage(of className: String) -> [String] { facts(of: className).lineage }

    func containerKind(_ className: String) -> ContainerKind? { facts(of: className).containerKind }

    func isViewControllerName(_ name: String) -> Bool {
        let facts = facts(of: name)
        if let known = facts.isViewController { return known }
        let answer = isViewController(name, facts)
        facts.isViewController = answer
        return answer
    }

    private func isViewController(_ name: String, _ facts: ClassFacts) -> Bool {
        guard !coordinatorClasses.contains(name), facts.containerKind == nil else { return false }
        // A class read that inherits from no class (an app controller that swaps flows, a session
        // controller) is no screen, whatever its name: a superclass comes first in the clause.
        // An Objective-C class whose `@interface` is in a header, which is not read, says nothing
        // of its superclass.
        if let declared = types[name], declared.kind == .class,
            !(declared.inherited.isEmpty && SwiftFiles.isObjectiveC(declared.file)),
            declared.inherited.first.map({ $0 == "NSObject" || kind(of: $0) == .protocol }) ?? true
        {
            return false
        }
        // A class whose file was not read is a screen by its name: `HomeViewController`, `HomeVC`.
        return name.hasSuffix("Controller") || name.hasSuffix("VC") || facts.lineage.contains("UIViewController")
    }

    /// The functions of a class and of what it inherits from, its own first.
    func allFunctions(of className: String) -> [FunctionFacts] { facts(of: className).functions }

    func function(_ name: String, in className: String) -> FunctionFacts? {
        allFunctions(of: className).first { $0.name.isSame(as: name) }
    }

    /// The overload the labels of a call pick (`start()` or `start(_ child:)`), else the first of that name.
    func function(_ name: String, in className: String, labels: [String?]) -> FunctionFacts? {
        // `set(_ one:)` calling `set(_ many:)`: an overload that is not running already.
        Self.overload(named: name, labels: labels, in: allFunctions(of: className), isAvoided: isRunning)
    }

    /// Whether `function` runs already: `run(_:of:arguments:live:receiver:)` runs none inside itself.
    func isRunning(_ function: FunctionFacts) -> Bool {
        running.contains(SiteKey(file: function.file, offset: function.nameOffset))
    }

    /// Of the functions named `name`: the first whose labels are `labels` and that `isAvoided` does not
    /// refuse, else the first with those labels, else the first of that name. Looked through by index:
    /// a function's facts are copied once, when returned, not into filtered arrays.
    static func overload(
        named name: String, labels: some Collection<String?>, in functions: [FunctionFacts],
        isAvoided: (FunctionFacts) -> Bool = { _ in false }
    ) -> FunctionFacts? {
        var named: Int?
        var matching: Int?
        for index in functions.indices where functions[index].name.isSame(as: name) {
            if named == nil { named = index }
            guard Self.labels(of: functions[index].parameters, are: labels) else { continue }
            if !isAvoided(functions[index]) { return functions[index] }
            if matching == nil { matching = index }
        }
        return (matching ?? named).map { functions[$0] }
    }

    func properties(of className: String) -> [PropertyFacts] { facts(of: className).properties }

    func property(_ name: String, of className: String) -> PropertyFacts? {
        properties(of: className).first { $0.name.isSame(as: name) }
    }

    /// The initializer whose labels match the arguments, else the first.
    func initializer(of className: String, matching arguments: [(label: String?, value: Value)]) -> FunctionFacts? {
        initializer(of: className, labels: arguments.lazy.map(\.label))
    }

    /// The initializer with these labels, else the first: chosen before the arguments are evaluated.
    func initializer(of className: String, labels: some Collection<String?>) -> FunctionFacts? {
        Self.overload(named: "init", labels: labels, in: allFunctions(of: className))
    }

    /// True when the parameters' labels are `labels`, in order.
    static func labels(of parameters: [ParameterFacts], are labels: some Collection<String?>) -> Bool {
        parameters.count == labels.count && zip(parameters, labels).allSatisfy { $0.label == $1 }
    }

    /// The names of the app's enums, sorted.
    func enumNames() -> [String] {
        if let known = memo.enums { return known }
        // From the types themselves: asking `kind(of:)` would make a memo entry for every type of the app.
        let names = types.values.lazy.filter { $0.kind == .enum }.map(\.name).sorted()
        memo.enums = names
        return names
    }

    /// A function or computed property of an enum, found by the enum's name or, for `.home` written
    /// without it, by an enum that has such a case and member.
    func enumMember(_ name: String, type: String?, caseName: String) -> (
        function: FunctionFacts?, property: PropertyFacts?
    )? {
        let candidates = type.map { [$0] } ?? enumNames()
        for candidate in candidates {
            guard let facts = types[candidate], facts.kind == .enum, facts.cases.contains(where: { $0.name == caseName })
            else { continue }
            let function = facts.functions.first { $0.name.isSame(as: name) && !$0.isStatic }
            let property = facts.properties.first { $0.name.isSame(as: name) }
            if function != nil || property != nil { return (function, property) }
        }
        return nil
    }

    func rawValue(of caseName: String, type: String?) -> Value {
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

    func call(at key: SiteKey, in className: String) -> (FunctionFacts, CallFacts)? {
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

    func lowerFirst(_ name: String) -> String {
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
            // Most coordinators hold no container at all: their declared properties are then not looked up one by one.
            guard let instance = instances[node.id], instance.properties.values.contains(where: { $0.heldContainer != nil })
            else { continue }
            let held = properties(of: node.className).compactMap { instance.properties[$0.name]?.heldContainer }
            let own = held.filter(instance.made.contains)
            drives[node.id] = own.first { containers[$0].kind == .tabBar } ?? own.first ?? held.first
        }
        let kept = Set(drives.values).union(placed).union(window.map { [$0] } ?? []).union(
            containers.indices.filter {
                !containers[$0].stack.isEmpty || !containers[$0].tabs.isEmpty || !containers[$0].columns.isEmpty
            })
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
        var shownInside: Set<Int> = []
        for index in containers.indices {
            guard let id = ids[index] else { continue }
            let container = containers[index]
            var draft = ContainerDraft(id: id, kind: container.kind, className: container.className)
            draft.presented = container.presented.flatMap { ids[$0] }
            switch container.kind {
            case .navigation, .screen:
                draft.stack = container.stack.compactMap { entry in
                    switch entry {
                    case .viewController(let vc):
                        return ViewControllerDraft(
                            className: viewControllers[vc].className, owner: viewControllers[vc].owner,
                            embeds: embedsID(of: vc, ids: ids, used: &shownInside))
                    case .container(let embedded):
                        guard let embeddedID = ids[embedded] else { return nil }
                        // A tab bar a coordinator made and pushed is that coordinator's.
                        let owner = containers[embedded].owner.flatMap { classOfNode[$0] == nil ? nil : $0 }
                        return ViewControllerDraft(
                            className: containers[embedded].className, owner: owner, embeds: embeddedID)
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
                // UIKit selects the first tab until the code selects another.
                let selected = container.selectedIndex ?? 0
                if selected >= 0, selected < draft.tabs.count { draft.selectedIndex = selected }
            case .split:
                draft.columns = container.columns.compactMap { column, entry in
                    switch entry {
                    case .viewController(let vc):
                        return ColumnDraft(
                            column: column,
                            content: .viewController(
                                ViewControllerDraft(
                                    className: viewControllers[vc].className, owner: viewControllers[vc].owner)))
                    case .container(let embedded):
                        return ids[embedded].map { ColumnDraft(column: column, content: .container($0)) }
                    default:
                        return nil
                    }
                }
            }
            drafts.append(draft)
        }
        let tabSources = Dictionary(uniqueKeysWithValues: tabsSetAt.compactMap { index, key in ids[index].map { ($0, key) } })
        return (drafts, drives.compactMapValues { ids[$0] }, window.flatMap { ids[$0] }, tabSources)
    }
}
