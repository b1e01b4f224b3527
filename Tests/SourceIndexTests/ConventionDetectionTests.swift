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
