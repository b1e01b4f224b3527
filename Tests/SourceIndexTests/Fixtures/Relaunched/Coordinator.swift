import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

extension Coordinator {
    func store(_ child: Coordinator) {
        childCoordinators.append(child)
    }
}

/// The root's own protocol refines the coordinator protocol.
protocol AppCoordinatorType: Coordinator {
    func showAccounts()
}
