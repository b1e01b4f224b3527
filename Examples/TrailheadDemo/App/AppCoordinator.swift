/// The root: the login flow while logged out, the tab bar while logged in.
public final class AppCoordinator: Coordinator, CoordinatorFinishDelegate {
    public weak var finishDelegate: CoordinatorFinishDelegate?
    public var childCoordinators: [Coordinator] = []
    public let type = CoordinatorType.app
    public let navigationController = NavigationController(title: "Root")
    private let window: Window
    private(set) var isLoggedIn: Bool

    public init(window: Window, isLoggedIn: Bool) {
        self.window = window
        self.isLoggedIn = isLoggedIn
    }

    public func start() {
        window.rootViewController = navigationController
        if isLoggedIn { showMainFlow() } else { showLoginFlow() }
    }

    public func showMainFlow() {
        let tabs = MainTabCoordinator(navigationController: navigationController)
        tabs.finishDelegate = self
        childCoordinators.append(tabs)
        tabs.start()
    }

    public func showLoginFlow() {
        let login = LoginCoordinator(navigationController: navigationController)
        login.finishDelegate = self
        childCoordinators.append(login)
        login.start()
    }

    /// Logging out ends the tab bar flow; logging in ends the login flow.
    public func coordinatorDidFinish(childCoordinator: Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
        navigationController.setViewControllers([])
        switch childCoordinator.type {
        case .tabBar:
            isLoggedIn = false
            showLoginFlow()
        case .login:
            isLoggedIn = true
            showMainFlow()
        default:
            break
        }
    }
}

public final class LoginCoordinator: Coordinator {
    public weak var finishDelegate: CoordinatorFinishDelegate?
    public var childCoordinators: [Coordinator] = []
    public let type = CoordinatorType.login
    public let navigationController: NavigationController

    public init(navigationController: NavigationController) {
        self.navigationController = navigationController
    }

    public func start() {
        navigationController.setViewControllers([LoginViewController(title: "Login", coordinator: self)])
    }
}
