import Foundation
import Testing

@testable import SourceIndex

/// The launch evaluation's memo carried from one index of an app to the next. The fixture's router
/// only names its base (`KitchenRouter: BaseRouter {}`), in a file of its own; the base, in
/// another, pushes: an edit of the base changes what the router does.
@Suite("The evaluation's memo across edits")
struct EvaluationMemoTests {
    private func memo(_ index: SourceIndex) throws -> ContainerEvaluator.Memo {
        try #require(index.model.evaluationMemo)
    }

    @Test("after edits to a base class, to a body's offsets and to a flow, an index equals a fresh one")
    func carriedEqualsFresh() throws {
        let folder = try copy(of: "BaseRouted")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        #expect(windowStack(workspace.index()) == ["RecipeListViewController"])
        let base = folder.appendingPathComponent("Kitchen/BaseRouter.swift")
        let recipes = folder.appendingPathComponent("Kitchen/RecipesCoordinator.swift")
        let baseText = try String(contentsOf: base, encoding: .utf8)
        let recipesText = try String(contentsOf: recipes, encoding: .utf8)
        let edits: [RoutedEdit] = [
            // The base changes, the helper's file does not: the helper's facts come from its lineage.
            (
                base,
                baseText.replacingOccurrences(
                    of: "navigationController.pushViewController(screen, animated: true)",
                    with:
                        "navigationController.pushViewController(TipsViewController(), animated: false)\n        navigationController.pushViewController(screen, animated: true)"
                ), ["TipsViewController", "RecipeListViewController"]
            ),
            // Every offset of the file moves, and the start method shows another screen.
            (
                recipes,
                "// Recipes\n\n"
                    + recipesText.replacingOccurrences(
                        of: "router.show(RecipeListViewController())", with: "router.show(RecipeViewController())"),
                ["TipsViewController", "RecipeViewController"]
            ),
            // The flow made later keeps no router: its container goes.
            (
                recipes,
                "// Recipes\n\n"
                    + recipesText.replacingOccurrences(
                        of: "let recipe = RecipeCoordinator(router: router)",
                        with:
                            "let recipe = RecipeCoordinator(router: KitchenRouter(navigationController: UINavigationController()))"
                    ),
                ["TipsViewController", "RecipeListViewController"]
            ),
            (base, baseText, ["RecipeListViewController"]),
            (recipes, recipesText, ["RecipeListViewController"]),
        ]
        try expectIndexesLikeFresh(after: edits, of: workspace)
    }

    @Test("what an edit cannot have moved is carried to the next index; what it may have, is worked out again")
    func carriedAcrossEdits() throws {
        let folder = try copy(of: "BaseRouted")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workspace = SourceWorkspace(directory: folder.path)
        let first = try memo(workspace.index())
        let router = try #require(first.classes["KitchenRouter"])
        let app = try #require(first.classes["AppCoordinator"])

        let coordinator = folder.appendingPathComponent("Kitchen/AppCoordinator.swift")
        try (String(contentsOf: coordinator, encoding: .utf8) + "\nextension AppCoordinator { func finish() {} }\n").write(
            to: coordinator, atomically: true, encoding: .utf8)
        let second = try memo(workspace.index())
        #expect(second !== first)
        #expect(second.classes["KitchenRouter"] === router, "a class whose lineage did not change is carried")
        #expect(second.classes["AppCoordinator"] !== app, "a class the edit changed is worked out again")

        let base = folder.appendingPathComponent("Kitchen/BaseRouter.swift")
        try (String(contentsOf: base, encoding: .utf8) + "\n// a note\n").write(to: base, atomically: true, encoding: .utf8)
        let third = try memo(workspace.index())
        #expect(third.classes["KitchenRouter"] !== router, "a class whose base changed is worked out again")
        #expect(third.classes["KitchenRouter"]?.types["BaseRouter"]?.file == "Kitchen/BaseRouter.swift")
    }
}
