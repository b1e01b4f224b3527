import UIKit

final class RecipesCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let router: KitchenRouter

    init(router: KitchenRouter) {
        self.router = router
    }

    func start() {
        router.show(RecipeListViewController())
    }

    func openRecipe() {
        let recipe = RecipeCoordinator(router: router)
        childCoordinators.append(recipe)
        recipe.start()
    }
}

final class RecipeCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let router: KitchenRouter

    init(router: KitchenRouter) {
        self.router = router
    }

    func start() {
        router.show(RecipeViewController())
    }
}
