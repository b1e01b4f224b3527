import UIKit

/// Anything a router can show: a screen, or a coordinator's root.
protocol Presentable: AnyObject {
    func toPresent() -> UIViewController?
}

extension UIViewController: Presentable {
    func toPresent() -> UIViewController? { self }
}

protocol Routing: Presentable {
    func setRootModule(_ module: Presentable?)
    func push(_ module: Presentable?)
    func present(_ module: Presentable?)
    func popModule()
    func dismissModule()
}

final class ModuleRouter: Routing {
    private weak var rootController: UINavigationController?

    init(rootController: UINavigationController) {
        self.rootController = rootController
    }

    func toPresent() -> UIViewController? { rootController }

    func setRootModule(_ module: Presentable?) {
        guard let controller = module?.toPresent() else { return }
        rootController?.setViewControllers([controller], animated: false)
    }

    func push(_ module: Presentable?) {
        guard let controller = module?.toPresent() else { return }
        rootController?.pushViewController(controller, animated: true)
    }

    func present(_ module: Presentable?) {
        guard let controller = module?.toPresent() else { return }
        rootController?.present(controller, animated: true, completion: nil)
    }

    func popModule() {
        rootController?.popViewController(animated: true)
    }

    func dismissModule() {
        rootController?.dismiss(animated: true, completion: nil)
    }
}
