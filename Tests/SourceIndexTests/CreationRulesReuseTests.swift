import Testing

@testable import SourceIndex

@Suite("Creation rules after a change work out again only what the changed types add")
struct CreationRulesReuseTests {
    /// A builder with the factory `makeHome() -> HomeCoordinator`, or without it, and the coordinator class.
    private func types(withFactory: Bool) -> [String: TypeFacts] {
        let factory = FunctionFacts(name: "makeHome", file: "Builder.swift", line: 2, returnType: "HomeCoordinator")
        return [
            "Builder": TypeFacts(
                name: "Builder", kind: .class, inherited: [], file: "Builder.swift", line: 1,
                functions: withFactory ? [factory] : []),
            "HomeCoordinator": TypeFacts(
                name: "HomeCoordinator", kind: .class, inherited: ["Coordinator"], file: "Home.swift", line: 1),
        ]
    }

    private let coordinators: Set<String> = ["HomeCoordinator"]
    private let family: Set<String> = ["Coordinator", "HomeCoordinator"]

    @Test("an unchanged type's part is taken from the last rules; a changed type's is worked out again")
    func keptAndRedone() {
        let before = CreationRules(types: types(withFactory: true), coordinators: coordinators, family: family)
        #expect(before.creatingNames.contains("makeHome"))
        let after = types(withFactory: false)
        let fresh = CreationRules(types: after, coordinators: coordinators, family: family)
        #expect(!fresh.creatingNames.contains("makeHome"))
        // Told the builder did not change, the rules keep what it added: proof that its part was not worked out again.
        let stale = CreationRules(
            types: after, coordinators: coordinators, family: family, last: before, unchanged: { _ in true })
        #expect(stale.creatingNames.contains("makeHome"))
        // Told it changed, they equal the rules worked out from nothing.
        let again = CreationRules(
            types: after, coordinators: coordinators, family: family, last: before, unchanged: { $0 != "Builder" })
        #expect(again == fresh)
    }

    @Test("rules made from another family or other carriers keep nothing")
    func otherSets() {
        let before = CreationRules(types: types(withFactory: true), coordinators: coordinators, family: family)
        let after = types(withFactory: false)
        let otherFamily = CreationRules(
            types: after, coordinators: coordinators, family: family.union(["Routing"]), last: before, unchanged: { _ in true })
        #expect(!otherFamily.creatingNames.contains("makeHome"))
        let otherCarriers = CreationRules(
            types: after, coordinators: coordinators, family: family, carriers: ["Destination"], last: before,
            unchanged: { _ in true })
        #expect(!otherCarriers.creatingNames.contains("makeHome"))
    }
}
