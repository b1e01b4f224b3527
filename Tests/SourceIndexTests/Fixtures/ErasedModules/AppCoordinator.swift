import UIKit

enum AppRoute { case shelf, shopping }

final class AppCoordinator: Coordinator {
    typealias Module = ShelfModule & ShoppingModule & DebugModule

    private let module: Module
    private let window: UIWindow
    private var childCoordinator: AnyObject?

    init(module: Module, window: UIWindow) {
        self.module = module
        self.window = window
    }

    func start() {
        showShelf()
    }

    func navigate(to route: AppRoute) {
        switch route {
        case .shelf: showShelf()
        case .shopping: showShopping()
        }
    }

    private func showShelf() {
        let navigation = UINavigationController()
        let shelf = module.makeShelfCoordinator(navigation: navigation)
        shelf.start()
        childCoordinator = shelf
        window.rootViewController = navigation
    }

    private func showShopping() {
        let navigation = UINavigationController()
        let shopping = module.makeShoppingCoordinator(navigation: navigation)
        shopping.start()
        childCoordinator = shopping
        window.rootViewController?.present(navigation, animated: true)
    }
}
