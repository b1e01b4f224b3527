import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// Gives the window its root through a function declared inside `start`, after the code that calls it.
final class LedgerAppCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let accounts = AccountsCoordinator()
        childCoordinators.append(accounts)
        accounts.start()
        present(accounts.navigationController, in: window)

        func present(_ root: UIViewController, in window: UIWindow) {
            window.rootViewController = root
            reveal(window)
        }

        func reveal(_ shown: UIWindow) {
            shown.makeKeyAndVisible()
        }
    }
}

/// Its first screen comes from a local function that hides a method of the same name.
final class AccountsCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController()

    func start() {
        navigationController.setViewControllers([firstScreen(titled: "Accounts")], animated: false)

        func firstScreen(titled title: String) -> UIViewController {
            let screen = AccountListViewController()
            screen.title = title
            return screen
        }
    }

    /// Not called at launch: the local function of `start` hides it.
    func firstScreen(titled title: String) -> UIViewController {
        ArchiveViewController()
    }
}

final class AccountListViewController: UIViewController {}
final class ArchiveViewController: UIViewController {}
