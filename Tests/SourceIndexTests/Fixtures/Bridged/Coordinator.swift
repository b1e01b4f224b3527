import UIKit

protocol Coordinator: AnyObject {
    var coordinators: [Coordinator] { get set }
    func start()
}

extension Coordinator {
    func addCoordinator(_ coordinator: Coordinator) {
        coordinators.append(coordinator)
    }

    func removeCoordinator(_ coordinator: Coordinator) {
        coordinators.removeAll { $0 === coordinator }
    }
}
