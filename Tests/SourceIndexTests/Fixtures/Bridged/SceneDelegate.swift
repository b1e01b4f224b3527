import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var coordinator: VaultAppCoordinator?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        let coordinator = VaultAppCoordinator(navigationController: UINavigationController())
        self.coordinator = coordinator
        coordinator.start()
    }
}
