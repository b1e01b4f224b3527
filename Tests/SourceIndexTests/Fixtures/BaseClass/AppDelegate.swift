import UIKit

final class AppDelegate: UIResponder, UIApplicationDelegate {
    private lazy var launch = LaunchCoordinator(router: WindowRouting())

    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        launch.start()
        return true
    }
}

final class WindowRouting: Routing {
    func setRootViewController(_ viewController: UIViewController) {}
    func push(_ viewController: UIViewController, animated: Bool) {}
    func present(_ viewController: UIViewController, animated: Bool) {}
}
