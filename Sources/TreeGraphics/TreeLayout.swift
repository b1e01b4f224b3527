/// A layered tree layout: each level of the tree on its own row, each subtree in a band of its
/// own width, and each parent centred over its children, so no two boxes overlap. Children that
/// are all leaves are stacked in a column under their parent, so a wide tree stays narrow.
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
    public static let characterWidth = 6.6

    public static let stackFrom = 3
    public static let stackIndent = 24.0
    public static let stackGap = 10.0

    /// The boxes, in the order of ``TreeGraph/nodes``.
    public let boxes: [Box]
    /// For each node, whether it sits in a column under its parent (reached by an elbow) rather
    /// than in the row below it.
    public let stacked: [Bool]
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

        // Three or more children that have none of their own are stacked in a column under their
        // parent instead of spread in a row, which keeps wide trees narrow.
        let stacks = children.map { list in list.count >= Self.stackFrom && list.allSatisfy { children[$0].isEmpty } }
        // A stacked child's method label sits to its right, inside the band.
        var labelWidth = [Double](repeating: 0, count: graph.nodes.count)
        for edge in graph.edges {
            if let method = edge.method, let to = index[edge.to] { labelWidth[to] = Double(method.count + 3) * 5.4 + 8 }
        }

        // The band each subtree needs, children before parents (nodes are in preorder).
        var band = ownWidth
        for node in graph.nodes.indices.reversed() where !children[node].isEmpty {
            let childrenWidth =
                stacks[node]
                ? Self.stackIndent + children[node].map { band[$0] + labelWidth[$0] }.max()!
                : children[node].reduce(0) { $0 + band[$1] } + Self.columnGap * Double(children[node].count - 1)
            band[node] = max(ownWidth[node], childrenWidth)
        }

        var boxes = [Box](repeating: Box(x: 0, y: 0, width: 0, height: 0), count: graph.nodes.count)
        var stacked = [Bool](repeating: false, count: graph.nodes.count)
        var deepest = 0.0
        // Parents before children: each node is placed in the band its parent gave it.
        var pending: [(node: Int, left: Double, y: Double)] = graph.nodes.isEmpty ? [] : [(0, Self.margin, Self.margin)]
        while let (node, left, y) = pending.popLast() {
            // A node in a column, or heading one, sits at the left of its band; others are centred.
            let x = stacked[node] || stacks[node] ? left : left + (band[node] - ownWidth[node]) / 2
            boxes[node] = Box(x: x, y: y, width: ownWidth[node], height: Self.boxHeight)
            deepest = max(deepest, y + Self.boxHeight)
            if stacks[node] {
                for (row, child) in children[node].enumerated() {
                    stacked[child] = true
                    pending.append((child, left + Self.stackIndent, y + Double(row + 1) * (Self.boxHeight + Self.stackGap)))
                }
                continue
            }
            let childrenWidth = children[node].reduce(0) { $0 + band[$1] } + Self.columnGap * Double(children[node].count - 1)
            var childLeft = left + (band[node] - childrenWidth) / 2
            for child in children[node] {
                pending.append((child, childLeft, y + Self.boxHeight + Self.rowGap))
                childLeft += band[child] + Self.columnGap
            }
        }
        self.stacked = stacked
        self.boxes = boxes
        self.width = (band.first ?? 0) + 2 * Self.margin
        self.height = deepest + Self.margin
    }
}
