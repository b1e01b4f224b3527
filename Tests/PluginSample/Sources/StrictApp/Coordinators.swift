/// A coordinator: it owns its children and starts its flow.
public protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

/// The app's root: starts the onboarding flow but keeps it nowhere, the lint's error.
public final class AppCoordinator: Coordinator {
    public var childCoordinators: [Coordinator] = []

    public init() {}

    public func start() {
        let onboarding = OnboardingCoordinator()
        onboarding.start()
    }
}

/// The onboarding flow.
public final class OnboardingCoordinator: Coordinator {
    public var childCoordinators: [Coordinator] = []

    public func start() {}
}
