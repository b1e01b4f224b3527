/// How an app spells the Coordinator pattern: which protocol or base class coordinators share,
/// what holds their children, and which method starts them.
public struct Convention: Sendable, Hashable {
    /// The protocol or base class every coordinator conforms to or inherits from.
    public var root: String
    /// The property holding the children, such as `childCoordinators` or `children`.
    public var childrenProperty: String
    /// The method that starts a coordinator, such as `start` or `present`.
    public var startMethod: String
    /// The property holding the coordinator's `CoordinatorType` case.
    public var typeProperty: String

    public init(root: String, childrenProperty: String, startMethod: String, typeProperty: String = "type") {
        self.root = root
        self.childrenProperty = childrenProperty
        self.startMethod = startMethod
        self.typeProperty = typeProperty
    }

    /// Fills what a configuration left out from the declarations: the children property the
    /// root declares, and its start method.
    func completed(from types: [String: TypeFacts]) -> Convention? {
        var convention = self
        if convention.childrenProperty.isEmpty {
            guard let property = types[root]?.properties.first(where: { $0.typeText.hasPrefix("[") }) else { return nil }
            convention.childrenProperty = property.name
        }
        if convention.startMethod.isEmpty {
            let functions = Set(types[root]?.functions.map(\.name) ?? [])
            convention.startMethod = Self.startNames.first { functions.contains($0) } ?? "start"
        }
        return convention
    }

    /// The names a start method goes by in the conventions navinspect knows.
    static let startNames = ["start", "present", "begin", "run"]

    /// Finds the convention in declarations: the protocol or class that declares an array of
    /// coordinators of its own family, with the start method it declares.
    static func detect(in types: [String: TypeFacts]) -> Convention? {
        var candidates: [(convention: Convention, score: Int)] = []
        for (name, facts) in types where facts.kind == .protocol || facts.kind == .class {
            for property in facts.properties {
                guard property.typeText.hasPrefix("["), property.typeText.hasSuffix("]") else { continue }
                let element = String(property.typeText.dropFirst().dropLast()).replacing("any", with: "")
                // The children are of the declaring type itself or a protocol it belongs to.
                guard element == name || ancestors(of: name, in: types).contains(element) else { continue }
                let root = types[element]?.kind == .protocol ? element : name
                let functions = Set(facts.functions.map(\.name) + (types[root]?.functions.map(\.name) ?? []))
                let start = startNames.first { functions.contains($0) } ?? "start"
                let score = (functions.contains(start) ? 2 : 0) + (types[root]?.kind == .protocol ? 1 : 0)
                candidates.append((Convention(root: root, childrenProperty: property.name, startMethod: start), score))
            }
        }
        return candidates.max { ($0.score, $1.convention.root) < ($1.score, $0.convention.root) }?.convention
    }

    /// Every type `name` inherits from or conforms to, directly or not.
    static func ancestors(of name: String, in types: [String: TypeFacts]) -> Set<String> {
        var seen: Set<String> = []
        var pending = types[name]?.inherited ?? []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending.append(contentsOf: types[next]?.inherited ?? [])
        }
        return seen
    }
}
