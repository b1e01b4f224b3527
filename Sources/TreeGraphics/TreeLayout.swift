/// A layered tree layout: each level of the tree on its own row, each subtree in a band of its
/// own width, and each parent centred over its children, so no two boxes overlap.
///
/// It is the layout ``SVGRenderer`` draws; it needs no Graphviz.
public struct TreeLayout: Sendable {
    /// A node's box, in points, with its top-left corner.
    public struct Box: Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var centerX: Double { x + width / 2 }
    }

    public static let boxHeight = 40.0
    public static let rowGap = 56.0
    public static let columnGap = 16.0
    public static let margin = 20.0
    /// An estimate of the width of a character at the labels' font size; SVG has no text metrics.
    public static let characterWidth = 7.2

    /// The boxes, in the order of ``TreeGraph/nodes``.
    public let boxes: [Box]
    public let width: Double
    public let height: Double

    public init(_ graph: TreeGraph) {
        var index: [String: Int] = [:]
        for (position, node) in graph.nodes.enumerated() { index[node.key] = position }
        var children = [[Int]](repeating: [], count: graph.nodes.count)
        for edge in graph.edges {
            if let from = index[edge.from], let to = index[edge.to] { children[from].append(to) }
        }
        let ownWidth = graph.nodes.map { node in
            Double(max(node.title.count, node.subtitle.count)) * Self.characterWidth + 20
        }

        // The band each subtree needs, children before parents (nodes are in preorder).
        var band = ownWidth
        for node in graph.nodes.indices.reversed() where !children[node].isEmpty {
            let childrenWidth = children[node].reduce(0) { $0 + band[$1] } + Self.columnGap * Double(children[node].count - 1)
            band[node] = max(ownWidth[node], childrenWidth)
        }

        var boxes = [Box](repeating: Box(x: 0, y: 0, width: 0, height: 0), count: graph.nodes.count)
        var deepest = 0.0
        // Parents before children: each node is placed in the band its parent gave it.
        var pending: [(node: Int, left: Double, depth: Int)] = graph.nodes.isEmpty ? [] : [(0, Self.margin, 0)]
        while let (node, left, depth) = pending.popLast() {
            let y = Self.margin + Double(depth) * (Self.boxHeight + Self.rowGap)
            boxes[node] = Box(
                x: left + (band[node] - ownWidth[node]) / 2, y: y, width: ownWidth[node], height: Self.boxHeight)
            deepest = max(deepest, y + Self.boxHeight)
            let childrenWidth = children[node].reduce(0) { $0 + band[$1] } + Self.columnGap * Double(children[node].count - 1)
            var childLeft = left + (band[node] - childrenWidth) / 2
            for child in children[node] {
                pending.append((child, childLeft, depth + 1))
                childLeft += band[child] + Self.columnGap
            }
        }
        self.boxes = boxes
        self.width = (band.first ?? 0) + 2 * Self.margin
        self.height = deepest + Self.margin
    }
}
