import CoordinatorModel

/// How people see coordinators, in the terminal, the pictures and the report: by class, with an id only where two coordinators share
/// the class, and then the shortest end of the id that tells them apart.
///
/// Ids read from sources are paths of class names (`AppCoordinator/MainTabCoordinator/
/// TripsCoordinator/TrailDetailCoordinator`); repeating them on every line buries the tree.
/// Whatever this shows, ``resolve(_:)`` takes back: an id, a class name only one coordinator
/// has, or the end of an id after a `/` that only one id has.
public final class CoordinatorNames {
    public let tree: CoordinatorTree
    private let classCount: [String: Int]
    /// How many ids end with each `/`-separated suffix, the whole id included; built on first use.
    private lazy var suffixCount: [Substring: Int] = {
        var counts: [Substring: Int] = [:]
        for node in tree.nodes {
            for suffix in Self.suffixes(of: node.id) { counts[suffix, default: 0] += 1 }
        }
        return counts
    }()

    public init(_ tree: CoordinatorTree) {
        self.tree = tree
        self.classCount = tree.nodes.reduce(into: [:]) { $0[$1.className, default: 0] += 1 }
    }

    /// `TrailDetailCoordinator [TripsCoordinator/TrailDetailCoordinator] .trailDetail`, or
    /// `AppCoordinator .app` when the class is enough.
    public func label(id: String, className: String, type: String?) -> String {
        var label = className
        if let shown = distinguishingID(id: id, className: className) { label += " [\(shown)]" }
        if let type { label += " .\(type)" }
        return label
    }

    /// The label of the coordinator with this id; the id itself when no coordinator has it.
    public func label(id: String) -> String {
        guard let node = tree.node(id: id) else { return id }
        return label(id: id, className: tree[node].className, type: tree[node].type)
    }

    /// The class alone, unless another coordinator has it; then the class and the short id.
    public func name(id: String) -> String {
        guard let node = tree.node(id: id) else { return id }
        let className = tree[node].className
        return distinguishingID(id: id, className: className).map { "\(className) [\($0)]" } ?? className
    }

    /// The shortest end of `id` that no other id has, when the class alone is ambiguous.
    public func distinguishingID(id: String, className: String) -> String? {
        guard classCount[className, default: 0] > 1 else { return nil }
        for suffix in Self.suffixes(of: id) where suffixCount[suffix] == 1 && suffix != className {
            return String(suffix)
        }
        return id
    }

    /// How a coordinator that another of its class is shown as the same as (`sameAs`) is named
    /// beside it: the end of its id that tells it apart, or the whole id.
    public func sameAsLabel(id: String, className: String) -> String {
        distinguishingID(id: id, className: className) ?? id
    }

    /// The id a person means: the id itself, the class of exactly one coordinator, or the end of
    /// exactly one id.
    public func resolve(_ given: String) -> String? {
        if tree.node(id: given) != nil { return given }
        let sameClass = tree.nodes.lazy.filter { $0.className == given }.prefix(2)
        if sameClass.count == 1 { return sameClass.first?.id }
        guard suffixCount[Substring(given)] == 1 else { return nil }
        return tree.nodes.first { Self.suffixes(of: $0.id).contains(Substring(given)) }?.id
    }

    /// `a/b/c`, then `b/c`, then `c`, shortest first: `c`, `b/c`, `a/b/c`.
    private static func suffixes(of id: String) -> [Substring] {
        var suffixes: [Substring] = []
        var index = id.endIndex
        while let slash = id[..<index].lastIndex(of: "/") {
            suffixes.append(id[id.index(after: slash)...])
            index = slash
        }
        suffixes.append(id[...])
        return suffixes
    }
}
