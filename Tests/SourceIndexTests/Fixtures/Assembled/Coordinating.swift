import UIKit

protocol Coordinator: AnyObject {
    var coordinators: [Coordinator] { get set }
    func start()
}

protocol RootViewControllerProvider: AnyObject {
    var rootViewController: UIViewController { get }
}

/// Coordinators that hand a view controller to whoever shows them.
typealias RootCoordinator = Coordinator & RootViewControllerProvider

extension Coordinator {
    func addCoordinator(_ coordinator: Coordinator) {
        coordinators.append(coordinator)
    }
}
