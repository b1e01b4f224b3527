import Testing

@testable import SourceIndex

@Suite("Convention detection does not depend on the order declarations are read in")
struct ConventionDetectionTests {
    /// A protocol keeping `[Coordinator]` and declaring no start method, and classes that declare
    /// the same children property: three start with `start()`, one with `present()`.
    private func types(order: [String], fillers: Int) -> [String: TypeFacts] {
        let children = PropertyFacts(
            name: "coordinators", typeText: "[Coordinator]", isWeak: false, isLazy: false, isComputed: false, line: 1)
        var types: [String: TypeFacts] = [:]
        types["Coordinator"] = TypeFacts(
            name: "Coordinator", kind: .protocol, inherited: [], file: "Coordinator.swift", line: 1, properties: [children])
        // Other types change where each lands in the dictionary, so each variant reads them in another order.
        for number in 0..<fillers {
            types["Model\(number)"] = TypeFacts(
                name: "Model\(number)", kind: .struct, inherited: [], file: "Models.swift", line: number)
        }
        for name in order {
            let start = name == "WelcomeCoordinator" ? "present" : "start"
            types[name] = TypeFacts(
                name: name, kind: .class, inherited: ["Coordinator"], file: name + ".swift", line: 1, properties: [children],
                functions: [FunctionFacts(name: start, file: name + ".swift", line: 2)])
        }
        return types
    }

    @Test("the start method most coordinators declare wins a tie, whatever the order")
    func sharedStartMethod() {
        let names = ["AppCoordinator", "HomeCoordinator", "SettingsCoordinator", "WelcomeCoordinator"]
        for order in [names, names.reversed(), [names[3], names[0], names[2], names[1]]] {
            for fillers in 0..<24 {
                #expect(
                    Convention.detect(in: types(order: order, fillers: fillers))
                        == Convention(root: "Coordinator", childrenProperty: "coordinators", startMethod: "start"))
            }
        }
    }

    @Test(
        "coordinators that share only their name keep their children in an array of coordinators, else one named so, never any array"
    )
    func childrenByNameOnly() {
        func coordinator(_ name: String, _ properties: [(String, String)]) -> TypeFacts {
            TypeFacts(
                name: name, kind: .class, inherited: [], file: name + ".swift", line: 1,
                properties: properties.map { name, type in
                    PropertyFacts(name: name, typeText: type, isWeak: false, isLazy: false, isComputed: false, line: 2)
                },
                functions: [FunctionFacts(name: "start", file: name + ".swift", line: 3)])
        }
        let plain = [
            coordinator("HomeCoordinator", [("countries", "[Country]")]),
            coordinator("ExposureCoordinator", [("subscriptions", "[AnyCancellable]")]),
        ]
        let keeping =
            plain + [
                coordinator("LegacyCoordinator", [("childCoordinators", "[NSObject]")]),
                coordinator("SettingsCoordinator", [("flows", "[SettingsCoordinator]")]),
            ]
        for fillers in 0..<16 {
            var types = Dictionary(uniqueKeysWithValues: plain.map { ($0.name, $0) })
            for number in 0..<fillers {
                types["Model\(number)"] = TypeFacts(
                    name: "Model\(number)", kind: .struct, inherited: [], file: "M.swift", line: 1)
            }
            #expect(Convention.detect(in: types)?.childrenProperty == "")
            for facts in keeping { types[facts.name] = facts }
            #expect(Convention.detect(in: types)?.childrenProperty == "flows")
        }
    }
}

@Suite("Flow controllers that keep one child at a time")
struct SingleChildConventionTests {
    private static func property(_ name: String, _ typeText: String, weak: Bool = false) -> PropertyFacts {
        PropertyFacts(name: name, typeText: typeText, isWeak: weak, isLazy: false, isComputed: false, line: 1)
    }

    private static func type(
        _ name: String, _ kind: TypeFacts.Kind, inherits: [String] = [], properties: [PropertyFacts] = [],
        functions: [String] = []
    ) -> TypeFacts {
        TypeFacts(
            name: name, kind: kind, inherited: inherits, file: name + ".swift", line: 1, properties: properties,
            functions: functions.map { FunctionFacts(name: $0, file: name + ".swift", line: 2) })
    }

    /// A protocol keeping one child, a base class adopting it, three flows: two `run`, one `start`.
    private static var flows: [String: TypeFacts] {
        let types = [
            type("Flowing", .protocol, properties: [property("activeFlow", "Flowing?")]),
            type(
                "BaseFlowController", .class, inherits: ["Flowing"],
                properties: [property("activeFlow", "(any Flowing)?"), property("presenter", "Flowing?", weak: true)]),
            type("CartFlowController", .class, inherits: ["BaseFlowController"], functions: ["run"]),
            type("PayFlowController", .class, inherits: ["BaseFlowController"], functions: ["run"]),
            type("HelpFlowController", .class, inherits: ["BaseFlowController"], functions: ["start"]),
            // One of its own kind, but nothing descends from it.
            type("Ticket", .class, properties: [property("next", "Ticket?")]),
            // Points up, strongly held but named as a parent.
            type("Crumb", .class, inherits: ["Flowing"], properties: [property("parent", "Flowing!")]),
        ]
        return Dictionary(uniqueKeysWithValues: types.map { ($0.name, $0) })
    }

    @Test("the optional child of the root most classes descend from, with the start method most declare")
    func detected() {
        #expect(
            Convention.detect(in: Self.flows)
                == Convention(root: "Flowing", childrenProperty: "activeFlow", startMethod: "run"))
    }

    @Test("a weak or parent-named reference is no child slot, and nothing of its own kind is no convention")
    func backReferences() {
        var types = Self.flows
        types["Flowing"]?.properties = []
        types["BaseFlowController"]?.properties = [Self.property("presenter", "Flowing?", weak: true)]
        // What is left: `Ticket.next`, which no class descends from, and `Crumb.parent`.
        #expect(Convention.detect(in: types) == Convention(root: "Ticket", childrenProperty: "next", startMethod: "start"))
        types["Ticket"] = nil
        #expect(Convention.detect(in: types) == nil)
    }

    @Test("an array of children wins over any single child")
    func arraysFirst() {
        var types = Self.flows
        types["Flowing"]?.properties.append(Self.property("children", "[Flowing]"))
        #expect(Convention.detect(in: types)?.childrenProperty == "children")
    }

    @Test(
        "what an optional property holds",
        arguments: [
            ("Flow?", "Flow"), ("Flow!", "Flow"), ("(any Flow)?", "Flow"), ("any Flow?", "Flow"), ("[Flow]?", nil),
            ("Flow", nil), ("Box<Flow>?", nil), ("flow?", nil),
        ] as [(String, String?)])
    func optionalElements(typeText: String, element: String?) {
        #expect(Convention.optionalElement(typeText) == element)
    }
}

@Suite("A type named as no coordinator that keeps its own kind")
struct UnnamedConventionTests {
    /// A media player's observers: a protocol, and a proxy that keeps `[PlayerObserver]`.
    private static func observers(startedBy start: String?) -> [String: TypeFacts] {
        let observers = PropertyFacts(
            name: "observers", typeText: "[PlayerObserver]", isWeak: false, isLazy: false, isComputed: false, line: 1)
        let types = [
            TypeFacts(name: "PlayerObserver", kind: .protocol, inherited: [], file: "Observer.swift", line: 1),
            TypeFacts(
                name: "PlayerProxy", kind: .class, inherited: ["PlayerObserver"], file: "Proxy.swift", line: 1,
                properties: [observers]),
            TypeFacts(
                name: "ProgressObserver", kind: .class, inherited: ["PlayerObserver"], file: "Progress.swift", line: 1,
                functions: [start].compactMap { $0 }.map { FunctionFacts(name: $0, file: "Progress.swift", line: 2) }),
        ]
        return Dictionary(uniqueKeysWithValues: types.map { ($0.name, $0) })
    }

    @Test("is a convention only when something of it starts")
    func startsSomething() {
        #expect(Convention.detect(in: Self.observers(startedBy: nil)) == nil)
        #expect(Convention.detect(in: Self.observers(startedBy: "observe")) == nil)
        #expect(
            Convention.detect(in: Self.observers(startedBy: "start"))
                == Convention(root: "PlayerObserver", childrenProperty: "observers", startMethod: "start"))
    }
}
