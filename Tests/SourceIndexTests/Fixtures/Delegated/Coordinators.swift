import UIKit

final class PortalCoordinator: Coordinator, SignInPresenting, AlertShowing {
    var childCoordinators: [Coordinator] = []
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        signInCoordinator(from: navigationController).start()
    }

    func signInCoordinator(_ coordinator: SignInCoordinator, didSignIn user: String) {
        childCoordinators.removeAll { $0 === coordinator }
    }
}

final class SignInCoordinator: Coordinator, AlertShowing {
    var childCoordinators: [Coordinator] = []
    weak var delegate: SignInPresenting?
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.setViewControllers([UIViewController()], animated: false)
    }

    func signedIn(as user: String) {
        delegate?.signInCoordinator(self, didSignIn: user)
    }

    func failed() {
        showAlert("Try again")
    }
}

final class AlertCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let message: String

    init(message: String) {
        self.message = message
    }

    func start() {}
}
