import RxFlow
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private let flowCoordinator = FlowCoordinator()

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        self.window = window
        startGreenhouse(in: window)
        window.makeKeyAndVisible()
    }

    private func startGreenhouse(in window: UIWindow) {
        let greenhouse = GreenhouseFlow(window: window)
        flowCoordinator.coordinate(flow: greenhouse, with: GreenhouseStepper())
    }
}
