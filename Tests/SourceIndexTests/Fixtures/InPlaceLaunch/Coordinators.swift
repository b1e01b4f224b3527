import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// Chooses its first flow in a closure called where it is written, by the stage it starts in, and
/// gives the window the navigation controller the closure returns.
final class GateCoordinator: Coordinator {
    enum Stage {
        case home
        case welcome
    }

    var childCoordinators: [Coordinator] = []
    private let window: UIWindow
    private var stage: Stage = .welcome

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let root: UINavigationController = {
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

final class WelcomeViewController: UIViewController {}
final class HomeViewController: UIViewController {}
