import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let rootNavigation = UINavigationController()
    /// Made where the scene's entry first reads it: the presentation is a value a factory of the
    /// protocol's extension makes (`.stacked(on:)`), not a type written here.
    lazy var coordinator = WelcomeCoordinator(presentation: .stacked(on: rootNavigation))

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        coordinator.start()
        window.rootViewController = rootNavigation
        window.makeKeyAndVisible()
        self.window = window
    }
}
