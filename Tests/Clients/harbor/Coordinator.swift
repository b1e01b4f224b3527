import UIKit

protocol Coordinator: AnyObject {
    var navigationController: UINavigationController { get }
    var childCoordinators: [Coordinator] { get set }
    var type: CoordinatorType { get }
    func start()
}

enum CoordinatorType {
    case harbor, docks, tide, ferry
}

extension Coordinator {
    func findCoordinator(type: CoordinatorType) -> Coordinator? {
        var waiting: [Coordinator] = [self]
        while let next = waiting.popLast() {
            if next.type == type { return next }
            waiting.append(contentsOf: next.childCoordinators)
        }
        return nil
    }
}
