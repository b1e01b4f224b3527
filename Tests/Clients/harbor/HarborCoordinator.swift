import UIKit

final class HarborCoordinator: Coordinator {
    let navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .harbor }

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.pushViewController(QuayViewController(), animated: false)
        let docks = DocksCoordinator(navigationController: navigationController)
        childCoordinators.append(docks)
        docks.start()
        let tide = TideCoordinator(navigationController: navigationController)
        childCoordinators.append(tide)
        tide.start()
    }

    func bookCrossing() {
        let ferry = FerryCoordinator(navigationController: navigationController)
        childCoordinators.append(ferry)
        ferry.start()
    }
}
