/// Takes snapshots of an app's coordinator tree and screens as tree documents.
///
/// It keeps the registries that make ids stable, so one builder serves one app for its lifetime.
///
/// - Important: not thread-safe; the ``Inspector`` calls it on one queue only.
struct SnapshotBuilder {
    private struct Coordinator {
        let id: String
        /// The id, the class name and the children's ids as JSON strings, escaped once per object.
        let quotedID: String
        let quotedClassName: String
        let type: String?
        var children: [String]
        let container: AnyObject?
    }

    private struct StackEntry {
        let className: String
        let owner: String?
        let embeds: String?
    }

    private struct Tab {
        let tab: ScreenTab
        let container: String?
        let className: String
        let owner: String?
    }

    private struct Column {
        let name: String
        let container: String?
        let className: String
        let owner: String?
    }

    private struct Container {
        let id: String
        let className: String
        /// The tree document's kind: `navigation`, `tabBar`, `split` or `screen`.
        var kind = "navigation"
        var stack: [StackEntry] = []
        var tabs: [Tab] = []
        var columns: [Column] = []
        var selectedIndex: Int?
        var presented: String?
    }

    /// The largest tree a snapshot walks; deeper or wider trees are cut, never walked forever.
    static let maxCoordinators = 100_000

    let screens: ScreenInspector?
    private var coordinatorIDs = ObjectRegistry()
    private var containerIDs = ObjectRegistry()

    // The snapshot being built.
    private var coordinators: [Coordinator] = []
    /// Each coordinator's quoted id and instance number.
    private var instances: [(String, Int)] = []
    private var coordinatorByObject: [ObjectIdentifier: String] = [:]
    private var driverOf: [ObjectIdentifier: String] = [:]
    private var containers: [Container] = []
    private var containerByObject: [ObjectIdentifier: String] = [:]
    /// Each coordinator's type and container, read when it was first seen, with its instance number.
    private var constants: [ObjectIdentifier: (instance: Int, constants: CoordinatorReflector.Constants)] = [:]
    /// Class names by metatype: printing a type's name demangles it, so it is done once per class.
    private var classNames: [ObjectIdentifier: (name: String, quoted: String)] = [:]

    /// How many coordinators the registry holds: the tree's size, never more.
    var registeredCount: Int { coordinatorIDs.count }

    private let reflector: CoordinatorReflector

    init(screens: ScreenInspector?) {
        self.screens = screens
        reflector = CoordinatorReflector { [screens] object in
            guard let screens else { return false }
            if case .plain = screens.content(of: object) { return false }
            return true
        }
    }

    /// The tree document of the app as it is now, and the instance number of each coordinator, as JSON text.
    mutating func snapshot(root: AnyObject) -> (tree: String, instances: String) {
        coordinators.removeAll(keepingCapacity: true)
        instances.removeAll(keepingCapacity: true)
        coordinatorByObject.removeAll(keepingCapacity: true)
        driverOf.removeAll(keepingCapacity: true)
        containers.removeAll(keepingCapacity: true)
        containerByObject.removeAll(keepingCapacity: true)

        walkCoordinators(from: root, reflector: reflector)
        var window: String? = nil
        if let screens {
            if let rootController = screens.windowRoot() { window = place(rootController, screens: screens) }
            // Containers the coordinators drive but that are not on screen are listed unplaced.
            for coordinator in coordinators {
                if let container = coordinator.container, containerByObject[ObjectIdentifier(container)] == nil {
                    _ = place(container, screens: screens)
                }
            }
        }
        // Pruned once it holds twice what the tree has, so the cost is amortized over snapshots.
        if constants.count > 2 * coordinators.count + 16 { constants = constants.filter { coordinatorByObject[$0.key] != nil } }
        coordinatorIDs.endSnapshot()
        containerIDs.endSnapshot()
        return (encodeTree(window: window), encodeInstances())
    }

    private mutating func quotedNameOfClass(_ object: AnyObject) -> (name: String, quoted: String) {
        let type: AnyObject.Type = Swift.type(of: object)
        if let known = classNames[ObjectIdentifier(type)] { return known }
        let name = String(describing: type)
        var quoted = JSONText(capacity: name.utf8.count + 2)
        quoted.string(name)
        classNames[ObjectIdentifier(type)] = (name, quoted.text)
        return (name, quoted.text)
    }

    private mutating func nameOfClass(_ object: AnyObject) -> String { quotedNameOfClass(object).name }

    // MARK: - Coordinators

    private mutating func walkCoordinators(from root: AnyObject, reflector: CoordinatorReflector) {
        // Preorder with an explicit stack, so a deep tree never exhausts the call stack; a
        // coordinator reached twice (a cycle, or a child listed twice) is taken once.
        var pending: [(object: AnyObject, parent: Int?)] = [(root, nil)]
        while let (object, parent) = pending.popLast(), coordinators.count < Self.maxCoordinators {
            let key = ObjectIdentifier(object)
            guard coordinatorByObject[key] == nil else { continue }
            let (className, quotedClassName) = quotedNameOfClass(object)
            let (id, quotedID, instance) = coordinatorIDs.identify(
                object, proposing: parent.map { coordinators[$0].id + "/" + className } ?? className)
            // A coordinator's type and container are constants of the pattern (`let type`, the
            // navigation controller it was made with): read when the object is first seen.
            let known = constants[key].flatMap { $0.instance == instance ? $0.constants : nil }
            let reading = reflector.read(object, knowing: known)
            if known == nil {
                constants[key] = (instance, CoordinatorReflector.Constants(type: reading.type, container: reading.container))
            }
            let container = reading.container
            coordinators.append(
                Coordinator(
                    id: id, quotedID: quotedID, quotedClassName: quotedClassName, type: reading.type, children: [],
                    container: container))
            instances.append((quotedID, instance))
            coordinatorByObject[key] = id
            if let container { driverOf[ObjectIdentifier(container)] = id }
            if let parent { coordinators[parent].children.append(quotedID) }
            let index = coordinators.count - 1
            for child in reading.children.reversed() { pending.append((child, index)) }
        }
    }

    /// The coordinator that owns a view controller: one its stored properties refer to, else the
    /// deepest coordinator that drives its container.
    private func owner(of controller: AnyObject, in container: AnyObject?) -> String? {
        if let referenced = CoordinatorReflector.reference(from: controller, among: coordinatorByObject) { return referenced }
        if let driver = driverOf[ObjectIdentifier(controller)] { return driver }
        return container.flatMap { driverOf[ObjectIdentifier($0)] }
    }

    // MARK: - Containers

    /// Lists a container (and what it embeds and presents) and returns its id; nil when it was already placed.
    private mutating func place(_ controller: AnyObject, screens: ScreenInspector) -> String? {
        let key = ObjectIdentifier(controller)
        guard containerByObject[key] == nil else { return nil }
        let className = nameOfClass(controller)
        let id = containerIDs.identify(controller, proposing: className).id
        containerByObject[key] = id
        let slot = containers.count
        containers.append(Container(id: id, className: className))
        var container = Container(id: id, className: className)
        switch screens.content(of: controller) {
        case .navigation(let stack):
            for entry in stack {
                let embeds: String?
                if case .plain = screens.content(of: entry) { embeds = nil } else { embeds = place(entry, screens: screens) }
                container.stack.append(
                    StackEntry(
                        className: nameOfClass(entry), owner: owner(of: entry, in: controller),
                        embeds: embeds))
            }
        case .tabBar(let tabs, let selectedIndex):
            container.kind = "tabBar"
            for tab in tabs {
                var placed: String? = nil
                if case .navigation = screens.content(of: tab.root) { placed = place(tab.root, screens: screens) }
                container.tabs.append(
                    Tab(
                        tab: tab, container: placed, className: nameOfClass(tab.root),
                        owner: owner(of: tab.root, in: controller)))
            }
            container.selectedIndex = tabs.isEmpty ? nil : min(max(selectedIndex ?? 0, 0), tabs.count - 1)
        case .split(let columns):
            container.kind = "split"
            for column in columns {
                var placed: String? = nil
                if case .plain = screens.content(of: column.root) {} else { placed = place(column.root, screens: screens) }
                container.columns.append(
                    Column(
                        name: column.name, container: placed, className: nameOfClass(column.root),
                        owner: owner(of: column.root, in: controller)))
            }
        case .plain:
            // A plain controller at the window's root or presented: a screen container of its own.
            container.kind = "screen"
            container.stack = [StackEntry(className: className, owner: owner(of: controller, in: nil), embeds: nil)]
        }
        if let presented = screens.presented(by: controller) { container.presented = place(presented, screens: screens) }
        containers[slot] = container
        return id
    }

    // MARK: - Encoding

    private func encodeTree(window: String?) -> String {
        var json = JSONText(capacity: 128 * (coordinators.count + containers.count) + 64)
        json.raw("{")
        json.key("navinspect", first: true)
        json.int(1)
        json.key("root")
        json.optionalString(coordinators.first?.id)
        json.key("window")
        json.optionalString(window)
        json.key("coordinators")
        json.raw("[")
        for (index, coordinator) in coordinators.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{")
            json.key("id", first: true)
            json.raw(coordinator.quotedID)
            json.key("class")
            json.raw(coordinator.quotedClassName)
            json.key("type")
            json.optionalString(coordinator.type)
            json.key("children")
            json.raw("[")
            for (position, child) in coordinator.children.enumerated() {
                if position > 0 { json.raw(",") }
                json.raw(child)
            }
            json.raw("]")
            json.key("navigation")
            json.optionalString(coordinator.container.flatMap { containerByObject[ObjectIdentifier($0)] })
            json.raw("}")
        }
        json.raw("]")
        json.key("containers")
        json.raw("[")
        for (index, container) in containers.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{")
            json.key("id", first: true)
            json.string(container.id)
            json.key("kind")
            json.string(container.kind)
            json.key("class")
            json.string(container.className)
            // A tab or a column shows a container, or a view controller with its owner.
            func content(container placed: String?, className: String, owner: String?) {
                if let placed {
                    json.key("container")
                    json.string(placed)
                } else {
                    json.key("viewController")
                    json.raw("{")
                    json.key("class", first: true)
                    json.string(className)
                    json.key("owner")
                    json.optionalString(owner)
                    json.raw("}")
                }
            }
            if container.kind == "split" {
                json.key("columns")
                json.raw("[")
                for (position, column) in container.columns.enumerated() {
                    if position > 0 { json.raw(",") }
                    json.raw("{")
                    json.key("column", first: true)
                    json.string(column.name)
                    content(container: column.container, className: column.className, owner: column.owner)
                    json.raw("}")
                }
                json.raw("]")
            } else if container.kind == "tabBar" {
                json.key("tabs")
                json.raw("[")
                for (position, tab) in container.tabs.enumerated() {
                    if position > 0 { json.raw(",") }
                    json.raw("{")
                    json.key("title", first: true)
                    json.optionalString(tab.tab.title)
                    json.key("icon")
                    json.optionalString(tab.tab.icon)
                    json.key("tag")
                    json.optionalInt(tab.tab.tag)
                    content(container: tab.container, className: tab.className, owner: tab.owner)
                    json.raw("}")
                }
                json.raw("]")
                json.key("selectedIndex")
                json.optionalInt(container.selectedIndex)
            } else {
                json.key("stack")
                json.raw("[")
                for (position, entry) in container.stack.enumerated() {
                    if position > 0 { json.raw(",") }
                    json.raw("{")
                    json.key("class", first: true)
                    json.string(entry.className)
                    json.key("owner")
                    json.optionalString(entry.owner)
                    json.key("embeds")
                    json.optionalString(entry.embeds)
                    json.raw("}")
                }
                json.raw("]")
            }
            json.key("presented")
            json.optionalString(container.presented)
            json.raw("}")
        }
        json.raw("]}")
        return json.text
    }

    private func encodeInstances() -> String {
        var json = JSONText(capacity: 48 * instances.count + 2)
        json.raw("{")
        for (index, (quotedID, instance)) in instances.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw(quotedID)
            json.raw(":")
            json.int(instance)
        }
        json.raw("}")
        return json.text
    }
}
