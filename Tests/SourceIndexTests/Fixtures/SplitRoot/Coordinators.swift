import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// Puts a split view at the window's root: the shelves' list in the primary column, a placeholder
/// in the secondary, which the first book's detail then replaces.
final class LibraryCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let window: UIWindow
    private let split = UISplitViewController()

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let shelves = ShelvesCoordinator()
        childCoordinators.append(shelves)
        shelves.start()
        split.viewControllers = [shelves.navigationController, PlaceholderViewController()]
        WindowRouter(window: window).setRootModule(split)
        split.showDetailViewController(BookDetailViewController(), sender: nil)
    }
}

protocol Presentable {
    func toPresentable() -> UIViewController
}

extension UIViewController: Presentable {
    func toPresentable() -> UIViewController { self }
}

/// Sets the window's root to what a module presents.
final class WindowRouter {
    private let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    func setRootModule(_ module: Presentable) {
        window.rootViewController = module.toPresentable()
        window.makeKeyAndVisible()
    }
}

final class ShelvesCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController()

    func start() {
        navigationController.pushViewController(ShelfListViewController(), animated: false)
    }
}

final class PlaceholderViewController: UIViewController {}
final class ShelfListViewController: UIViewController {}
final class BookDetailViewController: UIViewController {}
