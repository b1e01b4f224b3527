import UIKit

/// Two tabs, each of which opens the basket on demand; the basket opens the checkout, which asks for an address.
final class ShopCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .shop }
    private let window: UIWindow
    private let tabs = UITabBarController()

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let shelf = ShelfCoordinator(navigationController: UINavigationController())
        let library = LibraryCoordinator(navigationController: UINavigationController())
        begin(shelf)
        begin(library)
        tabs.setViewControllers([shelf.navigationController, library.navigationController], animated: false)
        window.rootViewController = tabs
        window.makeKeyAndVisible()
    }
}

final class ShelfCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .shelf }
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.setViewControllers([ShelfViewController()], animated: false)
    }

    func basketTapped() {
        begin(BasketCoordinator(navigationController: navigationController))
    }

    func receiptTapped() {
        begin(ReceiptCoordinator(navigationController: navigationController))
    }

    func libraryTapped() {
        begin(LibraryCoordinator(navigationController: UINavigationController()))
    }
}

final class LibraryCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .library }
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.setViewControllers([LibraryViewController()], animated: false)
    }

    func basketTapped() {
        begin(BasketCoordinator(navigationController: navigationController))
    }

    func receiptTapped() {
        begin(ReceiptCoordinator(navigationController: navigationController))
    }
}

final class ShelfViewController: UIViewController {}
final class LibraryViewController: UIViewController {}
