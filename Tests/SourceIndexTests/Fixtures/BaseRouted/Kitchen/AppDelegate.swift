import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private var appCoordinator: AppCoordinator?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let navigationController = UINavigationController()
        let coordinator = AppCoordinator(router: KitchenRouter(navigationController: navigationController))
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
        self.window = window
        appCoordinator = coordinator
        coordinator.start()
        return true
    }
}
