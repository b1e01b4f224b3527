protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    var type: CoordinatorType { get }
    func start()
}

enum CoordinatorType { case app, atlas, camp }

extension Coordinator {
    func findCoordinator(type: CoordinatorType) -> Coordinator? {
        nil
    }
}
