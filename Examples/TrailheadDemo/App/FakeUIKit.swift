import NavinspectRuntime

/// View controllers without UIKit, with the calls a coordinator makes on UIKit's.
public class ViewController {
    public let title: String?
    /// The coordinator that made this screen, as a view controller keeps a weak reference to it.
    public weak var coordinator: AnyObject?
    public private(set) var presentedViewController: ViewController?
    /// Runs when the screen goes, as a router's completion would.
    var onRemoved: (() -> Void)?

    public init(title: String? = nil, coordinator: AnyObject? = nil) {
        self.title = title
        self.coordinator = coordinator
    }

    public func present(_ controller: ViewController) { presentedViewController = controller }

    public func dismiss() {
        let presented = presentedViewController
        presentedViewController = nil
        presented?.onRemoved?()
    }
}

public final class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController] = []

    public func push(_ controller: ViewController) { viewControllers.append(controller) }

    public func pop() {
        guard viewControllers.count > 1 else { return }
        viewControllers.removeLast().onRemoved?()
    }

    public func setViewControllers(_ controllers: [ViewController]) { viewControllers = controllers }
}

public final class TabBarController: ViewController {
    public var viewControllers: [ViewController] = []
    public var selectedIndex = 0
}

public final class Window {
    public var rootViewController: ViewController?
    public init() {}
}

/// Reads the fake containers for the runtime, as `UIKitScreenInspector` reads UIKit's.
public struct FakeScreens: ScreenInspector {
    public let window: Window

    public init(window: Window) { self.window = window }

    public func windowRoot() -> AnyObject? { window.rootViewController }

    public func content(of controller: AnyObject) -> ScreenContent {
        if let navigation = controller as? NavigationController { return .navigation(stack: navigation.viewControllers) }
        if let tabBar = controller as? TabBarController {
            let tabs = tabBar.viewControllers.enumerated().map { ScreenTab(title: $1.title, tag: $0, root: $1) }
            return .tabBar(tabs: tabs, selectedIndex: tabs.isEmpty ? nil : tabBar.selectedIndex)
        }
        return .plain
    }

    public func presented(by controller: AnyObject) -> AnyObject? {
        (controller as? ViewController)?.presentedViewController
    }
}
