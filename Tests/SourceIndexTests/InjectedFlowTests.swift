import CoordinatorModel
import SwiftParser
import Testing

@testable import SourceIndex

@Suite("Coordinators a dependency container makes, and RxFlow's steps at launch")
struct InjectedFlowTests {
    @Test("`@Injected var seedlings: SeedlingFlow`, a local or a stored property, makes the class it names")
    func injectedCreations() {
        assertExtract(
            fixture: "Injected",
            convention: Convention(root: "Flow", childrenProperty: "", startMethod: "start"),
            expected: [
                "GreenhouseFlow",
                "GreenhouseFlow/SeedlingFlow showSeedlings demand",
                "GreenhouseFlow/BedsFlow showBeds demand",
                "GreenhouseFlow/BedsFlow/TomatoFlow init launch",
                "GreenhouseFlow/BedsFlow/HerbFlow init launch",
            ])
        assertExtract(
            fixture: "SteppedTabs",
            convention: Convention(root: "Flow", childrenProperty: "", startMethod: "start"),
            expected: ["LibraryFlow", "LibraryFlow/NovelsFlow init launch", "LibraryFlow/LoansFlow init launch"])
    }

    /// The calls a summary of `source` keeps, by name, in its first type's first function and properties.
    static func calledNames(_ source: String) -> [String] {
        let types = FileSummarizer.summarize(Parser.parse(source: source), path: "Snippet.swift")
        guard let type = types.first else { return [] }
        return type.functions.flatMap { $0.calls.map(\.name) } + type.properties.flatMap { $0.calls.map(\.name) }
    }

    @Test("only a plain named type under an injecting wrapper is made: not an optional, a generic, or another wrapper")
    func injectionsRead() {
        let source = """
            final class PantryFlow: Flow {
                @Injected private var shelves: ShelvesFlow
                @LazyInjected var labels: Labels.LabelFlow
                @Injected var spare: SpareFlow?
                @Injected var many: Registry<SpareFlow>
                @Published var shown: ShownFlow
                @Injected var given = GivenFlow()
                func navigate(to step: Step) -> FlowContributors {
                    @Inject var jars: JarsFlow
                    @Environment var scale: ScaleFlow
                    return .none
                }
            }
            """
        #expect(Self.calledNames(source).sorted() == ["GivenFlow", "JarsFlow", "LabelFlow", "ShelvesFlow"])
        let summary = FileSummarizer.summarize(Parser.parse(source: source), path: "Snippet.swift")
        let shelves = summary.first?.properties.first { $0.name == "shelves" }
        #expect(shelves?.value.map { if case .call(nil, "ShelvesFlow", [], _) = $0 { true } else { false } } == true)
        let jars = summary.first?.functions.first?.bindings.first { $0.name == "jars" }
        #expect(jars.map { if case .call(nil, "JarsFlow", [], _) = $0.value { true } else { false } } == true)
    }

    @Test("the tabs a flow gives its tab bar through Flows.use, each tab coordinated with its own stepper")
    func steppedTabs() throws {
        let draft = SourceIndexer.index(directory: fixture("SteppedTabs")).draft
        let window = try #require(draft.containers.first { $0.id == draft.window })
        #expect(window.kind == .tabBar)
        #expect(window.tabs.map(\.title) == ["Novels", "Loans"])
        #expect(
            window.tabs.map(\.content) == [
                .container("LibraryFlow/NovelsFlow.navigation"), .container("LibraryFlow/LoansFlow.navigation"),
            ])
        // `Observable.just(ShelfStep.shelves)` for the novels, a stepper of a file that touches no screen
        // (read all the same) for the loans: each flow's `navigate(to:)` runs its own step's branch and
        // no other; the loans' screen comes from a dependency container (`resolve(LoanListViewController.self)`).
        let stacks = Dictionary(uniqueKeysWithValues: draft.containers.map { ($0.id, $0.stack.map(\.className)) })
        #expect(stacks["LibraryFlow/NovelsFlow.navigation"] == ["NovelListViewController"])
        #expect(stacks["LibraryFlow/LoansFlow.navigation"] == ["LoanListViewController"])
    }

    @Test("a stepper that gives no first step of its own (a view model) is not read; one that does is")
    func steppersRead() {
        let index = SourceWorkspace(directory: fixture("SteppedTabs")).index()
        #expect(index.fileCount == 6)
        #expect(index.parsedFileCount == 5, "all but NovelListViewModel.swift")
    }

    @Test("a flow's navigate(to:) runs for the first step only: past its guard, through the app's own step enum")
    func firstStepOnly() throws {
        let draft = SourceIndexer.index(directory: fixture("Injected")).draft
        let window = try #require(draft.containers.first { $0.id == draft.window })
        // The seedlings' navigation controller, not the beds' tab bar that `.planted` would give.
        #expect(window.id == "GreenhouseFlow/SeedlingFlow.navigation")
        #expect(window.stack.map(\.className) == ["SeedlingListViewController"])
        #expect(!draft.containers.contains { $0.kind == .tabBar }, "the beds flow is never navigated at launch")
    }
}

@Suite("The names an RxFlow launch reads")
struct SteppedNamesTests {
    @Test("a stepper's first step names the app's step enum, though no coordinator names it")
    func stepperNames() {
        let source = """
            struct PantryStepper: Stepper {
                let steps = PublishRelay<Step>()
                var initialStep: Step { PantryStep.shelves }
            }
            struct LarderStepper: Stepper {
                func readyToEmitSteps() { steps.accept(LarderStep.jars) }
            }
            struct Unrelated {
                func log() { Logger.write(Level.debug) }
            }
            final class PantryFlow: Flow {
                func navigate(to step: Step) -> FlowContributors { .none }
            }
            """
        let summary = SourceWorkspace.withNames(
            FileSummary(
                path: "Pantry.swift",
                types: FileSummarizer.summarize(Parser.parse(source: source), path: "Pantry.swift")))
        let family: Set<String> = ["PantryFlow"]
        let runs = SourceWorkspace.launchRuns(in: [summary], family: family, startMethod: "start")
        let names = SourceWorkspace.typeNames(in: [summary], usedBy: family, runs: runs)
        #expect(names.isSuperset(of: ["PantryStep", "LarderStep"]))
        #expect(names.isDisjoint(with: ["Logger", "Level"]))
    }
}
