import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

final class Session {
    var isSignedIn: Bool { UserDefaults.standard.string(forKey: "token") != nil }
}

/// Gives the window a root chosen by an `if` on the session, through a `let` declared without a
/// value and set in each branch: signed out, the sign-in screen; signed in, the home flow.
final class PortalCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let window: UIWindow
    private let session: Session

    init(window: UIWindow, session: Session) {
        self.window = window
        self.session = session
    }

    func start() {
        let root: UIViewController
        if !session.isSignedIn {
            root = SignInViewController()
        } else {
            let home = HomeCoordinator()
            childCoordinators.append(home)
            home.start()
            root = home.navigationController
        }
        window.rootViewController = root
        window.makeKeyAndVisible()
    }
}

final class HomeCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController = UINavigationController()

    func start() {
        navigationController.pushViewController(HomeViewController(), animated: false)
    }
}

final class SignInViewController: UIViewController {}
final class HomeViewController: UIViewController {}
