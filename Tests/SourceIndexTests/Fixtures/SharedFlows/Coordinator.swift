import UIKit

enum CoordinatorType {
    case shop, shelf, library, receipt, basket, checkout, address, courier
}

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    var type: CoordinatorType { get }
    func start()
}

extension Coordinator {
    func begin(_ child: Coordinator) {
        childCoordinators.append(child)
        child.start()
    }
}
