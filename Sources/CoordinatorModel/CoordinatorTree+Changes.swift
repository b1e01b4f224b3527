/// One thing that happened between two trees of the same app.
public enum TreeChange: Sendable, Equatable {
    /// A coordinator appeared (or a new object took an id that was used before).
    case coordinatorStarted(Coordinator)
    /// A coordinator was removed from its parent (or replaced by a new object under its id).
    case coordinatorFinished(Coordinator)
    /// A view controller was added on top of a navigation stack.
    case screenPushed(Screen)
    /// A view controller left a navigation stack.
    case screenPopped(Screen)
    /// A container started presenting another one.
    case presented(container: String, presented: String)
    /// A container stopped presenting one.
    case dismissed(container: String, presented: String)
    /// A tab bar's selected tab changed.
    case tabSelected(container: String, index: Int?, title: String?)

    /// A coordinator as an event names it.
    public struct Coordinator: Sendable, Equatable {
        public let id: String
        public let className: String
        public let type: String?
        public let parent: String?
    }

    /// A view controller as an event names it.
    public struct Screen: Sendable, Equatable {
        public let container: String
        public let className: String
        public let owner: String?
    }
}

extension CoordinatorTree {
    /// The changes that turn `old` into this tree, by id: coordinators finished (deepest first),
    /// then started (parents first), then screens in container order. `replaced` names ids now held
    /// by another object than in `old`: each is finished and started again. With no `old`,
    /// everything in this tree starts.
    public func changes(from old: CoordinatorTree?, replaced: Set<String> = []) -> [TreeChange] {
        var changes: [TreeChange] = []
        if let old {
            let gone = old.nodes.indices.filter { node(id: old[$0].id) == nil || replaced.contains(old[$0].id) }
            for (index, _) in gone.map({ ($0, old.depth(of: $0)) }).sorted(by: { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }) {
                changes.append(.coordinatorFinished(old.eventCoordinator(index)))
            }
        }
        let came = nodes.indices.filter { old?.node(id: self[$0].id) == nil || replaced.contains(self[$0].id) }
        for (index, _) in came.map({ ($0, depth(of: $0)) }).sorted(by: { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }) {
            changes.append(.coordinatorStarted(eventCoordinator(index)))
        }
        for container in containers {
            let before = old.flatMap { tree in tree.container(id: container.id).map { tree.containers[$0] } }
            changes += screenChanges(from: before, old: old, to: container)
        }
        if let old {
            for container in old.containers where self.container(id: container.id) == nil {
                changes += old.screenChanges(from: container, old: old, to: nil)
            }
        }
        return changes
    }

    private func depth(of node: NodeIndex) -> Int {
        var depth = 0
        var current = node
        while let parent = nodes[current].parent {
            depth += 1
            current = parent
        }
        return depth
    }

    private func eventCoordinator(_ index: NodeIndex) -> TreeChange.Coordinator {
        let node = nodes[index]
        return TreeChange.Coordinator(
            id: node.id, className: node.className, type: node.type, parent: node.parent.map { nodes[$0].id })
    }

    private func screens(of container: Container, in tree: CoordinatorTree) -> [TreeChange.Screen] {
        container.stack.map {
            TreeChange.Screen(container: container.id, className: $0.className, owner: $0.owner.map { tree[$0].id })
        }
    }

    /// What changed in one container, from `before` (in `old`) to `after` (in this tree; nil when it went).
    private func screenChanges(from before: Container?, old: CoordinatorTree?, to after: Container?) -> [TreeChange] {
        let oldScreens = before.map { old!.screens(of: $0, in: old!) } ?? []
        let newScreens = after.map { screens(of: $0, in: self) } ?? []
        var common = 0
        // By class: a screen whose owner changed (its coordinator went) was neither pushed nor popped.
        while common < oldScreens.count, common < newScreens.count, oldScreens[common].className == newScreens[common].className {
            common += 1
        }
        var changes: [TreeChange] = oldScreens[common...].reversed().map { .screenPopped($0) }
        changes += newScreens[common...].map { .screenPushed($0) }
        let id = after?.id ?? before!.id
        let presentedBefore = before?.presented.map { old!.containers[$0].id }
        let presentedAfter = after?.presented.map { containers[$0].id }
        if presentedBefore != presentedAfter {
            if let presentedBefore { changes.append(.dismissed(container: id, presented: presentedBefore)) }
            if let presentedAfter { changes.append(.presented(container: id, presented: presentedAfter)) }
        }
        if let before, let after, after.kind == .tabBar, before.selectedIndex != after.selectedIndex {
            let title = after.selectedIndex.flatMap { after.tabs.indices.contains($0) ? after.tabs[$0].title : nil }
            changes.append(.tabSelected(container: id, index: after.selectedIndex, title: title))
        }
        return changes
    }
}
