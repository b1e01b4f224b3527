import UIKit

final class BasketCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .basket }
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.pushViewController(BasketViewController(), animated: true)
    }

    func checkoutTapped() {
        begin(CheckoutCoordinator(navigationController: navigationController))
    }
}

final class CheckoutCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .checkout }
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.pushViewController(CheckoutViewController(), animated: true)
    }

    func addressTapped() {
        begin(AddressCoordinator(navigationController: navigationController))
    }

    func courierTapped() {
        begin(CourierCoordinator())
    }
}

final class AddressCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .address }
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.pushViewController(AddressViewController(), animated: true)
    }
}

final class CourierCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .courier }
    func start() {}
}

/// A leaf: shown whole wherever it is made, since it has no children to repeat.
final class ReceiptCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .receipt }
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.pushViewController(ReceiptViewController(), animated: true)
    }
}

final class BasketViewController: UIViewController {}
final class CheckoutViewController: UIViewController {}
final class AddressViewController: UIViewController {}
final class ReceiptViewController: UIViewController {}
