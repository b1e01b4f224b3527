import UIKit

final class LedgerAppCoordinator: AppCoordinatorType {
    var childCoordinators: [Coordinator] = []
    private let window: UIWindow
    private let navigation = UINavigationController()

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        showAccounts()
    }

    func showAccounts() {
        let accounts = AccountsCoordinator(navigation: navigation)
        store(accounts)
        accounts.start()
    }
}

final class AccountsCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {
        navigation.setViewControllers([UIViewController()], animated: false)
    }

    func accountChosen() {
        let wallet = WalletCoordinator(navigation: navigation)
        store(wallet)
        wallet.start()
    }

    func settingsTapped() {
        let settings = SettingsCoordinator(navigation: navigation)
        store(settings)
        settings.start()
    }
}

/// A wallet opens another wallet (a linked account): an instance of its own class.
final class WalletCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {
        navigation.pushViewController(UIViewController(), animated: true)
    }

    func linkedWalletTapped() {
        let linked = WalletCoordinator(navigation: navigation)
        store(linked)
        linked.start()
    }
}

/// Logging out makes a fresh app coordinator and starts it over the old one.
final class SettingsCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func start() {
        navigation.pushViewController(UIViewController(), animated: true)
    }

    func logOutTapped() {
        guard let window = navigation.view.window else { return }
        let fresh = LedgerAppCoordinator(window: window)
        store(fresh)
        fresh.start()
    }
}
