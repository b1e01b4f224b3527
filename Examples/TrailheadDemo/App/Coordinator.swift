/// What each coordinator is, the case `findCoordinator(type:)` looks for.
public enum CoordinatorType {
    case app, login, tabBar, trails, map, profile, trailDetail
}

/// A parent that hears when its child is done.
public protocol CoordinatorFinishDelegate: AnyObject {
    func coordinatorDidFinish(childCoordinator: Coordinator)
}

/// The coordinator protocol of the demo, in the style of the seed documents: a stored list of
/// children, a stored type, and the parent as finish delegate.
public protocol Coordinator: AnyObject {
    var finishDelegate: CoordinatorFinishDelegate? { get set }
    var navigationController: NavigationController { get }
    var childCoordinators: [Coordinator] { get set }
    var type: CoordinatorType { get }
    func start()
}

extension Coordinator {
    /// Ends this flow: its children go, and the parent is told.
    public func finish() {
        childCoordinators.removeAll()
        finishDelegate?.coordinatorDidFinish(childCoordinator: self)
    }

    /// The app's search: an explicit stack, the last element popped first, children pushed in
    /// order, so the last child is searched first.
    public func findCoordinator(type: CoordinatorType) -> Coordinator? {
        var stack: [Coordinator] = [self]
        while let coordinator = stack.popLast() {
            if coordinator.type == type { return coordinator }
            stack.append(contentsOf: coordinator.childCoordinators)
        }
        return nil
    }
}
