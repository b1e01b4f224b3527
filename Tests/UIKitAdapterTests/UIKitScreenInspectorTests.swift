import NavinspectRuntime
import Testing

@Suite("The UIKit adapter, against stand-ins named as UIKit's")
@MainActor
struct UIKitScreenInspectorTests {
    @Test("navigation stacks, tabs with titles, the selected tab and presented controllers")
    func reads() {
        let window = UIWindow()
        let tabs = UITabBarController()
        let home = UINavigationController()
        home.tabBarItem = UITabBarItem(title: "Home", tag: 4)
        home.viewControllers = [UIViewController(), UIViewController()]
        tabs.viewControllers = [home, UIViewController()]
        tabs.selectedIndex = 1
        let sheet = UIViewController()
        tabs.presentedViewController = sheet
        window.rootViewController = tabs
        let inspector = UIKitScreenInspector(window: window)

        #expect(inspector.windowRoot() === tabs)
        guard case .tabBar(let read, let selected) = inspector.content(of: tabs) else {
            Issue.record("a tab bar controller is not read as a tab bar")
            return
        }
        #expect(read.map(\.title) == ["Home", nil])
        #expect(read.map(\.tag) == [4, 0])
        #expect(selected == 1)
        guard case .navigation(let stack) = inspector.content(of: home) else {
            Issue.record("a navigation controller is not read as one")
            return
        }
        #expect(stack.count == 2)
        #expect(inspector.presented(by: tabs) === sheet)
        if case .plain = inspector.content(of: sheet) {} else { Issue.record("a plain controller is read as a container") }
        // UIKit's NSNotFound while nothing is selected reads as the first tab.
        tabs.selectedIndex = Int.max
        if case .tabBar(_, let none) = inspector.content(of: tabs) { #expect(none == 0) }
    }

    @Test("a split view controller's columns, two or three")
    func readsSplit() {
        let split = UISplitViewController()
        let primary = UINavigationController()
        let detail = UIViewController()
        split.viewControllers = [primary, detail]
        let inspector = UIKitScreenInspector(window: nil)
        guard case .split(let columns) = inspector.content(of: split) else {
            Issue.record("a split view controller is not read as a split")
            return
        }
        #expect(columns.map(\.name) == ["primary", "secondary"])
        #expect(columns.map(\.root).elementsEqual([primary, detail]) { $0 === $1 })
        split.viewControllers = [primary, UIViewController(), detail]
        if case .split(let three) = inspector.content(of: split) {
            #expect(three.map(\.name) == ["primary", "supplementary", "secondary"])
        } else {
            Issue.record("a three-column split is not read as a split")
        }
    }
}
