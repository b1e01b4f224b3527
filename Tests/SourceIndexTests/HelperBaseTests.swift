import Testing

@testable import SourceIndex

/// The screens of the window's navigation controller of the `BaseRouted` fixture, bottom to top.
func windowStack(_ index: SourceIndex) -> [String] {
    index.draft.containers.first { $0.id == "AppDelegate.navigationController" }?.stack.map(\.className) ?? []
}

/// A helper whose methods are its base class's, declared in a file that names no coordinator.
@Suite("A helper's base class")
struct HelperBaseTests {
    @Test("a helper's base class in a file of its own is read: its method pushes the first screen")
    func baseOfHelperRead() throws {
        let index = SourceWorkspace(directory: fixture("BaseRouted")).index()
        #expect(windowStack(index) == ["RecipeListViewController"])
        #expect(index.draft.coordinators.allSatisfy { $0.navigation == "AppDelegate.navigationController" })
        let everything = SourceWorkspace(directory: fixture("BaseRouted")).index(parseEverything: true)
        #expect(rendered(index) == rendered(everything))
    }
}
