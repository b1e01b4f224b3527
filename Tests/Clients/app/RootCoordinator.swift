final class RootCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    var type: CoordinatorType { .app }

    func start() {
        let atlas = AtlasCoordinator()
        childCoordinators.append(atlas)
        atlas.start()
    }

    func pitchTent() {
        let camp = CampCoordinator()
        childCoordinators.append(camp)
        camp.start()
    }

    func backToMap() {
        findCoordinator(type: .atlas)?.start()
    }
}

final class SceneDelegate {
    let root = RootCoordinator()
}
