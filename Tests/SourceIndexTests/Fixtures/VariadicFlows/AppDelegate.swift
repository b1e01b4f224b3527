import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private var coordinator: ShelfTabCoordinator?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let coordinator = ShelfTabCoordinator(UINavigationController())
        self.coordinator = coordinator
        coordinator.start()
        return true
    }
}
