import Foundation
import Testing

@testable import SourceIndex

/// The screens of the window's navigation controller of the `BaseRouted` fixture, bottom to top.
func windowStack(_ index: SourceIndex) -> [String] {
    index.draft.containers.first { $0.id == "AppDelegate.navigationController" }?.stack.map(\.className) ?? []
}

/// An edit of a copy of the `BaseRouted` fixture: a file's new text, and the window's stack after it.
typealias RoutedEdit = (file: URL, text: String, stack: [String])

/// Writes each edit in turn; after each, the workspace's next index shows the edit's stack and
/// equals a fresh index of the folder, problems included.
func expectIndexesLikeFresh(
    after edits: [RoutedEdit], of workspace: SourceWorkspace, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for edit in edits {
        try edit.text.write(to: edit.file, atomically: true, encoding: .utf8)
        let again = workspace.index()
        let fresh = SourceWorkspace(directory: workspace.directory).index()
        #expect(windowStack(again) == edit.stack, sourceLocation: sourceLocation)
        #expect(rendered(again) == rendered(fresh), sourceLocation: sourceLocation)
        #expect(again.problems == fresh.problems, sourceLocation: sourceLocation)
    }
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

    @Test("a re-index finds, as a fresh index does, a base an edit made touch screens or a helper or base now names")
    func basesAfterEdits() throws {
        let folder = try copy(of: "BaseRouted")
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("Kitchen/BaseRouter.swift")
        let pushing = try String(contentsOf: base, encoding: .utf8)
        let silent = pushing.replacingOccurrences(
            of: "navigationController.pushViewController(screen, animated: true)", with: "_ = screen")
        try silent.write(to: base, atomically: true, encoding: .utf8)
        // Two more bases, each in a file of its own that nothing reads until a router names it.
        try writeRouter("PlainRouter", stack: "[TipsViewController(), screen]", in: folder)
        try writeRouter("CoreRouter", stack: "[screen, TipsViewController()]", in: folder)
        let workspace = SourceWorkspace(directory: folder.path)
        #expect(windowStack(workspace.index()).isEmpty, "the base pushes nothing")
        let router = folder.appendingPathComponent("Kitchen/KitchenRouter.swift")
        let routerText = try String(contentsOf: router, encoding: .utf8)
        let edits: [RoutedEdit] = [
            // The base's file changed: it now touches screens.
            (base, pushing, ["RecipeListViewController"]),
            // The base, read already, gets a base of its own in a file never read: the chain goes on up.
            (base, "import UIKit\n\nclass BaseRouter: CoreRouter {}\n", ["RecipeListViewController", "TipsViewController"]),
            (base, pushing, ["RecipeListViewController"]),
            // The router names another base, in a file that did not change and was not read.
            (
                router, routerText.replacingOccurrences(of: ": BaseRouter", with: ": PlainRouter"),
                ["TipsViewController", "RecipeListViewController"]
            ),
            (router, routerText, ["RecipeListViewController"]),
        ]
        try expectIndexesLikeFresh(after: edits, of: workspace)
    }

    /// Writes `Kitchen/<name>.swift`: a router class whose `show(_:)` sets its navigation
    /// controller's stack to `stack`, written with `screen` for the screen shown.
    private func writeRouter(_ name: String, stack: String, in folder: URL) throws {
        try """
        import UIKit

        class \(name) {
            let navigationController: UINavigationController

            init(navigationController: UINavigationController) {
                self.navigationController = navigationController
            }

            func show(_ screen: UIViewController) {
                navigationController.setViewControllers(\(stack), animated: false)
            }
        }

        """.write(to: folder.appendingPathComponent("Kitchen/\(name).swift"), atomically: true, encoding: .utf8)
    }
}
