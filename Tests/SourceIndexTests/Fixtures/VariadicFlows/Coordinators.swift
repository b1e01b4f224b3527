import UIKit

protocol CoordinatorFinishDelegate: AnyObject {
    func coordinatorDidFinish(childCoordinator: Coordinator)
}

protocol Coordinator: AnyObject {
    var finishDelegate: CoordinatorFinishDelegate? { get set }
    var childCoordinators: [Coordinator] { get set }
    var navigationController: UINavigationController { get }
    func start()
}

extension Coordinator {
    func addChildCoordinator(_ coordinators: Coordinator...) {
        childCoordinators.append(contentsOf: coordinators)
    }
}

/// A tab bar of the app's own, not UITabBarController.
final class ShelfTabBarController: UIViewController {
    private(set) var tabs: [UIViewController] = []
    func setViewControllers(_ viewControllers: UIViewController...) { tabs = viewControllers }
}

final class ShelfTabCoordinator: Coordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController
    let tabBarController = ShelfTabBarController()
    var onAddRecord: (() -> Void)?
    var onAddNote: (() -> Void)?

    init(_ navigationController: UINavigationController) { self.navigationController = navigationController }

    func start() {
        let records = RecordsCoordinator(navigationController)
        let notes = NotesCoordinator(navigationController)
        let profile = ShelfProfileCoordinator(navigationController)
        addChildCoordinator(records, notes, profile)
        records.start()
        notes.start()
        profile.start()
        // Each tab shows the screen its flow made; they all share the one navigation controller.
        tabBarController.setViewControllers(records.listViewController, notes.notesViewController, profile.profileViewController)
        onAddRecord = { [weak self] in self?.showAddRecordFlow() }
        onAddNote = { [weak self] in self?.showAddNoteFlow() }
        navigationController.pushViewController(tabBarController, animated: true)
    }

    private func showAddRecordFlow() {
        let addRecord = AddRecordCoordinator(navigationController)
        addChildCoordinator(addRecord)
        addRecord.finishDelegate = self
        addRecord.start()
    }

    private func showAddNoteFlow() {
        let addNote = AddNoteCoordinator(navigationController)
        addChildCoordinator(addNote)
        addNote.finishDelegate = self
        addNote.start()
    }
}

extension ShelfTabCoordinator: CoordinatorFinishDelegate {
    func coordinatorDidFinish(childCoordinator: Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
        navigationController.popViewController(animated: true)
    }
}

class FlowCoordinator: Coordinator {
    weak var finishDelegate: CoordinatorFinishDelegate?
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController
    init(_ navigationController: UINavigationController) { self.navigationController = navigationController }
    func start() {}
}

final class RecordsCoordinator: FlowCoordinator {
    let listViewController = RecordListViewController()

    func recordWasChosen() {
        let detail = RecordDetailCoordinator(navigationController)
        addChildCoordinator(detail)
        detail.start()
    }
}

final class NotesCoordinator: FlowCoordinator {
    private(set) var notesViewController: NotesViewController!

    override func start() {
        notesViewController = NotesViewController()
    }
}

final class ShelfProfileCoordinator: FlowCoordinator {
    let profileViewController = ShelfProfileViewController()
}

final class AddRecordCoordinator: FlowCoordinator {
    func recordWasSaved() {
        let detail = RecordDetailCoordinator(navigationController)
        addChildCoordinator(detail)
        detail.start()
    }
}

final class AddNoteCoordinator: FlowCoordinator {}
final class RecordDetailCoordinator: FlowCoordinator {}
