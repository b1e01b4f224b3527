/// The order in which the app's own `findCoordinator(type:)` visits coordinators, precomputed.
///
/// The app's algorithm keeps an explicit stack that starts with the origin, pops the last
/// element, returns it if its type matches, and otherwise pushes its children in order.
/// That is a depth-first preorder that visits children last to first. Numbering the whole tree
/// once in that order makes every subtree a contiguous run of positions, and the search from any
/// origin visits its subtree in exactly the global order. So the first match from `origin` is
/// the smallest position of that type inside the origin's run: a binary search.
struct SearchIndex: Sendable {
    /// The visit position of each node.
    let position: [Int32]
    /// The node at each visit position.
    let nodeAtPosition: [Int32]
    /// The number of nodes in each node's subtree, itself included.
    let subtreeSize: [Int32]
    /// The number of nodes marked `sameAs` in each node's subtree, itself included: where there
    /// are none, the search is the slice of the visiting order above; elsewhere it is walked.
    let sameAsBelow: [Int32]
    /// For each type, the visit positions of the nodes with that type, ascending.
    let positionsByType: [String: [Int32]]

    init(nodes: [CoordinatorTree.Node], childStorage: [Int32], root: NodeIndex) {
        var position = [Int32](repeating: 0, count: nodes.count)
        var nodeAtPosition = [Int32]()
        nodeAtPosition.reserveCapacity(nodes.count)
        var stack: [Int32] = [Int32(root)]
        while let node = stack.popLast() {
            position[Int(node)] = Int32(nodeAtPosition.count)
            nodeAtPosition.append(node)
            let start = Int(nodes[Int(node)].childStart)
            stack.append(contentsOf: childStorage[start..<start + Int(nodes[Int(node)].childCount)])
        }

        // Children come after their parent in preorder, so one backward sweep sums the sizes.
        var subtreeSize = [Int32](repeating: 1, count: nodes.count)
        var sameAsBelow = [Int32](repeating: 0, count: nodes.count)
        for node in nodeAtPosition.reversed() {
            let start = Int(nodes[Int(node)].childStart)
            if nodes[Int(node)].sameAs != nil { sameAsBelow[Int(node)] = 1 }
            for child in childStorage[start..<start + Int(nodes[Int(node)].childCount)] {
                subtreeSize[Int(node)] += subtreeSize[Int(child)]
                sameAsBelow[Int(node)] += sameAsBelow[Int(child)]
            }
        }

        var positionsByType: [String: [Int32]] = [:]
        for (visit, node) in nodeAtPosition.enumerated() {
            if let type = nodes[Int(node)].type {
                positionsByType[type, default: []].append(Int32(visit))
            }
        }

        self.position = position
        self.nodeAtPosition = nodeAtPosition
        self.subtreeSize = subtreeSize
        self.sameAsBelow = sameAsBelow
        self.positionsByType = positionsByType
    }

    /// The positions of `type` inside the subtree of `origin`, in visit order.
    func matches(type: String, from origin: NodeIndex) -> ArraySlice<Int32> {
        guard let positions = positionsByType[type] else { return [] }
        let low = position[origin]
        let high = low + subtreeSize[origin]
        let first = positions.partitioningIndex { $0 >= low }
        let end = positions[first...].partitioningIndex { $0 >= high }
        return positions[first..<end]
    }
}

/// One coordinator the app's search reaches, and how: `via` lists the coordinators marked
/// ``CoordinatorTree/Node/sameAs`` that the search went through on its way, outermost first, each
/// standing in for the coordinator it names, below which the search went on.
public struct SearchVisit: Sendable, Hashable {
    public let node: NodeIndex
    public let via: [NodeIndex]

    public init(node: NodeIndex, via: [NodeIndex] = []) {
        self.node = node
        self.via = via
    }
}

extension CoordinatorTree {
    /// What the app's `findCoordinator(type:)` returns when called on `origin`.
    ///
    /// - Returns: the first coordinator of that type in the app's visiting order, or nil.
    public func findCoordinator(type: String, from origin: NodeIndex? = nil) -> NodeIndex? {
        findMatches(type: type, from: origin, all: false).first?.node
    }

    /// Every coordinator of `type` below `origin`, in the order the app's algorithm visits them;
    /// the first is the one the app gets.
    public func findAllCoordinators(type: String, from origin: NodeIndex? = nil) -> [NodeIndex] {
        findMatches(type: type, from: origin, all: true).map(\.node)
    }

    /// The coordinators of `type` the app's search meets from `origin`, in its order (only the
    /// first unless `all`), each with the coordinators marked `sameAs` it went through.
    ///
    /// A coordinator shown as the same as another has that one's children: the search goes on
    /// below the one it names, so a coordinator there may be met more than once, by several ways.
    public func findMatches(type: String, from origin: NodeIndex? = nil, all: Bool) -> [SearchVisit] {
        let origin = origin ?? root
        if search.sameAsBelow[origin] == 0 {
            let matches = search.matches(type: type, from: origin).lazy.map {
                SearchVisit(node: Int(self.search.nodeAtPosition[Int($0)]))
            }
            return all ? Array(matches) : Array(matches.prefix(1))
        }
        var found: [SearchVisit] = []
        visitInSearchOrder(from: origin) { visit in
            guard nodes[visit.node].type == type else { return true }
            found.append(visit)
            return all
        }
        return found
    }

    /// Every coordinator below `origin`, itself included, in the order the app's search visits
    /// them: what `findCoordinator(type:)` looks at, one after the other, until a type matches.
    /// Below a coordinator marked `sameAs`, the children of the one it names.
    public func searchOrder(from origin: NodeIndex? = nil) -> [NodeIndex] {
        let origin = origin ?? root
        if search.sameAsBelow[origin] == 0 {
            let start = Int(search.position[origin])
            return search.nodeAtPosition[start..<start + Int(search.subtreeSize[origin])].map(Int.init)
        }
        var order: [NodeIndex] = []
        visitInSearchOrder(from: origin) { visit in
            order.append(visit.node)
            return true
        }
        return order
    }

    /// The coordinators the search goes down through from `origin` to `visit`: the path from
    /// `origin` to the first coordinator of `via`, then from the one it names to the next, and on
    /// to `visit.node`. Nil when `visit` is not below `origin` that way.
    public func searchPath(to visit: SearchVisit, from origin: NodeIndex? = nil) -> [NodeIndex]? {
        var top = origin ?? root
        var path: [NodeIndex] = []
        for step in visit.via + [visit.node] {
            let down = self.path(to: step)
            guard let start = down.firstIndex(of: top) else { return nil }
            // Below a `sameAs` coordinator the walk goes on from the one it names, not itself.
            path.append(contentsOf: path.isEmpty ? down[start...] : down[(start + 1)...])
            guard step != visit.node else { break }
            top = nodes[step].sameAs!
        }
        return path
    }

    /// The number of coordinators in the subtree of `node` as listed, itself included.
    public func subtreeSize(of node: NodeIndex) -> Int { Int(search.subtreeSize[node]) }

    /// Walks the app's visiting order from `origin` (an explicit stack: pop the last, push its
    /// children in order), going on below the coordinator a `sameAs` names; `body` returns false to stop.
    ///
    /// Validation keeps this finite: what `sameAs` names comes earlier in depth-first order and
    /// is not above, so each jump lands in a subtree that ends before the coordinator jumped from.
    private func visitInSearchOrder(from origin: NodeIndex, _ body: (SearchVisit) -> Bool) {
        var stack = [SearchVisit(node: origin)]
        while let visit = stack.popLast() {
            guard body(visit) else { return }
            if let same = nodes[visit.node].sameAs {
                let via = visit.via + [visit.node]
                stack.append(contentsOf: children(of: same).map { SearchVisit(node: $0, via: via) })
            } else {
                stack.append(contentsOf: children(of: visit.node).map { SearchVisit(node: $0, via: visit.via) })
            }
        }
    }
}

extension Collection {
    /// The index of the first element for which `belongs` is true, given that the collection is
    /// partitioned: every element for which it is false comes first.
    func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
