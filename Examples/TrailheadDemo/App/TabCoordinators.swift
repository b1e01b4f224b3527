/// The tabs, in tab order: index, title and icon of each.
public enum TabBarItemType: Int, CaseIterable {
    case trails, map, profile

    var title: String {
        switch self {
        case .trails: "Trails"
        case .map: "Map"
        case .profile: "Profile"
        }
    }
}

/// The tab bar: one navigation controller and one coordinator per tab.
public final class MainTabCoordinator: Coordinator, CoordinatorFinishDelegate {
    public weak var finishDelegate: CoordinatorFinishDelegate?
    public var childCoordinators: [Coordinator] = []
    public let type = CoordinatorType.tabBar
    public let navigationController: NavigationController
    public let tabBarController = TabBarController(title: "Main")

    public init(navigationController: NavigationController) {
        self.navigationController = navigationController
    }

    public func start() {
        tabBarController.coordinator = self
        tabBarController.viewControllers = TabBarItemType.allCases.map { item in
            let navigation = NavigationController(title: item.title)
            let child: Coordinator
            switch item {
            case .trails: child = TrailsCoordinator(navigationController: navigation)
            case .map: child = MapCoordinator(navigationController: navigation)
            case .profile: child = ProfileCoordinator(navigationController: navigation)
            }
            child.finishDelegate = self
            childCoordinators.append(child)
            child.start()
            return navigation
        }
        tabBarController.selectedIndex = TabBarItemType.trails.rawValue
        navigationController.setViewControllers([tabBarController])
    }

    public func select(_ item: TabBarItemType) { tabBarController.selectedIndex = item.rawValue }

    public func coordinatorDidFinish(childCoordinator: Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
    }
}

/// The Trails tab: a list, and trail details opened on demand.
public final class TrailsCoordinator: Coordinator, CoordinatorFinishDelegate {
    public weak var finishDelegate: CoordinatorFinishDelegate?
    public var childCoordinators: [Coordinator] = []
    public let type = CoordinatorType.trails
    public let navigationController: NavigationController

    public init(navigationController: NavigationController) {
        self.navigationController = navigationController
    }

    public func start() {
        navigationController.setViewControllers([TrailListViewController(title: "Trails", coordinator: self)])
    }

    /// Opens a trail's detail flow on this tab's stack.
    public func showTrail(_ name: String) {
        let detail = TrailDetailCoordinator(trail: name, router: Router(navigationController: navigationController))
        detail.finishDelegate = self
        childCoordinators.append(detail)
        detail.start()
    }

    /// Removes the finished child *by type*, as the seed documents do: every other trail detail
    /// goes with it, though its screen stays on the stack.
    public func coordinatorDidFinish(childCoordinator: Coordinator) {
        childCoordinators = childCoordinators.filter { $0.type != childCoordinator.type }
    }
}

public final class MapCoordinator: Coordinator {
    public weak var finishDelegate: CoordinatorFinishDelegate?
    public var childCoordinators: [Coordinator] = []
    public let type = CoordinatorType.map
    public let navigationController: NavigationController

    public init(navigationController: NavigationController) {
        self.navigationController = navigationController
    }

    public func start() {
        navigationController.setViewControllers([TrailMapViewController(title: "Map", coordinator: self)])
    }
}

public final class ProfileCoordinator: Coordinator {
    public weak var finishDelegate: CoordinatorFinishDelegate?
    public var childCoordinators: [Coordinator] = []
    public let type = CoordinatorType.profile
    public let navigationController: NavigationController

    public init(navigationController: NavigationController) {
        self.navigationController = navigationController
    }

    public func start() {
        navigationController.setViewControllers([ProfileViewController(title: "Profile", coordinator: self)])
    }
}
