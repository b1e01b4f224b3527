import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var coordinator: HarborCoordinator?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        coordinator = HarborCoordinator()
        #if SCREENSHOTS
            // Only the screenshot script's command line defines SCREENSHOTS.
            coordinator = ScreenshotHarborCoordinator()
        #endif
        coordinator?.start()
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = coordinator?.navigationController
        window?.makeKeyAndVisible()
        return true
    }
}
