import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private var shop: ShopCoordinator?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow()
        let shop = ShopCoordinator(window: window)
        self.shop = shop
        shop.start()
        self.window = window
        return true
    }
}
