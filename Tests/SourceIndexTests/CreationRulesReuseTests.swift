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
            types: after, coordinators: coordinators, family: family, last: before, changed: [])
        #expect(stale.creatingNames.contains("makeHome"))
        // Told it changed, they equal the rules worked out from nothing.
        let again = CreationRules(
            types: after, coordinators: coordinators, family: family, last: before, changed: ["Builder"])
        #expect(again == fresh)
    }

    @Test("rules made from another family or other carriers keep nothing")
    func otherSets() {
        let before = CreationRules(types: types(withFactory: true), coordinators: coordinators, family: family)
        let after = types(withFactory: false)
        let otherFamily = CreationRules(
            types: after, coordinators: coordinators, family: family.union(["Routing"]), last: before, changed: [])
        #expect(!otherFamily.creatingNames.contains("makeHome"))
        let otherCarriers = CreationRules(
            types: after, coordinators: coordinators, family: family, carriers: ["Destination"], last: before, changed: [])
        #expect(!otherCarriers.creatingNames.contains("makeHome"))
    }

    // MARK: Carried whole

    /// `HomeCoordinator` and `HelpCoordinator`, with `Navigating`, a protocol whose extension's
    /// `showHelp()` creates `HelpCoordinator`; `HomeCoordinator` adopts it when `adopts` says so,
    /// and declares `extraMethods` more functions that create nothing.
    private func inheriting(adopts: Bool, extraMethods: Int = 0, helpCreated: Bool = true) -> [String: TypeFacts] {
        let create = CallFacts(base: nil, name: "HelpCoordinator", arguments: [], line: 3, column: 9, offset: 40, immediate: true)
        let showHelp = FunctionFacts(name: "showHelp", file: "Navigating.swift", line: 2, calls: helpCreated ? [create] : [])
        let extra = (0..<extraMethods).map { FunctionFacts(name: "extra\($0)", file: "Home.swift", line: 10 + $0) }
        return [
            "Navigating": TypeFacts(
                name: "Navigating", kind: .protocol, inherited: [], file: "Navigating.swift", line: 1, functions: [showHelp]),
            "HomeCoordinator": TypeFacts(
                name: "HomeCoordinator", kind: .class, inherited: ["Coordinator"] + (adopts ? ["Navigating"] : []),
                file: "Home.swift", line: 1, functions: extra),
            "HelpCoordinator": TypeFacts(
                name: "HelpCoordinator", kind: .class, inherited: ["Coordinator"], file: "Help.swift", line: 1),
        ]
    }

    private let twoCoordinators: Set<String> = ["HomeCoordinator", "HelpCoordinator"]
    private var twoFamily: Set<String> { twoCoordinators.union(["Coordinator"]) }

    private func rules(_ types: [String: TypeFacts], last: CreationRules? = nil, changed: Set<String>? = nil) -> CreationRules {
        CreationRules(types: types, coordinators: twoCoordinators, family: twoFamily, last: last, changed: changed)
    }

    @Test("a changed type that adds what it added and moves nothing else leaves the last rules whole")
    func carriedWhole() {
        let before = rules(inheriting(adopts: true))
        #expect(before.inheritedCreations(of: "HomeCoordinator", calling: "showHelp") == ["HelpCoordinator"])
        let after = inheriting(adopts: true, extraMethods: 2)
        let carried = rules(after, last: before, changed: ["HomeCoordinator"])
        #expect(carried.isCarried)
        #expect(carried == rules(after))
        #expect(!rules(after).isCarried)
    }

    @Test("a coordinator that descends from other types now has its rules worked out again")
    func ancestorsMoved() {
        let before = rules(inheriting(adopts: true))
        let after = inheriting(adopts: false)
        let again = rules(after, last: before, changed: ["HomeCoordinator"])
        #expect(!again.isCarried)
        #expect(again == rules(after))
        #expect(again.inheritedCreations(of: "HomeCoordinator", calling: "showHelp").isEmpty)
    }

    @Test("a changed ancestor of a coordinator has the rules worked out again")
    func ancestorChanged() {
        let before = rules(inheriting(adopts: true))
        let after = inheriting(adopts: true, helpCreated: false)
        let again = rules(after, last: before, changed: ["Navigating"])
        #expect(!again.isCarried)
        #expect(again == rules(after))
        #expect(again.inheritedCreations(of: "HomeCoordinator", calling: "showHelp").isEmpty)
    }

    @Test("a type that came or went has the rules worked out again")
    func typeCameOrWent() {
        let before = rules(inheriting(adopts: true))
        var after = inheriting(adopts: true)
        after["Settings"] = TypeFacts(name: "Settings", kind: .struct, inherited: [], file: "Home.swift", line: 30)
        let came = rules(after, last: before, changed: ["HomeCoordinator", "Settings"])
        #expect(!came.isCarried)
        #expect(came == rules(after))
        let went = rules(inheriting(adopts: true), last: came, changed: ["HomeCoordinator", "Settings"])
        #expect(!went.isCarried)
        #expect(went == before)
    }

    @Test("a changed factory has the rules worked out again")
    func factoryChanged() {
        var types = inheriting(adopts: true)
        types["Builder"] = TypeFacts(
            name: "Builder", kind: .class, inherited: [], file: "Builder.swift", line: 1,
            functions: [FunctionFacts(name: "makeHelp", file: "Builder.swift", line: 2, returnType: "HelpCoordinator")])
        let before = rules(types)
        #expect(before.creatingNames.contains("makeHelp"))
        types["Builder"]?.functions = []
        let again = rules(types, last: before, changed: ["Builder"])
        #expect(!again.isCarried)
        #expect(!again.creatingNames.contains("makeHelp"))
        #expect(again == rules(types))
    }

    /// `Builder` with the factory `makeHelp()` and `present()`, a static helper that calls it (or
    /// nothing), and `extraMethods` more functions that make nothing.
    private func withHelper(presentCalls: Bool, extraMethods: Int = 0) -> [String: TypeFacts] {
        var types = inheriting(adopts: false)
        let call = CallFacts(base: nil, name: "makeHelp", arguments: [], line: 5, column: 9, offset: 90, immediate: true)
        types["Builder"] = TypeFacts(
            name: "Builder", kind: .class, inherited: [], file: "Builder.swift", line: 1,
            functions: [
                FunctionFacts(name: "makeHelp", file: "Builder.swift", line: 2, isStatic: true, returnType: "HelpCoordinator"),
                FunctionFacts(name: "present", file: "Builder.swift", line: 4, isStatic: true, calls: presentCalls ? [call] : []),
            ] + (0..<extraMethods).map { FunctionFacts(name: "other\($0)", file: "Builder.swift", line: 8 + $0) })
        return types
    }

    @Test("a static helper followed through the same calls keeps the rules whole; through others, not")
    func followedHelper() {
        let before = rules(withHelper(presentCalls: true))
        #expect(before.creatingNames.contains("present"))
        let same = withHelper(presentCalls: true, extraMethods: 1)
        let carried = rules(same, last: before, changed: ["Builder"])
        #expect(carried.isCarried)
        #expect(carried == rules(same))
        let other = withHelper(presentCalls: false)
        let again = rules(other, last: before, changed: ["Builder"])
        #expect(!again.isCarried)
        #expect(!again.creatingNames.contains("present"))
        #expect(again == rules(other))
    }
}
