import UIKit

extension UIViewController {
    /// Shows `child` inside this view controller, filling it.
    func install(child: UIViewController) {
        addChild(child)
        view.addSubview(child.view)
        child.view.frame = view.bounds
        child.didMove(toParent: self)
    }
}

extension UINavigationController {
    func reset(to screen: UIViewController) {
        setViewControllers([screen], animated: false)
    }

    /// Presents `screen` once `delay` has passed.
    func present(_ screen: UIViewController, animated: Bool, after delay: TimeInterval) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            self?.present(screen, animated: animated)
        }
    }
}
