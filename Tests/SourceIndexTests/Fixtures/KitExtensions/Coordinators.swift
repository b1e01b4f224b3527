import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// Keeps a plain view controller as the window's root and shows each stage inside it, through the
/// app's own `UIViewController.install(child:)`: at launch, the journal's navigation controller.
final class ShellCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let frameController = UIViewController()

    func start() {
        let journal = JournalCoordinator()
        childCoordinators.append(journal)
        journal.start()
        frameController.install(child: journal.navigation)
    }
}

/// Sets its stack through the app's own `UINavigationController.reset(to:)`, which calls UIKit's
/// `setViewControllers`, and presents the draft at once: the extension's `present(_:animated:after:)`,
/// which presents later, has other labels than this call's, which is UIKit's `present`.
final class JournalCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigation = UINavigationController()

    func start() {
        navigation.reset(to: EntryListViewController())
        navigation.present(UINavigationController(rootViewController: DraftViewController()), animated: false)
    }
}

final class EntryListViewController: UIViewController {}
final class DraftViewController: UIViewController {}
