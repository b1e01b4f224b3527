import UIKit

protocol Router: AnyObject {
    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?)
}

protocol Coordinator: AnyObject {
    var children: [Coordinator] { get set }
    var router: Router { get }
    func present(animated: Bool, onDismissed: (() -> Void)?)
}

extension Coordinator {
    func presentChild(_ child: Coordinator, animated: Bool, onDismissed: (() -> Void)? = nil) {
        children.append(child)
        child.present(animated: animated) { [weak self, weak child] in
            self?.children.removeAll { $0 === child }
            onDismissed?()
        }
    }
}

final class WindowRouter: Router {
    private let window: UIWindow
    init(window: UIWindow) { self.window = window }
    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
        window.rootViewController = viewController
        window.makeKeyAndVisible()
    }
}

final class TabsRouter: Router {
    let tabBarController: UITabBarController
    init(tabBarController: UITabBarController) { self.tabBarController = tabBarController }
    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {}

    /// One navigation controller per tab, and the tab shown first.
    func setTabs(_ viewControllers: [UIViewController], selected: Int) {
        tabBarController.setViewControllers(viewControllers, animated: false)
        tabBarController.selectedIndex = selected
    }
}

final class StackRouter: Router {
    let navigationController: UINavigationController
    init(navigationController: UINavigationController) { self.navigationController = navigationController }
    func present(_ viewController: UIViewController, animated: Bool, onDismissed: (() -> Void)?) {
        navigationController.pushViewController(viewController, animated: animated)
    }
}
