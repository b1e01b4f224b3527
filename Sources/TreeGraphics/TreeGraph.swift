import CoordinatorModel

/// The part of a coordinator tree a picture shows, with what each node and edge is marked with.
///
/// Every format (Mermaid, DOT, SVG) draws the same `TreeGraph`, so they cannot disagree about
/// what is shown. Nodes come in preorder with children in `childCoordinators` order, so edges
/// leave each parent in that order too.
public struct TreeGraph: Sendable {
    /// What to draw.
    public struct Options: Sendable {
        /// The coordinator at the top of the picture; nil for the root.
        public var from: NodeIndex?
        /// Levels of children below `from`; nil for all.
        public var depth: Int?
        /// The `CoordinatorType` case whose `findCoordinator(type:)` search is highlighted.
        public var find: String?
        /// The most coordinators drawn; nil for no limit. Children past the limit are folded into
        /// one "more" node per parent, so a large tree stays readable.
        public var maxNodes: Int?
        /// The most children drawn under one parent; nil for no limit. The rest are folded into a
        /// "more" node, so a parent with hundreds of children does not make the picture a line.
        public var maxChildren: Int?

        public init(
            from: NodeIndex? = nil, depth: Int? = nil, find: String? = nil, maxNodes: Int? = TreeGraph.defaultMaxNodes,
            maxChildren: Int? = TreeGraph.defaultMaxChildren
        ) {
            self.from = from
            self.depth = depth
            self.find = find
            self.maxNodes = maxNodes
            self.maxChildren = maxChildren
        }
    }

    /// A coordinator in the picture, or a stand-in for the children left out.
    public struct Node: Sendable {
        /// A name safe in every format: `n` and the coordinator's index, or `more` and its parent's.
        public var key: String
        /// The coordinator; nil for a "more" node.
        public var coordinator: NodeIndex?
        public var className: String
        public var type: String?
        /// The coordinator's id; empty for a "more" node.
        public var id: String
        /// The end of the id that tells it apart, shown only when two coordinators have this class.
        public var distinguishingID: String?
        /// The type is declared by more than one class, so `findCoordinator` may return either.
        public var sharedType: Bool
        /// The coordinator owns a view controller that is on screen.
        public var onScreen: Bool
        /// Its number among the matches of ``Options/find``, in visiting order (1 is returned).
        public var matchNumber: Int?
        /// The search for ``Options/find`` looks at it before it stops.
        public var visited: Bool
        /// For a coordinator shown as the same as another (whose children it has, not drawn
        /// again): that one's id, or the end of it that tells it apart.
        public var sameAs: String?
        /// For a "more" node: the children and the coordinators below them that are left out.
        public var hiddenChildren: Int
        public var hiddenCoordinators: Int
    }

    /// A parent → child edge.
    public struct Edge: Sendable {
        public var from: String
        public var to: String
        /// The child is started on demand (not while the parent's `start()` runs): drawn dashed.
        public var onDemand: Bool
        /// The parent's method that starts the child, for children started on demand.
        public var method: String?
        /// On the path from the search's origin to what it returns.
        public var onSearchPath: Bool
    }

    /// The cap ``Options/maxNodes`` has unless told otherwise.
    public static let defaultMaxNodes = 200
    /// The cap ``Options/maxChildren`` has unless told otherwise.
    public static let defaultMaxChildren = 12

    public let nodes: [Node]
    public let edges: [Edge]
    /// The coordinators below the origin and within the depth, all of them, drawn or not.
    public let totalCoordinators: Int
    /// The coordinators drawn.
    public let drawnCoordinators: Int
    /// What the search for ``Options/find`` returns, if anything.
    public let found: NodeIndex?
    public let options: Options

    /// Says what was left out, for a comment in the output; nil when everything is drawn.
    public var note: String? {
        guard drawnCoordinators < totalCoordinators else { return nil }
        return "showing \(drawnCoordinators) of \(totalCoordinators) coordinators; "
            + "the rest are folded into \"more\" nodes (raise --max-nodes or --max-children, or narrow with --from and --depth)"
    }

    /// The key a coordinator has in every format.
    public static func key(of node: NodeIndex) -> String { "n\(node)" }

    public init(tree: CoordinatorTree, options: Options = Options()) {
        self.options = options
        let origin = options.from ?? tree.root
        let depthLimit = options.depth.map { max($0, 0) } ?? Int.max

        // The search: what it visits, in order, and where it stops.
        var matchNumber: [NodeIndex: Int] = [:]
        var visited = Set<NodeIndex>()
        var found: NodeIndex?
        var firstMatch: SearchVisit?
        if let type = options.find {
            let matches = tree.findMatches(type: type, from: origin, all: true)
            for (number, match) in matches.enumerated() where matchNumber[match.node] == nil {
                matchNumber[match.node] = number + 1
            }
            firstMatch = matches.first
            found = firstMatch?.node
            if let found {
                for node in tree.searchOrder(from: origin) {
                    visited.insert(node)
                    if node == found { break }
                }
            }
        }
        self.found = found
        // From the origin down to what the search returns.
        let pathToFound = firstMatch.flatMap { tree.searchPath(to: $0, from: origin) } ?? []
        let searchPath = Set(pathToFound)

        // Which coordinators to draw: breadth first, so a cap keeps the top of the tree, plus the
        // search's path so the highlight is never cut away.
        var depthOf: [NodeIndex: Int] = [origin: 0]
        var included = Set<NodeIndex>([origin])
        var total = 1
        var queue = [origin]
        var head = 0
        let cap = options.maxNodes.map { max($0, 1) } ?? Int.max
        let childCap = options.maxChildren.map { max($0, 1) } ?? Int.max
        for (depth, node) in pathToFound.enumerated() where depth <= depthLimit { included.insert(node) }
        while head < queue.count {
            let node = queue[head]
            head += 1
            let depth = depthOf[node]!
            guard depth < depthLimit else { continue }
            var drawnChildren = 0
            for child in tree.children(of: node) {
                depthOf[child] = depth + 1
                total += 1
                // Below a coordinator left out nothing is drawn, but everything is counted.
                if included.contains(child) || (included.contains(node) && included.count < cap && drawnChildren < childCap) {
                    included.insert(child)
                    drawnChildren += 1
                }
                queue.append(child)
            }
        }
        self.totalCoordinators = total

        // Which classes and types are shared, and who owns what is on screen.
        let names = CoordinatorNames(tree)
        var classesOfType: [String: Set<String>] = [:]
        for node in tree.nodes {
            if let type = node.type { classesOfType[type, default: []].insert(node.className) }
        }
        let onScreen = Set(tree.currentStack().viewControllers.compactMap(\.owner))

        // The coordinators within the depth below `node`, without recursion: a tree may be a chain
        // of a million.
        func hiddenBelow(_ node: NodeIndex, depth: Int) -> Int {
            if depthLimit == Int.max { return tree.subtreeSize(of: node) - 1 }
            var count = 0
            var pending = [(node, depth)]
            while let (current, level) = pending.popLast() {
                guard level < depthLimit else { continue }
                for child in tree.children(of: current) {
                    count += 1
                    pending.append((child, level + 1))
                }
            }
            return count
        }

        // Preorder with an explicit stack; a parent's "more" node comes after its drawn subtrees.
        enum Step {
            case visit(NodeIndex, depth: Int)
            case more(parent: NodeIndex, children: Int, coordinators: Int)
        }
        var nodes: [Node] = []
        var edges: [Edge] = []
        var steps: [Step] = [.visit(origin, depth: 0)]
        while let step = steps.popLast() {
            switch step {
            case .more(let parent, let children, let coordinators):
                let key = "more\(parent)"
                nodes.append(
                    Node(
                        key: key, coordinator: nil, className: "", type: nil, id: "", distinguishingID: nil, sharedType: false,
                        onScreen: false, matchNumber: nil, visited: false, sameAs: nil, hiddenChildren: children,
                        hiddenCoordinators: coordinators))
                edges.append(Edge(from: Self.key(of: parent), to: key, onDemand: false, method: nil, onSearchPath: false))
            case .visit(let node, let depth):
                let item = tree[node]
                nodes.append(
                    Node(
                        key: Self.key(of: node), coordinator: node, className: item.className, type: item.type, id: item.id,
                        distinguishingID: names.distinguishingID(id: item.id, className: item.className),
                        sharedType: item.type.map { (classesOfType[$0]?.count ?? 0) > 1 } ?? false,
                        onScreen: onScreen.contains(node), matchNumber: matchNumber[node], visited: visited.contains(node),
                        sameAs: item.sameAs.map { names.sameAsLabel(id: tree[$0].id, className: item.className) },
                        hiddenChildren: 0, hiddenCoordinators: 0))
                guard depth < depthLimit else { continue }
                var drawn: [NodeIndex] = []
                var hiddenChildren = 0
                var hiddenCoordinators = 0
                for child in tree.children(of: node) {
                    if included.contains(child) {
                        let trigger = tree[child].trigger
                        let onDemand = trigger.map { !$0.onLaunch } ?? false
                        edges.append(
                            Edge(
                                from: Self.key(of: node), to: Self.key(of: child), onDemand: onDemand,
                                method: onDemand ? trigger?.method : nil,
                                onSearchPath: searchPath.contains(child) && searchPath.contains(node)))
                        drawn.append(child)
                    } else {
                        hiddenChildren += 1
                        hiddenCoordinators += 1 + hiddenBelow(child, depth: depth + 1)
                    }
                }
                if hiddenChildren > 0 {
                    steps.append(.more(parent: node, children: hiddenChildren, coordinators: hiddenCoordinators))
                }
                for child in drawn.reversed() { steps.append(.visit(child, depth: depth + 1)) }
            }
        }
        self.nodes = nodes
        self.edges = edges
        self.drawnCoordinators = nodes.count { $0.coordinator != nil }
    }
}

extension TreeGraph.Node {
    /// The first line of the label: the class, and the id when the class alone is ambiguous.
    public var title: String {
        guard coordinator != nil else {
            return "… \(hiddenChildren) more \(hiddenChildren == 1 ? "child" : "children")"
        }
        return distinguishingID.map { "\(className) [\($0)]" } ?? className
    }

    /// The second line: the type case, the marks, and the match number.
    public var subtitle: String {
        guard coordinator != nil else {
            return "\(hiddenCoordinators) \(hiddenCoordinators == 1 ? "coordinator" : "coordinators") in all"
        }
        var parts: [String] = []
        if let type { parts.append("." + type + (sharedType ? " (shared)" : "")) }
        if onScreen { parts.append("on screen") }
        if let sameAs { parts.append("same as [\(sameAs)]") }
        if let matchNumber { parts.append(matchNumber == 1 ? "match 1, returned" : "match \(matchNumber)") }
        return parts.joined(separator: " · ")
    }
}
