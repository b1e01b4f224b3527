/// A view controller that is on screen, with where it is.
public struct VisibleViewController: Sendable, Hashable {
    public var className: String
    public var owner: NodeIndex?
    public var container: ContainerIndex
}

/// A view controller a coordinator owns, and where it sits.
public struct OwnedViewController: Sendable, Hashable {
    public enum Position: String, Sendable { case stack, tab, column }

    public var className: String
    public var container: ContainerIndex
    public var position: Position
    /// The index in the stack (bottom is 0), the tab index, or the index in the split's `columns`.
    public var index: Int
}

/// What is on screen: ``CoordinatorTree/currentStack()``.
public struct ScreenStack: Sendable, Hashable {
    /// Bottom to top.
    public var viewControllers: [VisibleViewController]
    /// The path from the root to the owner of the topmost owned view controller.
    public var coordinators: [NodeIndex]
}

extension CoordinatorTree {
    /// The visible view controllers, bottom to top, and the coordinators that lead to the top one.
    ///
    /// Starting at the window: a navigation container contributes its stack, then the container
    /// embedded by its top entry, then its presented container (a screen container likewise, with
    /// its one entry); a tab bar contributes its selected tab, then its presented container; a split
    /// contributes its primary, supplementary and secondary columns in that order, so the secondary
    /// (the detail) is the top, as it is when a compact width collapses the split onto its primary.
    public func currentStack() -> ScreenStack {
        var visible: [VisibleViewController] = []
        // Validation guarantees containers form a forest, so this walk ends; the budget is a second guard.
        var budget = containers.count + 1

        func visit(_ index: ContainerIndex) {
            budget -= 1
            guard budget >= 0 else { return }
            let container = containers[index]
            func show(_ content: Tab.Content) {
                switch content {
                case .container(let inner):
                    visit(inner)
                case .viewController(let viewController):
                    visible.append(
                        VisibleViewController(className: viewController.className, owner: viewController.owner, container: index))
                }
            }
            switch container.kind {
            case .navigation, .screen:
                for entry in container.stack {
                    visible.append(VisibleViewController(className: entry.className, owner: entry.owner, container: index))
                }
                if let embedded = container.stack.last?.embeds { visit(embedded) }
            case .tabBar:
                if let selected = container.selectedIndex, container.tabs.indices.contains(selected) {
                    show(container.tabs[selected].content)
                }
            case .split:
                for column in [SplitColumn.primary, .supplementary, .secondary] {
                    if let shown = container.columns.first(where: { $0.column == column }) { show(shown.content) }
                }
            }
            if let presented = container.presented { visit(presented) }
        }

        if let window { visit(window) }
        let topOwner = visible.last { $0.owner != nil }?.owner
        return ScreenStack(viewControllers: visible, coordinators: topOwner.map { path(to: $0) } ?? [])
    }

    /// The view controllers that `node` owns, in document order.
    public func viewControllers(ownedBy node: NodeIndex) -> ArraySlice<OwnedViewController> {
        ownership.viewControllers(ownedBy: node)
    }
}

/// The view controllers of every coordinator, grouped by owner once when the tree is built, so
/// describing a coordinator does not scan every container.
struct OwnershipIndex: Sendable {
    /// Each owner's view controllers are the run `storage[start[owner]..<start[owner + 1]]`.
    private let start: [Int32]
    private let storage: [OwnedViewController]

    init(containers: [CoordinatorTree.Container], nodeCount: Int) {
        var all: [(owner: NodeIndex, viewController: OwnedViewController)] = []
        for (containerIndex, container) in containers.enumerated() {
            for (index, entry) in container.stack.enumerated() {
                if let owner = entry.owner {
                    all.append(
                        (
                            owner,
                            OwnedViewController(
                                className: entry.className, container: containerIndex, position: .stack, index: index)
                        ))
                }
            }
            for (index, tab) in container.tabs.enumerated() {
                if case .viewController(let viewController) = tab.content, let owner = viewController.owner {
                    all.append(
                        (
                            owner,
                            OwnedViewController(
                                className: viewController.className, container: containerIndex, position: .tab, index: index)
                        ))
                }
            }
            for (index, column) in container.columns.enumerated() {
                if case .viewController(let viewController) = column.content, let owner = viewController.owner {
                    all.append(
                        (
                            owner,
                            OwnedViewController(
                                className: viewController.className, container: containerIndex, position: .column,
                                index: index)
                        ))
                }
            }
        }
        // A counting sort by owner keeps document order within each owner.
        var start = [Int32](repeating: 0, count: nodeCount + 1)
        for item in all { start[item.owner + 1] += 1 }
        for node in 0..<nodeCount { start[node + 1] += start[node] }
        var next = start
        var storage = [OwnedViewController?](repeating: nil, count: all.count)
        for item in all {
            storage[Int(next[item.owner])] = item.viewController
            next[item.owner] += 1
        }
        self.start = start
        self.storage = storage.map { $0! }
    }

    func viewControllers(ownedBy node: NodeIndex) -> ArraySlice<OwnedViewController> {
        storage[Int(start[node])..<Int(start[node + 1])]
    }
}
