import UIKit

protocol AppFlowCoordinator: Coordinator {}

final class AppCoordinator: AppFlowCoordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var navigationController: UINavigationController
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType = .app

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        showMainFlow()
    }

    private func showMainFlow() {
        let tabs = MainTabCoordinator(navigationController)
        tabs.finishDelegate = self
        childCoordinators.append(tabs)
        tabs.start()
    }
}

extension AppCoordinator: CoordinatorFinishDelegate {
    func coordinatorDidFinish(childCoordinator: Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
    }
}
