/// Pushes screens for a router-style coordinator and tells it when one is popped.
public final class Router {
    public let navigationController: NavigationController

    public init(navigationController: NavigationController) {
        self.navigationController = navigationController
    }

    public func push(_ controller: ViewController, onPopped: @escaping () -> Void) {
        controller.onRemoved = onPopped
        navigationController.push(controller)
    }
}

/// A trail's detail flow, router-style: it starts with `present(animated:onDismissed:)` and
/// says when it is done through the closure it was given.
public final class TrailDetailCoordinator: Coordinator {
    public weak var finishDelegate: CoordinatorFinishDelegate?
    public var childCoordinators: [Coordinator] = []
    public let type = CoordinatorType.trailDetail
    public let trail: String
    let router: Router
    private var onDismissed: (() -> Void)?

    public var navigationController: NavigationController { router.navigationController }

    public init(trail: String, router: Router) {
        self.trail = trail
        self.router = router
    }

    public func start() { present(animated: true, onDismissed: nil) }

    public func present(animated: Bool, onDismissed: (() -> Void)?) {
        self.onDismissed = onDismissed
        router.push(TrailViewController(title: trail, coordinator: self)) { [weak self] in
            self?.onDismissed?()
            self?.finish()
        }
    }
}
