import UIKit

protocol CoordinatorFinishDelegate: AnyObject {
    func coordinatorDidFinish(childCoordinator: Coordinator)
}

protocol Coordinator: AnyObject {
    var finishDelegate: CoordinatorFinishDelegate? { get set }
    var navigationController: UINavigationController { get set }
    var childCoordinators: [Coordinator] { get set }
    var type: CoordinatorType { get }
    func start()
    func finish()
    func findCoordinator(type: CoordinatorType) -> Coordinator?
}

extension Coordinator {
    func finish() {
        childCoordinators.removeAll()
        finishDelegate?.coordinatorDidFinish(childCoordinator: self)
    }

    func findCoordinator(type: CoordinatorType) -> Coordinator? {
        var pending: [Coordinator] = [self]
        while let candidate = pending.popLast() {
            if candidate.type == type { return candidate }
            pending.append(contentsOf: candidate.childCoordinators)
        }
        return nil
    }
}

enum CoordinatorType {
    case app, tab, garden, journal, settings, plantDetail, addPlant, onboarding
}
