import UIKit

final class DocksCoordinator: Coordinator {
    let navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .docks }

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.pushViewController(BerthListViewController(), animated: false)
        let tide = TideCoordinator(navigationController: navigationController)
        childCoordinators.append(tide)
        tide.start()
    }
}
