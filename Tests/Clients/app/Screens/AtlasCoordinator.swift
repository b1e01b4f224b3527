final class AtlasCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .atlas }
    func start() {}
}
