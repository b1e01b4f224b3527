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
    /// The id of an earlier coordinator of the same class whose children stand for this one's,
    /// which are not listed again (a flow several screens open, read from sources).
    public var sameAs: String?

    public init(
        id: String, className: String, type: String? = nil, children: [String] = [],
        source: SourceLocation? = nil, trigger: Trigger? = nil, navigation: String? = nil, sameAs: String? = nil
    ) {
        self.id = id
        self.className = className
        self.type = type
        self.children = children
        self.source = source
        self.trigger = trigger
        self.navigation = navigation
        self.sameAs = sameAs
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
    /// A single view controller that holds the place of a container, such as a plain screen or a
    /// container class of the app's own at the window's root: its one entry is in `stack`.
    case screen
    /// A `UISplitViewController`, with its `columns`.
    case split

    /// The UIKit class assumed when a document names none.
    public var defaultClassName: String {
        switch self {
        case .navigation: "UINavigationController"
        case .tabBar: "UITabBarController"
        case .screen: "UIViewController"
        case .split: "UISplitViewController"
        }
    }
}

/// A column of a split view controller, as `UISplitViewController.Column` names it.
public enum SplitColumn: String, Sendable, Hashable, CaseIterable {
    case primary
    case supplementary
    case secondary
    /// Shown instead of the others in a compact width only.
    case compact
}

/// One column of a split container: what it shows.
public struct ColumnDraft: Sendable, Hashable {
    public var column: SplitColumn
    public var content: TabDraft.Content

    public init(column: SplitColumn, content: TabDraft.Content) {
        self.column = column
        self.content = content
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

/// A container of a ``TreeDraft``: navigation, tab bar, split, or a single screen.
public struct ContainerDraft: Sendable, Hashable {
    public var id: String
    public var kind: ContainerKind
    public var className: String
    /// Bottom first; navigation containers, and screen containers (at most one entry).
    public var stack: [ViewControllerDraft]
    /// In tab order; tab bar containers only.
    public var tabs: [TabDraft]
    /// Tab bar containers only; nil means the first tab.
    public var selectedIndex: Int?
    /// Split containers only, each column once.
    public var columns: [ColumnDraft]
    /// The id of a container presented modally on top of this one.
    public var presented: String?

    public init(
        id: String, kind: ContainerKind, className: String? = nil, stack: [ViewControllerDraft] = [],
        tabs: [TabDraft] = [], selectedIndex: Int? = nil, columns: [ColumnDraft] = [], presented: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.className = className ?? kind.defaultClassName
        self.stack = stack
        self.tabs = tabs
        self.selectedIndex = selectedIndex
        self.columns = columns
        self.presented = presented
    }
}
