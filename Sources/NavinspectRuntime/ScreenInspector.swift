/// What a view controller is, as far as the coordinator tree is concerned.
public enum ScreenContent {
    /// A navigation controller and its stack, bottom first.
    case navigation(stack: [AnyObject])
    /// A tab bar controller, its tabs in tab order, and the selected one (nil when there are no tabs).
    case tabBar(tabs: [ScreenTab], selectedIndex: Int?)
    /// A split view controller and its columns, primary first.
    case split(columns: [ScreenColumn])
    /// Any other view controller.
    case plain
}

/// One tab of a tab bar controller.
public struct ScreenTab {
    /// The tab bar item's title.
    public var title: String?
    /// The tab bar item's image name, when known.
    public var icon: String?
    /// The tab bar item's tag.
    public var tag: Int?
    /// The view controller the tab shows.
    public var root: AnyObject

    public init(title: String?, icon: String? = nil, tag: Int? = nil, root: AnyObject) {
        self.title = title
        self.icon = icon
        self.tag = tag
        self.root = root
    }
}

/// One column of a split view controller.
public struct ScreenColumn {
    /// The column's name as the tree document writes it: `primary`, `supplementary`, `secondary` or `compact`.
    public var name: String
    /// The view controller the column shows.
    public var root: AnyObject

    public init(name: String, root: AnyObject) {
        self.name = name
        self.root = root
    }
}

/// Reads the app's screens: the only part of the runtime that knows the UI framework.
///
/// `UIKitScreenInspector` implements it on iOS; tests and the demo implement it with fake
/// containers, so the same snapshot code runs everywhere.
///
/// - Important: the runtime calls it on the queue it was configured with (the main queue by default).
public protocol ScreenInspector {
    /// The window's root view controller, or nil when nothing is on screen.
    func windowRoot() -> AnyObject?
    /// What `controller` is.
    func content(of controller: AnyObject) -> ScreenContent
    /// The view controller `controller` presents modally, if any.
    func presented(by controller: AnyObject) -> AnyObject?
}
