import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// Shown over the app while it is in the app switcher; never the key window.
    var curtainWindow: UIWindow?
    private var coordinator: OrbitCoordinator?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        curtainWindow = UIWindow(windowScene: windowScene)
        curtainWindow?.rootViewController = UINavigationController(rootViewController: CurtainViewController())
        let window = UIWindow(windowScene: windowScene)
        let coordinator = OrbitCoordinator(window: window, factories: FactoryHub())
        self.coordinator = coordinator
        self.window = window
        coordinator.start()
        window.makeKeyAndVisible()
    }
}
