#if canImport(UIKit) || NAVINSPECT_UIKIT_STUBS
    #if canImport(UIKit)
        import UIKit
    #endif
    // Tests/UIKitAdapterTests compiles this file against stand-ins for UIKit, outside the runtime.
    #if NAVINSPECT_UIKIT_STUBS
        import NavinspectRuntime
    #endif

    /// The screens of a UIKit window: navigation stacks, tab bars, split views and presented controllers.
    ///
    /// A thin adapter: everything it reads goes through ``ScreenInspector``, which the tests drive
    /// with fakes. The runtime calls it on the main queue, where UIKit may be read; a call from
    /// another thread stops at the main actor's isolation check.
    @MainActor
    public final class UIKitScreenInspector: @preconcurrency ScreenInspector {
        /// The window whose root is inspected; held weakly.
        public weak var window: UIWindow?

        public init(window: UIWindow?) {
            self.window = window
        }

        public func windowRoot() -> AnyObject? {
            window?.rootViewController
        }

        public func content(of controller: AnyObject) -> ScreenContent {
            if let navigation = controller as? UINavigationController {
                return .navigation(stack: navigation.viewControllers)
            }
            if let tabBar = controller as? UITabBarController {
                let roots = tabBar.viewControllers ?? []
                let tabs = roots.map { root in
                    ScreenTab(title: root.tabBarItem.title, tag: root.tabBarItem.tag, root: root)
                }
                // UIKit reports NSNotFound while nothing is selected.
                let selected = tabBar.selectedIndex
                return .tabBar(tabs: tabs, selectedIndex: roots.indices.contains(selected) ? selected : (roots.isEmpty ? nil : 0))
            }
            if let split = controller as? UISplitViewController {
                // `viewControllers` lists the columns that have a view controller: two are the primary
                // and the secondary, three add the supplementary between them.
                let roots = split.viewControllers
                let names = roots.count == 3 ? ["primary", "supplementary", "secondary"] : ["primary", "secondary"]
                return .split(columns: zip(names, roots).map { ScreenColumn(name: $0, root: $1) })
            }
            return .plain
        }

        public func presented(by controller: AnyObject) -> AnyObject? {
            (controller as? UIViewController)?.presentedViewController
        }
    }
#endif
