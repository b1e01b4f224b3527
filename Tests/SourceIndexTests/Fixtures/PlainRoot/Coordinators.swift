import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// Shows a plain splash screen as the window's root, then hands over to the vault's own container.
final class LaunchCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let vault = VaultCoordinator(window: window)
        childCoordinators.append(vault)
        vault.start()
    }
}

final class VaultCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        window.rootViewController = VaultContainerViewController()
        window.makeKeyAndVisible()
    }
}

/// A container class of the app's own: not a navigation, tab bar or split view controller.
final class VaultContainerViewController: UIViewController {}
