import UIKit

final class AppCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let router: KitchenRouter

    init(router: KitchenRouter) {
        self.router = router
    }

    func start() {
        let recipes = RecipesCoordinator(router: router)
        childCoordinators.append(recipes)
        recipes.start()
    }
}
