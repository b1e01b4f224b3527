/// A view controller that is on screen, with where it is.
public struct VisibleViewController: Sendable, Hashable {
    public var className: String
    public var owner: NodeIndex?
    public var container: ContainerIndex
}

/// A view controller a coordinator owns, and where it sits.
public struct OwnedViewController: Sendable, Hashable {
    public enum Position: String, Sendable { case stack, tab }

    public var className: String
    public var container: ContainerIndex
    public var position: Position
    /// The index in the stack (bottom is 0) or the tab index.
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
    /// embedded by its top entry, then its presented container; a tab bar contributes its selected
    /// tab, then its presented container.
    public func currentStack() -> ScreenStack {
        var visible: [VisibleViewController] = []
        // Validation guarantees containers form a forest, so this walk ends; the budget is a second guard.
        var budget = containers.count + 1

        func visit(_ index: ContainerIndex) {
            budget -= 1
            guard budget >= 0 else { return }
            let container = containers[index]
            switch container.kind {
            case .navigation:
                for entry in container.stack {
                    visible.append(VisibleViewController(className: entry.className, owner: entry.owner, container: index))
                }
                if let embedded = container.stack.last?.embeds { visit(embedded) }
            case .tabBar:
                if let selected = container.selectedIndex, container.tabs.indices.contains(selected) {
                    switch container.tabs[selected].content {
                    case .container(let tabContainer):
                        visit(tabContainer)
                    case .viewController(let viewController):
                        visible.append(
                            VisibleViewController(className: viewController.className, owner: viewController.owner, container: index))
                    }
                }
            }
            if let presented = container.presented { visit(presented) }
        }

        if let window { visit(window) }
        let topOwner = visible.last { $0.owner != nil }?.owner
        return ScreenStack(viewControllers: visible, coordinators: topOwner.map { path(to: $0) } ?? [])
    }

    /// The view controllers that `node` owns, in document order.
    public func viewControllers(ownedBy node: NodeIndex) -> [OwnedViewController] {
        var owned: [OwnedViewController] = []
        for (containerIndex, container) in containers.enumerated() {
            for (index, entry) in container.stack.enumerated() where entry.owner == node {
                owned.append(OwnedViewController(className: entry.className, container: containerIndex, position: .stack, index: index))
            }
            for (index, tab) in container.tabs.enumerated() {
                if case .viewController(let viewController) = tab.content, viewController.owner == node {
                    owned.append(
                        OwnedViewController(className: viewController.className, container: containerIndex, position: .tab, index: index))
                }
            }
        }
        return owned
    }
}
