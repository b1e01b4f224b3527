import UIKit

enum ShelfRoute { case shelf }

final class ShelfCoordinator: Coordinator {
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {
        navigate(to: .shelf)
    }

    func navigate(to route: ShelfRoute) {
        navigation.setViewControllers([ShelfViewController()], animated: false)
    }
}

enum ShoppingRoute { case list }

final class ShoppingCoordinator: Coordinator {
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {
        navigate(to: .list)
    }

    func navigate(to route: ShoppingRoute) {
        navigation.pushViewController(ShoppingListViewController(), animated: false)
    }
}

enum DebugRoute { case menu }

final class DebugCoordinator: Coordinator {
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {
        navigate(to: .menu)
    }

    func navigate(to route: DebugRoute) {}
}

final class ShelfViewController: UIViewController {}
final class ShoppingListViewController: UIViewController {}
