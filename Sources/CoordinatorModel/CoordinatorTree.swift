/// The position of a coordinator in a ``CoordinatorTree`` (its index in document order).
public typealias NodeIndex = Int

/// The position of a container in a ``CoordinatorTree`` (its index in document order).
public typealias ContainerIndex = Int

/// A validated coordinator tree with the indexes its queries need.
///
/// A tree never changes once built, so any number of threads may query it at once, and a query
/// that holds a tree answers from that tree alone even while a newer one is loaded.
///
/// **Invariant:** every coordinator but the root has exactly one parent, there are no cycles, and
/// every coordinator is reachable from the root.
public final class CoordinatorTree: Sendable {
    /// A coordinator with its links resolved to indices.
    public struct Node: Sendable {
        public let id: String
        public let className: String
        public let type: String?
        public let source: SourceLocation?
        public let trigger: Trigger?
        public let navigation: ContainerIndex?
        public let parent: NodeIndex?
        /// An earlier coordinator of the same class whose children stand for this one's: it has
        /// none listed, and ``CoordinatorTree/findCoordinator(type:from:)`` searches below that one instead.
        public let sameAs: NodeIndex?
        let childStart: Int32
        let childCount: Int32
    }

    /// A container with its references resolved to indices.
    public struct Container: Sendable {
        public let id: String
        public let kind: ContainerKind
        public let className: String
        public let stack: [ViewController]
        public let tabs: [Tab]
        /// The selected tab; nil for navigation containers and empty tab bars.
        public let selectedIndex: Int?
        /// Split containers only, in document order.
        public let columns: [Column]
        public let presented: ContainerIndex?
    }

    /// One column of a split container.
    public struct Column: Sendable {
        public let column: SplitColumn
        public let content: Tab.Content
    }

    public struct ViewController: Sendable {
        public let className: String
        public let owner: NodeIndex?
        public let embeds: ContainerIndex?
    }

    public struct Tab: Sendable {
        public enum Content: Sendable {
            case container(ContainerIndex)
            case viewController(ViewController)
        }

        public let title: String?
        public let icon: String?
        public let tag: Int?
        public let content: Content
    }

    /// Coordinators in document order.
    public let nodes: [Node]
    /// Containers in document order.
    public let containers: [Container]
    public let root: NodeIndex
    /// The container at the root of the window, if anything is on screen.
    public let window: ContainerIndex?

    /// Children of all nodes, each node's a contiguous run in `childCoordinators` order.
    let childStorage: [Int32]
    let nodeByID: [String: Int32]
    let containerByID: [String: Int32]
    /// The indexes of ``findCoordinator(type:from:)``; see CoordinatorTree+FindCoordinator.swift.
    let search: SearchIndex
    /// The view controllers each coordinator owns; see CoordinatorTree+Screen.swift.
    let ownership: OwnershipIndex

    init(
        nodes: [Node], childStorage: [Int32], nodeByID: [String: Int32], root: NodeIndex,
        containers: [Container], containerByID: [String: Int32], window: ContainerIndex?
    ) {
        self.nodes = nodes
        self.childStorage = childStorage
        self.nodeByID = nodeByID
        self.root = root
        self.containers = containers
        self.containerByID = containerByID
        self.window = window
        self.search = SearchIndex(nodes: nodes, childStorage: childStorage, root: root)
        self.ownership = OwnershipIndex(containers: containers, nodeCount: nodes.count)
    }

    public var count: Int { nodes.count }

    /// The coordinator with this id.
    public func node(id: String) -> NodeIndex? { nodeByID[id].map(Int.init) }

    /// The container with this id.
    public func container(id: String) -> ContainerIndex? { containerByID[id].map(Int.init) }

    public subscript(node: NodeIndex) -> Node { nodes[node] }

    /// The children of `node`, in `childCoordinators` order.
    public func children(of node: NodeIndex) -> LazyMapSequence<ArraySlice<Int32>, NodeIndex> {
        let start = Int(nodes[node].childStart)
        return childStorage[start..<start + Int(nodes[node].childCount)].lazy.map(Int.init)
    }

    public func childCount(of node: NodeIndex) -> Int { Int(nodes[node].childCount) }

    /// The coordinators from the root down to `node`, both included.
    public func path(to node: NodeIndex) -> [NodeIndex] {
        var path = [node]
        var current = node
        while let parent = nodes[current].parent {
            path.append(parent)
            current = parent
        }
        return path.reversed()
    }
}
