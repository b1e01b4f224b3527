import UIKit

class BaseRouter {
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func show(_ screen: UIViewController) {
        navigationController.pushViewController(screen, animated: true)
    }
}
