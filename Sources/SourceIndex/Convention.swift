/// How an app spells the Coordinator pattern: which protocol or base class coordinators share,
/// what holds their children, and which method starts them.
public struct Convention: Sendable, Hashable {
    /// The protocol or base class every coordinator conforms to or inherits from.
    public var root: String
    /// The property holding the children, such as `childCoordinators` or `children`; empty when
    /// the protocol or base class is declared outside the app, out of sight.
    public var childrenProperty: String
    /// The method that starts a coordinator, such as `start` or `present`.
    public var startMethod: String
    /// The property holding the coordinator's `CoordinatorType` case.
    public var typeProperty: String
    /// Other base classes declared outside the app that coordinators inherit from, beside `root`
    /// (a library's `TabBarCoordinator` beside its `NavigationCoordinator`).
    public var otherRoots: [String]

    public init(
        root: String, childrenProperty: String, startMethod: String, typeProperty: String = "type", otherRoots: [String] = []
    ) {
        self.root = root
        self.childrenProperty = childrenProperty
        self.startMethod = startMethod
        self.typeProperty = typeProperty
        self.otherRoots = otherRoots
    }

    /// The root of an app whose coordinators share no protocol or base class: every class whose
    /// name ends in `Coordinator` is one.
    public static let byName = "*Coordinator"

    /// The protocols and base classes the coordinators descend from.
    var roots: [String] { [root] + otherRoots }

    /// Fills what a configuration left out from the declarations: the children property the
    /// root declares (none when it is declared outside the app), and its start method.
    func completed(from types: [String: TypeFacts]) -> Convention? {
        var convention = self
        if convention.childrenProperty.isEmpty {
            // A root declared outside the app (a package's base class, or a typealias of one) keeps
            // its children out of sight.
            convention.childrenProperty = types[root]?.properties.first { Self.childElement($0.typeText) != nil }?.name ?? ""
        }
        if convention.startMethod.isEmpty {
            let functions = Set(
                types[root]?.functions.map(\.name) ?? Self.descendants(of: root, in: types).flatMap(\.functions).map(\.name))
            convention.startMethod = Self.startNames.first { functions.contains($0) } ?? "start"
        }
        return convention
    }

    /// The names a start method goes by in the conventions navinspect knows.
    static let startNames = ["start", "present", "begin", "run"]

    /// Finds the convention in declarations: the protocol or class that keeps children of its own
    /// family, with the start method it declares; failing that, the one the app's coordinators
    /// have in common (``inferred(in:)``).
    static func detect(in types: [String: TypeFacts]) -> Convention? {
        // Each type's candidates on every core (a type's depend on it and its ancestors), taken in
        // the dictionary's order.
        let declarations = Array(types)
        let candidates = concurrentMap(declarations.indices) { index in
            candidatesDeclared(by: declarations[index].value, in: types)
        }.flatMap { $0 }
        // Declarations come in no set order: ties go to the convention most declarations share
        // (the start method most coordinators have), then to the root's own declaration, then by name.
        let shared = Dictionary(candidates.map { ($0.convention, 1) }, uniquingKeysWith: +)
        let best = candidates.max { a, b in
            let (sharedA, sharedB) = (shared[a.convention]!, shared[b.convention]!)
            return (a.score, b.convention.root, sharedA, a.declared, b.convention.childrenProperty, b.convention.startMethod)
                < (b.score, a.convention.root, sharedB, b.declared, a.convention.childrenProperty, a.convention.startMethod)
        }?.convention
        // A view that keeps subviews of its own kind is no coordinator: a name says more, when
        // the classes named as coordinators agree on something.
        if let best, isCoordinatorName(best.root) { return best }
        // Named as no coordinator, a type that keeps its own kind is one only if something of it
        // starts (a media player's observers keep observers, and start nothing).
        let started = best.flatMap { best in declaresStart(in: best.root, types) ? best : nil }
        return inferred(in: types) ?? started ?? singleChild(in: types)
    }

    /// Whether `root` or a type that descends from it declares a method of ``startNames``.
    static func declaresStart(in root: String, _ types: [String: TypeFacts]) -> Bool {
        func starts(_ facts: TypeFacts) -> Bool { facts.functions.contains { startNames.contains($0.name) } }
        if let facts = types[root], starts(facts) { return true }
        return descendants(of: root, in: types).contains(where: starts)
    }

    /// The types that descend from `root`, directly or not (``ancestors(of:in:)``).
    static func descendants(of root: String, in types: [String: TypeFacts]) -> [TypeFacts] {
        types.values.filter { ancestors(of: $0.name, in: types).contains(root) }
    }

    /// The convention of flow controllers that keep one child at a time, asked only when no type
    /// keeps a collection of its own kind and no classes named as coordinators share a base: the protocol
    /// or class with an optional property of its own kind (`var currentFlowController:
    /// FlowControllerProtocol?`), held strongly and not named as a parent (`weak var parent:
    /// Coordinator?` points back up). Its start method is the one of ``startNames`` most of its
    /// classes declare.
    static func singleChild(in types: [String: TypeFacts]) -> Convention? {
        var found: [(root: String, property: String)] = []
        for facts in types.values where (facts.kind == .protocol || facts.kind == .class) && !facts.isNested {
            for property in facts.properties where !property.isWeak && !property.isComputed {
                guard let element = optionalElement(property.typeText), !frameworkRoots.contains(element),
                    !property.name.lowercased().contains("parent"),
                    element == facts.name || ancestors(of: facts.name, in: types).contains(element)
                else { continue }
                found.append((types[element]?.kind == .protocol ? element : facts.name, property.name))
            }
        }
        // The root most classes descend from; among equals, by name.
        let descendantClasses = Dictionary(
            uniqueKeysWithValues: Set(found.map(\.root)).map { root in
                (root, descendants(of: root, in: types).filter { $0.kind == .class })
            })
        guard
            let chosen = found.max(by: { a, b in
                (descendantClasses[a.root]!.count, b.root, b.property) < (descendantClasses[b.root]!.count, a.root, a.property)
            })
        else { return nil }
        let declaring = descendantClasses[chosen.root]! + [types[chosen.root]].compactMap { $0 }
        func declared(_ name: String) -> Int { declaring.filter { $0.functions.contains { $0.name == name } }.count }
        // The first of the names in ``startNames``' order that most classes declare.
        let start = startNames.reduce((name: "start", count: 0)) { best, name in
            let count = declared(name)
            return count > best.count ? (name, count) : best
        }.name
        return Convention(root: chosen.root, childrenProperty: chosen.property, startMethod: start)
    }

    /// The type an optional property holds: `Flow` of `Flow?`, `Flow!`, `(any Flow)?`; nil for
    /// any other type.
    static func optionalElement(_ typeText: String) -> String? {
        func trimmed(_ text: Substring) -> Substring {
            var text = text.drop { $0 == " " }
            while text.last == " " { text = text.dropLast() }
            return text
        }
        guard let last = typeText.last, last == "?" || last == "!" else { return nil }
        var element = trimmed(typeText.dropLast())
        if element.hasPrefix("("), element.hasSuffix(")") { element = trimmed(element.dropFirst().dropLast()) }
        if element.hasPrefix("any "), element.dropFirst(4).first?.isUppercase == true { element = element.dropFirst(4) }
        guard let first = element.first, first.isUppercase, element.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(element)
    }

    /// The conventions the array properties of one type propose: keeping children of the type's
    /// own kind (itself, or a protocol or class it descends from), or, in a class whose methods take
    /// one of its own kind, `Any`. Each with its score and whether the root is the type itself.
    private static func candidatesDeclared(by facts: TypeFacts, in types: [String: TypeFacts]) -> [(
        convention: Convention, score: Int, declared: Int
    )] {
        // A type nested in another (a SwiftUI representable's `Coordinator`) is no app's convention.
        guard facts.kind == .protocol || facts.kind == .class, !facts.isNested else { return [] }
        let name = facts.name
        var candidates: [(convention: Convention, score: Int, declared: Int)] = []
        // Worked out once per type, for its first array property.
        var ancestry: Set<String>?
        for property in facts.properties {
            guard let element = childElement(property.typeText), !frameworkRoots.contains(element) else { continue }
            let root: String
            if ancestry == nil, element != name { ancestry = ancestors(of: name, in: types) }
            if element == name || ancestry?.contains(element) == true {
                // The children are of the declaring type itself or a protocol it belongs to.
                root = types[element]?.kind == .protocol ? element : name
            } else if ["Any", "AnyObject"].contains(element), takesItsOwnKind(facts) {
                // `[UUID: Any]` in a base class whose `store(coordinator:)` or `coordinate(to:)`
                // takes one of its own kind: the store of a Combine or RxSwift base class.
                root = name
            } else {
                continue
            }
            let functions = Set(facts.functions.map(\.name) + (types[root]?.functions.map(\.name) ?? []))
            let start = startNames.first { functions.contains($0) } ?? "start"
            let score =
                (isCoordinatorName(root) ? 4 : 0) + (functions.contains(start) ? 2 : 0)
                + (types[root]?.kind == .protocol ? 1 : 0)
            candidates.append(
                (Convention(root: root, childrenProperty: property.name, startMethod: start), score, name == root ? 1 : 0))
        }
        return candidates
    }

    /// What every object or view descends from: an array of them says nothing of coordinators.
    static let frameworkRoots: Set<String> = ["NSObject", "UIView", "UIViewController", "UIResponder"]

    /// `Coordinator`, `AppCoordinating`, `BaseCoordinator`, and RxFlow's `Flow`: names that say
    /// what the type is for.
    static func isCoordinatorName(_ name: String) -> Bool {
        ByteSearch.contains("Coordinat", in: name) || name == "Flow"
    }

    /// `HomeCoordinator`, or `HomeFlow` in an app built on RxFlow: names classes that coordinate go by.
    static func hasRoleName(_ name: String) -> Bool {
        isNamedCoordinator(name) || name.hasSuffix("Flow")
    }

    /// `DashboardFlowController`: the name flow controllers, coordinators by another name that keep
    /// one child at a time (``singleChild(in:)``), go by.
    static func isFlowControllerName(_ name: String) -> Bool {
        name.hasSuffix("FlowController")
    }

    /// `HomeCoordinator`, and a variant of one named after it (`LoginCoordinator_Server5`).
    static func isNamedCoordinator(_ name: String) -> Bool {
        if name.hasSuffix("Coordinator") { return true }
        // Looked up for every declared name: a plain byte search for `_`, then the part before it.
        guard let underscore = name.utf8.firstIndex(of: UInt8(ascii: "_")) else { return false }
        return name.utf8[..<underscore].reversed().starts(with: "Coordinator".utf8.reversed())
    }

    /// What a children property holds: the element of `[Coordinator]`, `[any Coordinator]` or
    /// `[Base<Void>]`, or the value of `[UUID: Coordinator]`; nil for other types.
    static func childElement(_ typeText: String) -> String? {
        // Asked of every property of every type at every round: most are no collection, told by a
        // byte, and an ASCII one is read as bytes (as characters, 20,000 instructions each).
        guard typeText.utf8.first == UInt8(ascii: "["), typeText.utf8.last == UInt8(ascii: "]") else { return nil }
        guard typeText.utf8.allSatisfy({ $0 < 0x80 }) else { return childElement(ofCharacters: typeText) }
        let utf8 = typeText.utf8
        var element = utf8[utf8.index(after: utf8.startIndex)..<utf8.index(before: utf8.endIndex)]
        if let colon = element.lastIndex(of: UInt8(ascii: ":")) { element = element[element.index(after: colon)...] }
        func isUppercase(_ byte: UInt8?) -> Bool { byte.map { $0 &- UInt8(ascii: "A") < 26 } ?? false }
        func isNamePart(_ byte: UInt8) -> Bool {
            (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
        }
        if element.starts(with: "any".utf8), isUppercase(element.dropFirst(3).first) { element = element.dropFirst(3) }
        if let generic = element.firstIndex(of: UInt8(ascii: "<")) { element = element[..<generic] }
        guard isUppercase(element.first), element.allSatisfy(isNamePart) else { return nil }
        return String(Substring(element))
    }

    /// ``childElement(_:)`` of a type written with characters beyond ASCII, told by Unicode's properties.
    static func childElement(ofCharacters typeText: String) -> String? {
        var element = typeText.dropFirst().dropLast()
        if let colon = element.lastIndex(of: ":") { element = element[element.index(after: colon)...] }
        if element.hasPrefix("any"), element.dropFirst(3).first?.isUppercase == true { element = element.dropFirst(3) }
        if let generic = element.firstIndex(of: "<") { element = element[..<generic] }
        guard let first = element.first, first.isUppercase, element.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(element)
    }

    /// True when one of the type's functions takes a parameter of the type itself.
    private static func takesItsOwnKind(_ facts: TypeFacts) -> Bool {
        facts.functions.contains { $0.parameters.contains { $0.type == facts.name } }
    }

    /// The convention the app's coordinators share when no declaration keeps their children: the
    /// class or protocol (declared in the app or not, such as a base class from a package) that
    /// most classes named `…Coordinator` inherit from, directly or not, and at least two.
    ///
    /// Its children property is the one it declares, or empty when it is declared outside the
    /// app; its start method the first of ``startNames`` its classes declare.
    static func inferred(in types: [String: TypeFacts]) -> Convention? {
        let coordinators = types.values.filter { $0.kind == .class && hasRoleName($0.name) }
        var counts: [String: Int] = [:]
        for facts in coordinators {
            for ancestor in ancestors(of: facts.name, in: types) where isCoordinatorName(ancestor) {
                counts[ancestor, default: 0] += 1
            }
        }
        // The most shared; among equals, the one the others inherit from, then the first name.
        guard
            let (root, _) = counts.filter({ $0.value >= 2 }).max(by: { a, b in
                let aAbove = ancestors(of: b.key, in: types).contains(a.key)
                let bAbove = ancestors(of: a.key, in: types).contains(b.key)
                return (a.value, aAbove ? 1 : 0, b.key) < (b.value, bAbove ? 1 : 0, a.key)
            })
        else { return byNameOnly(coordinators.filter { isNamedCoordinator($0.name) }) }
        let children = types[root]?.properties.first { Self.childElement($0.typeText) != nil }?.name ?? ""
        // A library's other bases (its tab bar coordinator beside its navigation coordinator),
        // which coordinators of the app inherit from directly, are roots too.
        let others = Set(
            coordinators.flatMap { facts in
                facts.inherited.filter { types[$0] == nil && $0 != root && isCoordinatorName($0) }
            }
        ).sorted()
        let functions = Set(
            coordinators.filter { !ancestors(of: $0.name, in: types).isDisjoint(with: [root] + others) }
                .flatMap(\.functions).map(\.name))
        return Convention(
            root: root, childrenProperty: children, startMethod: startNames.first { functions.contains($0) } ?? "start",
            otherRoots: types[root] == nil ? others : [])
    }

    /// The convention of an app whose coordinators share nothing but their name: at least two
    /// classes named `…Coordinator` with the same start method.
    private static func byNameOnly(_ coordinators: [TypeFacts]) -> Convention? {
        for start in startNames {
            let starting = coordinators.filter { $0.functions.contains { $0.name == start } }.sorted { $0.name < $1.name }
            guard starting.count >= 2 else { continue }
            // An array of coordinators one of them keeps (`[Coordinator]`, or `childCoordinators:
            // [NSObject]` by its name), not any array (`countries: [Country]`).
            let arrays = starting.flatMap(\.properties).filter { childElement($0.typeText) != nil }
            let children =
                (arrays.first { childElement($0.typeText).map(isCoordinatorName) == true }
                ?? arrays.first { $0.name.lowercased().contains("coordinator") || $0.name.lowercased().contains("child") })?
                .name ?? ""
            return Convention(root: byName, childrenProperty: children, startMethod: start)
        }
        return nil
    }

    /// A type eraser of the family: a class named `Any…` (Swift's `AnySequence`, an app's
    /// `AnyCoordinator<Route, Event>`) made from one coordinator, `init(_ coordinator: C)`, whose
    /// members forward to it. It is no coordinator of its own: it stands for the one it wraps, as
    /// the protocol does (a factory returning it makes the class its body creates).
    static func isEraser(_ facts: TypeFacts) -> Bool {
        let name = facts.name.utf8
        guard name.count > 3, name.starts(with: "Any".utf8),
            let fourth = name.dropFirst(3).first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(fourth)
        else { return false }
        return facts.functions.contains { $0.name == "init" && $0.parameters.count == 1 && $0.parameters[0].label == nil }
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
