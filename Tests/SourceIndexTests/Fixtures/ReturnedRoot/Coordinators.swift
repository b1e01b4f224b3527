import Atlas
import UIKit

// `Atlas.Coordinator<Presenter, Output>` is a package's base class: it keeps `presenter` and
// `children`; `start()` returns what the coordinator shows.

/// Shows the tabs its child returns as the root of the window it is given.
final class HarborCoordinator: Coordinator<UIWindow, Void> {
    override func start() {
        presenter.rootViewController = docksCoordinator().start()
        presenter.makeKeyAndVisible()
    }

    private func docksCoordinator() -> DocksCoordinator {
        let docks = DocksCoordinator(presenter: presenter)
        addChild(docks)
        return docks
    }
}

/// Builds the tabs and returns them: the caller decides where they go.
final class DocksCoordinator: Coordinator<UIWindow, UITabBarController> {
    private lazy var tabs = UITabBarController()

    override func start() -> UITabBarController {
        let pier = UINavigationController(rootViewController: PierViewController())
        pier.tabBarItem = UITabBarItem(title: "Pier", image: UIImage(systemName: "ferry"), tag: 0)
        let moorings = UINavigationController(rootViewController: MooringsViewController())
        moorings.tabBarItem = UITabBarItem(title: "Moorings", image: UIImage(systemName: "anchor"), tag: 1)
        tabs.setViewControllers([pier, moorings], animated: false)
        tabs.selectedIndex = 1
        return tabs
    }
}
