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
        window.rootViewController = split
        window.makeKeyAndVisible()
        split.showDetailViewController(BookDetailViewController(), sender: nil)
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
