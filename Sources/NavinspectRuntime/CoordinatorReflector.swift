/// Reads a coordinator's children, type and container by reflection (`Mirror`), following the
/// conventions `navinspect index` knows, or from ``NavinspectCoordinator`` when the app adopts it.
///
/// Reflection is slow, so the first coordinator of each class is reflected whole and the places
/// of the properties that matter are remembered (a ``Plan``); later ones read only those.
final class CoordinatorReflector {
    /// The stored properties that hold children, in the order they are tried.
    static let childLabels = ["childCoordinators", "children", "coordinators"]
    /// The stored properties that hold the container a coordinator drives, in the order they are tried.
    static let containerLabels = ["navigationController", "tabBarController", "router", "rootViewController", "viewController"]

    /// True when an object is a navigation or tab bar controller.
    let isContainer: (AnyObject) -> Bool

    /// Where a stored property sits: how many superclass mirrors up, and its position there.
    struct Slot {
        let depth: Int
        let offset: Int
    }

    /// What reflection found on the first coordinator of a class.
    struct Plan {
        let adoptsProtocol: Bool
        let children: Slot?
        let type: Slot?
        let containers: [Slot]
    }

    private var plans: [ObjectIdentifier: Plan] = [:]

    init(isContainer: @escaping (AnyObject) -> Bool) {
        self.isContainer = isContainer
    }

    private func plan(for coordinator: AnyObject) -> Plan {
        let key = ObjectIdentifier(Swift.type(of: coordinator))
        if let plan = plans[key] { return plan }
        var slots: [String: Slot] = [:]
        var mirror: Mirror? = Mirror(reflecting: coordinator)
        var depth = 0
        while let current = mirror {
            for (offset, child) in current.children.enumerated() {
                guard let label = child.label.map(Self.plainLabel), slots[label] == nil else { continue }
                slots[label] = Slot(depth: depth, offset: offset)
            }
            mirror = current.superclassMirror
            depth += 1
        }
        let plan = Plan(
            adoptsProtocol: coordinator is NavinspectCoordinator,
            children: Self.childLabels.lazy.compactMap { slots[$0] }.first,
            type: slots["type"] ?? slots["coordinatorType"],
            containers: Self.containerLabels.compactMap { slots[$0] })
        plans[key] = plan
        return plan
    }

    /// The values in `slots` of one object, its mirrors made once.
    private struct Values {
        private var mirrors: [Mirror]

        init(_ object: AnyObject) {
            mirrors = [Mirror(reflecting: object)]
        }

        mutating func callAsFunction(_ slot: Slot) -> Any {
            while mirrors.count <= slot.depth { mirrors.append(mirrors[mirrors.count - 1].superclassMirror!) }
            let children = mirrors[slot.depth].children
            return children[children.index(children.startIndex, offsetBy: slot.offset)].value
        }
    }

    private static func plainLabel(_ label: String) -> String {
        var label = label
        if label.hasPrefix("$__lazy_storage_$_") { label.removeFirst("$__lazy_storage_$_".count) }
        if label.hasPrefix("_") { label.removeFirst() }
        return label
    }

    /// What the runtime reads from one coordinator.
    struct Reading {
        var children: [AnyObject]
        var type: String?
        var container: AnyObject?
    }

    /// A coordinator's type and container as read when it was first seen.
    struct Constants {
        var type: String?
        weak var container: AnyObject?
    }

    /// Reads a coordinator's children, type and container; with `known`, only its children (and
    /// what it declares through ``NavinspectCoordinator``, which is always read again).
    func read(_ coordinator: AnyObject, knowing known: Constants?) -> Reading {
        let plan = plan(for: coordinator)
        let declared = plan.adoptsProtocol ? coordinator as? NavinspectCoordinator : nil
        var values = Values(coordinator)
        let children = declared?.navinspectChildren ?? plan.children.map { Self.objects(in: values($0)) } ?? []
        if let known {
            return Reading(
                children: children, type: declared?.navinspectType ?? known.type,
                container: declared?.navinspectContainer ?? known.container)
        }
        return Reading(
            children: children, type: declared?.navinspectType ?? Self.typeName(plan.type.map { values($0) }),
            container: declared?.navinspectContainer ?? container(plan.containers.map { values($0) }))
    }

    private static func typeName(_ value: Any?) -> String? {
        guard let value, let unwrapped = unwrap(value) else { return nil }
        if let string = unwrapped as? String { return string }
        // An enum case prints as its name, followed by its associated values in parentheses.
        let described = String(describing: unwrapped)
        return String(described.prefix { $0 != "(" })
    }

    private func container(_ candidates: [Any]) -> AnyObject? {
        for value in candidates {
            guard let object = Self.object(value) else { continue }
            if isContainer(object) { return object }
            // A router holds the container one level down.
            for (_, inner) in Self.storedProperties(of: object) {
                if let held = Self.object(inner), isContainer(held) { return held }
            }
        }
        return nil
    }

    /// The first stored property of `object` (its own or a superclass's) that refers to one of `candidates`.
    static func reference(from object: AnyObject, among candidates: [ObjectIdentifier: String]) -> String? {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let held = Self.object(child.value), let id = candidates[ObjectIdentifier(held)] { return id }
            }
            mirror = current.superclassMirror
        }
        return nil
    }

    // MARK: - Mirror helpers

    /// Stored properties by name, the subclass's first; a lazy or wrapped property is found under its plain name.
    static func storedProperties(of object: AnyObject) -> [String: Any] {
        var properties: [String: Any] = [:]
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard var label = child.label else { continue }
                if label.hasPrefix("$__lazy_storage_$_") { label.removeFirst("$__lazy_storage_$_".count) }
                if label.hasPrefix("_") { label.removeFirst() }
                if properties[label] == nil { properties[label] = child.value }
            }
            mirror = current.superclassMirror
        }
        return properties
    }

    /// The value inside any number of optionals, or nil.
    static func unwrap(_ value: Any) -> Any? {
        var current = value
        // A cast to a protocol is far cheaper than a Mirror, and most values are not optional.
        while let optional = current as? AnyOptional {
            guard let inner = optional.wrappedValue else { return nil }
            current = inner
        }
        return current
    }

    /// The class instance a value holds, if it holds one.
    static func object(_ value: Any) -> AnyObject? {
        guard let unwrapped = unwrap(value) else { return nil }
        // Only class instances: bridging a struct to AnyObject would box it.
        guard Swift.type(of: unwrapped) is AnyClass else { return nil }
        return unwrapped as AnyObject
    }

    /// The class instances in an array, a set, or a dictionary's values (ordered by key, so ids stay stable).
    static func objects(in value: Any) -> [AnyObject] {
        guard let unwrapped = unwrap(value) else { return [] }
        // Arrays of classes or of class-bound protocols cast at once; other shapes are reflected.
        if let array = unwrapped as? [AnyObject] { return array }
        let mirror = Mirror(reflecting: unwrapped)
        switch mirror.displayStyle {
        case .collection?, .set?:
            return mirror.children.compactMap { object($0.value) }
        case .dictionary?:
            let pairs = mirror.children.compactMap { entry -> (String, AnyObject)? in
                let parts = Array(Mirror(reflecting: entry.value).children)
                guard parts.count == 2, let child = object(parts[1].value) else { return nil }
                return (String(describing: parts[0].value), child)
            }
            return pairs.sorted { $0.0 < $1.0 }.map(\.1)
        default:
            return []
        }
    }
}

/// Lets reflection see through an optional without a Mirror.
private protocol AnyOptional {
    var wrappedValue: Any? { get }
}

extension Optional: AnyOptional {
    var wrappedValue: Any? { self.map { $0 as Any } }
}
