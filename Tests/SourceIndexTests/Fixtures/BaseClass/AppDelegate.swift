import UIKit

final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private lazy var rootNavigation: UINavigationController = { UINavigationController() }()
    private lazy var launch = LaunchCoordinator(router: WindowRouting(navigation: rootNavigation))

    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = rootNavigation
        window?.makeKeyAndVisible()
        launch.start()
        return true
    }
}

final class WindowRouting: Routing {
    private let navigation: UINavigationController

    init(navigation: UINavigationController) {
        self.navigation = navigation
    }

    func setRootViewController(_ viewController: UIViewController) {
        navigation.setViewControllers([viewController], animated: false)
    }

    func push(_ viewController: UIViewController, animated: Bool) {
        navigation.pushViewController(viewController, animated: animated)
    }

    func present(_ viewController: UIViewController, animated: Bool) {
        navigation.present(viewController, animated: animated)
    }
}
