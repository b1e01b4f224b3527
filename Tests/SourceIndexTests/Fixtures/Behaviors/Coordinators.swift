import UIKit

final class ArchiveCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.setViewControllers([ShelfViewController()], animated: false)
    }

    func showSettings() {
        let child = ArchiveSettingsCoordinator(navigationController: navigationController)
        childCoordinators.append(child)
        child.start()
    }

    func showVault() {
        let child = VaultCoordinator(navigationController: navigationController)
        childCoordinators.append(child)
        child.start()
    }
}

final class ArchiveSettingsCoordinator: Coordinator, AccountListing, AccountEditing {
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let accounts = AccountListViewController()
        accounts.coordinator = self
        navigationController.pushViewController(accounts, animated: true)
    }
}

/// Lists accounts too, but edits none: the constrained extension is not its.
final class VaultCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}

final class BucketCredentialCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController
    let account: String

    init(account: String, navigationController: UINavigationController) {
        self.account = account
        self.navigationController = navigationController
    }

    func start() {}
}

final class HelpCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}

final class ShelfViewController: UIViewController {}

final class AccountListViewController: UIViewController {
    weak var coordinator: AccountListing?

    func didSelect(_ account: String) {
        coordinator?.showEdit(for: account)
    }
}
