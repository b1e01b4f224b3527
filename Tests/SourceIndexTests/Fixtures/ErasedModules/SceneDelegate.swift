import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var appCoordinator: AnyCoordinator<AppRoute>?
    private let module: AppModule = PantryModule()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        self.window = window
        let coordinator = module.makeAppCoordinator(window: window)
        coordinator.start()
        appCoordinator = coordinator
        window.makeKeyAndVisible()
    }
}
