import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let assembly = FlowAssembly()
    lazy var harborCoordinator = assembly.makeHarborCoordinator()
    lazy var vaultLockCoordinator = VaultLockCoordinator()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = harborCoordinator.rootViewController
        window?.makeKeyAndVisible()
        harborCoordinator.start()
        vaultLockCoordinator.start()
        return true
    }
}
