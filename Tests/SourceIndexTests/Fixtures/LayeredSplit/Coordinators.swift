import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

final class Router {
    let navigationController: UINavigationController

    init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func push(_ viewController: UIViewController) {
        navigationController.pushViewController(viewController, animated: true)
    }
}

class BaseCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let router: Router

    init(router: Router) {
        self.router = router
    }

    func start() {}
}

/// Overrides the base's start; the class below inherits this one, not the base's.
class ListCoordinator: BaseCoordinator {
    override func start() {
        router.push(ShelfListViewController())
    }
}

final class ShelvesCoordinator: ListCoordinator {}

/// Makes its own split view, whose primary column is its router's navigation controller.
final class LibraryCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let split: LibrarySplitViewController
    private let primaryRouter: Router

    init(window: UIWindow) {
        split = LibrarySplitViewController()
        primaryRouter = Router(UINavigationController())
        split.setViewController(primaryRouter.navigationController, for: .primary)
        window.rootViewController = split
    }

    func start() {
        let shelves = ShelvesCoordinator(router: primaryRouter)
        shelves.start()
        childCoordinators.append(shelves)
    }
}

/// Shows a placeholder in the secondary column until a book is chosen.
final class LibrarySplitViewController: UISplitViewController {
    init() {
        let placeholder = PlaceholderViewController()
        _ = UINavigationController(rootViewController: placeholder)
        super.init(style: .doubleColumn)
        setViewController(placeholder.navigationController, for: .secondary)
    }

    required init?(coder: NSCoder) { nil }
}

final class ShelfListViewController: UIViewController {}
final class PlaceholderViewController: UIViewController {}
