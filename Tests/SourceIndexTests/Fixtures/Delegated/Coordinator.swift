import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// Alerts for any coordinator that asks: a refinement of a coordinator protocol from a package,
/// so what it requires is what coordinators call on themselves.
protocol AlertShowing: PackageCoordinating {
    func showAlert(_ message: String)
}

extension AlertShowing where Self: Coordinator {
    func showAlert(_ message: String) {
        let alert = AlertCoordinator(message: message)
        childCoordinators.append(alert)
        alert.start()
    }
}

/// What the sign-in flow tells whoever presents it; its callback shares its base name with the
/// factory in the extension below.
protocol SignInPresenting: AnyObject {
    func signInCoordinator(_ coordinator: SignInCoordinator, didSignIn user: String)
}

extension SignInPresenting where Self: Coordinator {
    func signInCoordinator(from navigationController: UINavigationController) -> SignInCoordinator {
        let signIn = SignInCoordinator(navigationController: navigationController)
        signIn.delegate = self
        childCoordinators.append(signIn)
        return signIn
    }
}
