import UIKit

protocol Routing: AnyObject {
    func setRootViewController(_ viewController: UIViewController)
    func push(_ viewController: UIViewController, animated: Bool)
    func present(_ viewController: UIViewController, animated: Bool)
}

class BaseCoordinator {
    var childCoordinators: [BaseCoordinator] = []
    let router: Routing

    init(router: Routing) {
        self.router = router
    }

    func start() {
        fatalError("subclasses start themselves")
    }

    func add(child: BaseCoordinator) {
        guard !childCoordinators.contains(where: { $0 === child }) else { return }
        childCoordinators.append(child)
    }

    func remove(child: BaseCoordinator?) {
        childCoordinators.removeAll { $0 === child }
    }
}
