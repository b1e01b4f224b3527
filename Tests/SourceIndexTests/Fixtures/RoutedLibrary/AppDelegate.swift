import RoutingKit
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private var router: StrongRouter<ShopRoute>!

    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        router = ShopCoordinator().strongRouter
        router.setRoot(for: window!)
        return true
    }
}
