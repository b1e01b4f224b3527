/// A coordinator and its descendants down to a depth: ``CoordinatorTree/subtree(from:depth:)``.
public struct SubtreeNode: Sendable, Hashable {
    public var node: NodeIndex
    public var childCount: Int
    /// Empty for a leaf or where the depth cut the tree.
    public var children: [SubtreeNode]
    /// True when the node has children that the depth cut.
    public var hasMore: Bool { childCount > 0 && children.isEmpty }
}

extension CoordinatorTree {
    /// The deepest subtree ``subtree(from:depth:)`` returns. Results nest two JSON levels per
    /// tree level, and json-c serializes recursively, so the nesting is bounded.
    public static let maxSubtreeDepth = 100

    /// The subtree below `origin`, `depth` levels of children deep (capped at ``maxSubtreeDepth``).
    public func subtree(from origin: NodeIndex? = nil, depth: Int = CoordinatorTree.maxSubtreeDepth) -> SubtreeNode {
        let limit = min(max(depth, 0), Self.maxSubtreeDepth)
        func build(_ node: NodeIndex, remaining: Int) -> SubtreeNode {
            let children = remaining > 0 ? children(of: node).map { build($0, remaining: remaining - 1) } : []
            return SubtreeNode(node: node, childCount: childCount(of: node), children: children)
        }
        return build(origin ?? root, remaining: limit)
    }
}
