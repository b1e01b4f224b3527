final class CampCoordinator: Coordinator {
    var parentCoordinator: RootCoordinator?
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .camp }
    func start() {}
}
