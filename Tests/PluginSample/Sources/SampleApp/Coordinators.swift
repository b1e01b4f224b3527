/// A coordinator: it owns its children and starts its flow.
public protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// The app's root: starts the settings flow and keeps it.
public final class AppCoordinator: Coordinator {
    public var childCoordinators: [Coordinator] = []

    public init() {}

    public func start() {
        let settings = SettingsCoordinator(parentCoordinator: self)
        childCoordinators.append(settings)
        settings.start()
    }
}

/// The settings flow. Its reference to the parent is strong: the lint's warning.
public final class SettingsCoordinator: Coordinator {
    public var childCoordinators: [Coordinator] = []
    var parentCoordinator: AppCoordinator?

    init(parentCoordinator: AppCoordinator) {
        self.parentCoordinator = parentCoordinator
    }

    public func start() {}
}
