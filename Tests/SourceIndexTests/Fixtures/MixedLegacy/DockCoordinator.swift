import UIKit

@objc protocol DockCoordinatorDelegate: AnyObject {
    func dockCoordinatorDidFinish(_ coordinator: DockCoordinator)
}

@objc final class DockCoordinator: NSObject {
    @objc weak var delegate: DockCoordinatorDelegate?
    private var childCoordinators: [NSObject] = []
    private let navigationController: UINavigationController

    @objc init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    @objc func start() {
        navigationController.setViewControllers([UIViewController()], animated: false)
    }

    func boatTapped() {
        let boat = BoatCoordinator()
        childCoordinators.append(boat)
        boat.start()
    }
}

final class BoatCoordinator: NSObject {
    private var childCoordinators: [NSObject] = []

    func start() {}
}
