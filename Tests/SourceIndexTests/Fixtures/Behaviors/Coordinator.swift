import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    var navigationController: UINavigationController { get }
    func start()
}

/// Coordinators whose screens list storage accounts and let the user edit one.
protocol AccountEditing {}

extension Coordinator where Self: AccountEditing {
    func showEdit(for account: String) {
        if account.hasPrefix("bucket:") {
            showBucketCredentials(account)
        }
    }

    private func showBucketCredentials(_ account: String) {
        let modal = UINavigationController()
        let child = BucketCredentialCoordinator(account: account, navigationController: modal)
        childCoordinators.append(child)
        navigationController.present(modal, animated: true)
        child.start()
    }
}

extension Coordinator {
    /// Nothing calls it: no coordinator is known to make a help flow.
    func showHelp() {
        let child = HelpCoordinator(navigationController: navigationController)
        childCoordinators.append(child)
        child.start()
    }
}
