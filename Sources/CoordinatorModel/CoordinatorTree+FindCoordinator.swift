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
        for node in nodeAtPosition.reversed() {
            let start = Int(nodes[Int(node)].childStart)
            for child in childStorage[start..<start + Int(nodes[Int(node)].childCount)] {
                subtreeSize[Int(node)] += subtreeSize[Int(child)]
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

extension CoordinatorTree {
    /// What the app's `findCoordinator(type:)` returns when called on `origin`.
    ///
    /// - Returns: the first coordinator of that type in the app's visiting order, or nil.
    public func findCoordinator(type: String, from origin: NodeIndex? = nil) -> NodeIndex? {
        search.matches(type: type, from: origin ?? root).first.map { Int(search.nodeAtPosition[Int($0)]) }
    }

    /// Every coordinator of `type` below `origin`, in the order the app's algorithm visits them;
    /// the first is the one the app gets.
    public func findAllCoordinators(type: String, from origin: NodeIndex? = nil) -> [NodeIndex] {
        search.matches(type: type, from: origin ?? root).map { Int(search.nodeAtPosition[Int($0)]) }
    }

    /// Every coordinator below `origin`, itself included, in the order the app's search visits
    /// them: what `findCoordinator(type:)` looks at, one after the other, until a type matches.
    public func searchOrder(from origin: NodeIndex? = nil) -> [NodeIndex] {
        let start = Int(search.position[origin ?? root])
        return search.nodeAtPosition[start..<start + Int(search.subtreeSize[origin ?? root])].map(Int.init)
    }

    /// The number of coordinators in the subtree of `node`, itself included.
    public func subtreeSize(of node: NodeIndex) -> Int { Int(search.subtreeSize[node]) }
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
