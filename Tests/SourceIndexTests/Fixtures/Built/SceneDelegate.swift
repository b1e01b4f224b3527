import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let navigation = UINavigationController()
    private lazy var builder = CoordinatorBuilder(navigation: navigation)
    private lazy var appCoordinator = builder.app(navigation: navigation)
    private lazy var shieldCoordinator = builder.shield()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = navigation
        window?.makeKeyAndVisible()
        appCoordinator.start()
    }

    func sceneWillResignActive(_ scene: UIScene) {
        shieldCoordinator.start()
    }
}
