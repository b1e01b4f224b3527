import NavinspectRuntime

/// View controllers without UIKit: the fakes the runtime's tests and the demo's shape share.
class FakeViewController {
    weak var coordinator: AnyObject?
    var presented: FakeViewController?
    var title: String?

    init(coordinator: AnyObject? = nil, title: String? = nil) {
        self.coordinator = coordinator
        self.title = title
    }
}

final class FakeNavigationController: FakeViewController {
    var stack: [FakeViewController] = []
}

final class FakeTabBarController: FakeViewController {
    var tabs: [FakeViewController] = []
    var selectedIndex = 0
}

final class FakeSplitViewController: FakeViewController {
    var columns: [FakeViewController] = []
}

final class FakeWindow {
    var root: FakeViewController?
}

/// Reads the fakes as `UIKitScreenInspector` reads UIKit.
struct FakeScreens: ScreenInspector {
    let window: FakeWindow

    func windowRoot() -> AnyObject? { window.root }

    func content(of controller: AnyObject) -> ScreenContent {
        if let navigation = controller as? FakeNavigationController { return .navigation(stack: navigation.stack) }
        if let tabBar = controller as? FakeTabBarController {
            return .tabBar(
                tabs: tabBar.tabs.enumerated().map { ScreenTab(title: $1.title, tag: $0, root: $1) },
                selectedIndex: tabBar.tabs.isEmpty ? nil : tabBar.selectedIndex)
        }
        if let split = controller as? FakeSplitViewController {
            let names = split.columns.count == 3 ? ["primary", "supplementary", "secondary"] : ["primary", "secondary"]
            return .split(columns: zip(names, split.columns).map { ScreenColumn(name: $0, root: $1) })
        }
        return .plain
    }

    func presented(by controller: AnyObject) -> AnyObject? { (controller as? FakeViewController)?.presented }
}
