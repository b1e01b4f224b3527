extension CoordinatorTree {
    /// Builds a tree from a draft, or reports every way the draft breaks the tree's invariants.
    ///
    /// - Parameter issues: problems already found while decoding (wrong kinds, missing members);
    ///   they are reported together with the ones found here.
    public convenience init(validating draft: TreeDraft, knownIssues issues: [DocumentIssue] = []) throws(InvalidDocument) {
        var validator = TreeValidator(draft: draft, issues: issues)
        let parts = validator.run()
        guard validator.issues.isEmpty, let parts else { throw InvalidDocument(issues: validator.issues) }
        self.init(
            nodes: parts.nodes, childStorage: parts.childStorage, nodeByID: parts.nodeByID, root: parts.root,
            containers: parts.containers, containerByID: parts.containerByID, window: parts.window)
    }
}

/// Checks a ``TreeDraft`` and resolves its ids, collecting every issue with its JSON pointer.
///
/// An empty id marks something the decoder could not read and has already reported; it is
/// skipped here rather than reported a second time.
struct TreeValidator {
    struct Parts {
        var nodes: [CoordinatorTree.Node]
        var childStorage: [Int32]
        var nodeByID: [String: Int32]
        var root: NodeIndex
        var containers: [CoordinatorTree.Container]
        var containerByID: [String: Int32]
        var window: ContainerIndex?
    }

    let draft: TreeDraft
    var issues: [DocumentIssue]

    private mutating func report(_ pointer: String, _ reason: String) {
        issues.append(DocumentIssue(pointer: pointer, reason: reason))
    }

    mutating func run() -> Parts? {
        let coordinators = draft.coordinators
        let nodeByID = indexIDs(coordinators.lazy.map(\.id), list: "coordinators", noun: "coordinator")
        let containerByID = indexIDs(draft.containers.lazy.map(\.id), list: "containers", noun: "container")

        var root: NodeIndex? = nil
        if draft.root == nil && issues.isEmpty {
            // A decoded document reports its missing root itself; a draft built in code may lack one too.
            report("/root", "no root coordinator")
        }
        if let rootID = draft.root, !rootID.isEmpty {
            root = nodeByID[rootID].map(Int.init)
            if root == nil { report("/root", "unknown coordinator id '\(rootID)'") }
        }
        let links = resolveChildren(nodeByID: nodeByID, root: root)
        if let root { checkReachability(links, root: root) }
        let sameAs = issues.isEmpty && root != nil ? resolveSameAs(links, nodeByID: nodeByID, root: root!) : []
        let window = resolveContainers(containerByID: containerByID)
        let containers = buildContainers(containerByID: containerByID, nodeByID: nodeByID)
        guard issues.isEmpty, let root else { return nil }

        var nodes: [CoordinatorTree.Node] = []
        nodes.reserveCapacity(coordinators.count)
        for index in coordinators.indices {
            nodes.append(
                CoordinatorTree.Node(
                    id: coordinators[index].id, className: coordinators[index].className, type: coordinators[index].type,
                    source: coordinators[index].source, trigger: coordinators[index].trigger,
                    navigation: coordinators[index].navigation.map { Int(containerByID[$0]!) },
                    parent: links.parents[index].map { Int($0.parent) },
                    sameAs: sameAs.isEmpty ? nil : sameAs[index].map(Int.init),
                    childStart: links.childStart[index], childCount: Int32(coordinators[index].children.count)))
        }
        return Parts(
            nodes: nodes, childStorage: links.children, nodeByID: nodeByID, root: root,
            containers: containers, containerByID: containerByID, window: window)
    }

    /// Maps each id to its first index, reporting later duplicates.
    private mutating func indexIDs(_ ids: some Collection<String>, list: String, noun: String) -> [String: Int32] {
        var byID: [String: Int32] = [:]
        byID.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() where !id.isEmpty {
            if let first = byID.updateValue(Int32(index), forKey: id) {
                // Keep the first; the document is invalid anyway.
                byID[id] = first
                report("/\(list)/\(index)/id", "duplicate \(noun) id '\(id)' (first at /\(list)/\(first))")
            }
        }
        return byID
    }

    /// Where a coordinator is listed as a child: its parent and its place in the parent's list.
    struct ParentLink {
        var parent: Int32
        var slot: Int
    }

    /// The resolved parent of each coordinator and the children of all, as indices.
    struct Links {
        var parents: [ParentLink?]
        /// Each coordinator's children, a contiguous run from `childStart`.
        var children: [Int32]
        var childStart: [Int32]
    }

    private mutating func resolveChildren(nodeByID: [String: Int32], root: NodeIndex?) -> Links {
        let coordinators = draft.coordinators
        var links = Links(
            parents: [ParentLink?](repeating: nil, count: coordinators.count), children: [],
            childStart: [Int32](repeating: 0, count: coordinators.count))
        links.children.reserveCapacity(coordinators.count)
        for index in coordinators.indices {
            links.childStart[index] = Int32(links.children.count)
            for (slot, childID) in coordinators[index].children.enumerated() where !childID.isEmpty {
                guard let child = nodeByID[childID].map(Int.init) else {
                    report("/coordinators/\(index)/children/\(slot)", "unknown coordinator id '\(childID)'")
                    continue
                }
                links.children.append(Int32(child))
                if child == root {
                    report(
                        "/coordinators/\(index)/children/\(slot)",
                        "'\(childID)' is the root and cannot be a child of '\(coordinators[index].id)'")
                } else if let first = links.parents[child] {
                    let firstParent = coordinators[Int(first.parent)].id
                    report(
                        "/coordinators/\(index)/children/\(slot)",
                        "'\(childID)' is already a child of '\(firstParent)' (at /coordinators/\(first.parent)/children/\(first.slot)); a coordinator has one parent"
                    )
                } else {
                    links.parents[child] = ParentLink(parent: Int32(index), slot: slot)
                }
            }
        }
        return links
    }

    /// Reports cycles and coordinators that the root does not reach.
    private mutating func checkReachability(_ links: Links, root: NodeIndex) {
        // Down from the root first: in a valid document that reaches everything, in linear time.
        var reached = [Bool](repeating: false, count: links.parents.count)
        reached[root] = true
        var stack = [root]
        while let node = stack.popLast() {
            for child in children(of: node, in: links)
            where !reached[Int(child)] && links.parents[Int(child)]?.parent == Int32(node) {
                reached[Int(child)] = true
                stack.append(Int(child))
            }
        }
        // The rest hang below a parentless coordinator or in a cycle: walk up to tell which.
        // Each coordinator is walked once (`settled`), so this stays linear too.
        var inCycle = Set<Int>()
        var settled = reached
        for start in reached.indices where !settled[start] {
            var walk: [Int] = []
            var onWalk = Set<Int>()
            var current = start
            while !settled[current] {
                if onWalk.contains(current) {
                    let cycle = walk[walk.firstIndex(of: current)!...]
                    inCycle.formUnion(cycle)
                    let closing = links.parents[walk.last!]!
                    let names = (cycle + [current]).reversed().map { "'\(draft.coordinators[$0].id)'" }
                    report("/coordinators/\(closing.parent)/children/\(closing.slot)", "cycle: " + names.joined(separator: " → "))
                    break
                }
                walk.append(current)
                onWalk.insert(current)
                guard let link = links.parents[current] else { break }
                current = Int(link.parent)
            }
            for node in walk { settled[node] = true }
        }
        for node in reached.indices where !reached[node] && !inCycle.contains(node) && !draft.coordinators[node].id.isEmpty {
            report(
                "/coordinators/\(node)",
                "'\(draft.coordinators[node].id)' is not reachable from the root '\(draft.coordinators[root].id)'")
        }
    }

    /// Resolves each coordinator's `sameAs`: an earlier coordinator (in depth-first order,
    /// children in order) of the same class that is not above it, while it lists no children of
    /// its own. So a search that goes on below the named coordinator only ever goes back in that
    /// order, and ends. Run on a tree already known to be one.
    private mutating func resolveSameAs(_ links: Links, nodeByID: [String: Int32], root: NodeIndex) -> [Int32?] {
        let coordinators = draft.coordinators
        guard coordinators.contains(where: { $0.sameAs != nil }) else { return [] }
        var order = [Int32](repeating: 0, count: coordinators.count)
        var next: Int32 = 0
        var stack = [root]
        while let node = stack.popLast() {
            order[node] = next
            next += 1
            stack.append(contentsOf: children(of: node, in: links).reversed().map(Int.init))
        }
        var resolved = [Int32?](repeating: nil, count: coordinators.count)
        for (index, coordinator) in coordinators.enumerated() {
            guard let id = coordinator.sameAs, !id.isEmpty else { continue }
            let pointer = "/coordinators/\(index)/sameAs"
            guard let target = nodeByID[id].map(Int.init) else {
                report(pointer, "unknown coordinator id '\(id)'")
                continue
            }
            if !coordinator.children.isEmpty {
                report(
                    "/coordinators/\(index)/children",
                    "'\(coordinator.id)' is the same as '\(id)' and lists no children of its own")
            } else if coordinators[target].className != coordinator.className {
                report(pointer, "'\(id)' is of class \(coordinators[target].className), not \(coordinator.className)")
            } else if order[target] >= order[index] {
                report(pointer, "'\(id)' must come before '\(coordinator.id)' in the tree (depth first, children in order)")
            } else if isAncestor(target, of: index, links) {
                report(pointer, "'\(id)' is above '\(coordinator.id)'; a coordinator cannot be the same as one of its ancestors")
            } else {
                resolved[index] = Int32(target)
            }
        }
        return resolved
    }

    private func isAncestor(_ candidate: NodeIndex, of node: NodeIndex, _ links: Links) -> Bool {
        var current = links.parents[node].map { Int($0.parent) }
        while let parent = current {
            if parent == candidate { return true }
            current = links.parents[parent].map { Int($0.parent) }
        }
        return false
    }

    private func children(of node: NodeIndex, in links: Links) -> ArraySlice<Int32> {
        let start = Int(links.childStart[node])
        let end = node + 1 < links.childStart.count ? Int(links.childStart[node + 1]) : links.children.count
        return links.children[start..<end]
    }

    /// Checks container references and placement; returns the window container.
    private mutating func resolveContainers(containerByID: [String: Int32]) -> ContainerIndex? {
        // Each container may be placed once: as the window, embedded, presented, or as a tab.
        var placedAt = [String?](repeating: nil, count: draft.containers.count)
        var placementParent = [Int?](repeating: nil, count: draft.containers.count)

        func place(_ id: String, at pointer: String, inside parent: Int?) -> Int? {
            guard !id.isEmpty else { return nil }
            guard let index = containerByID[id].map(Int.init) else {
                report(pointer, "unknown container id '\(id)'")
                return nil
            }
            if let first = placedAt[index] {
                report(pointer, "container '\(id)' is already placed at \(first); a container is shown in one place")
                return nil
            }
            placedAt[index] = pointer
            placementParent[index] = parent
            return index
        }

        var window: ContainerIndex? = nil
        if let windowID = draft.window { window = place(windowID, at: "/window", inside: nil) }
        for (index, container) in draft.containers.enumerated() {
            let base = "/containers/\(index)"
            for (slot, entry) in container.stack.enumerated() {
                if let embedded = entry.embeds { _ = place(embedded, at: "\(base)/stack/\(slot)/embeds", inside: index) }
            }
            for (slot, tab) in container.tabs.enumerated() {
                if case .container(let id) = tab.content { _ = place(id, at: "\(base)/tabs/\(slot)/container", inside: index) }
            }
            for (slot, column) in container.columns.enumerated() {
                if case .container(let id) = column.content {
                    _ = place(id, at: "\(base)/columns/\(slot)/container", inside: index)
                }
            }
            if let presented = container.presented { _ = place(presented, at: "\(base)/presented", inside: index) }
        }

        // Placement gives each container at most one parent, so a container inside itself is a cycle upwards.
        for start in draft.containers.indices {
            var seen: Set<Int> = [start]
            var current = placementParent[start]
            while let parent = current {
                if parent == start {
                    report(placedAt[start] ?? "/containers/\(start)", "container '\(draft.containers[start].id)' contains itself")
                    break
                }
                if !seen.insert(parent).inserted { break }
                current = placementParent[parent]
            }
        }
        return window
    }

    private mutating func buildContainers(containerByID: [String: Int32], nodeByID: [String: Int32])
        -> [CoordinatorTree.Container]
    {
        var containers: [CoordinatorTree.Container] = []
        containers.reserveCapacity(draft.containers.count)

        for index in draft.coordinators.indices {
            if let navigation = draft.coordinators[index].navigation, !navigation.isEmpty, containerByID[navigation] == nil {
                report("/coordinators/\(index)/navigation", "unknown container id '\(navigation)'")
            }
        }

        func owner(_ id: String?, at pointer: String) -> NodeIndex? {
            guard let id, !id.isEmpty else { return nil }
            guard let node = nodeByID[id] else {
                report(pointer, "unknown coordinator id '\(id)' as owner")
                return nil
            }
            return Int(node)
        }

        for (index, container) in draft.containers.enumerated() {
            let base = "/containers/\(index)"
            let stack = container.stack.enumerated().map { slot, entry in
                CoordinatorTree.ViewController(
                    className: entry.className, owner: owner(entry.owner, at: "\(base)/stack/\(slot)/owner"),
                    embeds: entry.embeds.flatMap { containerByID[$0].map(Int.init) })
            }
            let tabs = container.tabs.enumerated().compactMap { slot, tab -> CoordinatorTree.Tab? in
                let content: CoordinatorTree.Tab.Content
                switch tab.content {
                case .container(let id):
                    guard let target = containerByID[id] else { return nil }
                    content = .container(Int(target))
                case .viewController(let viewController):
                    content = .viewController(
                        CoordinatorTree.ViewController(
                            className: viewController.className,
                            owner: owner(viewController.owner, at: "\(base)/tabs/\(slot)/viewController/owner"),
                            embeds: nil))
                }
                return CoordinatorTree.Tab(title: tab.title, icon: tab.icon, tag: tab.tag, content: content)
            }
            var columns: [CoordinatorTree.Column] = []
            var seenColumns: Set<SplitColumn> = []
            for (slot, column) in container.columns.enumerated() {
                if !seenColumns.insert(column.column).inserted {
                    report("\(base)/columns/\(slot)/column", "column '\(column.column.rawValue)' is given twice")
                }
                switch column.content {
                case .container(let id):
                    guard let target = containerByID[id] else { continue }
                    columns.append(CoordinatorTree.Column(column: column.column, content: .container(Int(target))))
                case .viewController(let viewController):
                    let entry = CoordinatorTree.ViewController(
                        className: viewController.className,
                        owner: owner(viewController.owner, at: "\(base)/columns/\(slot)/viewController/owner"), embeds: nil)
                    columns.append(CoordinatorTree.Column(column: column.column, content: .viewController(entry)))
                }
            }
            if container.kind == .screen, container.stack.count > 1 {
                report("\(base)/stack", "a screen container holds one view controller, not \(container.stack.count)")
            }
            var selected: Int? = nil
            if container.kind == .tabBar {
                if let index = container.selectedIndex {
                    if !container.tabs.indices.contains(index) {
                        let range = container.tabs.isEmpty ? "there are no tabs" : "valid: 0...\(container.tabs.count - 1)"
                        report("\(base)/selectedIndex", "selectedIndex \(index) is out of range (\(range))")
                    }
                    selected = index
                } else if !container.tabs.isEmpty {
                    selected = 0
                }
            }
            containers.append(
                CoordinatorTree.Container(
                    id: container.id, kind: container.kind, className: container.className, stack: stack, tabs: tabs,
                    selectedIndex: selected, columns: columns,
                    presented: container.presented.flatMap { containerByID[$0].map(Int.init) }))
        }
        return containers
    }
}
