import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// Hands over to the vault, which shows its own container class as the window's root.
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
        let container = VaultContainerViewController()
        window.tap {
            $0.rootViewController = container
            $0.makeKeyAndVisible()
        }
    }
}

extension UIWindow {
    /// Hands the window to `configure` and returns it, in the style of the `Then` library.
    @discardableResult
    func tap(_ configure: (UIWindow) -> Void) -> UIWindow {
        configure(self)
        return self
    }
}

/// A container class of the app's own: not a navigation, tab bar or split view controller.
final class VaultContainerViewController: UIViewController {}
