import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var library: LibraryCoordinator?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let scene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: scene)
        let library = LibraryCoordinator(window: window)
        self.library = library
        self.window = window
        library.start()
    }
}

/// Shows one of two shelves, chosen by a build setting, as the window's root.
final class LibraryCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    private let window: UIWindow

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        let shelf: ShelfCoordinator = Features.compactLibrary ? makeCompactShelf() : makeWideShelf()
        childCoordinators.append(shelf)
        shelf.start()
        window.rootViewController = shelf.navigationController
        window.makeKeyAndVisible()
    }

    private func makeCompactShelf() -> CompactShelfCoordinator {
        CompactShelfCoordinator(navigationController: UINavigationController())
    }

    private func makeWideShelf() -> WideShelfCoordinator {
        WideShelfCoordinator(navigationController: UINavigationController())
    }
}

class ShelfCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {}
}

final class CompactShelfCoordinator: ShelfCoordinator {
    override func start() {
        navigationController.setViewControllers([CompactShelfViewController()], animated: false)
    }
}

final class WideShelfCoordinator: ShelfCoordinator {
    override func start() {
        let shelves = WideShelfViewController()
        shelves.title = Features.shelfTitle
        navigationController.setViewControllers([shelves], animated: false)
    }
}
