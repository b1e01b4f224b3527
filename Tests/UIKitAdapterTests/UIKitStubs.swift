// Stand-ins named as UIKit's, with the members the adapter reads, so that its source
// (UIKitScreenInspector.swift, a link to the runtime's file) type-checks and runs on Linux.

@MainActor public class UITabBarItem {
    public var title: String?
    public var tag = 0
    public init(title: String?, tag: Int) {
        self.title = title
        self.tag = tag
    }
}

@MainActor public class UIViewController {
    public var presentedViewController: UIViewController?
    public var tabBarItem = UITabBarItem(title: nil, tag: 0)
    public init() {}
}

@MainActor public class UINavigationController: UIViewController {
    public var viewControllers: [UIViewController] = []
}

@MainActor public class UITabBarController: UIViewController {
    public var viewControllers: [UIViewController]?
    public var selectedIndex = Int.max
}

@MainActor public class UISplitViewController: UIViewController {
    public var viewControllers: [UIViewController] = []
}

@MainActor public class UIWindow {
    public var rootViewController: UIViewController?
    public init() {}
}
