/// A coordinator tree as a document states it, before validation.
///
/// Ids are still strings; ``CoordinatorTree/init(validating:)`` resolves and checks them.
public struct TreeDraft: Sendable {
    public var root: String?
    public var window: String?
    public var coordinators: [CoordinatorDraft]
    public var containers: [ContainerDraft]

    public init(root: String?, window: String? = nil, coordinators: [CoordinatorDraft], containers: [ContainerDraft] = []) {
        self.root = root
        self.window = window
        self.coordinators = coordinators
        self.containers = containers
    }
}

/// One coordinator of a ``TreeDraft``.
public struct CoordinatorDraft: Sendable, Hashable {
    public var id: String
    public var className: String
    /// The `CoordinatorType` case name, or nil when the coordinator has none.
    public var type: String?
    /// Child ids in `childCoordinators` order.
    public var children: [String]
    public var source: SourceLocation?
    public var trigger: Trigger?
    /// The id of the container this coordinator drives.
    public var navigation: String?

    public init(
        id: String, className: String, type: String? = nil, children: [String] = [],
        source: SourceLocation? = nil, trigger: Trigger? = nil, navigation: String? = nil
    ) {
        self.id = id
        self.className = className
        self.type = type
        self.children = children
        self.source = source
        self.trigger = trigger
        self.navigation = navigation
    }
}

/// Where a coordinator class is declared.
public struct SourceLocation: Sendable, Hashable {
    public var file: String
    /// 1-based line.
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}

/// How a coordinator comes to exist in its parent.
public struct Trigger: Sendable, Hashable {
    /// The parent's method that creates it, for example `start` or `showAddBookFlow`.
    public var method: String
    /// True when it is created while the parent's `start()` runs, false for flows started later.
    public var onLaunch: Bool

    public init(method: String, onLaunch: Bool) {
        self.method = method
        self.onLaunch = onLaunch
    }
}

/// What kind of view controller container a ``ContainerDraft`` is.
public enum ContainerKind: String, Sendable, Hashable, CaseIterable {
    case navigation
    case tabBar

    /// The UIKit class assumed when a document names none.
    public var defaultClassName: String {
        switch self {
        case .navigation: "UINavigationController"
        case .tabBar: "UITabBarController"
        }
    }
}

/// A view controller: on a navigation stack, or the content of a tab.
public struct ViewControllerDraft: Sendable, Hashable {
    public var className: String
    /// The id of the coordinator that created it, when known.
    public var owner: String?
    /// The id of a container this view controller is, such as a tab bar controller pushed on a stack.
    public var embeds: String?

    public init(className: String, owner: String?, embeds: String? = nil) {
        self.className = className
        self.owner = owner
        self.embeds = embeds
    }
}

/// One tab of a tab bar container.
public struct TabDraft: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// The tab shows a container (usually a navigation controller), by id.
        case container(String)
        /// The tab shows a plain view controller.
        case viewController(ViewControllerDraft)
    }

    public var title: String?
    public var icon: String?
    public var tag: Int?
    public var content: Content

    public init(title: String?, icon: String?, tag: Int?, content: Content) {
        self.title = title
        self.icon = icon
        self.tag = tag
        self.content = content
    }
}

/// A navigation or tab bar container of a ``TreeDraft``.
public struct ContainerDraft: Sendable, Hashable {
    public var id: String
    public var kind: ContainerKind
    public var className: String
    /// Bottom first; navigation containers only.
    public var stack: [ViewControllerDraft]
    /// In tab order; tab bar containers only.
    public var tabs: [TabDraft]
    /// Tab bar containers only; nil means the first tab.
    public var selectedIndex: Int?
    /// The id of a container presented modally on top of this one.
    public var presented: String?

    public init(
        id: String, kind: ContainerKind, className: String? = nil, stack: [ViewControllerDraft] = [],
        tabs: [TabDraft] = [], selectedIndex: Int? = nil, presented: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.className = className ?? kind.defaultClassName
        self.stack = stack
        self.tabs = tabs
        self.selectedIndex = selectedIndex
        self.presented = presented
    }
}
