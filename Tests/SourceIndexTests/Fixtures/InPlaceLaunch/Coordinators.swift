import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// Chooses its first flow in a closure called where it is written, by the stage it starts in, and
/// gives the window the navigation controller the closure returns. The lock comes first when the
/// server has asked for it, which it cannot have at launch.
final class GateCoordinator: Coordinator {
    enum Stage {
        case home
        case welcome
    }

    var childCoordinators: [Coordinator] = []
    private let window: UIWindow
    private var stage: Stage = .welcome
    private var lockReason: String?

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let root: UINavigationController = {
            if let reason = lockReason {
                return showLock(reason)
            }
            switch stage {
            case .home:
                return showHome()
            case .welcome:
                let welcome = WelcomeCoordinator()
                childCoordinators.append(welcome)
                welcome.start()
                return welcome.navigationController
            }
        }()
        window.rootViewController = root
        window.makeKeyAndVisible()
    }

    /// Called when the server asks for the app to be locked, long after launch.
    func serverDidLock(reason: String) {
        lockReason = reason
        start()
    }

    private func showLock(_ reason: String) -> UINavigationController {
        let lock = LockCoordinator(reason: reason)
        childCoordinators.append(lock)
        lock.start()
        return lock.navigationController
    }

    private func showHome() -> UINavigationController {
        let home = HomeCoordinator()
        childCoordinators.append(home)
        home.start()
        return home.navigationController
    }
}

final class WelcomeCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController()

    func start() {
        navigationController.pushViewController(WelcomeViewController(), animated: false)
    }
}

final class HomeCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController()

    func start() {
        navigationController.pushViewController(HomeViewController(), animated: false)
    }
}

final class LockCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController()
    private let reason: String

    init(reason: String) {
        self.reason = reason
    }

    func start() {
        navigationController.pushViewController(LockViewController(), animated: false)
    }
}

final class WelcomeViewController: UIViewController {}
final class LockViewController: UIViewController {}
final class HomeViewController: UIViewController {}
